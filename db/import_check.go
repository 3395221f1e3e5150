package db

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Bounds of what a file may hold, beyond which it is hostile or broken:
// a real game, league or hand never comes near them.
const (
	maxHandsPerGame    = 5000
	maxRevisionsOfHand = 500
	maxSeasons         = 500
	maxHandPoints      = 1_000_000 // a hand is worth a few hundred at most
	maxVersion         = 1_000_000
)

// ParseArchive reads an export and checks everything that can be checked
// without the database: that it is a meldpad export of a version this
// meldpad reads (a version 1 file is read as the version 2 file it would
// be: archiveV1), its shape (types, fields, sizes), every id, name and
// time, that every name and league it refers to is in it, that every
// game's rules and table are possible, and that every hand has a point
// for each seat and, when entered by points, points its game's rules
// accept (GameRules.CheckPoints), by games' rules and names' checks.
// The error is an *ImportError saying where in the file each problem is.
func ParseArchive(data []byte, games ArchiveRules) (Archive, error) {
	if !utf8.Valid(data) {
		return Archive{}, importFailed("", "not_utf8")
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\uFEFF")), " \t\r\n")
	if len(text) == 0 {
		return Archive{}, importFailed("", "empty")
	}
	if text[0] != '{' {
		first, _, _ := bytes.Cut(text, []byte("\n"))
		if bytes.Count(first, []byte(",")) >= 2 {
			return Archive{}, importFailed("", "csv", "Start", strconv.Quote(shorten(strings.TrimSpace(string(first)))))
		}
		return Archive{}, importFailed("", "not_export")
	}
	a, err := decodeStrict[Archive](text)
	if err == nil && (a.Meldpad == ArchiveVersion || a.Meldpad == archiveVersionWithoutEvents) {
		// A version 2 file is a version 3 file without events.
		var ps problems
		checkArchive(&ps, &a, games)
		return a, ps.err()
	}
	// A file of another version is read as that version, or refused for
	// its version, not for the fields it has.
	version, verr := checkVersion(text)
	if verr != nil {
		return Archive{}, verr
	}
	if version == 1 {
		return parseArchiveV1(text, games)
	}
	return Archive{}, shapeProblem(text, reflect.TypeFor[Archive](), version, err)
}

// shapeProblem says where a file that did not decode went wrong, by
// walking it again against the types of its version; should the walk find
// nothing, the decoder's word is all there is.
func shapeProblem(text []byte, t reflect.Type, version int, err error) error {
	if located := checkShape(text, t, version); located != nil {
		return located
	}
	return importFailed("", "unreadable", "Problem", strings.TrimPrefix(err.Error(), "json: "))
}

// decodeStrict decodes a file strictly: no field the format does not
// have, nothing after the end.
func decodeStrict[T any](text []byte) (T, error) {
	var zero, v T
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return zero, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return zero, errors.New("more after the end of the export")
	}
	return v, nil
}

// checkVersion looks only for the version, and returns it: 1 or
// ArchiveVersion, or 0 when the file is too deep to find it (checkShape
// then says where).
func checkVersion(text []byte) (int, error) {
	var head struct {
		Meldpad *json.RawMessage `json:"meldpad"`
	}
	if err := json.Unmarshal(text, &head); err != nil {
		var syntax *json.SyntaxError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax) && strings.HasSuffix(syntax.Error(), "exceeded max depth"):
			return 0, nil // checkShape says where, and that it is too deep
		case errors.As(err, &syntax):
			return 0, syntaxProblem(text, syntax)
		case errors.As(err, &typeErr):
		default:
			return 0, importFailed("", "not_json", "Problem", err.Error())
		}
	}
	if head.Meldpad == nil {
		return 0, importFailed("", "no_version")
	}
	switch v := string(*head.Meldpad); v {
	case "1":
		return 1, nil
	case strconv.Itoa(archiveVersionWithoutEvents):
		return archiveVersionWithoutEvents, nil
	case strconv.Itoa(ArchiveVersion):
		return ArchiveVersion, nil
	default:
		return 0, importFailed("meldpad", "version", "Version", shorten(v), "Max", ArchiveVersion)
	}
}

