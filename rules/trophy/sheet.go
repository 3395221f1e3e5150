package trophy

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// The sheet enters one Trophy Case trick, one scorepad entry, in either
// of two ways on one page: the plays in order, which Score referees turn
// by turn (T1-T7), or quickly, the winner and the cards of the trick,
// counted by T7. Whichever is filled in counts; when both are, they must
// agree. Whether new hands are dealt after the trick (T6) is the table's
// word, a checkbox: the referee could tell only from the players' hands,
// which nobody types in.

// The sheet's own inputs besides the rows of plays (rowField).
const (
	leaderField   = "leader"
	rowsField     = "rows"
	winnerField   = "winner"
	cardsField    = "trick_cards"
	endsHandField = "ends_hand"
	// moreAction is the "Add plays" button's action: another round of
	// rows.
	moreAction = "more"
)

// rowField names a play row's input: part is "seat", "card" or "fold";
// rows count from 0.
func rowField(row int, part string) string {
	return "play_" + itoa(row) + "_" + part
}

// Blank is the form of a new trick: the leader by the scorepad (T6).
func (Module) Blank(t game.Table) url.Values {
	return url.Values{leaderField: {itoa(NextLeader(t))}}
}

// Values is the form that shows a stored trick again.
func (m Module) Values(t game.Table, record json.RawMessage) (url.Values, error) {
	rec, err := DecodeRecord(record, t.Seats())
	if err != nil {
		return nil, err
	}
	form := m.Blank(t)
	if rec.Leader != nil {
		form.Set(leaderField, itoa(*rec.Leader))
	}
	for i, p := range rec.Plays {
		form.Set(rowField(i, "seat"), itoa(p.Seat))
		if p.Fold {
			form.Set(rowField(i, "fold"), "1")
		} else {
			form.Set(rowField(i, "card"), p.Card)
		}
	}
	if rec.Quick != nil {
		form.Set(winnerField, itoa(rec.Quick.Winner))
		form.Set(cardsField, game.JoinCards(rec.Quick.Cards))
	}
	if rec.EndsHand {
		form.Set(endsHandField, "1")
	}
	return form, nil
}

// Judge reads a trick, its plays in order or its winner and cards, and
// scores it for its winner (T5, T7), with who leads next (T6) and the
// totals against the target (T8). Its work is bounded by the trick, so it
// does not stop for ctx.
func (Module) Judge(ctx context.Context, t game.Table, form url.Values) (game.Sheet, *game.Hand, error) {
	names := t.Names
	expected := NextLeader(t)
	leader, leaderChosen := game.ReadSeat(form, leaderField, len(names))
	if !leaderChosen {
		leader = -1
	}
	say := msg.From(ctx)
	plays := readPlays(form, names, leader, game.NewReader(ctx, cards.Fanucci()))
	endsHand := form.Get(endsHandField) != ""
	quick := readQuick(ctx, form, names, endsHand)

	sh := game.Sheet{Parts: []game.Part{
		plays.section(say, form, names, say.Say(leaderNote(t, expected))),
		quick.details(say, form, names),
		{Kind: game.Check, Name: endsHandField, Label: say.Say(msg.New("trophy.ends_hand_question")), On: endsHand},
	}}
	hand := judgeTrick(say, t, plays, quick, endsHand, expected, &sh.Judgement)
	return sh, hand, nil
}

// seatOptions are the table's seats as a select's options, after any
// given first.
func seatOptions(names []string, first ...game.Option) []game.Option {
	out := append([]game.Option(nil), first...)
	for i, n := range names {
		out = append(out, game.Option{Value: itoa(i), Label: n})
	}
	return out
}

// leaderNote says who leads by the scorepad and why (T6).
func leaderNote(t game.Table, leader int) msg.Msg {
	names := t.Names
	if t.Tally.Rounds == 0 || t.Tally.Last.Seat < 0 {
		return msg.New("trophy.sheet.leader_first", msg.S("Player", names[leader]))
	}
	return msg.New("trophy.sheet.leader_last", msg.S("Player", names[leader]), msg.S("Winner", names[t.Tally.Last.Seat]))
}

