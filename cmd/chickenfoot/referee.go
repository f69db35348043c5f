package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"chickenfoot/db/app"
	"chickenfoot/referee"
	"chickenfoot/views"
)

// The referee command's JSON contract; docs/REFEREE.md documents it.
type refereeInput struct {
	Game           string              `json:"game"` // "chickenfoot" or absent; "straight" is read by straight.go
	Rules          json.RawMessage     `json:"rules"`
	StartingDouble *int                `json:"starting_double"`
	Moves          []*moveInput        `json:"moves"`
	Hands          map[string][]string `json:"hands"`
	Round          json.RawMessage     `json:"round"` // instead of moves; round.go
	Lang           string              `json:"-"`     // the language of the messages: --lang
}

type moveInput struct {
	Tile string `json:"tile"`
	On   string `json:"on"`
}

// rulesInput is a rules object: any field of referee.Rules, optionally on
// top of a named preset.
type rulesInput struct {
	Preset string `json:"preset"`
	referee.Rules
}

type refereeOutput struct {
	Rules    referee.Rules  `json:"rules"`
	Moves    []moveOutput   `json:"moves"`
	Actions  []actionOutput `json:"actions,omitzero"` // the round form only
	Round    *roundOutput   `json:"round,omitzero"`   // the round form only
	Pending  pendingOutput  `json:"pending"`
	OpenEnds []endOutput    `json:"open_ends"`
	Scores   map[string]int `json:"scores"`
	Problems []problem      `json:"problems"`
}

