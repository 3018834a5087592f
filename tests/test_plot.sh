#!/bin/sh
# hsframe-plot: every output with a table (speeds, rdf, msd, thermo, vacf,
# freepath, energies, events, profile) drawn from the CSV of a real run as a PNG of the expected size,
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
    refused "other.csv:1: expected the header of an hsframe output's CSV (speeds, rdf, msd, thermo, vacf, freepath, energies, events, transport, profile), found: time,speed" other.csv
head -n 1 rdf.csv >empty.csv
check "a table without rows: exit 2" refused "empty.csv: a rdf table without rows" empty.csv
check "a missing file: exit 2" refused "missing.csv: no such readable file" missing.csv
check "a bad size: exit 2" refused "-s: expected WIDTHxHEIGHT" rdf.csv -s 640
check "no temporary file left behind" sh -c '! ls -a | grep -q hsframe-plot-'

finish
