-- ledger_post(), same contract and error codes as 0018, doing the same work in fewer statements
-- and with plans that stay the same from the first account to the millionth (decision 0029).
--
-- A profile of the database under bets (2 cores, 32 clients) found a third of its CPU in two
-- places:
--  - Executor start-up. Every SQL statement a PL/pgSQL function runs pays for one, whatever it
--    does, and a bet ran seven (two guards with a subquery, the accounts, the key, the system
--    postings, the wallet, the answer).
--  - A sequential scan of every account. The accounts were read with `id = ANY (legs)`, whose
--    generic plan (the one PL/pgSQL settles on after five calls) assumes ten legs; while a site
--    has fewer than a few thousand accounts, or no statistics yet, reading the whole table looks
--    cheaper than ten index probes, so every bet read every account.
--
-- Now a movement is two statements, each planned once per connection:
--  1. Read and claim: each leg's account read by its primary key (one lookup per leg, kept out
--     of the join order by OFFSET 0, so no plan can scan the table), the guards' figures
--     computed in the same pass, the idempotency key claimed and the system accounts' postings
--     written. Anything found wrong afterwards raises, which undoes the claim and the postings
--     with it, exactly as before.
--  2. The wallet's conditional update with its posting (unchanged: the only part that holds the
--     wallet's lock).
-- The answer goes back with RETURN NEXT, which runs no statement. The function plans its
-- statements generically from the first call (plan_cache_mode below): their plans no longer
-- depend on the number of legs or accounts, and planning anew on every call is what decision
-- 0020 removed.
--
-- The posting -> transaction foreign key goes too. Its check ran one more query per posting,
-- the second inside the wallet's lock, and wrote a row-lock record to the WAL on every movement.
-- Postings are written only here, in the call that claims their transaction, and transactions
-- are never deleted (trigger since 0009); the ledger check (`npm run khela -- ledger-check`, the
-- tests, the benchmark) reports a posting without its transaction.
ALTER TABLE postings DROP CONSTRAINT postings_tx_id_fkey;

-- A posting is found by its transaction and account (a replay's answer, the account record's
-- join), never by its own id, and ledger_post() nets each account's legs into one posting: the
-- pair is the key. It replaces the index on id and the one on tx_id, so a movement writes two
-- index entries fewer, one of them inside the wallet's lock. `id` stays: it orders a wallet's
-- postings (postings_account), in the order their wallet was locked.
ALTER TABLE postings DROP CONSTRAINT postings_pkey;
DROP INDEX postings_tx;
ALTER TABLE postings ADD PRIMARY KEY (tx_id, account_id);

