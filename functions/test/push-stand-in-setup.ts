/** vitest global setup of the API project: the push service stand-in on loopback, its port provided to the tests. */
import type { TestProject } from 'vitest/node';
import { startPushStandIn } from './push-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    pushStandInPort: number;
  }
}

export default async function setup(project: TestProject) {
  const standIn = await startPushStandIn();
  project.provide('pushStandInPort', standIn.port);
  return () => standIn.close();
}
