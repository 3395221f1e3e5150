package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/ruling"
	"meldpad/rules/trophy"
	"meldpad/views"
)

// trophySheet enters one Trophy Case trick, one scorepad entry, in either
// of two ways on one page: the plays in order, which trophy.Score referees
// turn by turn (T1-T7), or quickly, the winner and the cards of the trick,
// counted by T7. Whichever is filled in counts; when both are, they must
// agree. Whether new hands are dealt after the trick (T6) is the table's
// word, a checkbox: the referee could tell only from the players' hands,
// which nobody types in.
type trophySheet struct{}

// trophyRecord is a Trophy Case trick as stored: the leader and the plays
// when they were entered, the quick entry when it was, and whether new
// hands were dealt after the trick.
type trophyRecord struct {
	Leader   *int         `json:"leader,omitempty"`
	Plays    []trophyPlay `json:"plays,omitempty"`
	Quick    *trophyQuick `json:"quick,omitempty"`
	EndsHand bool         `json:"ends_hand,omitempty"`
}

// trophyPlay is one turn: a card (canonical) or a fold.
type trophyPlay struct {
	Seat int    `json:"seat"`
	Card string `json:"card,omitempty"`
	Fold bool   `json:"fold,omitempty"`
}

// trophyQuick is the quick entry: the winner and the cards of the trick.
type trophyQuick struct {
	Winner int      `json:"winner"`
	Cards  []string `json:"cards"`
}

// trophyPlayField names a play row's field: part is "seat", "card" or
// "fold"; rows count from 0.
func trophyPlayField(row int, part string) string {
	return "play_" + strconv.Itoa(row) + "_" + part
}

func (trophySheet) blank(t table) url.Values {
	return url.Values{"leader": {strconv.Itoa(scorepadLeader(t))}}
}

// scorepadLeader is who leads the next trick by the scorepad: the player
// left of the last trick's winner, or of the first dealer (T6).
func scorepadLeader(t table) int {
	return trophy.NextLeader(t.state())
}

func (s trophySheet) values(t table, record json.RawMessage) (url.Values, error) {
	var rec trophyRecord
	if err := json.Unmarshal(record, &rec); err != nil {
		return nil, err
	}
	form := s.blank(t)
	if rec.Leader != nil {
		form.Set("leader", strconv.Itoa(*rec.Leader))
	}
	for i, p := range rec.Plays {
		form.Set(trophyPlayField(i, "seat"), strconv.Itoa(p.Seat))
		if p.Fold {
			form.Set(trophyPlayField(i, "fold"), "1")
		} else {
			form.Set(trophyPlayField(i, "card"), p.Card)
		}
	}
	if rec.Quick != nil {
		form.Set("winner", strconv.Itoa(rec.Quick.Winner))
		form.Set("trick_cards", joinCards(rec.Quick.Cards))
	}
	if rec.EndsHand {
		form.Set("ends_hand", "1")
	}
	return form, nil
}

func (trophySheet) judge(_ context.Context, t table, form url.Values, vm *views.SheetVM) *db.HandInput {
	names := t.names()
	j := &vm.Judgement
	j.Names = names
	expected := scorepadLeader(t)
	leader, leaderErr := readSeat(form, "leader", len(names))
	if leaderErr != "" {
		leader = -1
	}
	r := newCardReader(t.rules.Deck)
	plays := readTrophyPlays(form, names, leader, r)
	quick := readTrophyQuick(form, names, t.rules.Deck)
	endsHand := form.Get("ends_hand") != ""

	in := judgeTrophyTrick(t, plays, quick, endsHand, expected, j)

	r.finish(vm)
	vm.Fields = append(vm.Fields, *quick.field)
	body := views.TrophySheetVM{
		Names: names, Leader: form.Get("leader"), LeaderNote: leaderNote(t, expected),
		CanAddRows: len(plays.rows) < maxTrophyPlays(len(names)),
		Winner:     form.Get("winner"), Cards: *quick.field, QuickOpen: quick.entered, EndsHand: endsHand,
	}
	for i, row := range plays.rows {
		v := views.TrophyPlayRowVM{Fold: row.fold, Card: *row.field, Focus: i == plays.focus}
		if row.seat >= 0 {
			v.Seat = strconv.Itoa(row.seat)
		}
		body.Rows = append(body.Rows, v)
	}
	vm.Body = views.TrophySheet(body)
	return in
}

