package handlers

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"
	"rsc.io/qr"

	"meldpad/locale"
	"meldpad/rules/msg"
	"meldpad/views"
)

// showShare shows the game's two links, each with a QR code: the scorepad
// itself, for another phone at the table, and a read-only one for
// spectators. Opened on the computer that serves meldpad, whose address
// there (127.0.0.1) reaches no phone, it offers them at the computer's
// addresses on its local networks instead (share_lan.go), and says why.
func (s *Server) showShare(c *echo.Context) error {
	t, err := s.loadTable(c)
	if err != nil {
		return err
	}
	watchID, err := s.store.Games.WatchID(c.Request().Context(), t.Game.ID)
	if err != nil {
		return err
	}
	origin := s.origin(c)
	play, watch := origin+t.url(), origin+"/w/"+watchID
	l := locale.From(c.Request().Context())
	vm := views.ShareVM{Title: l.T("share.title", msg.S("Game", t.title())), GameURL: t.url(), PlayURL: play, WatchURL: watch}
	if vm.PlayQR, err = qrModules(play); err != nil {
		return err
	}
	if vm.WatchQR, err = qrModules(watch); err != nil {
		return err
	}
	// Opened on the computer that runs meldpad: its loopback address
	// reaches no phone; its addresses on the local network do.
	if reachedLoopback(c) && s.opts.BaseURL == nil {
		vm.Loopback, vm.LoopbackOnly = strings.TrimPrefix(strings.TrimPrefix(origin, "http://"), "https://"), s.listensOnLoopbackOnly()
		origins, names := s.lanOrigins(c)
		for i, o := range origins {
			lan := views.LANLinkVM{Interface: names[i], PlayURL: o + t.url(), WatchURL: o + "/w/" + watchID}
			if lan.PlayQR, err = qrModules(lan.PlayURL); err != nil {
				return err
			}
			if lan.WatchQR, err = qrModules(lan.WatchURL); err != nil {
				return err
			}
			vm.LAN = append(vm.LAN, lan)
		}
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
