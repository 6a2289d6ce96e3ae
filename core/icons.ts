// The names of the icons the site can draw (templates/components/Icon.tsx maps each to its lucide
// drawing). The data schemas take an icon only by one of these names, so a typo in a data file
// stops the build with file and field instead of failing while a page renders.
export const ICON_NAMES = [
  'arrow-right', 'arrow-up', 'badge-check', 'badge-euro', 'car', 'check', 'chevron-left', 'chevron-right', 'clock',
  'credit-card', 'door-open', 'graduation-cap', 'handshake', 'house', 'key-round', 'lock-keyhole', 'mail', 'map-pin',
  'menu', 'message-circle', 'package-check', 'phone', 'shield-check', 'star', 'timer', 'vault', 'x',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
