-- ledger_post(), same contract as 0009, holding a hot wallet's row lock for less time: the
-- benchmark (bench/money.ts) showed bets on one hot wallet at 0.38× a raw UPDATE. A wallet row
-- stays locked from its UPDATE until commit, so everything that does not need the lock now
-- happens before it: the accounts are read once, the system accounts' postings are written
-- first, and the wallets' postings go in one INSERT after their updates.
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
  -- One read of the accounts: each leg netted per account, in ascending id (the lock order).
  SELECT array_agg(l.account_id ORDER BY l.account_id), array_agg(l.amount ORDER BY l.account_id),
         array_agg(l.is_wallet ORDER BY l.account_id), count(DISTINCT l.currency)
    INTO v_ids, v_sums, v_wallet, v_currencies
    FROM (
      SELECT u.account_id, sum(u.amount)::bigint AS amount, (a.member_id IS NOT NULL) AS is_wallet, a.currency
        FROM unnest(p_accounts, p_amounts) AS u(account_id, amount)
        JOIN ledger_accounts a ON a.id = u.account_id AND a.brand_id = p_brand
       GROUP BY u.account_id, a.member_id, a.currency
    ) AS l;
  IF coalesce(cardinality(v_ids), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) AS x) OR v_currencies <> 1 THEN
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

  -- System accounts first: no lock to hold while they are written.
  INSERT INTO postings (tx_id, account_id, amount)
    SELECT v_tx, s.id, s.amount FROM unnest(v_ids, v_sums, v_wallet) AS s(id, amount, is_wallet)
     WHERE NOT s.is_wallet AND s.amount <> 0;

  -- Then each wallet, by one conditional UPDATE in ascending id; no row means it would go
  -- negative, and KH001 undoes the whole call, key claim included.
  FOR i IN 1 .. cardinality(v_ids) LOOP
    CONTINUE WHEN NOT v_wallet[i] OR v_sums[i] = 0;
    UPDATE ledger_accounts SET balance = balance + v_sums[i]
     WHERE id = v_ids[i] AND balance + v_sums[i] >= 0
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
