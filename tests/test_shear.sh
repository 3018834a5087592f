#!/bin/sh
# Lees-Edwards shear (the sheared boundary): no pair is missed through the
# sliding images (audits at a tolerance of 1e-9, dense and dilute, 2D and
# 3D, every pair of axes, both signs of the rate, two sizes, grids of a
# few cells, cells and neighbour lists, elastic and inelastic); the energy
# and momentum balances with the images' work close to round-off; queues
# give the same bits; inelastic grains follow Bagnold's scaling; what
# cannot be sheared is refused.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

cat >fluid.ini <<'I'
[simulation]
dim = 2
end_time = 3
audit_every = 0.01
audit_tolerance = 1e-9
[init]
lattice = square
cells = 20 20
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = sheared
rate = 3
I

# value KEY: the summary's KEY in $WORK/out.
value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }

# balanced: the summary's energy and momentum balances close.
balanced() {
    awk -v e="$(value energy_drift)" -v p="$(value momentum_drift)" -v x="$(value gradient_crossings)" \
        'BEGIN { if (!(e * e < 1e-18 && p * p < 1e-24 && x > 0)) {
                     print "  energy_drift " e ", momentum_drift " p ", crossings " x; exit 1 } }'
}

# sheared NAME ARGS...: runs fluid.ini with ARGS; the audits find nothing
# (the run stops at the first overlap) and the balances close.
sheared() {
    what=$1; shift
    check "$what: no overlap through the sliding images" run_status 0 -c fluid.ini "$@" &&
        check "$what: energy and momentum balances with the images' work" balanced
}

# From rest (no start_profile) the images sweep past the particles near
# the gradient faces far faster than those move: the searches across them,
# each run out when the images have slid by a cell, are what finds their
# collisions.
sheared "2D dilute" -s init.packing_fraction=0.05
sheared "2D fluid" -s init.packing_fraction=0.3
sheared "2D dense" -s init.packing_fraction=0.6 -s simulation.end_time=1
sheared "2D, negative rate" -s boundary.rate=-2
sheared "2D, flow y, gradient x" -s boundary.flow=y -s boundary.gradient=x
sheared "2D, 4 x 4 cells" -s init.cells="4 4" -s simulation.end_time=5
sheared "2D, with the profile" -s boundary.start_profile=yes -s init.packing_fraction=0.6 \
    -s simulation.end_time=1
sheared "3D" -s simulation.dim=3 -s init.lattice=fcc -s init.cells="5 5 5" \
    -s init.packing_fraction=0.4 -s simulation.end_time=1
sheared "3D, flow y, gradient z" -s simulation.dim=3 -s init.lattice=fcc \
    -s init.cells="5 5 5" -s boundary.flow=y -s boundary.gradient=z -s simulation.end_time=1
sheared "3D, 2 x 2 x 2 cells" -s simulation.dim=3 -s init.lattice=fcc -s init.cells="2 2 2" \
    -s boundary.rate=5

# Neighbour lists through the sliding images: a list renewed near the
# gradient faces runs out a period later; a particle straying past a face
# by its skin is mapped to its image when re-anchored.
sheared "lists, 2D dilute" -s simulation.neighbour_lists=yes -s init.packing_fraction=0.05
sheared "lists, 2D dense" -s simulation.neighbour_lists=yes -s init.packing_fraction=0.6 \
    -s simulation.end_time=1
sheared "lists, 3D, flow y, gradient z" -s simulation.neighbour_lists=yes -s simulation.dim=3 \
    -s init.lattice=fcc -s init.cells="5 5 5" -s init.packing_fraction=0.45 \
    -s boundary.flow=y -s boundary.gradient=z -s boundary.start_profile=yes -s simulation.end_time=1
# Dense 3D grains with lists: every list searched in batches through the
# nearest sliding images, the lists of the particles away from the
# gradient faces renewed by the plain block scan.
check "lists, inelastic, 3D dense: no overlap" run_status 0 -c fluid.ini \
    -s simulation.neighbour_lists=yes -s simulation.dim=3 -s init.lattice=fcc \
    -s init.cells="5 5 5" -s init.packing_fraction=0.45 -s boundary.start_profile=yes \
    -s simulation.end_time=1 -s interaction.plugin=inelastic -s interaction.restitution=0.8