type moveOutput struct {
	Tile    string `json:"tile"`
	On      string `json:"on,omitempty"`
	OK      bool   `json:"ok"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
}

type pendingOutput struct {
	Kind       string `json:"kind"`
	Tile       string `json:"tile,omitempty"`
	Missing    *int   `json:"missing,omitempty"`
	Impossible *bool  `json:"impossible,omitempty"`
}

type endOutput struct {
	On   string `json:"on"`
	Pips int    `json:"pips"`
	Free int    `json:"free"`
}

type problem struct {
	Rule    string `json:"rule"`
	Hand    string `json:"hand"`
	Tile    string `json:"tile"`
	Message string `json:"message"`
}

// runReferee reads one JSON document, judges its moves (or a whole round's
// actions) in order and writes the verdicts, what the table owes, its open
// ends and the scores. --lang words them, and what the command says on
// standard error, in a language of the catalog (CHICKENFOOT_LANG's, v,
// unless given).
func runReferee(v voice, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(err error) int {
		fmt.Fprintf(stderr, "chickenfoot referee: %s\n", v.tell(err))
		return 2
	}
	flags := newFlags("referee")
	tag := flags.String("lang", string(v), "cli.referee.lang-flag")
	err := flags.Parse(args)
	if views.Words().IsSupported(*tag) {
		v = voice(*tag)
	}
	if err := v.parsed(err, flags, "chickenfoot referee", "cli.referee.usage", stderr); err != nil {
		return usageExit(err)
	}
	if !views.Words().IsSupported(*tag) {
		return fail(refuse("cli.referee.lang-unknown", "Tag", *tag, "Tags", tags(", ")))
	}
	args = flags.Args()
	if len(args) > 1 {
		return fail(refuse("cli.referee.files", "N", len(args)))
	}
	data, err := readInput(args, stdin)
	if err != nil {
		return fail(err)
	}
	game, err := gameOf(data)
	if err != nil {
		return fail(err)
	}
	if game == referee.Straight {
		out, err := judgeStraight(data, *tag)
		if err != nil {
			return fail(err)
		}
		return write(v, out, stdout, stderr)
	}
	in, rules, double, err := parseRefereeInput(data)
	if err != nil {
		return fail(err)
	}
	in.Lang = *tag
	out, err := judge(in, rules, double)
	if err != nil {
		return fail(err)
	}
	return write(v, out, stdout, stderr)
}

// write writes the command's answer as indented JSON.
func write(v voice, out any, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "chickenfoot referee: %s\n", v.say("cli.referee.writing", "Err", err.Error()))
		return 1
	}
	return 0
}

func readInput(args []string, stdin io.Reader) ([]byte, error) {
	if len(args) == 1 && args[0] != "-" {
		data, err := os.ReadFile(args[0])
		if err != nil {
			return nil, within(phrase("cli.referee.reading"), err)
		}
		return data, nil
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return nil, within(phrase("cli.referee.reading-stdin"), err)
	}
	return data, nil
}

func parseRefereeInput(data []byte) (refereeInput, referee.Rules, int, error) {
	var in refereeInput
	if len(bytes.TrimSpace(data)) == 0 {
		return in, referee.Rules{}, 0, refuse("cli.referee.empty")
	}
	if bytes.TrimSpace(data)[0] != '{' {
		return in, referee.Rules{}, 0, refuse("cli.referee.not-object")
	}
	if err := decodeStrict(data, &in, ""); errors.Is(err, errUnknownField) {
		return in, referee.Rules{}, 0, refuse("cli.referee.unknown-field", "Err", err)
	} else if err != nil {
		return in, referee.Rules{}, 0, err
	}
	for i, m := range in.Moves {
		if m == nil {
			return in, referee.Rules{}, 0, refuse("cli.referee.null-move", "I", i)
		}
	}
	rules, err := parseRules(in.Rules)
	if err != nil {
		return in, rules, 0, err
	}
	double := int(rules.Set)
	if in.StartingDouble != nil {
		double = *in.StartingDouble
		if double < 0 || double > int(rules.Set) {
			return in, rules, 0, refuse("cli.referee.double", "Double", double, "Set", rules.Set, "Max", int(rules.Set))
		}
	}
	return in, rules, double, nil
}

func parseRules(raw json.RawMessage) (referee.Rules, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return referee.Standard(), nil
	}
	var peek struct {
		Preset string `json:"preset"`
	}
	_ = json.Unmarshal(raw, &peek) // a malformed object is reported by decodeStrict below
	base := referee.Standard()
	if peek.Preset != "" {
		var ok bool
		if base, ok = referee.PresetRules(peek.Preset); !ok {
			return base, refuse("cli.referee.preset", "Preset", peek.Preset, "Names", presetNames())
		}
	}
	in := rulesInput{Rules: base}
	if err := decodeStrict(raw, &in, "rules."); err != nil {
		return base, err
	}
	if in.Rules.Game != referee.Chickenfoot || in.Rules.Straight != (referee.StraightRules{}) {
		return base, refuse("cli.straight.game-in-rules")
	}
	if err := in.Rules.Validate(); err != nil {
		return in.Rules, err
	}
	return in.Rules, nil
}

func presetNames() string {
	var names []string
	for _, p := range referee.Presets() {
		names = append(names, fmt.Sprintf("%q", p.Name))
	}
	return fmt.Sprint(names)
}

// decodeStrict decodes exactly one JSON value, refusing unknown fields and
// trailing data, and words the errors for a person fixing the file.
func decodeStrict(data []byte, v any, prefix string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = refuse("cli.referee.trailing")
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var ours *app.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ours):
		return err
	case errors.As(err, &syntax):
		return refuse("cli.referee.syntax", "Offset", int(syntax.Offset), "Err", syntax.Error())
	case errors.As(err, &typ) && typ.Field != "":
		field := strings.TrimPrefix(typ.Field, "Rules.")
		return refuse("cli.referee.type", "Field", prefix+field, "Want", jsonKind(typ.Type), "Found", typ.Value)
	case errors.As(err, &typ):
		return refuse("cli.referee.not-object-type", "Prefix", prefix, "Found", typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return refuse("cli.referee.truncated")
	}
	// What is left is a field the part doesn't take: its caller says which
	// it does.
	unknown := fmt.Errorf("%w%s", errUnknownField, strings.TrimPrefix(err.Error(), "json: unknown field"))
	if prefix == "" {
		return unknown
	}
	return within(strings.TrimSuffix(prefix, "."), unknown)
}

// errUnknownField is a field of the input that its part doesn't take.
var errUnknownField = errors.New("unknown field")

// jsonKind names a Go type the way the JSON document spells it, in the
// language of the message it is put in.
func jsonKind(t reflect.Type) *app.Error {
	switch t.Kind() {
	case reflect.String:
		return phrase("cli.referee.kind.string")
	case reflect.Slice, reflect.Array:
		return phrase("cli.referee.kind.array")
	case reflect.Map, reflect.Struct, reflect.Pointer:
		return phrase("cli.referee.kind.object")
	case reflect.Bool:
		return phrase("cli.referee.kind.bool")
	}
	return phrase("cli.referee.kind.number")
}

func judge(in refereeInput, rules referee.Rules, double int) (refereeOutput, error) {
	if hasRound(in) {
		return judgeRound(in, rules, double)
	}
	layout, err := referee.NewLayout(rules, double)
	if err != nil {
		return refereeOutput{}, err
	}
	out := refereeOutput{Rules: rules, Moves: []moveOutput{}, OpenEnds: []endOutput{}, Scores: map[string]int{}, Problems: []problem{}}
	for _, m := range in.Moves {
		res := moveOutput{Tile: m.Tile, On: m.On, OK: true}
		move, err := layout.Resolve(m.Tile, m.On)
		if err == nil {
			err = layout.Play(move)
		}
		var re *referee.RuleError
		if errors.As(err, &re) {
			res.OK, res.Rule, res.Message = false, string(re.Code), re.Say(in.Lang)
		} else if err != nil {
			return out, err
		}
		out.Moves = append(out.Moves, res)
	}
	out.Pending = pending(layout.Pending())
	out.OpenEnds = openEnds(layout)
	out.Scores, out.Problems = scoreHands(in.Hands, layout, in.Lang)
	return out, nil
}

func pending(o referee.Obligation) pendingOutput {
	if !o.Binding() {
		return pendingOutput{Kind: "none"}
	}
	return pendingOutput{Kind: string(o.Kind), Tile: o.Tile.String(), Missing: &o.Missing, Impossible: &o.Impossible}
}

func openEnds(layout *referee.Layout) []endOutput {
	ends := []endOutput{}
	for _, e := range layout.OpenEnds() {
		ends = append(ends, endOutput{On: e.On.String(), Pips: e.Pips, Free: e.Free})
	}
	return ends
}

// scoreHands scores each hand and lists the tiles that cannot be where
// the input puts them, as the referee judges them.
func scoreHands(hands map[string][]string, layout *referee.Layout, tag string) (map[string]int, []problem) {
	scores, found := layout.ScoreHands(hands)
	problems := make([]problem, len(found))
	for i, p := range found {
		problems[i] = problem{Rule: string(p.Err.Code), Hand: p.Hand, Tile: p.Tile, Message: p.Err.Say(tag)}
	}
	return scores, problems
}
