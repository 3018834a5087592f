#!/bin/sh
# Messages a new user meets: a misspelt section named as such, with the
# closest section of every kind or the list of them all; [init]'s packing
# fraction against the limit of the lattice asked for; a box too small for
# [init]'s lattice; no invented file or line for generated particles; the
# live viewer without a display.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

cat >p.txt <<'P'
2
0.25 0.5 1 0 0.1 1 255 0 0
0.75 0.5 -1 0 0.1 1 0 0 255
P

# [simulaton] alone: the misspelt section, not a [simulation] lacking end_time.
printf '[simulaton]\nparticles = p.txt\nend_time = 1\n' >typo.ini
check "[simulaton]: refused" run_status 2 -c typo.ini
check "[simulaton]: unknown section, with the suggestion" contains "$WORK/err" \
    "typo.ini:1: unknown section [simulaton] (did you mean [simulation]?)"
check "[simulaton]: not about end_time" sh -c "! grep -q end_time '$WORK/err'"

cat >run.ini <<'I'
[simulation]
particles = p.txt
end_time = 1
I
# suggest SECTION.KEY=VALUE SUGGESTION: -s in a misspelt section names it
# and suggests SUGGESTION.
suggest() {
    run_status 2 -c run.ini -s "$1" &&
        contains "$WORK/err" "-s ${1%%=*}: unknown section" &&
        contains "$WORK/err" "(did you mean [$2]?)"
}
for case in "ouput.final.file=x.txt output.final" "outptu.movie.plugin=xyz output.movie" \
            "output.plugin=xyz output.NAME" "forse.g.plugin=gravity force.g" \
            "interacton.A.B.well_width=2 interaction.A.B" "interacton.plugin=x interaction" \
            "thermostt.rate=1 thermostat" "feild.gravity=0 field" \
            "compresion.rate=1 compression" "chekpoint.file=x checkpoint" \
            "boundry.plugin=box boundary" "quue.plugin=calendar queue" "bond.file=b bonds" \
            "int.lattice=square init"; do
    check "suggestion: ${case% *} -> [${case#* }]" suggest ${case}
done
check "far from every section: refused" run_status 2 -c run.ini -s zzzzzz.key=1
check "far from every section: the list of all" contains "$WORK/err" \
    "unknown section [zzzzzz]; sections are [simulation], [init], [queue], [boundary], [interaction], [interaction.A.B], [bonds], [thermostat], [field], [compression], [checkpoint], [ecmc], [output.NAME] and [force.NAME]"

# A section as a whole: at its header's line, not at a key below it; a
# header without keys is not dropped; a section that only -s made is the
# -s's fault, with the file's section of a close name.
printf '[simulation]\nparticles = p.txt\nend_time = 1\n\n[output.final]\n; to do\n\nfile = f.txt\n' >header.ini
check "[output.final] without plugin: refused" run_status 2 -c header.ini
check "... at the header's line" contains "$WORK/err" \
    "hsframe: header.ini:5: [output.final] needs the key 'plugin' (output plugin: a name or a .so path)"
printf '[simulation]\nparticles = p.txt\nend_time = 1\n\n[output.final]\n' >empty.ini
check "an empty [output.final]: refused, not dropped" run_status 2 -c empty.ini
check "... at its line" contains "$WORK/err" "hsframe: empty.ini:5: [output.final] needs the key 'plugin'"
printf '[simulation]\nparticles = p.txt\nend_time = 1\n\n[simulaton]\n; later\n' >empty.ini
check "an empty misspelt section: refused" run_status 2 -c empty.ini
check "... at its line" contains "$WORK/err" \
    "hsframe: empty.ini:5: unknown section [simulaton] (did you mean [simulation]?)"
printf '[simulation]\nparticles = p.txt\nend_time = 1\n\n[output.final]\nplugin = snapshot\nfile = f.txt\n' >two.ini
check "-s in a section of a misspelt name: refused" run_status 2 -c two.ini -s output.finl.file=g.txt
check "... the -s, and the section it resembles" contains "$WORK/err" \
    "hsframe: -s output.finl.file: [output.finl] (did you mean [output.final]?) needs the key 'plugin'"
check "a section that -s makes, wanting a key" run_status 2 -c two.ini -s output.t.plugin=thermo
check "... blames the -s, not the file" contains "$WORK/err" \
    "hsframe: -s output.t.plugin: [output.t] needs the key 'file'"
check "[init] given with -s beside a particle file: refused" run_status 2 -c two.ini -s init.latice=fcc
check "... naming both, the -s too" contains "$WORK/err" \
    "hsframe: two.ini:2: [simulation] particles: give either a particle file or an [init] section (-s init.latice), not both"
check "a misspelt key given with -s: the suggestion" run_status 2 -c two.ini -s output.final.fiel=g.txt
check "... blames the -s" contains "$WORK/err" \
    "hsframe: -s output.final.fiel: [output.final] unknown key 'fiel' (did you mean 'file'?)"