// leaderNote says who leads by the scorepad and why (T6).
func leaderNote(t table, leader int) string {
	names := t.names()
	n := len(t.hands)
	if n == 0 || t.hands[n-1].Seat < 0 {
		return "By the scorepad: " + names[leader] + ", left of the first dealer (T6)."
	}
	return "By the scorepad: " + names[leader] + ", left of " + names[t.hands[n-1].Seat] + ", who won the last trick (T6)."
}

// maxTrophyPlays is the most plays one trick can take: every card dealt,
// and a fold by each player but the last one in (T2, T3, T5).
func maxTrophyPlays(players int) int {
	return trophy.HandSize(players)*players + players - 1
}

// trophyRow is one row of plays as read from the form.
type trophyRow struct {
	seat    int // -1 for "in turn"
	fold    bool
	card    cards.Card
	hasCard bool
	field   *views.CardFieldVM
	filled  bool // a card typed or a fold ticked
}

// trophyPlays is the plays part of the sheet, read and refereed.
type trophyPlays struct {
	leader  int
	rows    []trophyRow
	entered bool          // some row is filled
	res     trophy.Result // where the trick stands after the rows refereed
	problem string        // the first fault, when the plays cannot count
	focus   int           // the row to put the cursor in, or -1
	plays   []trophy.Play // the plays refereed, seats resolved
}

