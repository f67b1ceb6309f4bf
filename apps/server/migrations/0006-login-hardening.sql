-- Login and registration hardening: HPKE-sealed request bodies (RFC 9180), the two-factor SMS
-- check of logins from a new address, and agent-only accounts for the site-kind rules.

-- HPKE key pairs, DHKEM(X25519, HKDF-SHA256). Only the 32-byte seed the pair is derived from is
-- kept (RFC 9180 DeriveKeyPair). The newest key is published; a key replaced by a newer one
-- stays accepted for HPKE_PREVIOUS_KEY_HOURS after superseded_at (platform/sealed-body.ts).
CREATE TABLE hpke_keys (
  -- first 16 hex digits of the SHA-256 of the public key
  id text PRIMARY KEY,
  -- base64 of 32 random bytes
  seed text NOT NULL,
  -- base64url of the raw 32-byte X25519 public key
  public_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  superseded_at timestamptz
);

-- Sealed bodies already opened, kept until their timestamp leaves the accepted window, so a
-- captured sealed body cannot be sent twice.
CREATE TABLE sealed_bodies_used (
  -- SHA-256 of the HPKE encapsulated key, unique per sealed body
  enc_hash bytea PRIMARY KEY CHECK (octet_length(enc_hash) = 32),
  expires_at timestamptz NOT NULL
);

-- The addresses each member has logged in from successfully (the new-address check).
CREATE TABLE member_login_ips (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip text NOT NULL,
  first_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  logins integer NOT NULL DEFAULT 1,
  PRIMARY KEY (member_id, ip)
);
-- Addresses of sessions opened before this table existed count as known.
INSERT INTO member_login_ips (member_id, ip, first_at, last_at, logins)
  SELECT member_id, ip, min(created_at), max(created_at), count(*)
    FROM sessions
   WHERE ip <> ''
   GROUP BY member_id, ip;

-- A password login from a new address waiting for its SMS code: no session until it passes.
CREATE TABLE login_challenges (
  -- 128 random bits, base64url; what the client sends back with the code
  id text PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- the new address; the code must come from it
  ip text NOT NULL,
  -- the member's number as sms_codes keys it ('880:01712345678')
  phone text NOT NULL,
  -- the password login's verdict, handed on to the session the check opens
  password_expired boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  passed_at timestamptz
);
CREATE INDEX login_challenges_member ON login_challenges (member_id, created_at);

-- Brand switch: ask for an SMS code when an account logs in by password from a new address.
ALTER TABLE brands ADD COLUMN new_ip_check boolean NOT NULL DEFAULT false;

-- An agent who brings players but does not play: not a member account, so it cannot log in to
-- the member site (spec §6 'Non-member account unable to login'). Only agents can be agent-only.
ALTER TABLE members ADD COLUMN agent_only boolean NOT NULL DEFAULT false;
ALTER TABLE members ADD CONSTRAINT members_agent_only_check CHECK (NOT agent_only OR is_agent IN (1, 2, 41, 42));

-- SMS codes of the new-address check.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('login', 'register', 'reset', 'newip'));
