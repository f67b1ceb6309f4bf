-- When a staff write last changed a staff record (roles, declared linked accounts, own mobile and
-- email, disable, enable, reset; decision 0037), so a form that read it earlier is refused
-- instead of saving over a colleague's change. Logins do not touch it.
ALTER TABLE staff ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