check "lists, inelastic, 3D dense: the balance counts the dissipated energy" balanced

# A granular gas driven by the flow faster than its particles move about
# it: renewed ahead of each particle along its drift (shared/shear.h,
# hsf_shear_anchor_lead), a neighbourhood is crossed by the flow rather
# than left from its centre.  The bench's sheared gas (tests/bench/
# models.sh), 4000 spheres at 0.30, restitution 0.9, to t = 20: 0.73
# renewals a collision, 0.82 with the anchor ahead along the flow alone,
# 1.12 with anchors where the particles are.
cat >granular-lists.ini <<'I'
[simulation]
dim = 3
end_time = 20
neighbour_lists = yes
[init]
lattice = fcc
cells = 10 10 10
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = sheared
rate = 0.1
start_profile = yes
[interaction]
plugin = inelastic
restitution = 0.9
I
check "lists, driven granular gas: runs" run_status 0 -c granular-lists.ini &&
    check "lists, driven granular gas: $(value renewals) renewals for $(value collisions) collisions, under 0.78 a collision" \
        awk -v r="$(value renewals)" -v c="$(value collisions)" 'BEGIN { exit !(c > 100000 && r < 0.78 * c) }'
# The same fluid elastic: 0.53 renewals a collision, 0.63 with the anchor
# ahead along the flow alone (the fluid unsheared, anchored where the
# particles are: 0.61).
check "lists, sheared elastic fluid: runs" run_status 0 -c granular-lists.ini \
    -s interaction.restitution=1 &&
    check "lists, sheared elastic fluid: $(value renewals) renewals for $(value collisions) collisions, under 0.58 a collision" \
        awk -v r="$(value renewals)" -v c="$(value collisions)" 'BEGIN { exit !(c > 100000 && r < 0.58 * c) }'

# Two sizes (radii 0.3 and 0.7: two grid levels), on a square lattice of
# spacing 1.5, 24 x 24, in a box of 36 x 36.
awk 'BEGIN { print 576; for (i = 0; i < 24; i++) for (j = 0; j < 24; j++)
             printf "%g %g %g %g %g %g 0 0 255\n", 0.75 + 1.5 * i, 0.75 + 1.5 * j,
                    sin(i * 7 + j * 3), cos(i * 5 + j * 11), (i + j) % 2 ? 0.7 : 0.3,
                    (i + j) % 2 ? 5 : 1 }' >two-sizes.txt
cat >two-sizes.ini <<'I'
[simulation]
particles = two-sizes.txt
end_time = 5
audit_every = 0.01
audit_tolerance = 1e-9
[boundary]
plugin = sheared
size = 36 36
rate = 2
I
check "two sizes: no overlap through the sliding images" run_status 0 -c two-sizes.ini &&
    check "two sizes: the balances close" balanced

# A square well and inelastic grains go through the images too.
sheared "square well" -s interaction.plugin=square_well -s interaction.range=1.5 \
    -s interaction.depth=1 -s simulation.end_time=1
check "inelastic: no overlap" run_status 0 -c fluid.ini -s interaction.plugin=inelastic \
    -s interaction.restitution=0.8
check "inelastic: the balance counts the dissipated energy" balanced
# Dense 3D grains near the gradient faces: their candidates through the
# sliding images are solved in batches (cores on straight lines).
check "inelastic, 3D dense: no overlap" run_status 0 -c fluid.ini -s simulation.dim=3 \
    -s init.lattice=fcc -s init.cells="5 5 5" -s init.packing_fraction=0.45 \
    -s simulation.end_time=1 -s interaction.plugin=inelastic -s interaction.restitution=0.8
check "inelastic, 3D dense: the balance counts the dissipated energy" balanced

# A random start packs the spheres with the images at rest, then shears.
sheared "3D random start" -s simulation.dim=3 -s init.method=random -s init.lattice=fcc \
    -s init.cells="4 4 4" -s init.packing_fraction=0.4 -s boundary.rate=1 \
    -s boundary.start_profile=yes -s simulation.end_time=2

