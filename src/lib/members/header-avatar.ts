/**
 * The header's avatar (src/components/shell/Header.astro): the member's picture, or their
 * initials when there is none. A saved profile picture shows there at once, and in the
 * member's other open tabs through a BroadcastChannel (the live connection has no profile
 * event; every page rendered afterwards brings the picture from the server anyway).
 */

/** The attribute marking the header's avatar; it carries the initials in `data-initials`. */
export const HEADER_AVATAR_ATTRIBUTE = 'data-header-avatar';
const CHANNEL = 'foundermesh-header-avatar';

type AvatarMessage = { picture: string | null };

/** Shows `picture` (an address) in every header avatar on the page, or the initials when null. */
export function showHeaderAvatar(picture: string | null): void {
  if (typeof document === 'undefined') return;
  for (const avatar of document.querySelectorAll<HTMLElement>(`[${HEADER_AVATAR_ATTRIBUTE}]`)) {
    const current = avatar.querySelector('img');
    if (picture && current?.getAttribute('src') === picture) continue;
    if (!picture) {
      avatar.textContent = avatar.dataset.initials ?? '';
      continue;
    }
    const image = document.createElement('img');
    image.src = picture;
    image.alt = '';
    image.width = 28;
    image.height = 28;
    image.decoding = 'async';
    avatar.replaceChildren(image);
  }
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

/** After a save: the picture goes into this page's header and the member's other tabs'. */
export function announceHeaderAvatar(picture: string | null): void {
  showHeaderAvatar(picture);
  const sender = channel();
  if (!sender) return;
  sender.postMessage({ picture } satisfies AvatarMessage);
  sender.close();
}

let following = false;

/** Listens for pictures saved in the member's other tabs (once per page session). */
export function followHeaderAvatar(): void {
  if (following) return;
  const receiver = channel();
  if (!receiver) return;
  following = true;
  receiver.onmessage = (event: MessageEvent<AvatarMessage>) => {
    const picture = event.data?.picture;
    if (picture === null || typeof picture === 'string') showHeaderAvatar(picture);
  };
}
