// Package static holds the files the app serves as they are: htmx (pinned
// at 2.0.11), the style sheet, the small script of progressive
// enhancements, the web app manifest and icons. They are embedded in the
// binary.
package static

import "embed"

// Files are the static files, served under /static/.
//
//go:embed *.js *.css *.svg *.png *.webmanifest
var Files embed.FS

// HTMX is the file name of the vendored htmx build.
const HTMX = "htmx-2.0.11.min.js"
