-- Logging out and changing the password end every session of the member (decision 0028): their
-- logins, and the game sessions and launch tickets their launches opened, so no new bet or
-- launch is taken once the player has left; rounds already open still settle (wins and
-- rollbacks never needed a session).
--
-- `session_id` is the login the launch came from: a game session is live only while that login
-- has not been ended, which also covers a launch that raced the logout (its game session was
-- written after the logout ended the member's game sessions). Null for a game session opened
-- without a login (operator tools, tests). `revoked_at` ends a game session itself.
ALTER TABLE game_sessions
  ADD COLUMN session_id bigint REFERENCES sessions (id) ON DELETE SET NULL,
  ADD COLUMN revoked_at timestamptz;
CREATE INDEX game_sessions_session ON game_sessions (session_id);
