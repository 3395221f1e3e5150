package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"meldpad/db"
	"meldpad/db/dbtest"
)

// killSaver saves hands on one game through two servers, each hand with
// a number of its own in its points (the first seat scores -5 times the
// number), so that the game's hands say which saves they came from.
type killSaver struct {
	*phone
	retryCut bool // a save the kill cut off is sent again to server B (the phone's offline queue), else given up

	mu        sync.Mutex
	next      int
	acked     map[int]bool // numbers whose save either server acknowledged (303)
	cut       map[int]bool // numbers whose save got no answer and was given up
	doubles   int          // double taps: one form posted to both servers at once
	afterKill int          // saves acknowledged by server B after the kill
	resent    int          // saves the kill cut off, sent again to server B
	err       error        // the first unexpected answer
}

// formAt reads the new-hand form's hidden inputs (its token and the
// game's version) from the server at base.
func (s *killSaver) formAt(base string) (url.Values, error) {
	resp, err := s.client.Get(base + s.game + "/hands/new")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("new hand form: status %d", resp.StatusCode)
	}
	v := url.Values{}
	for _, m := range hiddenRe.FindAllStringSubmatch(string(body), -1) {
		v.Set(m[1], m[2])
	}
	return v, nil
}

// post sends the form to base and returns the status, or an error when
// no answer came (the server is gone). A save is acknowledged by a 303
// to the scorepad; a page shown instead (a stale phone told what changed,
// a refusal) is a 303 too, to the page kept for it (?shown=), and is
// returned as its own status, or as 200 when it was kept as such.
func (s *killSaver) post(base string, form url.Values) (int, error) {
	resp, err := s.client.PostForm(base+s.game+"/hands", form)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode == http.StatusSeeOther && strings.Contains(loc, "shown=") {
		shown, err := s.client.Get(base + loc)
		if err != nil {
			return 0, err
		}
		_, _ = io.Copy(io.Discard, shown.Body)
		shown.Body.Close()
		return shown.StatusCode, nil
	}
	return resp.StatusCode, nil
}

func (s *killSaver) failed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err != nil
}

// gaveUp reports whether a save of s was cut off and given up.
func (s *killSaver) gaveUp() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.cut) > 0
}

func (s *killSaver) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// save makes one save: through server A or B (or both at once when
// double), as told; after the kill (aDown) everything goes through B.
func (s *killSaver) save(baseA, baseB string, useA, double bool, aDown *atomic.Bool) {
	base := baseB
	if useA && !aDown.Load() {
		base = baseA
	}
	form, err := s.formAt(base)
	if err != nil {
		if base == baseA && aDown.Load() {
			return // killed under the form's read: nothing sent
		}
		s.fail(err)
		return
	}
	s.mu.Lock()
	s.next++
	n := s.next
	s.mu.Unlock()
	form["points"] = []string{strconv.Itoa(-5 * n), "0"}

	ack := func(status int, afterKill bool) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if status != http.StatusSeeOther {
			if s.err == nil {
				s.err = fmt.Errorf("save %d: status %d", n, status)
			}
			return
		}
		s.acked[n] = true
		if afterKill {
			s.afterKill++
		}
	}
	if double && !aDown.Load() {
		var statuses [2]int
		var errs [2]error
		var wg sync.WaitGroup
		for i, b := range []string{baseA, baseB} {
			wg.Go(func() { statuses[i], errs[i] = s.post(b, form) })
		}
		wg.Wait()
		s.mu.Lock()
		s.doubles++
		s.mu.Unlock()
		if errs[1] != nil {
			s.fail(fmt.Errorf("double tap %d on server B: %v", n, errs[1]))
			return
		}
		if errs[0] == nil && statuses[0] != http.StatusSeeOther {
			s.fail(fmt.Errorf("double tap %d: server A answered %d, server B %d; want 303 from both (saved, or saved already)", n, statuses[0], statuses[1]))
		}
		ack(statuses[1], false)
		return
	}
	downBefore := aDown.Load()
	status, err := s.post(base, form)
	if err == nil && status == http.StatusConflict && s.gaveUp() {
		// A save this phone gave up when the kill cut it off may still
		// have committed, after this form was read: the form is stale,
		// and the phone, told so, reads it again and saves once more.
		if form, err = s.formAt(base); err == nil {
			form["points"] = []string{strconv.Itoa(-5 * n), "0"}
			status, err = s.post(base, form)
		}
	}
	switch {
	case err == nil:
		ack(status, base == baseB && downBefore)
	case base == baseA && aDown.Load():
		// The kill cut the save off: it may or may not have committed.
		if !s.retryCut {
			s.mu.Lock()
			s.cut[n] = true
			s.mu.Unlock()
			return
		}
		s.mu.Lock()
		s.resent++
		s.mu.Unlock()
		status, err := s.post(baseB, form)
		if err != nil {
			s.fail(fmt.Errorf("save %d sent again to server B: %v", n, err))
			return
		}
		ack(status, true)
	default:
		s.fail(fmt.Errorf("save %d: %v", n, err))
	}
}

