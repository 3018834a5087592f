#!/bin/sh
# Models beyond elastic hard spheres: square wells (energy, the second
# virial coefficient, a bound pair), inelastic discs (the loss of one
# collision, Haff's law), bonds (never stretched, written and read with
# the particles), species (a non-additive mixture), checkpoints, and the
# messages for what is wrong.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
# near X Y TOL: |X - Y| <= TOL
near() { awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; exit !(x != "" && (d < 0 ? -d : d) <= t) }'; }
# kinetic FILE: the kinetic energy of a snapshot, from its velocities.
kinetic() { awk -f "$HSF_TEST_SRCDIR/tests/kinetic.awk" "$1"; }
# sum X Y...: their sum, or nothing when one is empty.
sum() { awk 'BEGIN { for (k = 1; k < ARGC; k++) { if (ARGV[k] == "") exit 1; s += ARGV[k] }
                     printf "%.17g", s }' "$@"; }

# ---- the model path's plain case ----------------------------------------

# Hard spheres with a core of 1 + 1e-12 take the model path, which solves
# them in batches and keeps a partner across cell crossings as the
# hard-sphere path does: a collision it missed would leave an overlap for
# the audits, or show as fewer collisions than the hard-sphere path has in
# the same fluid (the two rates agree within 1 %: about 100 000 collisions
# each, whose count fluctuates by some 0.3 %).
cat >plain.ini <<'INI'
[simulation]
dim = 3
end_time = 5
audit_every = 0.25
[init]
lattice = fcc
cells = 10 10 10
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
INI
check "hard spheres on the hard-sphere path run" run_status 0 -c plain.ini
hs_collisions=$(value collisions)
check "hard spheres through the model path run" run_status 0 -c plain.ini \
    -s interaction.plugin=hard_sphere -s interaction.core=1.000000000001
check "model path: audited, no overlap" near "$(value max_overlap)" 0 1e-10
check "model path: energy conserved" near "$(value energy_drift)" 0 1e-12
check "model path: $(value collisions) collisions, $hs_collisions on the hard-sphere path" \
    awk -v a="$(value collisions)" -v b="$hs_collisions" \
    'BEGIN { d = a / b - 1; exit !(b > 50000 && (d < 0 ? -d : d) < 0.01) }'

# A square well on cells, whose crossings keep a partner too, and on
# neighbour lists: the audits find every pair in its shell, energy is
# conserved, and the two count as many captures into the well (some
# 21 000) within 10 %.
check "square well on cells runs" run_status 0 -c plain.ini -s simulation.neighbour_lists=no \
    -s interaction.plugin=square_well -s interaction.depth=1 -s interaction.range=1.5
check "square well on cells: audited" near "$(value max_overlap)" 0 1e-10
check "square well on cells: energy conserved" near "$(value energy_drift)" 0 1e-12
cells_captured=$(value captured_pairs)
check "square well on lists runs" run_status 0 -c plain.ini -s simulation.neighbour_lists=yes \
    -s interaction.plugin=square_well -s interaction.depth=1 -s interaction.range=1.5
check "square well: $cells_captured captures on cells, $(value captured_pairs) on lists" \
    awk -v a="$cells_captured" -v b="$(value captured_pairs)" \
    'BEGIN { d = a / b - 1; exit !(b > 500 && (d < 0 ? -d : d) < 0.1) }'

# ---- square well ------------------------------------------------------

# The total energy column stays put to 1e-12 of the kinetic energy while
# the potential energy changes.
check "square well runs" run_status 0 -c "$CONF/squarewell.ini" --audit-every 1
check "square well: energy conserved ($(value energy_drift))" near "$(value energy_drift)" 0 1e-12
check "square well: the audit finds every pair in its shell" near "$(value max_overlap)" 0 1e-10
# The balance from its terms: the kinetic energy of the final snapshot
# and the summary's potential energy against the kinetic energy at the
# start, 3/2 N kT (864 spheres at 1.5, no pair in a well on the lattice).
e1=$(sum "$(kinetic squarewell-final.xyz)" "$(value potential_energy)")
check "square well: K (snapshot) + U = 1944 at the start ($e1)" near "$e1" 1944 2e-9
check "square well: pairs fall into wells" awk -F, 'NR == 2 { u0 = $10 } NR > 2 { u = $10 }
    END { exit !(u0 == 0 && u < -1000) }' squarewell-thermo.csv
check "square well: total energy constant in every row" awk -F, 'NR == 2 { e = $11; k = $4 }
    NR > 2 { d = $11 - e; if ((d < 0 ? -d : d) > 1e-12 * k) bad = 1 } END { exit bad || NR < 3 }' \
    squarewell-thermo.csv

