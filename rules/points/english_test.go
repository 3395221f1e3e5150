package points

import "meldpad/locale"

// english says the messages as the pages and the API say them to a table
// that speaks English: the tests hold their words to it.
var english = locale.English()
