-- +goose Up
-- A player is a name within a league. A game outside leagues has names on
-- its seats and no players; a game in a league seats the league's
-- players. Nothing is matched across leagues or across unrelated games,
-- so a league's organizer (adding, renaming, merging players) reaches
-- only the league's own players and games.
--
-- The players of before are copied into every league they have: its
-- members and the players seated at its games. A player of two leagues
-- becomes two players, one in each. A seat of a game outside leagues
-- takes its player's name.
--
-- Ids. A league's player pages are linked by id (/l/:league/players/:id)
-- and a player's record lists opponents with as many games in the order
-- of their ids, so within each league the ids keep their order. A player
-- keeps its id in its first league (the smallest league id), when no
-- player of smaller id in that league belongs first to another league;
-- every other copy gets a new id, above every id of before, in the order
-- of (league, old id). player_moves leads each old link to a copy with a
-- new id, so that every link of before still finds its player.
CREATE TEMP TABLE player_copies (
    league_id INTEGER NOT NULL,
    old_id    INTEGER NOT NULL,
    new_id    INTEGER NOT NULL,
    PRIMARY KEY (league_id, old_id)
) WITHOUT ROWID;
WITH pairs (league_id, old_id) AS (
    SELECT league_id, player_id FROM league_members
    UNION
    SELECT g.league_id, s.player_id FROM seats s JOIN games g ON g.id = s.game_id WHERE g.league_id IS NOT NULL
), homes (old_id, league_id) AS (
    SELECT old_id, min(league_id) FROM pairs GROUP BY old_id
), strangers (league_id, old_id) AS (
    -- each league's first player who belongs first to another league
    SELECT p.league_id, min(p.old_id) FROM pairs p JOIN homes h ON h.old_id = p.old_id
    WHERE h.league_id <> p.league_id GROUP BY p.league_id
), marked (league_id, old_id, kept) AS (
    SELECT p.league_id, p.old_id, s.old_id IS NULL OR p.old_id < s.old_id
    FROM pairs p LEFT JOIN strangers s ON s.league_id = p.league_id
)
INSERT INTO player_copies (league_id, old_id, new_id)
SELECT league_id, old_id, CASE WHEN kept THEN old_id
    ELSE (SELECT coalesce(max(id), 0) FROM players) + row_number() OVER (PARTITION BY kept ORDER BY league_id, old_id) END
FROM marked;

-- AUTOINCREMENT: the id of a player merged away, or of before, never
-- comes back as someone else's, since old links may still name it.
CREATE TABLE new_players (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    created_at TEXT NOT NULL,
    UNIQUE (league_id, id)
);
INSERT INTO new_players (id, league_id, name, created_at)
    SELECT c.new_id, c.league_id, p.name, p.created_at
    FROM player_copies c JOIN players p ON p.id = c.old_id ORDER BY c.new_id;
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'new_players', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'new_players');
UPDATE sqlite_sequence SET seq = max(seq, (SELECT coalesce(max(id), 0) FROM players)) WHERE name = 'new_players';

-- A member is a player of the same league (the key says so).
CREATE TABLE new_league_members (
    league_id INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    added_at  TEXT NOT NULL,
    PRIMARY KEY (league_id, player_id),
    FOREIGN KEY (league_id, player_id) REFERENCES new_players (league_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO new_league_members (league_id, player_id, added_at)
    SELECT m.league_id, c.new_id, m.added_at
    FROM league_members m JOIN player_copies c ON c.league_id = m.league_id AND c.old_id = m.player_id;

-- A seat holds a player of the game's league, or, outside leagues, a
-- name: one of the two (the triggers below keep the player in the league).
CREATE TABLE new_seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    player_id    INTEGER REFERENCES new_players (id),
    name         TEXT CHECK (name IS NULL OR length(name) BETWEEN 1 AND 40),
    total        INTEGER NOT NULL DEFAULT 0,
    best_points  INTEGER,
    best_hand    INTEGER,
    worst_points INTEGER,
    worst_hand   INTEGER,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id),
    CHECK ((player_id IS NULL) <> (name IS NULL))
);
INSERT INTO new_seats (game_id, seat, player_id, name, total, best_points, best_hand, worst_points, worst_hand)
    SELECT s.game_id, s.seat, c.new_id, CASE WHEN c.new_id IS NULL THEN p.name END,
        s.total, s.best_points, s.best_hand, s.worst_points, s.worst_hand
    FROM seats s JOIN games g ON g.id = s.game_id JOIN players p ON p.id = s.player_id
    LEFT JOIN player_copies c ON c.league_id = g.league_id AND c.old_id = s.player_id;