# Dilute square-well gas: Z = 1 + B2 rho, with B2 = (2 pi sigma^3 / 3)
# (1 - (lambda^3 - 1)(exp(eps / kT) - 1)) (lambda 1.5, eps 0.5, rho from
# packing fraction 0.01), against the hard-sphere value 1 + 2 pi rho / 3.
cat >b2.ini <<'INI'
[simulation]
dim = 3
end_time = 600
[init]
lattice = fcc
cells = 8 8 8
packing_fraction = 0.01
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[interaction]
plugin = square_well
depth = 0.5
range = 1.5
[output.thermo]
plugin = thermo
file = b2.csv
interval = 10
INI
check "dilute square well runs" run_status 0 -c b2.ini
b2=$(awk -F, 'NR > 3 && $7 != "" { z += $7; t += $5; n++ }
    END { z /= n; t /= n; rho = 0.01 * 6 / 3.141592653589793
          b2 = 2 * 3.141592653589793 / 3 * (1 - 2.375 * (exp(0.5 / t) - 1))
          printf "%.6f %.6f %.6f", z, 1 + b2 * rho, 1 + 2 * 3.141592653589793 / 3 * rho }' b2.csv)
set -- $b2 "" "" ""
check "square well: Z = $1 against 1 + B2 rho = $2 (hard spheres $3)" awk -v z="$1" -v v="$2" \
    -v h="$3" 'BEGIN { d = z - v; exit !(z != "" && (d < 0 ? -d : d) < 0.2 * (1 - v) && h - z > 0.05) }'

# Two discs in a well with less kinetic energy than its depth: their
# relative kinetic energy (mu dv^2 / 2 = 0.25) can never pay the 1 it
# costs to leave.  Receding along their line of centres at 2.4 (relative
# energy 1.44) they leave at once.  In this box the search offers each
# disc the other through far images too, whose distances tell a shell
# other than the pair's; the run is audited (audit_every), so a collision
# given the wrong shell by its prediction (find_model) fails it.
pair() {
    cat >pair.txt <<TXT
2
50 50 $1 0 0.5 1 255 0 0
51.2 50 $2 0 0.5 1 0 0 255
TXT
    cat >pair.ini <<INI
[simulation]
dim = 2
particles = pair.txt
end_time = $3
audit_every = 1
[boundary]
plugin = periodic
size = 100 100
[interaction]
plugin = square_well
depth = 1
range = 1.5
INI
}
pair 0.5 -0.5 1000
check "bound pair runs" run_status 0 -c pair.ini
check "bound pair: still captured after 1000 time units" test "$(value captured_pairs)" = 1
check "bound pair: it bounced at the well's edge ($(value step_events) times)" \
    test "$(value step_events)" -gt 100
check "bound pair: energy conserved" near "$(value energy_drift)" 0 1e-12
pair -1.2 1.2 10
check "escaping pair runs" run_status 0 -c pair.ini
check "escaping pair: left the well" test "$(value captured_pairs)" = 0
check "escaping pair: paid the depth" near "$(value potential_energy)" 0 0

# The same pairs among 20 discs at rest far away, so that their events
# are predicted by the batched search (solve_wells), on cells and on
# lists; every event at its analytic time with its analytic impulse, to
# 1e-12.  Approaching at relative speed 2 from 5 apart: captured at
# 1.75, closing then at sqrt(4 + 4 depth / m) = 2 sqrt(2) (impulse
# mu (2 sqrt(2) - 2) = sqrt(2) - 1); the cores meet 0.5 / (2 sqrt(2))
# later (impulse 2 mu 2 sqrt(2) = 2 sqrt(2)) and the pair leaves as much
# later again.  Held at 1.2 and closing at 1: the cores meet at 0.2, the
# step turns them back at 0.7 (relative energy 0.25 short of the depth 1,
# impulse 1), and so on every 0.5.
spectators() {
    awk -v a="$1" -v b="$2" 'BEGIN { print 22; print a; print b
        for (i = 0; i < 20; i++) printf "%g %g 0 0 0.5 1 0 255 0\n", 5 + 4 * (i % 10), 10 + 4 * int(i / 10) }'
}
# well_events KIND:TIME:IMPULSE...: the events file holds just these.
well_events() {
    awk -F, -v want="$*" 'BEGIN { n = split(want, w, " ") }
        NR > 1 { k++; split(w[k], e, ":"); dt = $1 - e[2]; dj = $5 - e[3]
                 if ($2 != e[1] || dt * dt > 1e-24 || dj * dj > 1e-24) {
                     print "  event " k ": " $0 " against " w[k]; bad = 1 } }
        END { if (k != n) print "  " k " events against " n; exit bad || k != n }' wells.csv
}
calc() { awk "BEGIN { printf \"%.17g\", $1 }"; }
for search in cells lists; do
    lists=$([ $search = cells ] && echo no || echo yes)
    spectators "40 50 1 0 0.5 1 255 0 0" "45 50 -1 0 0.5 1 0 0 255" >crossing.txt
    check "pair crossing a well, batched on $search: runs" run_status 0 -c pair.ini \
        -s simulation.particles=crossing.txt -s simulation.end_time=3 \
        -s simulation.neighbour_lists=$lists -s output.e.plugin=events -s output.e.file=wells.csv
    check "pair crossing a well, batched on $search: captured, cores, leaves, analytic" \
        well_events "step:1.75:$(calc 'sqrt(2) - 1')" \
        "pair:$(calc '1.75 + 0.25 / sqrt(2)'):$(calc '2 * sqrt(2)')" \
        "step:$(calc '1.75 + 0.5 / sqrt(2)'):$(calc 'sqrt(2) - 1')"
    spectators "50 50 0.5 0 0.5 1 255 0 0" "51.2 50 -0.5 0 0.5 1 0 0 255" >held.txt
    check "pair held in a well, batched on $search: runs" run_status 0 -c pair.ini \
        -s simulation.particles=held.txt -s simulation.end_time=2 \
        -s simulation.neighbour_lists=$lists -s output.e.plugin=events -s output.e.file=wells.csv
    check "pair held in a well, batched on $search: bounces at the core and the step" \
        well_events pair:0.2:1 step:0.7:1 pair:1.2:1 step:1.7:1
