package handlers

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestOpenAPIServed: the document is served as it is embedded, as JSON,
// and names OpenAPI 3.1.
func TestOpenAPIServed(t *testing.T) {
	h := apiHandler(t)
	status, got, raw := callAPI(t, h, http.MethodGet, "/api/v1/openapi.json", nil)
	if status != http.StatusOK || !bytes.Equal(raw, openAPIDocument) {
		t.Fatalf("GET /api/v1/openapi.json: %d, %d bytes, want the %d embedded", status, len(raw), len(openAPIDocument))
	}
	if got["openapi"] != "3.1.0" {
		t.Errorf("openapi = %v, want 3.1.0", got["openapi"])
	}
}

// TestAPIDocsPage: /api shows every operation of the document, with
// its request and answer fields, and is linked from the referee's page.
func TestAPIDocsPage(t *testing.T) {
	app := newTestApp(t)
	p := app.get("/api")
	if p.status != http.StatusOK {
		t.Fatalf("/api: %d", p.status)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if want := ">" + strings.ToUpper(method) + " " + path + "<"; !strings.Contains(p.body, want) {
				t.Errorf("/api does not show %s", want)
			}
		}
	}
	// Fields come from the schemas, through $ref and nullable types.
	mustContain(t, p, "players[].hand", "knock_card", "highest_card", "one of open, trump, folds, out_of_cards", "Retry-After",
		`href="/api/v1/openapi.json"`)
	if ref := app.get("/adjudicate"); !strings.Contains(ref.body, `href="/api"`) {
		t.Errorf("the referee's page does not link the API's")
	}
}

// TestAPIDocsFieldsInDocumentOrder: a schema's fields are listed in the
// order the document writes them, not sorted.
func TestAPIDocsFieldsInDocumentOrder(t *testing.T) {
	rec := httptest.NewRecorder()
	apiHandler(t).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api", nil))
	body := rec.Body.String()
	section := body[strings.Index(body, `id="scoreFlatheadHand"`):]
	winner, hands, marks := strings.Index(section, ">winner<"), strings.Index(section, ">hands<"), strings.Index(section, ">bonus_marks<")
	if winner < 0 || !(winner < hands && hands < marks) {
		t.Errorf("flathead's fields out of order: winner %d, hands %d, bonus_marks %d", winner, hands, marks)
	}
}
