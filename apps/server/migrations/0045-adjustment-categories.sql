-- A staff adjustment's category (contract ADJUSTMENT_CATEGORIES): it sets the turnover a credit
-- asks (a correction nothing, new money once), and the desk, the audit and the ledger pages show
-- it. This row is its one place: a pending adjustment has no ledger transaction yet. Adjustments
-- made before categories asked turnover once, as 'other' does.
ALTER TABLE balance_adjustments ADD COLUMN category text NOT NULL DEFAULT 'other'
  CHECK (category IN ('correction', 'compensation', 'goodwill', 'other'));
ALTER TABLE balance_adjustments ALTER COLUMN category DROP DEFAULT;

-- The ledger pages name an adjustment's category by its transaction.
CREATE INDEX balance_adjustments_tx ON balance_adjustments (tx_id) WHERE tx_id IS NOT NULL;
