package views

import (
	"strconv"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// A QR is a link drawn as a QR code, for a phone across the table to
// scan: the dark modules as one SVG path on a square of Size modules.
type QR struct {
	Size  int
	Path  string
	Label string // what the code opens, for screen readers
}

// NewQR draws url as a QR code with its quiet zone. label says, for a
// screen reader, which link it is.
func NewQR(url, label string) (QR, error) {
	code, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return QR{}, err
	}
	bits := code.Bitmap()
	var d strings.Builder
	for y, row := range bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			run := 1
			for x+run < len(row) && row[x+run] {
				run++
			}
			d.WriteString("M" + strconv.Itoa(x) + " " + strconv.Itoa(y) + "h" + strconv.Itoa(run) + "v1h-" + strconv.Itoa(run) + "z")
			x += run
		}
	}
	return QR{Size: len(bits), Path: d.String(), Label: label}, nil
}
