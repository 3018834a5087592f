#!/bin/sh
# Writes the files of conf/hopper.ini: hopper.stl, the hopper's 36
# triangles (data/mesh.awk), and hopper.xyz, 363 spheres of radius 0.25
# on a square lattice of spacing 0.9, three layers in the column above
# the funnel, with velocities from awk's rand() with a fixed seed (the
# file in the repository was made with Debian 12's mawk; another awk
# gives other, equally valid, velocities).  Usage: sh data/make-hopper.sh [DIR]
set -e
dir=${1:-$(dirname "$0")}
awk -v shape=hopper -f "$(dirname "$0")/mesh.awk" >"$dir/hopper.stl"
awk 'BEGIN {
    srand(7); print 11 * 11 * 3
    print "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
    for (i = 0; i < 11; i++) for (j = 0; j < 11; j++) for (k = 0; k < 3; k++)
        printf "A %.4f %.4f %.4f %.4f %.4f %.4f 0.25 1\n", -4.5 + 0.9 * i, -4.5 + 0.9 * j,
               9.4 + 0.9 * k, rand() - 0.5, rand() - 0.5, rand() - 0.5
}' >"$dir/hopper.xyz"
