-- The ledger (ARCHITECTURE §4, MONEY.md, docs/decisions/0010): every movement of money is one
-- transaction whose postings sum to zero. Only modules/wallet writes these tables, and only
-- through ledger_post() below, so every rule holds in one round trip whatever the caller.

-- One row per money holder and currency. A player's wallet carries its balance, kept by
-- ledger_post() and never negative. System accounts (house, funding, provider settlement …)
-- keep no balance row: every bet touches them, so updating one row per bet would serialise the
-- whole site on it. Their balance is the sum of their postings.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  -- money outlives a brand row: deleting a brand with money in it is refused
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  -- 'player' for a member's wallet; otherwise a system code: 'house', 'funding',
  -- 'play_bank' (where trial accounts' play money comes from), 'provider:<vendor>' …
  code text NOT NULL,
  member_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  -- the brand currency, or 'PLAY' for trial accounts' play money: a transaction never mixes two
  currency text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((code = 'player') = (member_id IS NOT NULL)),
  CHECK (balance >= 0),
  CHECK (code = 'player' OR balance = 0)
);
CREATE UNIQUE INDEX ledger_accounts_wallet_key ON ledger_accounts (member_id, currency) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (brand_id, code, currency) WHERE member_id IS NULL;

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  -- unique per source: 'adjust:<uuid>', 'seed:opening:<member>', 'provider:<vendor>:<tx id>' …
  idempotency_key text NOT NULL,
  -- adjust, bet, win, rollback, transfer …
  kind text NOT NULL,
  -- a digest of what was asked (amount, round, player): the same key with another request is a
  -- duplicate, not a replay
  fingerprint text NOT NULL,
  -- the player the movement belongs to (the distribution key of ARCHITECTURE §1); null for
  -- movements between system accounts
  member_id bigint REFERENCES members (id) ON DELETE RESTRICT,
  round_id text,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ledger_transactions_key ON ledger_transactions (brand_id, idempotency_key);
CREATE INDEX ledger_transactions_member ON ledger_transactions (member_id, created_at) WHERE member_id IS NOT NULL;

CREATE TABLE postings (
  id bigserial PRIMARY KEY,
  tx_id bigint NOT NULL REFERENCES ledger_transactions (id) ON DELETE RESTRICT,
  account_id bigint NOT NULL REFERENCES ledger_accounts (id) ON DELETE RESTRICT,
  amount bigint NOT NULL CHECK (amount <> 0),
  -- a wallet's balance right after this posting (the account record shows it); null for
  -- system accounts, which keep no balance row
  balance_after bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX postings_tx ON postings (tx_id);
CREATE INDEX postings_account ON postings (account_id, id);

-- Append-only: a correction is a new transaction.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'KH000';
END $$;
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Posts one movement in one round trip (MONEY.md: one call ≈ 0.6× a raw UPDATE, three
-- statements ≈ 0.4×).
--   1. Claim the idempotency key. Taken already: answer 'replay' with the first call's result
--      (the wallets' balances after it, kept in its postings) when the fingerprint matches, 'conflict' when it does not; post nothing either way.
--   2. Legs in ascending account id, so two movements touching the same wallets never wait on
--      each other in opposite orders (no deadlocks).
--   3. A wallet leg is one conditional UPDATE (never read-then-write); no row means the wallet
--      would go negative: SQLSTATE KH001 rolls the whole call back, key claim included.
-- Errors: KH001 insufficient funds, KH002 malformed legs, KH003 legs not summing to zero,
-- KH004 unknown account or accounts of different brands or currencies.
CREATE FUNCTION ledger_post(
  p_brand integer,
  p_key text,
  p_kind text,
  p_fingerprint text,
  p_member bigint,
  p_round text,
  p_memo text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS TABLE (tx_id bigint, outcome text, result jsonb) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_tx bigint;
  v_fp text;
  v_result jsonb := '{}'::jsonb;
  v_balance bigint;
  v_legs integer;
  v_found integer;
  v_currencies integer;
  leg record;
BEGIN
  IF p_accounts IS NULL OR p_amounts IS NULL
     OR cardinality(p_accounts) <> cardinality(p_amounts) OR cardinality(p_accounts) < 2 THEN
    RAISE EXCEPTION 'a transaction needs at least two legs' USING ERRCODE = 'KH002';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'the legs do not sum to zero' USING ERRCODE = 'KH003';
  END IF;
  SELECT count(DISTINCT l.id), count(a.id), count(DISTINCT a.currency)
    INTO v_legs, v_found, v_currencies
    FROM (SELECT DISTINCT unnest(p_accounts) AS id) AS l
    LEFT JOIN ledger_accounts a ON a.id = l.id AND a.brand_id = p_brand;
  IF v_found <> v_legs OR v_currencies <> 1 THEN
    RAISE EXCEPTION 'unknown account, or accounts of several brands or currencies' USING ERRCODE = 'KH004';
  END IF;

  INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, fingerprint, member_id, round_id, memo)
    VALUES (p_brand, p_key, p_kind, p_fingerprint, p_member, p_round, coalesce(p_memo, ''))
    ON CONFLICT (brand_id, idempotency_key) DO NOTHING
    RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT t.id, t.fingerprint INTO v_tx, v_fp
      FROM ledger_transactions t WHERE t.brand_id = p_brand AND t.idempotency_key = p_key;
    SELECT coalesce(jsonb_object_agg(p.account_id::text, p.balance_after), '{}'::jsonb) INTO v_result
      FROM postings p WHERE p.tx_id = v_tx AND p.balance_after IS NOT NULL;
    RETURN QUERY SELECT v_tx, CASE WHEN v_fp = p_fingerprint THEN 'replay' ELSE 'conflict' END, v_result;
    RETURN;
  END IF;

  FOR leg IN
    SELECT l.account_id, sum(l.amount)::bigint AS amount, (a.member_id IS NOT NULL) AS is_wallet
      FROM unnest(p_accounts, p_amounts) AS l(account_id, amount)
      JOIN ledger_accounts a ON a.id = l.account_id
     GROUP BY l.account_id, a.member_id
    HAVING sum(l.amount) <> 0
     ORDER BY l.account_id
  LOOP
    IF leg.is_wallet THEN
      UPDATE ledger_accounts SET balance = balance + leg.amount
       WHERE id = leg.account_id AND balance + leg.amount >= 0
      RETURNING balance INTO v_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'insufficient funds in account %', leg.account_id USING ERRCODE = 'KH001';
      END IF;
      v_result := v_result || jsonb_build_object(leg.account_id::text, v_balance);
      INSERT INTO postings (tx_id, account_id, amount, balance_after) VALUES (v_tx, leg.account_id, leg.amount, v_balance);
    ELSE
      INSERT INTO postings (tx_id, account_id, amount) VALUES (v_tx, leg.account_id, leg.amount);
    END IF;
  END LOOP;

  RETURN QUERY SELECT v_tx, 'posted'::text, v_result;
END $$;
