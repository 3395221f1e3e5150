-- +goose Up
-- add_hand adds a hand to a game in one call, so that a save goes to the
-- server and back once rather than once a statement (ten): what the
-- store's AddHand does on SQLite, step for step. The game's row is
-- locked first, so that two saves to one game take turns and the second
-- reads what the first committed. The outcome says why nothing was
-- added, if so: 'not found' (no such game, or deleted), 'saved already'
-- (the form's token saved hand_id, with the values in saved), 'game
-- over', 'conflict' (not the phone's version, p_version), 'stale' (not
-- the version the caller worked the rest out from, p_from); 'added' with
-- the new hand's id and seq. A token another form used raises MPTKN,
-- and nothing is written.
-- +goose StatementBegin
CREATE FUNCTION add_hand(
    p_game BIGINT, p_token TEXT, p_version INTEGER, p_from INTEGER,
    p_entry TEXT, p_record TEXT, p_points TEXT, p_seat INTEGER, p_ends_hand BOOLEAN, p_ends_game BOOLEAN,
    p_author TEXT, p_at TEXT, p_after TEXT,
    p_totals INTEGER[], p_finals INTEGER[], p_places INTEGER[], p_round INTEGER[], p_number INTEGER,
    p_finished BOOLEAN, p_winner INTEGER, p_tally TEXT)
RETURNS TABLE (outcome TEXT, hand_id BIGINT, seq INTEGER, saved TEXT)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    g_status   TEXT;
    g_version  INTEGER;
    g_finished TEXT;
    g_league   BIGINT;
    s_hand     BIGINT;
    s_after    TEXT;
    new_seq    INTEGER;
    new_hand   BIGINT;
    new_rev    BIGINT;
BEGIN
    SELECT g.status, g.version, g.finished_at, g.league_id INTO g_status, g_version, g_finished, g_league
        FROM games g WHERE g.id = p_game AND g.deleted_at IS NULL FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'not found'::TEXT, NULL::BIGINT, NULL::INTEGER, NULL::TEXT;
        RETURN;
    END IF;
    IF p_token <> '' THEN
        SELECT s.hand_id, r.after INTO s_hand, s_after FROM submissions s LEFT JOIN revisions r ON r.id = s.revision_id
            WHERE s.token = p_token AND s.game_id = p_game AND s.hand_id IS NOT NULL;
        IF FOUND THEN
            RETURN QUERY SELECT 'saved already'::TEXT, s_hand, NULL::INTEGER, s_after;
            RETURN;
        END IF;
    END IF;
    IF g_status = 'finished' THEN
        RETURN QUERY SELECT 'game over'::TEXT, NULL::BIGINT, NULL::INTEGER, NULL::TEXT;
        RETURN;
    END IF;
    IF p_version <> 0 AND p_version <> g_version THEN
        RETURN QUERY SELECT 'conflict'::TEXT, NULL::BIGINT, NULL::INTEGER, NULL::TEXT;
        RETURN;
    END IF;
    IF p_from <> g_version THEN
        RETURN QUERY SELECT 'stale'::TEXT, NULL::BIGINT, NULL::INTEGER, NULL::TEXT;
        RETURN;
    END IF;

    SELECT coalesce(max(h.seq), 0) + 1 INTO new_seq FROM hands h WHERE h.game_id = p_game;
    INSERT INTO hands (game_id, seq, entry, record, points, seat, ends_hand, ends_game, created_at, updated_at)
        VALUES (p_game, new_seq, p_entry, p_record, p_points, p_seat, p_ends_hand, p_ends_game, p_at, p_at)
        RETURNING id INTO new_hand;
    INSERT INTO revisions (hand_id, action, author, at, before, after)
        VALUES (new_hand, 'add', p_author, p_at, NULL, p_after)
        RETURNING id INTO new_rev;
    IF p_token <> '' THEN
        INSERT INTO submissions (token, game_id, hand_id, revision_id, at)
            VALUES (p_token, p_game, new_hand, new_rev, p_at)
            ON CONFLICT (token) DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'add_hand: the form''s token was used by another form' USING ERRCODE = 'MPTKN';
        END IF;
    END IF;

    -- Each seat's totals and result, and its best and worst hand unless
    -- the new one beats it (the earliest on a tie): the right-hand sides
    -- read the row as it was.
    UPDATE seats SET total = p_totals[seat + 1],
        final = CASE WHEN p_finished THEN p_finals[seat + 1] END,
        place = CASE WHEN p_finished THEN p_places[seat + 1] END,
        best_points = CASE WHEN best_hand IS NULL OR coalesce(p_round[seat + 1], 0) > best_points
            THEN coalesce(p_round[seat + 1], 0) ELSE best_points END,
        best_hand = CASE WHEN best_hand IS NULL OR coalesce(p_round[seat + 1], 0) > best_points
            THEN p_number ELSE best_hand END,
        worst_points = CASE WHEN worst_hand IS NULL OR coalesce(p_round[seat + 1], 0) < worst_points
            THEN coalesce(p_round[seat + 1], 0) ELSE worst_points END,
        worst_hand = CASE WHEN worst_hand IS NULL OR coalesce(p_round[seat + 1], 0) < worst_points
            THEN p_number ELSE worst_hand END
        WHERE game_id = p_game;
    UPDATE games SET status = CASE WHEN p_finished THEN 'finished' ELSE 'playing' END,
        winner_seat = CASE WHEN p_finished THEN p_winner END,
        finished_at = CASE WHEN p_finished THEN coalesce(g_finished, p_at) END,
        tally = p_tally, version = version + 1, updated_at = p_at
        WHERE id = p_game;
    -- A league's standings are its games' totals and results: its
    -- version moves with them (leagueGameChanged).
    IF g_league IS NOT NULL THEN
        UPDATE leagues SET version = version + 1 WHERE id = g_league;
        UPDATE games SET league_version = (SELECT l.version FROM leagues l WHERE l.id = g_league) WHERE id = p_game;
    END IF;
    RETURN QUERY SELECT 'added'::TEXT, new_hand, new_seq, NULL::TEXT;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION add_hand;
