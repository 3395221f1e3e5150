package handlers

import (
	"cmp"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// playedTable is a table as the test played it: its players in seat
// order and the totals the hands entered gave them.
type playedTable struct {
	round  int
	names  []string
	totals []int
}

// tableOnPage is a table of the round an event's page shows.
type tableOnPage struct {
	URL   string   `json:"url"`
	Names []string `json:"names"`
}

// roundTables reads the tables of the round the event's page shows (the
// first list of tables: earlier rounds follow it).
func roundTables(t *testing.T, ctx context.Context) []tableOnPage {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]tableOnPage](`Array.from(document.querySelector("ul.tables").children).map(li => ({
		url: li.querySelector("h3 a").getAttribute("href"),
		names: Array.from(li.querySelectorAll("ol.seats > li")).map(s => s.firstChild.textContent.trim())}))`))
	if err != nil {
		t.Fatalf("read the round's tables: %v", err)
	}
	return got
}

// playTable plays a table's game through its own scorepad, by points:
// the first hand one player goes out with 12 (F8: 12 cards at one mark),
// the second another (or the same) goes out with 42, which ends the game
// (F9).
func playTable(t *testing.T, ctx context.Context, base string, table tableOnPage, round int, rng *rand.Rand) playedTable {
	t.Helper()
	played := playedTable{round: round, names: table.Names, totals: make([]int, len(table.Names))}
	// A step that does not finish in a minute leaves a screenshot of where
	// it stopped.
	run := func(t *testing.T, ctx context.Context, what string, steps ...step) {
		t.Helper()
		short, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := chromedp.Do(short, steps...); err != nil {
			shot(t, ctx, "event-stuck")
			t.Fatalf("%s: %v", what, err)
		}
	}
	run(t, ctx, "open "+table.URL, chromedp.Navigate(base+table.URL), chromedp.WaitVisible(css("#scorepad")))
	for hand, points := range []int{12, 42} {
		seat := rng.IntN(len(table.Names))
		played.totals[seat] += points
		// The link is followed from the page rather than tapped at its
		// place: a notice the scorepad shows by itself (a live update, the
		// referee fetched in the background) can move it while a tap is on
		// its way, and a tap that lands beside it leaves the test waiting.
		run(t, ctx, fmt.Sprintf("%s, hand %d: %s goes out", table.URL, hand+1, table.Names[seat]),
			chromedp.WaitVisible(css(`a[href$="/hands/new"]`)),
			chromedp.Evaluate[chromedp.Void](`document.querySelector('a[href$="/hands/new"]').click()`),
			chromedp.WaitVisible(css("#points-0")))
		run(t, ctx, "who went out", choose(`input[name=seat][value="`+strconv.Itoa(seat)+`"]`))
		run(t, ctx, "the points",
			chromedp.SendKeys(css("#points-"+strconv.Itoa(seat)), strconv.Itoa(points)),
			chromedp.Click(css(`form button[type=submit]`)), chromedp.WaitVisible(css("#scorepad")))
	}
	if got := text(t, ctx, "#scorepad"); !strings.Contains(got, "wins with") {
		t.Fatalf("%s is not over after a hand of 42: %q", table.URL, got)
	}
	return played
}

// expectedRow is a player's line of the standings, worked out by the
// test from the hands it entered.
type expectedRow struct {
	name       string
	rank       int
	points     *big.Rat
	played     int
	wins       int
	gamePoints int
	byes       int
}

