-- +goose Up
-- An event night: a league's players at several tables at once, round
-- after round, ranked at the end. screen_id is the read-only link of the
-- screen (a projector's page), random like the other links and unrelated
-- to them. rules is the game played; settings the organiser's choices as
-- JSON (rules/event.Config: table sizes, rounds, pairing, scoring, byes,
-- tie-breaks). seed draws among equally good seatings. plan is the
-- seating of the rounds to come, planned ahead while the same players are
-- present (rules/event.Plan), or NULL. version is bumped by every write
-- to the event (a round seated, a player added or dropped, a table
-- marked), for the screen's live updates. token is the creating form's
-- idempotency token.
CREATE TABLE events (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    screen_id  TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    rules      TEXT NOT NULL CHECK (length(rules) BETWEEN 1 AND 40),
    settings   TEXT NOT NULL CHECK (json_valid(settings)),
    seed       INTEGER NOT NULL,
    plan       TEXT CHECK (plan IS NULL OR json_valid(plan)),
    version    INTEGER NOT NULL DEFAULT 1,
    token      TEXT UNIQUE,
    created_at TEXT NOT NULL
);
CREATE INDEX events_league ON events (league_id, created_at);

-- The event's players, players of its league: checked in before the
-- first round or arriving later (joined_round, the first round they may
-- be seated in), and dropped (dropped_round, the first round they are
-- no longer seated in; NULL while they play on).
CREATE TABLE event_players (
    event_id      INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    joined_round  INTEGER NOT NULL CHECK (joined_round >= 1),
    dropped_round INTEGER CHECK (dropped_round IS NULL OR dropped_round > joined_round),
    added_at      TEXT NOT NULL,
    PRIMARY KEY (event_id, player_id)
);
CREATE INDEX event_players_player ON event_players (player_id);

-- Each round's tables, numbered from 1: each is a game of the league,
-- whose seats are the players drawn to it. counts is 0 for a table the
-- organiser marked as not counting (left out of the event's standings
-- and the league's).
CREATE TABLE event_tables (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round    INTEGER NOT NULL CHECK (round >= 1),
    number   INTEGER NOT NULL CHECK (number >= 1),
    game_id  INTEGER NOT NULL UNIQUE REFERENCES games (id),
    counts   INTEGER NOT NULL DEFAULT 1 CHECK (counts IN (0, 1)),
    PRIMARY KEY (event_id, round, number)
);

-- The players who sat out a round.
CREATE TABLE event_byes (
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    player_id INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (event_id, round, player_id)
);
CREATE INDEX event_byes_player ON event_byes (player_id);

-- +goose Down
DROP TABLE event_byes;
DROP TABLE event_tables;
DROP TABLE event_players;
DROP TABLE events;
