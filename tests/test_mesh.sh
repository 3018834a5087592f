#!/bin/sh
# The mesh boundary: walls from an STL file.  A box meshed with 12
# triangles (ASCII and binary) gives the box plugin's trajectories, event
# driven and in time steps; single spheres hit a face, an edge and a
# vertex at the analytic times, on straight lines and parabolas, and a
# lone triangle from both sides; grains under gravity stay in a hopper
# and round a meshed ball (audited; the ball's edges and corners are hit);
# growing spheres do not cross the walls; paths are found as the host
# finds particle files; bad files are refused with where and what.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
MESH="$HSF_TEST_SRCDIR/data/mesh.awk"
export LC_ALL=C

# stl2bin: ASCII STL on stdin to binary on stdout (little-endian floats;
# the coordinates used here are exact in single precision).
stl2bin() {
    awk 'function byte(b) { printf "%c", b }
         function u32(u,   k) { for (k = 0; k < 4; k++) { byte(u % 256); u = int(u / 256) } }
         function f32(x,   s, e, m) {
             if (x == 0) { u32(0); return }
             s = x < 0; if (s) x = -x
             e = 0
             while (x >= 2) { x /= 2; e++ }
             while (x < 1) { x *= 2; e-- }
             m = int((x - 1) * 8388608 + 0.5)
             u32(s * 2147483648 + (e + 127) * 8388608 + m)
         }
         $1 == "vertex" { v[n++] = $2; v[n++] = $3; v[n++] = $4 }
         END {
             for (k = 0; k < 80; k++) byte(32)
             u32(n / 9)
             for (t = 0; t < n / 9; t++) {
                 f32(0); f32(0); f32(0)
                 for (k = 0; k < 9; k++) f32(v[9 * t + k])
                 byte(0); byte(0)
             }
         }'
}

# particles N: an extended XYZ file of spheres of radius 0.1 on a lattice
# in [0, 10]^3 with velocities from a fixed seed.
particles() {
    awk 'BEGIN { srand(5); print 294
                 print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
                 for (i = 0; i < 7; i++) for (j = 0; j < 7; j++) for (k = 0; k < 6; k++)
                     printf "A %.6f %.6f %.6f %.6f %.6f %.6f 0.1 1\n", 0.8 + 1.4 * i,
                            0.8 + 1.4 * j, 0.8 + 1.6 * k, rand() - 0.5, rand() - 0.5,
                            rand() - 0.5 }'
}

# ---- a box mesh is the box ----------------------------------------------
awk -v shape=box -v size="10 10 10" -f "$MESH" >box.stl
stl2bin <box.stl >box-bin.stl
particles >gas.xyz
cat >gas.ini <<'I'
[simulation]
dim = 3
particles = gas.xyz
end_time = 10
[boundary]
plugin = box
size = 10 10 10
[output.final]
plugin = snapshot
file = final.xyz
format = xyz
I
sed 's/^plugin = box/plugin = mesh/; s/^size = .*/file = box.stl/' gas.ini >gas-mesh.ini

# same A B: the positions of two snapshots agree within 1e-9.
same() {
    paste "$1" "$2" | awk 'NR > 2 { for (k = 2; k <= 4; k++) { d = $k - $(k + NF / 2)
                                       if (d < 0) d = -d; if (d > m) m = d } }
                             END { if (!(NR == 296 && m < 1e-9)) { print "  max difference " m ", lines " NR; exit 1 } }'
}
check "the box plugin runs the gas" run_status 0 -c gas.ini -s output.final.file=box.xyz
check "a box of 12 triangles (ASCII) runs it" run_status 0 -c gas-mesh.ini \
    -s output.final.file=ascii.xyz
check "... with wall hits" awk '$1 == "boundary_hits:" && $2 > 200 { f = 1 } END { exit !f }' out
check "... to the box plugin's positions within 1e-9" same box.xyz ascii.xyz
check "the same box, binary" run_status 0 -c gas-mesh.ini \
    -s boundary.file=box-bin.stl -s output.final.file=binary.xyz
check "... gives the same positions" same box.xyz binary.xyz
# The time-step engine asks first_hit for its straight steps too.
for b in gas gas-mesh; do
    check "time steps, $b.ini" run_status 0 -c $b.ini -s simulation.engine=timestep \
        -s simulation.integrator=verlet -s simulation.dt=0.001 -s simulation.end_time=2 \
        -s output.final.file=steps-$b.xyz
