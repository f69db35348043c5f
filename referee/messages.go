package referee

// messages is the referee's catalog: every sentence it says to players,
// keyed by message key, with named parameters (see Catalog).
var messages = NewCatalog(map[string]string{
	// Requests.
	"not-found":       "There is nothing here. Check the link, or start from the home page.",
	"round-closed":    "That round was closed meanwhile, perhaps on another phone. Reload to see it.",
	"nothing-to-undo": "There is no entry left to undo in this round.",
	"entry-changed": "{{.Name}}'s score was changed meanwhile, perhaps on another phone: it is now {{.Now}}. " +
		"Nothing was saved; check it, then save again if it should change.",
	"table-changed": "The table changed meanwhile, perhaps on another phone: {{.Last}}. Nothing was laid; look again, then try.",

	// What an entry may be.
	"pips-negative":   "Pips can't be negative: type the pips left in hand, like 23.",
	"pips-too-many":   "{{.N}} pips is far more than any hand can hold.",
	"pips-zero":       "0 pips means an empty hand: tap Went out instead.",
	"by-missing":      "Say who is making this correction: it is kept in the round's history.",
	"by-unknown":      "{{.By}} is not playing in this game: pick one of its players.",
	"tile-not-in-set": "{{.Tile}} is not a tile of this game's {{.Set}} set.",
	"two-out": "{{.Name}} already went out this round, and only one player can. " +
		"If that was a mistake, correct {{.Name}}'s entry first.",
	"two-double-blanks": "{{.Name}} already holds the 0-0 this round, and there is only one.",
	"duplicate-tile":    "{{.Tile}} is already in {{.Name}}'s hand this round.",
	"opener-in-hand":    "{{.Tile}} opened this round, so it is on the table, not in a hand.",
	"too-many-pips": "{{.N}} pips is more than this hand can hold: the tiles off the table carry {{.Most}} pips in all, " +
		"and the others already have {{.Others}}.",

	// Hands listed at the end of a round.
	"hand.bad-tile":  "{{.Name}}'s hand: {{.Reason}}",
	"hand.on-table":  "{{.Tile}} is listed in {{.Name}}'s hand, but it is already on the table.",
	"hand.twice":     "{{.Tile}} is listed twice in {{.Name}}'s hand; each tile is in the game once.",
	"hand.two-hands": "{{.Tile}} is listed in both {{.Other}}'s and {{.Name}}'s hands; each tile is in the game once.",

	// Closing a round and opening the next.
	"missing-entries":  "Enter a score for {{and .Names}} to close the round.",
	"two-out-close":    "Only one player can go out in a round; correct the entries first.",
	"setter":           "Tap the name of the player who set the double down.",
	"double":           "Pick the double the round opened on.",
	"table-started":    "Tiles are already on the table for this round; take them back before changing the double it opened on.",
	"no-skip":          "This game's house rule does not skip doubles: the round opens on {{.Tile}}.",
	"no-skip-blank":    "The 0-0 round is never skipped.",
	"too-many-actions": "This round already holds {{.N}} actions, the most one round keeps.",
	"no-skip-higher":   "A skipped round opens on a lower double than {{.Tile}}.",
})
