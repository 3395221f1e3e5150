package db

import (
	"bytes"
	"maps"
	"slices"

	"meldpad/rules/game"
)

// maxKept bounds the games the writer keeps.
const maxKept = 4096

// keptGames are the games the writer's last saves left, each as the next
// save to it would read it, so that the next save reads only its form's
// token: reading and decoding the game was about a sixth of a save's CPU
// on the server, and the writer's time is what every save waits for
// (README). Only the writer touches them, between and inside its batches.
//
// A kept game is what a read of it would give as long as every write to
// the file since is a save that kept it again: the committer forgets
// them all before any other write (a correction, a rename, a league's
// change), after any write that fails or is undone, and when another
// connection, in this process or another, committed since its last batch
// (PRAGMA data_version, read at each batch's begin under the write lock).
// A save keeps its game only on the plain path: its tally was stored and
// the game goes on; a save that ends the game, or works it out from its
// hands, forgets it.
type keptGames struct {
	on     bool             // SQLite, writable
	ids    map[string]int64 // link (public id) → game id
	games  map[int64]keptGame
	seenDV int64 // data_version at the last batch's begin
}

// keptGame is a game's state without its tally, and the tally as its row
// stores it: decoded again at each use, as a read does.
type keptGame struct {
	st    gameState
	tally string
}

// get returns game id's state, if kept, as loadGameState would read it
// (a copy: the caller may change it).
func (k *keptGames) get(id int64) (gameState, bool) {
	g, ok := k.games[id]
	if !ok {
		return gameState{}, false
	}
	st := g.st.clone()
	if err := decodeTally(&st, g.tally); err != nil {
		delete(k.games, id)
		return gameState{}, false
	}
	return st, true
}

// byLink is get for the game whose link is link.
func (k *keptGames) byLink(link string) (gameState, bool) {
	id, ok := k.ids[link]
	if !ok {
		return gameState{}, false
	}
	return k.get(id)
}

// put keeps st, whose stored tally is tally, under its id and, unless
// empty, its link.
func (k *keptGames) put(link string, st gameState, tally string) {
	if !k.on {
		return
	}
	if k.games == nil || len(k.games) >= maxKept || len(k.ids) >= maxKept {
		k.games, k.ids = make(map[int64]keptGame), make(map[string]int64)
	}
	st = st.clone()
	st.table.Tally = game.Tally{}
	k.games[st.id] = keptGame{st: st, tally: tally}
	if link != "" {
		k.ids[link] = st.id
	}
}

// drop forgets game id (its link is left pointing at nothing kept).
func (k *keptGames) drop(id int64) {
	delete(k.games, id)
}

// forget drops every kept game.
func (k *keptGames) forget() {
	k.games, k.ids = nil, nil
}

// clone is st with its own copies of what a caller could change.
func (st gameState) clone() gameState {
	st.table.Names = slices.Clone(st.table.Names)
	st.table.HouseRules = maps.Clone(st.table.HouseRules)
	st.table.Settings = bytes.Clone(st.table.Settings)
	return st
}
