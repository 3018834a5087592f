#!/bin/sh
# hsframe-sweep on GNU parallel, end to end: a small sweep of a tiny 2D
# fluid (packing fractions crossed with seeds), one CSV row per run with
# the summary and the mean compressibility, a point that fails and is
# reported while the others complete, a rerun that runs only what did not
# complete, a point rerun alone from its command file, the serial engine,
# and sweep files that are refused.  Skipped without GNU parallel.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
SWEEP="$HSF_TEST_BUILDDIR/hsframe-sweep"
command -v parallel >/dev/null || skip_all parallel "GNU parallel is not installed"

# field CSV POINT COLUMN: the value of COLUMN in POINT's row.  Point names
# hold commas (they are quoted); the other values read here do not.
field() {
    awk -v row="$2" -v col="$3" '
        NR == 1 { n = split(substr($0, 7), h, ","); for (k = 1; k <= n; k++) at[h[k]] = k }
        index($0, "\"" row "\",") == 1 {
            split(substr($0, length(row) + 4), f, ",")
            print f[at[col]]
            exit
        }' "$1"
}

# quietly COMMAND...: runs it with its output kept in out and err.
quietly() { "$@" >out 2>err; }

# run_sweep STATUS ARGS...: runs hsframe-sweep ARGS, keeping its output in
# out and err, and checks its exit status.
run_sweep() {
    want=$1; shift
    "$SWEEP" "$@" >out 2>err
    got=$?
    [ "$got" -eq "$want" ] || { echo "  hsframe-sweep $*: exit $got, expected $want" >&2
                                sed 's/^/  stderr: /' err >&2; return 1; }
}

cat >base.ini <<'I'
[simulation]
dim = 2
end_time = 20

[init]
lattice = triangular
cells = 8 8
packing_fraction = 0.3
radius = 0.5
temperature = 1

[boundary]
plugin = periodic

[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.5

[output.final]
plugin = snapshot
file = final.xyz
format = xyz
I
# 0.95 is beyond what [init]'s triangular lattice allows: those points fail
# (exit 2).
cat >eos.ini <<'I'
; a small equation of state
[sweep]
base = base.ini
seeds = 1:2

[vary]
init.packing_fraction = 0.2:0.4:0.2, 0.95

[set]
simulation.end_time = 60

[average.Z]
file = thermo.csv
column = compressibility
start = 5
I
"$SWEEP" run -j 2 eos.ini >out 2>err
status=$?
check "a sweep with failed points exits 1" test "$status" -eq 1
check "the tally" contains err "hsframe-sweep: 6 points: 4 done, 2 failed, 0 not run"
check "a failed point is named with its error" contains err \
    "init.packing_fraction=0.95,seed=1: failed (exit 2): hsframe: -s init.packing_fraction: [init] packing_fraction: 0.95 is denser than the triangular lattice allows in 2D: expected less than 0.9069, where its particles touch"
check "results: header and 6 rows" test "$(wc -l <eos/results.csv)" -eq 7
header=$(head -n 1 eos/results.csv)
for col in point init.packing_fraction seed status particles collisions kinetic_energy \
           energy_drift max_overlap files Z error; do
    check "results: column $col" contains eos/results.csv "$col"
done
check "results: varied keys, seed and status first" test \
    "$(echo "$header" | cut -d, -f1-4)" = "point,init.packing_fraction,seed,status"
check "results: files last but the averages and the error" test \
    "$(echo "$header" | awk -F, '{ print $(NF - 2) "," $(NF - 1) "," $NF }')" = "files,Z,error"

csv=eos/results.csv
for phi in 0.2 0.4; do
    for seed in 1 2; do
        p="init.packing_fraction=$phi,seed=$seed"
        check "$p: status 0" test "$(field $csv "$p" status)" = 0
        check "$p: 128 discs" test "$(field $csv "$p" particles)" = 128
        check "$p: the files it wrote" test "$(field $csv "$p" files)" = "thermo.csv final.xyz"
        check "$p: its outputs are in its directory" test -s "eos/$p/thermo.csv" -a -s "eos/$p/final.xyz"
        # The mean of the column over rows from t = 5 on, taken here from
        # the point's own table.
        mean=$(awk -F, 'NR > 1 && $1 >= 5 { s += $7; n++ } END { printf "%.6f", s / n }' \
               "eos/$p/thermo.csv")
        z=$(field $csv "$p" Z)
        check "$p: Z = $z is the mean of thermo's column 7 from t = 5 ($mean)" \
            awk -v a="$z" -v b="$mean" 'BEGIN { exit !(a != "" && b != "" && a - b < 1e-6 && b - a < 1e-6) }'
        # Henderson's equation of state for hard discs, (1 + phi^2/8) / (1 - phi)^2:
        # 1.570 and 2.847; 128 discs for 55 time units come within 5 %.
        check "$p: Z near Henderson's" awk -v z="$z" -v f="$phi" 'BEGIN {
            h = (1 + f * f / 8) / (1 - f) ^ 2; exit !(z > 0.95 * h && z < 1.05 * h) }'
    done
    check "phi = $phi: the seeds give different runs" test \
        "$(field $csv "init.packing_fraction=$phi,seed=1" collisions)" != \
        "$(field $csv "init.packing_fraction=$phi,seed=2" collisions)"
