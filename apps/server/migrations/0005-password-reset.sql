-- Password reset by email (spec §2 'Forgot password'). A reset link carries a
-- random token of 32 bytes; only its SHA-256 is stored. It is good once, for 30 minutes after
-- created_at (the service compares with the database clock).
CREATE TABLE password_reset_tokens (
  id bigserial PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX password_reset_tokens_member ON password_reset_tokens (member_id) WHERE used_at IS NULL;

-- Every reset request, matched or not, for the per-address, per-email and per-account throttles.
CREATE TABLE password_reset_requests (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- lower-cased as typed
  account text NOT NULL,
  email text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_ip ON password_reset_requests (brand_id, ip, at);
CREATE INDEX password_reset_requests_account ON password_reset_requests (brand_id, account, at);
CREATE INDEX password_reset_requests_email ON password_reset_requests (brand_id, email, at);