done

# ---- inelastic --------------------------------------------------------

# Head on, masses 1 and 3, closing at 2, e = 0.5: the normal relative
# energy 0.5 mu 2^2 = 1.5 loses (1 - e^2) of itself, 1.125.
cat >two.txt <<'TXT'
2
40 50 1.5 0 0.5 1 255 0 0
50 50 -0.5 0 0.5 3 0 0 255
TXT
cat >two.ini <<'INI'
[simulation]
dim = 2
particles = two.txt
end_time = 8
[boundary]
plugin = periodic
size = 100 100
[interaction]
plugin = inelastic
restitution = 0.5
elastic_within = 0
[output.final]
plugin = snapshot
file = two-final.txt
INI
check "inelastic pair runs" run_status 0 -c two.ini
check "inelastic: one collision" test "$(value collisions)" = 1
e1=$(sum "$(kinetic two-final.txt)" "$(value dissipated_energy)")
check "inelastic: K (snapshot) + dissipated = 1.5 at the start ($e1)" near "$e1" 1.5 1e-14
check "inelastic: the summary's energy_drift agrees" near "$(value energy_drift)" 0 1e-14
check "inelastic: lost (1 - e^2) of the normal energy ($(value dissipated_energy))" \
    near "$(value dissipated_energy)" 1.125 1e-14
check "inelastic: kinetic energy 1.5 - 1.125 left" near "$(value kinetic_energy)" 0.375 1e-14

# Haff's law: a homogeneous cooling gas (e = 0.9, packing fraction 0.1)
# follows sqrt(T1 / T(t)) - 1 = (t - t1) / tau, 1 / tau = (1 - e^2) w1 / 4
# in 2D (w1 the collision rate per disc at t1).
cat >haff.ini <<'INI'
[simulation]
dim = 2
end_time = 30
[init]
lattice = triangular
cells = 64 64
packing_fraction = 0.1
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[interaction]
plugin = inelastic
restitution = 0.9
[output.thermo]
plugin = thermo
file = haff.csv
interval = 1
[output.final]
plugin = snapshot
file = haff-final.txt
INI
check "cooling gas runs" run_status 0 -c haff.ini
check "cooling gas: K + dissipated conserved" near "$(value energy_drift)" 0 1e-12
# N discs at kT = 1 in 2D: K = N at the start.
e1=$(sum "$(kinetic haff-final.txt)" "$(value dissipated_energy)")
check "cooling gas: K (snapshot) + dissipated = N = $(value particles) at the start ($e1)" \
    near "$e1" "$(value particles)" 1e-8
