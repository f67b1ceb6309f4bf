-- Game launch (docs/decisions/0014): how a vendor's game is opened. The in-house vendor (JL) is
-- launched by this server itself; every other vendor is launched through an address the operator
-- configures, with placeholders filled per launch — {token} (the game session token the vendor
-- sends back on its seamless-wallet calls), {game} (the vendor's game code), {lang} (a LOCALES
-- code) and {player} (the member id, the provider API's playerId). NULL = no launcher: the
-- vendor's games are listed as under maintenance and their launch answers GAME_MAINTENANCE.
-- `launch_url2` is an optional alternative address (the launch answer's game_url2).
ALTER TABLE vendors
  ADD COLUMN launch_url text CHECK (launch_url ~ '^https?://[^\s]+$' AND length(launch_url) <= 1000),
  ADD COLUMN launch_url2 text CHECK (launch_url2 ~ '^https?://[^\s]+$' AND length(launch_url2) <= 1000);
