-- The back office's staff (decision 0030): accounts of their own, never members. Passwords are
-- argon2id hashes; the TOTP secret is sealed with AES-256-GCM under the secrets key
-- (platform/secrets-key.ts); tokens and recovery codes are kept only as SHA-256 digests.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  username text NOT NULL,
  -- argon2id (PHC string); null until the set-up link has been used
  password_hash text,
  -- 'v1.' + base64url(iv | tag | ciphertext) of the base32 secret; null until set-up
  totp_secret_sealed text,
  -- null while the secret waits for its first code: no login before then
  totp_enrolled_at timestamptz,
  -- the last RFC 6238 time step accepted: a code of that step or earlier is a replay
  totp_last_step bigint NOT NULL DEFAULT 0,
  -- role names of the contract's catalogue (packages/contract/src/staff.ts)
  roles text[] NOT NULL DEFAULT '{}',
  -- player accounts the staff member declared as their own or a relative's: never acted upon
  linked_member_ids bigint[] NOT NULL DEFAULT '{}',
  -- failures since the last good login (password or second factor); the lock starts at the limit
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- who made the account ('cli:<user>' or 'staff:<id>')
  created_by text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX staff_username_key ON staff (brand_id, lower(username));

CREATE TABLE staff_recovery_codes (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  -- SHA-256 of the normalised code (80 random bits: no dictionary to try)
  code_hash bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  used_at timestamptz
);
CREATE UNIQUE INDEX staff_recovery_codes_key ON staff_recovery_codes (staff_id, code_hash);

CREATE TABLE staff_sessions (
  id bigserial PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- absolute lifetime (STAFF_SESSION_MAX_SECONDS); idle (STAFF_SESSION_IDLE_SECONDS) is checked on last_seen_at
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE revoked_at IS NULL;

-- One-time links to set the password and enrol TOTP, valid 24 hours.
CREATE TABLE staff_setup_links (
  token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Between the password and the second factor of a login: single use, a few minutes.
CREATE TABLE staff_login_challenges (
  token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  staff_id bigint NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  ip text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- The audit trail becomes the back office's too: the staff member who acted, the record before
-- and after, and the reason they gave. Still append-only (0003's triggers cover new columns).
ALTER TABLE audit_log
  ADD COLUMN staff_id bigint,
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb,
  ADD COLUMN reason text;
CREATE INDEX audit_log_staff ON audit_log (staff_id, at) WHERE staff_id IS NOT NULL;
CREATE INDEX audit_log_brand ON audit_log (brand_id, id);
