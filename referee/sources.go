package referee

// Sources is a set of the five published rule sets the rules are written from, one bit each.
type Sources uint8

// The five sources, described on the rules page in our own words.
const (
	MixedPage Sources = 1 << iota // an English page that mixes in another game
	Afrikaans                     // an Afrikaans rule set
	Video                         // an English video's rules
	Danish                        // a Danish rule set
	PlayPage                      // an English domino-play page

	AllSources = MixedPage | Afrikaans | Video | Danish | PlayPage
)

// sourceIDs name the five sources in the catalog, in the order of their
// bits, with the language each is written in.
var sourceIDs = []struct{ id, lang string }{
	{"mixed", "en"}, {"af", "af"}, {"video", "en"}, {"da", "da"}, {"play", "en"},
}

// Unsourced says why a statement no source makes is on the page at all.
type Unsourced uint8

// Why a statement has no source.
const (
	Sourced  Unsourced = iota // the statement's By names its sources
	Custom                    // a house rule some tables play
	Follows                   // no rule of its own: the tiles and the rules make it so
	LeftOpen                  // the sources leave it open, and a house rule settles it
)

// Said is where a statement of the rules comes from: the sources that say
// it, or when By is empty, why it is there anyway. The zero Said says
// nothing, which the rules page never shows.
type Said struct {
	By  Sources
	Not Unsourced
}
