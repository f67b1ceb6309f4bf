-- Brands and everything the site reads before a player logs in (spec §1–§3).
-- Localised texts are jsonb objects keyed by locale ({"bn": "...", "en": "..."}).

CREATE TABLE brands (
  id serial PRIMARY KEY,
  merchant_code text NOT NULL UNIQUE,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  languages text[] NOT NULL,
  default_language text NOT NULL,
  currency text NOT NULL,
  -- empty when the brand has none: the header then shows '$' (spec §2)
  currency_symbol text NOT NULL DEFAULT '',
  currency_decimals smallint NOT NULL DEFAULT 2 CHECK (currency_decimals BETWEEN 0 AND 4),
  lottery_type text NOT NULL DEFAULT 'SEA',
  chat_header_color text NOT NULL DEFAULT '#0f8a5f',
  logged_in_to_home_page boolean NOT NULL DEFAULT false,
  maintenance_start timestamptz,
  maintenance_end timestamptz,
  -- ISO 3166-1 alpha-2 codes; an empty allow list allows every country not denied
  allow_countries text[] NOT NULL DEFAULT '{}',
  deny_countries text[] NOT NULL DEFAULT '{}',
  gtag_id text,
  image_cdns text[] NOT NULL DEFAULT '{}',
  launch_game_cdns text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (default_language = ANY (languages))
);
CREATE UNIQUE INDEX brands_single_default ON brands (is_default) WHERE is_default;

-- Host names that serve a brand; mirrors are listed to players by /wps/system/domainRoute.
CREATE TABLE brand_domains (
  domain text PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  is_mirror boolean NOT NULL DEFAULT true,
  sort int NOT NULL DEFAULT 0
);
CREATE INDEX brand_domains_brand ON brand_domains (brand_id, sort);

-- The whitelabel module tree (flags such as DIRECTREG3 are modules without children).
CREATE TABLE whitelabel_modules (
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  code text NOT NULL,
  parent_code text,
  enabled boolean NOT NULL DEFAULT false,
  sort int NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_id, code)
);

-- Per-field registration rules (spec §5); accepted_pattern '*' accepts anything.
CREATE TABLE register_field_rules (
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  field text NOT NULL,
  enabled boolean NOT NULL,
  required boolean NOT NULL,
  accepted_pattern text NOT NULL DEFAULT '*',
  pattern_id text NOT NULL DEFAULT '',
  min_length int NOT NULL DEFAULT 0 CHECK (min_length >= 0),
  max_length int NOT NULL DEFAULT 255 CHECK (max_length >= min_length),
  PRIMARY KEY (brand_id, field)
);

CREATE TABLE resources (
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  resource_type text NOT NULL,
  url text NOT NULL,
  qr_code_url text,
  label_name_en text NOT NULL DEFAULT '',
  PRIMARY KEY (brand_id, resource_type)
);

CREATE TABLE banners (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  group_name text NOT NULL,
  image_url text NOT NULL,
  title jsonb NOT NULL DEFAULT '{}',
  -- 'route' (linkage_value is a site path) or 'url' (an outside address); NULL: not clickable
  linkage_type text CHECK (linkage_type IN ('route', 'url')),
  linkage_value text,
  sort int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  starts_at timestamptz,
  ends_at timestamptz
);
CREATE INDEX banners_group ON banners (brand_id, group_name, sort);

-- Announcements: B banner, PL player, PU popup, PR promotion, H help (spec §9).
CREATE TABLE announcements (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  title jsonb NOT NULL,
  content jsonb NOT NULL,
  platform text NOT NULL DEFAULT 'W',
  execution text NOT NULL DEFAULT 'B',
  popup boolean NOT NULL DEFAULT false,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_brand ON announcements (brand_id, starts_at DESC);

-- Customer-service channels; cs_type 3 paths are stored encrypted (spec §7).
CREATE TABLE customer_service (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  cs_type smallint NOT NULL,
  title jsonb NOT NULL,
  path text NOT NULL,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE help_sections (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  key text NOT NULL,
  title jsonb NOT NULL,
  content jsonb NOT NULL,
  sort int NOT NULL DEFAULT 0,
  UNIQUE (brand_id, key)
);

-- Game catalog skeleton: the side menu and footer list vendors per category.
CREATE TABLE game_categories (
  code text PRIMARY KEY,
  sort int NOT NULL
);
INSERT INTO game_categories (code, sort) VALUES
  ('RNG', 1), ('FISH', 2), ('PVP', 3), ('LIVE', 4), ('ELOTT', 5), ('LOTT', 6),
  ('COCKFIGHT', 7), ('SPORTS', 8), ('ESPORTS', 9), ('INHOUSE', 10);

CREATE TABLE vendors (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  vassalage text NOT NULL,
  category text NOT NULL REFERENCES game_categories (code),
  name text NOT NULL,
  icon text,
  is_hot boolean NOT NULL DEFAULT false,
  -- 'VASSALAGE' opens a popup game list instead of the lobby (spec §3)
  is_game text,
  enabled boolean NOT NULL DEFAULT true,
  sort int NOT NULL DEFAULT 0,
  UNIQUE (brand_id, category, vassalage)
);
