package main

// Each command's flags are a flag.FlagSet whose help texts are message
// keys. Its parse errors and its usage are worded here, in the command
// line's language, rather than by the flag package in English; they go
// to standard error, and the command exits 2 (0 for -h).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags is the flag set of the command name, silent: parsed reports
// its errors and its help.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// errShown is a misuse already reported on standard error, with the
// command's usage.
var errShown = errors.New("usage shown")

// parsed reports err, what fs.Parse returned, to stderr. Asked for help
// (-h) it writes the command's usage, the line of the message usage and
// then its flags, and returns flag.ErrHelp; for a flag it can't read it
// writes why, after prefix, and the usage, and returns errShown.
func (v voice) parsed(err error, fs *flag.FlagSet, prefix, usage string, stderr io.Writer) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		v.usage(fs, usage, stderr)
		return flag.ErrHelp
	}
	fmt.Fprintf(stderr, "%s: %s\n", prefix, v.flagError(err))
	v.usage(fs, usage, stderr)
	return errShown
}

// usageExit is the exit code of a misuse parsed reported: 0 for help.
func usageExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// helpParams are the parameters a usage line or a flag's help may name:
// the languages of the catalog.
func helpParams() []any { return []any{"Tags", tags(", "), "Choices", tags("|")} }

// secret names the flags whose value is never shown as a default.
var secret = map[string]bool{"passphrase": true}

// usage writes the command's usage line, the message key, and its flags
// with their help and defaults.
func (v voice) usage(fs *flag.FlagSet, key string, w io.Writer) {
	fmt.Fprintln(w, v.say(key, helpParams()...))
	fs.VisitAll(func(f *flag.Flag) {
		arg := " " + strings.ToUpper(f.Name)
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			arg = ""
		}
		help := v.say(f.Usage, helpParams()...)
		if d := f.DefValue; d != "" && d != "0" && d != "false" && !secret[f.Name] {
			help += " " + v.say("cli.flag.default", "Value", d)
		}
		fmt.Fprintf(w, "  --%s%s\n        %s\n", f.Name, arg, help)
	})
}

// flagError words an error of the flag package's: a flag not defined,
// without its value, with a value it can't read, or of a bad syntax. An
// error it does not know is left as the flag package words it.
func (v voice) flagError(err error) string {
	msg := err.Error()
	for _, f := range []struct{ prefix, key string }{
		{"flag provided but not defined: -", "cli.flag.undefined"},
		{"flag needs an argument: -", "cli.flag.no-value"},
	} {
		if name, ok := strings.CutPrefix(msg, f.prefix); ok {
			return v.say(f.key, "Flag", name)
		}
	}
	if arg, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return v.say("cli.flag.syntax", "Arg", arg)
	}
	for _, format := range []string{"invalid value %q for flag -%s", "invalid boolean value %q for -%s"} {
		var value, name string
		if _, err := fmt.Sscanf(msg, format, &value, &name); err == nil {
			return v.say("cli.flag.bad-value", "Value", value, "Flag", strings.TrimSuffix(name, ":"))
		}
	}
	return msg
}
