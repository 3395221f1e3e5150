//go:build js && wasm

// Command meldpad-wasm is meldpad's referee for the phone: the game
// modules compiled to WebAssembly, judging a card sheet when meldpad
// cannot be reached. static/referee.js loads it; the server still judges
// every save.
//
// It offers one function to JavaScript:
//
//	meldpadReferee(page, form, lang) -> {html} or {error}
//
// page is the sheet form's data-referee attribute (offline.Encode), form
// the form's fields URL-encoded, lang the page's language (its lang
// attribute: "de"; English when absent or not one meldpad speaks); html
// is what the server's preview answers for the same sheet in that
// language (views/offline). It carries every language's catalog
// (meldpad/locale), so the verdict reads in the table's language
// offline. `go generate ./static`
// builds it into static/meldpad.wasm.gz (see gen).
package main

import (
	"context"
	"fmt"
	"net/url"
	"syscall/js"
	"time"

	"meldpad/locale"
	"meldpad/views/offline"
)

// refereeTimeout bounds one judgement, as the server's -referee-timeout
// does by default.
const refereeTimeout = 2 * time.Second

func main() {
	js.Global().Set("meldpadReferee", js.FuncOf(judge))
	select {} // serve calls until the page goes
}

// judge answers one call from JavaScript. A panic in the rules is
// answered as an error, rather than ending the program and with it every
// later call.
func judge(_ js.Value, args []js.Value) (answer any) {
	defer func() {
		if r := recover(); r != nil {
			answer = failure(fmt.Sprint("the referee stopped: ", r))
		}
	}()
	if len(args) < 2 || len(args) > 3 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString ||
		len(args) == 3 && args[2].Type() != js.TypeString {
		return failure("meldpadReferee takes the page's description, the form and the page's language, all strings")
	}
	lang := "en"
	if len(args) == 3 {
		lang = args[2].String()
	}
	form, err := url.ParseQuery(args[1].String())
	if err != nil {
		return failure("the form cannot be read: " + err.Error())
	}
	ctx, cancel := context.WithTimeout(locale.NewContext(context.Background(), locale.For(lang)), refereeTimeout)
	defer cancel()
	fragment, err := offline.Judge(ctx, args[0].String(), form)
	if err != nil {
		return failure(err.Error())
	}
	return map[string]any{"html": fragment}
}

func failure(msg string) map[string]any { return map[string]any{"error": msg} }
