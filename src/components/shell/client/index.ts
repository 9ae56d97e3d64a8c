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

initThemeToggle();
initMenu();
initRouteProgress();
initSignOut(onEachPage);
onEachPage(showFlashes);
registerServiceWorker();
