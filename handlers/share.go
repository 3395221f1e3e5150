package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"rsc.io/qr"

	"meldpad/views"
)

// showShare shows the game's two links, each with a QR code: the scorepad
// itself, for another phone at the table, and a read-only one for
// spectators.
func (s *Server) showShare(c echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	watchID, err := s.store.WatchID(c.Request().Context(), t.game.ID)
	if err != nil {
		return err
	}
	origin := s.origin(c)
	play, watch := origin+t.url(), origin+"/w/"+watchID
	vm := views.ShareVM{Title: "Share " + t.title(), GameURL: t.url(), PlayURL: play, WatchURL: watch}
	if vm.PlayQR, err = qrModules(play); err != nil {
		return err
	}
	if vm.WatchQR, err = qrModules(watch); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.SharePage(vm))
}

// qrModules encodes text as a QR code (medium error correction, enough for
// a phone held up across a table) and returns its modules, true for dark.
func qrModules(text string) ([][]bool, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, err
	}
	modules := make([][]bool, code.Size)
	for y := range modules {
		modules[y] = make([]bool, code.Size)
		for x := range modules[y] {
			modules[y][x] = code.Black(x, y)
		}
	}
	return modules, nil
}
