/**
 * Playwright global setup: the loopback OAuth / OpenID Connect provider the e2e stack's
 * Google, LinkedIn and GitHub point to (playwright.config.ts), for the whole run.
 */
import { startOAuthStandIn } from '../../functions/test/oauth-stand-in';
import { OAUTH_STAND_IN_PORT } from '../../playwright.config';

export default async function globalSetup() {
  const standIn = await startOAuthStandIn(OAUTH_STAND_IN_PORT, { host: 'localhost' });
  return () => standIn.close();
}
