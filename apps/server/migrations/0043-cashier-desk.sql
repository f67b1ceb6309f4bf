-- The finance desk (CASHIER.md "The finance desk"): the logos operators upload for their payment
-- methods, and the index the desk's queues page through.

-- An uploaded method logo (png, jpg or webp, at most 512 KB, stored without its metadata). Each
-- upload gets a new random key, so its address changes and browsers may cache it for good.
CREATE TABLE cashier_method_logos (
  key text PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  method_id integer NOT NULL REFERENCES cashier_methods (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashier_method_logos_method ON cashier_method_logos (method_id);

-- The queues' default views span several states (deposits submitted and under review;
-- withdrawals under review, approved, paying and failed): one ordered index over the open
-- requests lets a page of 100,000 waiting rows start at its cursor instead of sorting them all;
-- the state rides along so the queue's length is counted from the index alone.
CREATE INDEX cashier_requests_open_queue ON cashier_requests (brand_id, type, created_at, id) INCLUDE (state)
  WHERE state IN ('submitted', 'under_review', 'approved', 'paying', 'failed');
