-- Deposits through payment providers (CASHIER.md "The provider adapter"): each provider's signing
-- secret per brand, sealed with SECRETS_KEY like the game providers' (decision 0039), and the
-- built-in sandbox provider's own books: the orders and payouts it was given and what became of
-- them, which it answers queries and the day's reconciliation from, as a real provider would.

CREATE TABLE psp_secrets (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- AES-256-GCM under SECRETS_KEY, purpose `psp-secret:<brand>:<provider>`: a dump holds no usable secret.
  secret_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, provider)
);

CREATE TABLE psp_sandbox_records (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('deposit', 'payout')),
  -- Khela's request id, as the order named it.
  request_id bigint NOT NULL,
  -- Deposits: the hosted checkout's unguessable token.
  order_token text UNIQUE,
  -- Payouts: one id across retries, so the sandbox pays it once at most.
  payout_id text UNIQUE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  channel text NOT NULL,
  account_number text,
  payee_name text,
  -- pending until the checkout's (or the payout console's) button says paid or failed.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  -- The sandbox's own transaction id, set when the result is decided; a replay carries the same.
  provider_tx_id text UNIQUE,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX psp_sandbox_records_day ON psp_sandbox_records (brand_id, created_at);
CREATE INDEX psp_sandbox_records_waiting ON psp_sandbox_records (brand_id, kind, id) WHERE status = 'pending';
