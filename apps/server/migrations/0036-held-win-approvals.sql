-- The back office's Risk desk (decision 0038): a decision on a held win whose amount is above the
-- brand's four-eyes threshold (brands.adjust_four_eyes_minor) waits here for a second staff
-- member. One open request per win; approving claims it with a conditional update, and the money
-- then moves through the held win's own exactly-once decision (decision 0025).
CREATE TABLE held_win_requests (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  held_win_id bigint NOT NULL REFERENCES provider_held_wins (id) ON DELETE RESTRICT,
  decision text NOT NULL CHECK (decision IN ('release', 'void')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  requested_by bigint NOT NULL REFERENCES staff (id) ON DELETE RESTRICT,
  requested_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  decided_by bigint REFERENCES staff (id) ON DELETE RESTRICT,
  decided_at timestamptz,
  decision_reason text,
  CHECK ((status = 'pending') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX held_win_requests_open ON held_win_requests (held_win_id) WHERE status = 'pending';
CREATE INDEX held_win_requests_brand ON held_win_requests (brand_id, status);