// fold is how SQLite's NOCASE compares names: ASCII letters in either
// case are the same, every other character is itself. Names are unique in
// a league by it (players_name), so the file's names are compared by it
// too.
func fold(name string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, name)
}

// checkArchive checks an archive's content, adding what is wrong to ps.
func checkArchive(ps *problems, a *Archive, games ArchiveRules) {
	c := archiveCheck{ps: ps, games: games, version: a.Meldpad, ids: map[string]string{}, leagues: map[string]bool{}, leaguePlayers: map[string]map[string]int{}}
	for i := range a.Leagues {
		c.league(i, &a.Leagues[i])
	}
	for i := range a.Games {
		if ps.full() {
			return
		}
		c.game(i, &a.Games[i])
	}
	ec := &eventCheck{games: map[string]*ArchiveGame{}, used: map[string]string{}}
	for i := range a.Games {
		ec.games[a.Games[i].PublicID] = &a.Games[i]
	}
	for i := range a.Leagues {
		l := &a.Leagues[i]
		where := "leagues[" + strconv.Itoa(i) + "]"
		if len(l.Events) > 0 && a.Meldpad < ArchiveVersion {
			ps.add(where+".events", "events_version", "Version", ArchiveVersion, "File", a.Meldpad)
			continue
		}
		c.events(where, l, ec)
	}
}

// archiveCheck is what checkArchive learns as it reads a file, to check
// the links between its parts: every id must be different, and a game's
// league and a league's members and seats must be in the file.
type archiveCheck struct {
	ps            *problems
	games         ArchiveRules
	version       int                       // the file's
	ids           map[string]string         // id -> where it is first
	leagues       map[string]bool           // the leagues' public ids
	leaguePlayers map[string]map[string]int // each league's players: folded name -> index
}

// id checks an id at where (a value "" is allowed when optional) and that
// no other link has it.
func (c *archiveCheck) id(where, value string, optional bool) {
	if value == "" && optional {
		return
	}
	if !ValidID(value) {
		c.ps.add(where, "not_an_id", "Value", strconv.Quote(shorten(value)))
		return
	}
	if first, dup := c.ids[value]; dup {
		c.ps.add(where, "id_twice", "ID", value, "First", first)
		return
	}
	c.ids[value] = where
}

// player checks that name is one of the players of the league.
func (c *archiveCheck) player(where, league, name string) {
	if _, ok := c.leaguePlayers[league][fold(name)]; !ok {
		c.ps.add(where, "not_league_player", "Name", strconv.Quote(shorten(name)))
	}
}

// league checks the league leagues[i] and keeps its id and players for
// the checks of the games.
func (c *archiveCheck) league(i int, l *ArchiveLeague) {
	where := "leagues[" + strconv.Itoa(i) + "]"
	c.id(where+".public_id", l.PublicID, false)
	c.id(where+".organizer_id", l.OrganizerID, false)
	c.leagues[l.PublicID] = true
	c.name(where+".name", l.Name, 60)
	c.leagueGames(where, l.Games)
	checkTime(c.ps, where+".created_at", l.CreatedAt, true)
	c.checkSeasons(where, l.Seasons)
	players := c.checkPlayers(where, l.Players)
	if _, dup := c.leaguePlayers[l.PublicID]; !dup {
		c.leaguePlayers[l.PublicID] = players
	}
	c.members(where, l.PublicID, l.Members)
}

// leagueGames checks the games that count in a league: meldpad's
// own, each once.
func (c *archiveCheck) leagueGames(where string, games []string) {
	chosen := map[string]bool{}
	for k, g := range games {
		if _, ok := c.games.Game(g); !ok {
			c.ps.add(where+".games["+strconv.Itoa(k)+"]", "not_a_game", "Rules", strconv.Quote(shorten(g)))
		} else if chosen[g] {
			c.ps.add(where+".games["+strconv.Itoa(k)+"]", "given_twice", "Value", strconv.Quote(g))
		}
		chosen[g] = true
	}
}

