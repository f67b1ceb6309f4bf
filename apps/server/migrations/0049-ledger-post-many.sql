-- ledger_post_many(): several movements in one call and one commit (decision 0047).
--
-- Each movement runs through ledger_post() exactly as alone, in its own subtransaction: one that
-- is refused (insufficient funds, a key used for another request, a bad leg) is undone alone and
-- answered with its SQLSTATE and message, and the others go on. The answers come back in the
-- order of the movements, numbered from 1.
--
-- A movement's legs are the slice of p_accounts/p_amounts that p_leg_counts gives it, in order.
-- The caller orders the movements by the wallet each one changes, so every call takes its
-- wallets' locks in ascending id, as a transfer does: two calls cannot deadlock on each other.
CREATE FUNCTION ledger_post_many(
  p_brands integer[], p_keys text[], p_kinds text[], p_fingerprints text[], p_members bigint[],
  p_rounds text[], p_memos text[], p_leg_counts integer[], p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (n integer, tx_id bigint, outcome text, result jsonb, error_code text, error_message text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_first integer := 1;
  v_last integer;
  v_row record;
BEGIN
  IF cardinality(p_keys) IS DISTINCT FROM cardinality(p_leg_counts)
     OR (SELECT sum(c) FROM unnest(p_leg_counts) c) IS DISTINCT FROM cardinality(p_accounts) THEN
    RAISE EXCEPTION 'the legs do not match the movements' USING ERRCODE = 'KH002';
  END IF;
  FOR k IN 1 .. cardinality(p_keys) LOOP
    v_last := v_first + p_leg_counts[k] - 1;
    n := k;
    BEGIN
      SELECT * INTO v_row FROM ledger_post(
        p_brands[k], p_keys[k], p_kinds[k], p_fingerprints[k], p_members[k], p_rounds[k], p_memos[k],
        p_accounts[v_first:v_last], p_amounts[v_first:v_last]);
      tx_id := v_row.tx_id;
      outcome := v_row.outcome;
      result := v_row.result;
      error_code := NULL;
      error_message := NULL;
    EXCEPTION WHEN OTHERS THEN
      tx_id := NULL;
      outcome := 'refused';
      result := NULL;
      error_code := SQLSTATE;
      error_message := SQLERRM;
    END;
    v_first := v_last + 1;
    RETURN NEXT;
  END LOOP;
END $$;
