/**
 * The plans page's buttons (/premium): choosing a plan starts a checkout and leaves for it.
 * A member who already has Premium is sent to billing settings instead.
 */
import type { Plans } from '@api/subscriptions/schemas';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatPrice, PLAN_WORDS } from '../../lib/billing/format';
import { $billing, billingActions } from '../../lib/stores/billing';
import { withErrorBoundary } from '../ui/ErrorBoundary';
import './billing.css';

function PlanPicker({ plans, signedIn, subscribed }: { plans: Plans['plans']; signedIn: boolean; subscribed: boolean }) {
  const { busy } = useStore($billing);
  const [error, setError] = useState('');
  const choose = async (plan: Plans['plans'][number]['plan']) => {
    setError('');
    const outcome = await billingActions.checkout(plan);
    if (!outcome.ok) setError(outcome.error);
  };
  return (
    <div className="bl-plans">
      {plans.map((plan) => (
        <section key={plan.plan} className="card bl-plan" aria-labelledby={`bl-plan-${plan.plan}`}>
          <h2 id={`bl-plan-${plan.plan}`}>{PLAN_WORDS[plan.plan].name}</h2>
          <p className="bl-price">
            <strong>{formatPrice(plan.amount, plan.currency)}</strong> <span className="muted">a {PLAN_WORDS[plan.plan].per}</span>
          </p>
          {subscribed ? (
            <a className="btn btn-secondary" href="/settings/billing">
              Manage your Premium
            </a>
          ) : signedIn ? (
            <button type="button" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === `checkout-${plan.plan}`} onClick={() => choose(plan.plan)}>
              {busy === `checkout-${plan.plan}` ? 'Opening checkout…' : `Choose ${PLAN_WORDS[plan.plan].name.toLowerCase()}`}
            </button>
          ) : (
            <a className="btn btn-primary" href="/sign-in?next=/premium">
              Sign in to choose
            </a>
          )}
        </section>
      ))}
      <p className="bl-error" role="alert">
        {error}
      </p>
    </div>
  );
}

export default withErrorBoundary(PlanPicker);
