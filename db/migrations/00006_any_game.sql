-- +goose NO TRANSACTION
-- +goose Up
-- The schema no longer lists the games: a game is whatever module the
-- registry knows (rules.Modules), so adding one adds no migration. SQLite
-- cannot drop a CHECK, so games is rebuilt, ids and rows kept. Dropping a
-- table that others reference would delete their rows (ON DELETE
-- CASCADE) while foreign keys are enforced, and enforcement cannot change
-- inside a transaction: this migration runs outside goose's and makes its
-- own, with foreign keys off and checked before it commits.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- The triggers on seats read games: they go while it is rebuilt, and
-- come back as they were.
DROP TRIGGER seats_in_league_insert;
DROP TRIGGER seats_in_league_update;
CREATE TABLE games_new (
    id             INTEGER PRIMARY KEY,
    public_id      TEXT NOT NULL UNIQUE,
    rules          TEXT NOT NULL CHECK (length(rules) BETWEEN 1 AND 40),
    house_rules    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(house_rules)),
    -- A game's own settings, chosen when it is created and read by its
    -- module: any game by points keeps its name and how it ends here.
    settings       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    first_dealer   INTEGER NOT NULL DEFAULT 0 CHECK (first_dealer >= 0),
    status         TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    winner_seat    INTEGER,
    version        INTEGER NOT NULL DEFAULT 1,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    finished_at    TEXT,
    watch_id       TEXT,
    league_id      INTEGER REFERENCES leagues (id) ON DELETE SET NULL,
    league_version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO games_new (id, public_id, rules, house_rules, first_dealer, status, winner_seat, version,
    created_at, updated_at, finished_at, watch_id, league_id, league_version)
SELECT id, public_id, rules, house_rules, first_dealer, status, winner_seat, version,
    created_at, updated_at, finished_at, watch_id, league_id, league_version FROM games;
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_status ON games (status, updated_at);
CREATE UNIQUE INDEX games_watch_id ON games (watch_id) WHERE watch_id IS NOT NULL;
CREATE INDEX games_league ON games (league_id, created_at) WHERE league_id IS NOT NULL;
CREATE INDEX games_league_changes ON games (league_id, league_version) WHERE league_id IS NOT NULL;
-- +goose StatementBegin
CREATE TRIGGER seats_in_league_insert BEFORE INSERT ON seats
WHEN (SELECT league_id FROM games WHERE id = NEW.game_id) IS NOT (SELECT league_id FROM players WHERE id = NEW.player_id)
BEGIN
    SELECT RAISE(ABORT, 'a seat''s player must be a player of the game''s league');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER seats_in_league_update BEFORE UPDATE OF game_id, player_id ON seats
WHEN NEW.player_id IS NOT NULL AND (SELECT league_id FROM games WHERE id = NEW.game_id) IS NOT (SELECT league_id FROM players WHERE id = NEW.player_id)
BEGIN
    SELECT RAISE(ABORT, 'a seat''s player must be a player of the game''s league');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER games_league_seats BEFORE UPDATE OF league_id ON games
WHEN NEW.league_id IS NOT OLD.league_id AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = NEW.id
    AND (SELECT league_id FROM players WHERE id = s.player_id) IS NOT NEW.league_id)
BEGIN
    SELECT RAISE(ABORT, 'a game changes league only with seats of names');
END;
-- +goose StatementEnd

-- What a finished game counts for, as its module works it out: each
-- seat's final total (the hands' total plus any bonus the game adds at
-- its end, Gin's G5) and finishing place (1 for every winner: players
-- tied for the best total share the win in any game by points, P4).
-- League standings read these. NULL while the game goes on.
ALTER TABLE seats ADD COLUMN final INTEGER;
ALTER TABLE seats ADD COLUMN place INTEGER;
-- The games finished before: the final is the total, and the places are
-- those standings gave them, the winner first, then by total, equal
-- totals sharing a place.
UPDATE seats SET
    final = total,
    place = CASE WHEN seat = (SELECT winner_seat FROM games g WHERE g.id = seats.game_id) THEN 1
        ELSE 2 + (SELECT count(*) FROM seats o WHERE o.game_id = seats.game_id AND o.seat <> seats.seat
            AND o.seat <> (SELECT winner_seat FROM games g WHERE g.id = seats.game_id) AND o.total > seats.total) END
