-- The dashboard's figures by day (decision 0032): one row per brand and Asia/Dhaka day, written
-- by the 'report-days' job from the ledger once the day is over, so 30 days read 30 rows however
-- many rounds they held. Rewriting a day gives the same numbers: the ledger is the source.
CREATE TABLE report_days (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- the Asia/Dhaka day, as the job's period names it ('2026-11-25')
  day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  -- the brand currency's minor units; play money (trial accounts) is left out
  stakes bigint NOT NULL,
  wins bigint NOT NULL,
  -- real-money players registered that day
  new_players integer NOT NULL,
  -- real-money players who placed a bet that day
  active_players integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, day)
);
