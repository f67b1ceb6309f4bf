-- The back office manages its own staff (decision 0032): roles stored per brand, an optional
-- address allow-list per brand, brands marked when an operator made them, and an audit target.

-- A brand made by `khela brand create` is the operator's own: the demo seed refuses to run on a
-- database that holds one, so published demo passwords never reach a real site.
ALTER TABLE brands ADD COLUMN operator_brand boolean NOT NULL DEFAULT false;

-- Addresses or CIDR blocks staff of the brand may log in and call from; empty: anywhere.
ALTER TABLE brands ADD COLUMN staff_allowed_addresses text[] NOT NULL DEFAULT '{}';

-- A role's permissions as the brand edited them. A role of the contract's catalogue without a
-- row here has the catalogue's default set (packages/contract/src/staff.ts ROLES).
CREATE TABLE staff_roles (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  role text NOT NULL,
  permissions text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- 'staff:<id>' of who edited it last
  updated_by text NOT NULL,
  PRIMARY KEY (brand_id, role)
);

-- What a staff write acted on ('staff:12', 'role:admin', 'job:wages/2026-11-25'), for the
-- viewer's target filter. Still append-only (0003's triggers cover new columns).
ALTER TABLE audit_log ADD COLUMN target text;
CREATE INDEX audit_log_brand_target ON audit_log (brand_id, target, id) WHERE target IS NOT NULL;
CREATE INDEX audit_log_brand_at ON audit_log (brand_id, at);
