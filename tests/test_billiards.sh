#!/bin/sh
# The shipped scenarios run, their snapshots read back as input, and every
# queue gives the same trajectory to the last bit.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

check "billiards.ini runs" run_status 0 -c "$CONF/billiards.ini"
check "billiards: 16 balls" contains "$WORK/out" "particles: 16"
# |relative energy change| below 1e-13 after thousands of collisions
check "billiards: energy kept" awk '/^energy_drift:/ { d = $2 < 0 ? -$2 : $2; found = 1 }
    END { exit !(found && d < 1e-13) }' "$WORK/out"
check "billiards: snapshot written" test -s billiards-final.txt
check "billiards: thermo table written" contains billiards-thermo.csv \
    "time,events,collisions,kinetic_energy,temperature"
# The README's first command leaves pictures of the break, one per time
# unit: the rack in the first (the gold ball's centre (0.5, 0.62) is pixel
# (200, 152) of 400), the balls elsewhere in the last.
check "billiards: 21 pictures of the break" test "$(ls billiards-break-*.png | wc -l)" -eq 21
check "billiards: the summary lists the pictures" \
    test "$(grep -c '^file: billiards-break-0000[0-9][0-9].png (frames, \[output.pictures\])$' "$WORK/out")" -eq 21
check "billiards: the rack in the first picture" test \
    "$("$HSF_TEST_BUILDDIR/tests/png_pixel" billiards-break-000000.png 200 152)" = "255 215 0"
check "billiards: the last picture is another" \
    sh -c '! cmp -s billiards-break-000000.png billiards-break-000020.png'
check "snapshot reads back as input" run_status 0 -c "$CONF/billiards.ini" \
    -s simulation.particles="$WORK/billiards-final.txt" -s simulation.end_time=1 \
    -s output.final.file=again.txt -s output.thermo.file=again.csv

# Every shipped queue is built; each gives the bits of binary_heap (the
# queue of billiards.ini, whose run above is the reference).
for q in binary_heap pairing_heap calendar marin_tree splay_tree ladder; do
    check "queue plugin $q is built" test -e "$HSF_TEST_BUILDDIR/plugins/queue/.libs/$q.so"
done
for q in pairing_heap calendar marin_tree splay_tree ladder; do
    check "billiards under $q" run_status 0 -c "$CONF/billiards.ini" -s queue.plugin=$q \
        -s output.final.file=final-$q.txt -s output.thermo.file=thermo-$q.csv
    check "$q: same bits as binary_heap" cmp billiards-final.txt final-$q.txt
done

# A longer run: ~10^5 events of a 3D gas, byte-identical final states.
for q in binary_heap pairing_heap calendar marin_tree splay_tree ladder; do
    check "box3d under $q" run_status 0 -c "$CONF/box3d.ini" -s queue.plugin=$q \
        -s simulation.end_time=20 -s output.final.file=box3d-$q.xyz \
        -s output.thermo.file=t.csv -s output.movie.file=m.xyz
done
for q in pairing_heap calendar marin_tree splay_tree ladder; do
    check "box3d $q: same bits as binary_heap" cmp box3d-binary_heap.xyz box3d-$q.xyz
done
check "box3d under ladder, not indexed" run_status 0 -c "$CONF/box3d.ini" -s queue.plugin=ladder \
    -s queue.indexed=no -s simulation.end_time=20 -s output.final.file=box3d-ladder-pushpop.xyz \
    -s output.thermo.file=t.csv -s output.movie.file=m.xyz
check "box3d ladder, not indexed: same bits" cmp box3d-binary_heap.xyz box3d-ladder-pushpop.xyz

# The indexed queue (one event per particle, moved in place) against push
# and pop with superseded events dropped: the same events in the same order.
check "billiards, queue not indexed" run_status 0 -c "$CONF/billiards.ini" \
    -s queue.indexed=no -s output.final.file=final-pushpop.txt -s output.thermo.file=t.csv
check "billiards: not indexed, says so" grep -qx "queue: binary_heap" "$WORK/out"
check "billiards: indexed and not, same bits" cmp billiards-final.txt final-pushpop.txt
check "billiards, ladder not indexed" run_status 0 -c "$CONF/billiards.ini" -s queue.plugin=ladder \
    -s queue.indexed=no -s output.final.file=final-ladder-pushpop.txt -s output.thermo.file=t.csv