# neighbour_lists = auto in a sheared box: lists for dense elastic spheres
# while the flow at the gradient faces is at most twice their thermal
# speed (500 spheres at rate 0.1: 0.42 times), cells otherwise; the lists
# it takes find every collision (the audits).
# fluid.ini made 3D and dense: 500 spheres at 0.45, rate 0.1, the profile.
sed -e 's/^dim = 2/dim = 3/' -e 's/^end_time = 3/end_time = 1/' -e 's/^lattice = square/lattice = fcc/' \
    -e 's/^cells = 20 20/cells = 5 5 5/' -e 's/^packing_fraction = 0.3/packing_fraction = 0.45/' \
    -e 's/^rate = 3/rate = 0.1\nstart_profile = yes/' fluid.ini >dense3d.ini
# auto_search NAME SEARCH ARGS...: dense3d.ini with ARGS runs clean and
# is searched by SEARCH (lists or cells).
auto_search() {
    what=$1 want=$2; shift 2
    check "auto, $what: no overlap" run_status 0 -c dense3d.ini "$@" &&
        check "auto, $what: searched by $want" test "$(value neighbour_search)" = "$want"
}
auto_search "elastic at 0.45" lists
check "auto, elastic at 0.45: the balances close" balanced
auto_search "elastic at 0.40" cells -s init.packing_fraction=0.40
auto_search "elastic at 0.45 from rest" lists -s boundary.start_profile=no
auto_search "elastic at 0.45, the flow 4.2 times the thermal speed" cells -s boundary.rate=1
auto_search "elastic at 0.45, kT = 16: 1.05 times" lists -s boundary.rate=1 \
    -s init.temperature=16
auto_search "inelastic at 0.45" cells -s interaction.plugin=inelastic \
    -s interaction.restitution=0.9
auto_search "elastic at 0.45, lists = no" cells -s simulation.neighbour_lists=no
check "auto, 2D at 0.75: cells" run_status 0 -c fluid.ini -s init.packing_fraction=0.75 \
    -s simulation.end_time=0.2 -s boundary.rate=0.1 && check "auto, 2D at 0.75: searched by cells" \
    test "$(value neighbour_search)" = cells

# Every queue gives the same bits.
for q in calendar binary_heap ladder; do
    check "queue $q runs" run_status 0 -c fluid.ini -s queue.plugin=$q -s output.f.plugin=snapshot \
        -s output.f.file=$q.xyz -s output.f.format=xyz -s boundary.start_profile=yes
done
check "binary_heap: the same final state as calendar" cmp calendar.xyz binary_heap.xyz
check "ladder: the same final state as calendar" cmp calendar.xyz ladder.xyz
check "calendar push/pop runs" run_status 0 -c fluid.ini -s queue.indexed=no -s output.f.plugin=snapshot \
    -s output.f.file=pushpop.xyz -s output.f.format=xyz -s boundary.start_profile=yes
check "calendar push/pop: the same final state as indexed" cmp calendar.xyz pushpop.xyz

# start_profile: every velocity gains the streaming one, rate (y - L/2)
# along x: the mean x velocity of the top fifth less that of the bottom
# fifth is rate times the distance of their means (to a few per cent with
# 400 thermal velocities of spread 1 against a difference of 2 x 0.6 x 3 x L).
check "start_profile: runs to t = 0" run_status 0 -c fluid.ini -s simulation.end_time=1e-9 \
    -s boundary.start_profile=yes -s output.f.plugin=snapshot -s output.f.file=start.xyz \
    -s output.f.format=xyz
check "start_profile: the linear flow" awk 'NR == 2 { i = index($0, "Lattice=\""); split(substr($0, i + 9), f, " "); L = f[5] }
    NR > 2 { if ($3 < L / 5) { lo += $5; ylo += $3; n1++ } if ($3 > 4 * L / 5) { hi += $5; yhi += $3; n2++ } }
    END { slope = (hi / n2 - lo / n1) / (yhi / n2 - ylo / n1)
          if (!(slope > 2.85 && slope < 3.15)) { print "  slope " slope; exit 1 } }' start.xyz

