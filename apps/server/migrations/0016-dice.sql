-- The dice game's seed pairs (docs/decisions/0016-dice.md). One row per pair a
-- player has had; the row with rotated_at NULL is the pair in play. Its server seed stays secret
-- (only server_seed_hash is shown) until the player rotates, which reveals it and starts a new
-- row at nonce 0. Each bet claims next_nonce with one UPDATE … RETURNING in the transaction that
-- stores its round, so nonces run 0, 1, 2 … with no gap and no reuse.
CREATE TABLE dice_seeds (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  -- 32 random bytes as hex; never sent to the player before rotated_at is set
  server_seed text NOT NULL,
  -- hex SHA-256 of the seed's bytes, shown before any bet uses it
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  next_nonce bigint NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
-- At most one pair in play per player: two would let nonces of one seed be spread over both.
CREATE UNIQUE INDEX dice_seeds_current ON dice_seeds (brand_id, member_id) WHERE rotated_at IS NULL;
CREATE INDEX dice_seeds_member ON dice_seeds (brand_id, member_id, id);
