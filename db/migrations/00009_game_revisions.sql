-- +goose Up
-- A game outside leagues can be deleted by anyone with its link, and
-- brought back for a while after (the scorepad's "Undo"). A deleted game
-- keeps its rows, hidden from every page: deleted_at says since when,
-- NULL for a game in use.
ALTER TABLE games ADD COLUMN deleted_at TEXT;

-- Every change to a game itself rather than to one of its hands, as
-- revisions keeps those of the hands: a seat renamed (seat, and the
-- names before and after), the game deleted or brought back, with who
-- made the change and when.
CREATE TABLE game_revisions (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    action  TEXT NOT NULL CHECK (action IN ('rename', 'delete', 'restore')),
    seat    INTEGER CHECK (seat IS NULL OR seat >= 0),
    author  TEXT NOT NULL DEFAULT '',
    at      TEXT NOT NULL,
    before  TEXT,
    after   TEXT
);
CREATE INDEX game_revisions_game ON game_revisions (game_id, id);

-- +goose Down
DROP TABLE game_revisions;
ALTER TABLE games DROP COLUMN deleted_at;
