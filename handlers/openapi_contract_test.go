package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	oaerrors "github.com/pb33f/libopenapi-validator/errors"
)

// The API's tests run through apiContract: every request under /api/v1/
// that a test server answers is checked against openapi.json, the
// document the server publishes, and so is its answer. A request the
// document calls valid may still be refused (a card that does not parse
// is a 400 no schema can foresee), but a request the document calls
// invalid must never be answered 200 or 422, an answer must be one the
// document lists for its path, with its status and body, and a path the
// document does not have must be a 404.
//
// libopenapi-validator checks OpenAPI 3.1 with a JSON Schema 2020-12
// validator (type lists such as ["integer", "null"], which 3.1 uses in
// place of nullable).

// contractCounts are the exchanges checked in this test binary, for the
// summary TestMain prints.
var contractCounts struct {
	requests, validRequests, invalidRequests, undocumented, responses atomic.Int64
}

// openAPIValidator is the validator of the embedded document, made once.
var openAPIValidator = sync.OnceValues(func() (validator.Validator, error) {
	doc, err := libopenapi.NewDocument(openAPIDocument)
	if err != nil {
		return nil, err
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("openapi.json: %v", errs)
	}
	if ok, errs := v.ValidateDocument(); !ok {
		return nil, fmt.Errorf("openapi.json is not a valid OpenAPI 3.1 document: %v", describe(errs))
	}
	return v, nil
})

// tbKey carries, in a request's context, the test it belongs to: a fuzz
// target's answers must be reported to the fuzz function's T, not to
// the F that made the server.
type tbKey struct{}

// forTest marks req as sent by t.
func forTest(req *http.Request, t testing.TB) *http.Request {
	return req.WithContext(context.WithValue(req.Context(), tbKey{}, t))
}

// contractHandler is a test server's handler whose requests under
// /api/v1/ and their answers are checked against the document; others
// pass untouched (live-update streams among them).
type contractHandler struct {
	next http.Handler
	t    testing.TB // the test that made the server, unless the request names its own (forTest)
	v    validator.Validator
}

// apiContract wraps h in a contractHandler.
func apiContract(t testing.TB, h http.Handler) *contractHandler {
	t.Helper()
	v, err := openAPIValidator()
	if err != nil {
		t.Fatal(err)
	}
	return &contractHandler{next: h, t: t, v: v}
}

// serverOf is the Server a test server's handler serves, through a
// contractHandler or not.
func serverOf(h http.Handler) *Server {
	if c, ok := h.(*contractHandler); ok {
		h = c.next
	}
	return h.(*Server)
}

func (c *contractHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.URL.Path, "/api/v1/") {
		c.next.ServeHTTP(w, r)
		return
	}
	tb, ok := r.Context().Value(tbKey{}).(testing.TB)
	if !ok {
		tb = c.t
	}
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := httptest.NewRecorder()
	c.next.ServeHTTP(rec, r)
	checkExchange(tb, c.v, r, body, rec.Result())
	for k, vs := range rec.Header() {
		w.Header()[k] = vs
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

// checkExchange checks one request, with its body, and its answer
// against the document.
func checkExchange(t testing.TB, v validator.Validator, r *http.Request, body []byte, resp *http.Response) {
	t.Helper()
	respBody, _ := io.ReadAll(resp.Body)
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(respBody))
		if err != nil {
			t.Errorf("openapi: %s %s: a gzipped answer that does not unzip: %v", r.Method, r.URL, err)
			return
		}
		respBody, _ = io.ReadAll(zr)
		resp.Header = resp.Header.Clone()
		resp.Header.Del("Content-Encoding")
	}
	contractCounts.requests.Add(1)
	req := r.Clone(context.WithoutCancel(r.Context()))
	req.Body = io.NopCloser(bytes.NewReader(body))
	if req.Header.Get("Content-Type") == "" && len(body) > 0 {
		// The server reads a body as JSON whatever its type, as the
		// document says; the validator needs it named.
		req.Header.Set("Content-Type", "application/json")
	}
	valid, errs := v.ValidateHttpRequestSync(req)
	what := fmt.Sprintf("%s %s %.200q -> %d %.300q", r.Method, r.URL.RequestURI(), body, resp.StatusCode, respBody)
	if slices.ContainsFunc(errs, func(e *oaerrors.ValidationError) bool { return e.IsPathMissingError() || e.IsOperationMissingError() }) {
		// Not in the document: only ever a 404 with an error.
		contractCounts.undocumented.Add(1)
		var refusal map[string]any
		_ = json.Unmarshal(respBody, &refusal)
		if _, ok := refusal["error"].(string); resp.StatusCode != http.StatusNotFound || !ok || len(refusal) != 1 {
			t.Errorf("openapi: %s: a path or method the document does not have, answered other than 404 {\"error\"}", what)
		}
		return
	}
	if valid {
		contractCounts.validRequests.Add(1)
	} else {
		contractCounts.invalidRequests.Add(1)
		switch resp.StatusCode {
		case http.StatusBadRequest, http.StatusNotFound, http.StatusRequestEntityTooLarge, http.StatusTooManyRequests:
		default:
			t.Errorf("openapi: %s: the document calls the request invalid (%s), the server answered %d",
				what, describe(errs), resp.StatusCode)
		}
	}
	answer := &http.Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: io.NopCloser(bytes.NewReader(respBody)), Request: req}
	req.Body = io.NopCloser(bytes.NewReader(body))
	if ok, errs := v.ValidateHttpResponse(req, answer); !ok {
		t.Errorf("openapi: %s: the answer is not as the document says: %s", what, describe(errs))
	}
	contractCounts.responses.Add(1)
}

