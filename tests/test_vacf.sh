#!/bin/sh
# The vacf output: the Green-Kubo diffusion coefficient agrees with the msd
# output's on the same runs, within their statistical errors; in a 2D disc
# fluid the velocity autocorrelation decays like 1/t at long times (Alder
# and Wainwright, Phys. Rev. A 1, 18 (1970)); the table's bookkeeping; bad
# input.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# comment FILE KEY: the number after "# KEY " in FILE.
comment() { awk -v k="$2" '$1 == "#" && $2 == k { print $3 }' "$1"; }
# holds -v NAME=VALUE...: the awk condition $cond on those variables.
holds() { awk "$@" 'BEGIN { exit !('"$cond"') }'; }

# The 3D hard-sphere fluid at packing fraction 0.30: 864 spheres from an
# fcc lattice, melted by t = 10.  vacf samples every 0.02 (a fifth of the
# collision time: the trapezoidal rule is then within 0.1% of the
# integral at 0.01) up to lag 3; msd every 0.2 over the whole run.
cat >gk.ini <<'I'
[simulation]
dim = 3
end_time = 60
[init]
lattice = fcc
cells = 6 6 6
packing_fraction = 0.30
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[output.vacf]
plugin = vacf
file = vacf.csv
interval = 0.02
window = 3
start = 10
[output.msd]
plugin = msd
file = msd.csv
interval = 0.2
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 10
I

# Six independent runs (seeds 1 to 6): D from each output, and the
# standard error of the vacf's D from its blocks of time origins.
: >d.txt
for seed in 1 2 3 4 5 6; do
    rm -f vacf.csv msd.csv thermo.csv
    check "3D fluid, seed $seed: runs" run_status 0 -c gk.ini -s simulation.seed=$seed
    echo "$(comment vacf.csv diffusion_coefficient) $(comment vacf.csv diffusion_coefficient_error)" \
        "$(comment msd.csv diffusion_coefficient)" >>d.txt
    [ $seed = 1 ] && cp vacf.csv vacf1.csv && cp thermo.csv thermo1.csv
done
sed 's/^/  D_vacf, error, D_msd: /' d.txt >&2

# The msd's D has no error of its own: its scatter over the six runs is
# its standard error (2 to 4% here, from the few origins at the long lags
# it fits).  Each run's two values must agree within 3 combined standard
# errors, and so must their means over the runs.
agree() {
    awk 'NF != 3 { short = 1 } { v[NR] = $1; e[NR] = $2; m[NR] = $3; sm += $3; sd += $1 - $3 }
         END { n = NR; if (n < 6 || short) exit 1
               mean = sm / n; for (i = 1; i <= n; i++) ss += (m[i] - mean) ^ 2
               sdm = sqrt(ss / (n - 1)); bad = 0
               for (i = 1; i <= n; i++) {
                   s = sqrt(sdm ^ 2 + e[i] ^ 2); d = v[i] - m[i]
                   if (e[i] <= 0 || (d < 0 ? -d : d) > 3 * s) bad = 1
                   if (i == 1) s1 = s
               }
               md = sd / n
               printf "  msd scatter %.4f, mean difference %.5f (3 standard errors: %.5f)\n",
                   sdm, md, 3 * s1 / sqrt(n) > "/dev/stderr"
               if ((md < 0 ? -md : md) > 3 * s1 / sqrt(n)) bad = 1
               exit bad }' d.txt
}
check "Green-Kubo D agrees with the msd output's D within statistical error" agree

# The same D within 15% of 0.18, so that both cannot be wrong the same way
# (Alder, Gass and Wainwright, J. Chem. Phys. 53, 3813 (1970): about 1.2
# times Enskog's 0.149 at this density).
cond='d > 0.155 && d < 0.21'
check "3D fluid: D near 0.18" holds -v d="$(awk '{ s += $1 } END { print s / NR }' d.txt)"