-- The links of before that now name another id: a copy's old id in its
-- league, and (from now on) a name merged into another.
CREATE TABLE player_moves (
    league_id INTEGER NOT NULL,
    old_id    INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    PRIMARY KEY (league_id, old_id),
    FOREIGN KEY (league_id, player_id) REFERENCES new_players (league_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO player_moves (league_id, old_id, player_id)
    SELECT league_id, old_id, new_id FROM player_copies WHERE new_id <> old_id;

DROP TABLE seats;
DROP TABLE league_members;
DROP TABLE players;
ALTER TABLE new_players RENAME TO players;
ALTER TABLE new_league_members RENAME TO league_members;
ALTER TABLE new_seats RENAME TO seats;
DROP TABLE temp.player_copies;

-- Names are unique in a league, in any case (as SQLite folds A-Z).
CREATE UNIQUE INDEX players_name ON players (league_id, name COLLATE NOCASE);
CREATE UNIQUE INDEX seats_name ON seats (game_id, name COLLATE NOCASE) WHERE name IS NOT NULL;
CREATE INDEX seats_player ON seats (player_id) WHERE player_id IS NOT NULL;
CREATE INDEX league_members_player ON league_members (player_id);
CREATE INDEX player_moves_player ON player_moves (league_id, player_id);

-- A seat's player belongs to the game's league, and a game outside
-- leagues seats names only: (league of the game) IS (league of the
-- player), NULL for a name. A game changes league (it only leaves one)
-- once its seats are names: a game leaving its league first turns its
-- seats into names, which an update may do.
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

-- +goose Down
-- Back to one table of players for the whole meldpad, matched by name:
-- players of the same name (in any case) in several leagues, and names
-- on seats, become one player again.
DROP TRIGGER games_league_seats;
DROP TRIGGER seats_in_league_update;
DROP TRIGGER seats_in_league_insert;
CREATE TABLE old_players (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    created_at TEXT NOT NULL
);
INSERT INTO old_players (id, name, created_at)
    SELECT p.id, p.name, p.created_at FROM players p
    WHERE p.id = (SELECT min(q.id) FROM players q WHERE q.name = p.name COLLATE NOCASE);
INSERT INTO old_players (name, created_at)
    SELECT s.name, min(g.created_at) FROM seats s JOIN games g ON g.id = s.game_id
    WHERE s.name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM old_players o WHERE o.name = s.name COLLATE NOCASE)
    GROUP BY s.name COLLATE NOCASE;
CREATE TABLE old_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    player_id INTEGER NOT NULL REFERENCES old_players (id),
    total     INTEGER NOT NULL DEFAULT 0,
    best_points  INTEGER,
    best_hand    INTEGER,
    worst_points INTEGER,
    worst_hand   INTEGER,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
);
INSERT INTO old_seats (game_id, seat, player_id, total, best_points, best_hand, worst_points, worst_hand)
    SELECT s.game_id, s.seat, (SELECT o.id FROM old_players o WHERE o.name = coalesce(s.name, p.name) COLLATE NOCASE),
        s.total, s.best_points, s.best_hand, s.worst_points, s.worst_hand
    FROM seats s LEFT JOIN players p ON p.id = s.player_id;
CREATE TABLE old_league_members (
    league_id INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES old_players (id) ON DELETE CASCADE,
    added_at  TEXT NOT NULL,
    PRIMARY KEY (league_id, player_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO old_league_members (league_id, player_id, added_at)
    SELECT m.league_id, o.id, m.added_at FROM league_members m JOIN players p ON p.id = m.player_id
    JOIN old_players o ON o.name = p.name COLLATE NOCASE;
DROP TABLE player_moves;
DROP TABLE seats;
DROP TABLE league_members;
DROP TABLE players;
ALTER TABLE old_players RENAME TO players;
ALTER TABLE old_seats RENAME TO seats;
ALTER TABLE old_league_members RENAME TO league_members;
CREATE UNIQUE INDEX players_name ON players (name COLLATE NOCASE);
CREATE INDEX seats_player ON seats (player_id);
CREATE INDEX league_members_player ON league_members (player_id);
