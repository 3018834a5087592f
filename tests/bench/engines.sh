#!/bin/sh
# make bench-engines: which engine for what (docs/ECMC.md).  A benchmark,
# not a test: it never fails on speed.
#
# Dense hard discs in a square periodic box, started from the same random
# packing (a square lattice of HSF_BENCH_ENGINES_CELLS^2 discs, default
# 64: N = 4096, packed at the packing fraction by the event engine), run
# by the event engine and by engine = ecmc at packing fractions 0.70 and
# 0.72 (HSF_BENCH_ENGINES_ETAS).  For each: the integrated
# autocorrelation time of the global hexatic order |Psi6| (the psi6
# output), tau = 1/2 + sum of the normalised autocorrelation up to the
# window of Sokal's rule (the first W with W >= 6 tau(W)), from the
# samples after the first fifth of the run; in the engine's own time (MD
# time; ECMC: displacement per disc) and in CPU seconds (user + system)
# of the run less those of the same run with end_time = 0 (the packing).
# An independent sample of |Psi6| costs 2 tau.  When no window satisfies
# the rule below a quarter of the samples, tau is printed as a lower
# bound (">"): the run is too short for it.
#
# Run lengths: HSF_BENCH_EVENT_END (MD time, default 4000) and
# HSF_BENCH_ECMC_END (displacement per disc, default 16000), 4000 samples
# each (the CPU time includes them: some 0.002 s each at N = 4096, a
# tenth of a run).  Some 6 minutes of CPU at the defaults.
# HSF_BENCH_ENGINES_ENGINES: the engines (default "event ecmc").
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
side=${HSF_BENCH_ENGINES_CELLS:-64}
etas=${HSF_BENCH_ENGINES_ETAS:-0.70 0.72}
event_end=${HSF_BENCH_EVENT_END:-4000}
ecmc_end=${HSF_BENCH_ECMC_END:-16000}
engines=${HSF_BENCH_ENGINES_ENGINES:-event ecmc}
samples=4000
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "N = $((side * side)) discs, square periodic box, random packing (seed 1)"

# cpu CMD...: runs it, prints its user + system CPU seconds (stdout to out).
cpu() {
    /usr/bin/time -f '%U %S' -o time.txt "$@" >out 2>err || { cat err >&2; exit 1; }
    awk '{ print $1 + $2 }' time.txt
}

# ini ENGINE ETA END: the run, |Psi6| sampled 4000 times.
ini() {
    awk -v engine="$1" -v eta="$2" -v end="$3" -v side="$side" -v s="$samples" 'BEGIN {
        printf "[simulation]\ndim = 2\nengine = %s\nend_time = %s\nseed = 1\n", engine, end
        printf "[init]\nmethod = random\nlattice = square\ncells = %d %d\n", side, side
        printf "packing_fraction = %s\n[boundary]\nplugin = periodic\n", eta
        printf "[output.order]\nplugin = psi6\nfile = psi6.csv\ninterval = %.10g\n", end / s }'
}

# tau CSV: "tau_in_samples converged(0/1) samples" of column 2 after the
# first fifth.
tau() {
    awk -F, 'NR > 1 { v[++n] = $2 }
        END {
            skip = int(n / 5); m = n - skip
            for (i = 1; i <= m; i++) x[i] = v[i + skip]
            for (i = 1; i <= m; i++) mu += x[i]
            mu /= m
            for (i = 1; i <= m; i++) c0 += (x[i] - mu) ^ 2
            c0 /= m
            t = 0.5; ok = 0
            for (w = 1; w <= m / 4; w++) {
                c = 0
                for (i = 1; i + w <= m; i++) c += (x[i] - mu) * (x[i + w] - mu)
                t += c / (m - w) / c0
                if (w >= 6 * t) { ok = 1; break }
            }
            printf "%.6g %d %d %.4g\n", t, ok, m, mu
        }' "$1"
}

echo
echo "## Integrated autocorrelation time of |Psi6|"
printf '%6s %7s %10s %8s %12s %12s %12s %10s\n' eta engine "run" "<|Psi6|>" "tau (own)" \
    "CPU s/unit" "tau (CPU s)" "run/tau"
for eta in $etas; do
    for engine in $engines; do
        end=$event_end
        [ "$engine" = ecmc ] && end=$ecmc_end
        ini "$engine" "$eta" "$end" > run.ini
        setup=$(cpu "$hsframe" -q -c run.ini -s simulation.end_time=0)
        total=$(cpu "$hsframe" -q -c run.ini)
        set -- $(tau psi6.csv)
        awk -v eta="$eta" -v engine="$engine" -v end="$end" -v t="$1" -v ok="$2" -v m="$3" \
            -v mu="$4" -v s="$samples" -v total="$total" -v setup="$setup" 'BEGIN {
            dt = end / s; own = t * dt; per = (total - setup) / end
            printf "%6s %7s %10s %8.3f %11s%.4g %12.4g %11s%.4g %10.0f\n", eta, engine, end, mu,
                ok ? "" : ">", own, per, ok ? "" : ">", own * per, m * dt / own }'
    done
done
