-- +goose Up
-- PostgreSQL's 00011 adds a hand in one call of a function of its own, so
-- that a save goes to the server and back once. SQLite's writer runs the
-- same statements on its own connection, with no trip to make: its
-- schema does not change.
SELECT 1;

-- +goose Down
SELECT 1;