// expectedStandings works out the event's standings from the tables as
// played, apart from the code under test: places by total, equal totals
// sharing a place (1, 2, 2, 4); 4, 2, 1, 0 points by place, shared by
// those who share one (P4); ranked by points, then wins, then the places
// among those still level at their shared tables, then game points, then
// fewest byes (none here: 14 and 15 players fill tables of 3 to 5).
func expectedStandings(players []string, tables []playedTable) []expectedRow {
	paid := []int{4, 2, 1, 0}
	rows := map[string]*expectedRow{}
	for _, p := range players {
		rows[p] = &expectedRow{name: p, points: new(big.Rat)}
	}
	placesOf := func(totals []int) []int {
		places := make([]int, len(totals))
		for i := range totals {
			places[i] = 1
			for j := range totals {
				if totals[j] > totals[i] {
					places[i]++
				}
			}
		}
		return places
	}
	for _, tb := range tables {
		places := placesOf(tb.totals)
		for i, name := range tb.names {
			r := rows[name]
			r.played++
			r.gamePoints += tb.totals[i]
			if places[i] == 1 {
				r.wins++
			}
			same, sum := 0, 0
			for _, q := range places {
				if q == places[i] {
					same++
				}
			}
			for k := range same {
				if at := places[i] - 1 + k; at < len(paid) {
					sum += paid[at]
				}
			}
			r.points.Add(r.points, big.NewRat(int64(sum), int64(same)))
		}
	}
	// head to head: within a group, each player's places against the
	// group's others at the tables they shared, 2 for ahead, 1 level.
	h2h := func(group []*expectedRow) map[string]int {
		in := map[string]bool{}
		for _, r := range group {
			in[r.name] = true
		}
		score := map[string]int{}
		for _, tb := range tables {
			places := placesOf(tb.totals)
			for i, a := range tb.names {
				for j, b := range tb.names {
					if i == j || !in[a] || !in[b] {
						continue
					}
					if places[i] < places[j] {
						score[a] += 2
					} else if places[i] == places[j] {
						score[a]++
					}
				}
			}
		}
		return score
	}
	var all []*expectedRow
	for _, r := range rows {
		all = append(all, r)
	}
	slices.SortFunc(all, func(a, b *expectedRow) int { return strings.Compare(a.name, b.name) })
	criteria := []func(group []*expectedRow) func(a, b *expectedRow) int{
		func([]*expectedRow) func(a, b *expectedRow) int {
			return func(a, b *expectedRow) int { return b.points.Cmp(a.points) }
		},
		func([]*expectedRow) func(a, b *expectedRow) int {
			return func(a, b *expectedRow) int { return cmp.Compare(b.wins, a.wins) }
		},
		func(g []*expectedRow) func(a, b *expectedRow) int {
			score := h2h(g)
			return func(a, b *expectedRow) int { return cmp.Compare(score[b.name], score[a.name]) }
		},
		func([]*expectedRow) func(a, b *expectedRow) int {
			return func(a, b *expectedRow) int { return cmp.Compare(b.gamePoints, a.gamePoints) }
		},
		func([]*expectedRow) func(a, b *expectedRow) int {
			return func(a, b *expectedRow) int { return cmp.Compare(a.byes, b.byes) }
		},
	}
	var order func(group []*expectedRow, level int) [][]*expectedRow
	order = func(group []*expectedRow, level int) [][]*expectedRow {
		if len(group) == 1 || level == len(criteria) {
			return [][]*expectedRow{group}
		}
		by := criteria[level](group)
		slices.SortStableFunc(group, by)
		var out [][]*expectedRow
		for start := 0; start < len(group); {
			end := start + 1
			for end < len(group) && by(group[start], group[end]) == 0 {
				end++
			}
			out = append(out, order(group[start:end], level+1)...)
			start = end
		}
		return out
	}
	var out []expectedRow
	for _, g := range order(all, 0) {
		rank := len(out) + 1
		for _, r := range g {
			r.rank = rank
			out = append(out, *r)
		}
	}
	return out
}

// pointsText prints points as the page does: whole, or to two decimals.
func pointsText(p *big.Rat) string {
	if p.IsInt() {
		return p.Num().String()
	}
	f, _ := p.Float64()
	return strconv.FormatFloat(f, 'f', 2, 64)
}

