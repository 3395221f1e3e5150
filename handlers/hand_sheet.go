package handlers

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
	"meldpad/views/offline"
)

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
		form.Author = db.TidyName(form.Author)
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

// sheetVM judges the form and fills the page around it. The judgement
// runs under the referee's deadline (Limits.RefereeTimeout), which covers
// the rules' work and not the save that may follow; cut short by it, or
// by the client going away, sheetVM returns the context's error, which
// the referee's middleware answers with 503.
func (s *Server) sheetVM(c *echo.Context, t table, sh sheet, values url.Values, form sheetForm, hand *db.Hand) (views.SheetVM, *db.HandInput, error) {
	version, _ := strconv.Atoi(form.Version)
	vm := views.SheetVM{
		GameTitle: t.title(), GameURL: t.url(), CSRF: csrfToken(c), Token: form.Token, Version: version,
		Deck: deckJSON(t.Rules.Deck), Author: form.Author, AuthorList: t.Names(), AuthorError: form.authorError,
		DraftRev: form.DraftRev,
	}
	if vm.Author == "" {
		vm.Author = authorCookie(c)
	}
	// A correction is judged against the game as it stood before the hand:
	// running totals, who leads and who deals are those of that moment.
	ctx, cancel := s.refereeContext(c)
	defer cancel()
	before := t.before(hand)
	in := sh.judge(ctx, before, values, &vm)
	// The phone's referee judges the sheet against the same table when
	// the preview cannot reach meldpad (static/referee.js).
	vm.Referee = offline.Encode(t.Rules.ID, before.State())
	if err := ctx.Err(); err != nil {
		return vm, nil, err
	}
	l := lang(c)
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
	return vm, in, nil
}

// showNewSheet shows the card-by-card form of the next hand.
func (s *Server) showNewSheet(c *echo.Context, t table, sh sheet) error {
	form := sheetForm{Token: db.NewToken(), Version: strconv.Itoa(t.Game.Version)}
	vm, _, err := s.sheetVM(c, t, sh, sh.blank(t), form, nil)
	if err != nil {
		return err
	}
	vm.Judgement.Problem = ""
	return render(c, http.StatusOK, views.HandSheetPage(vm))
}

// showEditSheet shows a stored hand in its card-by-card form.
func (s *Server) showEditSheet(c *echo.Context, t table, sh sheet, h db.Hand) error {
	values := sh.blank(t.before(&h))
	unreadable := false
	if h.Entry == db.EntryCards {
		decoded, err := sh.values(t.before(&h), h.Record)
		if err != nil {
			// The import refuses such records (CheckRecord); one stored
			// before it did is shown blank rather than as an error page.
			s.log.Warn("hand record cannot be shown", "game", t.Game.PublicID, "hand", h.ID, "err", err)
			unreadable = true
		} else {
			values = decoded
		}
	}
	form := sheetForm{Token: db.NewToken(), Version: strconv.Itoa(h.Version)}
	vm, _, err := s.sheetVM(c, t, sh, values, form, &h)
	if err != nil {
		return err
	}
	if unreadable {
		vm.Judgement.Problem = ""
		l := lang(c)
		vm.FormError = l.T("hand.cards_unreadable", msg.S("Round", t.roundWordIn(l)), msg.S("Summary", t.summary(l, scorepad.HandRound(h))))
	}
	return render(c, http.StatusOK, views.HandSheetPage(vm))
}

// previewSheet answers the sheet's live preview: chips, verdicts and the
// score so far, swapped into the page without touching what is typed. A
// correction's preview names its hand (?hand=ID), so that it is judged as
// the full page is.
func (s *Server) previewSheet(c *echo.Context) error {
	load := s.loadForNewHand
	if c.QueryParam("hand") != "" {
		load = s.loadTable // a correction is judged against the hands before it
	}
	t, err := load(c)
	if err != nil {
		return err
	}
	sh, ok := sheetOf(t.Rules)
	if !ok {
		return echo.ErrNotFound
	}
	values, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	form := sheetForm{Token: values.Get("token"), Version: values.Get("version"), DraftRev: draftRev(values.Get("draft_rev"))}
	vm, _, err := s.sheetVM(c, t, sh, values, form, t.Hand(c.QueryParam("hand")))
	if err != nil {
		return err
	}
	if form.DraftRev != "" {
		c.Response().Header().Set(draftRevHeader, form.DraftRev)
	}
	return render(c, http.StatusOK, views.SheetPreview(vm))
}

// saveSheet records a hand entered card by card (e), a new one (h nil)
// or h's correction. "Check" shows what the rules make of it without
// saving, as does "more" with one more field; saving an incomplete or
// illegal hand shows the same with the reason, everything typed kept.
func (s *Server) saveSheet(c *echo.Context, t table, h *db.Hand, e *sheetEntry) error {
	vm := &e.vm
	switch {
	case e.form.showsOnly():
		return render(c, http.StatusOK, views.HandSheetPage(*vm))
	case notReady(lang(c), vm, e.in, e.form):
		return render(c, http.StatusUnprocessableEntity, views.HandSheetPage(*vm))
	case unconfirmed(vm, e.in, e.values):
		return render(c, http.StatusOK, views.HandSheetPage(*vm))
	case e.form.noVersion:
		vm.Version, vm.FormError = t.Game.Version, lang(c).T("form.no_version")
		if h != nil {
			vm.Version = h.Version
		}
		return render(c, http.StatusUnprocessableEntity, views.HandSheetPage(*vm))
	}
	return s.record(c, t, h, e)
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
