-- Provider secrets rotated from the back office (decision 0039). A rotated secret is kept sealed
-- with the server's SECRETS_KEY (AES-256-GCM, as staff TOTP secrets are), never in plain text;
-- the secret it replaced stays accepted, sealed too, until previous_secret_until, so the vendor
-- can switch over without refused calls. `secret` keeps a secret set before rotation existed
-- (the demo seed, operators' scripts) until the first rotation blanks it.
ALTER TABLE provider_vendors ADD COLUMN secret_sealed text;
ALTER TABLE provider_vendors ADD COLUMN previous_secret_sealed text;
ALTER TABLE provider_vendors ADD COLUMN previous_secret_until timestamptz;
ALTER TABLE provider_vendors ADD COLUMN rotated_at timestamptz;
ALTER TABLE provider_vendors ADD COLUMN version integer NOT NULL DEFAULT 1;
-- After a rotation the plain column holds nothing ('').
ALTER TABLE provider_vendors DROP CONSTRAINT provider_vendors_secret_check;
ALTER TABLE provider_vendors ADD CONSTRAINT provider_vendors_secret_check
  CHECK (secret = '' OR length(secret) >= 32);
