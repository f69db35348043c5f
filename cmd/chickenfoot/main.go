// Command chickenfoot is the Chickenfoot table companion.
//
// Usage:
//
//	chickenfoot [serve] [--addr ADDR] [--db FILE]   serve the web app (default :8080, chickenfoot.db)
//	chickenfoot referee [--lang en|af|da] [FILE]    judge a layout or a whole round given as JSON (FILE or standard input)
//	chickenfoot export [--db FILE] [--format json|csv] [--night LINK | --group LINK]
//	chickenfoot import [--db FILE] EXPORT.json
//	chickenfoot backup [--db FILE] OUT              copy the database, even while it serves, to the new file OUT
//	chickenfoot restore --replica URL [--at TIME] OUT  restore the database from its replica to the new file OUT
//	chickenfoot rotate-secret [--db FILE]           new cookie keys: every browser types the passphrase again
//	chickenfoot help                                show this help
//
// CHICKENFOOT_LANG (en, af, da) picks the language of its messages.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// commands are the usage line and the description of every command, as
// message keys, in the order help lists them.
var commands = [][2]string{
	{"cli.serve.usage", "cli.serve.about"},
	{"cli.referee.usage", "cli.referee.about"},
	{"cli.export.usage", "cli.export.about"},
	{"cli.import.synopsis", "cli.import.about"},
	{"cli.backup.usage", "cli.backup.about"},
	{"cli.restore.usage", "cli.restore.about"},
	{"cli.rotate.usage", "cli.rotate.about"},
	{"cli.help.usage", "cli.help.about"},
}

// help writes every command's usage line and what it does, then how to
// pick the language of the messages.
func (v voice) help(w io.Writer) {
	for _, c := range commands {
		fmt.Fprintln(w, v.say(c[0], helpParams()...))
		fmt.Fprintln(w, indent(v.say(c[1], "Langs", named())))
	}
	fmt.Fprintln(w, v.say("cli.help.lang", "Tags", tags(", ")))
}

// indent sets every line of s in by eight spaces, under its usage line.
func indent(s string) string {
	return "        " + strings.ReplaceAll(s, "\n", "\n        ")
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit code: 0 for
// success, 1 for a failure, 2 for input the command could not understand.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	v, ok := voiceOf(os.Getenv)
	if !ok {
		fmt.Fprintf(stderr, "chickenfoot: %s\n", v.say("cli.lang-env", "Tag", os.Getenv("CHICKENFOOT_LANG"), "Tags", tags(", ")))
		return 2
	}
	if len(args) == 0 || (len(args[0]) > 0 && args[0][0] == '-' && !isHelp(args[0])) {
		return runServe(args, stdout, stderr)
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "referee":
		return runReferee(v, args[1:], stdin, stdout, stderr)
	case "export":
		return runExport(v, args[1:], stdout, stderr)
	case "import":
		return runImport(v, args[1:], stdin, stdout, stderr)
	case "backup":
		return runBackup(args[1:], stdout, stderr)
	case "restore":
		return runRestore(args[1:], stdout, stderr)
	case "rotate-secret":
		return runRotate(v, args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		v.help(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "chickenfoot: %s\n", v.say("cli.unknown-command", "Name", args[0]))
	v.help(stderr)
	return 2
}

func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help":
		return true
	}
	return false
}
