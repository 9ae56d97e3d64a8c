/** vitest global setup of the API project: the Sentry stand-in on loopback, its port provided to the tests. */
import type { TestProject } from 'vitest/node';
import { startSentryStandIn } from './sentry-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    sentryStandInPort: number;
  }
}

export default async function setup(project: TestProject) {
  const standIn = await startSentryStandIn();
  project.provide('sentryStandInPort', standIn.port);
  return () => standIn.close();
}
