#!/bin/sh
# The start-up pass (libcore/event/start_pass.h) gives every particle the
# first event its own prediction gives: a run ends bit for bit where it
# ends with [simulation] start_pass = no, with cells (periodic, and walled
# with edge cells), with neighbour lists, with push and pop, and on a
# lattice built for exact ties, which the pass leaves to the prediction.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# same NAME ARGS...: the run with the pass and without it, final snapshots
# and summaries (but timings) compared.
same() {
    what=$1; shift
    for pass in yes no; do
        check "$what, start_pass = $pass: runs" run_status 0 -q --summary text "$@" \
            -s simulation.start_pass=$pass -s output.zz.plugin=snapshot \
            -s output.zz.file="$WORK/final-$pass.xyz" -s output.zz.format=xyz || return 1
        grep -E '^(events|collisions|stale_events|renewals|kinetic_energy):' "$WORK/out" \
            >"summary-$pass.txt"
    done
    check "$what: the same final state to the bit" cmp final-yes.xyz final-no.xyz
    check "$what: the same counters" cmp summary-yes.txt summary-no.txt
}

gas() {
    printf '[simulation]\ndim = 2\nend_time = %s\n[init]\nlattice = square\ncells = %s %s\npacking_fraction = 0.3\n[boundary]\nplugin = periodic\n' \
        "$2" "$1" "$1"
}
fcc() {
    printf '[simulation]\ndim = 3\nend_time = %s\n[init]\nlattice = fcc\ncells = %s %s %s\npacking_fraction = %s\n[boundary]\nplugin = periodic\n' \
        "$3" "$1" "$1" "$1" "$2"
}
gas 100 2 >gas.ini
fcc 8 0.30 1 >fcc30.ini
fcc 8 0.45 1 >fcc45.ini
same "2D gas, cells" -c gas.ini
same "2D gas, cells, push and pop" -c gas.ini -s queue.indexed=no
same "FCC 0.30, cells" -c fcc30.ini -s simulation.neighbour_lists=no
same "FCC 0.45, lists" -c fcc45.ini -s simulation.neighbour_lists=yes
same "box with walls, edge cells" -c "$CONF/box3d.ini" -s simulation.end_time=20

# Ties: discs at rest between two that close in on them at the same speed
# from the same distance, so two collisions come at exactly the same time.
# The discs at rest come first in the file: their events, of lower seq,
# come out first, so which partner each takes shows in the end state.
awk 'BEGIN { n = 20; print n * n
    for (odd = 1; odd >= 0; odd--) for (y = 0; y < n; y++) for (x = 0; x < n; x++) {
        if (x % 2 != odd) continue
        vx = x % 4 == 0 ? 0.5 : x % 4 == 2 ? -0.5 : 0
        vy = x % 2 && y % 4 == 0 ? 0.25 : x % 2 && y % 4 == 2 ? -0.25 : 0
        print x + 0.5, y + 0.5, vx, vy, 0.1, 1, 0, 0, 0 } }' >ties.txt
printf '[simulation]\ndim = 2\nparticles = ties.txt\nend_time = 30\n[boundary]\nplugin = periodic\nsize = 20 20\n' \
    >ties.ini
same "lattice of exact ties" -c ties.ini
finish
