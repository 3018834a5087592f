#!/bin/sh
# Compression (Lubachevsky-Stillinger) and random starts: fast compression
# of monodisperse spheres jams near random close packing, slow compression
# of discs crystallises, a fluid compressed to 0.30 has the pressure of the
# equation of state, polydisperse discs between walls, a random fluid that
# starts on the hard-sphere path, resumed runs that end where whole ones
# do, and the refusals.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
near() { awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; exit !(x != "" && (d < 0 ? -d : d) <= t) }'; }
# kinetic FILE: the kinetic energy of a snapshot, from its velocities.
kinetic() { awk -f "$HSF_TEST_SRCDIR/tests/kinetic.awk" "$1"; }
between() { awk -v x="$1" -v a="$2" -v b="$3" 'BEGIN { exit !(x != "" && x >= a && x <= b) }'; }

# 500 spheres from a lattice at 0.3, compressed fast: a jammed random
# packing, which the literature puts at 0.62 to 0.66 for monodisperse
# spheres (random close packing, 0.64: G. D. Scott and D. M. Kilgour,
# J. Phys. D 2, 863 (1969); S. Torquato, T. M. Truskett and P. G.
# Debenedetti, Phys. Rev. Lett. 84, 2064 (2000)).
cat >jam.ini <<'INI'
[simulation]
dim = 3
end_time = 100000
[init]
lattice = fcc
cells = 5 5 5
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[compression]
rate = 0.03
jamming = 1000
[output.final]
plugin = snapshot
file = jammed.xyz
INI
check "fast compression runs" run_status 0 -c jam.ini
check "fast: jammed" contains "$WORK/out" "compression: jammed"
phi=$(value packing_fraction)
check "fast: random close packing ($phi in 0.62 - 0.66)" between "$phi" 0.62 0.66
check "fast: reduced pressure past 1000" awk -v z="$(value reduced_pressure)" 'BEGIN { exit !(z > 1000) }'
check "fast: no overlap" near "$(value max_overlap)" 0 1e-10
check "fast: energy balance (work and rescaling counted)" near "$(value energy_drift)" 0 1e-10
# From its terms: the kinetic energy of the packing less the work and the
# heat of the rescaling, against 3/2 N kT = 750 at the start.
e1=$(awk -v k="$(kinetic jammed.xyz)" -v w="$(value compression_work)" \
    -v q="$(value heat_from_rescaling)" 'BEGIN { if (k == "" || w == "" || q == "") exit 1
                                                printf "%.17g", k - w - q }')
check "fast: K (snapshot) - work - heat = 750 at the start ($e1)" near "$e1" 750 1e-7
check "fast: ended early" awk -v t="$(value time)" 'BEGIN { exit !(t < 1000) }'
# The packing is a particle file again, at its density, and does not move
# much (jammed: every sphere caged within a fraction of a diameter).
cat >rerun.ini <<INI
[simulation]
dim = 3
particles = jammed.xyz
end_time = 1
[boundary]
plugin = periodic
size = $(awk 'NR == 2 { split($0, q, "\""); split(q[2], l, " "); print l[1], l[5], l[9] }' jammed.xyz)
[output.thermo]
plugin = thermo
file = rerun.csv
interval = 0.5
INI
check "the jammed packing runs as input" run_status 0 -c rerun.ini
check "jammed input: its compressibility is huge" awk -F, 'NR == 3 { good = $7 > 100 } END { exit !good }' rerun.csv

# Discs compressed slowly order into hexagonal crystals (0.9069 when
# perfect): dense, and each disc's six neighbours at the angles of a
# hexagon (the bond-orientational order |psi6|, averaged over the discs, is
# 1 in a perfect crystal); fast, they jam disordered and less dense.
# (Five seeds gave 0.871 to 0.895 slow, 0.820 to 0.831 fast.)
psi6() {
    awk 'NR == 2 { split($0, q, "\""); split(q[2], l, " "); lx = l[1]; ly = l[5] }
         NR > 2 && NF > 8 { x[n] = $2; y[n] = $3; r[n] = $8; n++ }
         END { for (i = 0; i < n; i++) {
                   re = im = c = 0
                   for (j = 0; j < n; j++) {
                       if (j == i) continue
                       dx = x[j] - x[i]; dy = y[j] - y[i]
                       dx -= lx * int(2 * dx / lx); dy -= ly * int(2 * dy / ly)
                       if (dx * dx + dy * dy < (1.2 * (r[i] + r[j])) ^ 2) {
                           a = atan2(dy, dx); re += cos(6 * a); im += sin(6 * a); c++ }
                   }
                   if (c) psi += sqrt(re * re + im * im) / c
               }
               printf "%.3f", psi / n }' "$1"
}
check "slow compression of discs runs" run_status 0 -c "$CONF/compression.ini" \
    -s output.pictures.interval=0