done
for seed in 1 2; do
    p="init.packing_fraction=0.95,seed=$seed"
    check "$p: status 2" test "$(field $csv "$p" status)" = 2
    check "$p: no summary values" test -z "$(field $csv "$p" collisions)"
    check "$p: its error in the row" contains $csv "0.95 is denser than the triangular lattice"
done

# A point runs alone, from its directory, as it ran in the sweep.
p="init.packing_fraction=0.4,seed=2"
check "a point's command file" contains "eos/$p/command" "-s 'init.packing_fraction=0.4'"
mkdir alone && cp "eos/$p/command" alone/
(cd alone && sh command >summary.txt 2>/dev/null)
check "rerun alone: the same collisions" test \
    "$(sed -n 's/^collisions: //p' alone/summary.txt)" = "$(field $csv "$p" collisions)"
check "rerun alone: the same table, byte for byte" cmp -s alone/thermo.csv "eos/$p/thermo.csv"

# Rerunning runs only the points that did not complete.
touch -d '1 minute ago' marker
find eos -name status -exec touch -d '2 minutes ago' {} +
"$SWEEP" eos.ini >out 2>err
check "rerun: 4 done before, 2 to run" contains err "6 points in $WORK/eos/: 4 done before, 2 to run"
check "rerun: only the failed points ran" test \
    "$(find eos -name status -newer marker | sort | tr '\n' ' ')" = \
    "eos/init.packing_fraction=0.95,seed=1/status eos/init.packing_fraction=0.95,seed=2/status "
check "rerun: the results again" test "$(wc -l <eos/results.csv)" -eq 7
"$SWEEP" list eos.ini >out
check "list: states" test "$(grep -c '	done$' out),$(grep -c '	failed (exit 2)$' out)" = "4,2"

# Without the failing value everything completes: exit 0, nothing rerun.
sed -i 's/^init.packing_fraction = .*/init.packing_fraction = 0.2:0.4:0.2/' eos.ini
check "all done: exit 0" quietly "$SWEEP" eos.ini
check "all done: a row per point" test "$(wc -l <eos/results.csv)" -eq 5

# A point stopped after a checkpoint (as under Slurm) is resumed by the
# next run of the sweep, and ends as it did without stopping.
p="init.packing_fraction=0.4,seed=1"
cp "eos/$p/thermo.csv" whole.csv
"$SWEEP" point --checkpoint 1e-9 "$WORK/eos/$p" 2>err
status=$?
check "point --checkpoint: stopped (75)" test "$status" -eq 75
check "point --checkpoint: its checkpoint" test -s "eos/$p/point.ckpt"
"$SWEEP" list eos.ini >out
check "list: stopped after a checkpoint" contains out "$p	stopped after a checkpoint"
check "the sweep resumes it" quietly "$SWEEP" eos.ini
check "resumed: 1 to run" contains err "3 done before, 1 to run"
check "resumed: the summary says so" contains "eos/$p/summary.txt" "resumed_at: "
check "resumed: the same table as without stopping" cmp -s whole.csv "eos/$p/thermo.csv"
check "resumed: the checkpoint is gone" test ! -e "eos/$p/point.ckpt"

