package app

import (
	"os"
	"strings"
	"testing"

	"chickenfoot/referee"
	"chickenfoot/referee/lang"
)

// TestRequestWords: each of the referee's sheet sentences is swapped for
// one of the app's, which exists in every language; the referee's own
// words say nothing of phones, pages or reloading, and From swaps them.
func TestRequestWords(t *testing.T) {
	// The referee's words are its own; the app's are in the views' files,
	// read here as files since the store never imports the views.
	rules, err := lang.Load(referee.Locales())
	if err != nil {
		t.Fatal(err)
	}
	words, err := lang.Load(referee.Locales(), os.DirFS("../../views/locales"))
	if err != nil {
		t.Fatal(err)
	}
	for sheetKey, appKey := range requestWords {
		for _, tag := range words.Supported() {
			if !rules.Has(tag, sheetKey) || !words.Has(tag, appKey) || rules.Has(tag, appKey) {
				t.Errorf("%s: the referee lacks %q or the app lacks %q (or the referee has it)", tag, sheetKey, appKey)
			}
			said := strings.ToLower(rules.Text(tag, sheetKey, referee.Params{"N": 2, "Name": "Ann", "Reason": "x"}))
			for _, word := range []string{"phone", "foon", "telefon", "reload", "page", "bladsy", "siden"} {
				if strings.Contains(said, word) {
					t.Errorf("%s: the referee's %q says %q, which speaks of %q", tag, sheetKey, said, word)
				}
			}
		}
	}
	sh := &referee.Sheet{Rules: referee.Standard(), Players: []string{"Ann", "Bob"}}
	_, err = sh.Close(3)
	if e := From(err); e.Key != "not-found" || e.Rule.Key != "sheet.unknown" {
		t.Errorf("an unknown round reads as %q (the referee's %q), want not-found (sheet.unknown)", e.Key, e.Rule.Key)
	}
}
