package handlers

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/game"
	"meldpad/views"
)

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

// readPointsForm binds and checks a by-points hand: the form's own checks
// (validator tags), then what the game's rules allow on numbers alone. It
// returns the hand to store, or the errors by field.
func (s *Server) readPointsForm(c *echo.Context, t table) (pointsForm, db.HandInput, fieldErrors, error) {
	form, err := bindPoints(c)
	if err != nil {
		return form, db.HandInput{}, nil, err
	}
	form, in, errs := s.checkPoints(form, t.rules, t.state())
	return form, in, errs, nil
}

// bindPoints reads a by-points hand as posted.
func bindPoints(c *echo.Context) (pointsForm, error) {
	var form pointsForm
	if err := c.Bind(&form); err != nil {
		return form, echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	return form, nil
}

// checkPoints is readPointsForm's checks of a bound hand, against the
// game's rules and table.
func (s *Server) checkPoints(form pointsForm, r rules.Game, st game.Table) (pointsForm, db.HandInput, fieldErrors) {
	seats := len(st.Names)
	for len(form.Points) < seats {
		form.Points = append(form.Points, "")
	}
	if len(form.Points) > seats {
		form.Points = form.Points[:seats]
	}
	errs := s.check(&form)
	if errs == nil {
		errs = fieldErrors{}
	}
	if _, bad := errs["author"]; !bad {
		form.Author = db.TidyName(form.Author)
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
			errs["seat"] = "Choose one of the players."
		}
	}
	if len(errs) > 0 {
		return form, db.HandInput{}, errs
	}
	if !r.SeatQuestion.IsZero() && round.Seat < 0 {
		errs["seat"] = locale.English().Say(r.SeatQuestion) + " Choose one (" + r.SeatRule + ")."
		return form, db.HandInput{}, errs
	}
	if err := r.CheckPoints(st, round); err != nil {
		// A rule broken by one seat's number is said beside that field.
		field := "points"
		var bad *game.PointsError
		if errors.As(err, &bad) && bad.Seat >= 0 && bad.Seat < seats {
			field = "points[" + strconv.Itoa(bad.Seat) + "]"
		}
		errs[field] = locale.English().Error(err)
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
		Names: t.names(), Points: form.Points, SeatQuestion: say(c, t.rules.SeatQuestion), Seat: form.Seat,
		EndsHandQuestion: say(c, t.rules.EndsHandQuestion), EndsHand: form.EndsHand != "", Errors: errs,
		Hint: say(c, t.rules.PointsHint), Author: form.Author, AuthorList: t.names(), MaxPoints: maxPoints,
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
		if name, err := url.QueryUnescape(ck.Value); err == nil && db.CheckName(name, db.MaxPlayerName) == nil {
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
