-- The cashier (CASHIER.md, decision 0040): the brand's cashier settings, the methods players pay
-- in and out by, every deposit, withdrawal and upline transfer as one request with a state and a
-- history, payout accounts, turnover requirements, cases opened by a player's confirmation and the
-- minimal inbox of notices. Money itself moves only through the ledger (MONEY.md); these rows say
-- why and when.

-- One row per brand, created with defaults on first read. Amounts in minor units.
CREATE TABLE cashier_settings (
  brand_id integer PRIMARY KEY REFERENCES brands (id) ON DELETE CASCADE,
  -- The built-in sandbox provider: on for the demo brand only, never by default.
  sandbox_enabled boolean NOT NULL DEFAULT false,
  deposit_expiry_minutes integer NOT NULL DEFAULT 30 CHECK (deposit_expiry_minutes BETWEEN 5 AND 10080),
  withdraw_min_minor bigint NOT NULL DEFAULT 20000 CHECK (withdraw_min_minor > 0),
  withdraw_max_minor bigint NOT NULL DEFAULT 5000000 CHECK (withdraw_max_minor >= withdraw_min_minor),
  withdraw_daily_count integer NOT NULL DEFAULT 5 CHECK (withdraw_daily_count BETWEEN 1 AND 1000),
  withdraw_daily_minor bigint NOT NULL DEFAULT 20000000 CHECK (withdraw_daily_minor > 0),
  -- A paid withdrawal the player has not confirmed counts as received after this (spec §4).
  auto_confirm_minutes integer NOT NULL DEFAULT 1440 CHECK (auto_confirm_minutes BETWEEN 1 AND 43200),
  -- Withdrawals (and deposit approvals) above this need two different staff members.
  four_eyes_minor bigint NOT NULL DEFAULT 5000000 CHECK (four_eyes_minor >= 0),
  -- A failed payout is sent again under the same payout id this many times before its hold returns.
  payout_retries integer NOT NULL DEFAULT 2 CHECK (payout_retries BETWEEN 0 AND 10),
  -- Turnover asked of each inflow, in hundredths of the amount (100 = 1×).
  deposit_turnover_pct integer NOT NULL DEFAULT 100 CHECK (deposit_turnover_pct BETWEEN 0 AND 10000),
  upline_turnover_pct integer NOT NULL DEFAULT 100 CHECK (upline_turnover_pct BETWEEN 0 AND 10000),
  transfer_min_minor bigint NOT NULL DEFAULT 10000 CHECK (transfer_min_minor > 0),
  transfer_max_minor bigint NOT NULL DEFAULT 5000000 CHECK (transfer_max_minor >= transfer_min_minor),
  -- Players may ask for a code at every new address themselves (the brand's newIpCheck is the floor).
  player_two_factor_opt_in boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz,
  updated_by text
);

CREATE TABLE cashier_methods (
  id serial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('deposit', 'withdraw')),
  kind text NOT NULL CHECK (kind IN ('psp', 'bank_transfer')),
  -- The adapter ('sandbox', …) for kind psp; null for a bank transfer.
  provider text,
  -- What the provider offers under this method: 'bkash', 'nagad', 'rocket', 'upay', 'card', 'bank'.
  channel text NOT NULL DEFAULT 'bank',
  name_bn text NOT NULL,
  name_en text NOT NULL,
  -- The uploaded logo's stored image key; null shows the channel's neutral icon.
  logo text,
  currency text NOT NULL,
  min_minor bigint NOT NULL CHECK (min_minor > 0),
  max_minor bigint NOT NULL CHECK (max_minor >= min_minor),
  -- Fee: basis points of the amount plus a fixed part; the operator bears it unless set to player.
  fee_bp integer NOT NULL DEFAULT 0 CHECK (fee_bp BETWEEN 0 AND 10000),
  fee_fixed_minor bigint NOT NULL DEFAULT 0 CHECK (fee_fixed_minor >= 0),
  fee_bearer text NOT NULL DEFAULT 'operator' CHECK (fee_bearer IN ('operator', 'player')),
  presets_minor bigint[] NOT NULL DEFAULT '{}',
  processing_minutes integer NOT NULL DEFAULT 15 CHECK (processing_minutes BETWEEN 0 AND 10080),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  -- The operator's own account, shown to players for a bank-transfer deposit.
  bank_name text,
  bank_account_name text,
  bank_account_number text,
  bank_branch text,
  bank_routing_number text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'psp') = (provider IS NOT NULL))
);
CREATE INDEX cashier_methods_brand ON cashier_methods (brand_id, direction, sort, id);

-- A payout account a player bound for withdrawals. Changing one is a new row; the old is removed.
CREATE TABLE payout_accounts (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  method_id integer NOT NULL REFERENCES cashier_methods (id),
  account_number text NOT NULL,
  payee_name text NOT NULL,
  -- A changed account takes withdrawals only after 24 hours (a stolen session cannot redirect one).
  usable_from timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz
);
CREATE INDEX payout_accounts_member ON payout_accounts (member_id) WHERE removed_at IS NULL;

