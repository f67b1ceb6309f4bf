-- Providers' paid results arriving together, credited by a few statements over the whole batch
-- (decision 0043) instead of the single credit's statements once per item (migration 0047).
--
-- In 0047 a batch of 32 ran 32 × eight statements: each pays the executor's start-up, its plan's
-- locks and its index descents one at a time, and that was most of a credit's 460–640 µs of
-- database work against a raw transfer's 160–250 µs. Here the batch is three statements
-- whatever its size:
--  1. The move of every order whose guards hold (as in 0046: brand, provider, amount, currency,
--     no other transaction id, no responsible-play rows), its event, and what the rest needs,
--     each read by its unique key.
--  2. The players' wallets locked in account order: the order of ledger_post()'s transfers, so
--     no two batches, and no batch and a transfer, can deadlock over them.
--  3. The ledger (each credit its own transaction keyed `deposit:<id>`, the legs of 0046 — the
--     player gets the amount less a fee the player bears, the provider's account gives what it
--     settles, a fee the operator bears goes to cashier_fee — and each wallet posting with the
--     balance it left, in the batch's order), the turnover requirements and the notices with each
--     player's unread count.
--
-- What a batch cannot take raises, which undoes all of it, and the server then credits each item
-- alone through cashier_credit_deposit(), whose answers are the reference: an account or the
-- settings row not there yet (KH010, as before); a key already taken, a net credit that is not
-- positive or a wallet without its balance row (KH012: none happens in a working site, and the
-- single path says precisely what is wrong), or one order sent twice with different contents
-- (KH012: the single path tries each copy in turn). An item whose guards do not match answers no
-- row, as before, and the server reads its order to say why; of one order sent twice alike the
-- first is credited and the second answers no row, as before.
--
-- Each batch's answers are the single credit's: the same transaction per credit, the same
-- postings and balances after, the same requirement, the same notice and unread count.
CREATE TYPE cashier_credit_item AS (
  ord integer, item integer, request_id bigint, brand_id integer, member_id bigint, currency text,
  amount_minor bigint, net bigint, source_amount bigint, fee_posted bigint,
  wallet bigint, source bigint, fee_account bigint, required bigint, fingerprint text, params jsonb
);

CREATE OR REPLACE FUNCTION cashier_credit_deposits(
  p_requests bigint[], p_actors text[], p_tx_ids text[], p_brands integer[], p_providers text[],
  p_amounts bigint[], p_currencies text[]
) RETURNS TABLE (item integer, member_id bigint, tx_id bigint, outcome text, result jsonb, notice_id bigint,
                 notice_at timestamptz, notice_params jsonb, unread bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  v_items cashier_credit_item[];
  v_moved integer;
  v_unready integer;
  v_unfit integer;
  v_mixed integer;
  v_answered integer;
BEGIN
  -- Statement 1: the moves, their events, and each moved order's accounts, settings and legs.
  WITH input AS (
    SELECT DISTINCT ON (o.id) o.id, o.n::integer AS n
      FROM unnest(p_requests) WITH ORDINALITY AS o(id, n)
     ORDER BY o.id, o.n
  ), moved AS (
    UPDATE cashier_requests c
       SET state = 'credited', updated_at = now(), paid_at = now(),
           provider_tx_id = coalesce(p_tx_ids[i.n], c.provider_tx_id)
      FROM input i
     WHERE c.id = i.id AND c.type = 'deposit' AND c.state IN ('created', 'pending')
       AND (p_brands[i.n] IS NULL OR c.brand_id = p_brands[i.n])
       AND (p_providers[i.n] IS NULL OR c.provider = p_providers[i.n])
       AND (p_amounts[i.n] IS NULL OR c.amount_minor = p_amounts[i.n])
       AND (p_currencies[i.n] IS NULL OR c.currency = p_currencies[i.n])
       AND (p_tx_ids[i.n] IS NULL OR c.provider_tx_id IS NULL OR c.provider_tx_id = p_tx_ids[i.n])
       AND NOT EXISTS (SELECT 1 FROM responsible_play_limits l WHERE l.member_id = c.member_id)
    RETURNING i.n, c.id, c.brand_id, c.member_id, c.method_id, c.provider, c.amount_minor, c.fee_minor,
              c.fee_bearer, c.currency
  ), event AS (
    INSERT INTO cashier_request_events (request_id, state, actor, note)
      SELECT m.id, 'credited', p_actors[m.n], NULL FROM moved m
  ), legs AS (
    -- CASHIER.md "Fees", as in 0046.
    SELECT m.*,
           CASE WHEN m.fee_minor <> 0 AND m.fee_bearer = 'player' THEN m.amount_minor - m.fee_minor
                ELSE m.amount_minor END AS net,
           m.amount_minor - m.fee_minor AS source_amount,
           CASE WHEN m.fee_minor <> 0 AND m.fee_bearer <> 'player' THEN m.fee_minor ELSE 0 END AS fee_posted
      FROM moved m
  ), ctx AS (
    -- Players, then orders: the order the single credits ran in, and the postings' order.
    SELECT l.*, row_number() OVER (ORDER BY l.member_id, l.id)::integer AS ord,
           -- The player's wallet in the order's brand, as ledger_post() reads every leg.
           (SELECT a.id FROM ledger_accounts a
             WHERE a.member_id = l.member_id AND a.brand_id = l.brand_id AND a.currency = l.currency) AS wallet,
           (SELECT a.id FROM ledger_accounts a
             WHERE a.brand_id = l.brand_id AND a.member_id IS NULL AND a.currency = l.currency
               AND a.code = CASE WHEN l.provider IS NULL THEN 'bank:' || coalesce(l.method_id, 0) ELSE 'psp:' || l.provider END
           ) AS source,
           (SELECT a.id FROM ledger_accounts a
             WHERE a.brand_id = l.brand_id AND a.member_id IS NULL AND a.currency = l.currency AND a.code = 'cashier_fee'
           ) AS fee_account,
           (SELECT s.deposit_turnover_pct FROM cashier_settings s WHERE s.brand_id = l.brand_id) AS pct,
           (SELECT b.currency_decimals FROM brands b WHERE b.id = l.brand_id) AS decimals,
           x.name_en AS method_en, x.name_bn AS method_bn
      FROM legs l LEFT JOIN cashier_methods x ON x.id = l.method_id
  )
  SELECT (SELECT count(*) FROM (
            SELECT 1 FROM unnest(p_requests, p_actors, p_tx_ids, p_brands, p_providers, p_amounts, p_currencies)
                          AS u(id, actor, tx, brand, provider, amount, currency)
             GROUP BY u.id HAVING count(DISTINCT ROW(u.actor, u.tx, u.brand, u.provider, u.amount, u.currency)) > 1
         ) mixed),
         count(*),
         count(*) FILTER (WHERE c.wallet IS NULL OR c.source IS NULL OR c.pct IS NULL OR c.decimals IS NULL
                                OR (c.fee_posted <> 0 AND c.fee_account IS NULL)),
         count(*) FILTER (WHERE c.net <= 0),
         array_agg(ROW(
           c.ord, c.n, c.id, c.brand_id, c.member_id, c.currency,
           c.amount_minor, c.net, c.source_amount, c.fee_posted, c.wallet, c.source, c.fee_account,
           c.net * c.pct / 100,
           -- The same digest as the server's fingerprintOf({ amount, member, request }).
           translate(encode(sha256(convert_to(
             'amount=' || c.amount_minor || E'\nmember=' || c.member_id || E'\nrequest=' || c.id, 'UTF8')), 'base64'),
             '+/=', '-_'),
           -- The notice's amount as the server's fromMinor writes it, the method in both languages.
           jsonb_build_object(
             'amount', CASE WHEN c.decimals = 0 THEN c.net::text
                            ELSE (c.net / power(10::numeric, c.decimals)::bigint)::text || '.'
                                 || lpad((c.net % power(10::numeric, c.decimals)::bigint)::text, c.decimals, '0') END,
             'currency', c.currency, 'method', coalesce(c.method_en, ''),
             'method_en', coalesce(c.method_en, ''), 'method_bn', coalesce(c.method_bn, ''))
         )::cashier_credit_item)
    INTO v_mixed, v_moved, v_unready, v_unfit, v_items
    FROM ctx c;
  -- Two copies of one order that differ: the batch tried only the first, the single path tries
  -- each in turn (the first may fail a guard the second passes).
  IF v_mixed > 0 THEN
    RAISE EXCEPTION 'an order sent twice in the batch with different contents: credit each alone' USING ERRCODE = 'KH012';
  END IF;
  IF v_moved = 0 THEN
    RETURN;
  END IF;
  IF v_unready > 0 THEN
    RAISE EXCEPTION 'a deposit of the batch: an account or the cashier settings are not there yet' USING ERRCODE = 'KH010';
  END IF;
  IF v_unfit > 0 THEN
    RAISE EXCEPTION 'a deposit of the batch credits nothing: credit it alone' USING ERRCODE = 'KH012';
  END IF;

  -- Statement 2: the wallets, locked in account order.
  PERFORM 1 FROM wallet_balances w
    WHERE w.account_id IN (SELECT x.wallet FROM unnest(v_items) x)
    ORDER BY w.account_id FOR UPDATE;

  -- Statement 3: the ledger, the requirements and the notices, answered a row per credit.
  RETURN QUERY
    WITH items AS (
      SELECT * FROM unnest(v_items)
    ), claim AS (
      INSERT INTO ledger_transactions (brand_id, idempotency_key, kind, fingerprint, member_id, round_id, memo)
        SELECT x.brand_id, 'deposit:' || x.request_id, 'deposit', x.fingerprint, x.member_id, NULL,
               'deposit ' || x.request_id
          FROM items x ORDER BY x.ord
        ON CONFLICT (brand_id, idempotency_key) DO NOTHING
        RETURNING id, idempotency_key
    ), claimed AS (
      SELECT x.*, c.id AS tx FROM items x JOIN claim c ON c.idempotency_key = 'deposit:' || x.request_id
    ), system_postings AS (
      INSERT INTO postings (tx_id, account_id, amount)
        SELECT c.tx, c.source, -c.source_amount FROM claimed c WHERE c.source_amount <> 0
        UNION ALL
        SELECT c.tx, c.fee_account, -c.fee_posted FROM claimed c WHERE c.fee_posted <> 0
    ), wallets AS (
      UPDATE wallet_balances w SET balance = w.balance + s.amount
        FROM (SELECT c.wallet, sum(c.net)::bigint AS amount FROM claimed c GROUP BY c.wallet) s
       WHERE w.account_id = s.wallet
      RETURNING w.account_id, w.balance
    ), wallet_postings AS (
      -- Each credit's balance after: the wallet's new balance less the credits after it. The
      -- sort below the insert hands out the postings' ids in the batch's order, which orders a
      -- wallet's postings.
      INSERT INTO postings (tx_id, account_id, amount, balance_after)
        SELECT c.tx, c.wallet, c.net,
               w.balance - coalesce(sum(c.net) OVER (PARTITION BY c.wallet ORDER BY c.ord
                                                     ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)
          FROM claimed c JOIN wallets w ON w.account_id = c.wallet
         ORDER BY c.ord
      RETURNING tx_id, balance_after
    ), requirement AS (
      INSERT INTO turnover_requirements (brand_id, member_id, source, source_key, required_minor, remaining_minor)
        SELECT c.brand_id, c.member_id, 'deposit', 'deposit:' || c.request_id, c.required, c.required
          FROM claimed c WHERE c.required > 0 ORDER BY c.ord
        ON CONFLICT (source_key) DO NOTHING
    ), notice AS (
      INSERT INTO member_messages (brand_id, member_id, kind, params, request_id)
        SELECT c.brand_id, c.member_id, 'deposit.arrival', c.params, c.request_id FROM claimed c ORDER BY c.ord
      RETURNING id, created_at, request_id
    )
    SELECT c.item, c.member_id, c.tx, 'posted'::text, jsonb_build_object(c.wallet::text, p.balance_after),
           n.id, n.created_at, c.params,
           -- The unread notices before this statement (its snapshot holds none of its own), and the
           -- batch's own up to this one.
           u.unread + row_number() OVER (PARTITION BY c.member_id ORDER BY c.ord)
      FROM claimed c
      JOIN wallet_postings p ON p.tx_id = c.tx
      JOIN notice n ON n.request_id = c.request_id
      CROSS JOIN LATERAL (
        SELECT count(*) AS unread FROM member_messages m WHERE m.member_id = c.member_id AND m.read_at IS NULL
      ) u;
  GET DIAGNOSTICS v_answered = ROW_COUNT;
  IF v_answered <> v_moved THEN
    RAISE EXCEPTION 'a deposit of the batch could not be posted with the others: credit it alone' USING ERRCODE = 'KH012';
  END IF;
END $$;
