# The kinetic energy of a snapshot, m v^2 / 2 summed over its particles:
#     awk -f kinetic.awk FILE
# FILE is extended XYZ (a Lattice line; velocity and mass after the
# position, as hsframe writes it) or algs4 (x y vx vy radius mass ...).
# Prints nothing, and fails, when the file is missing or has fewer or
# more particle lines than its count.
FNR == 1 { n = $1; next }
FNR == 2 && /^Lattice=/ {
    xyz = 1
    if (!match($0, /velo:R:3:radius:R:1:mass:R:1/)) { bad = 1 }
    next
}
NF == 0 { next }
xyz { k += 0.5 * $9 * ($5 * $5 + $6 * $6 + $7 * $7); rows++; next }
!xyz && FNR >= 2 { k += 0.5 * $6 * ($3 * $3 + $4 * $4); rows++ }
END {
    if (bad || n == "" || rows != n + 0) exit 1
    printf "%.17g\n", k
}