// standingsOnPage reads the event's standings table in the tab: each
// row's cells, the player's name without the note beside it.
func standingsOnPage(t *testing.T, ctx context.Context, scope string) [][]string {
	t.Helper()
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll(`+strconv.Quote(scope+" table.event-standings tbody tr")+`)).map(tr =>
		[tr.querySelector("th").firstChild.textContent.trim()].concat(Array.from(tr.querySelectorAll("td")).map(td => td.textContent.trim())))`))
	if err != nil {
		t.Fatalf("read the standings: %v", err)
	}
	return rows
}

// checkStandings compares the standings a page shows with those the
// test worked out: every player's rank (shared ranks as "=2"), points,
// tables played, wins and game points, in rank order.
func checkStandings(t *testing.T, where string, got [][]string, want []expectedRow) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d: %v", where, len(got), len(want), got)
	}
	byName := map[string][]string{}
	for i, row := range got {
		byName[row[0]] = row
		if i > 0 {
			prev, _ := strconv.Atoi(strings.TrimPrefix(got[i-1][1], "="))
			rank, _ := strconv.Atoi(strings.TrimPrefix(row[1], "="))
			if rank < prev {
				t.Errorf("%s: row %d ranked %s after %s", where, i+1, row[1], got[i-1][1])
			}
		}
	}
	for i, w := range want {
		shared := (i > 0 && want[i-1].rank == w.rank) || (i+1 < len(want) && want[i+1].rank == w.rank)
		rank := strconv.Itoa(w.rank)
		if shared {
			rank = "=" + rank
		}
		wantRow := []string{w.name, rank, pointsText(w.points), strconv.Itoa(w.played), strconv.Itoa(w.wins), strconv.Itoa(w.gamePoints), strconv.Itoa(w.byes)}
		if !slices.Equal(byName[w.name], wantRow) {
			t.Errorf("%s: %v, want %v", where, byName[w.name], wantRow)
		}
	}
}

// TestBrowserEventNight runs an evening on a phone: 14 players of
// Flathead at tables of 3 to 5 for 3 rounds; one arrives late, before
// round 2, and one leaves after round 2. Every table is played through
// its own scorepad, by points, until its game ends at 42 (F9). A
// projector's screen (a wide tab) shows the round and the standings,
// updated by itself; at the end the organizer's page and the screen
// show the standings the test works out from the hands it entered.
func TestBrowserEventNight(t *testing.T) {
	app := openTestAppWith(t, filepath.Join(t.TempDir(), "meldpad.db"),
		Options{Limits: Limits{RefereeTimeout: time.Minute, RateWrites: RateOff}})
	l := app.createLeague("Friday club", "flathead")
	// An evening of 13 tables and 26 hands takes longer than one
	// browser test's 3 minutes on a loaded machine.
	ctx := newBrowserFor(t, 15*time.Minute)
	base := app.srv.URL
	players := []string{"Ann", "Bea", "Cal", "Dot", "Eli", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lev", "Mo", "Ned"}

	run(t, ctx, "new event night",
		chromedp.Navigate(base+l.organizer),
		chromedp.Click(css(`a[href$="/events/new"]`)),
		chromedp.WaitVisible(css(`a[href$="/events/new?game=flathead"]`)),
		chromedp.Click(css(`a[href$="/events/new?game=flathead"]`)),
		chromedp.WaitVisible(css("#event-name")),
		chromedp.Clear(css("#event-name")),
		chromedp.SendKeys(css("#event-name"), "Friday 13 March"),
		// 2 and 6 are ticked at first: Flathead is for 2 to 6.
		chromedp.Click(css(`input[name=sizes][value="2"]`)),
		chromedp.Click(css(`input[name=sizes][value="6"]`)),
		chromedp.Clear(css("#event-rounds")),
		chromedp.SendKeys(css("#event-rounds"), "3"),
		chromedp.SendKeys(css("#new-names"), strings.Join(players, "\n")),
	)
	if checked, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("input[name=sizes]:checked")).map(i => i.value)`)); !slices.Equal(checked, []string{"3", "4", "5"}) {
		t.Fatalf("sizes ticked %v, want 3 4 5", checked)
	}
	run(t, ctx, "look at the form", chromedp.ScrollIntoView(css("#event-name")))
	shot(t, ctx, "event-new")
	run(t, ctx, "make the event", chromedp.Click(css(`form[action$="/events"] button[type=submit]`)), chromedp.WaitVisible(css(".event-status")))
	waitText(t, ctx, ".event-status", "Checking in: 14 players, 3 rounds to play")
	shot(t, ctx, "event-checkin")
	eventURL, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	eventURL, _, _ = strings.Cut(eventURL, "?")
	screenLink, err := chromedp.Run(ctx, chromedp.AttributeValue(css(`a[href^="/s/"]`), "href"))
	if err != nil || !screenLink.Exists {
		t.Fatalf("no screen link: %v", err)
	}

	// The projector: a second tab, wide and dark, left open all evening.
	screen, cancelScreen := chromedp.NewContext(ctx)
	defer cancelScreen()
	run(t, screen, "open the screen", chromedp.EmulateViewport(1920, 1080), colourScheme("dark"),
		chromedp.Navigate(base+screenLink.Value), chromedp.WaitVisible(css("#screen")))
	waitText(t, screen, ".screen-status", "Checking in")

	rng := rand.New(rand.NewPCG(2026, 3))
	var played []playedTable
	seated := map[int][]string{}
	seat := func(round int) []tableOnPage {
		t.Helper()
		run(t, ctx, fmt.Sprintf("seat round %d", round), chromedp.Navigate(eventURL),
			chromedp.WaitVisible(css(`form[action$="/rounds"] button`)),
			chromedp.Click(css(`form[action$="/rounds"] button`)),
			chromedp.WaitVisible(css("ul.tables")))
		waitText(t, ctx, ".event-status", fmt.Sprintf("Round %d of 3", round))
		tables := roundTables(t, ctx)
		for _, tb := range tables {
			if len(tb.Names) < 3 || len(tb.Names) > 5 {
				t.Errorf("round %d: a table of %d: %v", round, len(tb.Names), tb.Names)
			}
			seated[round] = append(seated[round], tb.Names...)
		}
		// The screen follows by itself.
		waitText(t, screen, ".screen-status", fmt.Sprintf("Round %d of 3: %d tables still playing", round, len(tables)))
		return tables
	}
	playRound := func(round int, tables []tableOnPage) {
		t.Helper()
		start := time.Now()
		defer func() {
			t.Logf("round %d: %d tables played in %v", round, len(tables), time.Since(start).Round(time.Millisecond))
		}()
		for i, tb := range tables {
			played = append(played, playTable(t, ctx, base, tb, round, rng))
			if left := len(tables) - i - 1; left > 0 {
				waitText(t, screen, ".screen-status", fmt.Sprintf("%d %s still playing", left, map[bool]string{true: "table", false: "tables"}[left == 1]))
			}
		}
	}

	round1 := seat(1)
	run(t, ctx, "back to the top", chromedp.ScrollIntoView(css("h1")))
	shot(t, ctx, "event-round-1")
	shot(t, screen, "event-screen-round-1")
	run(t, ctx, "the table cards", chromedp.Navigate(eventURL+"/cards"), chromedp.WaitVisible(css(".table-print")))
	if cards, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".table-print svg.qr").length`)); cards != len(round1) {
		t.Errorf("%d table cards with a QR code, want %d", cards, len(round1))
	}
	shot(t, ctx, "event-cards")
	playRound(1, round1)
	shot(t, ctx, "event-scorepad-finished")

	// Olga arrives before round 2.
	run(t, ctx, "a late arrival", chromedp.Navigate(eventURL), chromedp.WaitVisible(css("#new-names")),
		chromedp.SendKeys(css("#new-names"), "Olga"),
		chromedp.Click(css(`form[action$="/players"] button[type=submit]`)))
	waitText(t, ctx, "main", "Players added")
	round2 := seat(2)
	playRound(2, round2)

	// Bea leaves after round 2.
	run(t, ctx, "drop Bea", chromedp.Navigate(eventURL), chromedp.WaitVisible(css(".player-row")),
		chromedp.Evaluate[chromedp.Void](`Array.from(document.querySelectorAll(".player-row button")).find(b => b.textContent.trim() === "Drop Bea").click()`))
	waitText(t, ctx, "main", "Player dropped")
	round3 := seat(3)
	playRound(3, round3)

	// Who sat where: everyone present once a round, Olga from round 2,
	// Bea not in round 3.
	for round, want := range map[int][]string{
		1: players,
		2: append(slices.Clone(players), "Olga"),
		3: slices.DeleteFunc(append(slices.Clone(players), "Olga"), func(p string) bool { return p == "Bea" }),
	} {
		got := slices.Sorted(slices.Values(seated[round]))
		if !slices.Equal(got, slices.Sorted(slices.Values(want))) {
			t.Errorf("round %d seats %v, want %v", round, got, slices.Sorted(slices.Values(want)))
		}
	}
	meetings := map[[2]string]int{}
	for _, tb := range played {
		for i, a := range tb.names {
			for _, b := range tb.names[i+1:] {
				meetings[[2]string{min(a, b), max(a, b)}]++
			}
		}
	}
	repeats := 0
	for _, n := range meetings {
		repeats += n - 1
	}
	t.Logf("%d tables over 3 rounds, %d repeat meetings", len(played), repeats)

	want := expectedStandings(append(slices.Clone(players), "Olga"), played)
	run(t, ctx, "the event's page at the end", chromedp.Navigate(eventURL), chromedp.WaitVisible(css("table.event-standings")))
	waitText(t, ctx, ".event-status", "Finished after 3 rounds")
	checkStandings(t, "organizer's page", standingsOnPage(t, ctx, "main"), want)
	run(t, ctx, "the standings", chromedp.ScrollIntoView(css("table.event-standings")))
	shot(t, ctx, "event-final")
	waitText(t, screen, ".screen-status", "Finished after 3 rounds")
	checkStandings(t, "screen", standingsOnPage(t, screen, "#screen"), want)
	shot(t, screen, "event-screen-final")
	for _, w := range want[:3] {
		t.Logf("%d. %s: %s points, %d wins", w.rank, w.name, pointsText(w.points), w.wins)
	}
}
