-- The seamless-wallet provider API (MONEY.md "Seamless-wallet rules", docs/decisions/0009): game
-- providers call /provider/<vendor>/… to read a balance and to bet, win and roll back. Money
-- moves only through modules/wallet (ledger_post); these tables keep what the provider asked,
-- what we answered, and the rounds.

-- A provider allowed to call in, per brand. `secret` signs its calls (HMAC-SHA256; the
-- PROVIDER_SECRETS environment variable overrides it). `wallets`: which money it plays with —
-- 'real' (the brand currency; trial accounts are refused), 'play' (trial accounts' play money
-- only) or 'both' (each player's own: play money for trial accounts, real money otherwise).
CREATE TABLE provider_vendors (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_]{2,20}$'),
  name text NOT NULL,
  secret text NOT NULL CHECK (length(secret) >= 32),
  wallets text NOT NULL DEFAULT 'real' CHECK (wallets IN ('real', 'play', 'both')),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, code)
);

-- A game launch: the opaque token handed to the provider is stored only as its SHA-256. Bets
-- and balance calls need a live session; wins and rollbacks do not (it may expire mid-round).
CREATE TABLE game_sessions (
  id bigserial PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  vendor text NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX game_sessions_member ON game_sessions (member_id, created_at);
CREATE INDEX game_sessions_expiry ON game_sessions (expires_at);

-- One row per provider round: what the betting record (spec §2 'Member centre pages') shows, and
-- what the resolver closes. Totals in minor units of `currency`.
CREATE TABLE provider_rounds (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  vendor text NOT NULL,
  round_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  game_code text NOT NULL,
  currency text NOT NULL,
  stake_total bigint NOT NULL DEFAULT 0 CHECK (stake_total >= 0),
  win_total bigint NOT NULL DEFAULT 0 CHECK (win_total >= 0),
  refund_total bigint NOT NULL DEFAULT 0 CHECK (refund_total >= 0 AND refund_total <= stake_total),
  -- wins accepted (a "0.00" win counts: the round has a result and its bets stand)
  win_count integer NOT NULL DEFAULT 0,
  -- a rollback happened in this round: later wins are refused
  rolled_back boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'cancelled')),
  -- who closed it: 'provider' or 'resolver'
  closed_by text,
  opened_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((status = 'open') = (closed_at IS NULL)),
  UNIQUE (brand_id, vendor, round_id)
);
CREATE INDEX provider_rounds_member ON provider_rounds (member_id, opened_at);
CREATE INDEX provider_rounds_open ON provider_rounds (updated_at) WHERE status = 'open';

-- Every bet, win and rollback a provider sent, keyed by its own transaction id: the key is
-- claimed first, so a replay (even a concurrent one) finds the first call's row and answers its
-- stored response byte for byte. Refusals are stored too. kind 'tombstone': a rollback named
-- this id before any bet had it; a late bet with the id is refused.
CREATE TABLE provider_transactions (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  vendor text NOT NULL,
  tx_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  round_id text,
  -- minor units; for a rollback the amount it reversed (the bet's stored amount)
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  ref_tx_id text,
  -- a digest of the request (player, round, amount …): the same id with another request is a
  -- duplicate, not a replay
  fingerprint text NOT NULL,
  -- the answer: 'ok' or the refusal's error code; its HTTP status and exact bytes
  outcome text NOT NULL,
  http_status integer NOT NULL,
  -- null only between the money's commit and the answer being written just after (a replay in
  -- that window renders the same bytes from the ledger)
  response text,
  -- for a bet: the rollback that reversed it
  rolled_back_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, vendor, tx_id)
);
CREATE INDEX provider_transactions_round ON provider_transactions (brand_id, vendor, round_id);
CREATE INDEX provider_transactions_member ON provider_transactions (member_id, created_at);