# Bagnold's scaling (R. A. Bagnold, Proc. R. Soc. A 225, 49 (1954)):
# inelastic discs (e = 0.9) sheared from the same start at two rates
# reach, at equal strains, temperatures in the ratio of the rates squared
# and viscosities (from the images' work between strains 25 and 50) in
# the ratio of the rates: hard grains have no energy scale but the shear.
cat >grains.ini <<'I'
[simulation]
dim = 2
[init]
lattice = square
cells = 32 32
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = sheared
[interaction]
plugin = inelastic
restitution = 0.9
[output.final]
plugin = snapshot
file = final.xyz
format = xyz
I
# grains RATE STRAIN: prints the peculiar temperature at that strain and
# the images' work to then.
grains() {
    "$HSFRAME" -c grains.ini -s boundary.rate="$1" -s simulation.end_time="$(awk -v r="$1" -v s="$2" 'BEGIN { print s / r }')" >out.txt 2>&1 || return 1
    t=$(awk -v rate="$1" 'NR == 2 { i = index($0, "Lattice=\""); split(substr($0, i + 9), f, " "); L = f[5] }
        NR > 2 { vx = $5 - rate * ($3 - L / 2); s += vx * vx + $6 * $6; n++ } END { printf "%.6g", s / (2 * n) }' final.xyz)
    echo "$t $(awk '$1 == "shear_work:" { print $2 }' out.txt)"
}
bagnold() {
    set -- $(grains 0.5 25) $(grains 0.5 50) $(grains 1 25) $(grains 1 50)
    [ $# -eq 8 ] || return 1
    awk -v ta="$3" -v wa1="$2" -v wa2="$4" -v tb="$7" -v wb1="$6" -v wb2="$8" 'BEGIN {
        L2 = 2 * 1024 * 3.14159265358979 * 0.25 / 0.3      # box area, for the viscosity
        eta_a = (wa2 - wa1) / (50 - 25) * 0.5 / (0.5 ^ 2 * L2)
        eta_b = (wb2 - wb1) / (50 - 25) * 1 / (1 ^ 2 * L2)
        rt = (tb / 1) / (ta / 0.25); re = (eta_b / 1) / (eta_a / 0.5)
        printf "  T/rate^2: %.4g and %.4g (ratio %.3f); eta/rate: %.4g and %.4g (ratio %.3f)\n",
               ta / 0.25, tb, rt, eta_a / 0.5, eta_b, re
        exit !(rt > 0.85 && rt < 1.15 && re > 0.9 && re < 1.1) }' >&2
}
check "Bagnold: temperature ~ rate^2, viscosity ~ rate" bagnold

# The rdf output sees pairs through the sliding images: its pairs within
# r_max are those counted by hand, all pairs, through the images offset
# by rate L t along x, from the final state it sampled.
check "rdf: runs" run_status 0 -c fluid.ini -s simulation.end_time=2.3 -s simulation.audit_every=0 \
    -s output.rdf.plugin=rdf -s output.rdf.file=rdf.csv -s output.rdf.bins=50 \
    -s output.rdf.r_max=5 -s output.f.plugin=snapshot -s output.f.file=rdf.xyz \
    -s output.f.format=xyz
rdf_pairs() {
    awk -F, 'NR > 1 && !/^#/ { k++; a = 3.14159265358979 * ((0.1 * k) ^ 2 - (0.1 * (k - 1)) ^ 2); s += $2 * a }
             END { N = 400; V = N * 3.14159265358979 * 0.25 / 0.3; printf "%.0f", s * N / 2 * N / V }' rdf.csv
}
hand_pairs() {
    awk -v rate=3 -v t=2.3 'NR == 2 { i = index($0, "Lattice=\""); split(substr($0, i + 9), f, " "); L = f[1] }
        NR > 2 { n++; x[n] = $2; y[n] = $3 }
        END { d = rate * L * t; d -= L * int(d / L)
              for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
                  dx = x[i] - x[j]; dy = y[i] - y[j]; k = dy > L / 2 ? 1 : dy < -L / 2 ? -1 : 0
                  dy -= k * L; dx -= k * d; dx -= L * int(dx / L + (dx > 0 ? 0.5 : -0.5))
                  c += dx * dx + dy * dy < 25 }
              print c }' rdf.xyz
}
check "rdf: the pairs through the sliding images ($(hand_pairs) by hand)" test "$(rdf_pairs)" = "$(hand_pairs)"

