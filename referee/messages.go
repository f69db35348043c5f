package referee

// messages is the referee's catalog: every sentence it says to players,
// keyed by message key, with named parameters (see Catalog).
var messages = NewCatalog(map[string]string{
	// Requests.
	"not-found":       "There is nothing here. Check the link, or start from the home page.",
	"view-only":       "This link only shows the game: nothing was changed. To keep score, ask the host for the edit link.",
	"round-closed":    "That round was closed meanwhile, perhaps on another phone. Reload to see it.",
	"nothing-to-undo": "There is no entry left to undo in this round.",
	"round-changed":   "The round's scores changed meanwhile, perhaps on another phone. Nothing was undone: look again, then try.",
	"entry-changed": "{{.Name}}'s score changed while this page was open: it is now " +
		"{{with .Now}}{{if .WentOut}}went out{{else}}{{.Score}}{{end}}{{else}}empty{{end}}" +
		"{{with .By}}, saved on {{.}}'s phone{{else}}, saved on another phone{{end}}. " +
		"Nothing was saved: check it, and save yours anyway only if it is right.",
	"log-stale":     "This round's table was recorded under older rules, and they no longer allow one of its moves ({{.Reason}}). Nothing more can be laid on it; keep the score on the score page.",
	"seq":           "This page counts {{count .N \"action\" \"actions\"}}, more than the round holds: reload it and try again.",
	"table-changed": "The table changed meanwhile, perhaps on another phone ({{count .N \"action\" \"actions\"}} since this page was loaded). Nothing was changed: look again, then try.",

	// What an entry may be.
	"pips-negative":   "Pips can't be negative: type the pips left in hand, like 23.",
	"pips-too-many":   "{{.N}} pips is far more than any hand can hold.",
	"pips-zero":       "0 pips means an empty hand: tap Went out instead.",
	"by-missing":      "Say who is making this correction: it is kept in the round's history.",
	"by-unknown":      "{{.By}} is not playing in this game: pick one of its players.",
	"blank-halves":    "{{.N}} blank halves can't be right: a {{.Set}} set has {{.Max}} tiles with one blank half besides the 0-0.",
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
	"missing-entries":      "Enter a score for {{and .Names}} to close the round.",
	"two-out-close":        "Only one player can go out in a round; correct the entries first.",
	"setter":               "Tap the name of the player who set the double down.",
	"double":               "Pick the double the round opened on.",
	"missed":               "{{printf \"%q\" .Value}} is not a way to count a missed round: choose the highest score, the average or nothing.",
	"join-taken":           "{{.Name}} already has a seat in this game: give the new player another name, like a surname's first letter.",
	"join-full":            "With {{.Name}} there would be {{.N}} players, more than a {{.Set}} set can deal a hand to: start a new game night with a bigger set instead.",
	"leave-too-few":        "If {{.Name}} leaves, fewer than two players are left at the table, and a round needs two.",
	"left-already":         "{{.Name}} has already left this game, perhaps on another phone.",
	"game-over":            "This game night is over, so nobody can join or leave it now.",
	"not-playing":          "{{.Name}} was not at the table for round {{.N}}: a missed round counts by the house rule chosen, not by a score.",
	"table-started":        "Tiles are already on the table for this round; take them back before changing the double it opened on.",
	"table-started.setter": "{{.Name}} set the double and tiles are already laid after it; take them back before changing who set it.",
	"no-skip":              "This game's house rule does not skip doubles: the round opens on {{.Tile}}.",
	"no-skip-blank":        "The 0-0 round is never skipped.",
	"no-skip-played":       "A round has already opened on {{.Tile}}: pick a lower double that is still to be played.",
	"no-skip-higher":       "A skipped round opens on a double further down the ladder than {{.Tile}}.",
	"too-many-actions":     "This round already holds {{.N}} actions, the most one round keeps.",

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
	"chickie-first.stuck": "The chickie {{.Owed}} can't be finished, but under this table's rules it stays owed: " +
		"only a tile showing a {{.Pips}} may be laid, on it, so {{.Tile}} can't go on {{.On}}.",
	"mismatch": "{{.Tile}} has no {{.Open}}, so it can't go on {{.On}}, where the open number is {{.Open}}.",

	// Turns (action.go). A seat with no name is "seat 2".
	"seat":               "seat {{.Seat}}",
	"bad-seat":           `There is no seat {{.Seat}} at this table of {{count .Players "player" "players"}}.`,
	"bad-seat.name":      `There is no seat {{printf "%q" .Seat}} at this table; the players are {{and .Names}}.`,
	"bad-action":         `{{printf "%q" .Action}} is not an action; use play, draw, pass, take-back or penalty.`,
	"round-over.domino":  "The round is over: {{.Name}} laid their last tile.",
	"round-over.blocked": "The round is over: the table is blocked.",
	"not-started":        "The starting double {{.Double}} has to be set before anyone can pass.",
	"not-your-turn":      "It is {{.Turn}}'s turn, not {{.Name}}'s.",
	"not-in-hand":        "{{.Name}} does not hold {{.Tile}}.",

	// Drawing, passing, taking back and the last-tile penalty (draw.go).
	"boneyard-empty":         "The boneyard is empty: there is nothing left to draw, so pass instead.",
	"boneyard-empty.penalty": "The boneyard is empty, so there is no tile to draw as a penalty.",
	"can-play":               "{{.Name}} holds {{.Tile}}, which can be laid now, so there is no need to draw.",
	"can-play.drawn":         "The tile just drawn, {{.Tile}}, can be laid now, so there is no need to draw again.",
	"can-play.start":         "{{.Name}} holds {{.Tile}} and sets it down; nobody draws for it.",
	"can-play.pass":          "{{.Name}} holds {{.Tile}}, which can be laid now; passing is only for a player with no play.",
	"already-drew":           "Under this table's rules a player draws one tile a turn; lay it if it fits, or pass.",
	"bad-action.drawn":       "With the hands entered, say which tile was drawn.",
	"bad-tile.drawn":         "{{.Tile}} is not in a {{.Set}} set.",
	"already-played.drawn":   "{{.Tile}} is on the table, so it can't be drawn.",
	"not-in-boneyard":        "{{.Tile}} is in {{.Name}}'s hand, not in the boneyard.",
	"must-play-drawn":        "The tile just drawn, {{.Tile}}, fits, and under this table's rules it has to be laid.",
	"must-draw": `With nothing to lay, draw a tile before passing; ` +
		`{{count .N "tile" "tiles"}} {{isAre .N}} left in the boneyard.`,
	"must-draw.may": `A player who passes draws a tile first, whatever they hold; ` +
		`{{count .N "tile" "tiles"}} {{isAre .N}} left in the boneyard.`,
	"must-draw.keep-drawing": `Under this table's rules you keep drawing until a tile fits; ` +
		`{{count .N "tile" "tiles"}} {{isAre .N}} left in the boneyard.`,
	"can-play.lower":      "{{.Name}} holds {{.Tile}}: nobody holds {{.Double}}, so under this table's rules the round opens on {{.Tile}} and nobody draws.",
	"must-pass":           "Under this table's rules the tile {{.Name}} just drew waits for the next turn: pass now.",
	"deal-again":          "Nobody draws for {{.Tile}} under this table's rules: gather the tiles, shuffle and deal again.",
	"draw-for-start.turn": "Players draw for {{.Tile}} in turn, and it is {{.Turn}}'s draw, not {{.Name}}'s.",
	"draw-for-start.all":  "{{.Name}} already drew this time round: everyone draws once for {{.Tile}} before anyone draws again.",
	"no-penalty.skipped":  "{{.Name}} has already been caught: the penalty is a missed turn, once.",
	"no-take-back":        "Only the last tile laid can be taken back, by the player who laid it, before anyone else acts.",
	"no-take-back.never":  "Under this table's rules a tile once laid stays laid.",
	"no-penalty":          "The penalty is for a player with one tile left; {{.Name}} holds {{.N}}.",
	"no-penalty.courtesy": "At this table announcing the last tile is a courtesy; there is no penalty draw.",

	// Standings (score.go): one sentence on who leads and why; the tie
	// details list each tied player's figure, the first in full.
	"standings.lead":                  "{{.Name}} leads with {{.Total}}.",
	"standings.lowest":                "{{.Name}} is lowest with {{.Total}}, {{.Ahead}} ahead of {{.Next}}.",
	"standings.tie-shared":            "{{and .Names}} tied on {{.Total}} and share first place.",
	"standings.tie-level":             "{{and .Names}} tied on {{.Total}}, and the tie-break ({{.Rule}}) leaves them level, so they share first place.",
	"standings.tie-broken":            "{{and .Names}} tied on {{.Total}}; {{.Detail}}.",
	"standings.tie-break.most-out":    "most rounds gone out",
	"standings.tie-break.zero-rounds": "most zero rounds, then lowest round",
	"standings.went-out":              `{{.Name}} went out in {{count .N "round" "rounds"}}{{range .Others}}, {{.}}{{end}}`,
	"standings.went-out.other":        "{{.Name}} in {{.N}}",
	"standings.zero-rounds":           `{{.Name}} had {{count .N "zero round" "zero rounds"}}{{range .Others}}, {{.}}{{end}}`,
	"standings.zero-rounds.other":     "{{.Name}} {{.N}}",
	"standings.lowest-round": `each with {{count .N "zero round" "zero rounds"}}, so the lowest non-zero round decides: ` +
		"{{.Name}}'s was {{with .Low}}{{.}}{{else}}none{{end}}{{range .Others}}, {{.}}{{end}}",
	"standings.lowest-round.other": "{{.Name}}'s {{with .Low}}{{.}}{{else}}none{{end}}",
})

// Text fills in the referee's message key with p, in English: the words
// of a RuleError's Reason. Another language words the same key and
// parameters in its own catalog.
func Text(key string, p Params) string { return messages.Text(key, p) }

// MessageKeys lists the keys of every message the referee says, in no
// particular order.
func MessageKeys() []string { return messages.Keys() }