done
check "... the same positions with the box plugin and the box mesh" same steps-gas.xyz steps-gas-mesh.xyz

# Binary files whose header begins with "solid" (as some exporters
# write them) are told from ASCII by their size.
{ printf 'solid binary'; tail -c +13 box-bin.stl; } >solid-bin.stl
check "a binary file with a header 'solid ...'" run_status 0 -c gas-mesh.ini \
    -s boundary.file=solid-bin.stl -s output.final.file=solid.xyz
check "... gives the same positions" same box.xyz solid.xyz
# An ASCII file that begins with a UTF-8 byte-order mark (some editors
# write one) is ASCII still.
{ printf '\357\273\277'; cat box.stl; } >bom.stl
check "an ASCII file after a byte-order mark" run_status 0 -c gas-mesh.ini \
    -s boundary.file=bom.stl -s output.final.file=bom.xyz
check "... gives the same positions" same box.xyz bom.xyz

# ---- exact contact times --------------------------------------------------
# obstacle.stl: the box [0, 10]^3 around a cube [4, 6]^3 (a closed mesh
# with a cavity); sheet.stl: the box and a lone triangle (an open mesh).
{ cat box.stl; awk -v shape=box -v size="2 2 2" -v origin="4 4 4" -v inward=1 -f "$MESH"; } >obstacle.stl
{ cat box.stl; printf 'solid sheet\nfacet normal 0 0 1\nouter loop\nvertex 2 2 5\nvertex 8 2 5\nvertex 2 8 5\nendloop\nendfacet\nendsolid\n'; } >sheet.stl

# first_wall MESH "x y z" "vx vy vz" [GRAVITY]: runs one sphere of radius
# 0.5 and prints the time and the kind (0 face, 1 edge, 2 vertex) of its
# first wall hit.
first_wall() {
    printf '1\nProperties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1\nA %s %s 0.5 1\n' "$2" "$3" >one.xyz
    field=""
    [ -n "${4:-}" ] && field="[field]
gravity = $4"
    cat >one.ini <<I
[simulation]
dim = 3
particles = one.xyz
end_time = 8
[boundary]
plugin = mesh
file = $1
open = yes
$field
[output.events]
plugin = events
file = events.csv
I
    "$HSFRAME" -c one.ini >out 2>err || { sed 's/^/  stderr: /' err >&2; return 1; }
    awk -F, '$2 == "wall" { print $1, $4 % 4; exit }' events.csv
}

# hits NAME EXPECTED_TIME KIND ARGS...: the first hit is on a wall of
# KIND at EXPECTED_TIME within 4 ulps.
hits() {
    name=$1 want=$2 kind=$3; shift 3
    got=$(first_wall "$@")
    check "$name: at t = $want (found $got)" awk -v got="$got" -v t="$want" -v k="$kind" \
        'BEGIN { split(got, g, " "); d = g[1] - t; if (d < 0) d = -d
                 exit !(got != "" && d <= 4 * 2.2e-16 * t && g[2] == k) }'
}
hits "a face, straight line" 1.5 0 obstacle.stl "5 5 8" "0 0 1"
hits "a face, parabola" "$(awk 'BEGIN { printf "%.17g", 4 - sqrt(7) }')" 0 obstacle.stl \
    "2 2 5" "0 0 4" "0 0 -1"
hits "an edge, straight line" "$(awk 'BEGIN { printf "%.17g", 2 - 0.5 / sqrt(2) }')" 1 \
    obstacle.stl "8 8 5" "-1 -1 0"
# Falling onto the top edge of the cube (y = z = 6) at t = 2 along the
# diagonal between its two faces: a quartic.
y0=$(awk 'BEGIN { printf "%.17g", 8 + 0.5 / sqrt(2) }')
hits "an edge, parabola" 2 1 obstacle.stl "5 $y0 $y0" "0 -1 0" "0 0 -1"
hits "a vertex, straight line" "$(awk 'BEGIN { printf "%.17g", 2 - 0.5 / sqrt(3) }')" 2 \
    obstacle.stl "8 8 8" "-1 -1 -1"
hits "a lone triangle from below" 1.5 0 sheet.stl "3 3 3" "0 0 1"
hits "a lone triangle from above" 2.5 0 sheet.stl "3 3 8" "0 0 -1"
hits "beside the lone triangle, the box's top" 6.5 0 sheet.stl "7 7 3" "0 0 1"

