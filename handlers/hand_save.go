package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/scorepad"
	"meldpad/views"
	"meldpad/views/offline"
)

// saveHand records a hand, entered by points or card by card. Wrong
// input comes back with the typed values and a message by the field; a
// double submit saves once, and a submit again with other values is told
// what was saved; a phone that was behind is told what changed before it
// saves; a database that cannot be written is said so, the entry kept
// (record).
//
// The game is read once, its stored tally standing for its hands, and a
// hand by points is checked against the game it is added to: when the
// game changed between the read and the write, it is read and checked
// again (scorepad.Add). A game this server saved to last is not read at
// all: its copy as that save left it stands (keptTable) for a save that
// the store then takes; anything else is done again on the game read.
func (s *Server) saveHand(c *echo.Context) error {
	if t, ok := s.keptTable(c); ok {
		if err := s.saveNewHand(c, t); !errors.Is(err, scorepad.ErrNotKept) {
			return err
		}
	}
	t, err := s.loadForNewHand(c)
	if err != nil {
		return err
	}
	return s.saveNewHand(c, t)
}

// saveNewHand is saveHand on game t.
func (s *Server) saveNewHand(c *echo.Context, t table) error {
	e, err := s.readEntry(c, t, nil)
	if err != nil {
		return err
	}
	sh, ok := e.(*sheetEntry)
	if !ok {
		return s.record(c, t, nil, e)
	}
	return s.saveSheet(c, t, nil, sh)
}

// changed tells every open scorepad of the game that it changed. The
// save is done: a phone that hangs up now must not keep the word from the
// others, so the request's cancellation is not followed, only a deadline.
func (s *Server) changed(c *echo.Context, t table) { s.changedTo(c, t, 0) }

// changedTo is changed when the write said the game's new version
// (db.Hand.GameVersion): a save is announced without reading the game
// again. A version of 0 is read.
func (s *Server) changedTo(c *echo.Context, t table, version int) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), publishTimeout)
	defer cancel()
	var err error
	if version == 0 {
		var st db.Stamp
		if st, err = s.store.Stamps.GameStamp(ctx, t.Game.PublicID); err == nil {
			version = st.Version
		}
	}
	if err == nil {
		err = s.events.Publish(ctx, t.Game.ID, version)
	}
	if err != nil {
		s.log.Warn("live update", "game", t.Game.PublicID, "err", err)
	}
}

// publishTimeout bounds the announcement of a save: past it the phones
// catch up on their next change or reload.
const publishTimeout = 2 * time.Second

// afterSave is where a saved entry leads: the scorepad, or, for an entry
// that is one part of a hand (a Trophy Case trick, T6) after which the
// hand goes on, the next part's form (card by card when this one was),
// so that a hand's tricks are entered one after another without going
// back to the scorepad. Each is saved as it ends, one revision a trick:
// a trick is a round of the game (its points, T7, and the next leader,
// T6, are the scorepad's at once, on every phone), corrected or deleted
// on its own. A game the trick ended sends its form on to the scorepad
// (showNewHand).
func afterSave(t table, h db.Hand, byCards bool) string {
	if t.Rules.EndsHandQuestion.IsZero() || h.EndsHand || h.EndsGame {
		return t.url() + "?saved=added"
	}
	next := t.url() + "/hands/new?saved=added"
	if byCards {
		next += "&by=cards"
	}
	return next
}

// errRefused is a by-points hand the game's checks refused.
var errRefused = errors.New("handlers: the hand was refused")

// staleNotice is what a phone that saved too late is told, once the game
// is loaded again: the game is over (and nothing more can be saved), or
// what the other phone saved (and saving again makes a new hand).
func staleNotice(l *locale.Localizer, t table) (notice, saveLabel string) {
	if t.Game.Finished() {
		return l.T("hand.game_over_stale", msg.S("Won", haveWonIn(l, gameWinners(t.Game))), msg.S("Round", t.roundWordIn(l))), ""
	}
	return conflictMessage(l, t), l.T("hand.save_anyway", msg.S("Name", t.roundIn(l, t.NextNumber())))
}

// conflictMessage tells a phone that was behind what the scorepad holds
// now, so it does not enter the same hand twice.
func conflictMessage(l *locale.Localizer, t table) string {
	said := l.T("hand.conflict")
	if last, ok := t.Last(); ok {
		said += " " + l.T("hand.conflict_last", msg.S("Round", t.roundWordIn(l)), msg.S("Name", t.roundIn(l, t.LastNumber())),
			msg.S("Summary", t.summary(l, last)))
	}
	return said + " " + l.T("hand.conflict_again")
}

// loadForNewHand loads the game named in the URL for adding a hand: its
// stored tally stands for its hands, which are not read, so that adding
// a hand costs the same however long the game (scorepad.LoadLite).
//
// When the database does not answer, the game as this server last read
// it stands in (lastReadTable), so that a hand can still be entered and
// judged, and its save, refused with 503, keeps the entry.
func (s *Server) loadForNewHand(c *echo.Context) (table, error) {
	g, err := s.store.Games.Game(c.Request().Context(), c.Param("game"))
	if err != nil {
		return s.lastReadOr(c.Param("game"), err)
	}
	s.lastRead.Add(g.PublicID, g)
	lite, ok, err := scorepad.Lite(g)
	if err != nil {
		return table{}, err
	}
	if !ok {
		return s.tableOf(c, g)
	}
	linkRules(c, lite.Rules)
	return table{lite}, nil
}

