package handlers

import "chickenfoot/referee"

// messages is the web app's catalog: every sentence the handlers put on a
// page, keyed by message key, with named parameters (see referee.Catalog).
// The referee's own refusals come worded from the referee.
var messages = referee.NewCatalog(map[string]string{
	// Errors of the request itself.
	"server-error": "Something went wrong on our side and nothing was saved. Please try again.",
	"cross-origin": "This request came from another site, so nothing was saved. Open the app's own page and try again.",
	"not-found":    "There is nothing here. Check the link, or start from the home page.",
	"method":       "That address does not take this kind of request.",
	"too-large":    "That was far too much to send. Shorten it and try again.",
	"unreadable":   "That request could not be read. Reload the page and try again.",

	// Reading forms.
	"pips-blank":      "Type the pips left in {{.Name}}'s hand, or tap Went out.",
	"pips-not-number": "{{printf \"%q\" .Text}} is not a number: type the pips left in {{.Name}}'s hand as digits, like 23.",
	"tile-unreadable": "{{printf \"%q\" .Text}} is not a tile of this game's {{.Set}} set.",
	"seat":            "Say which player acts.",
	"kind":            "Choose to lay a tile, draw, pass or take back.",
	"lay-tile":        "Pick the tile to lay.",
	"lay-on":          "{{printf \"%q\" .On}} is not a tile on the table; pick where {{.Tile}} goes.",
	"step":            "There are steps 0 to {{.N}} in this round.",
	"version":         "This page is out of date: reload it and try again.",

	// The round's card and the score sheet.
	"round-won":       "Round {{.N}} is in: {{and .Names}} won it.",
	"round-won-last":  "Round {{.N}} is in: {{and .Names}} won it. That was the last round.",
	"undone":          "The last entry was undone.",
	"round-status":    "round {{.N}}",
	"finished":        "finished",
	"no-entry":        "no entry",
	"went-out":        "went out · 0",
	"went-out-double": "went out on a double",
	"tapped":          "{{count .N \"tile\" \"tiles\"}}: {{.Score}}",
	"tapped-blank":    "{{count .N \"tile\" \"tiles\"}}: {{.Pips}} + 0-0 = {{.Score}}",
	"typed-blank":     "{{.Pips}} + 0-0 = {{.Score}}",
	"history-entry":   "{{.Name}}: {{.New}}",
	"history-undo":    "{{.Name}}: undone, {{.Old}} → {{.New}}",
	"history-change":  "{{.Name}}: {{.Old}} → {{.New}} ({{.Kind}})",
	"at-the-table":    "at the table",
	"on-the-table":    "on the table",
	"in-hand":         "in {{.Name}}'s hand",

	// Setting up a game night.
	"default-name":           "Game night",
	"suggest.few":            "Add at least two players to see how many tiles to deal.",
	"suggest.many":           "{{count .N \"player needs\" \"players need\"}} a {{.Smallest}} set or bigger: a {{.Set}} set can't give each of them {{count .Min \"tile\" \"tiles\"}} and still keep {{.Left}} back to draw.",
	"setup.date":             "Pick the date the game is played on.",
	"setup.set":              "Pick one of the sets: double-6, 9, 12, 15 or 18.",
	"setup.choice":           "Pick one of the choices for {{.Rule}}: it must be {{.Want}}.",
	"setup.unknown-choice":   "That choice is not one this app knows: it must be {{.Want}}.",
	"setup.rounds":           "The number of rounds must be a whole number from 1 to {{.N}}, or left empty for one round per double.",
	"setup.loss":             "The losing total must be a whole number from 1 to 100000, or left empty.",
	"setup.rounds-or-loss":   "Choose either a number of rounds or a losing total, not both.",
	"setup.hand-size":        "Tiles each must be a whole number from 1 to {{.Max}} for {{.N}} players on {{.Set}}.",
	"players.few":            "Write at least two players, one name per line.",
	"players.many":           "At most 16 players can sit at one game; there are {{.N}} names.",
	"players.twice":          "{{printf \"%q\" .Name}} is written twice; give each player a different name.",
	"players.set-too-small":  "{{count .N \"player needs\" \"players need\"}} a {{.Smallest}} set or bigger. Pick a bigger set, or tick “Deal anyway” and type the tiles each.",
	"game-name.too-long":     "The game's name is too long: at most {{.N}} characters.",
	"game-name.unreadable":   "The game's name has characters that could not be read.",
	"game-name.angle":        "The game's name can't contain < or >.",
	"game-name.control":      "The game's name can't contain control characters.",
	"player-name.too-long":   "Player {{.Seat}}'s name is too long: at most {{.N}} characters.",
	"player-name.unreadable": "Player {{.Seat}}'s name has characters that could not be read.",
	"player-name.angle":      "Player {{.Seat}}'s name can't contain < or >.",
	"player-name.control":    "Player {{.Seat}}'s name can't contain control characters.",

	// Hand sizes on the setup form.
	"hands.suggest":          "{{count .N \"player\" \"players\"}} on {{.Set}}: deal {{count .Tiles \"tile\" \"tiles\"}} each.",
	"hands.each":             "{{count .N \"tile\" \"tiles\"}} each",
	"hands.about":            "leaves {{count .N \"tile\" \"tiles\"}} in the boneyard; from {{and .Sources}}",
	"hands.anyway":           "Deal anyway on {{.Set}}: I will type the tiles each, {{count .Max \"tile\" \"tiles\"}} at most.",
	"hands.type":             "To deal anyway, type the tiles each: a whole number from 1 to {{.Max}} for {{.N}} players on {{.Set}}.",
	"hands.no-set":           "{{count .N \"player is\" \"players are\"}} more than any set here can deal a real game to.",
	"source.per-set-table":   "one English rule set's table",
	"source.video-table":     "an English rules video's table",
	"source.keeper-app":      "a scorekeeping app's table",
	"source.danish":          "the Danish rules",
	"source.equal-split":     "the Danish 10-to-20 rule",
	"source.seven":           "the Afrikaans rules",
	"source.more-than-seven": "the Afrikaans rules (more than seven)",

	// Rules in play.
	"set-in-play":      "{{.Set}}, {{count .N \"tile\" \"tiles\"}} each",
	"rounds.threshold": "until someone reaches {{.N}}",
	"rounds.fixed":     "{{count .N \"round\" \"rounds\"}}",
	"rounds.ladder":    "one per double, {{.Tile}} down to 0-0",

	// Nobody holds the round's double.
	"unheld.draw":         "House rule: draw from the boneyard in turn until someone finds {{.Tile}}. Whoever finds it sets it down: tap their name.",
	"unheld.draw-all":     "House rule: everyone draws from the boneyard at once until {{.Tile}} turns up. Whoever finds it sets it down: tap their name.",
	"unheld.reshuffle":    "House rule: gather every tile, shuffle, and deal again. Then tap who sets {{.Tile}} down.",
	"unheld.burn":         "House rule: open on the next lower double someone holds. The {{.Tile}} round is skipped for good.",
	"unheld.lower-return": "House rule: open on the next lower double someone holds; {{.Tile}} is played in a later round, so no round is lost.",
	"skipped":             "{{and .Names}} {{plural .N \"was\" \"were\"}} skipped: this game has {{count .Rounds \"round\" \"rounds\"}}.",
	"next.holder":         "Next round: {{.Tile}}, set down by whoever holds it.",
	"next.rotate":         "Next round: {{.Name}} starts; {{.Tile}} is set in the middle before the deal.",
	"next.threshold":      "Next round: {{.Tile}}, unless someone has reached {{.Limit}}.",
	"next.last":           "This is the last round.",
	"starts.rotate":       "{{.Name}} starts this round; {{.Tile}} was set in the middle before the deal.",
	"unheld.burn-blank":   "0-0's round is never skipped: draw from the boneyard in turn until it turns up, then tap who set it down.",

	// The live table.
	"owes.start":              "Set {{.Tile}} down to start.",
	"owes.spinner":            "Spinner {{.Tile}}: {{count .N \"arm\" \"arms\"}} to fill",
	"owes.chickie":            "Chickie {{.Tile}}: {{count .N \"toe\" \"toes\"}} to go",
	"owes.open":               "Open play",
	"stuck.spinner":           "Spinner {{.Tile}} can't be finished: {{count .Left \"tile\" \"tiles\"}} showing a {{.Pips}} {{isAre .Left}} left for {{count .N \"place\" \"places\"}}. ",
	"stuck.chickie":           "Chickie {{.Tile}} can't be finished: {{count .Left \"tile\" \"tiles\"}} showing a {{.Pips}} {{isAre .Left}} left for {{count .N \"place\" \"places\"}}. ",
	"stuck.released":          "House rule: it is let go, so play is open everywhere.",
	"stuck.owed":              "It stays owed: only a tile showing a {{.Pips}} can be played, on it; everyone else draws, or passes once the boneyard is empty.",
	"stuck.owed-none":         "It stays owed, and no tile left can go on it: nothing more can be laid. Everyone draws until the boneyard is empty, then passes, and the round ends blocked.",
	"turn":                    "{{.Name}}'s turn",
	"over.out":                "Round over: {{.Name}} went out.",
	"over.blocked":            "Round over: the table is blocked. Everyone scores what is left in hand.",
	"over.blocked-lowest":     "Round over: the table is blocked. The lowest hand scores 0; the others score what is left in hand.",
	"start-draw.draw":         "Nobody has {{.Tile}}? Players draw from the boneyard in turn until it turns up; tap each draw.",
	"start-draw.burn":         "Nobody has {{.Tile}} or a lower double? Players draw from the boneyard in turn until it turns up; tap each draw.",
	"start-draw.lower-return": "Nobody has {{.Tile}} or a lower double? Players draw from the boneyard in turn until it turns up; tap each draw.",
	"start-draw.draw-all":     "Nobody has {{.Tile}}? Everyone draws one from the boneyard, and again, until it turns up; tap each draw.",
	"start-draw.reshuffle":    "Nobody has {{.Tile}}? Under this table's rules nothing is drawn for it: gather every tile, shuffle and deal again, then tap who sets it down.",
	"penalty.draw-penalty":    "draw one",
	"penalty.skip-turn":       "miss a turn",
	"end-label":               "{{.On}} · needs {{.Pips}}",
	"end-label-places":        "{{.On}} · needs {{.Pips}} ({{.N}} places)",
	"log.start":               "{{.Name}} set {{.Tile}} down",
	"log.lay":                 "{{.Name}} laid {{.Tile}} on {{.On}}",
	"log.draw":                "{{.Name}} drew",
	"log.pass":                "{{.Name}} passed",
	"log.take-back":           "{{.Name}} took back the last tile",
	"log.penalty":             "{{.Name}} drew a penalty tile",
	"log.other":               "{{.Name}} {{.Kind}}",
	"someone":                 "Someone",
	"the-deal":                "the deal",
	"the-deal-step":           "The deal",

	// Can it go there?
	"verdict.question":       "Can {{.Tile}} go on {{.On}}?",
	"verdict.question-start": "Can {{.Tile}} start the round?",
	"verdict.in-force":       "Judged under the house rules in force: {{.Rules}}.",
	"verdict.yes":            "It may go there.",
	"verdict.would-fit":      "Before that, it would have fitted there.",
	"verdict.would-not-fit":  "It would not have fitted there anyway: {{.Reason}}",
	"verdict.pick":           "Pick a place and a tile, then ask again.",
	"verdict.same":           "The other house rules give the same answer.",
	"verdict.alt-yes":        "{{.Variant}}, it may go there.",
	"verdict.alt-no":         "{{.Variant}}, it may not: {{.Reason}}",
	"verdict.alt-impossible": "{{.Variant}}, this layout could not have happened ({{.Reason}}).",
	"variant.six-arms":       "With a six-armed spinner",
	"variant.four-arms":      "With a four-armed spinner",
	"variant.release":        "If a stuck chickie is let go",
	"variant.block":          "If a stuck chickie blocks the table",
	"placement.release":      "{{.Set}}, a {{.Arms}}-armed spinner, a stuck chickie is let go",
	"placement.block":        "{{.Set}}, a {{.Arms}}-armed spinner, a stuck chickie blocks the table",
	"layout-bad-start":       "it starts with {{.D}}-{{.D}}, which is not in a {{.Set}} set",
	"layout-bad-move":        "tile {{.K}}, {{.Move}}: {{.Reason}}",
	"check.set":              "Pick the set: double-6, 9, 12, 15 or 18.",
	"check.arms":             "The spinner has 4 or 6 arms.",
	"check.layout":           "The layout could not be read: {{.Reason}} Write it as the tiles in the order they were laid, like 9-9 9-3@9-9.",
	"check.tile":             "Say which tile, like 9-5.",
	"check.impossible":       "That layout could not happen under these rules: {{.Reason}}",
})

// text fills in the message key of the web app's catalog.
func text(key string, p referee.Params) string { return messages.Text(key, p) }

// invalid reports a form field that can't be read, in the catalog's words.
func invalid(field, key string, p referee.Params) error {
	return referee.Invalid(field, key, text(key, p), p)
}
