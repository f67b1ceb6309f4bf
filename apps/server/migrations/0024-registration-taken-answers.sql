-- "This name (or number) is taken" is the one answer that tells an outsider an account exists,
-- and only registration gives it (decision 0028): the login answers a name nobody has as it
-- answers a wrong password. Each such answer is kept per brand and address, so one address
-- learns it only REGISTER_TAKEN_PER_HOUR times an hour; swept after a day.
CREATE TABLE registration_taken (
  id bigserial PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_taken_ip ON registration_taken (brand_id, ip, at);
