-- +goose Up
-- A read-only link for spectators, made the first time someone asks to
-- share the game. It is random like public_id and unrelated to it, so a
-- spectator's link never leads to the game's editing pages.
ALTER TABLE games ADD COLUMN watch_id TEXT;
CREATE UNIQUE INDEX games_watch_id ON games (watch_id) WHERE watch_id IS NOT NULL;

-- +goose Down
DROP INDEX games_watch_id;
ALTER TABLE games DROP COLUMN watch_id;
