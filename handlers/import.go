package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"meldpad/db"
	"meldpad/locale"
	"meldpad/rules"
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
	sum, err := s.store.Archive.Import(c.Request().Context(), file, MaxImportBody, scorepad.ArchiveRules{}, rules.CheckRecordSaying(locale.English().Error))
	var refused *db.ImportError
	if errors.As(err, &refused) {
		vm.FileName = upload.Filename
		for _, p := range refused.Problems {
			vm.Problems = append(vm.Problems, p.String())
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
