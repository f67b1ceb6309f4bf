-- Avatars and the member's language (spec §2 avatar menu, §7 /wps/member/info/icon and
-- 'update language'). members.avatar holds the address the site shows: a built-in avatar
-- (/img/avatars/<id>.svg) or an uploaded picture (/wps/member/avatar/<key>); members.language
-- the language the member last chose (0003 created both columns).

-- Uploaded pictures live in the database, so every server process serves the same ones and a
-- backup of the database holds them. One per member: a new upload replaces the old one, under
-- a new random key, so the address changes and browsers may cache each address for ever.
CREATE TABLE member_avatars (
  member_id bigint PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  -- 16 random bytes, base64url: the picture's address, unguessable so members cannot be listed
  key text NOT NULL UNIQUE CHECK (key ~ '^[A-Za-z0-9_-]{22}$'),
  -- detected from the bytes, never taken from the upload's declared type
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  width integer NOT NULL CHECK (width BETWEEN 1 AND 2048),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 2048),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The languages a member may have chosen are the locale codes of the web app.
ALTER TABLE members ADD CONSTRAINT members_language_check
  CHECK (language IS NULL OR language IN ('bn', 'en', 'cn', 'id', 'th', 'ty', 'vi'));
