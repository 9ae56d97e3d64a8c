/**
 * `<youtube-preview video-id="…">`: a YouTube video that costs nothing until asked for.
 * The server (or RichText) renders a thumbnail, a Play button and a "Watch on YouTube"
 * link inside it; a click on the button swaps the thumbnail and button for the
 * privacy-enhanced player (youtube-nocookie.com), which starts playing and takes focus.
 * Without this script the link still works. Load it on pages that show posts.
 */
import { isYouTubeId, youTubeEmbedUrl } from '../../lib/text/youtube';

/** What the player may do (YouTube's own embed list, minus nothing it needs). */
const ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';

class YouTubePreview extends HTMLElement {
  connectedCallback(): void {
    this.addEventListener('click', this);
  }

  disconnectedCallback(): void {
    this.removeEventListener('click', this);
  }

  handleEvent(event: Event): void {
    const id = this.getAttribute('video-id');
    if (!(event.target as Element).closest?.('.yt-play') || !isYouTubeId(id)) return;
    const frame = document.createElement('iframe');
    frame.className = 'yt-frame';
    frame.src = youTubeEmbedUrl(id);
    frame.title = this.getAttribute('video-title') || 'YouTube video player';
    frame.allow = ALLOW;
    frame.allowFullscreen = true;
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    this.querySelectorAll('.yt-thumb, .yt-play').forEach((node) => node.remove());
    this.insertBefore(frame, this.firstChild);
    this.setAttribute('playing', '');
    frame.focus();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('youtube-preview')) customElements.define('youtube-preview', YouTubePreview);
