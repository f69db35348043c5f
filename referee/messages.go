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
	"tile-not-in-set": "{{.Tile}} is not a tile of this game's {{.Set}} set.",
	"two-out": "{{.Name}} already went out this round, and only one player can. " +
		"If that was a mistake, correct {{.Name}}'s entry first.",
	"two-double-blanks": "{{.Name}} already holds the 0-0 this round, and there is only one.",
	"tile-twice":        "{{.Tile}} is already in {{.Name}}'s hand this round.",
	"opener-in-hand":    "{{.Tile}} opened this round, so it is on the table, not in a hand.",
	"too-many-pips": "{{.N}} pips is more than this hand can hold: the tiles off the table carry {{.Most}} pips in all, " +
		"and the others already have {{.Others}}.",

	// Closing a round and opening the next.
	"missing-entries": "Enter a score for {{and .Names}} to close the round.",
	"two-out-close":   "Only one player can go out in a round; correct the entries first.",
	"setter":          "Tap the name of the player who set the double down.",
	"double":          "Pick the double the round opened on.",
	"table-started":   "Tiles are already on the table for this round; take them back before changing the double it opened on.",
	"no-skip":         "This game's house rule does not skip doubles: the round opens on {{.Tile}}.",
	"no-skip-blank":   "The 0-0 round is never skipped.",
	"no-skip-higher":  "A skipped round opens on a lower double than {{.Tile}}.",

	// Reading tiles (notation.go, set.go).
	"bad-tile.syntax": `{{printf "%q" .Tile}} is not a tile: write it as two numbers joined by a hyphen, like 9-3.`,
	"bad-tile.number": `{{printf "%q" .Tile}} is not a tile: each half must be a whole number from 0 to {{.Max}}.`,
	"bad-tile":        "{{.Tile}} is not in a {{.Set}} set, whose highest number is {{.Max}}.",

	// Laying a tile (placement.go), in the order the layout codes are checked.
	"wrong-start":            "This round opens with {{.Double}}; nothing else, {{.Tile}} included, can be laid before it.",
	"wrong-start.on-tile":    "The starting double {{.Tile}} is set on its own in the middle, not on another tile.",
	"already-played":         "{{.Tile}} is already on the table; each tile is played once.",
	"unknown-end":            "{{.On}} is not on the table, so {{.Tile}} can't be laid on it.",
	"unknown-end.start":      "Say which tile {{.Tile}} is laid on: the starting double {{.Double}} is already set.",
	"unknown-end.unreadable": `{{printf "%q" .On}} is not a tile on the table; name the tile {{.Tile}} is laid on, like 9-3.`,
	"end-closed":             "{{.On}} already has a tile on its open end, so {{.Tile}} can't go on it.",
	"end-closed.spinner":     "The spinner {{.On}} already has all {{.N}} arms, so {{.Tile}} can't go on it.",
	"end-closed.chickie":     "The chickie {{.On}} already has its 3 toes, so {{.Tile}} can't go on it.",
	"spinner-first": `The spinner {{.Owed}} still needs {{count .N "more arm" "more arms"}} before anything goes elsewhere, ` +
		"so {{.Tile}} can't go on {{.On}} yet.",
	"chickie-first": `The chickie {{.Owed}} still needs {{count .N "more toe" "more toes"}} before anything goes elsewhere, ` +
		"so {{.Tile}} can't go on {{.On}} yet.",
	"mismatch": "{{.Tile}} has no {{.Open}}, so it can't go on {{.On}}, where the open number is {{.Open}}.",
})
