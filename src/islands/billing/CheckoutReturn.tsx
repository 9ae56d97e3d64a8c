/**
 * The checkout's success page (/premium/success): applies the paid checkout at once, so
 * Premium shows without waiting for the provider's webhook.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatDay, PLAN_WORDS } from '../../lib/billing/format';
import { $billing, billingActions } from '../../lib/stores/billing';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './billing.css';

function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const { subscription } = useStore($billing);
  const [state, setState] = useState<'loading' | 'done' | string>('loading');
  const apply = async () => {
    setState('loading');
    const outcome = await billingActions.confirm(sessionId);
    setState(outcome.ok ? 'done' : outcome.error);
  };
  // Confirmed once, on arrival; the button asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount
  useEffect(() => {
    void apply();
  }, []);
  if (state === 'loading') return <p aria-live="polite">Confirming your payment…</p>;
  if (state !== 'done' || !subscription)
    return (
      <div className="stack">
        <p role="alert">We could not confirm your payment yet: {state}</p>
        <div className="bl-actions">
          <button type="button" className="btn btn-primary" onClick={() => void apply()}>
            Try again
          </button>
          <a className="btn btn-secondary" href="/settings/billing">
            Billing settings
          </a>
        </div>
      </div>
    );
  return (
    <div className="stack" data-premium-active>
      <h2>You are now a Premium member</h2>
      <p>
        {PLAN_WORDS[subscription.plan].name} plan, renewing on {formatDay(subscription.currentPeriodEnd)}.
      </p>
      <div className="bl-actions">
        <a className="btn btn-primary" href="/views">
          See every profile viewer
        </a>
        <a className="btn btn-secondary" href="/settings/billing">
          Billing settings
        </a>
      </div>
    </div>
  );
}

export default withErrorBoundary(CheckoutReturn);
