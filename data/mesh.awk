# Writes triangle meshes as ASCII STL, for the mesh boundary (docs/PLUGINS.md):
#   awk -v shape=box -v size="10 10 10" [-v cuts=K] [-v origin="x y z"]
#       [-v inward=1] -f data/mesh.awk
#       a box [origin, origin + size], each face cut into K x K squares of
#       2 triangles (12 K^2 triangles), every triangle wound counter-
#       clockwise seen from outside (from inside with inward = 1: a cavity,
#       an obstacle inside another closed mesh);
#   awk -v shape=hopper -f data/mesh.awk
#       the hopper of conf/hopper.ini (36 triangles, closed): a square bin
#       8 x 8 x 4 (z from 0 to 4) under a funnel narrowing from 10 x 10 at
#       z = 9 to an outlet of 2.4 x 2.4 at z = 4, and a column 10 x 10 up
#       to a lid at z = 13, centred on the z axis;
#   awk -v shape=ball -v radius=R -v level=L [-v origin="x y z"] [-v inward=1]
#       -f data/mesh.awk
#       a geodesic ball: an octahedron whose faces are cut in four L times,
#       the new corners pushed out onto the sphere of radius R (8 4^L
#       triangles, counter-clockwise seen from outside);
#   awk -v shape=triangle -f data/mesh.awk
#       one triangle (0,0,0) (4,0,0) (0,4,0): an open mesh.
function tri(a, b, c,   s) {
    if (inward) { s = b; b = c; c = s }
    printf "  facet normal 0 0 0\n    outer loop\n"
    printf "      vertex %.17g %.17g %.17g\n", X[a], Y[a], Z[a]
    printf "      vertex %.17g %.17g %.17g\n", X[b], Y[b], Z[b]
    printf "      vertex %.17g %.17g %.17g\n", X[c], Y[c], Z[c]
    printf "    endloop\n  endfacet\n"
    ntri++
}
# A planar quad a b c d, counter-clockwise seen from outside: 2 triangles.
function quad(a, b, c, d) { tri(a, b, c); tri(a, c, d) }
function pt(name, x, y, z) { X[name] = x; Y[name] = y; Z[name] = z }
# A square ring of 4 points "p0".."p3" at height z, half-width w, counter-
# clockwise seen from above.
function ring(p, w, z) {
    pt(p 0, -w, -w, z); pt(p 1, w, -w, z); pt(p 2, w, w, z); pt(p 3, -w, w, z)
}
# The band between rings lower p and upper q, seen from outside.
function band(p, q,   i, j) {
    for (i = 0; i < 4; i++) {
        j = (i + 1) % 4
        quad(p i, p j, q j, q i)
    }
}
# One face of the box: corner o, axes u and v (unit vectors as "x y z"),
# lengths lu and lv, cut into k x k.
function face(ox, oy, oz, u, lu, v, lv, k,   i, j, du, dv, su, sv) {
    split(u, du, " "); split(v, dv, " ")
    for (i = 0; i < k; i++)
        for (j = 0; j < k; j++) {
            su = lu * i / k; sv = lv * j / k
            pt("a", ox + du[1] * su + dv[1] * sv, oy + du[2] * su + dv[2] * sv, oz + du[3] * su + dv[3] * sv)
            su = lu * (i + 1) / k
            pt("b", ox + du[1] * su + dv[1] * sv, oy + du[2] * su + dv[2] * sv, oz + du[3] * su + dv[3] * sv)
            sv = lv * (j + 1) / k
            pt("c", ox + du[1] * su + dv[1] * sv, oy + du[2] * su + dv[2] * sv, oz + du[3] * su + dv[3] * sv)
            su = lu * i / k
            pt("d", ox + du[1] * su + dv[1] * sv, oy + du[2] * su + dv[2] * sv, oz + du[3] * su + dv[3] * sv)
            quad("a", "b", "c", "d")
        }
}
# The point halfway between a and b pushed out onto the unit sphere;
# the same bits whichever triangle asks (a + b is b + a).
function mid(a, b,   x, y, z, l, name) {
    x = X[a] + X[b]; y = Y[a] + Y[b]; z = Z[a] + Z[b]
    l = sqrt(x * x + y * y + z * z)
    name = sprintf("%.17g %.17g %.17g", x / l, y / l, z / l)
    pt(name, x / l, y / l, z / l)
    return name
}
# Triangle a b c of the unit ball, cut `depth` more times, written at
# origin O scaled by R.
function ball_tri(a, b, c, depth,   ab, bc, ca) {
    if (depth == 0) {
        pt("A", O[1] + R * X[a], O[2] + R * Y[a], O[3] + R * Z[a])
        pt("B", O[1] + R * X[b], O[2] + R * Y[b], O[3] + R * Z[b])
        pt("C", O[1] + R * X[c], O[2] + R * Y[c], O[3] + R * Z[c])
        tri("A", "B", "C")
        return
    }
    ab = mid(a, b); bc = mid(b, c); ca = mid(c, a)
    ball_tri(a, ab, ca, depth - 1); ball_tri(ab, b, bc, depth - 1)
    ball_tri(ca, bc, c, depth - 1); ball_tri(ab, bc, ca, depth - 1)
}
BEGIN {
    if (shape == "") shape = "box"
    print "solid " shape
    if (shape == "box") {
        if (size == "") size = "1 1 1"
        if (cuts == "") cuts = 1
        n = split(size, L, " ")
        if (origin == "") origin = "0 0 0"
        split(origin, O, " ")
        # u x v points out of the box on each face.
        x = O[1]; y = O[2]; z = O[3]
        face(x, y, z, "0 1 0", L[2], "1 0 0", L[1], cuts)             # bottom
        face(x, y, z + L[3], "1 0 0", L[1], "0 1 0", L[2], cuts)      # top
        face(x, y, z, "1 0 0", L[1], "0 0 1", L[3], cuts)             # front (y low)
        face(x, y + L[2], z, "0 0 1", L[3], "1 0 0", L[1], cuts)      # back
        face(x, y, z, "0 0 1", L[3], "0 1 0", L[2], cuts)             # left (x low)
        face(x + L[1], y, z, "0 1 0", L[2], "0 0 1", L[3], cuts)      # right
    } else if (shape == "ball") {
        if (origin == "") origin = "0 0 0"
        split(origin, O, " "); R = radius
        pt("px", 1, 0, 0); pt("nx", -1, 0, 0); pt("py", 0, 1, 0)
        pt("ny", 0, -1, 0); pt("pz", 0, 0, 1); pt("nz", 0, 0, -1)
        ball_tri("px", "py", "pz", level); ball_tri("py", "nx", "pz", level)
        ball_tri("nx", "ny", "pz", level); ball_tri("ny", "px", "pz", level)
        ball_tri("py", "px", "nz", level); ball_tri("nx", "py", "nz", level)
        ball_tri("ny", "nx", "nz", level); ball_tri("px", "ny", "nz", level)
    } else if (shape == "hopper") {
        ring("b", 4, 0); ring("t", 4, 4)        # the bin
        ring("o", 1.2, 4)                       # the outlet
        ring("f", 5, 9); ring("l", 5, 13)       # the funnel's top, the lid
        quad("b0", "b3", "b2", "b1")            # bottom, seen from below
        band("b", "t")
        band("t", "o")                          # the bin's roof round the outlet, seen from above
        band("o", "f")                          # the funnel
        band("f", "l")
        quad("l0", "l1", "l2", "l3")            # lid, seen from above
    } else {
        pt("a", 0, 0, 0); pt("b", 4, 0, 0); pt("c", 0, 4, 0)
        tri("a", "b", "c")
    }
    print "endsolid " shape
}
