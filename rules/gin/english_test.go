package gin

import "meldpad/locale"

// english says the messages as the API and the pages say them to a table
// that speaks English: the tests hold their words to it.
var english = locale.English()