# Bookkeeping: C(0) = <v^2> = 2K / (N m) exactly (kinetic energy is
# conserved); a row for every lag 0, 0.02, ..., 3; the origins of lag k
# are the samples from t = 10 to 60 less k; the normalised column is
# C / C(0), and the running integral ends at the D of the comment.
c0_is_v2() {
    awk -F, 'NR == FNR { if (FNR == 2) k = $4; next }
             FNR == 2 { c0 = $2 } END { v2 = 2 * k / 864; r = c0 / v2 - 1
                        exit !(r < 1e-12 && r > -1e-12) }' thermo1.csv vacf1.csv
}
check "C(0) is the mean squared speed 2K/(N m)" c0_is_v2
table_rows() {
    awk -F, '$1 ~ /^# diffusion_coefficient / { split($1, w, " "); d = w[3] }
             /^#/ || FNR == 1 { next }
             { k = FNR - 2; if (($1 - k * 0.02) ^ 2 > 1e-20) bad = 1
               if ($5 != 2501 - k) bad = 1
               if (k == 0) c0 = $2; r = $3 - $2 / c0; if (r * r > 1e-18) bad = 1
               last = $4; rows++ }
             END { exit bad || rows != 151 || (last - d) ^ 2 > 1e-18 * d * d }' vacf1.csv
}
check "the table: lags 0 to 3, origins, normalised column, running integral" table_rows

# Alder and Wainwright's long-time tail: 8192 discs at packing fraction
# 0.35 in a periodic box (side 135 diameters, so that sound crosses half
# of it in about 25 time units), sampled every 0.5 from t = 20 to 400.
# The collision time is 0.32; between 8 and 40 collision times
# (lags 2.5 to 12.5) ln C against ln t is a straight line of slope -1.02
# to -1.07 over seeds 1 to 5, and between lags 5 and 20 -0.98 to -1.06;
# an exponential decay would steepen from the first window to the second.
cat >tail.ini <<'I'
[simulation]
dim = 2
end_time = 400
seed = 1
[init]
lattice = triangular
cells = 64 64
packing_fraction = 0.35
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[output.tail]
plugin = vacf
file = tail.csv
interval = 0.5
window = 20
start = 20
I
# slope FROM TO: the least-squares slope of ln C against ln t over lags FROM to TO.
slope() {
    awk -F, -v a="$1" -v b="$2" '/^#/ || FNR == 1 { next }
        $1 >= a && $1 <= b && $2 > 0 { x = log($1); y = log($2); n++
                                       sx += x; sy += y; sxx += x * x; sxy += x * y }
        END { if (n > 2) printf "%.4f", (n * sxy - sx * sy) / (n * sxx - sx * sx) }' tail.csv
}
check "2D disc fluid: runs" run_status 0 -c tail.ini
near=$(slope 2.5 12.5) far=$(slope 5 20)
echo "  exponent of the tail: $near (lags 2.5 to 12.5), $far (lags 5 to 20)" >&2
cond='p > -1.25 && p < -0.8'
check "2D tail: C(t) ~ t^p with p near -1 over 8 to 40 collision times" holds -v p="$near"
check "2D tail: still p near -1 over 16 to 64 collision times" holds -v p="$far"
cond='(p - q) ^ 2 < 0.04'
check "2D tail: a power law (the two windows agree within 0.2)" holds -v p="$near" -v q="$far"

# Bad input: no interval, a window longer than the run.
check "vacf without interval: exit 2" run_status 2 -c gk.ini -s output.vacf.interval=0
check "  says which key" contains "$WORK/err" "expected an interval > 0 for vacf"
check "vacf with a window beyond end_time: exit 2" run_status 2 -c gk.ini \
    -s output.vacf.window=55 -s output.vacf.file=fresh.csv
check "  says why" contains "$WORK/err" "no time origin has the whole window"
check "  and writes no file" test ! -e fresh.csv

finish
