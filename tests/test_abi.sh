#!/bin/sh
# The plugin ABI keeps its promise: plugins built against the headers of
# every released minor (tests/fixtures/abi-1.N, copies of each release's
# include/) load and run under this host, their vtables followed by poison
# pointers that a host reading newer members would call; kinds newer than
# a plugin's declared minor are refused.
. "$HSF_TEST_SRCDIR/tests/testlib.sh"
FIX="$HSF_FIXTURE_DIR"
cd "$WORK" || exit 1

# The billiard break, with its final snapshot and a table every time unit.
write_break() {     # write_break FILE BOUNDARY OUTPUT FINAL TABLE
    cat > "$1" <<INI
[simulation]
dim = 2
particles = $HSF_TEST_SRCDIR/data/billiards.txt
end_time = 20
[boundary]
plugin = $2
size = 1 1
[output.final]
plugin = snapshot
file = $4
format = algs4
[output.table]
plugin = $3
file = $5
interval = 1
INI
}

for minor in 1_3 1_4 1_5; do
    write_break "$WORK/box.ini" box thermo "$WORK/box-$minor.txt" "$WORK/thermo.csv"
    check "$minor: the break in box" run_status 0 -c "$WORK/box.ini" -q
    write_break "$WORK/old.ini" "$FIX/square_$minor.so" "$FIX/table_$minor.so" \
        "$WORK/square-$minor.txt" "$WORK/table-$minor.csv"
    # Not quiet: the summary lists the files each output wrote.
    check "$minor: the break with the released boundary and output (exit 0)" \
        run_status 0 -c "$WORK/old.ini"
    check "$minor: the summary lists the table" contains "$WORK/out" "table-$minor.csv"
    check "$minor: same trajectory as box, bit for bit" \
        cmp "$WORK/box-$minor.txt" "$WORK/square-$minor.txt"
    # 21 samples (t = 0, 1, ..., 20) under the header.
    rows=$(cat "$WORK/table-$minor.csv" 2>/dev/null | wc -l)
    check "$minor: the table has 22 lines (found $rows)" [ "$rows" -eq 22 ]
    check "$minor: the released boundary cannot follow parabolas: refused" \
        run_status 2 -c "$CONF/bouncing.ini" -q -s boundary.plugin="$FIX/square_$minor.so"
    check "$minor: ... naming what it lacks" contains "$WORK/err" "no first_hit"
    # Checkpoints call the released output's save and restore (ABI 1.3).
    cat > "$WORK/ckpt.ini" <<INI
[simulation]
dim = 3
end_time = 40
seed = 2
[init]
lattice = fcc
cells = 4 4 4
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[output.table]
plugin = $FIX/table_$minor.so
file = $WORK/resumed-$minor.csv
interval = 1
[checkpoint]
file = $WORK/run-$minor.ckpt
every = 10
INI
    check "$minor: checkpointed run with the released output" run_status 0 -c "$WORK/ckpt.ini"
    rows=$(cat "$WORK/resumed-$minor.csv" 2>/dev/null | wc -l)
    check "$minor: its table has 42 lines (found $rows)" [ "$rows" -eq 42 ]
done

check "a thermostat declaring ABI 1.4 is refused" run_status 2 -c "$CONF/thermostat.ini" -q \
    -s thermostat.plugin="$FIX/old_thermostat.so"
check "... saying thermostats came with ABI 1.5" contains "$WORK/err" \
    "thermostat plugins came with ABI 1.5"

finish