// keptTable is the game named in the URL as this server's last save to
// it left it (scorepad.Kept), for a save posted from the form of that
// version: the game is not read. A form only shown again ("check",
// "more") reads the game.
func (s *Server) keptTable(c *echo.Context) (table, bool) {
	if action := c.FormValue("action"); action != "" && action != "save" {
		return table{}, false
	}
	version, _ := strconv.Atoi(c.FormValue("version"))
	t, ok := s.kept.Table(c.Param("game"), version)
	if ok {
		linkRules(c, t.Rules)
	}
	return table{t}, ok
}

// lastReadOr is the game with the link given as this server last read it
// (lastReadTable) when the database does not answer (err); else err.
func (s *Server) lastReadOr(link string, err error) (table, error) {
	if db.Unavailable(err) {
		if t, ok := s.lastReadTable(link); ok {
			return t, nil
		}
	}
	return table{}, err
}

// maxLastRead bounds the games kept as last read: those of the tables
// playing on this server at once, a few KB each.
const maxLastRead = 1024

// lastReadTable is the game with the link given as this server last read
// it, with the tally it had then standing for its hands (a lite table),
// for the pages shown when the database does not answer. It reports
// false for a game not read since the server started, or with hands but
// no stored tally.
func (s *Server) lastReadTable(link string) (table, bool) {
	g, ok := s.lastRead.Get(link)
	if !ok {
		return table{}, false
	}
	lite, ok, err := scorepad.Lite(g)
	return table{lite}, ok && err == nil
}

// readEntry reads the posted entry of a hand of game t, a new one (h nil)
// or h's correction: card by card when the form says so and the game has
// a sheet (judged as it is read, against the hands before h), else by
// points (judged as it is saved, against the game it joins).
func (s *Server) readEntry(c *echo.Context, t table, h *db.Hand) (entry, error) {
	sh, ok := sheetOf(t.Rules)
	if !ok || c.FormValue("by") != "cards" {
		return s.readPoints(c, h)
	}
	form, values, err := s.readSheetForm(c)
	if err != nil {
		return nil, err
	}
	judged, err := s.judgeSheet(c, t, sh, values, h)
	if err != nil {
		return nil, err
	}
	return &sheetEntry{s: s, sh: sh, values: values, form: form, judged: judged}, nil
}

// readPoints reads a hand entered by points, a new one (h nil) or h's
// correction.
func (s *Server) readPoints(c *echo.Context, h *db.Hand) (entry, error) {
	form, err := bindPoints(c)
	if err != nil {
		return nil, err
	}
	return &pointsEntry{s: s, lang: lang(c), form: form, corrects: h}, nil
}

// pointsEntry is a hand entered by points.
type pointsEntry struct {
	s    *Server
	lang *locale.Localizer // the request's, for the messages beside the fields
	form pointsForm
	in   db.HandInput
	errs fieldErrors // the checks' findings, by field
	// corrects is the hand the entry corrects, nil for a new one.
	corrects *db.Hand
}

// Judge checks the form against game t (checkPoints). The round with
// which the table ended the game stays that round: a correction of its
// numbers does not reopen the game (deleting it does).
func (e *pointsEntry) Judge(t scorepad.Table) (db.HandInput, error) {
	if e.form, e.in, e.errs = e.s.checkPoints(e.lang, e.form, t.Rules, t.State()); e.errs != nil {
		return db.HandInput{}, errRefused
	}
	if e.corrects != nil {
		e.in.EndsGame = e.corrects.EndsGame
	}
	return e.in, nil
}

// rejudge checks the points again against the game they join.
func (e *pointsEntry) rejudge() scorepad.Judge { return e.Judge }

func (e *pointsEntry) sent() db.HandInput { return e.in }

func (e *pointsEntry) byCards() bool { return false }

// change is who saves the entry: the name as it is kept (unused if it is
// refused: nothing is saved then).
func (e *pointsEntry) change() db.Change {
	version, _ := strconv.Atoi(e.form.Version)
	return db.Change{Token: e.form.Token, Author: names.Tidy(e.form.Author), Version: version}
}

// show shows the by-points form again; the checks' findings only when
// they refused it.
func (e *pointsEntry) show(c *echo.Context, t table, h *db.Hand, status int, again shown) error {
	form := e.form
	if again.token != "" {
		form.Token = again.token
	}
	errs := e.errs
	if status != http.StatusUnprocessableEntity {
		errs = nil
	}
	if again.formError != "" {
		errs = fieldErrors{"form": again.formError}
	}
	var vm views.HandFormVM
	if h == nil {
		vm = newHandVM(c, t, form, errs)
	} else {
		vm = editHandVM(c, t, *h, form, errs)
	}
	if again.version != 0 {
		vm.Version = again.version
	}
	vm.Conflict = again.notice
	if again.relabel {
		vm.SaveLabel = again.saveLabel
	}
	return render(c, status, views.HandFormPage(vm))
}