// sheetRow is one row of plays as read from the form.
type sheetRow struct {
	seat    int // -1 for "in turn"
	fold    bool
	card    cards.Card
	hasCard bool
	field   *game.CardField
	filled  bool // a card typed or a fold ticked
}

// sheetPlays is the plays part of the sheet, read and refereed.
type sheetPlays struct {
	leader  int
	rows    []sheetRow
	entered bool    // some row is filled
	res     Result  // where the trick stands after the rows refereed
	problem msg.Msg // the first fault, when the plays cannot count
	focus   int     // the row to put the cursor in, or -1
	plays   []Play  // the plays refereed, seats resolved
}

// readPlays reads the rows of plays and referees them in order with
// Score from the given leader (-1 when none was chosen), stopping at the
// first fault, which is shown on its row. Empty rows are skipped. A row
// whose "who" is left at "in turn" is the seat whose turn it is by the
// referee (T2), and says so. As many rows are laid out as were shown, but
// at least the filled ones and a round of empty ones, and another round
// when "Add plays" was pressed.
func readPlays(form url.Values, names []string, leader int, r *game.Reader) sheetPlays {
	out, last := readRows(form, len(names), r)
	out.leader = leader
	if leader < 0 {
		if out.entered {
			out.problem = msg.New("trophy.sheet.choose_leader")
		}
		return out
	}
	trick := Trick{Players: len(names), Leader: leader}
	out.res, _ = Score(trick) // no plays: the leader is to lead
	if !out.entered {
		// The first row is left "in turn": it is the leader's, and stays
		// so when the leader is changed above it.
		return out
	}
	for i := range out.rows {
		if out.rows[i].filled && !out.referee(&trick, i, names, r) {
			return out
		}
	}
	// The row after the last play is whoever's turn it is, ready to be
	// filled in.
	if next := last + 1; out.res.Next >= 0 && next < len(out.rows) && out.rows[next].seat < 0 {
		out.rows[next].seat = out.res.Next
	}
	return out
}

// readRows reads the rows of plays as the page shows them, and the last
// filled one (-1 for none): as many rows as were shown, but at least the
// filled ones and a round of empty ones, and another round when "Add
// plays" was pressed.
func readRows(form url.Values, seats int, r *game.Reader) (out sheetPlays, last int) {
	most := MaxPlays(seats)
	last = -1
	for n := 0; n < most; n++ {
		if strings.TrimSpace(form.Get(rowField(n, "card"))) != "" || form.Get(rowField(n, "fold")) != "" {
			last = n
		}
	}
	shown, _ := strconv.Atoi(form.Get(rowsField))
	shown = max(shown, last+1+seats)
	out.focus = -1
	if form.Get("action") == moreAction {
		// The cursor goes to the first empty row, to carry on the trick.
		shown += seats
		out.focus = last + 1
	}
	shown = min(shown, most)
	if out.focus >= shown {
		out.focus = -1
	}
	for n := 0; n < shown; n++ {
		row := sheetRow{seat: -1, fold: form.Get(rowField(n, "fold")) != ""}
		// The field is "play 1" in what the reader says of a card given
		// twice, "Card of play 1" to a screen reader.
		row.card, row.hasCard, row.field = r.Card(form, rowField(n, "card"), r.Say(msg.New("trophy.sheet.play", msg.N("Play", n+1))), r.Say(msg.New("trophy.sheet.card_example")))
		row.field.Label = r.Say(msg.New("trophy.sheet.card_of_play", msg.N("Play", n+1)))
		row.field.Autofocus = n == out.focus
		row.filled = row.fold || strings.TrimSpace(row.field.Value) != ""
		if seat, err := strconv.Atoi(form.Get(rowField(n, "seat"))); err == nil && seat >= 0 && seat < seats {
			row.seat = seat
		}
		out.rows = append(out.rows, row)
		out.entered = out.entered || row.filled
	}
	return out, last
}

