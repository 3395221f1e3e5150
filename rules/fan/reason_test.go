package fan

import "meldpad/locale"

// reasonText is a verdict's reason in English, as the golden file holds
// it.
func reasonText(v Verdict) string { return locale.English().Say(v.Reason) }
