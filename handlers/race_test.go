//go:build race

package handlers

// underRace is how much slower the server and the pages answer with the
// race detector on. The time budgets the table is promised (a move shown
// on the other phones within a second) are measured without it, in
// `go test ./...`; under -race they are only kept from growing unbounded.
const underRace = 4