WHERE game_id IN (SELECT id FROM games WHERE status = 'finished');

-- The round with which the table ended a game whose end it chooses (P3).
ALTER TABLE hands ADD COLUMN ends_game INTEGER NOT NULL DEFAULT 0 CHECK (ends_game IN (0, 1));

-- Nothing may point at a game that is not there: a row in the check's
-- answer fails the guard's CHECK, and the migration with it.
CREATE TEMP TABLE foreign_key_guard (problems INTEGER CHECK (problems = 0));
INSERT INTO foreign_key_guard SELECT count(*) FROM pragma_foreign_key_check;
DROP TABLE foreign_key_guard;
COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;
ALTER TABLE hands DROP COLUMN ends_game;
ALTER TABLE seats DROP COLUMN place;
ALTER TABLE seats DROP COLUMN final;
DROP TRIGGER seats_in_league_insert;
DROP TRIGGER seats_in_league_update;
CREATE TABLE games_old (
    id           INTEGER PRIMARY KEY,
    public_id    TEXT NOT NULL UNIQUE,
    rules        TEXT NOT NULL CHECK (rules IN ('flathead', 'fortune', 'blackheart', 'fan', 'trophy')),
    house_rules  TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(house_rules)),
    first_dealer INTEGER NOT NULL DEFAULT 0 CHECK (first_dealer >= 0),
    status       TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'finished')),
    winner_seat  INTEGER,
    version      INTEGER NOT NULL DEFAULT 1,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    finished_at  TEXT,
    watch_id TEXT,
    league_id INTEGER REFERENCES leagues (id) ON DELETE SET NULL,
    league_version INTEGER NOT NULL DEFAULT 0
);
INSERT INTO games_old SELECT id, public_id, rules, house_rules, first_dealer, status, winner_seat, version,
    created_at, updated_at, finished_at, watch_id, league_id, league_version FROM games;
DROP TABLE games;
ALTER TABLE games_old RENAME TO games;
CREATE INDEX games_status ON games (status, updated_at);
CREATE UNIQUE INDEX games_watch_id ON games (watch_id) WHERE watch_id IS NOT NULL;
CREATE INDEX games_league ON games (league_id, created_at) WHERE league_id IS NOT NULL;
CREATE INDEX games_league_changes ON games (league_id, league_version) WHERE league_id IS NOT NULL;
-- +goose StatementBegin
CREATE TRIGGER seats_in_league_insert BEFORE INSERT ON seats
WHEN (SELECT league_id FROM games WHERE id = NEW.game_id) IS NOT (SELECT league_id FROM players WHERE id = NEW.player_id)
BEGIN
    SELECT RAISE(ABORT, 'a seat''s player must be a player of the game''s league');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER seats_in_league_update BEFORE UPDATE OF game_id, player_id ON seats
WHEN NEW.player_id IS NOT NULL AND (SELECT league_id FROM games WHERE id = NEW.game_id) IS NOT (SELECT league_id FROM players WHERE id = NEW.player_id)
BEGIN
    SELECT RAISE(ABORT, 'a seat''s player must be a player of the game''s league');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER games_league_seats BEFORE UPDATE OF league_id ON games
WHEN NEW.league_id IS NOT OLD.league_id AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = NEW.id
    AND (SELECT league_id FROM players WHERE id = s.player_id) IS NOT NEW.league_id)
BEGIN
    SELECT RAISE(ABORT, 'a game changes league only with seats of names');
END;
-- +goose StatementEnd
COMMIT;
PRAGMA foreign_keys = ON;
