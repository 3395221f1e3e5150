package db

import (
	"reflect"
	"strconv"
)

// archiveV1 is an export of version 1, written while players were one
// list for the whole meldpad: leagues named their members and games their
// seats by the names of that list (in any case). meldpad reads it as the
// version 2 file it would be (upgrade), the way the database itself moved
// (migration 00004): each league gets its own copy of the players it has,
// its members and the players seated at its games, in the order of the
// list; a game outside leagues keeps its players' names on its seats; a
// player of two leagues becomes two players.
type archiveV1 struct {
	Meldpad    int               `json:"meldpad"`
	ExportedAt string            `json:"exported_at"`
	Players    []ArchivePlayer   `json:"players"`
	Leagues    []archiveLeagueV1 `json:"leagues"`
	Games      []ArchiveGame     `json:"games"`
}

// archiveLeagueV1 is a league of version 1: without players of its own.
type archiveLeagueV1 struct {
	PublicID    string          `json:"public_id"`
	OrganizerID string          `json:"organizer_id"`
	Name        string          `json:"name"`
	Games       []string        `json:"games"`
	CreatedAt   string          `json:"created_at"`
	Seasons     []ArchiveSeason `json:"seasons"`
	Members     []ArchiveMember `json:"members"`
}

// parseArchiveV1 reads a version 1 file: its list of players is checked
// first, with every name that refers to it; then the file is upgraded and
// checked as version 2 (leagues and games keep their places in the file,
// so every problem is named where it is).
func parseArchiveV1(text []byte, games ArchiveRules) (Archive, error) {
	old, err := decodeStrict[archiveV1](text)
	if err != nil {
		return Archive{}, shapeProblem(text, reflect.TypeFor[archiveV1](), 1, err)
	}
	var ps problems
	old.check(&ps, games)
	if len(ps) > 0 {
		return Archive{}, ps.err()
	}
	a := old.upgrade()
	checkArchive(&ps, &a, games)
	return a, ps.err()
}

// check checks the list of players and that every member and seat names
// one of them.
func (a *archiveV1) check(ps *problems, games ArchiveRules) {
	players := map[string]int{}
	for i, p := range a.Players {
		where := "players[" + strconv.Itoa(i) + "]"
		if err := games.CheckName(p.Name, 40); err != nil {
			ps.addErr(where+".name", err, "")
		}
		if j, dup := players[fold(p.Name)]; dup {
			ps.add(where+".name", "name_again", "Name", strconv.Quote(p.Name), "Index", j)
		} else {
			players[fold(p.Name)] = i
		}
		checkTime(ps, where+".created_at", p.CreatedAt, true)
	}
	player := func(where, name string) {
		if _, ok := players[fold(name)]; !ok {
			ps.add(where, "not_file_player", "Name", strconv.Quote(shorten(name)))
		}
	}
	for i, l := range a.Leagues {
		for k, m := range l.Members {
			player("leagues["+strconv.Itoa(i)+"].members["+strconv.Itoa(k)+"].name", m.Name)
		}
	}
	for i, g := range a.Games {
		for k, name := range g.Seats {
			player("games["+strconv.Itoa(i)+"].seats["+strconv.Itoa(k)+"]", name)
		}
	}
}

// upgrade returns the version 2 file this checked version 1 file is. A
// name is written as the list spells it ("ann" at a seat is the list's
// "Ann"), as the database showed it.
func (a *archiveV1) upgrade() Archive {
	index := map[string]int{} // folded name -> index in a.Players
	for i, p := range a.Players {
		index[fold(p.Name)] = i
	}
	spelt := func(name string) string {
		if i, ok := index[fold(name)]; ok {
			return a.Players[i].Name
		}
		return name
	}
	// has[league public id][player index]: the league's players.
	has := map[string]map[int]bool{}
	for _, l := range a.Leagues {
		has[l.PublicID] = map[int]bool{}
		for _, m := range l.Members {
			has[l.PublicID][index[fold(m.Name)]] = true
		}
	}
	out := Archive{Meldpad: ArchiveVersion, ExportedAt: a.ExportedAt, Leagues: []ArchiveLeague{}, Games: make([]ArchiveGame, len(a.Games))}
	for i, g := range a.Games {
		g.Seats = append([]string(nil), g.Seats...)
		for k, name := range g.Seats {
			g.Seats[k] = spelt(name)
			if players, ok := has[g.League]; ok && g.League != "" {
				players[index[fold(name)]] = true
			}
		}
		out.Games[i] = g
	}
	for _, l := range a.Leagues {
		nl := ArchiveLeague{PublicID: l.PublicID, OrganizerID: l.OrganizerID, Name: l.Name, Games: l.Games,
			CreatedAt: l.CreatedAt, Seasons: l.Seasons, Players: []ArchivePlayer{}, Members: make([]ArchiveMember, len(l.Members))}
		for i, p := range a.Players {
			if has[l.PublicID][i] {
				nl.Players = append(nl.Players, p)
			}
		}
		for k, m := range l.Members {
			nl.Members[k] = ArchiveMember{Name: spelt(m.Name), AddedAt: m.AddedAt}
		}
		out.Leagues = append(out.Leagues, nl)
	}
	return out
}
