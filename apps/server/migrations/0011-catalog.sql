-- The game catalog (spec §3, ARCHITECTURE §5): vendors gain localised names, games belong to
-- a vendor (their gameType is the vendor's category), members keep favourites and recent games.

-- Names per locale ({"bn": "...", "en": "..."}); `name` stays the fallback.
ALTER TABLE vendors ADD COLUMN names jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(names) = 'object');
CREATE INDEX vendors_brand_category ON vendors (brand_id, category, sort);

CREATE TABLE games (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  vendor_id int NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  -- the vendor's own game code, sent when launching
  code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_.-]{1,40}$'),
  names jsonb NOT NULL CHECK (jsonb_typeof(names) = 'object'),
  -- a sub-classification inside the category ('classic', 'megaways', 'baccarat' …); '' none
  game_classify text NOT NULL DEFAULT '' CHECK (game_classify ~ '^[A-Za-z0-9_-]{0,40}$'),
  -- the smallest stake, in the brand currency's minor units
  min_bet bigint NOT NULL DEFAULT 0 CHECK (min_bet >= 0),
  min_line_num int NOT NULL DEFAULT 0 CHECK (min_line_num >= 0),
  icon text,
  is_hot boolean NOT NULL DEFAULT false,
  -- a switched-off game stays listed and answers 'Game Under Maintenance' at launch (spec §8)
  enabled boolean NOT NULL DEFAULT true,
  sort int NOT NULL DEFAULT 0,
  -- launch platforms the game runs on (spec §3: 'flash', 'html5-desktop')
  platforms text[] NOT NULL DEFAULT '{html5-desktop}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_id, code)
);
CREATE INDEX games_brand_sort ON games (brand_id, sort, id);
CREATE INDEX games_vendor ON games (vendor_id, sort, id);
CREATE INDEX games_brand_hot ON games (brand_id, sort, id) WHERE is_hot;

CREATE TABLE favourite_games (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  game_id int NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX favourite_games_member ON favourite_games (member_id, created_at DESC);

-- One row per member and game, refreshed on every launch; only the latest few are kept.
CREATE TABLE recent_games (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  game_id int NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  last_played timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX recent_games_member ON recent_games (member_id, last_played DESC);