// sheetEntry is a hand entered card by card, judged as it was read. Its
// page is laid out only when it is shown: a hand saved needs none.
type sheetEntry struct {
	s      *Server
	sh     sheet
	values url.Values
	form   sheetForm
	judged judgedSheet
}

// Judge returns the hand the sheet was judged to be.
func (e *sheetEntry) Judge(scorepad.Table) (db.HandInput, error) { return e.sent(), nil }

// rejudge keeps the hand as the sheet was judged.
func (e *sheetEntry) rejudge() scorepad.Judge { return scorepad.Judged(e.sent()) }

func (e *sheetEntry) sent() db.HandInput {
	if e.judged.in == nil {
		return db.HandInput{}
	}
	return *e.judged.in
}

func (e *sheetEntry) byCards() bool { return true }

func (e *sheetEntry) change() db.Change {
	version, _ := strconv.Atoi(e.form.Version)
	return db.Change{Token: e.form.Token, Author: e.form.Author, Version: version}
}

// show judges the sheet again on game t and shows it.
func (e *sheetEntry) show(c *echo.Context, t table, h *db.Hand, status int, again shown) error {
	form := e.form
	if again.version != 0 {
		form.Version = strconv.Itoa(again.version)
	}
	if again.token != "" {
		form.Token = again.token
	}
	vm, _, err := e.s.sheetVM(c, t, e.sh, e.values, form, h)
	if err != nil {
		return err
	}
	vm.Conflict, vm.FormError = again.notice, again.formError
	if again.relabel {
		vm.SaveLabel = again.saveLabel
	}
	return render(c, status, views.HandSheetPage(vm))
}

// sheetForm is what every card-by-card form carries besides the game's
// own fields.
type sheetForm struct {
	Token   string `form:"token" validate:"token"`
	Version string `form:"version" validate:"version"`
	Author  string `form:"author" validate:"name=40"`
	// Action is the button pressed: "check" shows the verdicts, "save"
	// (or none: a form submitted some other way) records the hand, and
	// "more" shows the sheet again with more empty fields: one more of the
	// group named in More ("more:<group>", since a button carries a single
	// value and pages must work without scripts), or, without a group,
	// whatever more the sheet lays out (a Trophy Case trick's rows).
	Action string `form:"action" validate:"omitempty,oneof=check save more"`
	More   string `validate:"max=40"`
	// DraftRev is the revision of the phone's draft the form was posted
	// from (static/offline.js), echoed back with the page or the preview
	// it gets: the phone then knows which of its drafts an answer is for.
	// Anything but a short number is no revision.
	DraftRev string
	// authorError says what is wrong with Author, shown beside it; such a
	// form is judged but not saved.
	authorError string
	// noVersion says the form came without the version it was made from
	// (Version is blank then): it is not saved.
	noVersion bool
}

// The buttons that show a sheet again without saving (see Action). A
// sheet also sees the button in its form values, so a sheet with rows
// rather than groups (Trophy Case) can lay out more of them.
const (
	actionCheck = "check"
	actionMore  = "more"
)

// showsOnly reports whether the form asks to be shown again, not saved.
func (f sheetForm) showsOnly() bool { return f.Action == actionCheck || f.Action == actionMore }

