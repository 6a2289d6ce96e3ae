// Content types by file extension, from mime-types (the table Express uses). The build writes
// every text file as UTF-8, so XML and SVG say so too; a name the table does not know is served
// as bytes.
import { contentType } from 'mime-types';

export function contentTypeFor(filePath: string): string {
  const type = contentType(filePath.slice(filePath.lastIndexOf('/') + 1));
  if (type === false) return 'application/octet-stream';
  return /^(application\/xml|image\/svg\+xml)$/.test(type) ? `${type}; charset=utf-8` : type;
}
