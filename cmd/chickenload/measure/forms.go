package measure

import (
	"regexp"
	"strconv"
	"strings"
)

// A load client changes the same entries again and again, as a phone
// does, so it sends each change based on the version the last answer
// showed; the app refuses a change without one.

var versionInput = regexp.MustCompile(`name="version" value="(\d+)"`)

// EntryVersion is the version the form posting to action shows in an
// answer's HTML: what the next change of that entry is based on.
func EntryVersion(body, action string) (int64, bool) {
	i := strings.Index(body, `action="`+action+`"`)
	if i < 0 {
		return 0, false
	}
	m := versionInput.FindStringSubmatch(body[i:])
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseInt(m[1], 10, 64)
	return v, err == nil
}
