-- A deposit's credit in one call (decision 0041): the state move with its event, the ledger
-- posting keyed `deposit:<id>` (through ledger_post, so every rule of the ledger still holds in
-- one place), the turnover requirement and the arrival notice.
--
-- Each credit used to be ten round trips from the server (the order read, its context, BEGIN, the
-- move, the event, the posting, the requirement, the notice, COMMIT). On a machine where every
-- round trip costs a system call on each side that was most of its time: now a provider's paid
-- result is one statement in autocommit, and the desk's approval one statement inside the
-- transaction that writes its audit row.
--
-- The webhook's guards ride in the move's WHERE: the brand, the provider, the amount, the
-- currency, a transaction id not different from one already recorded, and (p_no_limits) a player
-- without responsible-play rows. Any guard failing moves nothing and answers no row; the caller
-- then reads the order and says precisely why (deposit-credit.ts), exactly as before. The desk
-- passes nulls: it read and checked the row itself.
--
-- An account or the brand's settings row not there yet (a first deposit through a new method)
-- raises KH010, which undoes the move: the caller opens them and calls again.
CREATE FUNCTION cashier_credit_deposit(
  p_request bigint, p_from text[], p_actor text, p_note text, p_tx_id text, p_decided_by bigint,
  p_brand integer, p_provider text, p_amount bigint, p_currency text, p_no_limits boolean
) RETURNS TABLE (member_id bigint, tx_id bigint, outcome text, result jsonb, notice_id bigint, notice_at timestamptz,
                 notice_params jsonb, unread bigint)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  r record;
  v_net bigint;
  v_source_amount bigint;
  v_accounts bigint[];
  v_amounts bigint[];
  v_unit bigint;
  v_amount_text text;
  v_params jsonb;
  v_fingerprint text;