// referee adds filled row i to the trick and referees it (T1-T7): its
// verdict on the row, the trick as it stands after it in p.res. It
// reports false, with p.problem set, at a fault.
func (p *sheetPlays) referee(trick *Trick, i int, names []string, say msg.Sayer) bool {
	row := &p.rows[i]
	fault := func(m msg.Msg) msg.Msg {
		return msg.New("trophy.sheet.play_fault", msg.N("Play", i+1), msg.M("Text", m))
	}
	switch {
	case row.fold && strings.TrimSpace(row.field.Value) != "":
		both := msg.New("trophy.sheet.card_or_fold")
		row.field.Verdict = badVerdict(say.Say(msg.Sentence(both)))
		p.problem = fault(both)
	case !row.fold && !row.hasCard:
		p.problem = msg.New("trophy.sheet.fix_card", msg.N("Play", i+1))
	case row.seat < 0 && p.res.Ended:
		ended := msg.New("trophy.sheet.after_end", msg.S("Player", names[p.res.Winner]))
		row.field.Verdict = badVerdict(say.Say(ended), "T5")
		p.problem = fault(ended)
	}
	if !p.problem.IsZero() {
		return false
	}
	inTurn := row.seat < 0
	if inTurn {
		row.seat = p.res.Next
	}
	pl := Play{Seat: row.seat, Fold: row.fold}
	if !row.fold {
		pl.Card = row.card
	}
	trick.Plays = append(trick.Plays, pl)
	res, err := Score(*trick)
	if err != nil {
		said := message(say, err, names)
		rule, _ := ruling.RuleOf(err)
		row.field.Verdict = badVerdict(said, rule)
		p.problem = fault(msg.Text(said))
		return false
	}
	var note msg.Msg
	var rules []string
	switch {
	case inTurn && res.Ended:
		note, rules = msg.New("trophy.sheet.in_turn_wins", msg.S("Player", names[row.seat]), msg.S("Winner", names[res.Winner])), []string{"T2", "T5"}
	case inTurn:
		note, rules = msg.New("trophy.sheet.in_turn_note", msg.S("Player", names[row.seat])), []string{"T2"}
	case res.Ended:
		note, rules = msg.New("trophy.sheet.wins_note", msg.S("Winner", names[res.Winner])), []string{"T5"}
	}
	if !note.IsZero() {
		row.field.Verdict = &game.Verdict{OK: true, Text: say.Say(note), Rules: rules}
	}
	p.res, p.plays = res, trick.Plays
	return true
}

// section lays out the plays: who leads, then one row per play (who, the
// card or a fold), and "Add plays" while a trick could take more. Its
// cards are counted apart from the quick entry's, since both may list the
// same trick.
func (p sheetPlays) section(say msg.Sayer, form url.Values, names []string, note string) game.Part {
	sec := game.Part{Kind: game.Section, Label: say.Say(msg.New("trophy.sheet.plays")), Tally: true, Parts: []game.Part{
		{Kind: game.Select, Name: leaderField, Label: say.Say(msg.New("trophy.sheet.leads")), Options: seatOptions(names), Value: form.Get(leaderField), Help: note},
		{Kind: game.Hidden, Name: rowsField, Value: itoa(len(p.rows))},
	}}
	for i, row := range p.rows {
		seat := ""
		if row.seat >= 0 {
			seat = itoa(row.seat)
		}
		n := itoa(i + 1)
		sec.Parts = append(sec.Parts, game.Part{Kind: game.Row, Label: n, Parts: []game.Part{
			{Kind: game.Select, Name: rowField(i, "seat"), Label: say.Say(msg.New("trophy.sheet.who_played", msg.N("Play", i+1))),
				Options: seatOptions(names, game.Option{Value: "", Label: say.Say(msg.New("trophy.sheet.in_turn"))}), Value: seat},
			game.CardsPart(row.field),
			{Kind: game.Check, Name: rowField(i, "fold"), Label: say.Say(msg.New("trophy.sheet.folds")), On: row.fold},
		}})
	}
	if len(p.rows) < MaxPlays(len(names)) {
		sec.Parts = append(sec.Parts, game.Part{Kind: game.More, Value: moreAction, Label: say.Say(msg.New("trophy.sheet.add_plays"))})
	}
	return sec
}

func badVerdict(text string, rules ...string) *game.Verdict {
	return &game.Verdict{Text: text, Rules: rules}
}

