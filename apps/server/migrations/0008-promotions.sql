-- Promotions of a brand (spec §2 'Registration form' carousel, §3 'Promotion: id, category').
-- title and body hold one text per language ({"bn": "…", "en": "…"}); the server answers the one
-- asked for and falls back to the brand's default language. body is operator HTML, which the site
-- sanitises. A promotion is shown only while enabled and inside [starts_at, ends_at).
CREATE TABLE promotions (
  id serial PRIMARY KEY,
  brand_id int NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- PROMOTION_CATEGORIES of packages/contract/src/constants.ts
  category text NOT NULL CHECK (category IN (
    'others', 'sports', 'live_casino', 'slots', 'card_games', 'fish', 'lotto', 'rebate',
    'points_mall', 'ranking', 'deposit', 'app_download', 'new_player', 'game'
  )),
  title jsonb NOT NULL CHECK (jsonb_typeof(title) = 'object'),
  body jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(body) = 'object'),
  image_url text NOT NULL,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  sort int NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX promotions_brand_category ON promotions (brand_id, category, sort);
