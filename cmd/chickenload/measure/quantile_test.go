package measure

import (
	"testing"
	"time"
)

// ms is n milliseconds each.
func ms(ns ...int) []time.Duration {
	out := make([]time.Duration, len(ns))
	for i, n := range ns {
		out[i] = time.Duration(n) * time.Millisecond
	}
	return out
}

// hundred is 1 ms to 100 ms.
func hundred() []time.Duration {
	out := make([]time.Duration, 100)
	for i := range out {
		out[i] = time.Duration(i+1) * time.Millisecond
	}
	return out
}

func TestQuantile(t *testing.T) {
	for _, tc := range []struct {
		name string
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{"empty", nil, 0.99, 0},
		{"one, p50", ms(7), 0.5, 7 * time.Millisecond},
		{"one, p99", ms(7), 0.99, 7 * time.Millisecond},
		{"p0 is the smallest", ms(1, 2, 3, 4), 0, time.Millisecond},
		{"p100 is the largest", ms(1, 2, 3, 4), 1, 4 * time.Millisecond},
		{"p50 of four is the 2nd", ms(1, 2, 3, 4), 0.5, 2 * time.Millisecond},
		{"p50 of five is the 3rd", ms(1, 2, 3, 4, 5), 0.5, 3 * time.Millisecond},
		{"p51 of four is the 3rd", ms(1, 2, 3, 4), 0.51, 3 * time.Millisecond},
		{"p99 of 100 is the 99th, not the largest", hundred(), 0.99, 99 * time.Millisecond},
		{"p90 of 100 is the 90th", hundred(), 0.90, 90 * time.Millisecond},
		{"p7 of 100 is the 7th, though 0.07·100 rounds above 7", hundred(), 0.07, 7 * time.Millisecond},
		{"p99 of 10 is the largest", ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 0.99, 10 * time.Millisecond},
		{"p above 1 is the largest", ms(1, 2), 1.5, 2 * time.Millisecond},
		{"p below 0 is the smallest", ms(1, 2), -1, time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Quantile(tc.ds, tc.p); got != tc.want {
				t.Errorf("Quantile(%v, %v) = %v, want %v", tc.ds, tc.p, got, tc.want)
			}
		})
	}
}

func TestSortedLeavesItsInput(t *testing.T) {
	in := ms(3, 1, 2)
	got := Sorted(in)
	if Quantile(got, 1) != 3*time.Millisecond || got[0] != time.Millisecond {
		t.Errorf("Sorted(3 1 2 ms) = %v, want 1 2 3 ms", got)
	}
	if in[0] != 3*time.Millisecond {
		t.Errorf("Sorted changed its input to %v", in)
	}
}

func TestFigures(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"Millis rounds to the microsecond", Millis(1234567 * time.Nanosecond), 1.235},
		{"Millis of a whole millisecond", Millis(12 * time.Millisecond), 12},
		{"Rate", Rate(300, 2*time.Second), 150},
		{"Rate over no time", Rate(300, 0), 0},
		{"PerOp in µs", PerOp(3*time.Millisecond, 4), 750},
		{"PerOp of unknown CPU", PerOp(-1, 4), -1},
		{"PerOp of no operation", PerOp(time.Second, 0), -1},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
