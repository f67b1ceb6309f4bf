-- The back office's dashboard (decision 0034): each brand's play by day in the back office's
-- time zone, counted from the ledger by the daily-figures job, so that 30 days of figures are
-- 30 rows whatever the number of rounds. A day is counted again until it is over (and once more
-- the day after, for movements posted around midnight); the job recounts, never adds, so a
-- retried or repeated run changes nothing.
CREATE TABLE daily_figures (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- the day in Asia/Dhaka
  day date NOT NULL,
  currency text NOT NULL,
  -- minor units: stakes taken from wallets less stakes refunded, and wins paid to wallets
  stakes bigint NOT NULL,
  wins bigint NOT NULL,
  bets integer NOT NULL,
  active_players integer NOT NULL,
  new_players integer NOT NULL,
  counted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, day)
);

-- A day's movements are found by time. BRIN, not a B-tree: the ledger is appended in time order,
-- so a block range index stays a few pages large and costs a bet next to nothing to keep.
CREATE INDEX ledger_transactions_created_brin ON ledger_transactions USING brin (created_at);
CREATE INDEX members_brand_created ON members (brand_id, created_at);