# ---- a hopper under gravity, audited ----------------------------------------
awk -v shape=hopper -f "$MESH" >hopper.stl
awk 'BEGIN { srand(7); print 363
             print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
             for (i = 0; i < 11; i++) for (j = 0; j < 11; j++) for (k = 0; k < 3; k++)
                 printf "A %.4f %.4f %.4f %.4f %.4f %.4f 0.25 1\n", -4.5 + 0.9 * i,
                        -4.5 + 0.9 * j, 9.4 + 0.9 * k, rand() - 0.5, rand() - 0.5, rand() - 0.5 }' >grains.xyz
cat >hopper.ini <<'I'
[simulation]
dim = 3
particles = grains.xyz
end_time = 15
audit_every = 0.5
audit_tolerance = 1e-9
[boundary]
plugin = mesh
file = hopper.stl
[field]
gravity = 0 0 -1
[output.final]
plugin = snapshot
file = grains-final.xyz
format = xyz
I
value() { awk -v k="$1:" '$1 == k { print $2 }' out; }
check "grains discharge through the hopper, audited" run_status 0 -c hopper.ini
check "... the energy (kinetic plus m g z) kept within 1e-9 ($(value energy_drift))" \
    awk -v e="$(value energy_drift)" 'BEGIN { exit !(e * e < 1e-18) }'
check "... most of them in the bin below the outlet" \
    awk 'NR > 2 && $4 < 4 { n++ } END { exit !(n > 100) }' grains-final.xyz
# inside FILE: every sphere of the snapshot FILE lies inside the hopper
# (the boundary's check: no triangle overlapped, the centre inside).
inside() {
    run_status 0 -c hopper.ini -s simulation.particles="$1" -s simulation.end_time=0 \
        -s output.final.file=again.xyz
}
check "... and every one still inside the hopper at t = 15" inside grains-final.xyz
for t in 2.5 5 10; do
    check "... and at t = $t" run_status 0 -c hopper.ini -s simulation.end_time=$t \
        -s output.final.file=at$t.xyz -s simulation.audit_every=0 && inside at$t.xyz
done

check "the same hopper under binary_heap" run_status 0 -c hopper.ini -s queue.plugin=binary_heap \
    -s output.final.file=grains-heap.xyz
check "... gives the same bits" cmp grains-final.xyz grains-heap.xyz

# Rough grains on rough walls (tangential restitution and friction): they
# roll and slide down the funnel's faces, turning, and stay inside.
check "rough grains roll down the rough hopper, audited" run_status 0 -c hopper.ini \
    -s boundary.tangential_restitution=0 -s boundary.friction=0.4 \
    -s interaction.tangential_restitution=0.5 -s simulation.end_time=10 \
    -s output.final.file=rough-final.xyz
check "... the energy balance (rotation and friction's losses) kept within 1e-9" \
    awk -v e="$(value energy_drift)" 'BEGIN { exit !(e * e < 1e-18) }'
check "... every one inside the hopper" inside rough-final.xyz
check "... and turning" awk 'NR > 2 && $13 * $13 + $14 * $14 + $15 * $15 > 0 { n++ }
    END { exit !(n > 300) }' rough-final.xyz

# Growing spheres (a compression, no field) bounce off faces, edges and
# corners of the hopper without crossing them.
sed '/^\[field\]/,/^gravity/d' hopper.ini >grow.ini
check "growing spheres in the hopper, audited" run_status 0 -c grow.ini \
    -s compression.rate=0.05 -s compression.packing_fraction=0.3 -s simulation.end_time=50
check "... reach the packing fraction" contains out "compression: reached the packing fraction"
cp out grow.out
check "... and are inside the hopper, grown" inside grains-final.xyz
cp grow.out out
# The packing fraction is the spheres' volume over the hopper's, by the
# divergence theorem: bin 8 x 8 x 4, a square frustum from 2.4 to 10 over
# 5, a column 10 x 10 x 4: 256 + 5 (2.4^2 + 10^2 + 24) / 3 + 400.
check "... of the hopper's volume, 872.2667" awk -v pf="$(value packing_fraction)" \
    'NR > 2 { v += 4 / 3 * 3.141592653589793 * $8 ^ 3 }
     END { want = v / (256 + 5 * (2.4 ^ 2 + 100 + 24) / 3 + 400)
           d = pf - want; exit !(pf != "" && d * d < 1e-16) }' grains-final.xyz

