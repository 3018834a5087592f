#!/bin/sh
# The mesh boundary's search: the same gas of 1000 spheres (radius 0.2,
# packing fraction 0.034, kT = 1) in a box 10 x 10 x 10 run with the box
# plugin and with box meshes of 12, 1200 and 120000 triangles (each face
# cut into 1, 10, 100 squares a side), straight lines and under gravity.
# Every prediction asks the boundary for its first hit, so events per
# second measure first_hit's cost.  Each line is the best of
# HSF_BENCH_ROUNDS (2) runs taken in turns.  A benchmark, not a test.
# Usage: tests/bench/mesh.sh
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-2}
end=${HSF_BENCH_END:-200}
work=$(mktemp -d /tmp/hsf-bench-mesh-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
for k in 1 10 100; do
    awk -v shape=box -v size="10 10 10" -v cuts=$k -f "$top/data/mesh.awk" >box$k.stl
done
# 1000 spheres on a cubic lattice, velocities uniform in [-1, 1)^3 from
# awk's rand() with a fixed seed.
awk 'BEGIN { srand(1); print 1000
             print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
             for (i = 0; i < 10; i++) for (j = 0; j < 10; j++) for (k = 0; k < 10; k++)
                 printf "A %g %g %g %.6f %.6f %.6f 0.2 1\n", i + 0.5, j + 0.5, k + 0.5,
                        2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1 }' >gas.xyz
cat >gas.ini <<I
[simulation]
dim = 3
particles = gas.xyz
end_time = $end
I
printf '%-10s %-12s %10s %12s %14s\n' field boundary triangles events events/s
for field in none gravity; do
    cp gas.ini run.ini
    [ $field = gravity ] && printf '[field]\ngravity = 0 0 -1\n' >>run.ini
    for round in $(seq "$rounds"); do
        for b in box 1 10 100; do
            cp run.ini this.ini
            if [ $b = box ]; then printf '[boundary]\nplugin = box\nsize = 10 10 10\n' >>this.ini
            else printf '[boundary]\nplugin = mesh\nfile = box%s.stl\n' $b >>this.ini; fi
            "$hsframe" -c this.ini >out 2>err || { cat err; exit 1; }
            eps=$(awk '$1 == "events_per_second:" { print $2 }' out)
            ev=$(awk '$1 == "events:" { print $2 }' out)
            best=$(cat "best.$field.$b" 2>/dev/null || echo 0)
            awk -v a="$eps" -v b="$best" 'BEGIN { exit !(a > b) }' && echo "$eps" >"best.$field.$b"
            echo "$ev" >"events.$field.$b"
        done
    done
    for b in box 1 10 100; do
        tri=$([ $b = box ] && echo - || echo $((12 * b * b)))
        printf '%-10s %-12s %10s %12s %14s\n' $field "$([ $b = box ] && echo box || echo mesh)" "$tri" \
            "$(cat events.$field.$b)" "$(cat best.$field.$b)"
    done
done