haff=$(awk -F, 'NR == 7 { t1 = $1; T1 = $5 } NR == 8 { w = $9 }
    NR > 7 { x = $1 - t1; y = sqrt(T1 / $5) - 1; n++; sx += x; sy += y; sxx += x * x
             sxy += x * y; syy += y * y }
    END { b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
          r = (n * sxy - sx * sy) / sqrt((n * sxx - sx * sx) * (n * syy - sy * sy))
          printf "%.5f %.5f %.6f", b, (1 - 0.81) * w / 4, r }' haff.csv)
set -- $haff "" "" ""
check "Haff's law: slope $1 against (1 - e^2) w1 / 4 = $2, linear (r = $3)" awk -v b="$1" \
    -v p="$2" -v r="$3" 'BEGIN { exit !(b != "" && p > 0 && b > 0.9 * p && b < 1.1 * p && r > 0.999) }'

# ---- bonds ------------------------------------------------------------

check "polymer runs with audits" run_status 0 -c "$CONF/polymer.ini"
check "polymer: 19 bonds" test "$(value bonds)" = 19
check "polymer: no bond ever stretched, no core overlapped" near "$(value max_overlap)" 0 1e-10
check "polymer: tethers pulled taut" test "$(value step_events)" -gt 100
check "dumbbells run" run_status 0 -c "$CONF/dumbbells.ini" -s output.final.file=dumbbells.xyz
check "dumbbells: the snapshot carries the bonds" contains dumbbells.xyz 'bonds="0 1 1.3, 2 3 1.3'
check "dumbbells: runs on from its snapshot" run_status 0 -c "$CONF/dumbbells.ini" \
    -s simulation.particles="$WORK/dumbbells.xyz" -s output.final.file=again.xyz
check "dumbbells: the bonds came along" test "$(value bonds)" = 144
check "dumbbells: an algs4 snapshot is refused" run_status 2 -c "$CONF/dumbbells.ini" \
    -s output.final.format=algs4
check "algs4 refusal says why" contains "$WORK/err" "the algs4 format cannot hold bonds"

# Equipartition in the gas of hard dumbbells: the kinetic energy per
# degree of freedom of the molecules' translation (2), rotation (1) and
# stretching of the tether (1) is the same kT / 2 (energies output).
check "dumbbells with the energies output" run_status 0 -c "$CONF/dumbbells.ini" \
    -s simulation.end_time=300 -s output.e.plugin=energies -s output.e.file=split.csv \
    -s output.e.interval=1
split=$(awk -F, 'NR > 50 { t += $7; r += $8; v += $9 }
    END { m = (t + r + v) / 3; printf "%.4f %.4f %.4f", t / m, r / m, v / m }' split.csv)
check "dumbbells: equipartition among translation, rotation, stretching ($split)" \
    awk -v s="$split" 'BEGIN { split(s, x, " "); for (k = 1; k <= 3; k++)
        if (x[k] < 0.97 || x[k] > 1.03) exit 1 }'

printf '2\n1 1 0 0 0.5 1 0 0 0\n3 1 0 0 0.5 1 0 0 0\n' >far.txt
printf '# i j\n0 1\n' >far.bonds
cat >far.ini <<'INI'
[simulation]
dim = 2
particles = far.txt
end_time = 1
[boundary]
size = 10 10
[bonds]
file = far.bonds
length = 1.5
INI
check "a bond stretched at the start is refused" run_status 2 -c far.ini
check "stretched bond: names the file lines" contains "$WORK/err" \
    "far.txt:2: particles 1 and 2 (lines 2 and 3; '0 1' in a bonds file, which counts from 0) are bonded with length 1.5 but 2 apart"
printf '0 1\n0 x\n' >far.bonds
check "a bad bonds line is refused" run_status 2 -c far.ini -s bonds.length=3
check "bad bonds line: file:line:column" contains "$WORK/err" \
    "far.bonds:2:3: expected a particle number from 0 to 1, found 'x'"
printf '0 1 0.8\n' >far.bonds
check "a bond shorter than contact is refused" run_status 2 -c far.ini
check "short bond: says so" contains "$WORK/err" "has length 0.80000000000000004: expected more than their contact distance 1"

# ---- species ----------------------------------------------------------

# A binary mixture whose unlike cores touch at 1.2 diameters: A-B pairs
# never come closer, like pairs do.
awk 'BEGIN { n = 0; print 196
    print "Properties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1"
    for (y = 0; y < 14; y++) for (x = 0; x < 14; x++) {
        printf "%s %.3f %.3f %.6f %.6f 0.5 1\n", (x + y) % 2 ? "B" : "A", 0.7 + 1.4 * x,
               0.7 + 1.4 * y, cos(n * 2.39996), sin(n * 2.39996); n++ } }' >mix.xyz