// readSheetForm reads the posted form: the common fields checked, the
// game's fields as posted. For "more", the group's field count is raised
// by one in the values, so the sheet judged from them shows the new field.
// A wrong author is said beside its field (authorError); any other wrong
// common field is a page out of date or forged, refused whole.
func (s *Server) readSheetForm(c *echo.Context) (sheetForm, url.Values, error) {
	values, err := c.FormValues()
	if err != nil {
		return sheetForm{}, nil, echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	action, more, _ := strings.Cut(values.Get("action"), ":")
	form := sheetForm{Token: values.Get("token"), Version: values.Get("version"), Author: values.Get("author"), Action: action, More: more,
		DraftRev: draftRev(values.Get("draft_rev"))}
	l := lang(c)
	errs := s.checkIn(l, &form)
	form.authorError = errs["author"]
	delete(errs, "author")
	if errs["form"] == l.T("form.no_version") && len(errs) == 1 {
		// Shown again with the message and the game's version as it is
		// now (saveSheet, updateSheet), what was typed kept.
		form.noVersion = true
		delete(errs, "form")
	}
	if len(errs) > 0 {
		return sheetForm{}, nil, echo.NewHTTPError(http.StatusBadRequest, "the form is out of date: reload the page")
	}
	if form.authorError == "" {
		form.Author = names.Tidy(form.Author)
	}
	if form.Action == actionMore && form.More != "" {
		game.AddField(values, form.More)
	}
	return form, values, nil
}

// draftRev is a posted draft revision as it is echoed: up to 15 digits,
// else nothing.
func draftRev(v string) string {
	if len(v) == 0 || len(v) > 15 || strings.Trim(v, "0123456789") != "" {
		return ""
	}
	return v
}

// draftRevHeader names, in a preview's answer, the draft revision it
// judged.
const draftRevHeader = "Meldpad-Draft-Rev"

// judgedSheet is a sheet as the game's referee judged it, against the
// game as it stood before the hand.
type judgedSheet struct {
	before table
	sheet  game.Sheet
	in     *db.HandInput // nil: not ready to save (the sheet says why)
}

// judgeSheet judges the form against game t as it stood before hand
// (all of it for a new hand). The judgement runs under the referee's
// deadline (Limits.RefereeTimeout), which covers the rules' work and
// not the save that may follow; cut short by it, or by the client going
// away, judgeSheet returns the context's error, which the referee's
// middleware answers with 503.
func (s *Server) judgeSheet(c *echo.Context, t table, sh sheet, values url.Values, hand *db.Hand) (judgedSheet, error) {
	// A correction is judged against the game as it stood before the hand:
	// running totals, who leads and who deals are those of that moment.
	ctx, cancel := s.refereeContext(c)
	defer cancel()
	j := judgedSheet{before: t.before(hand)}
	j.sheet, j.in = sh.judge(ctx, j.before, values)
	return j, ctx.Err()
}

// refereeContext is the context a referee computation of the request
// runs under: the request's, with a deadline of Limits.RefereeTimeout.
func (s *Server) refereeContext(c *echo.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(c.Request().Context(), s.limits.RefereeTimeout)
}

// sheetPage fills the page around a judged sheet.
func (s *Server) sheetPage(c *echo.Context, t table, j judgedSheet, form sheetForm, hand *db.Hand) views.SheetVM {
	l := lang(c)
	version, _ := strconv.Atoi(form.Version)
	vm := views.SheetVM{
		GameTitle: t.title(), GameURL: t.url(), CSRF: csrfToken(c), Token: form.Token, Version: version,
		Deck: deckJSON(t.Rules.Deck), Author: form.Author, AuthorList: t.Names(), AuthorError: form.authorError,
		DraftRev: form.DraftRev,
	}
	if vm.Author == "" {
		vm.Author = authorCookie(c)
	}
	vm.Body = views.SheetParts(j.sheet)
	vm.Fields = vm.Fields[:0]
	for _, f := range j.sheet.Fields() {
		vm.Fields = append(vm.Fields, *f)
	}
	if badges := j.sheet.Badges(); len(badges) > 0 {
		vm.Swaps = views.SheetBadges(badges)
	}
	vm.Judgement = j.sheet.Judgement
	if vm.Judgement.Names == nil {
		vm.Judgement.Names = t.Names()
	}
	// The phone's referee judges the sheet against the same table when
	// the preview cannot reach meldpad (static/referee.js).
	vm.Referee = offline.Encode(t.Rules.ID, j.before.State(), offline.Words{Remove: l.T("sheet.tap_to_remove"), Score: l.T("sheet.score")})
	if hand == nil {
		next := msg.N("N", t.NextNumber())
		vm.Title, vm.Action, vm.SaveLabel = l.T("scorepad.record_n."+t.Rules.Round, next), t.url()+"/hands", l.T("scorepad.save_n."+t.Rules.Round, next)
		vm.PreviewURL = t.url() + "/hands/preview"
		vm.PointsURL = t.url() + "/hands/new"
	} else {
		url := t.url() + "/hands/" + itoa64(hand.ID)
		vm.Title, vm.Action, vm.SaveLabel = l.T("scorepad.correct_n."+t.Rules.Round, msg.N("N", t.Number(hand.ID))), url, l.T("hand.save_correction")
		vm.PreviewURL = t.url() + "/hands/preview?hand=" + itoa64(hand.ID)
		vm.PointsURL, vm.DeleteURL = url+"?by=points", url+"/delete"
	}
	return vm
}

// sheetVM judges the form (judgeSheet) and fills the page around it
// (sheetPage).
func (s *Server) sheetVM(c *echo.Context, t table, sh sheet, values url.Values, form sheetForm, hand *db.Hand) (views.SheetVM, *db.HandInput, error) {
	j, err := s.judgeSheet(c, t, sh, values, hand)
	if err != nil {
		return views.SheetVM{}, nil, err
	}
	return s.sheetPage(c, t, j, form, hand), j.in, nil
}

// saveSheet records a hand entered card by card (e), a new one (h nil)
// or h's correction. "Check" shows what the rules make of it without
// saving, as does "more" with one more field; saving an incomplete or
// illegal hand shows the same with the reason, everything typed kept.
func (s *Server) saveSheet(c *echo.Context, t table, h *db.Hand, e *sheetEntry) error {
	if e.form.showsOnly() || e.judged.in == nil || e.form.authorError != "" || e.unconfirmed() || e.form.noVersion {
		if t.Kept {
			return scorepad.ErrNotKept // shown from the game as read
		}
		return s.showUnsaved(c, t, h, e)
	}
	return s.record(c, t, h, e)
}

// showUnsaved shows a sheet saveSheet does not save, with why.
func (s *Server) showUnsaved(c *echo.Context, t table, h *db.Hand, e *sheetEntry) error {
	vm := s.sheetPage(c, t, e.judged, e.form, h)
	switch {
	case e.form.showsOnly():
		return render(c, http.StatusOK, views.HandSheetPage(vm))
	case notReady(lang(c), &vm, e.judged.in, e.form):
		return render(c, http.StatusUnprocessableEntity, views.HandSheetPage(vm))
	case unconfirmed(&vm, e.judged.in, e.values):
		return render(c, http.StatusOK, views.HandSheetPage(vm))
	}
	vm.Version, vm.FormError = t.Game.Version, lang(c).T("form.no_version") // e.form.noVersion
	if h != nil {
		vm.Version = h.Version
	}
	return render(c, http.StatusUnprocessableEntity, views.HandSheetPage(vm))
}

// unconfirmed reports whether the judgement asks a question
// (game.Judgement.Confirm) the form has not answered yet (unconfirmed).
func (e *sheetEntry) unconfirmed() bool {
	q := e.judged.sheet.Judgement.Confirm
	return e.judged.in != nil && q != "" && e.values.Get("confirmed") != q
}

// notReady says, on the page, why a sheet cannot be saved yet: the hand is
// incomplete or the rules forbid it, or the author is wrong.
func notReady(l *locale.Localizer, vm *views.SheetVM, in *db.HandInput, form sheetForm) bool {
	switch {
	case in == nil:
		vm.FormError = l.T("hand.not_saved_problem", msg.S("Problem", vm.Judgement.Problem))
	case form.authorError != "":
		vm.FormError = l.T("hand.not_saved_author")
	default:
		return false
	}
	return true
}

// entry is a hand as a page took it, by points (pointsEntry) or card by
// card (sheetEntry): what it saves, and how its page is shown again when
// the save did not happen as asked, everything typed kept.
type entry interface {
	// Judge checks the entry against the game as it stands and returns
	// the hand to record; an error refuses it, and nothing is saved.
	Judge(t scorepad.Table) (db.HandInput, error)
	// rejudge is how scorepad.Add judges the entry again when the game
	// changed before it was written.
	rejudge() scorepad.Judge
	// sent is the hand as last judged.
	sent() db.HandInput
	// change is who saves it, with the form's token and version.
	change() db.Change
	byCards() bool
	// show renders the entry on game t, as a new hand (h nil) or as h's
	// correction, with status, and what again says beside it.
	show(c *echo.Context, t table, h *db.Hand, status int, again shown) error
}

// shown is what a form shown again says beside the entry it keeps.
type shown struct {
	version   int    // the version the form is now of; 0 keeps the posted one
	token     string // a new token for the form; "" keeps the posted one
	notice    string // what happened instead of the save
	formError string // why nothing was saved (the database)
	// saveLabel is the save button's label when relabel is set: "" hides
	// it (a game over takes nothing more).
	saveLabel string
	relabel   bool
}

// record saves e as a new hand of game t (h nil) or as h's correction, and
// answers the phone: the scorepad (or the next part of the hand) once
// saved; else, in this one place whatever the form, the entry shown again
// with what happened instead.
func (s *Server) record(c *echo.Context, t table, h *db.Hand, e entry) error {
	ctx := c.Request().Context()
	change := e.change()
	var saved db.Hand
	var err error
	if h == nil {
		var played scorepad.Table
		played, saved, err = s.kept.Add(ctx, s.store.Hands, t.Table, e.rejudge(), change)
		t = table{played}
	} else {
		var in db.HandInput
		if in, err = e.Judge(t.Table); err == nil {
			saved, err = s.kept.Correct(ctx, s.store.Hands, t.Table, h.ID, in, change)
		}
	}
	if err != nil {
		return s.notRecorded(c, t, h, e, err)
	}
	rememberAuthor(c, change.Author)
	if h != nil {
		s.changed(c, t)
		return c.Redirect(http.StatusSeeOther, t.url()+"?saved=corrected")
	}
	s.changedTo(c, t, saved.GameVersion)
	return c.Redirect(http.StatusSeeOther, afterSave(t, saved, e.byCards()))
}

// notRecorded answers a save that did not happen: the entry refused by
// the game's checks; the game or the hand changed by another phone, or
// the game over; the form saved already; the database not written.
func (s *Server) notRecorded(c *echo.Context, t table, h *db.Hand, e entry, err error) error {
	var again *db.AlreadySavedError
	switch {
	case errors.Is(err, scorepad.ErrNotKept):
		return err // saved again on the game as read (saveHand)
	case errors.Is(err, errRefused):
		return e.show(c, t, h, http.StatusUnprocessableEntity, shown{})
	case h == nil && (errors.Is(err, db.ErrConflict) || errors.Is(err, db.ErrGameOver)):
		// The game as the other phone left it; the form now carries its
		// version, so that saving again is a deliberate choice.
		t, err := s.loadTable(c)
		if err != nil {
			return err
		}
		notice, label := staleNotice(lang(c), t)
		return e.show(c, t, nil, http.StatusConflict, shown{version: t.Game.Version, notice: notice, saveLabel: label, relabel: true})
	case errors.Is(err, db.ErrConflict):
		current, err := s.store.Hands.Hand(c.Request().Context(), t.Game.ID, h.ID)
		if errors.Is(err, db.ErrDeleted) {
			return s.deletedMeanwhile(c, e)
		}
		if err != nil {
			return err
		}
		return e.show(c, t, &current, http.StatusConflict, shown{version: current.Version,
			notice: lang(c).T("hand.changed_meanwhile", msg.S("Round", t.roundWordIn(lang(c))),
				msg.S("Summary", t.summary(lang(c), scorepad.HandRound(current))))})
	case errors.Is(err, db.ErrDeleted):
		return s.deletedMeanwhile(c, e)
	case errors.As(err, &again):
		return s.savedAlready(c, e, again)
	case db.Unavailable(err):
		s.unwritable(c, err)
		// The game as read before the write, not read again: the database
		// that did not take the hand may not answer a read either.
		return e.show(c, t, h, http.StatusServiceUnavailable, shown{formError: notSavedMessage(lang(c), t)})
	}
	return err
}

// deletedMeanwhile answers a correction of a hand another phone deleted:
// nothing was saved, and the entry comes back as it was typed, as a new
// hand, so that it can be saved as one (deletedNotice). The form keeps
// its token, which saved nothing: a double tap still saves once.
func (s *Server) deletedMeanwhile(c *echo.Context, e entry) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	_, _ = e.Judge(t.Table) // as the game now is: a by-points form laid out for it
	notice, label := deletedNotice(lang(c), t)
	return e.show(c, t, nil, http.StatusConflict, shown{version: t.Game.Version, notice: notice, saveLabel: label, relabel: true})
}