// stream is a live-update stream held open on a server: the versions of
// its "changed" events, and when each came.
type stream struct {
	mu     sync.Mutex
	first  int // the version its first event ("version") said, -1 before it
	seen   []int
	when   []time.Time
	ended  bool
	cancel context.CancelFunc
}

func openStream(t *testing.T, client *http.Client, base, game string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+game+"/events", nil)
	resp, err := (&http.Client{Jar: client.Jar, Transport: client.Transport}).Do(req)
	if err != nil {
		cancel()
		t.Fatalf("GET %s/events: %v", game, err)
	}
	if resp.StatusCode != http.StatusOK {
		cancel()
		t.Fatalf("GET %s/events: %d", game, resp.StatusCode)
	}
	s := &stream{cancel: cancel, first: -1}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	go func() {
		lines := bufio.NewScanner(resp.Body)
		var name string
		for lines.Scan() {
			line := lines.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && name == "version":
				v, _ := strconv.Atoi(strings.TrimPrefix(line, "data: "))
				s.mu.Lock()
				s.first = v
				s.mu.Unlock()
			case strings.HasPrefix(line, "data: ") && name == "changed":
				v, _ := strconv.Atoi(strings.TrimPrefix(line, "data: "))
				s.mu.Lock()
				s.seen = append(s.seen, v)
				s.when = append(s.when, time.Now())
				s.mu.Unlock()
			}
		}
		s.mu.Lock()
		s.ended = true
		s.mu.Unlock()
	}()
	return s
}

func (s *stream) firstVersion() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.first
}

// since reports the events that came after t, and the newest version seen.
func (s *stream) since(t time.Time) (events, newest int, ended bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, w := range s.when {
		if w.After(t) {
			events++
		}
		newest = max(newest, s.seen[i])
	}
	return events, newest, s.ended
}

