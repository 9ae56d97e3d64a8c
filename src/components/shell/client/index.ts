/**
 * The shell's browser code, loaded once by Base.astro on every page. It is plain TypeScript
 * (no framework) so a page without islands stays light.
 */
import { initThemeToggle } from './theme';
import { initMenu } from './menu';
import { initRouteProgress } from './progress';
import { onEachPage } from './page-events';
import { initSignOut } from './sign-out';
import { showFlashes } from './flash';
import { registerServiceWorker } from './service-worker';
import { recordPendingView } from '../../../lib/profiles/pending-view';

initThemeToggle();
initMenu();
initRouteProgress();
initSignOut(onEachPage);
onEachPage(showFlashes);
// A profile page the browser prefetched records its view once shown (a few lines, so a
// visitor's profile page loads no script of its own).
onEachPage(recordPendingView);
registerServiceWorker();
