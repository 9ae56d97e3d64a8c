/**
 * Billing settings (/settings/billing): the subscription's status, plan and next renewal
 * or end date; cancel (with a confirmation and an optional reason), undo, switch plan and
 * the billing portal for card and invoices. A failed payment shows a banner with the fix.
 */
import type { Subscription } from '@api/subscriptions/schemas';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDay, PLAN_WORDS, statusWords } from '../../lib/billing/format';
import { $billing, billingActions, type BillingOutcome } from '../../lib/stores/billing';
import { DialogsProvider, useDialogs } from '../ui/dialogs';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './billing.css';
import { overLimitReason } from '../../lib/text/limits';
import { CharacterCount } from '../ui/CharacterCount';

/** The longest a cancellation reason may be: the API refuses longer ones (CANCEL_REASON_MAX_LENGTH in functions/src/subscriptions/schemas.ts). */
const CANCEL_REASON_MAX = 500;

function CancelForm({ onDone }: { onDone: (reason: string | null) => void }) {
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        // A reason over the limit is kept and refused with the reason, never cut.
        const tooLong = overLimitReason('reason', reason.length, CANCEL_REASON_MAX);
        setRefused(tooLong);
        if (!tooLong) onDone(reason);
      }}
    >
      <label htmlFor="bl-reason">Why are you leaving? (optional)</label>
      <textarea
        id="bl-reason"
        className="bl-reason"
        value={reason}
        aria-invalid={reason.length > CANCEL_REASON_MAX || undefined}
        aria-describedby="bl-reason-count"
        onChange={(event) => {
          setReason(event.target.value);
          setRefused(null);
        }}
      />
      <CharacterCount id="bl-reason-count" length={reason.length} max={CANCEL_REASON_MAX} />
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      <div className="bl-actions">
        <button type="submit" className="btn btn-danger">
          Cancel Premium
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => onDone(null)}>
          Keep Premium
        </button>
      </div>
    </form>
  );
}

function Settings({ testMode }: { testMode: boolean }) {
  const { subscription, busy } = useStore($billing);
  const dialogs = useDialogs();
  const [message, setMessage] = useState('');
  const report = (outcome: BillingOutcome, done: string) => setMessage(outcome.ok ? done : outcome.error);

  if (!subscription?.premium) {
    return (
      <div className="card stack">
        <h2>You are on the free plan</h2>
        {subscription && <p className="muted">Your last subscription ended{subscription.endedAt ? ` on ${formatDay(subscription.endedAt)}` : ''}.</p>}
        <div className="bl-actions">
          <a className="btn btn-primary" href="/premium">
            See Premium plans
          </a>
        </div>
      </div>
    );
  }
  const other = subscription.plan === 'monthly' ? 'yearly' : 'monthly';
  const cancel = async () => {
    const reason = await dialogs.ask<string>({
      title: 'Cancel Premium?',
      description: `Premium stays until ${formatDay(subscription.currentPeriodEnd)}, then you are back on the free plan. You can undo this until then.`,
      render: (finish) => <CancelForm onDone={finish} />,
    });
    if (reason !== null) report(await billingActions.cancel(reason), `Cancelled: Premium ends on ${formatDay(subscription.currentPeriodEnd)}.`);
  };
  return (
    <div className="stack">
      {subscription.status === 'past_due' && (
        <div className="card" role="alert" data-payment-failed>
          <strong>Your last payment failed.</strong> Premium stays on while we retry. Update your card to keep it.
        </div>
      )}
      <div className="card stack">
        <h2>Premium</h2>
        <dl className="bl-status">
          <div>
            <dt>Status</dt>
            <dd data-billing-status>{statusWords(subscription.status, subscription.cancelAtPeriodEnd)}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{PLAN_WORDS[subscription.plan].name}</dd>
          </div>
          <div>
            <dt>{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd data-billing-date>{formatDay(subscription.currentPeriodEnd)}</dd>
          </div>
        </dl>
        <div className="bl-actions">
          {subscription.cancelAtPeriodEnd ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy !== null}
              onClick={async () => report(await billingActions.undo(), 'Your Premium will renew as before.')}
            >
              Keep Premium (undo cancellation)
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={cancel}>
              Cancel Premium
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy !== null}
            onClick={async () => report(await billingActions.switchPlan(other), `You are now on the ${other} plan.`)}
          >
            Switch to {PLAN_WORDS[other].name.toLowerCase()}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={async () => report(await billingActions.portal(), '')}>
            Manage payment and invoices
          </button>
        </div>
        <p aria-live="polite">{message}</p>
      </div>
      {testMode && (
        <p className="muted">
          Test mode: no card is charged. <a href="/settings/billing/test-portal">Open the test billing portal</a>.
        </p>
      )}
    </div>
  );
}

function BillingSettings({ initial, testMode }: { initial: Subscription | null; testMode: boolean }) {
  useState(() => billingActions.hydrate(initial));
  return (
    <DialogsProvider>
      <Settings testMode={testMode} />
    </DialogsProvider>
  );
}

export default withErrorBoundary(BillingSettings);
