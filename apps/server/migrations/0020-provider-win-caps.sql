-- Caps on what a provider's win may pay into a wallet unseen (decision 0025). A provider is
-- trusted with the outcome of its games, but a wrong or forged win (a bug, a stolen secret, an
-- aggregator's mistake) would otherwise be credited whole and could be withdrawn at once. A win
-- over a cap is answered like any win, so the provider neither retries nor rolls back, but its
-- money goes to the vendor's suspense account in the ledger until staff release or void it.

-- Per brand. The ratio caps a round's wins (held ones included) at this many times its stakes;
-- the in-house games pay at most 10,000× (crash), 2,306× (slot) and 99× (dice), so the default
-- leaves ten times crash's maximum. The amount caps one win, in minor units of the brand
-- currency: 10,000,000,000 is 100,000,000.00 in a two-decimal currency, ten times crash's
-- largest win at its largest demo stake (1,000.00 × 10,000).
ALTER TABLE brands
  ADD COLUMN provider_win_ratio_cap integer NOT NULL DEFAULT 100000 CHECK (provider_win_ratio_cap >= 1),
  ADD COLUMN provider_win_amount_cap bigint NOT NULL DEFAULT 10000000000 CHECK (provider_win_amount_cap >= 1);

-- Wins of the round waiting in suspense: not the player's yet, so not in win_total (which the
-- betting record shows), but they count towards the round's ratio, so a win split in parts
-- is held like the whole.
ALTER TABLE provider_rounds ADD COLUMN held_total bigint NOT NULL DEFAULT 0 CHECK (held_total >= 0);

-- One row per held win: what the provider sent, why it was held, and what staff decided. The
-- money is in the ledger (provider:<vendor> → suspense:<vendor> under the win's own key; the
-- decision under 'suspense:<vendor>:<tx id>', so a win is released or voided at most once).
CREATE TABLE provider_held_wins (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  vendor text NOT NULL,
  tx_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  round_id text NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- the round's stakes, and its wins before this one (held ones included), when it arrived
  stake_total bigint NOT NULL,
  earlier_wins bigint NOT NULL,
  -- the cap it went over: 'ratio', 'amount' or 'both'
  reason text NOT NULL CHECK (reason IN ('ratio', 'amount', 'both')),
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'voided')),
  held_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  -- who decided ('cli:<user>', later a staff account) and why
  decided_by text,
  decision_note text,
  CHECK ((status = 'held') = (decided_at IS NULL)),
  UNIQUE (brand_id, vendor, tx_id)
);
CREATE INDEX provider_held_wins_waiting ON provider_held_wins (brand_id, held_at) WHERE status = 'held';
CREATE INDEX provider_held_wins_member ON provider_held_wins (member_id, held_at);
