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
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage:
  chickenfoot [serve] [--addr ADDR] [--db FILE]
        serve the web app (defaults: port 8080 on every interface, so phones on the
        same Wi-Fi can reach it, and chickenfoot.db in this folder;
        CHICKENFOOT_ADDR and CHICKENFOOT_DB set them too);
        --replica URL streams every change to file:///FOLDER or s3://BUCKET/PATH
  chickenfoot referee [--lang en|af|da] [FILE]
        judge a layout or a whole round given as JSON, from FILE or standard input;
        --lang words the messages in English (the default), Afrikaans or Danish
  chickenfoot export [--db FILE] [--format json|csv] [--night LINK | --group LINK]
        write every game night kept (or the one, or a table of friends' nights) to standard output:
        json holds everything and imports again; csv is one row per player per round
  chickenfoot import [--db FILE] EXPORT.json
        add the game nights of a json export (- for standard input), all or none
  chickenfoot backup [--db FILE] OUT
        copy the database (CHICKENFOOT_DB too), even while the app serves from it,
        to the new file OUT, and check the copy
  chickenfoot restore --replica URL [--at TIME] OUT
        restore the database from its replica (CHICKENFOOT_REPLICA too), as it is
        or as it was at TIME (RFC 3339), to the new file OUT, and check it
  chickenfoot rotate-secret [--db FILE]
        replace the keys the app signs its cookies with, even while it serves:
        every browser must type the passphrase again
  chickenfoot help
        show this help
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit code: 0 for
// success, 1 for a failure, 2 for input the command could not understand.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || (len(args[0]) > 0 && args[0][0] == '-' && !isHelp(args[0])) {
		return runServe(args, stdout, stderr)
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "referee":
		return runReferee(args[1:], stdin, stdout, stderr)
	case "export":
		return runExport(args[1:], stdout, stderr)
	case "import":
		return runImport(args[1:], stdin, stdout, stderr)
	case "backup":
		return runBackup(args[1:], stdout, stderr)
	case "restore":
		return runRestore(args[1:], stdout, stderr)
	case "rotate-secret":
		return runRotate(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "chickenfoot: unknown command %q\n%s", args[0], usage)
	return 2
}

func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help":
		return true
	}
	return false
}
