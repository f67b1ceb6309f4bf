-- Periodic jobs (decision 0021): one row per run of a job for one period, e.g.
-- ('captchas-sweep', '2026-11-25T20:10Z') or a daily payout's ('wages', '2026-11-25').
-- The primary key is what makes a period run once across processes and restarts: a runner
-- claims a period by inserting its row (or by taking over a failed or abandoned one in the
-- same statement), and only the runner named in the row may finish it.
CREATE TABLE job_runs (
  job text NOT NULL,
  period text NOT NULL,
  -- when the period's run became due: the order of a job's periods, and the catch-up point
  due_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  -- claims of this period so far (1 for a run that went through the first time)
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  -- which process holds or last held the claim (host:pid:random)
  runner text NOT NULL,
  -- a running claim past this time belongs to a runner that is gone: another may take it over
  lease_until timestamptz NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  -- a failed run is claimed again from this time on
  retry_at timestamptz,
  error text,
  -- what the run reports it did (rows swept, items paid…), for whoever checks it
  result jsonb,
  PRIMARY KEY (job, period)
);
CREATE INDEX job_runs_newest ON job_runs (job, due_at DESC);

-- The hourly sweeps of ended sessions and old failed logins find their rows by time.
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX login_failures_at ON login_failures (at);