// savedAlready shows a form posted again with other values than it saved
// the first time (db.AlreadySavedError): the entry kept, offered as the
// correction of the hand the form saved (or as a new hand, that one
// deleted since), with a new token so that saving it is a new, deliberate
// change.
func (s *Server) savedAlready(c *echo.Context, e entry, again *db.AlreadySavedError) error {
	t, h, notice, err := s.savedAlreadyNotice(c, again, e.sent())
	if err != nil {
		return err
	}
	a := shown{token: db.NewToken(), notice: notice, relabel: true}
	if h == nil {
		a.version = t.Game.Version
		var stale string
		if stale, a.saveLabel = staleNotice(lang(c), t); a.saveLabel == "" {
			a.notice += " " + stale
		}
	} else {
		a.version, a.saveLabel = h.Version, correctionLabel(lang(c), t, *h)
	}
	return e.show(c, t, h, http.StatusConflict, a)
}

// What a phone is told when its save did not happen as asked, whatever
// the form (by points or card by card, a new hand or a correction). Each
// keeps the whole entry in the form, so nothing typed is lost.

// unconfirmed asks the judgement's question (game.Judgement.Confirm)
// before a ready hand is saved: it reports whether the form has not
// answered it yet, and puts the question on the page. The answer is the
// question posted back, so a different question (another blank hand)
// is asked again.
func unconfirmed(vm *views.SheetVM, in *db.HandInput, values url.Values) bool {
	q := vm.Judgement.Confirm
	if in == nil || q == "" || values.Get("confirmed") == q {
		return false
	}
	vm.Confirm = q
	return true
}

