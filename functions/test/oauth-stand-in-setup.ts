/** vitest global setup of the API project: the OAuth / OpenID Connect stand-in on loopback, its port provided to the tests. */
import type { TestProject } from 'vitest/node';
import { startOAuthStandIn } from './oauth-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    oauthStandInPort: number;
  }
}

export default async function setup(project: TestProject) {
  const standIn = await startOAuthStandIn();
  project.provide('oauthStandInPort', standIn.port);
  return () => standIn.close();
}
