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

-- +goose Down
DROP INDEX games_league;
ALTER TABLE games DROP COLUMN league_id;
DROP TABLE league_members;
DROP TABLE seasons;
DROP TABLE leagues;
