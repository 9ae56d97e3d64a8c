/** The text rules of SPEC.md §5. */
export { escapeText } from './escape';
export { mediaUrl, DEFAULT_MEDIA_BASE } from './media-url';
export { truncateText, DEFAULT_TRUNCATE_SUFFIX } from './truncate';
export { richText, truncateTokens, visibleLength, safeHref, type RichToken, type MentionRef, type RichTextOptions } from './rich-text';
export { youTubeId, isYouTubeId, youTubeEmbedUrl, youTubeThumbnailUrl, youTubeWatchUrl } from './youtube';
