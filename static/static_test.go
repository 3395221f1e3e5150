package static

import (
	"strings"
	"testing"
)

func TestURLCarriesContentHash(t *testing.T) {
	u := URL("app.css")
	if !strings.HasPrefix(u, "/static/app.css?v=") || len(u) != len("/static/app.css?v=")+8 {
		t.Errorf("URL(app.css) = %q", u)
	}
	if URL("app.css") == URL("icon.svg") {
		t.Errorf("two files share a version")
	}
}
