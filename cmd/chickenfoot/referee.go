package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"chickenfoot/referee"
	"chickenfoot/referee/lang"
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
// ends and the scores.
func runReferee(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "chickenfoot referee: "+format+"\n", a...)
		return 2
	}
	flags := flag.NewFlagSet("referee", flag.ContinueOnError)
	flags.SetOutput(stderr)
	tag := flags.String("lang", lang.Default, say("cli.referee.lang-flag", "Tags", strings.Join(views.Words().Supported(), ", ")))
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if !views.Words().IsSupported(*tag) {
		return fail("%s", say("cli.referee.lang-unknown", "Tag", *tag, "Tags", strings.Join(views.Words().Supported(), ", ")))
	}
	args = flags.Args()
	if len(args) > 1 {
		return fail("%s", say("cli.referee.files", "N", len(args)))
	}
	data, err := readInput(args, stdin)
	if err != nil {
		return fail("%v", err)
	}
	game, err := gameOf(data)
	if err != nil {
		return fail("%v", err)
	}
	if game == referee.Straight {
		out, err := judgeStraight(data, *tag)
		if err != nil {
			return fail("%v", err)
		}
		return write(out, stdout, stderr)
	}
	in, rules, double, err := parseRefereeInput(data)
	if err != nil {
		return fail("%v", err)
	}
	in.Lang = *tag
	out, err := judge(in, rules, double)
	if err != nil {
		return fail("%v", err)
	}
	return write(out, stdout, stderr)
}

// write writes the command's answer as indented JSON.
func write(out any, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "chickenfoot referee: %s\n", say("cli.referee.writing", "Err", err.Error()))
		return 1
	}
	return 0
}

// say words the command line's message key in English, the language of
// its errors, with the parameters as name, value pairs.
func say(key string, kv ...any) string { return views.Words().Pairs(lang.Default, key, kv...) }

func readInput(args []string, stdin io.Reader) ([]byte, error) {
	if len(args) == 1 && args[0] != "-" {
		data, err := os.ReadFile(args[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", say("cli.referee.reading"), err)
		}
		return data, nil
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", say("cli.referee.reading-stdin"), err)
	}
	return data, nil
}

func parseRefereeInput(data []byte) (refereeInput, referee.Rules, int, error) {
	var in refereeInput
	if len(bytes.TrimSpace(data)) == 0 {
		return in, referee.Rules{}, 0, errors.New(say("cli.referee.empty"))
	}
	if bytes.TrimSpace(data)[0] != '{' {
		return in, referee.Rules{}, 0, errors.New(say("cli.referee.not-object"))
	}
	if err := decodeStrict(data, &in, ""); err != nil {
		return in, referee.Rules{}, 0, err
	}
	for i, m := range in.Moves {
		if m == nil {
			return in, referee.Rules{}, 0, errors.New(say("cli.referee.null-move", "I", i))
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
			return in, rules, 0, errors.New(say("cli.referee.double", "Double", double, "Set", rules.Set, "Max", int(rules.Set)))
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
			return base, errors.New(say("cli.referee.preset", "Preset", peek.Preset, "Names", presetNames()))
		}
	}
	in := rulesInput{Rules: base}
	if err := decodeStrict(raw, &in, "rules."); err != nil {
		return base, err
	}
	if in.Rules.Game != referee.Chickenfoot || in.Rules.Straight != (referee.StraightRules{}) {
		return base, errors.New(say("cli.straight.game-in-rules"))
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
		err = errors.New(say("cli.referee.trailing"))
	}
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &syntax):
		return errors.New(say("cli.referee.syntax", "Offset", int(syntax.Offset), "Err", syntax.Error()))
	case errors.As(err, &typ) && typ.Field != "":
		field := strings.TrimPrefix(typ.Field, "Rules.")
		return errors.New(say("cli.referee.type", "Field", prefix+field, "Want", jsonKind(typ.Type), "Found", typ.Value))
	case errors.As(err, &typ):
		return errors.New(say("cli.referee.not-object-type", "Prefix", prefix, "Found", typ.Value))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New(say("cli.referee.truncated"))
	}
	if prefix == "" {
		return errors.New(say("cli.referee.unknown-field", "Err", strings.TrimPrefix(err.Error(), "json: ")))
	}
	return fmt.Errorf("%s%s", strings.TrimSuffix(prefix, "."), strings.TrimPrefix(err.Error(), "json"))
}

// jsonKind names a Go type the way the JSON document spells it.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return say("cli.referee.kind.string")
	case reflect.Slice, reflect.Array:
		return say("cli.referee.kind.array")
	case reflect.Map, reflect.Struct, reflect.Pointer:
		return say("cli.referee.kind.object")
	case reflect.Bool:
		return say("cli.referee.kind.bool")
	}
	return say("cli.referee.kind.number")
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
