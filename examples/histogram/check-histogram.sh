#!/bin/sh
# The histogram plugin under hsframe: velocity components of a hard-disc gas
# at kT = 1 follow a Gaussian of variance kT/m = 1 (Maxwell-Boltzmann).
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
cat >gas.ini <<'I'
[simulation]
dim = 2
end_time = 40
seed = 3
[init]
lattice = triangular
cells = 20 10
packing_fraction = 0.3
[boundary]
plugin = periodic
[output.vx]
plugin = histogram
file = vx.csv
quantity = vx
bins = 80
min = -5
max = 5
interval = 0.5
I
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c gas.ini >out 2>err || fail "$(cat err)"
# 400 discs, samples at t = 0, 0.5, ..., 40: 81 samples.
grep -q '^# 32400 values, 0 outside' vx.csv || fail "counts: $(tail -n 1 vx.csv)"
# Mean 0 and variance 1 follow from momentum and energy conservation; the
# kurtosis of 3 is what makes the distribution Gaussian.
awk -F, 'NR > 1 && !/^#/ { c = ($1 + $2) / 2; n += $3; s += $3 * c; s2 += $3 * c * c
                           s4 += $3 * c * c * c * c }
         END { m = s / n; v = s2 / n - m * m; k = s4 / n / (v * v)
               if (m < -0.05 || m > 0.05 || v < 0.95 || v > 1.05 || k < 2.8 || k > 3.2) {
                   printf "mean %g variance %g kurtosis %g\n", m, v, k; exit 1 } }' vx.csv \
    || fail "not Maxwell-Boltzmann"

# Checkpoints: stopped every 0.05 s of wall clock and resumed until done,
# the histogram comes out the same to the byte.
mv vx.csv vx-whole.csv
printf '[checkpoint]\nfile = gas.ckpt\nstop_after = 0.05\n' >>gas.ini
status=75 runs=0
while [ $status -eq 75 ] && [ $runs -lt 500 ]; do
    resume=""
    [ -f gas.ckpt ] && resume="--resume gas.ckpt"
    status=0
    "$HSFRAME" --plugin-path "$PLUGIN_DIR" -c gas.ini $resume >out 2>err || status=$?
    runs=$((runs + 1))
done
[ $status -eq 0 ] || fail "resumed run: exit $status: $(cat err)"
cmp -s vx.csv vx-whole.csv || fail "after $runs resumed runs the histogram differs"
echo "histogram: 2 passed, 0 failed"