# An oblique pair of elastic discs, once through the sliding image and
# once away from the gradient faces (box 10 x 10, rate 0.1: the image one
# period up moves 1 faster along x, offset by t).  Across: A at (5, 9)
# moving up at 1, B at rest at (4.8, 0.6), whose image above moves at
# (1, 0) from (4.8, 10.6): they touch at t = 0.8 (the earlier root of
# (t - 0.2)^2 + (1.6 - t)^2 = 1) at separation (-0.6, -0.8), relative
# velocity (-1, 1); A leaves with (-0.12, 0.84), the image with
# (1.12, 0.16), so B with (0.12, 0.16), the impulse 0.2.  Away: the same
# pair 5 lower, B moving at (1, 0) itself.  The first is the model's pair
# event through the image's velocity, the second the hard sphere's
# bounce, both predicted by the law of sheared hard spheres
# (event/law_sheared.c), with cells and with lists.
cat >across.txt <<'P'
2
5 9 0 1 0.5 1 0 0 0
4.8 0.6 0 0 0.5 1 0 0 0
P
cat >away.txt <<'P'
2
5 4 0 1 0.5 1 0 0 0
4.8 5.6 1 0 0.5 1 0 0 0
P
cat >pair.ini <<'I'
[simulation]
end_time = 1
[boundary]
plugin = sheared
size = 10 10
rate = 0.1
[output.e]
plugin = events
file = pair.csv
[output.f]
plugin = snapshot
file = pair.xyz
format = xyz
I
# oblique J X0 Y0 VX0 VY0 X1 Y1 VX1 VY1: one pair event, at t = 0.8 with
# the impulse J, and the particles at t = 1 as given, to 1e-12.
oblique() {
    impulse=$1
    shift
    awk -F, -v want="$impulse" 'NR > 1 && $2 == "pair" { n++; t = $1; j = $5 }
        END { if (!(n == 1 && (t - 0.8) ^ 2 < 1e-24 && (j - want) ^ 2 < 1e-24)) {
                  print "  " n " pair events, the last at " t ", impulse " j; exit 1 } }' pair.csv &&
        awk -v want="$*" 'BEGIN { split(want, w, " ") }
            NR > 2 { k = 4 * (NR - 3); d = ($2 - w[k + 1]) ^ 2 + ($3 - w[k + 2]) ^ 2 + ($5 - w[k + 3]) ^ 2 + ($6 - w[k + 4]) ^ 2
                     if (!(d < 1e-24)) { print "  particle " NR - 2 ": " $2, $3, $5, $6; bad = 1 } }
            END { exit bad }' pair.xyz
}
# oblique_case WHAT FILE ARGS J X0 Y0 VX0 VY0 X1 Y1 VX1 VY1: the pair of
# FILE run with the search of $lists and ARGS (options without spaces),
# then oblique J X0 ...
oblique_case() {
    what=$1 file=$2 args=$3
    shift 3
    # shellcheck disable=SC2086 # options without spaces
    check "$what, $search: runs" run_status 0 -c pair.ini -s simulation.particles=$file \
        -s simulation.neighbour_lists=$lists $args &&
        check "$what, $search: at t = 0.8 with impulse $1" oblique "$@"
}
# Inelastic (restitution 0.5): the impulse (1 + e) / 2 of the elastic
# one, 0.15; A leaves with (-0.09, 0.88), B (or its image) with 0.09 and
# 0.12 added.  Predicted by the model law: through the sliding images
# across the faces, away from them as in an unsheared box
# (event/predict_model.c).
inelastic="-s interaction.plugin=inelastic -s interaction.restitution=0.5"
for search in cells lists; do
    lists=$([ $search = lists ] && echo yes || echo no)
    oblique_case "oblique pair across the gradient faces, with the image's velocity" \
        across.txt "" 0.2 4.976 9.968 -0.12 0.84 4.824 0.632 0.12 0.16
    oblique_case "oblique pair away from the gradient faces" \
        away.txt "" 0.2 4.976 4.968 -0.12 0.84 5.824 5.632 1.12 0.16
    oblique_case "inelastic oblique pair across the gradient faces" \
        across.txt "$inelastic" 0.15 4.982 9.976 -0.09 0.88 4.818 0.624 0.09 0.12
    oblique_case "inelastic oblique pair away from the gradient faces" \
        away.txt "$inelastic" 0.15 4.982 4.976 -0.09 0.88 5.818 5.624 1.09 0.12
done

