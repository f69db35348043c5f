//go:build !race

package handlers

// underRace is 1 without the race detector: see race_test.go.
const underRace = 1
