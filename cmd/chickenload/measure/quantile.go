// Package measure is the statistics of the load runs, written once for the
// chickenload command and the handlers' BenchmarkLoad so that both report
// the same p99 for the same times: nearest-rank quantiles, rates, and the
// CPU time a process (a server in a child process) has used.
package measure

import (
	"math"
	"slices"
	"time"
)

// Quantile is the nearest-rank p-quantile of ds, which must be sorted:
// the smallest d in ds such that at least a fraction p of ds is no larger
// than d. p 0 gives the smallest, p 1 the largest; an empty ds gives 0.
// Unlike an interpolating quantile it is always one of the measured
// times, and p99 of 100 times is the 99th, not the largest.
func Quantile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	// The rank is ceil(p·n); the small slack keeps a product such as
	// 0.07·100 = 7.000000000000001 from rounding up to the next rank.
	rank := int(math.Ceil(p*float64(len(ds)) - 1e-9))
	return ds[max(0, min(len(ds)-1, rank-1))]
}

// Sorted is a sorted copy of ds, for Quantile.
func Sorted(ds []time.Duration) []time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s
}

// Millis is d in milliseconds, rounded to the microsecond.
func Millis(d time.Duration) float64 {
	return math.Round(float64(d)/float64(time.Microsecond)) / 1e3
}

// Rate is n a second over d; 0 for no time.
func Rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// PerOp is cpu spread over n operations, in microseconds; -1 when either
// is unknown (a negative cpu, or no operation).
func PerOp(cpu time.Duration, n int) float64 {
	if cpu < 0 || n <= 0 {
		return -1
	}
	return float64(cpu) / float64(time.Microsecond) / float64(n)
}
