-- The back office's Brand screen (decision 0038). Two staff members editing the same brand must
-- not overwrite each other unseen: every save names the version it read and bumps it, and a
-- save of an older version is refused. Who saved last, and when, is shown beside the form.
ALTER TABLE brands
  ADD COLUMN settings_version integer NOT NULL DEFAULT 1 CHECK (settings_version >= 1),
  ADD COLUMN settings_updated_at timestamptz,
  ADD COLUMN settings_updated_by text,
  -- Passwords older than this many days count as expired (spec §4 PWDEXPFORCECHANGE3); 0 never.
  -- NULL keeps the server's PASSWORD_MAX_AGE_DAYS, so existing brands behave as before.
  ADD COLUMN password_max_age_days integer CHECK (password_max_age_days BETWEEN 0 AND 3650);
