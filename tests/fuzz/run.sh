#!/bin/sh
# make fuzz: builds each libFuzzer target with clang (AddressSanitizer,
# UndefinedBehaviorSanitizer, leak detection) from the library's own
# sources, seeds it from conf/, data/, examples/, tests/fuzz/seeds/ and a
# checkpoint written here, and runs it for FUZZ_SECONDS (default 60) each.  Prints, per
# target, executions, coverage and whether anything was found, then
# "fuzz: N passed, M failed".  A crash, leak or hang leaves its input in
# fuzz/crashes/ (make it a regression test: tests/fuzz/regressions/).
# Usage: run.sh SRCDIR BUILDDIR [TARGET...]
set -u
src=$1 build=$2
shift 2
seconds=${FUZZ_SECONDS:-60}
[ -n "$seconds" ] || seconds=60
cc=${FUZZ_CC:-clang}
if ! command -v "$cc" >/dev/null 2>&1; then
    echo "make fuzz needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev)" >&2
    exit 2
fi
out=$build/fuzz
mkdir -p "$out/crashes"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
    -fno-omit-frame-pointer -D_GNU_SOURCE -I$src/include -I$src/libcore -I$src/tests/fuzz"
lib=$src/libcore
readers="$lib/io/particles_read.c $lib/io/particles_algs4.c $lib/io/particles_xyz.c
    $lib/io/bonds.c $lib/host/error.c $lib/io/input_limits.c"

# build NAME SOURCES... [-lLIB...]
build() {
    name=$1
    shift
    # shellcheck disable=SC2086
    $cc $flags -o "$out/$name" "$@" -lm 2>"$out/$name.build.log" || {
        cat "$out/$name.build.log" >&2
        return 1
    }
}

# Seeds, copied into a corpus directory of the target's own (libFuzzer
# adds what it finds there; none of it goes into the source tree).
seed() {
    dir=$out/corpus/$1
    shift
    mkdir -p "$dir"
    for f in "$@"; do
        [ -f "$f" ] && cp "$f" "$dir/seed-$(basename "$f")"
    done
    # The regression inputs are seeds too: they must keep passing.
    for f in "$src/tests/fuzz/regressions/$name"-*; do
        [ -f "$f" ] && cp "$f" "$dir/"
    done
    return 0
}

checkpoint_seed() {
    work=$(mktemp -d)
    if [ -x "$build/hsframe" ]; then
        cat >"$work/run.ini" <<'I'
[simulation]
dim = 2
end_time = 1000
[init]
lattice = square
cells = 4 4
packing_fraction = 0.3
[boundary]
plugin = periodic
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 1
[checkpoint]
file = seed.ckpt
stop_at_time = 500
I
        (cd "$work" && "$build/hsframe" -q -c run.ini)
        [ -f "$work/seed.ckpt" ] && cp "$work/seed.ckpt" "$out/corpus/fuzz_checkpoint/"
    fi
    rm -rf "$work"
}

targets=${*:-"fuzz_config fuzz_algs4 fuzz_xyz fuzz_bonds fuzz_checkpoint fuzz_stl"}
passed=0 failed=0
for name in $targets; do
    dict=""    # a libFuzzer dictionary, for targets that have one
    case $name in
    fuzz_config) build $name "$src/tests/fuzz/fuzz_config.c" "$lib/host/config.c" "$lib/host/error.c" -linih &&
                 seed $name "$src"/conf/*.ini "$src"/examples/*/*.ini ;;
    fuzz_algs4) build $name "$src/tests/fuzz/fuzz_particles.c" $readers &&
                seed $name "$src"/data/*.txt "$src"/examples/*/*.txt ;;
    fuzz_xyz) build $name "$src/tests/fuzz/fuzz_particles.c" $readers &&
              seed $name "$src"/data/*.xyz "$src"/tests/fuzz/seeds/xyz/* &&
              dict=$src/tests/fuzz/particles.dict ;;
    fuzz_bonds) build $name "$src/tests/fuzz/fuzz_bonds.c" $readers &&
                seed $name "$src"/data/*bonds*.txt ;;
    fuzz_stl) build $name "$src/tests/fuzz/fuzz_stl.c" "$src/plugins/boundary/mesh/stl_read.c" \
                  "$lib/host/error.c" -I"$src/plugins/boundary/mesh" &&
              seed $name "$src"/data/*.stl "$src"/tests/fuzz/seeds/stl/* ;;
    fuzz_checkpoint) build $name "$src/tests/fuzz/fuzz_checkpoint.c" "$lib/checkpoint/file.c" \
                         "$lib/host/state.c" "$lib/host/atomic_file.c" "$lib/host/error.c" -lz &&
                     seed $name && checkpoint_seed ;;
    *) echo "unknown target $name" >&2; false ;;
    esac || { failed=$((failed + 1)); echo "$name: build failed"; continue; }
    log=$out/$name.log
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        "$out/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$out/crashes/$name-" ${dict:+"-dict=$dict"} \
        "$out/corpus/$name" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
    corpus=$(ls "$out/corpus/$name" | wc -l)
    if [ $status -eq 0 ]; then
        passed=$((passed + 1))
        echo "$name: ${runs:-?} runs in ${seconds} s (${rate:-?}/s), $cov, corpus $corpus: nothing found"
    else
        failed=$((failed + 1))
        echo "$name: FOUND A PROBLEM (exit $status): see $log and $out/crashes/"
        grep -m 3 -e 'ERROR:' -e 'runtime error' -e 'SUMMARY' "$log"
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ $failed -eq 0 ]
