#!/bin/sh
# A small version of the equation-of-state example (examples/eos): its
# sweep and base files, cut to one seed, two packing fractions and short
# runs, give Z within 3 % of Carnahan-Starling (3D) and Henderson (2D),
# and its gnuplot script draws the picture.  Skipped without GNU parallel.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
SWEEP="$HSF_TEST_BUILDDIR/hsframe-sweep"
command -v parallel >/dev/null || skip_all parallel "GNU parallel is not installed"
mkdir eos
cp "$HSF_TEST_SRCDIR"/examples/eos/*.ini "$HSF_TEST_SRCDIR"/examples/eos/eos.gp eos/
sed -i -e 's/^end_time = .*/end_time = 60/' eos/spheres.ini eos/discs.ini
sed -i -e 's/^seeds = .*/seeds = 1/' -e 's/^start = .*/start = 20/' \
    eos/hard-spheres.ini eos/hard-discs.ini
sed -i 's/^init.packing_fraction = .*/init.packing_fraction = 0.1, 0.4/' eos/hard-spheres.ini
sed -i 's/^init.packing_fraction = .*/init.packing_fraction = 0.2, 0.6/' eos/hard-discs.ini

check "hard spheres: the sweep completes" "$SWEEP" -j 2 eos/hard-spheres.ini
check "hard discs: the sweep completes" "$SWEEP" -j 2 eos/hard-discs.ini

# Z of each row against the reference at its packing fraction (column 2).
near() {
    awk -F'",' -v dim="$2" 'NR > 1 {
        split($2, f, ","); phi = f[1]
        n = split($0, all, ","); z = all[n - 1]
        ref = dim == 3 ? (1 + phi + phi^2 - phi^3) / (1 - phi)^3 : (1 + phi^2 / 8) / (1 - phi)^2
        printf "  phi %s: Z %s, reference %.4f\n", phi, z, ref
        if (!(z > 0.97 * ref && z < 1.03 * ref)) bad = 1
        rows++ }
        END { exit bad || rows != 2 }' "$1"
}
check "hard spheres: Z within 3 % of Carnahan-Starling" near hard-spheres/results.csv 3
check "hard discs: Z within 3 % of Henderson" near hard-discs/results.csv 2
if command -v gnuplot >/dev/null; then
    check "gnuplot draws the picture" gnuplot eos/eos.gp
    check "eos.png is a PNG" test "$(head -c 8 eos.png | od -An -c | tr -d ' ')" = '211PNG\r\n032\n'
else
    skip gnuplot "the picture: gnuplot is not installed"
fi
finish