-- Deposits, withdrawals and upline transfers, each with its state (contract CASHIER_STATES).
CREATE TABLE cashier_requests (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  type text NOT NULL CHECK (type IN ('deposit', 'withdraw')),
  method_id integer REFERENCES cashier_methods (id),
  state text NOT NULL CHECK (state IN ('created', 'pending', 'submitted', 'under_review', 'approved', 'paying',
    'paid', 'credited', 'rejected', 'expired', 'cancelled', 'failed')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  fee_bearer text NOT NULL DEFAULT 'operator',
  currency text NOT NULL,
  promotion_id integer,
  -- Withdrawals: the client's requestId (key withdraw:<member>:<requestId>).
  request_key text,
  -- Bank transfers: the reference Khela gives the player to write on the transfer…
  transfer_reference text,
  -- …and the bank's or wallet's transaction id the player reports (unique per method).
  player_reference text,
  -- Providers: the unguessable token of the hosted checkout, and the provider's own ids.
  provider text,
  order_token text UNIQUE,
  -- The hosted checkout the player is sent to while the deposit is pending.
  redirect_url text,
  provider_tx_id text,
  payout_account_id bigint REFERENCES payout_accounts (id),
  -- A payout keeps one id across retries, so the provider can refuse to pay it twice.
  payout_id text UNIQUE,
  payout_attempts integer NOT NULL DEFAULT 0,
  provider_reference text,
  reason text,
  -- Withdrawals above the threshold: the first approver waits for a second.
  first_approved_by bigint,
  first_approved_at timestamptz,
  decided_by bigint,
  decided_at timestamptz,
  -- The player's answer after paid: received, partial, not_received; auto when the brand's time ran out.
  confirmation text CHECK (confirmation IN ('received', 'partial', 'not_received', 'auto')),
  confirmed_at timestamptz,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE UNIQUE INDEX cashier_requests_key ON cashier_requests (member_id, request_key) WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX cashier_requests_player_reference ON cashier_requests (method_id, player_reference)
  WHERE player_reference IS NOT NULL;
CREATE UNIQUE INDEX cashier_requests_transfer_reference ON cashier_requests (brand_id, transfer_reference)
  WHERE transfer_reference IS NOT NULL;
CREATE UNIQUE INDEX cashier_requests_provider_tx ON cashier_requests (provider, provider_tx_id)
  WHERE provider_tx_id IS NOT NULL;
CREATE INDEX cashier_requests_member ON cashier_requests (member_id, id DESC);
-- The finance desk's queues, oldest first.
CREATE INDEX cashier_requests_queue ON cashier_requests (brand_id, type, state, created_at, id);
CREATE INDEX cashier_requests_expiry ON cashier_requests (expires_at) WHERE state IN ('created', 'pending', 'submitted');

-- Every state change with its time and who made it: the player's tracker and the audit's detail.
CREATE TABLE cashier_request_events (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL REFERENCES cashier_requests (id) ON DELETE CASCADE,
  state text NOT NULL,
  -- 'member', 'staff:<id>', 'provider:<name>', 'job'
  actor text NOT NULL,
  note text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashier_request_events_request ON cashier_request_events (request_id, id);

-- Money in asks to be wagered before it goes out: one row per inflow (deposit, upline transfer,
-- staff adjustment, bonus later), reduced by valid bets oldest first.
CREATE TABLE turnover_requirements (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  source text NOT NULL,
  -- The inflow's ledger key: one requirement per inflow however often it is replayed.
  source_key text NOT NULL UNIQUE,
  required_minor bigint NOT NULL CHECK (required_minor >= 0),
  remaining_minor bigint NOT NULL CHECK (remaining_minor >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX turnover_requirements_open ON turnover_requirements (member_id, id) WHERE remaining_minor > 0;

-- Player to upline agent, agent to direct downline.
CREATE TABLE member_transfers (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  from_member bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  to_member bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency text NOT NULL,
  remark text NOT NULL DEFAULT '' CHECK (length(remark) <= 140),
  request_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (from_member, request_key)
);
CREATE INDEX member_transfers_to ON member_transfers (to_member, id DESC);

-- A player's "partially received" or "not received" answer: finance works it.
CREATE TABLE cashier_cases (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  request_id bigint NOT NULL UNIQUE REFERENCES cashier_requests (id),
  kind text NOT NULL CHECK (kind IN ('partial', 'not_received')),
  remaining_minor bigint CHECK (remaining_minor > 0),
  -- The proof image (png or jpg, at most 5 MB).
  proof bytea,
  proof_type text,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
  note text,
  closed_by bigint,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashier_cases_open ON cashier_cases (brand_id, created_at) WHERE state = 'open';

-- The minimal inbox: each notice a player was sent (messageV2 lists them).
CREATE TABLE member_messages (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- 'deposit.arrival', 'withdraw.paid', 'transfer.received', 'payout_account.changed' …
  kind text NOT NULL,
  -- What the text needs (amount, method, reason …): the site writes it in the reader's language.
  params jsonb NOT NULL DEFAULT '{}',
  request_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX member_messages_member ON member_messages (member_id, id DESC);

ALTER TABLE members
  -- The name on the member's bank and wallet accounts; set once by the player, changed by staff.
  ADD COLUMN payee_name text,
  -- argon2id like the login password; null until set.
  ADD COLUMN payment_password_hash text,
  ADD COLUMN payment_password_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN payment_password_locked_until timestamptz,
  -- The player's own opt-in to a code at every new address.
  ADD COLUMN new_address_check boolean NOT NULL DEFAULT false;

-- Responsible play (the loyalty work builds the player's screens): a cool-off or self-exclusion
-- until a time stops deposits; a deposit limit caps what a day, week or month may bring in.
CREATE TABLE responsible_play_limits (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cool_off', 'self_exclusion', 'deposit_day', 'deposit_week', 'deposit_month')),
  -- deposit_*: the most the period may bring in (minor units); null for an exclusion.
  amount_minor bigint CHECK (amount_minor >= 0),
  -- An exclusion or cool-off holds until then; null: until lifted.
  until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_play_limits_member ON responsible_play_limits (member_id);
