-- +goose Up
-- No query looks games up by status and last change, and every save
-- changes updated_at, so the index cost each save an index delete and
-- insert (and a page in its commit) for nothing.
DROP INDEX games_status;

-- +goose Down
CREATE INDEX games_status ON games (status, updated_at);