// readTrophyPlays reads the rows of plays and referees them in order with
// trophy.Score from the given leader (-1 when none was chosen), stopping at
// the first fault, which is shown on its row. Empty rows are skipped. A row whose "who" is left at "in turn" is the seat whose turn
// it is by the referee (T2), and says so. As many rows are laid out as
// were shown, but at least the filled ones and a round of empty ones, and
// another round when "Add plays" was pressed.
func readTrophyPlays(form url.Values, names []string, leader int, r *cardReader) trophyPlays {
	seats := len(names)
	most := maxTrophyPlays(seats)
	last := -1
	for n := 0; n < most; n++ {
		if strings.TrimSpace(form.Get(trophyPlayField(n, "card"))) != "" || form.Get(trophyPlayField(n, "fold")) != "" {
			last = n
		}
	}
	shown, _ := strconv.Atoi(form.Get("rows"))
	shown = max(shown, last+1+seats)
	out := trophyPlays{leader: leader, focus: -1}
	if form.Get("action") == actionMore {
		// The cursor goes to the first empty row, to carry on the trick.
		shown += seats
		out.focus = last + 1
	}
	shown = min(shown, most)
	if out.focus >= shown {
		out.focus = -1
	}
	for n := 0; n < shown; n++ {
		row := trophyRow{seat: -1, fold: form.Get(trophyPlayField(n, "fold")) != ""}
		row.card, row.hasCard, row.field = r.card(form, trophyPlayField(n, "card"), "play "+strconv.Itoa(n+1), "card")
		row.filled = row.fold || strings.TrimSpace(row.field.Value) != ""
		if seat, err := strconv.Atoi(form.Get(trophyPlayField(n, "seat"))); err == nil && seat >= 0 && seat < seats {
			row.seat = seat
		}
		out.rows = append(out.rows, row)
		out.entered = out.entered || row.filled
	}
	if leader < 0 {
		if out.entered {
			out.problem = "Choose who leads the trick (T1)."
		}
		return out
	}
	trick := trophy.Trick{Players: seats, Leader: leader}
	out.res, _ = trophy.Score(trick) // no plays: the leader is to lead
	if !out.entered {
		// The first row is left "in turn": it is the leader's, and stays
		// so when the leader is changed above it.
		return out
	}
	for i := range out.rows {
		row := &out.rows[i]
		if !row.filled {
			continue
		}
		play := "Play " + strconv.Itoa(i+1)
		switch {
		case row.fold && strings.TrimSpace(row.field.Value) != "":
			row.field.Verdict = badVerdict("A card or a fold, not both.")
			out.problem = play + ": a card or a fold, not both."
		case !row.fold && !row.hasCard:
			out.problem = "Fix the card of " + strings.ToLower(play) + "."
		case row.seat < 0 && out.res.Ended:
			msg := "Nothing is played after the trick has ended: " + names[out.res.Winner] + " won it (T5)."
			row.field.Verdict = badVerdict(msg)
			out.problem = play + ": " + msg
		}
		if out.problem != "" {
			return out
		}
		inTurn := row.seat < 0
		if inTurn {
			row.seat = out.res.Next
		}
		p := trophy.Play{Seat: row.seat, Fold: row.fold}
		if !row.fold {
			p.Card = row.card
		}
		trick.Plays = append(trick.Plays, p)
		res, err := trophy.Score(trick)
		if err != nil {
			msg := trophyMessage(err, names)
			row.field.Verdict = badVerdict(msg)
			out.problem = play + ": " + msg
			return out
		}
		var notes []string
		if inTurn {
			notes = append(notes, names[row.seat]+", in turn")
		}
		if res.Ended {
			notes = append(notes, names[res.Winner]+" wins the trick (T5)")
		}
		if len(notes) > 0 {
			row.field.Verdict = &views.VerdictVM{OK: true, Text: strings.Join(notes, "; ")}
		}
		out.res, out.plays = res, trick.Plays
	}
	// The row after the last play is whoever's turn it is, ready to be
	// filled in.
	if next := last + 1; out.res.Next >= 0 && next < len(out.rows) && out.rows[next].seat < 0 {
		out.rows[next].seat = out.res.Next
	}
	return out
}

func badVerdict(text string) *views.VerdictVM { return &views.VerdictVM{Text: text} }

// trophyQuickEntry is the quick part of the sheet: the winner and the
// cards of the trick, counted by T7.
type trophyQuickEntry struct {
	entered bool
	winner  int
	cards   []cards.Card
	points  int
	counted []string // "8 Lamps 1"
	trumped bool
	problem string
	field   *views.CardFieldVM
}

// readTrophyQuick reads and counts the quick entry. Its cards are counted
// apart from the plays', since both ways may list the same trick.
func readTrophyQuick(form url.Values, names []string, deck *cards.Deck) trophyQuickEntry {
	plays, f := newCardReader(deck).field(form, "trick_cards", "Cards of the trick", "e.g. 3 Lamps, 8 Fromps, Grue")
	out := trophyQuickEntry{field: f, cards: cardsOf(plays)}
	out.entered = form.Get("winner") != "" || strings.TrimSpace(f.Value) != ""
	winner, winnerErr := readSeat(form, "winner", len(names))
	out.winner = winner
	points, each, trumped, err := trophy.TrickPoints(out.cards)
	out.points, out.trumped = points, trumped
	for i, c := range out.cards {
		if err == nil && each[i] > 0 {
			out.counted = append(out.counted, c.String()+" "+strconv.Itoa(each[i]))
		}
	}
	switch {
	case !out.entered:
	case f.Error != "":
		out.problem = "Fix the cards of the trick."
	case err != nil:
		msg := capitalize(strings.TrimPrefix(err.Error(), "trophy: ")) + "."
		f.Verdict = badVerdict(msg)
		out.problem = msg
	case winnerErr != "":
		out.problem = "Who won the trick? Choose one in the quick entry (T5)."
	}
	return out
}