// quickEntry is the quick part of the sheet: the winner and the cards of
// the trick, counted by T7.
type quickEntry struct {
	entered bool
	winner  int
	cards   []cards.Card
	points  int
	counted []msg.Msg // "8 Lamps 1"
	trumped bool
	problem msg.Msg
	field   *game.CardField
}

// readQuick reads and counts the quick entry. Its cards are counted
// apart from the plays', since both ways may list the same trick. A trick
// holds at most the cards dealt, and but one a player when new hands are
// not dealt after it (endsHand; T6, MostTrickCards).
func readQuick(ctx context.Context, form url.Values, names []string, endsHand bool) quickEntry {
	r := game.NewReader(ctx, cards.Fanucci())
	plays, f := r.Field(form, cardsField, r.Say(msg.New("trophy.sheet.cards")), r.Say(msg.New("trophy.sheet.cards_example")))
	out := quickEntry{field: f, cards: game.CardsOf(plays)}
	out.entered = form.Get(winnerField) != "" || strings.TrimSpace(f.Value) != ""
	winner, winnerChosen := game.ReadSeat(form, winnerField, len(names))
	out.winner = winner
	points, each, trumped, err := TrickPoints(out.cards)
	out.points, out.trumped = points, trumped
	for i, c := range out.cards {
		if err == nil && each[i] > 0 {
			out.counted = append(out.counted, msg.New("trophy.card_points", msg.V("Card", c), msg.N("Points", each[i])))
		}
	}
	switch {
	case !out.entered:
	case f.Error != "":
		out.problem = msg.New("trophy.sheet.fix_cards")
	case err != nil:
		said := r.Say(ruling.Message(err))
		rule, _ := ruling.RuleOf(err)
		f.Verdict = badVerdict(said, rule)
		out.problem = msg.Text(said)
	case len(out.cards) > MostTrickCards(len(names), endsHand):
		out.problem = tooManyCards(names, winner, len(out.cards), endsHand)
		f.Error = r.Say(out.problem)
	case !winnerChosen:
		out.problem = msg.New("trophy.sheet.choose_winner")
	}
	return out
}

// playedOut names the players who played on a trick every card dealt to
// them (T6).
func playedOut(plays []Play, names []string) []string {
	played := make([]int, len(names))
	var out []string
	for _, p := range plays {
		if !p.Fold {
			if played[p.Seat]++; played[p.Seat] == HandSize(len(names)) {
				out = append(out, names[p.Seat])
			}
		}
	}
	return out
}

// tooManyCards says that a trick's n cards are more than its table was
// dealt (T6), naming the winner when chosen.
func tooManyCards(names []string, winner, n int, endsHand bool) msg.Msg {
	players := len(names)
	m := msg.New("trophy.sheet.too_many_out", msg.N("Count", n), msg.N("Max", MostTrickCards(players, true)), msg.Words("Players", players))
	if !endsHand {
		m = msg.New("trophy.sheet.too_many", msg.N("Count", n), msg.N("Max", MostTrickCards(players, false)), msg.Words("Players", players))
	}
	if winner >= 0 && winner < players {
		return msg.New("trophy.sheet.player_fault", msg.S("Player", names[winner]), msg.M("Text", m))
	}
	return m
}

// details lays out the quick entry, open once something is entered in it.
func (q quickEntry) details(say msg.Sayer, form url.Values, names []string) game.Part {
	return game.Part{Kind: game.Details, Label: say.Say(msg.New("trophy.sheet.quick")), On: q.entered,
		Help: say.Say(msg.New("trophy.sheet.quick_help")),
		Parts: []game.Part{
			{Kind: game.Select, Name: winnerField, Label: say.Say(msg.New("trophy.sheet.who_won")),
				Options: seatOptions(names, game.Option{Value: "", Label: say.Say(msg.New("trophy.sheet.not_entered"))}), Value: form.Get(winnerField)},
			game.CardsPart(q.field),
		}}
}

