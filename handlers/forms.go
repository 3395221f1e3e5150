package handlers

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/rules/names"
)

// maxPoints bounds a hand's points: far above any real hand, far below
// anything that could overflow a total.
const maxPoints = 100000

// newValidator returns the validator for form structs. Field names in
// errors are the form names ("points[1]"), so messages land beside the
// field they are about.
func newValidator() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		if name, _, _ := strings.Cut(f.Tag.Get("form"), ","); name != "" && name != "-" {
			return name
		}
		return f.Name
	})
	// points: blank (read as 0) or a whole number within ±maxPoints.
	_ = v.RegisterValidation("points", func(fl validator.FieldLevel) bool {
		_, ok := parsePoints(fl.Field().String())
		return ok
	})
	// name=N: a name of at most N characters as names.Check takes them,
	// once tidied (names.Tidy), or blank; whether a blank is allowed is
	// for "required" or the handler to say. Every form that takes a name
	// (players, leagues, seasons, who entered a hand) uses it, with the
	// import's check, so whatever is entered can be exported and imported.
	_ = v.RegisterValidation("name", func(fl validator.FieldLevel) bool {
		return nameProblem(fl.Field().String(), fl.Param()) == nil
	})
	// version: the version a form was made from, a whole number from 1:
	// a write without it would skip the check that another phone did not
	// change the game or hand meanwhile (db.Change.Version).
	_ = v.RegisterValidation("version", func(fl validator.FieldLevel) bool {
		n, err := strconv.Atoi(fl.Field().String())
		return err == nil && n >= 1
	})
	// token: an id made by db.NewID.
	_ = v.RegisterValidation("token", func(fl validator.FieldLevel) bool {
		return db.ValidID(fl.Field().String())
	})
	return v
}

// nameProblem is what names.Check finds wrong with a typed name, tidied,
// of at most param characters; nil for a good name or a blank.
func nameProblem(typed, param string) error {
	most, err := strconv.Atoi(param)
	if err != nil {
		return err
	}
	name := names.Tidy(typed)
	if name == "" {
		return nil
	}
	return names.Check(name, most)
}

// nameMessage says what is wrong with a name, in words a player reads
// (in English: nameMessageIn says it in the page's language).
func nameMessage(err error, most string) string { return nameMessageIn(locale.English(), err, most) }

// nameMessageIn says what is wrong with a name in l's language.
func nameMessageIn(l *locale.Localizer, err error, most string) string {
	var bad *names.Error
	if !errors.As(err, &bad) {
		return l.T("form.not_valid")
	}
	switch bad.Err {
	case names.ErrLong:
		return l.T("form.at_most_chars", msg.S("Count", most))
	case names.ErrControl:
		r, _ := utf8.DecodeRuneInString(bad.Name[bad.At:])
		what := l.T("form.char_control")
		switch r {
		case '\t':
			what = l.T("form.char_tab")
		case '\n', '\r', '\u2028', '\u2029':
			what = l.T("form.char_line_break")
		}
		where := l.T("form.at_start")
		if bad.At > 0 {
			where = l.T("form.after", msg.S("Text", bad.Name[:bad.At]))
		}
		return l.T("form.letters_only", msg.S("What", what), msg.S("Code", fmt.Sprintf("%U", r)), msg.S("Where", where))
	case names.ErrEncoding:
		return l.T("form.not_readable")
	}
	return l.T("newgame.enter_name")
}

// parsePoints reads a points field: blank is 0, a leading + is allowed.
func parsePoints(s string) (int, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "−", "-"))
	if s == "" {
		return 0, true
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil || n > maxPoints || n < -maxPoints {
		return 0, false
	}
	return n, true
}

// fieldErrors maps a form field ("points[1]", "seat", or "form" for the
// form as a whole) to a message in plain words.
type fieldErrors map[string]string

// lang is the Localizer of the request's language (withLanguage), in
// which a form's messages are said.
func lang(c *echo.Context) *locale.Localizer { return locale.From(c.Request().Context()) }

// checkIn validates a form struct, given by pointer, and returns its
// errors in plain words in l's language, or nil. A damaged hidden field
// (the token, the version) is reported for the whole form ("form"), and
// mended.
func (s *Server) checkIn(l *locale.Localizer, form any) fieldErrors {
	err := s.validate.Struct(form)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return fieldErrors{"form": l.T("form.unreadable")}
	}
	errs := fieldErrors{}
	for _, fe := range verrs {
		field := fe.Field()
		if field == "token" || field == "version" {
			if _, taken := errs["form"]; !taken || field == "version" {
				errs["form"] = l.T("form.damaged")
				if field == "version" {
					errs["form"] = l.T("form.no_version")
				}
			}
			mendHidden(form, fe.StructField(), field)
			continue
		}
		if _, seen := errs[field]; !seen {
			errs[field] = message(l, fe)
		}
	}
	return errs
}

// mendHidden replaces a damaged hidden field of form (a pointer to a
// form struct) so that the form shown again can be sent as it is: a
// fresh token (no token of meldpad's looks like a damaged one, so it
// saved nothing), or a blank version, which the page shown again fills
// with the version of what it changes as it is now (newHandVM,
// editHandVM), so that the next save is still checked against another
// phone's.
func mendHidden(form any, structField, name string) {
	v := reflect.ValueOf(form)
	if v.Kind() != reflect.Pointer {
		return
	}
	f := v.Elem().FieldByName(structField)
	if !f.CanSet() || f.Kind() != reflect.String {
		return
	}
	if name == "token" {
		f.SetString(db.NewToken())
	} else {
		f.SetString("")
	}
}

// listNoun is what a form's list field (by its form name) holds, for a
// message on its length: a list's "max" counts entries, not characters.
// The message of a form that came back without the version it was made
// from (form.no_version) says so: saved, it could have overwritten what
// another phone saved meanwhile. One whose hidden fields came back
// damaged says that (form.damaged).

// message says what is wrong with a field, in words a player reads, in
// l's language. A list field's "max" counts its entries, not characters,
// and names what they are (form.at_most_entries.<field>).
func message(l *locale.Localizer, fe validator.FieldError) string {
	switch fe.Tag() {
	case "required":
		return l.T("form.needed")
	case "points":
		return l.T("form.whole_number")
	case "max":
		if fe.Kind() == reflect.Slice {
			if id := "form.at_most_entries." + fe.Field(); l.Has(id) {
				return l.T("form.at_most_entries."+fe.Field(), msg.S("Count", fe.Param()))
			}
			return l.T("form.at_most_entries", msg.S("Count", fe.Param()))
		}
		return l.T("form.at_most_chars", msg.S("Count", fe.Param()))
	case "name":
		typed, _ := fe.Value().(string)
		return nameMessageIn(l, nameProblem(typed, fe.Param()), fe.Param())
	case "oneof":
		return l.T("form.choose_option")
	case "number", "numeric":
		return l.T("form.enter_number")
	}
	return l.T("form.not_valid")
}