// line says what the quick entry scores (T7).
func (q trophyQuickEntry) line(names []string) string {
	line := "Quick entry: " + names[q.winner] + " won the trick"
	switch {
	case len(q.cards) == 0:
		return line + "; no cards entered, so 0 points (T7)."
	case len(q.counted) == 0:
		return line + "; none of its cards scores, so 0 points (T7)."
	}
	line += ", worth " + pointsText(q.points) + ": " + strings.Join(q.counted, ", ")
	if q.trumped {
		line += "; a trump was played, so zeros count"
	}
	return line + " (T7)."
}

func pointsText(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// judgeTrophyTrick decides which entry counts, fills the judgement and
// returns the trick to store, or nil with the reason in j.Problem.
// expected is who leads by the scorepad (T6); the table may say otherwise,
// and is told.
func judgeTrophyTrick(t table, plays trophyPlays, quick trophyQuickEntry, endsHand bool, expected int, j *views.JudgementVM) *db.HandInput {
	names := j.Names
	// Before any play the referee says who is to lead, unless the quick
	// entry is being used instead.
	if plays.problem == "" && plays.res.Reason != "" && (plays.entered || !quick.entered) {
		j.Lines = append(j.Lines, "The plays: "+sentence(nameSeats(plays.res.Reason, names)))
	}
	if plays.entered && plays.leader >= 0 && plays.leader != expected {
		j.Lines = append(j.Lines, "By the scorepad, "+names[expected]+" leads this trick (T6); "+names[plays.leader]+" is entered as the leader.")
	}
	if quick.entered && quick.problem == "" {
		j.Lines = append(j.Lines, quick.line(names))
	}
	winner, points := -1, 0
	switch {
	case !plays.entered && !quick.entered:
		j.Problem = "Enter the plays in order, or the winner and the cards of the trick."
	case plays.entered && plays.problem != "":
		j.Problem = plays.problem
	case quick.entered && quick.problem != "":
		j.Problem = quick.problem
	case plays.entered && !plays.res.Ended:
		j.Problem = "The trick goes on: it is " + names[plays.res.Next] + "'s turn (T2). It ends with the first trump, or when all but one have folded (T5)."
		if quick.entered {
			j.Problem += " Finish the plays, or clear them to use the quick entry."
		}
	case plays.entered && quick.entered && (plays.res.Winner != quick.winner || plays.res.Points != quick.points):
		j.Problem = "The two entries disagree: the plays give " + names[plays.res.Winner] + " " + pointsText(plays.res.Points) +
			", the quick entry gives " + names[quick.winner] + " " + pointsText(quick.points) + ". Correct one or clear it; nothing is saved until they agree."
	case plays.entered:
		winner, points = plays.res.Winner, plays.res.Points
		counted := "Counted from the plays in order"
		if quick.entered {
			counted += "; the quick entry agrees"
		}
		j.Lines = append(j.Lines, counted+".")
	default:
		winner, points = quick.winner, quick.points
		j.Lines = append(j.Lines, "Counted from the quick entry (the winner and the cards).")
	}
	if winner < 0 {
		return nil
	}

	seats := len(names)
	trickPoints := make([]int, seats)
	trickPoints[winner] = points
	rounds := append(t.rounds(), rules.Round{Points: trickPoints, Seat: winner, EndsHand: endsHand})
	after := t.state()
	after.Tally = after.Tally.Add(rounds[len(rounds)-1])
	next := trophy.NextLeader(after)
	j.Lines = append(j.Lines, names[next]+" leads the next trick, left of "+names[winner]+" (T6).")
	if endsHand {
		dealer := after.Dealer()
		j.Lines = append(j.Lines, "A player ran out of cards: new hands are dealt after this trick, by "+names[dealer]+" (T6).")
	}
	j.Lines = append(j.Lines, trophyTotalsLines(t, rounds, winner)...)
	j.Points, j.Ready = trickPoints, true

	rec := trophyRecord{EndsHand: endsHand}
	if plays.entered {
		leader := plays.leader
		rec.Leader = &leader
		for _, p := range plays.plays {
			tp := trophyPlay{Seat: p.Seat, Fold: p.Fold}
			if !p.Fold {
				tp.Card = p.Card.String()
			}
			rec.Plays = append(rec.Plays, tp)
		}
	}
	if quick.entered {
		rec.Quick = &trophyQuick{Winner: quick.winner, Cards: cards.Strings(quick.cards)}
	}
	record, _ := json.Marshal(rec)
	return &db.HandInput{Entry: db.EntryCards, Record: record, Points: trickPoints, Seat: winner, EndsHand: endsHand}
}

// trophyTotalsLines shows the totals after the trick against the target,
// "Bob 27 → 30: reaches 30", and what T8 makes of them.
func trophyTotalsLines(t table, rounds []rules.Round, winner int) []string {
	names := t.names()
	var before, after []int
	for i, r := range rounds {
		after = ruling.AddPoints(after, r.Points)
		if i < len(rounds)-1 {
			before = ruling.AddPoints(before, r.Points)
		}
	}
	before = ruling.AddPoints(before, make([]int, len(names)))
	target := t.rules.Target
	parts := make([]string, len(names))
	for seat, total := range after {
		parts[seat] = names[seat] + " " + strconv.Itoa(total)
		if seat == winner && total != before[seat] {
			parts[seat] = names[seat] + " " + strconv.Itoa(before[seat]) + " → " + strconv.Itoa(total)
		}
		if total >= target && before[seat] < target {
			parts[seat] += ": reaches " + strconv.Itoa(target)
		}
	}
	lines := []string{"Totals after this trick: " + strings.Join(parts, " · ") + " (game to " + strconv.Itoa(target) + ", " + t.rules.EndRule + ")."}
	// Whoever first reaches the target has the highest total, since each
	// trick scores for one player only; T8's tie at the top cannot happen.
	if seat, won := trophy.Winner(roundPoints(rounds)); won {
		lines = append(lines, names[seat]+" wins the game with "+strconv.Itoa(after[seat])+", the highest total once a player has "+strconv.Itoa(target)+" ("+t.rules.EndRule+").")
	}
	return lines
}

// trophyMessage is what the referee's error says, with the players'
// names for its seats.
func trophyMessage(err error, names []string) string {
	var broken *ruling.Error
	var bad *trophy.InputError
	msg := err.Error()
	switch {
	case errors.As(err, &broken):
		msg = broken.Msg
	case errors.As(err, &bad):
		msg = bad.Msg
	}
	return sentence(nameSeats(strings.TrimPrefix(msg, "trophy: "), names))
}

// nameSeats puts the players' names in place of the referee's "seat 2".
func nameSeats(msg string, names []string) string {
	var b strings.Builder
	for {
		i := strings.Index(msg, "seat ")
		if i < 0 {
			break
		}
		j := i + len("seat ")
		k := j
		for k < len(msg) && msg[k] >= '0' && msg[k] <= '9' {
			k++
		}
		b.WriteString(msg[:i])
		seat, err := strconv.Atoi(msg[j:k])
		if err != nil || seat >= len(names) {
			b.WriteString(msg[i:k])
		} else {
			b.WriteString(names[seat])
		}
		msg = msg[k:]
	}
	b.WriteString(msg)
	return b.String()
}

// sentence starts s with a capital and ends it with a full stop.
func sentence(s string) string {
	s = capitalize(s)
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// roundPoints is each round's points by seat.
func roundPoints(rounds []rules.Round) [][]int {
	out := make([][]int, len(rounds))
	for i, r := range rounds {
		out[i] = r.Points
	}
	return out
}