# ---- a ball of 128 triangles in the box, under gravity ---------------------
# Its edges and corners stick out towards the spheres: they are hit, and
# no sphere gets through (audited; the boundary's check on the ends).
{ cat box.stl; awk -v shape=ball -v radius=2.5 -v level=2 -v origin="5 5 5" -v inward=1 -f "$MESH"; } >ball.stl
awk 'BEGIN { srand(3); n = 0
             for (i = 0; i < 9; i++) for (j = 0; j < 9; j++) for (k = 0; k < 9; k++) {
                 x = 0.6 + 1.1 * i; y = 0.6 + 1.1 * j; z = 0.6 + 1.1 * k
                 if ((x - 5) ^ 2 + (y - 5) ^ 2 + (z - 5) ^ 2 > 2.8 ^ 2) { X[n] = x; Y[n] = y; Z[n] = z; n++ } }
             print n; print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
             for (k = 0; k < n; k++)
                 printf "A %g %g %g %.4f %.4f %.4f 0.2 1\n", X[k], Y[k], Z[k], 2 * rand() - 1,
                        2 * rand() - 1, 2 * rand() - 1 }' >round.xyz
cat >ball.ini <<'I'
[simulation]
dim = 3
particles = round.xyz
end_time = 20
audit_every = 0.5
audit_tolerance = 1e-9
[boundary]
plugin = mesh
file = ball.stl
[field]
gravity = 0 0 -1
[output.events]
plugin = events
file = ball-events.csv
[output.final]
plugin = snapshot
file = round-final.xyz
format = xyz
I
check "spheres round a meshed ball under gravity, audited" run_status 0 -c ball.ini
check "... the energy kept within 1e-9 ($(value energy_drift))" \
    awk -v e="$(value energy_drift)" 'BEGIN { exit !(e * e < 1e-18) }'
check "... they hit faces, edges and corners of the ball" awk -F, \
    '$2 == "wall" { k[$4 % 4]++ } END { exit !(k[0] > 1000 && k[1] > 10 && k[2] > 0) }' ball-events.csv
check "... and are all outside it and inside the box at the end" run_status 0 -c ball.ini \
    -s simulation.particles=round-final.xyz -s simulation.end_time=0 -s output.final.file=again.xyz \
    -s output.events.file=again.csv

# ---- paths and refusals ---------------------------------------------------
mkdir -p sub
cp hopper.stl sub/
sed 's|grains.xyz|../grains.xyz|' hopper.ini >sub/run.ini
check "the file is found relative to the configuration's directory" \
    run_status 0 -c sub/run.ini -s simulation.end_time=0.1
mkdir -p elsewhere
cp hopper.stl elsewhere/only-here.stl
check "given with -s, relative to the current directory" \
    sh -c 'cd elsewhere && "$0" -c ../hopper.ini -s simulation.end_time=0.1 \
        -s boundary.file=only-here.stl -s output.final.file=x.xyz >/dev/null 2>&1' "$HSFRAME"

# refused NAME TEXT FILE-CONTENT...: the mesh in refused.stl makes the run
# exit 2 with TEXT in its message.
refused() {
    name=$1 text=$2
    check "$name" run_status 2 -c hopper.ini -s boundary.file=bad.stl &&
        check "... says: $text" contains err "$text"
}
printf 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\n' >bad.stl
refused "a facet with two vertices" "bad.stl:6: expected 'vertex x y z', found 'endloop'"
printf 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 zero\n' >bad.stl
refused "a vertex that is not a number" "bad.stl:4: expected 'vertex x y z' with three finite numbers, found 'vertex 0 0 zero'"
printf 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n' >bad.stl
refused "no endsolid" "bad.stl:8: expected 'facet normal nx ny nz' or 'endsolid', found the end of the file"
printf 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 1 1\nvertex 2 2 2\nendloop\nendfacet\nendsolid\n' >bad.stl
refused "a degenerate triangle" "bad.stl:2: triangle 0 (0-based) is degenerate"
head -c 500 box-bin.stl >bad.stl
refused "a truncated binary file" "bad.stl: byte 500: truncated: expected 12 triangles (684 bytes), found 500 bytes"
cp gas.xyz bad.stl
refused "a text file that is no STL" "bad.stl: not an STL file: expected 'solid' at the start (ASCII) or an 80-byte header and a triangle count (binary), found $(wc -c <gas.xyz | tr -d ' ') bytes beginning '294...'"
printf 'mesh\n' >bad.stl
refused "a short one" "bad.stl: not an STL file: expected 'solid' at the start (ASCII) or an 80-byte header and a triangle count (binary), found 5 bytes beginning 'mesh...'"
check "a missing file" run_status 2 -c hopper.ini -s boundary.file=nowhere.stl &&
    check "... is named" contains err "nowhere.stl: cannot open"
