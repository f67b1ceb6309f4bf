-- A wallet's balance moves out of ledger_accounts into a table of its own (decision 0019).
--
-- Every movement first reads its accounts (ledger_post() checks they exist in the brand, share
-- one currency, and that the movement's member holds one of its wallets) and only then locks
-- and updates its wallet. While the balance lived on the account row, that read landed on the
-- row the movements before it were updating: on a busy wallet the reader follows a chain of
-- row versions that grows with every bet, and each reader's pin on the page keeps PostgreSQL
-- from pruning the chain, so the lock holder's own update walks it too. Bets on one wallet from
-- 32 clients fell from ≈1,900/s to ≈800/s in such spells. Now ledger_accounts holds who and
-- what currency, never changes (trigger below), and is read freely; wallet_balances holds how
-- much, and only the conditional update touches it.

CREATE TABLE wallet_balances (
  -- a player's wallet (system accounts keep no balance row: theirs is the sum of their postings)
  account_id bigint PRIMARY KEY REFERENCES ledger_accounts (id) ON DELETE RESTRICT,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0)
);
INSERT INTO wallet_balances (account_id, balance)
  SELECT id, balance FROM ledger_accounts WHERE member_id IS NOT NULL;
ALTER TABLE ledger_accounts DROP COLUMN balance;

