/**
 * Loads the chat widget lazily — when the browser is idle after the page has loaded, or at
 * the first interaction, whichever comes first; never before first paint — and keeps the
 * member's identity in step across client-side navigations (sign-in, sign-out).
 */
import type { ChatIdentity } from '../../../lib/chat/identity';
import { crispCommands, loadCrisp, pushCrisp } from '../../../lib/chat/crisp';
import { onEachPage } from './page-events';

const IDLE_TIMEOUT_MS = 4000;
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

const settings = () => document.querySelector<HTMLElement>('[data-chat="crisp"]');
let loaded = false;
let appliedKey: string | undefined;

function currentIdentity(): ChatIdentity | null {
  try {
    return JSON.parse(settings()?.dataset.identity ?? 'null') as ChatIdentity | null;
  } catch {
    return null;
  }
}

function load(): void {
  const websiteId = settings()?.dataset.websiteId;
  if (loaded || !websiteId) return;
  loaded = true;
  for (const type of INTERACTIONS) removeEventListener(type, load);
  const identity = currentIdentity();
  appliedKey = JSON.stringify(identity);
  loadCrisp(websiteId, identity ? crispCommands(identity) : []);
}

/** After a navigation: tell the widget when the member changed (signed in, out, or another one). */
function syncIdentity(): void {
  if (!loaded) return;
  const identity = currentIdentity();
  const key = JSON.stringify(identity);
  if (key === appliedKey) return;
  appliedKey = key;
  pushCrisp(crispCommands(identity));
}

/** Runs `then` once the page has painted for the first time (at once when it has). */
function afterFirstPaint(then: () => void): void {
  if (performance.getEntriesByType('paint').length > 0) return then();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void requestAnimationFrame(() => requestAnimationFrame(then));
  // A fast page can finish loading before its first paint: wait for the paint itself.
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint' });
}

function scheduleLoad(): void {
  // After load and the first paint, in the idle period that follows.
  const idle = () => afterFirstPaint(() => ('requestIdleCallback' in window ? requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(load, 1500)));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
  for (const type of INTERACTIONS) addEventListener(type, load, { once: true, passive: true });
}

if (settings()) {
  scheduleLoad();
  onEachPage(syncIdentity);
}
