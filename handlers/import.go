package handlers

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/scorepad"
	"meldpad/views"
)

// showImport is the page that imports an export file (db.Archive): a
// league's, from its organizer's page, or everything, from meldpad
// -export.
func (s *Server) showImport(c *echo.Context) error {
	return render(c, http.StatusOK, views.ImportPage(importVM(c)))
}

func importVM(c *echo.Context) views.ImportVM {
	return views.ImportVM{CSRF: csrfToken(c), Limit: db.FormatBytes(MaxImportBody)}
}

// importFile imports the uploaded file whole or not at all. A refused
// file shows the form again with every problem and its place in the
// file; nothing was written. A file over MaxImportBody never gets here:
// the route's body limit refuses it (bodyLimits). Imports are admitted a
// few at a time and their files read to disk before the handler runs
// (admitImports); each then waits for the one before it to finish.
func (s *Server) importFile(c *echo.Context) error {
	vm := importVM(c)
	upload, err := c.FormFile("file")
	if err != nil {
		if echo.StatusCode(err) != 0 { // over the body limit
			return err
		}
		tr := locale.From(c.Request().Context())
		vm.Error = tr.T("import.err.no_file")
		return render(c, http.StatusUnprocessableEntity, views.ImportPage(vm))
	}
	endTurn, err := s.importTurn(c)
	if errors.Is(err, errImportWait) {
		return importBusy(s.limits.ImportQueue).send(c)
	}
	if err != nil {
		return err
	}
	defer endTurn()
	file, err := upload.Open()
	if err != nil {
		return err
	}
	defer file.Close()
	sum, err := s.store.Archive.Import(c.Request().Context(), file, MaxImportBody, scorepad.ArchiveRules{}, scorepad.CheckRecord)
	var refused *db.ImportError
	if errors.As(err, &refused) {
		vm.FileName = upload.Filename
		tr := locale.From(c.Request().Context())
		for _, p := range refused.Problems {
			vm.Problems = append(vm.Problems, sayProblem(tr, p))
		}
		return render(c, http.StatusUnprocessableEntity, views.ImportPage(vm))
	}
	if err != nil {
		return err
	}
	s.log.Info("imported", "file", upload.Filename, "leagues", len(sum.Leagues), "games", sum.Games, "players", sum.Players)
	done := views.ImportDoneVM{Games: sum.Games, Hands: sum.Hands, Players: sum.Players, Events: sum.Events}
	ctx := c.Request().Context()
	for _, l := range sum.Leagues {
		d, err := s.league(ctx, l)
		if err != nil {
			return err
		}
		done.Leagues = append(done.Leagues, views.ImportedLeagueVM{
			Name: l.Name, OrganizerURL: organizerURL(l), MembersURL: leagueURL(l), Games: len(d.record.Games),
		})
	}
	return render(c, http.StatusOK, views.ImportDonePage(done))
}

// sayProblem says a problem of a file in tr's language, with its place
// in the file: the import's own words (db.Words), or the rules' error.
func sayProblem(tr *locale.Localizer, p db.Problem) string {
	what := p.What
	switch {
	case p.ID != "":
		what = tr.Say(problemMessage(p.Words))
	case p.Err != nil:
		what = tr.Error(p.Err)
	}
	where := p.Where
	if p.Line > 0 {
		where = tr.T("import.line_column", msg.Digits("Line", p.Line), msg.Digits("Column", p.Column))
	}
	if where == "" {
		return what
	}
	return tr.T("import.where_what", msg.S("Where", where), msg.S("What", what))
}

// problemMessage is the import's words as a message of the pages'
// catalogs: import.problem.<id>. A number is written as the file has
// it, but a Count, which chooses the text's plural form.
func problemMessage(w db.Words) msg.Msg {
	args := make([]msg.Arg, 0, len(w.Args))
	for name, v := range w.Args {
		switch v := v.(type) {
		case int:
			if name == "Count" {
				args = append(args, msg.N(name, v))
			} else {
				args = append(args, msg.Digits(name, v))
			}
		case string:
			args = append(args, msg.S(name, v))
		case db.Words:
			args = append(args, msg.M(name, problemMessage(v)))
		case error:
			var said interface{ Message() msg.Msg }
			if errors.As(v, &said) {
				args = append(args, msg.M(name, said.Message()))
			} else {
				args = append(args, msg.S(name, v.Error()))
			}
		default:
			args = append(args, msg.S(name, fmt.Sprint(v)))
		}
	}
	return msg.New("import.problem."+w.ID, args...)
}
