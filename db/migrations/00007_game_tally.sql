-- +goose Up
-- What a game keeps of its hands (rules/game.Tally as JSON: the rounds
-- and hands counted, the running totals, the last round), written in the
-- transaction of every write to its hands, so that a new hand is added to
-- it without reading the game's hands again. NULL until the game's next
-- write works it out from the hands.
ALTER TABLE games ADD COLUMN tally TEXT CHECK (tally IS NULL OR json_valid(tally));

-- +goose Down
ALTER TABLE games DROP COLUMN tally;
