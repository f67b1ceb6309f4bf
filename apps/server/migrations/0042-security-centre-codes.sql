-- The security centre binds or changes a member's mobile number with a code texted to the new
-- number (purpose 'bind'), under the same limits as every other code.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('login', 'register', 'reset', 'newip', 'bind'));

-- An email address the member binds or changes to, proven by a code mailed to it: only a salted
-- digest is kept; single use, 10 minutes, 5 wrong tries (the SMS codes' rules).
CREATE TABLE email_codes (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  email text NOT NULL,
  salt bytea NOT NULL,
  code_hash bytea NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX email_codes_member ON email_codes (member_id, created_at DESC);
