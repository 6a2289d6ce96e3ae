// An icon in a data file, by one of the names the site can draw (core/icons.ts).
import { z } from 'zod';
import { ICON_NAMES } from '../icons.ts';

export const iconName = z.enum(ICON_NAMES, { error: (issue) => `is no icon the site can draw (got "${String(issue.input)}"); use one of ${ICON_NAMES.join(', ')}` });
