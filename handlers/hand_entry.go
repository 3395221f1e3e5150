package handlers

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/scorepad"
	"meldpad/views"
)

// readEntry reads the posted entry of a hand of game t, a new one (h nil)
// or h's correction: card by card when the form says so and the game has
// a sheet (judged as it is read, against the hands before h), else by
// points (judged as it is saved, against the game it joins).
func (s *Server) readEntry(c *echo.Context, t table, h *db.Hand) (entry, error) {
	if sh, ok := sheetOf(t.Rules); ok && c.FormValue("by") == "cards" {
		form, values, err := s.readSheetForm(c)
		if err != nil {
			return nil, err
		}
		vm, in, err := s.sheetVM(c, t, sh, values, form, h)
		if err != nil {
			return nil, err
		}
		return &sheetEntry{s: s, sh: sh, values: values, form: form, vm: vm, in: in}, nil
	}
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

func (e *pointsEntry) sent() db.HandInput { return e.in }

func (e *pointsEntry) byCards() bool { return false }

// change is who saves the entry: the name as it is kept (unused if it is
// refused: nothing is saved then).
func (e *pointsEntry) change() db.Change {
	version, _ := strconv.Atoi(e.form.Version)
	return db.Change{Token: e.form.Token, Author: db.TidyName(e.form.Author), Version: version}
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

// sheetEntry is a hand entered card by card, judged as it was read.
type sheetEntry struct {
	s      *Server
	sh     sheet
	values url.Values
	form   sheetForm
	vm     views.SheetVM // the sheet judged
	in     *db.HandInput // nil: not ready to save (vm says why)
}

// Judge returns the hand the sheet was judged to be.
func (e *sheetEntry) Judge(scorepad.Table) (db.HandInput, error) { return e.sent(), nil }

func (e *sheetEntry) sent() db.HandInput {
	if e.in == nil {
		return db.HandInput{}
	}
	return *e.in
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