BEGIN
  -- Statement 1: the move (the only guard that matters under concurrency: of two callers at once
  -- one updates, the other finds the state moved and gets no row), its event, and what the rest
  -- needs, each read by its unique key.
  WITH moved AS (
    UPDATE cashier_requests c
       SET state = 'credited', updated_at = now(), paid_at = now(),
           provider_tx_id = coalesce(p_tx_id, c.provider_tx_id),
           decided_by = coalesce(p_decided_by, c.decided_by),
           decided_at = CASE WHEN p_decided_by IS NULL THEN c.decided_at ELSE now() END
     WHERE c.id = p_request AND c.type = 'deposit' AND c.state = ANY (p_from)
       AND (p_brand IS NULL OR c.brand_id = p_brand)
       AND (p_provider IS NULL OR c.provider = p_provider)
       AND (p_amount IS NULL OR c.amount_minor = p_amount)
       AND (p_currency IS NULL OR c.currency = p_currency)
       AND (p_tx_id IS NULL OR c.provider_tx_id IS NULL OR c.provider_tx_id = p_tx_id)
       AND (NOT p_no_limits OR NOT EXISTS (
             SELECT 1 FROM responsible_play_limits l WHERE l.member_id = c.member_id))
    RETURNING c.id, c.brand_id, c.member_id, c.method_id, c.provider, c.amount_minor, c.fee_minor, c.fee_bearer,
              c.currency
  ), event AS (
    INSERT INTO cashier_request_events (request_id, state, actor, note)
      SELECT m.id, 'credited', p_actor, p_note FROM moved m
  )
  SELECT m.id, m.brand_id, m.member_id, m.amount_minor, m.fee_minor, m.fee_bearer, m.currency,
         (SELECT a.id FROM ledger_accounts a WHERE a.member_id = m.member_id AND a.currency = m.currency) AS wallet,
         (SELECT a.id FROM ledger_accounts a
           WHERE a.brand_id = m.brand_id AND a.member_id IS NULL AND a.currency = m.currency
             AND a.code = CASE WHEN m.provider IS NULL THEN 'bank:' || coalesce(m.method_id, 0) ELSE 'psp:' || m.provider END
         ) AS source,
         (SELECT a.id FROM ledger_accounts a
           WHERE a.brand_id = m.brand_id AND a.member_id IS NULL AND a.currency = m.currency AND a.code = 'cashier_fee'
         ) AS fee_account,
         (SELECT s.deposit_turnover_pct FROM cashier_settings s WHERE s.brand_id = m.brand_id) AS pct,
         (SELECT b.currency_decimals FROM brands b WHERE b.id = m.brand_id) AS decimals,
         x.name_en AS method_en, x.name_bn AS method_bn
    INTO r FROM moved m LEFT JOIN cashier_methods x ON x.id = m.method_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  -- The legs (CASHIER.md "Fees"): the player gets the amount, less the fee when the player bears
  -- it; the provider or the bank method's account gives what it settles; a fee the operator
  -- bears is posted to cashier_fee.
  IF r.fee_minor = 0 THEN
    v_net := r.amount_minor;
    v_source_amount := r.amount_minor;
  ELSIF r.fee_bearer = 'player' THEN
    v_net := r.amount_minor - r.fee_minor;
    v_source_amount := v_net;
  ELSE
    v_net := r.amount_minor;
    v_source_amount := r.amount_minor - r.fee_minor;
  END IF;
  IF r.wallet IS NULL OR r.source IS NULL OR r.pct IS NULL OR r.decimals IS NULL
     OR (r.fee_minor <> 0 AND r.fee_bearer <> 'player' AND r.fee_account IS NULL) THEN
    RAISE EXCEPTION 'deposit %: an account or the cashier settings are not there yet', r.id USING ERRCODE = 'KH010';
  END IF;
  IF r.fee_minor <> 0 AND r.fee_bearer <> 'player' THEN
    v_accounts := ARRAY[r.wallet, r.source, r.fee_account];
    v_amounts := ARRAY[v_net, -v_source_amount, -r.fee_minor];
  ELSE
    v_accounts := ARRAY[r.wallet, r.source];
    v_amounts := ARRAY[v_net, -v_source_amount];
  END IF;

  -- The same digest as the server's fingerprintOf({ amount, member, request }).
  v_fingerprint := translate(encode(sha256(convert_to(
    'amount=' || r.amount_minor || E'\nmember=' || r.member_id || E'\nrequest=' || r.id, 'UTF8')), 'base64'), '+/=', '-_');
  SELECT l.tx_id, l.outcome, l.result INTO tx_id, outcome, result
    FROM ledger_post(r.brand_id, 'deposit:' || r.id, 'deposit', v_fingerprint, r.member_id, NULL, 'deposit ' || r.id,
                     v_accounts, v_amounts) l;
  IF outcome = 'conflict' THEN
    RAISE EXCEPTION 'deposit %: its key was posted with another request', r.id USING ERRCODE = 'KH011';
  END IF;

  -- The notice's amount as the server's fromMinor writes it.
  v_unit := power(10::numeric, r.decimals)::bigint;
  v_amount_text := CASE WHEN r.decimals = 0 THEN v_net::text
                        ELSE (v_net / v_unit)::text || '.' || lpad((v_net % v_unit)::text, r.decimals, '0') END;
  -- The method in both languages: the reader's page picks its own.
  v_params := jsonb_build_object('amount', v_amount_text, 'currency', r.currency, 'method', coalesce(r.method_en, ''),
                                 'method_en', coalesce(r.method_en, ''), 'method_bn', coalesce(r.method_bn, ''));

  -- Statement 3: the turnover requirement (none at 0 %) and the notice.
  WITH requirement AS (
    INSERT INTO turnover_requirements (brand_id, member_id, source, source_key, required_minor, remaining_minor)
      SELECT r.brand_id, r.member_id, 'deposit', 'deposit:' || r.id, q.required, q.required
        FROM (SELECT v_net * r.pct / 100 AS required) q
       WHERE q.required > 0
      ON CONFLICT (source_key) DO NOTHING
  )
  -- The notice, with the member's unread count for the push (the statement's snapshot does not
  -- hold the row it inserts: one more).
  INSERT INTO member_messages (brand_id, member_id, kind, params, request_id)
    VALUES (r.brand_id, r.member_id, 'deposit.arrival', v_params, r.id)
    RETURNING id, created_at,
              (SELECT count(*) + 1 FROM member_messages u WHERE u.member_id = r.member_id AND u.read_at IS NULL)
         INTO notice_id, notice_at, unread;
  member_id := r.member_id;
  notice_params := v_params;
  RETURN NEXT;
END $$;
