/** The messages billing answers with, shared by the routes, their OpenAPI entries and tests. */
export const BILLING_MESSAGES = {
  alreadySubscribed: 'You already have a Premium subscription. Manage it in billing settings.',
  noSubscription: 'You have no Premium subscription.',
  notPending: 'There is no pending cancellation to undo.',
  alreadyCancelled: 'Your subscription is already set to end.',
  samePlan: 'You are already on this plan.',
  checkoutNotFound: 'Checkout not found.',
  checkoutOpen: 'This checkout is not paid yet.',
  testModeOnly: 'Not found.',
  badSignature: 'Webhook signature could not be verified.',
  noCustomer: 'You have no billing account yet.',
  notOnSale: 'Premium is not on sale yet.',
} as const;
