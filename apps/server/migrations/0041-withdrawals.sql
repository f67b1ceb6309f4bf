-- Withdrawals and the turnover meter (CASHIER.md "Withdrawal").

-- The turnover meter's cursor per member: settled stakes of rounds closed up to applied_until
-- have been taken off the member's requirements. Readers advance it with a compare-and-set, so
-- two readers never count a round twice; the bet path never touches it.
CREATE TABLE turnover_meters (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  applied_until timestamptz NOT NULL
);

-- The meter reads a member's rounds closed since its cursor.
CREATE INDEX provider_rounds_member_closed ON provider_rounds (member_id, closed_at) WHERE status = 'completed';

-- A failed payout waiting to be sent again (same payout id) from this time; null when none waits.
ALTER TABLE cashier_requests ADD COLUMN payout_retry_at timestamptz;
CREATE INDEX cashier_requests_payout_retry ON cashier_requests (payout_retry_at) WHERE payout_retry_at IS NOT NULL;
-- The auto-confirmation job's paid withdrawals still unconfirmed.
CREATE INDEX cashier_requests_unconfirmed ON cashier_requests (paid_at)
  WHERE type = 'withdraw' AND state = 'paid' AND confirmation IS NULL;