# The serial engine gives the same runs.
sed -e 's/^\[sweep\]/[sweep]\ndirectory = serial/' eos.ini >serial.ini
check "serial engine" quietly "$SWEEP" run --engine serial serial.ini
for p in "init.packing_fraction=0.2,seed=1" "init.packing_fraction=0.4,seed=2"; do
    check "serial: $p: the same collisions" test \
        "$(field serial/results.csv "$p" collisions)" = "$(field eos/results.csv "$p" collisions)"
    check "serial: $p: the same table" cmp -s "serial/$p/thermo.csv" "eos/$p/thermo.csv"
done

# Sweep files that are refused: exit 2, FILE:LINE and what was expected.
refused() {
    printf '%s\n' "$2" >bad.ini
    "$SWEEP" bad.ini >out 2>err
    status=$?
    check "refused ($1): exit 2" test "$status" -eq 2
    check "refused ($1): message" contains err "$3"
}
refused "unknown key" "[sweep]
base = base.ini
sedes = 1:3" "bad.ini:3: unknown key 'sedes' in [sweep]"
refused "bad range" "[sweep]
base = base.ini
[vary]
init.radius = 0.5:0.1:0.1" "bad.ini:4: expected a range FROM:TO[:STEP] with FROM <= TO and STEP > 0, found '0.5:0.1:0.1'"
refused "no base" "[vary]
init.radius = 0.5" "bad.ini:2: [sweep] needs the key 'base'"
refused "key without a section" "[set]
end_time = 3" "bad.ini:2: expected a key SECTION.KEY as for hsframe -s, found 'end_time'"
refused "missing base file" "[sweep]
base = none.ini" "base configuration $WORK/none.ini: cannot read"
refused "seed in [vary]" "[sweep]
base = base.ini
[vary]
simulation.seed = 1, 2" "bad.ini:4: simulation.seed is set by [sweep] seeds"

# A key that hsframe does not know, in [vary] or [set]: every point would
# fail the same way, so one point's configuration is checked first
# (hsframe --check) and nothing runs.
for engine in parallel serial; do
    printf '[sweep]\nbase = base.ini\ndirectory = typo-%s\n[vary]\ninit.packing_fractoin = 0.2, 0.3\n' \
        $engine >typo.ini
    check "$engine: a misspelt [vary] key: refused, exit 2" run_sweep 2 --engine $engine typo.ini
    check "... naming the key, with the one it resembles" contains err \
        "hsframe-sweep: hsframe refuses the configuration of every point, so none was run; init.packing_fractoin=0.2: hsframe: -s init.packing_fractoin: [init] unknown key 'packing_fractoin' (did you mean 'packing_fraction'?)"
    check "... and no point ran" sh -c '! ls typo-'$engine'/*/status typo-'$engine'/results.csv 2>/dev/null | grep -q .'
done
printf '[sweep]\nbase = base.ini\ndirectory = typo-slurm\n[set]\nsimulation.end_tme = 3\n' >typo.ini
check "slurm: a misspelt [set] key: refused, exit 2" run_sweep 2 slurm typo.ini
check "... and no job script" test ! -e typo-slurm/slurm.sh
# A point refused for its own value does not stop the others (the first
# point checked is refused, the second passes).
printf '[sweep]\nbase = base.ini\ndirectory = partly\n[vary]\ninit.packing_fraction = 0.95, 0.3\n[set]\nsimulation.end_time = 1\n' >partly.ini
check "a first point refused for its value: the others run" run_sweep 1 --engine serial partly.ini
check "... the tally" contains err "hsframe-sweep: 2 points: 1 done, 1 failed, 0 not run"
finish
