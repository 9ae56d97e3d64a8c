/**
 * The test-mode checkout and billing portal (no Stripe key configured): buttons that pay
 * or abandon a checkout, fail a renewal, renew, or end the subscription, each applied the
 * way Stripe's events would be. Marked plainly as test mode.
 */
import type { Subscription, TestCheckout } from '@api/subscriptions/schemas';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDay, formatPrice, PLAN_WORDS, statusWords } from '../../lib/billing/format';
import { $billing, billingActions, type BillingOutcome } from '../../lib/stores/billing';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './billing.css';

type Props = { kind: 'checkout'; checkout: TestCheckout } | { kind: 'portal'; subscription: Subscription | null };

function TestModeControls(props: Props) {
  useState(() => billingActions.hydrate(props.kind === 'portal' ? props.subscription : null));
  const { subscription, busy } = useStore($billing);
  const [message, setMessage] = useState('');
  const report = (outcome: BillingOutcome, done: string) => setMessage(outcome.ok ? done : outcome.error);
  return (
    <div className="card stack">
      <p className="bl-test-mode">Test mode: no real payment is made.</p>
      {props.kind === 'checkout' ? (
        props.checkout.status === 'open' ? (
          <>
            <p>
              FounderMesh Premium, {PLAN_WORDS[props.checkout.plan].name.toLowerCase()}: <strong>{formatPrice(props.checkout.amount, props.checkout.currency)}</strong> a{' '}
              {PLAN_WORDS[props.checkout.plan].per}.
            </p>
            <div className="bl-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy !== null}
                onClick={async () => report(await billingActions.testCheckout(props.checkout._id, 'complete'), '')}
              >
                Pay (test)
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy !== null}
                onClick={async () => report(await billingActions.testCheckout(props.checkout._id, 'abandon'), '')}
              >
                Abandon checkout
              </button>
            </div>
          </>
        ) : (
          <p>
            This checkout is {props.checkout.status === 'complete' ? 'paid' : 'closed'}. <a href="/settings/billing">Billing settings</a>
          </p>
        )
      ) : subscription ? (
        <>
          <p data-billing-status>
            {PLAN_WORDS[subscription.plan].name}: {statusWords(subscription.status, subscription.cancelAtPeriodEnd)}; period ends {formatDay(subscription.currentPeriodEnd)}.
          </p>
          <div className="bl-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              onClick={async () => report(await billingActions.testSubscription('fail-renewal'), 'The renewal payment failed.')}
            >
              Fail the renewal payment
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              onClick={async () => report(await billingActions.testSubscription('renew'), 'Renewed (or ended, when a cancellation was pending).')}
            >
              Renew now
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy !== null}
              onClick={async () => report(await billingActions.testSubscription('end'), 'The subscription ended.')}
            >
              End the subscription
            </button>
          </div>
        </>
      ) : (
        <p>
          You have no subscription. <a href="/premium">See Premium plans</a>
        </p>
      )}
      <p aria-live="polite">{message}</p>
      <p>
        <a href="/settings/billing">Back to billing settings</a>
      </p>
    </div>
  );
}

export default withErrorBoundary(TestModeControls);