slow=$(value packing_fraction) order=$(psi6 compression-final.xyz)
check "slow: crystallised ($slow above 0.86, |psi6| $order above 0.85)" awk -v p="$slow" \
    -v o="$order" 'BEGIN { exit !(p > 0.86 && p < 0.9069 && o > 0.85) }'
check "fast compression of discs runs" run_status 0 -c "$CONF/compression.ini" \
    -s output.pictures.interval=0 -s compression.rate=0.1
fast=$(value packing_fraction)
check "fast: disordered ($fast below 0.845)" awk -v p="$fast" 'BEGIN { exit !(p < 0.845 && p > 0.8) }'
check "the compression's picture" test -f compression-000000.png

# Compressed from 0.1 to 0.30 and run on at that size: the pressure of
# the fluid, Z = 3.974 (Carnahan-Starling), as from a lattice start.
cat >to30.ini <<'INI'
[simulation]
dim = 3
end_time = 60
[init]
lattice = fcc
cells = 8 8 8
packing_fraction = 0.1
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[compression]
rate = 0.1
packing_fraction = 0.3
[output.thermo]
plugin = thermo
file = to30.csv
interval = 2
INI
check "compression to 0.30 runs" run_status 0 -c to30.ini
check "to 0.30: stopped there" contains "$WORK/out" "compression: reached the packing fraction"
check "to 0.30: packing fraction 0.3" near "$(value packing_fraction)" 0.3 1e-12
z=$(awk -F, 'NR > 1 && $1 > 20 { s += $7; n++ } END { printf "%.4f", s / n }' to30.csv)
check "to 0.30: Z = $z against Carnahan-Starling 3.974" near "$z" 3.974 0.06
check "lattice start at 0.30" run_status 0 -c "$CONF/periodic3d.ini" -s init.cells="8 8 8" \
    -s simulation.end_time=60 -s output.thermo.file=lattice.csv -s output.final.file=l.xyz
zl=$(awk -F, 'NR > 1 && $1 > 20 { s += $7; n++ } END { printf "%.4f", s / n }' lattice.csv)
check "to 0.30: Z as the lattice start's ($z, $zl)" near "$z" "$zl" 0.06

# Polydisperse discs between walls: two sizes, compressed to 0.7; the
# audit holds every pair apart and every disc inside.
awk 'BEGIN { srand(5); print 200
    for (i = 0; i < 200; i++) {
        r = i % 2 ? 0.25 : 0.35; x = 1 + (i % 20) * 1.4; y = 1 + int(i / 20) * 1.4
        printf "%.4f %.4f %.4f %.4f %.2f 1 0 0 0\n", x, y, rand() - 0.5, rand() - 0.5, r } }' >poly.txt
cat >poly.ini <<'INI'
[simulation]
dim = 2
particles = poly.txt
end_time = 100000
audit_every = 5
[boundary]
plugin = box
size = 29 15
[compression]
rate = 0.02
packing_fraction = 0.7
INI
check "polydisperse discs between walls" run_status 0 -c poly.ini -s simulation.end_time=300
check "polydisperse: reached 0.7" contains "$WORK/out" "compression: reached the packing fraction"
check "polydisperse: no overlap, none through a wall" near "$(value max_overlap)" 0 1e-10
check "polydisperse: energy balance (the walls' work counted)" near "$(value energy_drift)" 0 1e-10