# A pair at rest met by the sliding image only after the lists' window has
# moved on: A at (7, 9.6), B at (2.1, 0.4), whose image above moves at
# (1, 0) from (2.1, 10.4); eighteen more discs at rest in rows at y = 3, 5
# and 7 make the cells 2 wide, so that the images slide by a cell in a
# period of 2.  A and B touch at t = 4.3 at separation (0.6, -0.8), the
# relative velocity (-1, 0): A leaves with (0.36, -0.48), B with
# (-0.36, 0.48), the impulse 0.6.  Nothing moves before, so with lists
# no particle leaves its neighbourhood: B is in A's list only once the
# lists renewed near the gradient faces have run out and been renewed
# (at t = 2 and 4; hsf_neighbours.until); with cells A's search runs out
# and A is predicted again (at t = 2 and 4 too).
{
    echo 20
    echo "7 9.6 0 0 0.5 1 0 0 0"
    echo "2.1 0.4 0 0 0.5 1 0 0 0"
    for y in 3 5 7; do
        for x in 0.5 2 3.5 5 6.5 8; do
            echo "$x $y 0 0 0.5 1 0 0 0"
        done
    done
} >late.txt
# met_late SEARCH: one pair event, at t = 4.3 with impulse 0.6, and A and
# B at t = 5 where that collision sends them, to 1e-12.
met_late() {
    run_status 0 -c pair.ini -s simulation.particles=late.txt -s simulation.end_time=5 \
        -s simulation.neighbour_lists="$1" &&
        awk -F, 'NR > 1 && $2 == "pair" { n++; t = $1; j = $5 }
            END { if (!(n == 1 && (t - 4.3) ^ 2 < 1e-24 && (j - 0.6) ^ 2 < 1e-24)) {
                      print "  " n " pair events, the last at " t ", impulse " j; exit 1 } }' \
            pair.csv &&
        awk 'BEGIN { split("7.252 9.264 0.36 -0.48 1.848 0.736 -0.36 0.48", w, " ") }
            NR > 2 && NR <= 4 { k = 4 * (NR - 3); d = ($2 - w[k + 1]) ^ 2 + ($3 - w[k + 2]) ^ 2 + ($5 - w[k + 3]) ^ 2 + ($6 - w[k + 4]) ^ 2
                     if (!(d < 1e-24)) { print "  particle " NR - 2 ": " $2, $3, $5, $6; bad = 1 } }
            END { exit bad }' pair.xyz
}
check "a pair at rest met by the sliding image at t = 4.3, lists" met_late yes
check "a pair at rest met by the sliding image at t = 4.3, cells" met_late no

# What sliding images cannot go with is refused, with the reason.
refused() {
    what=$1 text=$2; shift 2
    check "refused: $what" run_status 2 -c fluid.ini "$@" && check "refused: $what: says why" contains "$WORK/err" "$text"
}
refused "cells = no" "cells = no cannot be used" -s simulation.cells=no
refused "reverse_at" "reverse_at" -s simulation.reverse_at=1
refused "the transport output" "the Einstein-Helfand method is for a fluid in equilibrium" \
    -s output.t.plugin=transport -s output.t.file=t.csv -s output.t.interval=0.1
refused "[compression]" "[compression] cannot be used" -s compression.rate=0.01
refused "rate 0" "expected a shear rate other than 0" -s boundary.rate=0
refused "flow = gradient" "expected an axis other than the flow axis" -s boundary.gradient=x
refused "an axis beyond dim" "expected x or y, found 'z'" -s boundary.flow=z
sed '/^rate/d; s/plugin = sheared/plugin = periodic/' fluid.ini >periodic.ini
check "refused: start_profile without sliding images" run_status 2 -c periodic.ini \
    -s boundary.start_profile=yes &&
    check "refused: start_profile without sliding images: says why" contains "$WORK/err" \
        "has no sliding images"
cat >outside.txt <<'P'
2
1 1 0 0 0.5 1 0 0 0
1 12 0 0 0.5 1 0 0 0
P
cat >outside.ini <<'I'
[simulation]
particles = outside.txt
end_time = 1
[boundary]
plugin = sheared
size = 10 10
rate = 1
I
check "a centre outside along the gradient: refused" run_status 2 -c outside.ini &&
    check "a centre outside along the gradient: file:line and what is wrong" \
        contains "$WORK/err" "outside.txt:3"
finish
