#!/bin/sh
# make bench-ecmc: engine = ecmc for docs/BENCHMARKS.md.  A benchmark, not
# a test: it never fails on speed.
#
# 1. Lifts per CPU second beside the C++ straight ECMC of the public
#    repository jellyfysh/HistoricDisks (CPP/StraightECMC), when
#    HSF_HISTORICDISKS names its StraightEcmc program (built apart; none of
#    its code is here): the same discs, crystal box, packing fraction 0.70
#    and chain length (0.24 of the square root of the box's area, its
#    choice), N = 72, 4096, 65536; each run HSF_BENCH_ROUNDS (3) times in
#    turns, the best of each.  CPU seconds (user + system), not wall
#    seconds, because a shared machine's load changes wall time; ours less
#    those of the same run with end_time = 0 (set-up), as its clock()
#    counts the chains only.
# 2. The cost of a lift and the memory per disc from 10^3 to 10^6 discs at
#    0.70 (HSF_BENCH_ECMC_MAX: the largest exponent, 6).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-3}
hd=${HSF_HISTORICDISKS:-}
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"

# cpu CMD...: runs it, prints its user + system CPU seconds (stdout to out).
cpu() {
    /usr/bin/time -f '%U %S' -o time.txt "$@" >out 2>err || { cat err >&2; exit 1; }
    awk '{ print $1 + $2 }' time.txt
}

# ini NX NY END: discs on a triangular lattice of NX by NY/2 cells (NX
# discs in each of NY rows), packing fraction 0.70, chains as
# HistoricDisks makes them.
ini() {
    awk -v nx="$1" -v ny="$2" -v end="$3" 'BEGIN {
        n = nx * ny; area = n * 3.141592653589793 * 0.25 / 0.70
        printf "[simulation]\ndim = 2\nengine = ecmc\nend_time = %s\nseed = 1\n", end
        printf "[init]\nlattice = triangular\ncells = %d %d\npacking_fraction = 0.70\n", nx, ny / 2
        printf "[boundary]\nplugin = periodic\n[ecmc]\nchain_length = %.17g\n", 0.24 * sqrt(area) }'
}

best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b > a) ? b : a }'; }

echo
echo "## Lifts per CPU second: hsframe and HistoricDisks StraightEcmc, packing fraction 0.70"
printf '%8s %14s %14s %8s\n' N hsframe HistoricDisks ratio
for size in "9 8" "64 64" "256 256"; do
    set -- $size
    n=$(($1 * $2))
    # Some 2 10^7 lifts: 10.5 lifts per unit of displacement per disc at 0.70.
    end=$(awk -v n="$n" 'BEGIN { printf "%.6g", 2e7 / (10.5 * n) }')
    ini "$1" "$2" "$end" > run.ini
    ours="" theirs=""
    for r in $(seq "$rounds"); do
        total=$(cpu "$hsframe" -q -c run.ini --summary text)
        lifts=$(awk '/^lifts:/ { print $2 }' out)
        setup=$(cpu "$hsframe" -q -c run.ini --summary text -s simulation.end_time=0)
        ours=$(best "$ours" "$(awk -v l="$lifts" -v t="$total" -v s="$setup" 'BEGIN { print l / (t - s) }')")
        if [ -n "$hd" ]; then
            "$hd" "$1" "$2" 0.70 0 1 crystal hd.h5 none.h5 >out 2>err || { cat err >&2; exit 1; }
            rm -f hd.h5
            rate=$(awk '/collisions,/ { print $1 / $3 }' out)
            theirs=$(best "$theirs" "$rate")
        fi
    done
    if [ -n "$hd" ]; then
        printf '%8d %14.4g %14.4g %8.2f\n' "$n" "$ours" "$theirs" "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { print a / b }')"
    else
        printf '%8d %14.4g %14s %8s\n' "$n" "$ours" "(not run)" "-"
    fi
done

echo
echo "## The cost of a lift against N, packing fraction 0.70 (square-ish crystal box)"
printf '%9s %12s %12s %14s\n' N lifts ns/lift "bytes/disc"
max=${HSF_BENCH_ECMC_MAX:-6}
for e in $(seq 3 "$max"); do
    nx=$(awk -v e="$e" 'BEGIN { n = 10 ^ e; x = int(sqrt(n * 2 / sqrt(3)) / 2) * 2; print x }')
    ny=$(awk -v e="$e" -v x="$nx" 'BEGIN { y = int(10 ^ e / x / 2) * 2; print y }')
    n=$((nx * ny))
    end=$(awk -v n="$n" 'BEGIN { printf "%.6g", 1e7 / (10.5 * n) }')
    ini "$nx" "$ny" "$end" > run.ini
    cost=""
    for r in $(seq "$rounds"); do
        total=$(cpu "$hsframe" -q -c run.ini --summary text)
        lifts=$(awk '/^lifts:/ { print $2 }' out)
        rss=$(awk '/^peak_rss_kb:/ { print $2 }' out)
        setup=$(cpu "$hsframe" -q -c run.ini --summary text -s simulation.end_time=0)
        c=$(awk -v l="$lifts" -v t="$total" -v s="$setup" 'BEGIN { print 1e9 * (t - s) / l }')
        cost=$(awk -v a="$cost" -v b="$c" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    printf '%9d %12d %12.1f %14.0f\n' "$n" "$lifts" "$cost" "$(awk -v r="$rss" -v n="$n" 'BEGIN { print r * 1024 / n }')"
done
