-- The back office edits the brand's content and catalogue (decision 0039). Every row it edits
-- carries a version: a save names the version it read and is refused when someone saved first,
-- instead of overwriting their work. Kinds that had no on/off switch get one, so an operator
-- can take a notice, a help section or a service channel down without deleting it.

ALTER TABLE banners ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE announcements ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE announcements ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE promotions ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE help_sections ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE help_sections ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE customer_service ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE customer_service ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE resources ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE vendors ADD COLUMN version integer NOT NULL DEFAULT 1;
-- A vendor under maintenance stays in the lobby, its games marked and their launches answering
-- maintenance (as a switched-off game does), while an operator waits out a provider outage.
ALTER TABLE vendors ADD COLUMN maintenance boolean NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN version integer NOT NULL DEFAULT 1;
