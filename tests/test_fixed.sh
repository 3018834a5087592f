#!/bin/sh
# Fixed particles: infinite mass, exact collisions, no events of their
# own, no fall in a field; walls of overlapping fixed discs; what they may
# not do is refused.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
below() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && (x < 0 ? -x : x) < l) }' ||
          { echo "  |$1| is not below $2" >&2; return 1; }; }

# A disc meets a post of two overlapping fixed discs head on: it comes
# back at exactly its speed (a mass of 1e12 would give it back
# 1 - 2e-12 of it), and the posts stay where they were, to the bit.
cat >post.xyz <<'X'
3
Properties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1:fixed:I:1
ball 2 5 1 0 0.5 1 0
post 6 5 0 0 0.5 1 1
post 6.5 5.5 0 0 0.5 1 1
X
cat >post.ini <<'I'
[simulation]
dim = 2
particles = post.xyz
end_time = 4
audit_every = 0.1
[boundary]
plugin = box
size = 10 10
[output.final]
plugin = xyz
file = post-final.xyz
I
check "a disc meets a post of overlapping fixed discs" run_status 0 -c post.ini &&
    check "it comes back at exactly its speed, from the contact at t = 3" \
        awk 'NR == 3 { exit !($2 == 4 && $3 == 5 && $5 == -1 && $6 == 0) }' post-final.xyz &&
    check "the posts stay, to the bit, at rest" \
        awk 'NR > 3 { bad += !($5 == 0 && $6 == 0 && $13 == 1) } NR == 4 { bad += !($2 == 6 && $3 == 5) }
             NR == 5 { bad += !($2 == 6.5 && $3 == 5.5) } END { exit bad }' post-final.xyz &&
    check "one collision, and the two posts' overlap is no overlap" \
        test "$(value collisions) $(value max_overlap)" = "1 0.000e+00"

# Under gravity: a ball dropped from 4.5 above the contact with a fixed
# plate hits it at t = 3 with speed 3 (impulse 6), every 6 time units;
# the plate does not fall.
cat >plate.xyz <<'X'
2
Properties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1:fixed:L:1
ball 5 8 0 0 0.5 1 F
plate 5 2 0 0 1 1 T
X
cat >plate.ini <<'I'
[simulation]
dim = 2
particles = plate.xyz
end_time = 20
audit_every = 0.05
[boundary]
plugin = box
size = 10 10
[field]
gravity = 0 -1
[output.final]
plugin = xyz
file = plate-final.xyz
[output.ev]
plugin = events
file = plate-events.csv
I
check "a ball bounces on a fixed plate under gravity" run_status 0 -c plate.ini &&
    check "hits at t = 3, 9, 15 with impulse 6" \
        awk -F, 'NR > 1 { got = got $1 ":" $5 " " } END { exit got != "3:6 9:6 15:6 " }' plate-events.csv &&
    check "the plate has not fallen" awk 'NR == 4 { exit !($2 == 5 && $3 == 2 && $6 == 0) }' plate-final.xyz &&
    check "energy conserved" below "$(value energy_drift)" 1e-12

# A bed of spheres falls on a base plate of fixed spheres under gravity,
# in a periodic box along x and y: the audits find no overlap (the
# moving spheres' parabolas meet the resting ones exactly), energy is
# conserved, and the fixed spheres have no events of their own.
awk 'BEGIN { n = 0
    for (i = 0; i < 10; i++) for (j = 0; j < 10; j++) line[++n] = "base " i + 0.5 " " j + 0.5 " 0.5 0 0 0 0.5 1 1"
    srand(3)
    for (i = 0; i < 5; i++) for (j = 0; j < 5; j++) for (k = 0; k < 3; k++)
        line[++n] = "grain " 2 * i + 1 " " 2 * j + 1 " " 3 + 2 * k " " rand() - 0.5 " " rand() - 0.5 " " rand() - 0.5 " 0.4 1 0"
    print n; print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1:fixed:I:1"
    for (k = 1; k <= n; k++) print line[k] }' >bed.xyz
cat >bed.ini <<'I'
[simulation]
dim = 3
particles = bed.xyz
end_time = 30
audit_every = 0.02
audit_tolerance = 1e-9
[boundary]
plugin = box
size = 10 10 20
[field]
gravity = 0 0 -1
[output.final]
plugin = xyz
file = bed-final.xyz
I
check "grains fall on a base plate of fixed spheres" run_status 0 -c bed.ini &&
    check "no overlap at any audit, energy conserved" below "$(value energy_drift)" 1e-11 &&
    check "the base plate is where it was" \
        awk 'NR > 2 && $1 == "base" { bad += !($4 == 0.5 && $5 == 0 && $6 == 0 && $7 == 0) } END { exit bad }' bed-final.xyz &&
    check "the grains hit it (some rest on it at the end)" \
        awk 'NR > 2 && $1 == "grain" && $4 < 1.5 { n++ } END { exit !(n > 0) }' bed-final.xyz

