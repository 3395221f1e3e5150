//go:build !js

package locale

import "embed"

// The pages' words: catalogs the server says and the phone's referee
// (built for js) leaves out, to keep it small. pages/area.tag.json holds
// the words of one area of the pages (layout.de.json, game.de.json) in
// one language; every language has the same files.
//
//go:embed pages/*.json
var pageFiles embed.FS

func init() { moreCatalogs = append(moreCatalogs, pageFiles) }