# A random fluid at 0.45 starts on the hard-sphere path: no model left.
check "random fluid runs" run_status 0 -c "$CONF/random-fluid.ini" -s simulation.end_time=2
check "random fluid: the hard-sphere path (no interaction line)" sh -c "! grep -q '^interaction:' '$WORK/out'"
check "random fluid: radius 0.5 exactly" awk '!/^Lattice/ && NF > 10 { n++; if ($8 != 0.5) bad = 1 }
    END { exit bad || n == 0 }' \
    random-fluid-start.xyz
z45=$(awk -F, 'NR > 2 { s += $7; n++ } END { printf "%.3f", s / n }' random-fluid-thermo.csv)
check "random fluid: Z = $z45 against Carnahan-Starling 9.385" near "$z45" 9.385 0.25
check "the same seed, the same start" run_status 0 -c "$CONF/random-fluid.ini" \
    -s simulation.end_time=2 -s output.start.file=again.xyz -s output.thermo.file=again.csv
check "same start bit for bit" cmp -s random-fluid-start.xyz again.xyz

# Stopped after a quarter of the events and resumed until done: the same
# end, during a compression and after a random start.
resumed() {
    tag=$1; shift
    "$HSFRAME" -q --summary text "$@" -s output.log.plugin=thermo -s output.log.file=$tag-a.csv \
        -s output.log.interval=1 >$tag-a.sum || return 1
    events=$(segment $tag-a.sum 4)
    status=75 runs=0
    while [ $status -eq 75 ] && [ $runs -lt 300 ]; do
        resume=""
        [ -f $tag.ckpt ] && resume="--resume $tag.ckpt"
        "$HSFRAME" -q --summary text "$@" -s output.log.plugin=thermo -s output.log.file=$tag-b.csv \
            -s output.log.interval=1 -s checkpoint.file=$tag.ckpt \
            -s checkpoint.stop_after_events="$events" $resume >/dev/null
        status=$?
        runs=$((runs + 1))
    done
    echo "  $tag: $runs runs" >&2
    [ $status -eq 0 ] && [ $runs -gt 1 ] && cmp -s $tag-a.csv $tag-b.csv
}
check "compression resumed: the same end" resumed jam -c jam.ini
check "random start resumed: the same end" resumed rnd -c "$CONF/random-fluid.ini" \
    -s simulation.end_time=4 -s output.start.file=rs.xyz -s output.thermo.file=rt.csv

# A compression that reaches its packing fraction early and runs on: the
# radii stop growing, and nothing rescales the velocities after that (the
# heat from rescaling at t = 40 is the one at t = 10); a run stopped after
# the end and resumed goes on as the whole run does.
cat >ends.ini <<'INI'
[simulation]
dim = 2
end_time = 40
[init]
lattice = square
cells = 20 20
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = box
[compression]
rate = 0.05
packing_fraction = 0.4
INI
check "a compression that ends early runs to t = 10" run_status 0 -c ends.ini \
    -s simulation.end_time=10
check "ends early: reached the packing fraction" contains "$WORK/out" \
    "compression: reached the packing fraction"
h10=$(value heat_from_rescaling)
check "it runs on to t = 40" run_status 0 -c ends.ini
h40=$(value heat_from_rescaling)
check "no rescale after the end (heat from rescaling $h10 at t = 10, $h40 at 40)" \
    [ "$h10" = "$h40" ]
check "resumed after the end: the same end" resumed ends -c ends.ini

# Refused before the run.
check "a stepped interaction cannot grow" run_status 2 -c jam.ini -s interaction.plugin=square_well
check "steps: says why" contains "$WORK/err" "growing particles need hard cores"
check "a target below the start is refused" run_status 2 -c jam.ini -s compression.packing_fraction=0.2
check "target: says so" contains "$WORK/err" "expected a target above it, found 0.2"
check "neighbour lists cannot grow" run_status 2 -c jam.ini -s simulation.neighbour_lists=yes
check "lists: says why" contains "$WORK/err" "or growing ones ([compression])"
check "too dense a random start is refused" run_status 2 -c "$CONF/random-fluid.ini" \
    -s init.packing_fraction=0.7 -s init.cells="4 4 4"
check "too dense: says where it jammed" contains "$WORK/err" "a random packing jammed at"
finish
