-- The server seed each player's next slot round will use (docs/decisions/0013-in-house-slot.md):
-- its hash is shown before the spin, the seed itself is revealed with the round's outcome. One
-- row per player; a spin takes the seed and puts a fresh one in its place in one statement, so
-- no two rounds ever share a seed and none uses a seed whose hash was not committed first.
CREATE TABLE slot_seeds (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  -- 32 random bytes as hex; never sent to the player before a round has used it
  server_seed text NOT NULL,
  -- hex SHA-256 of the seed's bytes, shown before the round that uses it
  server_seed_hash text NOT NULL,
  PRIMARY KEY (brand_id, member_id)
);
