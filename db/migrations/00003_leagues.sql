-- +goose Up
-- A league gathers the games a club or a family plays week after week.
-- public_id is the members' and spectators' link (read standings, start
-- games); organizer_id is a second, unrelated random id for the page that
-- changes the league. games is the JSON array of the game ids that count
-- ("fan", "trophy"...). version is bumped in the transaction of every
-- write that changes what the league's standings are computed from (a
-- hand of one of its games, a game joining or leaving, the settings, a
-- merge), so cached standings can be checked against it. token is the
-- creating form's idempotency token: a double-tapped submit makes one
-- league.
CREATE TABLE leagues (
    id           INTEGER PRIMARY KEY,
    public_id    TEXT NOT NULL UNIQUE,
    organizer_id TEXT NOT NULL UNIQUE,
    name         TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    games        TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(games)),
    version      INTEGER NOT NULL DEFAULT 1,
    -- the version that last took a game out of the league: a cache older
    -- than it reads the whole league again.
    removed_version INTEGER NOT NULL DEFAULT 0,
    token        TEXT UNIQUE,
    created_at   TEXT NOT NULL
);

-- A season is a named slice of a league's games. With dates (either or
-- both, YYYY-MM-DD, inclusive) it holds the games started on those days;
-- without dates it holds the games started while it was the league's
-- newest season without dates, from its created_at until the next one.
-- token, like leagues.token, keeps a double-tapped "add" to one season.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    starts_on  TEXT CHECK (starts_on IS NULL OR date(starts_on) = starts_on),
    ends_on    TEXT CHECK (ends_on IS NULL OR date(ends_on) = ends_on),
    token      TEXT UNIQUE,
    created_at TEXT NOT NULL,
    CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on)
);
CREATE INDEX seasons_league ON seasons (league_id, created_at);

-- The league's players: added by the organizer, or seated at a game
-- started in the league.
CREATE TABLE league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    added_at  TEXT NOT NULL,
    PRIMARY KEY (league_id, player_id)
) WITHOUT ROWID;
CREATE INDEX league_members_player ON league_members (player_id);

-- A game started from a league page belongs to it; the organizer may take
-- it out again (NULL).
ALTER TABLE games ADD COLUMN league_id INTEGER REFERENCES leagues (id) ON DELETE SET NULL;
CREATE INDEX games_league ON games (league_id, created_at) WHERE league_id IS NOT NULL;
-- The league's version just after the game last changed (stamped with the
-- bump), so that cached standings read again only the games changed since
-- the version they were computed from.
ALTER TABLE games ADD COLUMN league_version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_league_changes ON games (league_id, league_version) WHERE league_id IS NOT NULL;

-- Each seat's best and worst hand (most and fewest points in one hand,
-- the earliest on a tie; hand numbered from 1 among the game's hands),
-- derived from the hands like seats.total and rewritten with it, so that a
-- player's record needs no pass over the hands. NULL without hands.
ALTER TABLE seats ADD COLUMN best_points INTEGER;
ALTER TABLE seats ADD COLUMN best_hand INTEGER;
ALTER TABLE seats ADD COLUMN worst_points INTEGER;
ALTER TABLE seats ADD COLUMN worst_hand INTEGER;
-- Work them out for the games recorded before this migration.
UPDATE seats SET
    best_hand = (SELECT n FROM (
        SELECT coalesce(CAST(json_extract(h.points, '$[' || seats.seat || ']') AS INTEGER), 0) AS pts,
            row_number() OVER (ORDER BY h.seq) AS n
        FROM hands h WHERE h.game_id = seats.game_id AND h.deleted_at IS NULL) ORDER BY pts DESC, n LIMIT 1),
    worst_hand = (SELECT n FROM (
        SELECT coalesce(CAST(json_extract(h.points, '$[' || seats.seat || ']') AS INTEGER), 0) AS pts,
            row_number() OVER (ORDER BY h.seq) AS n
        FROM hands h WHERE h.game_id = seats.game_id AND h.deleted_at IS NULL) ORDER BY pts, n LIMIT 1);
UPDATE seats SET
    best_points = (SELECT max(coalesce(CAST(json_extract(h.points, '$[' || seats.seat || ']') AS INTEGER), 0))
        FROM hands h WHERE h.game_id = seats.game_id AND h.deleted_at IS NULL),
    worst_points = (SELECT min(coalesce(CAST(json_extract(h.points, '$[' || seats.seat || ']') AS INTEGER), 0))
        FROM hands h WHERE h.game_id = seats.game_id AND h.deleted_at IS NULL)
    WHERE best_hand IS NOT NULL;

-- +goose Down
ALTER TABLE seats DROP COLUMN worst_hand;
ALTER TABLE seats DROP COLUMN worst_points;
ALTER TABLE seats DROP COLUMN best_hand;
ALTER TABLE seats DROP COLUMN best_points;
DROP INDEX games_league_changes;
ALTER TABLE games DROP COLUMN league_version;
DROP INDEX games_league;
ALTER TABLE games DROP COLUMN league_id;
DROP TABLE league_members;
DROP TABLE seasons;
DROP TABLE leagues;