# [init] packing_fraction: the limit of the lattice and dimension asked for.
# limit DIM LATTICE CELLS FRACTION LIMIT
limit() {
    printf '[simulation]\ndim = %s\nend_time = 1\n[init]\nlattice = %s\ncells = %s\npacking_fraction = %s\n' \
        "$1" "$2" "$3" "$4" >lattice.ini
    run_status 2 -c lattice.ini &&
        contains "$WORK/err" "lattice.ini:7: [init] packing_fraction: $4 is denser than the $2 lattice allows in ${1}D: expected less than $5"
}
check "square above 0.7854" limit 2 square "4 4" 0.79 0.7854
check "triangular above 0.9069" limit 2 triangular "4 4" 0.91 0.9069
check "cubic above 0.5236" limit 3 cubic "3 3 3" 0.53 0.5236
check "fcc above 0.7405" limit 3 fcc "3 3 3" 0.75 0.7405
# Below its limit each is accepted (0.8 on a triangular lattice in 2D was
# refused with the 3D fcc limit once), in a periodic box (walls stand a
# quarter of a cell from the triangular and fcc lattices' first sites).
for l in "2 triangular 0.9" "2 square 0.78" "3 cubic 0.52" "3 fcc 0.74"; do
    set -- $l
    cells="4 4"; [ "$1" = 3 ] && cells="3 3 3"
    printf '[simulation]\ndim = %s\nend_time = 0.01\n[init]\nlattice = %s\ncells = %s\npacking_fraction = %s\n[boundary]\nplugin = periodic\n' \
        "$1" "$2" "$cells" "$3" >lattice.ini
    check "$2 at $3: runs" run_status 0 -c lattice.ini
done

# A [boundary] size too small for the lattice of [init]: said so, with the
# size the lattice needs, not an overlap at an invented line of [init].
cat >small.ini <<'I'
[simulation]
dim = 2
end_time = 1

[init]
lattice = square
cells = 30 30
packing_fraction = 0.3

[boundary]
plugin = periodic
size = 20 60
I
check "box too small for [init]: refused" run_status 2 -c small.ini
check "box too small: the size and what the lattice needs" contains "$WORK/err" \
    "small.ini:12: [boundary] size 20 60 is too small for the lattice of [init] (square, cells 30 30, packing_fraction 0.3, radius 0.5), which needs 48.5406 48.5406"
check "box too small: no overlap message" sh -c "! grep -q overlaps '$WORK/err'"
check "box too small, walls: refused" run_status 2 -c small.ini -s boundary.plugin=box
check "box too small, walls: the same message" contains "$WORK/err" "is too small for the lattice of [init]"
check "a box larger than the lattice: runs" run_status 0 -c small.ini -s boundary.size="50 60" \
    -s simulation.end_time=0.01

# Generated particles have no file or line: "[init]: particle N", never
# "[init]:N:".
check "[init] particle too fast: refused" run_status 2 -c small.ini -s boundary.size="50 60" \
    -s init.temperature=1e300
check "[init] particle: no invented line" contains "$WORK/err" "hsframe: [init]: particle 1: speed"
check "[init] particle: no [init]:N:" sh -c "! grep -q '\[init\]:[0-9]' '$WORK/err'"
# Particles from a file keep their file and lines.
printf '2\n0.25 0.5 1 0 0.1 1 0 0 0\n0.3 0.5 0 0 0.1 1 0 0 0\n' >bad.txt
check "overlap in a file: refused" run_status 2 -c run.ini -s simulation.particles=bad.txt
check "overlap in a file: file, line and the other's line" contains "$WORK/err" \
    "bad.txt:2: particle 1 overlaps particle 2 (line 3) by 0.15"

# The live viewer without a display: one message of its own and exit 2,
# nothing from SDL, even under -q.
if [ -e "$HSF_TEST_BUILDDIR/plugins/output/.libs/viewer.so" ]; then
    cat >view.ini <<'I'
[simulation]
particles = p.txt
end_time = 0.2

[output.v]
plugin = viewer
interval = 0.05
speed = 0
I
    nodisplay() {
        env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER "$HSFRAME" "$@" >"$WORK/out" 2>"$WORK/err"
        test $? -eq 2
    }
    check "viewer without a display: exit 2" nodisplay -q -c view.ini
    check "viewer without a display: one line" test "$(wc -l <"$WORK/err")" = 1
    check "viewer without a display: says so and how to go on" contains "$WORK/err" \
        "hsframe: [output.v] (viewer): no display for the viewer window (neither DISPLAY nor WAYLAND_DISPLAY with XDG_RUNTIME_DIR is set): run under xvfb-run, or set SDL_VIDEODRIVER=offscreen"
    check "viewer without a display, not quiet: the same single error" nodisplay -c view.ini
    check "viewer without a display, not quiet: no SDL noise" \
        sh -c "! grep -v '^hsframe: ' '$WORK/err'"
    check "viewer: a display that is not there" sh -c "env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER \
        DISPLAY=:987 '$HSFRAME' -q -c view.ini >'$WORK/out' 2>'$WORK/err'; test \$? -eq 2"
    check "viewer: a display that is not there: SDL's reason, once" \
        test "$(grep -c 'cannot start SDL video' "$WORK/err")" = 1
    check "viewer: a display that is not there: nothing else" test "$(wc -l <"$WORK/err")" = 1
else
    echo "ok - viewer checks skipped: the viewer is not built"
fi
finish