// TestTwoServersSurviveKill runs two meldpad processes (this test's
// binary serving as meldpad, serveKillable) on one PostgreSQL
// database behind a pretend load balancer: eight phones save as fast as
// they can, alternately through server A and server B, with a double tap
// (the same form posted to both at once) every fifth save, while a
// live-update stream of every game is held on B. Server A is killed with
// SIGKILL under the load and the phones go on through B. Then every save
// either server acknowledged is in its game exactly once (each hand's
// points carry its save's number), no save is there twice (cut off or
// not), and the streams on B went on receiving the saves made after the
// kill, up to each game's last version.
func TestTwoServersSurviveKill(t *testing.T) {
	dsn := dbtest.Database(t)
	serverArgs := []string{"-rate-writes", "off"}
	baseA, cmdA := serveKillable(t, dsn, serverArgs...)
	baseB, _ := serveKillable(t, dsn, serverArgs...)

	savers := make([]*killSaver, 8)
	streams := make([]*stream, len(savers))
	for i := range savers {
		savers[i] = &killSaver{phone: newPhone(t, baseA), retryCut: i%2 == 0,
			acked: map[int]bool{}, cut: map[int]bool{}}
		streams[i] = openStream(t, savers[i].client, baseB, savers[i].game)
	}

	var aDown atomic.Bool
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, s := range savers {
		wg.Go(func() {
			for k := i; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				s.save(baseA, baseB, k%2 == 0, k%5 == 0, &aDown)
				if s.failed() {
					return
				}
			}
		})
	}
	time.Sleep(1500 * time.Millisecond)
	aDown.Store(true)
	killed := time.Now()
	_ = cmdA.Process.Kill()
	_ = cmdA.Wait()
	time.Sleep(1500 * time.Millisecond)
	close(stop)
	wg.Wait()

	ctx := context.Background()
	store, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var acked, cut, cutSaved, doubles, afterKill, resent int
	deadline := time.Now().Add(5 * time.Second) // for the streams to catch up
	for i, s := range savers {
		if s.err != nil {
			t.Errorf("%s: %v", s.game, s.err)
		}
		g, err := store.Game(ctx, strings.TrimPrefix(s.game, "/g/"))
		if err != nil {
			t.Fatal(err)
		}
		hands, err := store.Hands(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		found := map[int]int{}
		for _, h := range hands {
			if len(h.Points) != 2 || h.Points[0] > 0 || h.Points[0]%5 != 0 || h.Points[1] != 0 {
				t.Errorf("%s: a hand scored %v, which no save sent", s.game, h.Points)
				continue
			}
			found[-h.Points[0]/5]++
		}
		for n, times := range found {
			switch {
			case times > 1:
				t.Errorf("%s: save %d is there %d times", s.game, n, times)
			case !s.acked[n] && !s.cut[n]:
				t.Errorf("%s: save %d is there, but no save numbered %d was left unanswered or acknowledged", s.game, n, n)
			case s.cut[n]:
				cutSaved++
			}
		}
		for n := range s.acked {
			if found[n] == 0 {
				t.Errorf("%s: save %d was acknowledged and is not there", s.game, n)
			}
		}
		acked += len(s.acked)
		cut += len(s.cut)
		doubles += s.doubles
		afterKill += s.afterKill
		resent += s.resent
		if s.afterKill == 0 {
			t.Errorf("%s: no save acknowledged by server B after the kill", s.game)
		}

		// The stream on B carries the game up to its last version.
		for {
			events, newest, ended := streams[i].since(killed)
			if ended {
				t.Errorf("%s: the stream on server B ended", s.game)
				break
			}
			if newest >= g.Version && events > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%s: the stream on server B had %d events after the kill, the newest version %d; the game is at version %d",
					s.game, events, newest, g.Version)
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// A phone that connects again (to B, the balancer's only server now)
	// starts from the game's current version, whatever a server killed
	// between a save's commit and its announcement did not say.
	for _, s := range savers {
		g, err := store.Game(ctx, strings.TrimPrefix(s.game, "/g/"))
		if err != nil {
			t.Fatal(err)
		}
		again := openStream(t, s.client, baseB, s.game)
		until := time.Now().Add(3 * time.Second)
		for again.firstVersion() < 0 && time.Now().Before(until) {
			time.Sleep(20 * time.Millisecond)
		}
		if v := again.firstVersion(); v != g.Version {
			t.Errorf("%s: a stream opened again on server B began at version %d; the game is at %d", s.game, v, g.Version)
		}
	}
	if doubles == 0 || afterKill == 0 {
		t.Fatalf("%d double taps, %d saves through B after the kill: the test measured nothing", doubles, afterKill)
	}
	var events int
	for _, st := range streams {
		n, _, _ := st.since(killed)
		events += n
	}
	t.Logf("%d saves acknowledged (%d double taps, %d through B after the kill, %d of them cut off on A by the kill and sent again), all found once; %d cut off and given up, %d of those committed; %d events on B's streams after the kill",
		acked, doubles, afterKill, resent, cut, cutSaved, events)
}