// checkSeasons checks a league's seasons: how many, their names, and that
// each ends no earlier than it starts.
func (c *archiveCheck) checkSeasons(where string, seasons []ArchiveSeason) {
	if len(seasons) > maxSeasons {
		c.ps.add(where+".seasons", "seasons_many", "Seasons", len(seasons), "Max", maxSeasons)
	}
	for k, sn := range seasons {
		at := where + ".seasons[" + strconv.Itoa(k) + "]"
		c.name(at+".name", sn.Name, 60)
		from, okFrom := checkDay(c.ps, at+".starts_on", sn.StartsOn)
		to, okTo := checkDay(c.ps, at+".ends_on", sn.EndsOn)
		if okFrom && okTo && from != "" && to != "" && from > to {
			c.ps.add(at, "season_ends", "To", to, "From", from)
		}
		checkTime(c.ps, at+".created_at", sn.CreatedAt, true)
	}
}

// checkPlayers checks a league's players, each name once in any case
// (players_name), and returns them: folded name -> index.
func (c *archiveCheck) checkPlayers(where string, players []ArchivePlayer) map[string]int {
	byName := map[string]int{}
	for k, p := range players {
		at := where + ".players[" + strconv.Itoa(k) + "]"
		c.name(at+".name", p.Name, 40)
		if j, dup := byName[fold(p.Name)]; dup {
			c.ps.add(at+".name", "name_again", "Name", strconv.Quote(p.Name), "Index", j)
		} else {
			byName[fold(p.Name)] = k
		}
		checkTime(c.ps, at+".created_at", p.CreatedAt, true)
	}
	return byName
}

// members checks a league's members: players of the league, each once.
func (c *archiveCheck) members(where, league string, members []ArchiveMember) {
	seen := map[string]bool{}
	for k, m := range members {
		at := where + ".members[" + strconv.Itoa(k) + "]"
		c.player(at+".name", league, m.Name)
		if seen[fold(m.Name)] {
			c.ps.add(at+".name", "member_twice", "Name", strconv.Quote(shorten(m.Name)))
		}
		seen[fold(m.Name)] = true
		checkTime(c.ps, at+".added_at", m.AddedAt, true)
	}
}

// game checks the game games[i]: its links, times, rules and table, then
// its hands, which are checked only when the rest allows (a hand is read
// by its game's rules and seats).
func (c *archiveCheck) game(i int, g *ArchiveGame) {
	where := "games[" + strconv.Itoa(i) + "]"
	c.id(where+".public_id", g.PublicID, false)
	c.id(where+".watch_id", g.WatchID, true)
	if g.League != "" && !c.leagues[g.League] {
		c.ps.add(where+".league", "league_not_in_file", "League", shorten(g.League))
	}
	checkTime(c.ps, where+".created_at", g.CreatedAt, true)
	checkTime(c.ps, where+".updated_at", g.UpdatedAt, true)
	checkTime(c.ps, where+".finished_at", g.FinishedAt, false)
	rg, ok := c.games.Game(g.Rules)
	if !ok {
		c.ps.add(where+".rules", "not_a_game", "Rules", strconv.Quote(shorten(g.Rules)))
		return
	}
	checkHouseRules(c.ps, where, rg, g.HouseRules)
	seats := len(g.Seats)
	if fewest, most := rg.Players(); seats < fewest || seats > most {
		c.ps.add(where+".seats", "seats", "Seats", seats, "Game", rg.Name(), "Min", fewest, "Max", most)
		return
	}
	c.seats(where, g)
	if g.FirstDealer < 0 || g.FirstDealer >= seats {
		c.ps.add(where+".first_dealer", "seat", "Seat", g.FirstDealer, "Last", seats-1)
	}
	table := ImportTable{Names: g.Seats, HouseRules: g.HouseRules, Settings: g.Settings, FirstDealer: g.FirstDealer}
	if !checkSettings(c.ps, where+".settings", rg, table) {
		return
	}
	c.checkHands(where, rg, table, g.Hands)
}

// checkHouseRules checks that every house rule a game names is one of its
// rules'.
func checkHouseRules(ps *problems, where string, rg GameRules, houseRules map[string]bool) {
	for key := range houseRules {
		if !rg.HouseRule(key) {
			ps.add(where+".house_rules."+key, "not_house_rule", "Game", rg.Name())
		}
	}
}