check "dim = 2 is refused" run_status 2 -c hopper.ini -s simulation.dim=2 \
    -s simulation.particles="$HSF_TEST_SRCDIR/data/ball.txt" &&
    check "... saying why" contains err "expected dim = 3, found dim = 2"
printf '1\nProperties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1\nA 2 2 3.9 0 0 0 0.25 1\n' >poke.xyz
check "a sphere through the bin's roof is refused" run_status 2 -c hopper.ini \
    -s simulation.particles=poke.xyz &&
    check "... naming the position and the triangle" contains err "the sphere at (2, 2, 3.8999999999999999) of radius 0.25 overlaps triangle"
printf '1\nProperties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1\nA 4.5 4.5 6 0 0 0 0.25 1\n' >poke.xyz
check "a sphere outside the closed hopper is refused" run_status 2 -c hopper.ini \
    -s simulation.particles=poke.xyz &&
    check "... by the crossings of a ray" contains err "is outside the closed mesh"

# ---- an open container --------------------------------------------------
# The box without its lid (the two triangles at z = 10) and 27 spheres
# moving every way: refused unless the opening is intended, and then the
# first sphere out stops the run, with nothing written.
awk '/facet/ && !/endfacet/ { buf = ""; lid = 1; on = 1 }
     on { buf = buf $0 "\n"; if ($1 == "vertex" && $4 != 10) lid = 0
          if ($1 == "endfacet") { if (!lid) printf "%s", buf; on = 0 }
          next }
     { print }' box.stl >lidless.stl
awk 'BEGIN { srand(3); print 27
             print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
             for (i = 0; i < 3; i++) for (j = 0; j < 3; j++) for (k = 0; k < 3; k++)
                 printf "A %d %d %d %.4f %.4f %.4f 0.5 1\n", 2 + 3 * i, 2 + 3 * j, 2 + 3 * k,
                        rand() - 0.5, rand() - 0.5, rand() - 0.5 }' >cup.xyz
cat >cup.ini <<'I'
[simulation]
dim = 3
particles = cup.xyz
end_time = 100
[boundary]
plugin = mesh
file = lidless.stl
[output.thermo]
plugin = thermo
file = cup-thermo.csv
interval = 1
[output.final]
plugin = snapshot
file = cup-final.xyz
format = xyz
I
check "the lidless box has 10 triangles" test "$(grep -c endfacet lidless.stl)" -eq 10
check "an open mesh is refused" run_status 2 -c cup.ini &&
    check "... naming an open edge and the key" contains err \
        "lidless.stl: the mesh is open: the edge from (0, 0, 10) to (0, 10, 10) is in 1 triangle"
check "... and how to say it is intended" contains err "set open = yes if the opening is intended"
for engine in event timestep; do
    check "$engine engine: open = yes runs until a sphere leaves" run_status 1 -c cup.ini \
        -s boundary.open=yes -s simulation.engine=$engine -s simulation.dt=0.01 &&
        check "... then stops, saying which, when and where" grep -q \
            "particle [0-9]* left the container (boundary mesh) at t = [0-9.]*: its centre (.*) is outside the mesh's bounding box: z = 10.5, expected within \[0, 10\]" err
    check "... and writes nothing" sh -c '! ls cup-* lidless.stl.* 2>/dev/null | grep -q .'
done
# Thrown up through the opening under gravity, a sphere would fall back
# in: it has left the container all the same.
printf '1\nProperties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1\nA 5 5 5 0 0 7 0.5 1\n' >up.xyz
check "a sphere thrown out through the opening, to fall back in, stops the run" run_status 1 \
    -c cup.ini -s boundary.open=yes -s simulation.particles=up.xyz -s field.gravity="0 0 -1" &&
    check "... as its centre passes z = 10.5 (t = 7 - sqrt(38) = 0.83558...)" contains err \
        "particle 1 left the container (boundary mesh) at t = 0.8355"
finish