// describe prints validation errors with the schema failures inside them.
func describe(errs []*oaerrors.ValidationError) string {
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "[%s: %s", e.Message, e.Reason)
		for _, f := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "; %s at %s", f.Reason, f.FieldPath)
		}
		b.WriteString("]")
	}
	return b.String()
}

// reportContract says how many exchanges were checked, for go test -v.
func reportContract() {
	if !testing.Verbose() || contractCounts.requests.Load() == 0 {
		return
	}
	fmt.Fprintf(os.Stderr, "openapi.json: checked %d API requests (%d valid, %d invalid, %d on undocumented paths) and %d answers\n",
		contractCounts.requests.Load(), contractCounts.validRequests.Load(), contractCounts.invalidRequests.Load(),
		contractCounts.undocumented.Load(), contractCounts.responses.Load())
}

// TestOpenAPIExamples: every example in the document is what it
// illustrates, by the document's own schemas, and every request example
// sent to the server is answered 200. The page at /api shows them.
func TestOpenAPIExamples(t *testing.T) {
	v, err := openAPIValidator()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			RequestBody struct {
				Content map[string]struct{ Example json.RawMessage }
			}
			Responses map[string]json.RawMessage
		}
		Components struct {
			Responses map[string]json.RawMessage
		}
	}
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	type response struct {
		Ref     string `json:"$ref"`
		Content map[string]struct{ Example json.RawMessage }
	}
	h := apiHandler(t)
	for path, ops := range doc.Paths {
		for method, op := range ops {
			method = strings.ToUpper(method)
			t.Run(method+" "+path, func(t *testing.T) {
				concrete := strings.ReplaceAll(path, "{game}", "flathead")
				example := op.RequestBody.Content["application/json"].Example
				if method == http.MethodPost && example == nil {
					t.Fatalf("no request example")
				}
				req := httptest.NewRequest(method, concrete, bytes.NewReader(example))
				req.Header.Set("Content-Type", "application/json")
				if ok, errs := v.ValidateHttpRequestSync(req); !ok {
					t.Errorf("the request example is not valid: %s", describe(errs))
				}
				status, _, raw := callAPI(t, h, method, concrete, example)
				if status != http.StatusOK {
					t.Errorf("the request example was answered %d: %s", status, raw)
				}
				for code, raw := range op.Responses {
					var resp response
					_ = json.Unmarshal(raw, &resp)
					if resp.Ref != "" {
						_ = json.Unmarshal(doc.Components.Responses[strings.TrimPrefix(resp.Ref, "#/components/responses/")], &resp)
					}
					example := resp.Content["application/json"].Example
					if example == nil {
						continue
					}
					status, _ := strconv.Atoi(code)
					req := httptest.NewRequest(method, concrete, nil)
					answer := &http.Response{StatusCode: status, Body: io.NopCloser(bytes.NewReader(example)), Request: req,
						Header: http.Header{"Content-Type": {"application/json"}, "Retry-After": {"1"}}}
					if ok, errs := v.ValidateHttpResponse(req, answer); !ok {
						t.Errorf("the %s example is not valid: %s", code, describe(errs))
					}
				}
			})
		}
	}
}

// TestOpenAPICaseFiles sends the API cases of the files MELDPAD_API_CASES
// names (a list separated by the system's path-list separator, each a
// JSON array of {"path", "method", "body", "raw", "status"}) through the
// contract check: each request, and its answer, must be as the document
// says, and the answer's status the case's. CI sets it to the public
// examples when they are beside the checkout.
func TestOpenAPICaseFiles(t *testing.T) {
	files := filepath.SplitList(os.Getenv("MELDPAD_API_CASES"))
	if len(files) == 0 {
		t.Skip("MELDPAD_API_CASES names no case files")
	}
	h := apiHandler(t)
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct {
			Name, Path, Method, Raw string
			Body                    json.RawMessage
			Status                  int
		}
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(cases) == 0 {
			t.Fatalf("%s: no cases", file)
		}
		for _, c := range cases {
			t.Run(filepath.Base(file)+"/"+c.Name, func(t *testing.T) {
				body := []byte(c.Raw)
				if c.Raw == "" && len(c.Body) > 0 && string(c.Body) != "null" {
					body = c.Body
				}
				method := c.Method
				if method == "" {
					method = http.MethodGet
					if len(body) > 0 {
						method = http.MethodPost
					}
				}
				status, _, answer := callAPI(t, h, method, c.Path, body)
				if c.Status != 0 && status != c.Status {
					t.Errorf("%s %s: %d, want %d: %s", method, c.Path, status, c.Status, answer)
				}
			})
		}
	}
}
