-- +goose Up
-- Players are remembered by name across games so the next game can offer
-- them again.
CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);

-- A game is one scorepad. public_id is the random id used in URLs; id is
-- never shown. house_rules is a JSON object of the house-rule keys chosen
-- at creation (RULES.md). status, winner_seat and finished_at are derived
-- from the hands and rewritten in the transaction of every write to them.
CREATE TABLE games (
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
    finished_at  TEXT
);
CREATE INDEX games_status ON games (status, updated_at);

-- Seats in clockwise order. total is derived, like games.status.
CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    player_id INTEGER NOT NULL REFERENCES players (id),
    total     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
);
CREATE INDEX seats_player ON seats (player_id);

-- One hand (deal, trick) as it was entered. record is the structured entry
-- (by points now; melds, lay-offs, final hands, knock card, tricks later),
-- points the per-seat result the rules computed from it. seat is the seat
-- the entry names (who went out, who won the trick). A deleted hand keeps
-- its row, so its revisions keep their history.
CREATE TABLE hands (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    entry      TEXT NOT NULL CHECK (entry IN ('points', 'cards')),
    record     TEXT NOT NULL CHECK (json_valid(record)),
    points     TEXT NOT NULL CHECK (json_valid(points)),
    seat       INTEGER,
    ends_hand  INTEGER NOT NULL DEFAULT 1 CHECK (ends_hand IN (0, 1)),
    version    INTEGER NOT NULL DEFAULT 1,
    deleted_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (game_id, seq)
);

-- Every change to a hand, with who made it and the hand before and after.
CREATE TABLE revisions (
    id      INTEGER PRIMARY KEY,
    hand_id INTEGER NOT NULL REFERENCES hands (id) ON DELETE CASCADE,
    action  TEXT NOT NULL CHECK (action IN ('add', 'correct', 'delete')),
    author  TEXT NOT NULL DEFAULT '',
    at      TEXT NOT NULL,
    before  TEXT CHECK (before IS NULL OR json_valid(before)),
    after   TEXT CHECK (after IS NULL OR json_valid(after))
);
CREATE INDEX revisions_hand ON revisions (hand_id, id);

-- Form tokens already saved, so a double-tapped submit or a re-post saves
-- once and answers with what the first one made.
CREATE TABLE submissions (
    token   TEXT PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand_id INTEGER REFERENCES hands (id) ON DELETE CASCADE,
    at      TEXT NOT NULL
);

-- +goose Down
DROP TABLE submissions;
DROP TABLE revisions;
DROP TABLE hands;
DROP TABLE seats;
DROP TABLE games;
DROP TABLE players;
