#!/bin/sh
# hsframe-plot: every output with a table (speeds, rdf, msd, thermo, vacf,
# freepath, energies, events, profile, stress) and a sweep's results table
# drawn from the CSV of a real run as a PNG of the expected size,
# with its measured data and its reference curve in their colours; the
# size and name options; refusals that write nothing.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
PLOT="$HSF_TEST_SRCDIR/tools/hsframe-plot"
pixel="$HSF_TEST_BUILDDIR/tests/png_pixel"
command -v gnuplot >/dev/null 2>&1 || skip_all gnuplot "gnuplot is not installed"
[ -x "$pixel" ] || skip_all cairo "tests/png_pixel was not built (no cairo)"

# 512 discs at packing fraction 0.3 (periodic) with every output that
# writes a table, and the billiard break for a thermo table with walls.
cat >run.ini <<'I'
[simulation]
dim = 2
end_time = 20
seed = 1
[init]
lattice = triangular
cells = 16 16
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.5
[output.msd]
plugin = msd
file = msd.csv
interval = 0.5
[output.speeds]
plugin = speeds
file = speeds.csv
interval = 0.5
start = 5
[output.rdf]
plugin = rdf
file = rdf.csv
interval = 0.5
start = 5
[output.vacf]
plugin = vacf
file = vacf.csv
interval = 0.05
window = 4
start = 5
[output.freepath]
plugin = freepath
file = freepath.csv
I
check "the run writes its tables" run_status 0 -c run.ini
check "the billiard break writes its thermo table" run_status 0 -c "$CONF/billiards.ini"
check "the triatomic molecule writes its energies (time-step engine)" run_status 0 -c "$CONF/triatomic.ini"
check "the 3-ball break writes its events log" run_status 0 -c "$CONF/billiards3.ini"
check "the granular shear flow writes its profile" run_status 0 -c "$CONF/granular-shear.ini" \
    -s simulation.end_time=20 -s output.profile.start=10
check "  and one per sample" run_status 0 -c "$CONF/granular-shear.ini" -s simulation.end_time=4 \
    -s output.profile.start=0 -s output.profile.average=no -s output.profile.file=profiles.csv
check "the sheared fluid writes its stress table" run_status 0 -c "$CONF/shear.ini" \
    -s simulation.end_time=30 -s output.stress.start=10 -s output.stress.file=stress.csv \
    -s output.profile.file=shear-profile.csv
# A sweep of 2 packing fractions and 2 temperatures, 3 seeds each: 12
# runs of 480 discs to t = 20.
cp "$HSF_TEST_SRCDIR/examples/eos/discs.ini" discs.ini
cat >sweep.ini <<'I'
[sweep]
base = discs.ini
seeds = 1:3
directory = sweep
[vary]
init.packing_fraction = 0.2:0.4:0.2
init.temperature = 1, 4
[set]
simulation.end_time = 20
[average.Z]
file = thermo.csv
column = compressibility
start = 5
I
check "a sweep writes its results table" sh -c \
    "PATH='$HSF_TEST_BUILDDIR':\$PATH '$HSF_TEST_BUILDDIR/hsframe-sweep' run --engine serial sweep.ini >/dev/null 2>&1"

# size PNG W H: png_pixel reads the file and it is W x H.
size() { [ "$("$pixel" "$1")" = "size $2 $3" ] || { echo "  $1: $("$pixel" "$1")" >&2; return 1; }; }
# colour PNG R G B MIN: at least MIN pixels of that colour (a curve drawn).
colour() {
    n=$("$pixel" "$1" count "$2" "$3" "$4")
    [ "${n:-0}" -ge "$5" ] || { echo "  $1: $n pixels of $2 $3 $4, expected >= $5" >&2; return 1; }
}
blue="68 119 170" red="204 51 17"

# plotted CSV W H: hsframe-plot CSV writes CSV's .png, W x H, with the data
# in blue; the reference curve (fitted line, theory, D) in red where named.
plotted() {
    png=${1%.csv}.png
    rm -f "$png"
    "$PLOT" "$1" >plot.out 2>plot.err || { cat plot.err >&2; return 1; }
    [ "$(cat plot.out)" = "$png" ] && [ ! -s plot.err ] || { cat plot.out plot.err >&2; return 1; }
    size "$png" "$2" "$3" && colour "$png" $blue 300
}
check "speeds: histogram with its Rayleigh curve, 800 x 560" plotted speeds.csv 800 560
check "  the theory curve is drawn" colour speeds.png $red 500
check "rdf: g(r), 800 x 560" plotted rdf.csv 800 560
check "  the contact value is marked" colour rdf.png $red 40
check "msd: against lag, 800 x 560" plotted msd.csv 800 560
check "  the fitted line is drawn" colour msd.png $red 300
check "thermo: four panels against time, 1000 x 760" plotted thermo.csv 1000 760
check "thermo with walls: the wall pressure too" plotted billiards-thermo.csv 1000 760
check "  the wall pressure is drawn" colour billiards-thermo.png $red 100
check "vacf: three panels, 1500 x 500" plotted vacf.csv 1500 500
check "  D and the tail guides are drawn" colour vacf.png $red 300
check "freepath: two histograms, 1100 x 480" plotted freepath.csv 1100 480
check "  the means are marked" colour freepath.png $red 300
check "energies: two panels against time, 1200 x 500" plotted triatomic.csv 1200 500
check "  the potential energy and rotation are drawn" colour triatomic.png $red 300
check "  the total and vibration are drawn" colour triatomic.png 34 136 51 300
check "events: events by kind and their impulses, 1100 x 480" plotted billiards3-events.csv 1100 480
check "  the wall hits are drawn" colour billiards3-events.png $red 100
check "profile: density, flow and temperature, 1500 x 480" plotted granular-shear-profile.csv 1500 480
check "  the flow is drawn" colour granular-shear-profile.png $red 60
check "  the flow's slope is the imposed rate, 0.5" awk -F, 'NR > 1 { n++; sx += $2; sy += $4; sxx += $2 * $2; sxy += $2 * $4 }
        END { m = (n * sxy - sx * sy) / (n * sxx - sx * sx); if (!(m > 0.47 && m < 0.53)) { print "  slope " m; exit 1 } }' granular-shear-profile.csv
