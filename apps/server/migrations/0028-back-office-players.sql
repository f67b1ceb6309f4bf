-- The back office's Players desk (decision 0031): a member status kept apart from the
-- failed-login lock, staff notes, balance adjustments with four-eyes above a brand threshold,
-- the staff member's own mobile and email (to find the accounts linked to them), and the indexes
-- that keep player search off sequential scans.

-- What the operator decided about the account (modules/staff-players/README.md defines each).
-- `locked_until` stays the failed-login lock, which a password reset lifts; this does not.
ALTER TABLE members
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked', 'suspended', 'closed')),
  ADD COLUMN status_changed_at timestamptz;

-- Search by username prefix (LIKE 'abc%' on lower(account) whatever the collation), by E.164
-- mobile number and by email, each within the brand; by id is the primary key.
CREATE INDEX members_account_prefix ON members (brand_id, lower(account) text_pattern_ops);
CREATE INDEX members_mobile_e164 ON members (brand_id, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE INDEX members_email_lower ON members (brand_id, lower(email)) WHERE email IS NOT NULL;

-- Manual adjustments whose amount (either sign) is above this many minor units wait for a
-- second staff member (৳10,000.00 in BDT's poisha).
ALTER TABLE brands ADD COLUMN adjust_four_eyes_minor bigint NOT NULL DEFAULT 1000000
  CHECK (adjust_four_eyes_minor >= 0);

-- A staff member's own mobile (E.164) and email: an account with either is theirs, declared or not.
ALTER TABLE staff ADD COLUMN mobile_num text, ADD COLUMN email text;

-- Staff notes on a player: appended, never edited (what support said stays said).
CREATE TABLE member_notes (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE RESTRICT,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_notes_member ON member_notes (member_id, id);

-- A staff member's balance adjustment. At or below the brand's threshold it is posted at once
-- ('posted'); above it waits ('pending') until another staff member with players.adjust
-- approves (posted once: the approval claims the row with a conditional update) or rejects it.
CREATE TABLE balance_adjustments (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  -- minor units; positive credits the player, negative debits
  amount bigint NOT NULL CHECK (amount <> 0),
  currency text NOT NULL,
  reason text NOT NULL,
  -- the requester's key: the same request sent twice makes one adjustment
  request_key text NOT NULL,
  requested_by bigint NOT NULL REFERENCES staff (id) ON DELETE RESTRICT,
  requested_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('pending', 'posted', 'rejected')),
  decided_by bigint REFERENCES staff (id) ON DELETE RESTRICT,
  decided_at timestamptz,
  decision_reason text,
  -- the ledger transaction that moved the money (ledger key 'adjust:bo:<id>')
  tx_id bigint,
  UNIQUE (brand_id, requested_by, request_key)
);
CREATE INDEX balance_adjustments_pending ON balance_adjustments (brand_id, id) WHERE status = 'pending';
CREATE INDEX balance_adjustments_member ON balance_adjustments (member_id, id);
