/**
 * YouTube addresses: the video id of a watch, embed, shorts, live or youtu.be link (and
 * the privacy-enhanced youtube-nocookie.com embed), and the addresses the preview uses.
 * Ids are checked strictly, so nothing else ever reaches an attribute or a URL.
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const PATH_FORMS = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/;

/** True for a well-formed YouTube video id (11 letters, digits, `_` or `-`). */
export function isYouTubeId(value: string | null | undefined): value is string {
  return typeof value === 'string' && VIDEO_ID.test(value);
}

/** The video id of a YouTube address, or null when the address is not a YouTube video. */
export function youTubeId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(address) ? address : `https://${address}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) id = url.pathname === '/watch' ? url.searchParams.get('v') : (PATH_FORMS.exec(url.pathname)?.[1] ?? null);
  return isYouTubeId(id) ? id : null;
}

/** The watch page of a video (the link shown beside the preview). */
export function youTubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

/** The privacy-enhanced player, started by the click that asked for it. */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`;
}

/** The preview picture (480 × 360). */
export function youTubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}
