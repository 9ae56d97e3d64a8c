-- Premium billing (functions/src/subscriptions): one payment-provider customer per member,
-- the member's subscriptions as the provider last reported them, their history, the
-- webhook events already handled, and admin grants kept apart from paid subscriptions.
CREATE TABLE billing_customers (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

-- The provider's subscription id is the key: every sync upserts the state read from the provider.
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  customer_id TEXT NOT NULL,
  plan TEXT NOT NULL CHECK (plan IN ('monthly', 'yearly')),
  status TEXT NOT NULL,
  current_period_end TEXT NOT NULL,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  cancel_reason TEXT,
  ended_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, created_at);

CREATE TABLE subscription_events (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('started', 'renewed', 'payment_failed', 'cancel_asked', 'undone', 'plan_switched', 'ended', 'granted', 'grant_ended')),
  plan TEXT,
  detail TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX subscription_events_user ON subscription_events (user_id, created_at, id);

-- Webhook event ids already handled: a repeat changes nothing.
CREATE TABLE billing_webhook_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL
);

-- Premium switched on by an administrator: never billed, never cancelled by billing.
CREATE TABLE premium_grants (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  granted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
-- Premium switched on before billing existed came from the admin switch: those are grants.
INSERT INTO premium_grants (user_id, granted_by, created_at)
SELECT u.id, NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM users u
WHERE u.role_type = 'premium' OR EXISTS (SELECT 1 FROM founders f WHERE f.user_id = u.id AND f.premium = 1);

-- The local test-mode provider's own books (used only when no Stripe key is configured):
-- its checkouts and subscriptions stand where Stripe's would.
CREATE TABLE test_billing_checkouts (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan TEXT NOT NULL CHECK (plan IN ('monthly', 'yearly')),
  status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  subscription_id TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE test_billing_subscriptions (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan TEXT NOT NULL CHECK (plan IN ('monthly', 'yearly')),
  status TEXT NOT NULL,
  current_period_end TEXT NOT NULL,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX test_billing_subscriptions_customer ON test_billing_subscriptions (customer_id);
