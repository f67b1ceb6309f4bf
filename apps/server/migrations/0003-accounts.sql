-- Accounts (docs/decisions/0004-account-security.md): members, their sessions, login throttles,
-- the audit trail and the single-use human checks and captchas. Passwords and session tokens are
-- never stored: only argon2id hashes and SHA-256 digests.

-- Secrets the server creates once and every process shares (e.g. the ALTCHA HMAC key when
-- HUMAN_CHECK_HMAC_KEY is not configured).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  id bigserial PRIMARY KEY,
  -- cascades like every brand table; the money tables will refuse to lose their rows instead
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- the username; unique per brand whatever its letter case
  account text NOT NULL,
  mobile_num text,
  country_dialing_code text,
  email text,
  nickname text NOT NULL DEFAULT '',
  -- argon2id (PHC string); null = no password login (trial accounts)
  password_hash text,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  first_login boolean NOT NULL DEFAULT true,
  -- spec §6/§9: 0 player, 1/2/41/42 agents, 4 trial (play money only)
  is_agent smallint NOT NULL DEFAULT 0 CHECK (is_agent IN (0, 1, 2, 4, 41, 42)),
  upline_id bigint REFERENCES members (id),
  -- { labelName, color, color2, rankLevel }
  club_label jsonb,
  -- [{ labelName, color?, bgColor? }]
  member_label jsonb NOT NULL DEFAULT '[]',
  avatar text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  register_ip text NOT NULL DEFAULT '',
  register_url text,
  -- an agent's own invitation code; null for players
  affiliate_code text,
  -- the agent code the member registered with
  referred_by_code text,
  language text
);
CREATE UNIQUE INDEX members_account_key ON members (brand_id, lower(account));
CREATE UNIQUE INDEX members_mobile_key ON members (brand_id, coalesce(country_dialing_code, ''), mobile_num)
  WHERE mobile_num IS NOT NULL;
CREATE UNIQUE INDEX members_affiliate_code_key ON members (brand_id, lower(affiliate_code))
  WHERE affiliate_code IS NOT NULL;

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  -- SHA-256 of the bearer token (32 random bytes); the token itself is never stored
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  login_type text NOT NULL DEFAULT 'username',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- absolute lifetime; the idle timeout is checked against last_seen_at
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_member ON sessions (member_id) WHERE revoked_at IS NULL;

-- Failed logins of the last hour drive the captcha (3) and the lockout (10).
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint REFERENCES members (id) ON DELETE CASCADE,
  -- lower-cased as typed, also when no such member exists
  account text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account ON login_failures (brand_id, account, at);
CREATE INDEX login_failures_ip ON login_failures (brand_id, ip, at);

-- Security events; append-only (the trigger below refuses UPDATE, DELETE and TRUNCATE).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  event text NOT NULL,
  brand_id integer,
  member_id bigint,
  ip text NOT NULL DEFAULT '',
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_member ON audit_log (member_id, at);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- ALTCHA challenges already solved, kept until they expire so a solution cannot be replayed.
CREATE TABLE human_checks_used (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Image captchas: the answer only as a digest; single use, short-lived.
CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer_hash bytea NOT NULL,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);