-- A wallet has its balance row from the moment it is opened, whoever opens it.
CREATE FUNCTION ledger_accounts_open_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_balances (account_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_accounts_open_balance
  AFTER INSERT ON ledger_accounts
  FOR EACH ROW WHEN (NEW.member_id IS NOT NULL) EXECUTE FUNCTION ledger_accounts_open_balance();

-- Ledger accounts are permanent and, with the balance gone, never change at all.
CREATE OR REPLACE FUNCTION ledger_accounts_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are permanent' USING ERRCODE = 'KH006';
  END IF;
  RAISE EXCEPTION 'a ledger account never changes' USING ERRCODE = 'KH006';
END $$;
DROP TRIGGER ledger_accounts_permanent ON ledger_accounts;
CREATE TRIGGER ledger_accounts_permanent
  BEFORE DELETE OR UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_permanent();

-- ledger_post(), same contract as 0017. Besides the balances' new table, each statement is
-- written so that its plan cannot depend on the number of accounts: PL/pgSQL keeps a plan per
-- statement, and the old one-query read of the accounts (unnest of the legs joined to
-- ledger_accounts) had a generic plan that scans every account, so PostgreSQL planned it anew on
-- every call instead — CPU taken from the one session holding a busy wallet's lock. The accounts
-- are now read by primary key (`id = ANY`), and the single-wallet update names its row.
CREATE OR REPLACE FUNCTION ledger_post(
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
  v_ids bigint[];
  v_sums bigint[];
  v_wallet boolean[];
  v_currencies integer;
  v_members bigint[];
  v_wallet_legs integer;
  v_wallet_id bigint;
  v_wallet_amount bigint;
  v_wallet_ids bigint[] := '{}';
  v_wallet_amounts bigint[] := '{}';
  v_wallet_balances bigint[] := '{}';
  i integer;
BEGIN
  IF p_accounts IS NULL OR p_amounts IS NULL
     OR cardinality(p_accounts) <> cardinality(p_amounts) OR cardinality(p_accounts) < 2 THEN
    RAISE EXCEPTION 'a transaction needs at least two legs' USING ERRCODE = 'KH002';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'the legs do not sum to zero' USING ERRCODE = 'KH003';
  END IF;
  -- One read of the accounts, by primary key: each leg netted per account, in ascending id (the
  -- lock order).
  WITH accounts AS MATERIALIZED (
    SELECT a.id, a.member_id, a.currency FROM ledger_accounts a
     WHERE a.id = ANY (p_accounts) AND a.brand_id = p_brand
  ), legs AS (
    SELECT u.account_id, sum(u.amount)::bigint AS amount FROM unnest(p_accounts, p_amounts) AS u(account_id, amount)
     GROUP BY u.account_id
  )
  SELECT array_agg(l.account_id ORDER BY l.account_id), array_agg(l.amount ORDER BY l.account_id),
         array_agg(a.member_id IS NOT NULL ORDER BY l.account_id), count(DISTINCT a.currency),
         array_agg(a.member_id) FILTER (WHERE a.member_id IS NOT NULL),
         count(*) FILTER (WHERE a.member_id IS NOT NULL AND l.amount <> 0),
         min(l.account_id) FILTER (WHERE a.member_id IS NOT NULL AND l.amount <> 0),
         min(l.amount) FILTER (WHERE a.member_id IS NOT NULL AND l.amount <> 0)
    INTO v_ids, v_sums, v_wallet, v_currencies, v_members, v_wallet_legs, v_wallet_id, v_wallet_amount
    FROM legs l JOIN accounts a ON a.id = l.account_id;
  IF coalesce(cardinality(v_ids), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) AS x) OR v_currencies <> 1 THEN
    RAISE EXCEPTION 'unknown account, or accounts of several brands or currencies' USING ERRCODE = 'KH004';
  END IF;
  -- A movement belongs to the holder of one of its wallets (or to nobody, between system
  -- accounts).
  IF p_member IS NOT NULL AND NOT (p_member = ANY (coalesce(v_members, '{}'))) THEN
    RAISE EXCEPTION 'member % holds none of the accounts', p_member USING ERRCODE = 'KH005';
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

  -- System accounts first: no lock to hold while they are written.
  INSERT INTO postings (tx_id, account_id, amount)
    SELECT v_tx, s.id, s.amount FROM unnest(v_ids, v_sums, v_wallet) AS s(id, amount, is_wallet)
     WHERE NOT s.is_wallet AND s.amount <> 0;

  -- One wallet (every bet, win, rollback and adjustment): its conditional update and its
  -- posting in one statement, so the row lock it takes is held for as little as can be; no row
  -- means it would go negative, and KH001 undoes the whole call, key claim included.
  IF v_wallet_legs = 1 THEN
    WITH u AS (
      UPDATE wallet_balances SET balance = balance + v_wallet_amount
       WHERE account_id = v_wallet_id AND balance + v_wallet_amount >= 0
      RETURNING balance
    )
    INSERT INTO postings (tx_id, account_id, amount, balance_after)
      SELECT v_tx, v_wallet_id, v_wallet_amount, u.balance FROM u
    RETURNING balance_after INTO v_balance;
    IF v_balance IS NULL THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KH001';
    END IF;
    RETURN QUERY SELECT v_tx, 'posted'::text, jsonb_build_object(v_wallet_id::text, v_balance);
    RETURN;
  END IF;

  -- Then each wallet, by one conditional UPDATE in ascending id; no row means it would go
  -- negative, and KH001 undoes the whole call, key claim included.
  FOR i IN 1 .. cardinality(v_ids) LOOP
    CONTINUE WHEN NOT v_wallet[i] OR v_sums[i] = 0;
    UPDATE wallet_balances SET balance = balance + v_sums[i]
     WHERE account_id = v_ids[i] AND balance + v_sums[i] >= 0
    RETURNING balance INTO v_balance;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insufficient funds in account %', v_ids[i] USING ERRCODE = 'KH001';
    END IF;
    v_wallet_ids := v_wallet_ids || v_ids[i];
    v_wallet_amounts := v_wallet_amounts || v_sums[i];
    v_wallet_balances := v_wallet_balances || v_balance;
    v_result := v_result || jsonb_build_object(v_ids[i]::text, v_balance);
  END LOOP;
  IF cardinality(v_wallet_ids) > 0 THEN
    INSERT INTO postings (tx_id, account_id, amount, balance_after)
      SELECT v_tx, w.id, w.amount, w.balance FROM unnest(v_wallet_ids, v_wallet_amounts, v_wallet_balances) AS w(id, amount, balance);
  END IF;

  RETURN QUERY SELECT v_tx, 'posted'::text, v_result;
END $$;