// line says what the quick entry scores (T7).
func (q quickEntry) line(names []string) msg.Msg {
	player := msg.S("Player", names[q.winner])
	switch {
	case len(q.cards) == 0:
		return msg.New("trophy.sheet.quick_no_cards", player)
	case len(q.counted) == 0:
		return msg.New("trophy.sheet.quick_none_scores", player)
	}
	id := "trophy.sheet.quick_worth"
	if q.trumped {
		id = "trophy.sheet.quick_worth_trumped"
	}
	return msg.New(id, player, msg.N("Count", q.points), msg.Join("Cards", ", ", q.counted))
}

// judgeTrick decides which entry counts, fills the judgement and returns
// the trick to store, or nil with the reason in j.Problem. expected is
// who leads by the scorepad (T6); the table may say otherwise, and is
// told.
func judgeTrick(say msg.Sayer, t game.Table, plays sheetPlays, quick quickEntry, endsHand bool, expected int, j *game.Judgement) *game.Hand {
	names := t.Names
	j.Names = names
	// Before any play the referee says who is to lead, unless the quick
	// entry is being used instead.
	if plays.problem.IsZero() && !plays.res.Reason.IsZero() && (plays.entered || !quick.entered) {
		j.Lines = append(j.Lines, say.Say(msg.New("trophy.sheet.the_plays", msg.S("Text", sentence(nameSeats(say, say.Say(plays.res.Reason), names))))))
	}
	if plays.entered && plays.leader >= 0 && plays.leader != expected {
		j.Lines = append(j.Lines, say.Say(msg.New("trophy.sheet.leader_differs", msg.S("Player", names[expected]), msg.S("Leader", names[plays.leader]))))
	}
	if quick.entered && quick.problem.IsZero() {
		j.Lines = append(j.Lines, say.Say(quick.line(names)))
	}
	winner, points := trickWinner(say, plays, quick, endsHand, names, j)
	if winner < 0 {
		return nil
	}

	trickPoints := make([]int, len(names))
	trickPoints[winner] = points
	after := t
	after.Tally = t.Tally.Add(game.Round{Points: trickPoints, Seat: winner, EndsHand: endsHand})
	next := NextLeader(after)
	j.Lines = append(j.Lines, say.Say(msg.New("trophy.sheet.leads_next", msg.S("Player", names[next]), msg.S("Winner", names[winner]))))
	if endsHand {
		j.Lines = append(j.Lines, say.Say(msg.New("trophy.sheet.new_hands", msg.S("Player", names[after.Dealer()]))))
	}
	for _, line := range totalsLines(names, t.Tally.Totals, after.Tally.Totals, winner) {
		j.Lines = append(j.Lines, say.Say(line))
	}
	j.Points, j.Ready = trickPoints, true
	return &game.Hand{Record: recordOf(plays, quick, endsHand), Points: trickPoints, Seat: winner, EndsHand: endsHand}
}

// trickWinner is who won the trick and its points, by the plays or the
// quick entry, once they are complete and agree (-1 until then, j's
// Problem saying why); j's Lines say which entry counted.
func trickWinner(say msg.Sayer, plays sheetPlays, quick quickEntry, endsHand bool, names []string, j *game.Judgement) (winner, points int) {
	winner, points = -1, 0
	var problem msg.Msg
	switch {
	case !plays.entered && !quick.entered:
		problem = msg.New("trophy.sheet.enter")
	case plays.entered && !plays.problem.IsZero():
		problem = plays.problem
	case quick.entered && !quick.problem.IsZero():
		problem = quick.problem
	case plays.entered && !plays.res.Ended:
		id := "trophy.sheet.goes_on"
		if quick.entered {
			id = "trophy.sheet.goes_on_quick"
		}
		problem = msg.New(id, msg.S("Player", names[plays.res.Next]))
	case plays.entered && plays.res.HandEnds && !endsHand:
		out := playedOut(plays.plays, names)
		problem = msg.New("trophy.sheet.played_out", msg.Strings("Players", out), msg.N("Count", len(out)))
	case plays.entered && quick.entered && (plays.res.Winner != quick.winner || plays.res.Points != quick.points):
		problem = msg.New("trophy.sheet.disagree", msg.S("Player", names[plays.res.Winner]), msg.M("Points", pointsMsg(plays.res.Points)),
			msg.S("Quick", names[quick.winner]), msg.M("QuickPoints", pointsMsg(quick.points)))
	case plays.entered:
		winner, points = plays.res.Winner, plays.res.Points
		counted := msg.New("trophy.sheet.counted_plays")
		if quick.entered {
			counted = msg.New("trophy.sheet.counted_plays_agreed")
		}
		j.Lines = append(j.Lines, say.Say(counted))
	default:
		winner, points = quick.winner, quick.points
		j.Lines = append(j.Lines, say.Say(msg.New("trophy.sheet.counted_quick")))
	}
	if !problem.IsZero() {
		j.Problem = say.Say(problem)
	}
	return winner, points
}

