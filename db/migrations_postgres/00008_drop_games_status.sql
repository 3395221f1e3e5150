-- +goose Up
-- As SQLite's 00008: no query uses the index, and every save paid for it.
DROP INDEX games_status;

-- +goose Down
CREATE INDEX games_status ON games (status, updated_at);
