/** vitest global setup of the API project: the Stripe stand-in on loopback, its port provided to the tests. */
import type { TestProject } from 'vitest/node';
import { startStripeStandIn } from './stripe-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    stripeStandInPort: number;
  }
}

export default async function setup(project: TestProject) {
  const standIn = await startStripeStandIn();
  project.provide('stripeStandInPort', standIn.port);
  return () => standIn.close();
}
