package views

// NightCard offers the night's result card, so far or final, to send on:
// a picture and a short text, shared, copied or downloaded.
type NightCard struct {
	Image  string // the picture's address, in the page's language
	File   string // the name the picture is saved as
	Title  string // the night's name, for the share sheet
	Text   string // the card as text
	Width  int    // the picture's size in pixels
	Height int
}
