/** The text rules of SPEC.md §5. */
export { escapeText } from './escape';
export { mediaUrl, DEFAULT_MEDIA_BASE } from './media-url';
export { truncateText, DEFAULT_TRUNCATE_SUFFIX } from './truncate';
