-- The multiplayer crash game (docs/decisions/0015): one shared round per brand, bust points from
-- a hash chain.

-- A chain of round hashes: `seed` is h_N (secret until the chain is used up), h_{i-1} = SHA-256(h_i),
-- and `terminating_hash` h_0 is published before its first round. Round i of the chain plays h_i.
CREATE TABLE crash_chains (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  seed text NOT NULL,
  terminating_hash text NOT NULL,
  length integer NOT NULL CHECK (length > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, terminating_hash)
);

-- One row per shared round. Times are epoch milliseconds of the round engine's clock (the only
-- clock of the game). `hash` and `bust` are written when the round is created (every server
-- process needs the bust time to judge a cash-out) but leave the server only after the bust.
CREATE TABLE crash_rounds (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  round_no bigint NOT NULL,
  chain_id bigint NOT NULL REFERENCES crash_chains (id) ON DELETE RESTRICT,
  chain_index integer NOT NULL,
  hash text NOT NULL,
  -- hundredths (100 = 1.00×)
  bust integer NOT NULL CHECK (bust >= 100),
  status text NOT NULL CHECK (status IN ('betting', 'running', 'busted', 'void')),
  betting_ends_ms bigint NOT NULL,
  -- the curve's zero; equal to betting_ends_ms
  running_ms bigint NOT NULL,
  -- running_ms + the time the curve takes to reach `bust`
  bust_ms bigint NOT NULL,
  -- when every bet's money was settled (null while some may still move)
  settled_ms bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, round_no),
  UNIQUE (chain_id, chain_index)
);
-- At most one round per brand takes bets or flies: two processes can never both start one.
CREATE UNIQUE INDEX crash_rounds_one_live ON crash_rounds (brand_id) WHERE status IN ('betting', 'running');
CREATE INDEX crash_rounds_unsettled ON crash_rounds (brand_id) WHERE settled_ms IS NULL;

-- A player's bet: everything needed to recompute its win (stake, target, the server's receive
-- time of the cash-out) and the provider round its money moved in.
CREATE TABLE crash_bets (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  round_id bigint NOT NULL REFERENCES crash_rounds (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  slot smallint NOT NULL CHECK (slot IN (1, 2)),
  request_id text NOT NULL,
  -- the seamless-wallet round id (one per bet) and the player's masked name for the live list
  provider_round text NOT NULL,
  name text NOT NULL,
  currency text NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  -- auto cash-out target in hundredths
  target integer CHECK (target IS NULL OR target >= 101),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cashed', 'lost', 'void')),
  cashout_kind text CHECK (cashout_kind IN ('manual', 'auto')),
  cashout_request_id text,
  -- a manual cash-out: when the server received it, and how long after the curve's zero
  cashout_ms bigint,
  cashout_elapsed_ms integer,
  multiplier integer,
  win bigint CHECK (win IS NULL OR win >= 0),
  -- the win (or the zero win of a lost bet, or the refund of a void one) has gone through the wallet
  settled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (round_id, member_id, slot),
  UNIQUE (brand_id, member_id, request_id)
);
CREATE INDEX crash_bets_round ON crash_bets (round_id, status);