// seats checks a game's seats, each name once: in a league's game, players
// of the league (when the league is in the file); outside leagues, names
// as the forms take them.
func (c *archiveCheck) seats(where string, g *ArchiveGame) {
	seated := map[string]bool{}
	for k, name := range g.Seats {
		at := where + ".seats[" + strconv.Itoa(k) + "]"
		if g.League == "" {
			c.name(at, name, 40)
		} else if c.leagues[g.League] {
			c.player(at, g.League, name)
		}
		if seated[fold(name)] {
			c.ps.add(at, "sits_twice", "Name", strconv.Quote(shorten(name)))
		}
		seated[fold(name)] = true
	}
}

// checkHands checks a game's hands, of the given rules and table, and that
// they are in the order they were entered.
func (c *archiveCheck) checkHands(where string, rg GameRules, table ImportTable, hands []ArchiveHand) {
	if len(hands) > maxHandsPerGame {
		c.ps.add(where+".hands", "hands_many", "Hands", len(hands), "Max", maxHandsPerGame)
		return
	}
	for k := range hands {
		at := where + ".hands[" + strconv.Itoa(k) + "]"
		c.checkHand(at, rg, table, &hands[k])
		if k > 0 && hands[k].Seq <= hands[k-1].Seq {
			c.ps.add(at+".seq", "seq_order", "Seq", hands[k].Seq, "Before", hands[k-1].Seq)
		}
	}
}

// checkHand checks one hand of a game of the given rules and seats.
func (c *archiveCheck) checkHand(where string, g GameRules, table ImportTable, h *ArchiveHand) {
	seats := len(table.Names)
	if h.Seq < 1 || h.Seq > maxHandsPerGame*10 {
		c.ps.add(where+".seq", "seq", "Seq", h.Seq)
	}
	if h.Entry != EntryPoints && h.Entry != EntryCards {
		c.ps.add(where+".entry", "entry", "Entry", strconv.Quote(shorten(h.Entry)), "Points", strconv.Quote(EntryPoints), "Cards", strconv.Quote(EntryCards))
	}
	checkRecord(c.ps, where+".record", h.Record)
	pointsOK := checkPoints(c.ps, where+".points", h.Points, seats)
	seat := -1
	if h.Seat != nil {
		seat = *h.Seat
		if seat < 0 || seat >= seats {
			c.ps.add(where+".seat", "seat", "Seat", seat, "Last", seats-1)
			pointsOK = false
		}
	}
	if pointsOK && h.Entry == EntryPoints {
		// The rules' message names the rule.
		if err := g.CheckPoints(table, HandInput{Points: h.Points, Seat: seat, EndsHand: h.EndsHand, EndsGame: h.EndsGame}); err != nil {
			c.ps.add(where+".points", "points_refused", "Points", fmt.Sprint(h.Points), "Game", g.Name(), "Problem", err)
		}
	}
	if h.Version < 1 || h.Version > maxVersion {
		c.ps.add(where+".version", "version_hand", "Version", h.Version)
	}
	checkTime(c.ps, where+".created_at", h.CreatedAt, true)
	checkTime(c.ps, where+".updated_at", h.UpdatedAt, true)
	checkTime(c.ps, where+".deleted_at", h.DeletedAt, false)
	if len(h.Revisions) > maxRevisionsOfHand {
		c.ps.add(where+".revisions", "revisions_many", "Revisions", len(h.Revisions), "Max", maxRevisionsOfHand)
		return
	}
	for i, r := range h.Revisions {
		at := where + ".revisions[" + strconv.Itoa(i) + "]"
		c.checkRevision(at, seats, r)
	}
}

// checkPoints checks a hand's points by seat: one for each seat, none
// beyond what any hand could score.
func checkPoints(ps *problems, where string, points []int, seats int) bool {
	if len(points) != seats {
		ps.add(where, "values", "Count", len(points), "Seats", seats)
		return false
	}
	for i, p := range points {
		if p > maxHandPoints || p < -maxHandPoints {
			ps.add(where+"["+strconv.Itoa(i)+"]", "beyond", "Points", p, "Max", maxHandPoints)
			return false
		}
	}
	return true
}