// notSavedMessage says plainly that the server could not write (its
// database refused): the entry was not saved, and is still in the form.
func notSavedMessage(l *locale.Localizer, t table) string {
	return l.T("hand.not_saved", msg.S("Round", t.roundWordIn(l)), msg.S("Why", l.T("hand.cannot_write")))
}

// notDeletedMessage says the same of a deletion.
func notDeletedMessage(l *locale.Localizer, t table) string {
	return l.T("hand.not_deleted", msg.S("Round", t.roundWordIn(l)), msg.S("Why", l.T("hand.cannot_write")))
}

// unwritable logs a save the database refused to write; the page says so
// to the phone (notSavedMessage), with status 503.
func (s *Server) unwritable(c *echo.Context, err error) {
	s.log.Error("save not written", "method", c.Request().Method, "uri", c.Request().RequestURI, "err", err)
}

// deletedNotice is what a phone correcting a hand that another phone
// deleted is told: nothing was saved, and it may save its entry as a new
// hand, unless the game is over.
func deletedNotice(l *locale.Localizer, t table) (notice, saveLabel string) {
	round := msg.S("Round", t.roundWordIn(l))
	said := l.T("hand.deleted_meanwhile", round)
	if t.Game.Finished() {
		return said + " " + l.T("hand.deleted_over", msg.S("Won", haveWonIn(l, gameWinners(t.Game))), round), ""
	}
	next := msg.S("Next", t.roundIn(l, t.NextNumber()))
	return said + " " + l.T("hand.deleted_save_new", round, next), l.T("hand.save_as_new", next)
}

