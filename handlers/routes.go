package handlers

import (
	"github.com/labstack/echo/v5"

	"meldpad/static"
)

// routes lists every route of meldpad.
func (s *Server) routes(e *echo.Echo) {
	e.GET("/healthz", s.health)
	e.GET("/readyz", s.ready)
	e.GET("/", s.showHome)
	// Installing meldpad as an app and opening it offline (install.go).
	e.GET("/sw.js", s.serviceWorker)
	e.GET("/manifest.webmanifest", s.webManifest)
	e.GET("/form-token", s.formToken)
	e.POST("/language", chooseLanguage) // the footer's language chooser (language.go)

	e.GET("/adjudicate", s.showAdjudicate)
	e.GET("/api", s.showAPIDocs) // the JSON API's page, from /api/v1/openapi.json (api_docs.go)
	e.GET("/rules/:game", s.showRules)
	// Import takes a file of up to MaxImportBody (bodyLimits); the export
	// of everything is on the command line only (meldpad -export).
	e.GET("/import", s.showImport)
	e.POST("/import", s.importFile)
	e.GET("/games/new", s.showNewGame)
	e.POST("/games", s.createGame)
	e.GET("/g/:game", s.showGame)
	e.GET("/g/:game/history", s.showHistory)
	e.GET("/g/:game/share", s.showShare)
	e.GET("/g/:game/events", s.gameEvents)
	e.GET("/w/:watch", s.showWatch)
	e.GET("/w/:watch/events", s.watchEvents)
	// The forms of a game answer every POST with a redirect
	// (post_redirect.go), and the addresses they post to show a page on
	// GET too, so that no reload posts again or lands on "Not here".
	e.GET("/g/:game/hands/new", s.showKept(s.showNewHand))
	e.GET("/g/:game/hands", s.toNewHand)
	e.POST("/g/:game/hands", s.saveHand, s.redirectAfterPost(newHandPath))
	e.POST("/g/:game/hands/preview", s.previewSheet)
	e.GET("/g/:game/hands/preview", s.toNewHand)
	e.GET("/g/:game/hands/:hand", s.showKept(s.showEditHand))
	e.POST("/g/:game/hands/:hand", s.updateHand, s.redirectAfterPost(handPath))
	e.GET("/g/:game/hands/:hand/delete", s.showKept(s.confirmDeleteHand))
	e.POST("/g/:game/hands/:hand/delete", s.deleteHand, s.redirectAfterPost(samePath))
	e.GET("/g/:game/end", s.showKept(s.confirmEndGame))
	e.POST("/g/:game/end", s.endGame, s.redirectAfterPost(samePath))
	e.GET("/g/:game/rematch", s.showKept(s.confirmRematch))
	e.POST("/g/:game/rematch", s.startRematch, s.redirectAfterPost(samePath))
	// A game outside leagues: its seats renamed, the game deleted and
	// brought back (game_names.go, game_delete.go).
	e.GET("/g/:game/players", s.showKept(s.showNames))
	e.POST("/g/:game/players", s.saveNames, s.redirectAfterPost(samePath))
	e.GET("/g/:game/delete", s.showKept(s.confirmDeleteGame))
	e.POST("/g/:game/delete", s.deleteGame, s.redirectAfterPost(samePath))
	e.GET("/g/:game/restore", s.showKept(s.showUndo))
	e.POST("/g/:game/restore", s.restoreGame, s.redirectAfterPost(samePath))

	// Leagues: /l/ is the members' and spectators' link (read, start
	// games), /lo/ the organizer's (change the league).
	e.GET("/leagues/new", s.showNewLeague)
	e.POST("/leagues", s.createLeague)
	e.GET("/l/:league", s.showLeague)
	e.GET("/l/:league/games", s.showLeagueGames)
	e.GET("/l/:league/players/:player", s.showLeaguePlayer)
	e.GET("/l/:league/games.csv", s.leagueGamesCSV)
	e.GET("/l/:league/standings.csv", s.leagueStandingsCSV)
	e.GET("/lo/:org", s.organized(s.showOrganizer))
	e.POST("/lo/:org/settings", s.organized(s.saveLeagueSettings))
	e.POST("/lo/:org/seasons", s.organized(s.addSeason))
	e.POST("/lo/:org/seasons/:season", s.organized(s.updateSeason))
	e.POST("/lo/:org/seasons/:season/delete", s.organized(s.deleteSeason))
	e.POST("/lo/:org/members", s.organized(s.addLeagueMembers))
	e.POST("/lo/:org/merge", s.organized(s.mergeLeaguePlayers))
	e.POST("/lo/:org/rename", s.organized(s.renameLeaguePlayer))
	e.GET("/lo/:org/games", s.organized(s.showOrganizerGames))
	e.GET("/lo/:org/export.json", s.organized(s.exportLeague))
	e.GET("/lo/:org/games/:watch/remove", s.organized(s.confirmRemoveLeagueGame))
	e.POST("/lo/:org/games/:watch/remove", s.organized(s.removeLeagueGame))
	// Event nights (event_*.go): the organizer's link makes and runs
	// them, the members' link and the screen's own link watch them.
	e.GET("/lo/:org/events/new", s.organized(s.showNewEvent))
	e.POST("/lo/:org/events", s.organized(s.createEvent))
	e.GET("/lo/:org/events/:event", s.organizedEvent(s.showEventOrganizer))
	e.POST("/lo/:org/events/:event/players", s.organizedEvent(s.addEventPlayers))
	e.POST("/lo/:org/events/:event/players/:player/drop", s.organizedEvent(s.dropEventPlayer))
	e.POST("/lo/:org/events/:event/rounds", s.organizedEvent(s.seatEventRound), seatGate(seatSlots()))
	e.POST("/lo/:org/events/:event/tables/:round/:table", s.organizedEvent(s.markEventTable))
	e.GET("/lo/:org/events/:event/cards", s.organizedEvent(s.showEventCards))
	e.GET("/l/:league/events/:event", s.showEvent)
	e.GET("/s/:screen", s.showEventScreen)
	e.GET("/s/:screen/events", s.eventScreenEvents)

	api := e.Group("/api/v1")
	api.GET("/games", s.apiGames)
	api.GET("/openapi.json", s.apiOpenAPI) // the API described (api_openapi.go); its page is /api
	api.POST("/:game/melds/check", s.apiMeldCheck)
	// An event night's seating: no game's, nothing stored (api_seat.go).
	api.POST("/events/seat", s.apiSeat, seatGate(seatSlots()))
	// Every other endpoint of a game is its module's (game.APIServer).
	api.POST("/:game/:a/:b", s.apiEndpoint)
	api.Any("/*", func(c *echo.Context) error { return echo.ErrNotFound })

	assets := e.Group("/static", func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			// Pages link static files with their content hash (static.URL),
			// so a versioned URL never changes and can be kept for good.
			cache := "public, max-age=300"
			if c.QueryParam("v") != "" {
				cache = "public, max-age=31536000, immutable"
			}
			c.Response().Header().Set("Cache-Control", cache)
			return next(c)
		}
	})
	assets.GET("/meldpad.wasm", serveGzipped("meldpad.wasm", "application/wasm"))
	assets.GET("/words/:file", scriptWords)
	assets.StaticFS("/", static.FS)
}
