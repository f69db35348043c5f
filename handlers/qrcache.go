package handlers

import (
	"sync"

	"chickenfoot/views"
)

// qrCodes keeps the QR codes drawn for links, which never change: drawing
// one costs more than the rest of a page. It forgets them all when it
// holds more than qrKept, so it never grows without bound.
var qrCodes struct {
	sync.Mutex
	byURL map[string]views.QR
}

const qrKept = 1000

// qrFor is the QR code of url with its screen reader label.
func qrFor(url, label string) (views.QR, error) {
	qrCodes.Lock()
	q, ok := qrCodes.byURL[url+"\x00"+label]
	qrCodes.Unlock()
	if ok {
		return q, nil
	}
	q, err := views.NewQR(url, label)
	if err != nil {
		return q, err
	}
	qrCodes.Lock()
	defer qrCodes.Unlock()
	if qrCodes.byURL == nil || len(qrCodes.byURL) >= qrKept {
		qrCodes.byURL = map[string]views.QR{}
	}
	qrCodes.byURL[url+"\x00"+label] = q
	return q, nil
}
