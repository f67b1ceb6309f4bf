-- Bets on one busy wallet queue on its row lock; bench/money.ts compares them with a raw UPDATE
-- of one row (the target: at least half its rate, docs/benchmarks.md). Two things made them
-- slower than they had to be:
--
-- 1. Foreign keys from every ledger transaction to its brand and member rows, and from every
--    posting to its account row. Each check takes a KEY SHARE lock on the row it points at, and
--    every concurrent movement of a brand (all of them) and of a member piles onto those rows as
--    multixacts. ledger_post() checks the same facts itself, more strictly: the accounts must
--    exist in the brand (its join), and the movement's member must hold one of its wallets
--    (KH005). What the posting's foreign key protected, that an account never disappears, is
--    kept by a trigger: ledger accounts are never deleted and never change holder, brand,
--    currency or code.
-- 2. Once a wallet's row is locked, everything until commit makes the next movement wait. With
--    one wallet in the movement (every bet, win, rollback and adjustment) the conditional update
--    and the wallet's posting are now one statement.
--
-- The transaction's own rows keep their keys (postings → ledger_transactions: the row was
-- written by the same transaction, so its lock costs nothing), and so do accounts → brands and
-- accounts → members (accounts are created once).

ALTER TABLE ledger_transactions
  DROP CONSTRAINT ledger_transactions_brand_id_fkey,
  DROP CONSTRAINT ledger_transactions_member_id_fkey;
ALTER TABLE postings DROP CONSTRAINT postings_account_id_fkey;

CREATE FUNCTION ledger_accounts_permanent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are permanent' USING ERRCODE = 'KH006';
  END IF;
  IF (NEW.id, NEW.brand_id, NEW.code, NEW.member_id, NEW.currency)
     IS DISTINCT FROM (OLD.id, OLD.brand_id, OLD.code, OLD.member_id, OLD.currency) THEN
    RAISE EXCEPTION 'a ledger account never changes holder' USING ERRCODE = 'KH006';
  END IF;
  RETURN NEW;
END $$;
-- Only on DELETE and on updates of the identity columns: the balance updates of every bet do
-- not fire it.
CREATE TRIGGER ledger_accounts_permanent
  BEFORE DELETE OR UPDATE OF id, brand_id, code, member_id, currency ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_permanent();

-- ledger_post(), same contract as 0009 and 0012, plus KH005.
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
  v_balances jsonb;
  v_ids bigint[];
  v_sums bigint[];
  v_wallet boolean[];
  v_currencies integer;
  v_members bigint[];
  v_wallet_legs integer;
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
         array_agg(l.is_wallet ORDER BY l.account_id), count(DISTINCT l.currency),
         array_agg(l.member_id) FILTER (WHERE l.member_id IS NOT NULL),
         count(*) FILTER (WHERE l.is_wallet AND l.amount <> 0)
    INTO v_ids, v_sums, v_wallet, v_currencies, v_members, v_wallet_legs
    FROM (
      SELECT u.account_id, sum(u.amount)::bigint AS amount, (a.member_id IS NOT NULL) AS is_wallet, a.currency,
             a.member_id
        FROM unnest(p_accounts, p_amounts) AS u(account_id, amount)
        JOIN ledger_accounts a ON a.id = u.account_id AND a.brand_id = p_brand
       GROUP BY u.account_id, a.member_id, a.currency
    ) AS l;
  IF coalesce(cardinality(v_ids), 0) <> (SELECT count(DISTINCT x) FROM unnest(p_accounts) AS x) OR v_currencies <> 1 THEN
    RAISE EXCEPTION 'unknown account, or accounts of several brands or currencies' USING ERRCODE = 'KH004';
  END IF;
  -- What the foreign key to members used to say, said more strictly: a movement belongs to the
  -- holder of one of its wallets (or to nobody, between system accounts).
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
    WITH w AS (
      SELECT s.id, s.amount FROM unnest(v_ids, v_sums, v_wallet) AS s(id, amount, is_wallet)
       WHERE s.is_wallet AND s.amount <> 0
    ), u AS (
      UPDATE ledger_accounts a SET balance = a.balance + w.amount FROM w
       WHERE a.id = w.id AND a.balance + w.amount >= 0
      RETURNING a.id, w.amount, a.balance
    ), ins AS (
      INSERT INTO postings (tx_id, account_id, amount, balance_after)
      SELECT v_tx, u.id, u.amount, u.balance FROM u RETURNING account_id, balance_after
    )
    SELECT jsonb_object_agg(ins.account_id::text, ins.balance_after) INTO v_balances FROM ins;
    IF v_balances IS NULL THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'KH001';
    END IF;
    RETURN QUERY SELECT v_tx, 'posted'::text, v_balances;
    RETURN;
  END IF;

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
