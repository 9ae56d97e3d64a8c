/** The media base when no configuration says otherwise (config MEDIA_BASE_URL). */
export const DEFAULT_MEDIA_BASE = '/media/';

const ABSOLUTE = /^https?:\/\//i;

/**
 * The address of a media file (docs/product.md#member-text): `http://` and `https://` URLs are kept as they
 * are; any other path is put under the media base, joined with exactly one slash; an empty,
 * blank or missing value gives ''.
 */
export function mediaUrl(path: string | null | undefined, base: string = DEFAULT_MEDIA_BASE): string {
  const value = (path ?? '').trim();
  if (!value) return '';
  if (ABSOLUTE.test(value)) return value;
  const prefix = (base ?? '').trim().replace(/\/+$/, '');
  return `${prefix}/${value.replace(/^\/+/, '')}`;
}
