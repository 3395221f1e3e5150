package handlers

import (
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"

	"meldpad/db"
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
	// token: an id made by db.NewID.
	_ = v.RegisterValidation("token", func(fl validator.FieldLevel) bool {
		return db.ValidID(fl.Field().String())
	})
	return v
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

// check validates a form struct and returns its errors in plain words, or
// nil.
func (s *Server) check(form any) fieldErrors {
	err := s.validate.Struct(form)
	if err == nil {
		return nil
	}
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		return fieldErrors{"form": "The form could not be read. Reload the page and try again."}
	}
	errs := fieldErrors{}
	for _, fe := range verrs {
		field := fe.Field()
		if _, seen := errs[field]; !seen {
			errs[field] = message(fe)
		}
	}
	return errs
}

// message says what is wrong with a field, in words a player reads.
func message(fe validator.FieldError) string {
	switch fe.Tag() {
	case "required":
		return "This is needed."
	case "points":
		return "Enter a whole number, like 25 or -10 (blank counts as 0)."
	case "token":
		return "This form is out of date: reload the page and enter it again."
	case "max":
		return "Use at most " + fe.Param() + " characters."
	case "oneof":
		return "Choose one of the options."
	case "number", "numeric":
		return "Enter a number."
	}
	return "This is not valid."
}