// checkRevision checks one change to a hand: an action, and the hand
// before and after it as meldpad keeps them.
func (c *archiveCheck) checkRevision(where string, seats int, r ArchiveRevision) {
	checkTime(c.ps, where+".at", r.At, true)
	if r.Author != "" {
		c.name(where+".author", r.Author, MaxPlayerName)
	}
	before, after := !isNull(r.Before), !isNull(r.After)
	switch r.Action {
	case "add":
		if before || !after {
			c.ps.add(where, "add_shape")
		}
	case "correct":
		if !before || !after {
			c.ps.add(where, "correct_shape")
		}
	case "delete":
		if !before || after {
			c.ps.add(where, "delete_shape")
		}
	default:
		c.ps.add(where+".action", "action", "Action", strconv.Quote(shorten(r.Action)))
	}
	for _, side := range []struct {
		name string
		raw  json.RawMessage
	}{{"before", r.Before}, {"after", r.After}} {
		if isNull(side.raw) {
			continue
		}
		if w := checkRecordText(side.raw); w != nil {
			c.ps.addWords(where+"."+side.name, *w)
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(side.raw))
		dec.DisallowUnknownFields()
		var sn snapshot
		if err := dec.Decode(&sn); err != nil {
			c.ps.add(where+"."+side.name, "not_a_hand", "Problem", strings.TrimPrefix(err.Error(), "json: "))
			continue
		}
		if sn.Entry != EntryPoints && sn.Entry != EntryCards {
			c.ps.add(where+"."+side.name+".entry", "entry", "Entry", strconv.Quote(shorten(sn.Entry)), "Points", strconv.Quote(EntryPoints), "Cards", strconv.Quote(EntryCards))
		}
		checkRecord(c.ps, where+"."+side.name+".record", sn.Record)
		checkPoints(c.ps, where+"."+side.name+".points", sn.Points, seats)
	}
}

// checkRecord checks a hand's record: an object, of a size and depth
// meldpad makes.
func checkRecord(ps *problems, where string, raw json.RawMessage) {
	if !isObject(raw) {
		ps.add(where, "hand_object")
		return
	}
	if w := checkRecordText(raw); w != nil {
		ps.addWords(where, *w)
	}
}

func isNull(raw json.RawMessage) bool { return len(raw) == 0 || string(raw) == "null" }

func isObject(raw json.RawMessage) bool {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	return len(raw) > 0 && raw[0] == '{'
}

// name checks a name as the forms would take it (ArchiveRules.CheckName).
func (c *archiveCheck) name(where, name string, most int) {
	if err := c.games.CheckName(name, most); err != nil {
		c.ps.addErr(where, err, "")
	}
}

// checkTime checks a time in RFC 3339, as meldpad writes them.
func checkTime(ps *problems, where, value string, required bool) {
	if value == "" {
		if required {
			ps.add(where, "missing")
		}
		return
	}
	if _, err := time.Parse(time.RFC3339Nano, value); err != nil {
		ps.add(where, "not_a_time", "Value", strconv.Quote(shorten(value)))
	}
}

// checkDay checks a YYYY-MM-DD date, or "", and returns it.
func checkDay(ps *problems, where, value string) (string, bool) {
	if value == "" {
		return "", true
	}
	if d, err := time.Parse(time.DateOnly, value); err != nil || d.Format(time.DateOnly) != value {
		ps.add(where, "not_a_date", "Value", strconv.Quote(shorten(value)))
		return "", false
	}
	return value, true
}

// canonicalTime is a checked time as meldpad stores it (UTC).
func canonicalTime(value string) string {
	t, _ := time.Parse(time.RFC3339Nano, value)
	return formatTime(t)
}

// compactJSON is a checked record as meldpad stores it: without spaces.
func compactJSON(raw json.RawMessage) (string, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return "", fmt.Errorf("db: import: compact a record: %w", err)
	}
	return b.String(), nil
}

// checkSettings checks a game's own settings: a game with settings of its
// own must have ones its rules read; any other game none.
func checkSettings(ps *problems, where string, g GameRules, t ImportTable) bool {
	if err := g.CheckSettings(t.Settings, len(t.Names)); err != nil {
		ps.addErr(where, err, "")
		return false
	}
	return true
}