CREATE OR REPLACE FUNCTION ledger_post(
  p_brand integer, p_key text, p_kind text, p_fingerprint text, p_member bigint, p_round text, p_memo text,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (tx_id bigint, outcome text, result jsonb) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  v_tx bigint;
  v_fp text;
  v_result jsonb := '{}'::jsonb;
  v_balance bigint;
  v_ids bigint[];
  v_sums bigint[];
  v_wallet boolean[];
  v_total numeric;
  v_legs integer;
  v_found integer;
  v_currency_a text;
  v_currency_b text;
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
     OR cardinality(p_accounts) <> cardinality(p_amounts) OR cardinality(p_accounts) < 2
     OR array_position(p_accounts, NULL) IS NOT NULL OR array_position(p_amounts, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'a transaction needs at least two legs' USING ERRCODE = 'KH002';
  END IF;

  -- Statement 1: each account once with its legs netted, read by primary key; the key claimed;
  -- the system accounts' postings written (no lock is held while they are).
  WITH legs AS (
    SELECT u.account_id, sum(u.amount)::bigint AS amount
      FROM unnest(p_accounts, p_amounts) AS u(account_id, amount)
     GROUP BY u.account_id
  ), found AS (
    -- OFFSET 0 keeps the lookup a lookup: the planner cannot turn it into a join over the table.
    SELECT l.account_id, l.amount, a.member_id, a.currency
      FROM legs l
      LEFT JOIN LATERAL (
        SELECT x.member_id, x.currency FROM ledger_accounts x
         WHERE x.id = l.account_id AND x.brand_id = p_brand
        OFFSET 0
      ) a ON true
  ), claim AS (
    INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, fingerprint, member_id, round_id, memo)
      VALUES (p_brand, p_key, p_kind, p_fingerprint, p_member, p_round, coalesce(p_memo, ''))
      ON CONFLICT (brand_id, idempotency_key) DO NOTHING
      RETURNING id
  ), system_postings AS (
    INSERT INTO postings (tx_id, account_id, amount)
      SELECT c.id, f.account_id, f.amount FROM claim c CROSS JOIN found f
       WHERE f.currency IS NOT NULL AND f.member_id IS NULL AND f.amount <> 0
  )
  SELECT (SELECT c.id FROM claim c),
         array_agg(f.account_id), array_agg(f.amount), array_agg(f.member_id IS NOT NULL),
         sum(f.amount), count(*), count(f.currency), min(f.currency), max(f.currency),
         array_agg(f.member_id) FILTER (WHERE f.member_id IS NOT NULL),
         count(*) FILTER (WHERE f.member_id IS NOT NULL AND f.amount <> 0),
         min(f.account_id) FILTER (WHERE f.member_id IS NOT NULL AND f.amount <> 0),
         min(f.amount) FILTER (WHERE f.member_id IS NOT NULL AND f.amount <> 0)
    INTO v_tx, v_ids, v_sums, v_wallet, v_total, v_legs, v_found, v_currency_a, v_currency_b, v_members,
         v_wallet_legs, v_wallet_id, v_wallet_amount
    FROM found f;
  -- The guards, in the order they always ran; raising undoes the claim and the postings above.
  IF v_total <> 0 THEN
    RAISE EXCEPTION 'the legs do not sum to zero' USING ERRCODE = 'KH003';
  END IF;
  IF v_found <> v_legs OR v_currency_a <> v_currency_b THEN
    RAISE EXCEPTION 'unknown account, or accounts of several brands or currencies' USING ERRCODE = 'KH004';
  END IF;
  -- A movement belongs to the holder of one of its wallets (or to nobody, between system
  -- accounts).
  IF p_member IS NOT NULL AND NOT (p_member = ANY (coalesce(v_members, '{}'))) THEN
    RAISE EXCEPTION 'member % holds none of the accounts', p_member USING ERRCODE = 'KH005';
  END IF;

  IF v_tx IS NULL THEN
    -- The key was taken before: the same request is answered as the first time, another is a
    -- conflict. Nothing was written above.
    SELECT t.id, t.fingerprint INTO v_tx, v_fp
      FROM ledger_transactions t WHERE t.brand_id = p_brand AND t.idempotency_key = p_key;
    SELECT coalesce(jsonb_object_agg(p.account_id::text, p.balance_after), '{}'::jsonb) INTO v_result
      FROM postings p WHERE p.tx_id = v_tx AND p.balance_after IS NOT NULL;
    tx_id := v_tx;
    outcome := CASE WHEN v_fp = p_fingerprint THEN 'replay' ELSE 'conflict' END;
    result := v_result;
    RETURN NEXT;
    RETURN;
  END IF;

  -- Statement 2, one wallet (every bet, win, rollback and adjustment): its conditional update
  -- and its posting in one statement, so the row lock it takes is held for as little as can be;
  -- no row means it would go negative, and KH001 undoes the whole call, key claim included.
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
    tx_id := v_tx;
    outcome := 'posted';
    result := jsonb_build_object(v_wallet_id::text, v_balance);
    RETURN NEXT;
    RETURN;
  END IF;

  -- Several wallets (transfers): one conditional UPDATE each in ascending id, the lock order, so
  -- two transfers between the same wallets cannot deadlock.
  SELECT array_agg(s.id ORDER BY s.id), array_agg(s.amount ORDER BY s.id), array_agg(s.is_wallet ORDER BY s.id)
    INTO v_ids, v_sums, v_wallet
    FROM unnest(v_ids, v_sums, v_wallet) AS s(id, amount, is_wallet);
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
  tx_id := v_tx;
  outcome := 'posted';
  result := v_result;
  RETURN NEXT;
END $$;