// savedAlreadyNotice is what a form posted again with other values than
// it saved the first time is told (db.AlreadySavedError): what it saved,
// what was just sent, and that the latter was not saved. It returns the
// game as it is now and the hand the form saved, to offer the entry as
// that hand's correction; nil when the hand has been deleted since, and
// the entry can be saved as a new hand.
func (s *Server) savedAlreadyNotice(c *echo.Context, again *db.AlreadySavedError, sent db.HandInput) (table, *db.Hand, string, error) {
	t, err := s.loadTable(c)
	if err != nil {
		return table{}, nil, "", err
	}
	l := lang(c)
	saved := t.summary(l, scorepad.Round(again.Saved))
	sentText := t.summary(l, scorepad.Round(sent))
	if sentText == saved {
		sentText = l.T("hand.same_points_other_cards", msg.S("Summary", sentText))
	}
	h, err := s.store.Hands.Hand(c.Request().Context(), t.Game.ID, again.HandID)
	switch {
	case errors.Is(err, db.ErrNotFound):
		return t, nil, l.T("hand.saved_already_deleted", msg.S("Saved", saved), msg.S("Round", t.roundWordIn(l)), msg.S("Sent", sentText)), nil
	case err != nil:
		return table{}, nil, "", err
	}
	name := msg.S("Name", t.roundIn(l, t.Number(h.ID)))
	notice := l.T("hand.saved_already", name, msg.S("Saved", saved), msg.S("Sent", sentText))
	if !slices.Equal(h.Points, again.Saved.Points) || h.Seat != again.Saved.Seat || h.EndsHand != again.Saved.EndsHand {
		notice += " " + l.T("hand.corrected_since", msg.S("Name", t.roundCapIn(l, t.Number(h.ID))), msg.S("Now", t.summary(l, scorepad.HandRound(h))))
	}
	notice += " " + l.T("hand.correction_below", name)
	return t, &h, notice, nil
}

// correctionLabel is the save button of an entry offered as a hand's
// correction.
func correctionLabel(l *locale.Localizer, t table, h db.Hand) string {
	return l.T("hand.save_as_correction", msg.S("Name", t.roundIn(l, t.Number(h.ID))))
}

// pointsForm is a hand entered by points, as posted. Strings throughout so
// that what was typed is shown again when something is wrong.
type pointsForm struct {
	Points   []string `form:"points" validate:"max=12,dive,points"`
	Seat     string   `form:"seat" validate:"omitempty,number"`
	EndsHand string   `form:"ends_hand"`
	Author   string   `form:"author" validate:"name=40"`
	Token    string   `form:"token" validate:"token"`
	Version  string   `form:"version" validate:"version"`
}

// pointsRecord is what a by-points entry stores as the hand's record.
type pointsRecord struct {
	Points   []int `json:"points"`
	Seat     int   `json:"seat"`
	EndsHand bool  `json:"ends_hand,omitempty"`
}