cat >mix.ini <<'INI'
[simulation]
dim = 2
particles = mix.xyz
end_time = 50
audit_every = 5
[boundary]
plugin = periodic
size = 19.6 19.6
[interaction]
plugin = hard_sphere
[interaction.A.B]
core = 1.2
[output.final]
plugin = snapshot
file = mix-final.xyz
format = xyz
INI
check "non-additive mixture runs" run_status 0 -c mix.ini
check "mixture: the audit holds every pair to its own core" near "$(value max_overlap)" 0 1e-10
closest() {
    awk -v want="$1" 'BEGIN { n = 0 } NR > 2 { s[n] = $1; x[n] = $2; y[n] = $3; n++ }
        END { m = 1e9; for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) {
                  if ((s[i] != s[j]) != (want == "unlike")) continue
                  dx = x[i] - x[j]; dy = y[i] - y[j]
                  dx -= 19.6 * int(dx / 9.8); dy -= 19.6 * int(dy / 9.8)
                  d = sqrt(dx * dx + dy * dy); if (d < m) m = d }
              print m }' mix-final.xyz
}
check "mixture: unlike pairs stay 1.2 apart ($(closest unlike))" awk -v d="$(closest unlike)" \
    'BEGIN { exit !(d >= 1.2 * (1 - 1e-12) && d < 1.4) }'
check "mixture: like pairs come closer ($(closest like))" awk -v d="$(closest like)" \
    'BEGIN { exit !(d < 1.2) }'
check "a pair section naming an unknown species is refused" run_status 2 -c mix.ini \
    -s interaction.A.C.core=1.1
check "unknown species: lists the known ones" contains "$WORK/err" \
    "[interaction.A.C]: no species 'C': the particle file has A and B"
check "a pair section on an algs4 file is refused" run_status 2 -c "$CONF/billiards.ini" \
    -s interaction.A.B.core=1.1
check "no species: says where species come from" contains "$WORK/err" \
    "the particle file names no species (an XYZ species column does)"
check "an interaction section naming a boundary plugin is refused" run_status 2 \
    -c "$CONF/billiards.ini" -s interaction.plugin=box
check "wrong kind: says so" contains "$WORK/err" "is a boundary plugin, but an interaction plugin is needed here"

# ---- the default path, and checkpoints ---------------------------------

# [interaction] hard_sphere is the hard-sphere path itself: the same bits.
check "billiards" run_status 0 -c "$CONF/billiards.ini" -s output.final.file=plain.txt
check "billiards with hard_sphere named" run_status 0 -c "$CONF/billiards.ini" \
    -s interaction.plugin=hard_sphere -s output.final.file=named.txt
check "hard_sphere named: the same trajectory" cmp -s plain.txt named.txt

# A square-well fluid, a bonded chain and a cooling gas, stopped after a
# quarter of their events and resumed until done, end where the whole run
# ends.
resumed() {
    tag=$1; shift
    "$HSFRAME" -q --summary text "$@" -s output.final.plugin=snapshot \
        -s output.final.file="$tag-a.xyz" -s output.final.format=xyz >"$tag-a.sum" || return 1
    events=$(segment "$tag-a.sum" 4)
    status=75 runs=0
    while [ $status -eq 75 ] && [ $runs -lt 200 ]; do
        resume=""
        [ -f "$tag.ckpt" ] && resume="--resume $tag.ckpt"
        "$HSFRAME" -q --summary text "$@" -s output.final.plugin=snapshot \
            -s output.final.file="$tag-b.xyz" -s output.final.format=xyz -s checkpoint.file="$tag.ckpt" \
            -s checkpoint.stop_after_events="$events" $resume >"$tag-b.sum"
        status=$?
        runs=$((runs + 1))
    done
    echo "  $tag: $runs runs" >&2
    [ $status -eq 0 ] && [ $runs -gt 1 ] && cmp -s "$tag-a.xyz" "$tag-b.xyz" &&
        [ "$(grep -E '^(events|collisions|step_events|captured_pairs|total_energy):' "$tag-a.sum")" = \
          "$(grep -E '^(events|collisions|step_events|captured_pairs|total_energy):' "$tag-b.sum")" ]
}
check "square well: resumed from checkpoints, the same end" resumed sw -c "$CONF/squarewell.ini" \
    -s output.thermo.plugin=thermo
check "polymer: resumed from checkpoints, the same end" resumed chain -c "$CONF/polymer.ini" \
    -s output.trajectory.file=chain.xyz -s output.picture.prefix=chain -s simulation.end_time=1500
check "cooling gas: resumed from checkpoints, the same end" resumed cool -c haff.ini
finish
