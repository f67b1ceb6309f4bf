-- SMS verification codes (spec §2 login form, SMS mode): 6 digits, only as a salted SHA-256
-- digest, valid 10 minutes from created_at, single use, at most 5 wrong tries. A row is written
-- for every request, also for numbers without an account (no code is sent then), so the hourly
-- limit answers the same whether a number is registered or not.
CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- dialling code and number as digits only, e.g. '880:01712345678'
  phone text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'register', 'reset')),
  salt bytea NOT NULL CHECK (octet_length(salt) = 16),
  code_hash bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  -- false when nothing was sent (unknown number)
  sent boolean NOT NULL DEFAULT true,
  attempts smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX sms_codes_phone ON sms_codes (brand_id, phone, created_at);
