-- Game launch (docs/decisions/0014) and the in-house provider's rounds, kept so that every round
-- can be replayed (docs/decisions/0013).

-- A launch hands the game page a single-use ticket, not the game session's token: the page's
-- address ends up in browser history, proxies' logs and Referer headers, so what it carries must
-- be worthless once used (or after a minute). The in-house game page redeems the ticket for the
-- session token, which then lives only in the page's memory. Stored as SHA-256 like the token.
ALTER TABLE game_sessions
  ADD COLUMN ticket_hash bytea UNIQUE,
  ADD COLUMN ticket_expires_at timestamptz,
  ADD COLUMN ticket_used_at timestamptz,
  ADD COLUMN language text NOT NULL DEFAULT 'bn';

-- One row per round of an in-house game: everything needed to recompute its outcome and its
-- ledger postings years later (the seeds, the inputs, the game-math version), and the outcome
-- as it was shown. `round_id` is the provider round id used with the seamless-wallet service.
CREATE TABLE inhouse_rounds (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  game_code text NOT NULL,
  round_id text NOT NULL,
  -- the math model the outcome was computed with ('slot-1' …)
  model_version text NOT NULL,
  -- the round's randomness: hex server seed (revealed with the round), the client seed and nonce
  server_seed text NOT NULL,
  client_seed text NOT NULL DEFAULT '',
  nonce bigint NOT NULL DEFAULT 0,
  -- what the player chose (stake, bet level, target …), amounts as minor-unit strings
  inputs jsonb NOT NULL,
  -- the outcome as the game showed it
  outcome jsonb NOT NULL,
  currency text NOT NULL,
  stake bigint NOT NULL CHECK (stake >= 0),
  win bigint NOT NULL CHECK (win >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (brand_id, game_code, round_id)
);
CREATE INDEX inhouse_rounds_member ON inhouse_rounds (member_id, created_at);
