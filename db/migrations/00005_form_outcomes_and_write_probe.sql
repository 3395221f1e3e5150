-- +goose Up
-- The revision a form's token made: what that form saved. A form posted
-- again with the same token and other values is then told it was saved
-- already, and shown both, rather than answered "saved" with the first
-- values silently kept. NULL for the tokens saved before this migration,
-- which are taken, as before, to repeat what they saved.
ALTER TABLE submissions ADD COLUMN revision_id INTEGER REFERENCES revisions (id) ON DELETE SET NULL;

-- A scratch row the health check writes and deletes every few seconds,
-- when nothing else has been written, to learn whether the database can
-- still be written (a full disk, a read-only file, an I/O error). Empty
-- between checks.
CREATE TABLE write_probe (
    id  INTEGER PRIMARY KEY,
    pad BLOB NOT NULL
);

-- +goose Down
DROP TABLE write_probe;
ALTER TABLE submissions DROP COLUMN revision_id;