// bindPoints reads a by-points hand as posted.
func bindPoints(c *echo.Context) (pointsForm, error) {
	var form pointsForm
	if err := c.Bind(&form); err != nil {
		return form, echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	return form, nil
}

// checkPoints checks a bound hand: the form's own checks (validator
// tags), then what the game's rules and table allow on numbers alone. It
// returns the hand to store, or the errors by field.
func (s *Server) checkPoints(l *locale.Localizer, form pointsForm, r rules.Game, st game.Table) (pointsForm, db.HandInput, fieldErrors) {
	seats := len(st.Names)
	for len(form.Points) < seats {
		form.Points = append(form.Points, "")
	}
	if len(form.Points) > seats {
		form.Points = form.Points[:seats]
	}
	errs := s.checkIn(l, &form)
	if errs == nil {
		errs = fieldErrors{}
	}
	if _, bad := errs["author"]; !bad {
		form.Author = names.Tidy(form.Author)
	}
	if r.SeatQuestion.IsZero() {
		// The form asks no seat of this game; one sent anyway (no phone
		// sends it) would be refused with nowhere to say why.
		form.Seat = ""
	}
	round := rules.Round{Points: make([]int, seats), Seat: -1, EndsHand: r.EndsHandQuestion.IsZero() || form.EndsHand != ""}
	for i, p := range form.Points {
		round.Points[i], _ = parsePoints(p)
	}
	if form.Seat != "" {
		if seat, err := strconv.Atoi(form.Seat); err == nil && seat >= 0 && seat < seats {
			round.Seat = seat
		} else {
			errs["seat"] = l.T("hand.choose_player")
		}
	}
	if len(errs) > 0 {
		return form, db.HandInput{}, errs
	}
	if !r.SeatQuestion.IsZero() && round.Seat < 0 {
		errs["seat"] = l.T("hand.seat_missing", msg.S("Question", l.Say(r.SeatQuestion)), msg.S("Rule", r.SeatRule))
		return form, db.HandInput{}, errs
	}
	if err := r.CheckPoints(st, round); err != nil {
		// A rule broken by one seat's number is said beside that field.
		field := "points"
		var bad *game.PointsError
		if errors.As(err, &bad) && bad.Seat >= 0 && bad.Seat < seats {
			field = "points[" + strconv.Itoa(bad.Seat) + "]"
		}
		errs[field] = l.Error(err)
		return form, db.HandInput{}, errs
	}
	record, _ := json.Marshal(pointsRecord{Points: round.Points, Seat: round.Seat, EndsHand: !r.EndsHandQuestion.IsZero() && round.EndsHand})
	in := db.HandInput{Entry: db.EntryPoints, Record: record, Points: round.Points, Seat: round.Seat, EndsHand: round.EndsHand}
	return form, in, nil
}

// handFormVM fills the by-points form's view model from what was posted
// (or from the stored hand, for a correction).
func handFormVM(c *echo.Context, t table, form pointsForm, errs fieldErrors) views.HandFormVM {
	version, _ := strconv.Atoi(form.Version)
	vm := views.HandFormVM{
		GameTitle: t.title(), GameURL: t.url(), CSRF: csrfToken(c), Token: form.Token, Version: version,
		Names: t.Names(), Points: form.Points, SeatQuestion: say(c, t.Rules.SeatQuestion), Seat: form.Seat,
		EndsHandQuestion: say(c, t.Rules.EndsHandQuestion), EndsHand: form.EndsHand != "", Errors: errs,
		Hint: say(c, t.Rules.PointsHint), Author: form.Author, AuthorList: t.Names(), MaxPoints: maxPoints,
	}
	if vm.Author == "" {
		vm.Author = authorCookie(c)
	}
	return vm
}

const authorCookieName = "meldpad_author"

// authorCookie is the name this phone last entered hands as, when it is
// one a form would take: the cookie comes from the phone, so it is
// checked like what is typed.
func authorCookie(c *echo.Context) string {
	if ck, err := c.Cookie(authorCookieName); err == nil {
		if name, err := url.QueryUnescape(ck.Value); err == nil && names.Check(name, db.MaxPlayerName) == nil {
			return name
		}
	}
	return ""
}

// rememberAuthor keeps the author for this phone's next entry.
func rememberAuthor(c *echo.Context, name string) {
	c.SetCookie(&http.Cookie{Name: authorCookieName, Value: url.QueryEscape(name), Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// sheet is a game module's card-by-card form of a hand (game.Sheeter) as
// the pages use it: the module reads what was entered at the table, asks
// its referee and lays the sheet out; the views draw it.
type sheet struct{ m game.Sheeter }

// sheetOf returns the card sheet of a game, if its hands can be entered
// card by card.
func sheetOf(r rules.Game) (sheet, bool) {
	m, ok := r.Sheet()
	return sheet{m}, ok
}

// hasSheet reports whether a game's hands can be entered card by card.
func hasSheet(r rules.Game) bool {
	_, ok := r.Sheet()
	return ok
}

// blank returns the form of a new hand.
func (s sheet) blank(t table) url.Values { return s.m.Blank(t.State()) }

// values returns the form that shows a stored hand again.
func (s sheet) values(t table, record json.RawMessage) (url.Values, error) {
	return s.m.Values(t.State(), record)
}

// judge reads the form and asks the rules under ctx, which carries the
// referee's deadline. It returns the sheet laid out, and the hand to
// store once it is complete and allowed (nil until then, and once ctx is
// done: judgeSheet reports it).
func (s sheet) judge(ctx context.Context, t table, form url.Values) (game.Sheet, *db.HandInput) {
	sh, hand, err := s.m.Judge(ctx, t.State(), form)
	if err != nil || hand == nil {
		return sh, nil
	}
	return sh, &db.HandInput{Entry: db.EntryCards, Record: hand.Record, Points: hand.Points, Seat: hand.Seat, EndsHand: hand.EndsHand}
}

// A group is a run of fields a sheet shows as many of as needed (a
// Fortune player's melds): field i of group g is named "g_i". The page
// carries how many fields it shows in a hidden input, countName(g), so
// that the "more" button (action "more:g") can ask for one more, with or
// without scripts.

// deckJSON describes the deck to the card picker: its ranks, its suits by
// colour, its trumps, and how many copies of each card it holds.
func deckJSON(d *cards.Deck) string {
	type suitGroup struct {
		Colour string   `json:"colour"`
		Suits  []string `json:"suits"`
		Labels []string `json:"labels"`
	}
	var out struct {
		Ranks  []string       `json:"ranks"`
		Groups []suitGroup    `json:"groups"`
		Trumps []string       `json:"trumps,omitempty"`
		Copies map[string]int `json:"copies"`
		Wilds  bool           `json:"wilds"`
	}
	out.Copies = map[string]int{}
	fanucci := false
	for _, c := range d.Cards() {
		out.Copies[c.String()] = d.Copies(c)
		fanucci = fanucci || c.IsFanucci()
		out.Wilds = out.Wilds || d.IsWild(c)
	}
	if fanucci {
		out.Ranks = []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "∞"}
		for _, colour := range cards.FanucciColours() {
			g := suitGroup{Colour: colour.String()}
			for _, s := range colour.Suits() {
				g.Suits = append(g.Suits, s.String())
				g.Labels = append(g.Labels, s.String())
			}
			out.Groups = append(out.Groups, g)
		}
		for _, tr := range cards.Trumps() {
			out.Trumps = append(out.Trumps, tr.String())
		}
	} else {
		out.Ranks = []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
		for _, s := range cards.StandardSuits() {
			out.Groups = append(out.Groups, suitGroup{Colour: s.Colour().String(), Suits: []string{s.Letter()}, Labels: []string{s.Symbol()}})
		}
	}
	b, _ := json.Marshal(out)
	return string(b)
}