check "profile, a table per sample: the last drawn" plotted profiles.csv 1500 480
check "stress: pressure and shear stress against time, 1100 x 480" plotted stress.csv 1100 480
check "  the mean shear stress is drawn" colour stress.png $red 300
check "  its title has the viscosity" sh -c "grep -q '^# viscosity' stress.csv"
# Hard discs' Z does not depend on the temperature: the two curves of
# the default picture lie on each other, the second (red) on top.
check "results: Z against the packing fraction, 900 x 600" sh -c "'$PLOT' sweep/results.csv >/dev/null"
check "  is 900 x 600" size sweep/results.png 900 600
check "  the curves are drawn" colour sweep/results.png $red 300
check "results -y collisions: one curve per temperature" sh -c "'$PLOT' sweep/results.csv -y collisions -o c.png >/dev/null"
check "  the first in blue" colour c.png $blue 300
check "  the second (twice as fast: twice the collisions) in red" colour c.png $red 300
# The points the picture shows: the mean over the seeds, from the table.
means=$(awk -F, 'NR > 1 { split($0, q, "\""); n = split(q[3], f, ",")
                          s[f[2] " " f[3]] += f[n - 1]; c[f[2] " " f[3]]++ }
                 END { for (k in s) printf "%s %.6f\n", k, s[k] / c[k] }' sweep/results.csv | sort)
check "  the table has 4 points of 3 seeds (found: $(echo "$means" | wc -l))" [ "$(echo "$means" | wc -l)" -eq 4 ]
check "  Z at kT 1 and 4 agree within 3 % at each packing fraction" sh -c "echo '$means' |
    awk '{ z[\$1] = z[\$1] ? z[\$1] / \$3 : \$3 } END { for (f in z) if (z[f] < 0.97 || z[f] > 1.03) exit 1 }'"
check "results -x init.temperature: the temperature along x" \
    sh -c "'$PLOT' sweep/results.csv -x init.temperature -o q.png >/dev/null"
check "  is 900 x 600" size q.png 900 600

# Options: another size and name.
check "-s 640x480 -o: that size, that name" sh -c "'$PLOT' rdf.csv -s 640x480 -o g.png >/dev/null"
check "  is 640 x 480" size g.png 640 480

# Refusals: exit 2, a message, no picture.
refused() {
    expected=$1; shift
    rm -f out.png
    "$PLOT" "$@" -o out.png >/dev/null 2>plot.err
    status=$?
    [ $status -eq 2 ] && grep -qF -- "$expected" plot.err && [ ! -e out.png ] ||
        { echo "  exit $status" >&2; cat plot.err >&2; return 1; }
}
printf 'time,speed\n0.5,0.25\n' >other.csv
check "a table it does not know: exit 2, says what it found" \
    refused "other.csv:1: expected the header of an hsframe output's CSV (speeds, rdf, msd, thermo, vacf, freepath, energies, events, transport, profile, stress) or of hsframe-sweep's results table, found: time,speed" other.csv
check "results -y of a column it lacks: exit 2" refused "no column nope (-y) in the header" sweep/results.csv -y nope
check "results -x of a key not varied: exit 2, naming the varied" \
    refused "-x seed is not a varied key (varied: init.packing_fraction, init.temperature)" sweep/results.csv -x seed
check "-x on another table: exit 2" refused "-x and -y are for hsframe-sweep's results table" rdf.csv -x a
head -n 1 rdf.csv >empty.csv
check "a table without rows: exit 2" refused "empty.csv: a rdf table without rows" empty.csv
check "a missing file: exit 2" refused "missing.csv: no such readable file" missing.csv
check "a bad size: exit 2" refused "-s: expected WIDTHxHEIGHT" rdf.csv -s 640
check "no temporary file left behind" sh -c '! ls -a | grep -q hsframe-plot-'

finish