// totalsLines shows the totals after the trick against the target, "Bob
// 27 → 30: reaches 30", and what T8 makes of them. before and after are
// the totals by seat either side of the trick.
func totalsLines(names []string, before, after []int, winner int) []msg.Msg {
	before = ruling.AddPoints(append([]int(nil), before...), make([]int, len(names)))
	parts := make([]msg.Msg, len(names))
	for seat := range names {
		total := 0
		if seat < len(after) {
			total = after[seat]
		}
		parts[seat] = msg.New("trophy.sheet.total", msg.S("Player", names[seat]), msg.N("Total", total))
		if seat == winner && total != before[seat] {
			parts[seat] = msg.New("trophy.sheet.total_from", msg.S("Player", names[seat]), msg.N("Before", before[seat]), msg.N("Total", total))
		}
		if total >= Target && before[seat] < Target {
			parts[seat] = msg.New("trophy.sheet.total_reaches", msg.M("Total", parts[seat]), msg.N("Target", Target))
		}
	}
	lines := []msg.Msg{msg.New("trophy.sheet.totals", msg.Join("Totals", " · ", parts), msg.N("Target", Target))}
	// Whoever first reaches the target has the highest total, since each
	// trick scores for one player only; T8's tie at the top cannot happen.
	// A trick is entered only while the game goes on, so the totals after
	// it say whether it won the game.
	if seat, won := ruling.HighestReached(after, Target); won {
		lines = append(lines, msg.New("trophy.sheet.wins_game", msg.S("Player", names[seat]), msg.N("Total", after[seat]), msg.N("Target", Target)))
	}
	return lines
}

// message is what the referee's error says, with the players' names for
// its seats.
func message(say msg.Sayer, err error, names []string) string {
	var broken *ruling.Error
	var bad *InputError
	text := err.Error()
	switch {
	case errors.As(err, &broken):
		// Without "trophy: ", which a language may write otherwise.
		text = say.Say(broken.Plain())
	case errors.As(err, &bad):
		text = say.Say(bad.Msg)
	}
	return sentence(nameSeats(say, strings.TrimPrefix(text, "trophy: "), names))
}

// nameSeats puts the players' names in place of the referee's "seat 2",
// as the language says a seat: each form of trophy.sheet.seat_names
// ("al posto {{.Seat}}=a {{.Name}} | il posto {{.Seat}}={{.Name}}"),
// the first that fits, for each seat of the table.
func nameSeats(say msg.Sayer, text string, names []string) string {
	return renameSeats(say.Say(msg.New("trophy.sheet.seat_names", msg.S("Seat", "\x00"), msg.S("Name", "\x01"))), text, names)
}

// renameSeats puts names[seat] in place of each seat forms names, forms
// being "from=to | from=to", the seat written \x00 and the name \x01.
func renameSeats(forms, text string, names []string) string {
	for _, form := range strings.Split(forms, "|") {
		from, to, ok := strings.Cut(strings.TrimSpace(form), "=")
		if !ok || !strings.Contains(from, "\x00") {
			continue
		}
		for seat := len(names) - 1; seat >= 0; seat-- {
			text = strings.ReplaceAll(text, strings.ReplaceAll(from, "\x00", itoa(seat)), strings.ReplaceAll(to, "\x01", names[seat]))
		}
	}
	return text
}

// sentence starts s with a capital and ends it with a full stop.
func sentence(s string) string {
	s = capitalize(s)
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pointsMsg says n points: "1 point", "2 points".
func pointsMsg(n int) msg.Msg { return msg.New("trophy.points", msg.N("Count", n)) }