check "billiards: ladder indexed and not, same bits" cmp billiards-final.txt final-ladder-pushpop.txt
for q in marin_tree splay_tree; do
    check "billiards under $q, not indexed" run_status 0 -c "$CONF/billiards.ini" -s queue.plugin=$q \
        -s queue.indexed=no -s output.final.file=final-$q-pushpop.txt -s output.thermo.file=t.csv
    check "$q: indexed and not, same bits" cmp billiards-final.txt final-$q-pushpop.txt
done
for ix in no yes; do
    check "periodic3d (neighbour lists), indexed=$ix" run_status 0 -c "$CONF/periodic3d.ini" \
        -s queue.indexed=$ix -s simulation.neighbour_lists=yes -s simulation.end_time=3 \
        -s output.final.file=p3d-$ix.xyz -s output.thermo.file=t.csv
done
check "periodic3d: indexed by default, says so" contains "$WORK/out" "queue: marin_tree (indexed)"
check "periodic3d: indexed and not, same bits" cmp p3d-yes.xyz p3d-no.xyz
# plugin = auto: the complete binary tree below 12000 particles indexed,
# the calendar from 12000 on and for push and pop; the same trajectory.
check "periodic3d under the calendar by name" run_status 0 -c "$CONF/periodic3d.ini" \
    -s queue.plugin=calendar -s simulation.neighbour_lists=yes -s simulation.end_time=3 \
    -s output.final.file=p3d-calendar.xyz -s output.thermo.file=t.csv
check "auto and the calendar: same bits" cmp p3d-yes.xyz p3d-calendar.xyz
check "auto, not indexed" run_status 0 -c "$CONF/periodic3d.ini" -s queue.indexed=no \
    -s simulation.end_time=0.1 -s output.final.file=p3d-pp.xyz -s output.thermo.file=t.csv
check "auto, not indexed: the calendar, says so" grep -qx "queue: calendar" "$WORK/out"
for cells in "119 100:marin_tree" "120 100:calendar"; do
    check "auto, ${cells%%:*} discs" run_status 0 -c "$CONF/periodic3d.ini" -s simulation.dim=2 \
        -s init.lattice=square -s init.cells="${cells%%:*}" -s init.packing_fraction=0.3 \
        -s simulation.end_time=0.01 -s output.final.file=d.xyz -s output.thermo.file=t.csv
    check "auto, ${cells%%:*} discs: ${cells##*:}" grep -qx "queue: ${cells##*:} (indexed)" "$WORK/out"
done
# From 16384 particles the engine reads ahead the particles of the events
# the queue names as coming next (lists in 3D, cells in 2D): a hint that
# must change nothing.  auto is indexed at any size.
for ix in no auto; do
    check "32000 spheres, indexed=$ix" run_status 0 -c "$CONF/periodic3d.ini" \
        -s init.cells="20 20 20" -s simulation.neighbour_lists=yes -s queue.indexed=$ix \
        -s simulation.end_time=0.02 -s output.final.file=big-$ix.xyz -s output.thermo.file=t.csv
    check "20000 discs, indexed=$ix" run_status 0 -c "$CONF/periodic3d.ini" -s simulation.dim=2 \
        -s init.lattice=square -s init.cells="100 200" -s init.packing_fraction=0.3 \
        -s simulation.end_time=0.5 -s output.final.file=disc-$ix.xyz -s output.thermo.file=t.csv \
        -s queue.indexed=$ix
done
check "auto: indexed at 20000 particles too, says so" grep -qx "queue: calendar (indexed)" "$WORK/out"
check "32000 spheres: indexed and not, same bits" cmp big-auto.xyz big-no.xyz
check "20000 discs: indexed and not, same bits" cmp disc-auto.xyz disc-no.xyz
for q in binary_heap pairing_heap marin_tree splay_tree ladder; do
    check "20000 discs under $q" run_status 0 -c "$CONF/periodic3d.ini" -s simulation.dim=2 \
        -s init.lattice=square -s init.cells="100 200" -s init.packing_fraction=0.3 \
        -s simulation.end_time=0.5 -s output.final.file=disc-$q.xyz -s output.thermo.file=t.csv \
        -s queue.plugin=$q
    check "20000 discs: $q gives the same bits" cmp disc-auto.xyz disc-$q.xyz
done

check "box3d.ini runs" run_status 0 -c "$CONF/box3d.ini" -s simulation.end_time=5
check "box3d: 3D" contains "$WORK/out" "dimension: 3"
check "box3d: trajectory frames" test "$(grep -c '^343$' box3d-trajectory.xyz)" -eq 6
finish
