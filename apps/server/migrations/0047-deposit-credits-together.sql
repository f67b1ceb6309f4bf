-- Providers' paid results arriving together are credited in one transaction (decision 0042).
--
-- A credit is about 350 µs of the database's work; as a statement of its own it costs 900 µs,
-- because every transaction pays again for what a credit touches once — the locks on some forty
-- tables and indexes (more than a backend's fast-path slots), the snapshot, the commit and its
-- flush to disk. The server now gathers the results that arrive while the previous batch is
-- being written (a few dozen at most) and credits them here, each exactly as
-- cashier_credit_deposit() credits one, with the same guards and answers.
--
-- Items are taken in the order of their players (then requests), so two batches from two server
-- processes lock the players' wallets in the same order and cannot deadlock over them. One item
-- that raises (an account not open yet, a transaction id that is another order's) undoes the
-- whole batch; the server then credits each item alone, as before. An item whose guards do not
-- match (a replay, another amount, a player with responsible-play rows) answers no row, and the
-- server reads its order to say why.
CREATE FUNCTION cashier_credit_deposits(
  p_requests bigint[], p_actors text[], p_tx_ids text[], p_brands integer[], p_providers text[],
  p_amounts bigint[], p_currencies text[]
) RETURNS TABLE (item integer, member_id bigint, tx_id bigint, outcome text, result jsonb, notice_id bigint,
                 notice_at timestamptz, notice_params jsonb, unread bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  i integer;
BEGIN
  FOR i IN
    SELECT o.n::integer
      FROM unnest(p_requests) WITH ORDINALITY AS o(id, n)
      LEFT JOIN cashier_requests c ON c.id = o.id
     ORDER BY c.member_id NULLS LAST, o.id, o.n
  LOOP
    RETURN QUERY
      SELECT i, d.member_id, d.tx_id, d.outcome, d.result, d.notice_id, d.notice_at, d.notice_params, d.unread
        FROM cashier_credit_deposit(p_requests[i], ARRAY['created', 'pending'], p_actors[i], NULL, p_tx_ids[i], NULL,
                                    p_brands[i], p_providers[i], p_amounts[i], p_currencies[i], true) d;
  END LOOP;
END $$;