# The same bed with the plate declared by species and the grains
# inelastic: [simulation] fixed_species.
sed 's/ 1$/ 0/; s/:fixed:I:1//' bed.xyz | awk 'NR <= 2 { print; next } { NF = NF - 1; print }' >bed2.xyz
check "fixed_species = base fixes the plate" run_status 0 -c bed.ini \
    -s simulation.particles=bed2.xyz -s simulation.fixed_species=base -s simulation.end_time=10 \
    -s interaction.plugin=inelastic -s interaction.restitution=0.8 &&
    check "...and it stays" \
        awk 'NR > 2 && $1 == "base" { bad += !($4 == 0.5 && $5 == 0) } END { exit bad }' bed-final.xyz

# A tracer among fixed discs (spheres), radius 0.5 each, meets only
# them: its speed is kept to 1e-13 over 3e5 collisions, in 2D and 3D.  A
# bounce on the rounded unit normal dr / |dr| drifted by 2e-11 here (at
# contact |dr| is always 1, where that normal's |n|^2 - 1 has a mean of
# 4.7e-17); on dr itself, compensated, what is left is the random walk of
# storing the velocity, some 3e-14 (docs/TESTING.md, "Exact bounces").
tracer() {       # DIM END_TIME: a 4^DIM lattice of posts 1.6 apart in a periodic box
    awk -v dim="$1" 'BEGIN { a = 1.6; n = 0
        for (i = 0; i < 4; i++) for (j = 0; j < 4; j++) for (l = 0; l < (dim == 3 ? 4 : 1); l++)
            post[++n] = (i + 0.5) * a " " (j + 0.5) * a (dim == 3 ? " " (l + 0.5) * a " 0 0 0" : " 0 0")
        print n + 1; printf "Properties=species:S:1:pos:R:%d:velo:R:%d:radius:R:1:mass:R:1:fixed:I:1\n", dim, dim
        print dim == 3 ? "ball 1.6 1.6 1.6 0.48 0.64 0.6 0.5 1 0" : "ball 1.6 1.6 0.6 0.8 0.5 1 0"
        for (k = 1; k <= n; k++) print "post " post[k] " 0.5 1 1" }' >tracer$1.xyz
    run_status 0 -c post.ini -s simulation.dim="$1" -s simulation.particles=tracer$1.xyz \
        -s simulation.end_time="$2" -s simulation.audit_every=0 -s boundary.plugin=periodic \
        -s boundary.size="6.4 6.4$([ "$1" = 3 ] && echo " 6.4")" -s output.final.file=tracer$1-final.xyz
}
speed_kept() {   # DIM: the tracer's speed at the end against its start, to 1e-13
    awk -v dim="$1" '$1 == "ball" && FILENAME ~ /final/ { s1 = sqrt($5 * $5 + $6 * $6 + $7 * $7) }
         $1 == "ball" && FILENAME !~ /final/ { s0 = sqrt(dim == 3 ? $5 * $5 + $6 * $6 + $7 * $7 : $4 * $4 + $5 * $5) }
         END { d = s1 / s0 - 1; if (d < 0) d = -d; if (!(d < 1e-13)) { printf "  speed %.17g, was %.17g\n", s1, s0 > "/dev/stderr"; exit 1 } }' \
        tracer$1.xyz tracer$1-final.xyz
}
for dim in 2 3; do
    end=64000; [ $dim = 3 ] && end=155000
    check "${dim}D: a tracer among fixed posts" tracer $dim $end &&
        check "${dim}D: ...meets them 3e5 times" test "$(value collisions)" -ge 300000 &&
        check "${dim}D: ...and keeps its speed to 1e-13" speed_kept $dim
done

# Thermo's temperature is that of the particles that move.
cat >gas.ini <<'I'
[simulation]
dim = 2
particles = gas.xyz
end_time = 0
[boundary]
plugin = box
size = 20 20
[output.thermo]
plugin = thermo
file = thermo.csv
I
awk 'BEGIN { print 20; print "Properties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:fixed:I:1"
    for (k = 0; k < 10; k++) print 2 * k + 1, 5, (k % 2 ? 1 : -1), 0, 0.4, 2, 0
    for (k = 0; k < 10; k++) print 2 * k + 1, 15, 0, 0, 0.4, 2, 1 }' >gas.xyz
check "thermo with fixed particles" run_status 0 -c gas.ini &&
    check "kT = 2K / (d N_moving) = 1" awk -F, 'NR == 2 { exit !($5 == 1) }' thermo.csv

# Refusals.
sed 's/^post 6 5 0 0/post 6 5 0.5 0/' post.xyz >moving.xyz
check "a fixed particle with a velocity is refused" run_status 2 -c post.ini \
    -s simulation.particles=moving.xyz &&
    check "...at its file and line" contains err "moving.xyz:4"
check "an unknown fixed species is refused" run_status 2 -c post.ini -s simulation.fixed_species=wall &&
    check "...naming it" contains err "no species 'wall'"
sed 's/^ball 2 5/ball 5.8 5/' post.xyz >overlap.xyz
check "a moving disc overlapping a fixed one is refused" run_status 2 -c post.ini \
    -s simulation.particles=overlap.xyz &&
    check "...as an overlap" contains err "overlaps"
check "fixed particles with a compression are refused" run_status 2 -c post.ini \
    -s compression.rate=0.01 &&
    check "...saying why" contains err "fixed particles cannot"

finish
