#!/bin/sh
# The summary at the end of a run: the JSON form holds the same keys and
# values as the text form, numbers as numbers; both end with the files
# the outputs wrote.  JSON is read with jq (skipped without it).
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

cat >p.txt <<'P'
2
0.25 0.5 1 0 0.1 1 255 0 0
0.75 0.5 -1 0 0.1 1 0 0 255
P
cat >run.ini <<'I'
[simulation]
particles = p.txt
end_time = 2

[output.final]
plugin = snapshot
file = final.txt

[output.table]
plugin = thermo
file = table.csv
interval = 0.5
I

check "text summary" run_status 0 -c run.ini
cp out text
check "text: files listed last, in section order" \
    test "$(tail -n 2 text)" = "file: final.txt (snapshot, [output.final])
file: table.csv (thermo, [output.table])"
check "text: every listed file exists" test -s final.txt -a -s table.csv


check "--summary text is the default" run_status 0 --summary text -c run.ini
# wall_seconds, startup_seconds, the rates and peak_rss_kb change from run to run.
volatile_keys='wall_seconds|startup_seconds|events_per_second|collisions_per_second|peak_rss_kb'
volatile="^($volatile_keys):"
check "--summary text: same lines as without the option" \
    test "$(grep -Ev "$volatile" out)" = "$(grep -Ev "$volatile" text)"

check "--summary json" run_status 0 --summary json -c run.ini
cp out json
check "json: nothing on stdout but the object" test "$(head -c 1 json)" = "{"

check "bad format: usage error" run_status 2 --summary xml -c run.ini
check "bad format: message" contains "$WORK/err" "--summary: expected text or json, found 'xml'"
# -q silences the banner and the progress, not the summary asked for.
check "-q --summary json" run_status 0 -q --summary json -c run.ini
check "-q --summary json: the object on stdout" test "$(head -c 1 "$WORK/out")" = "{"
check "-q --summary json: the same keys as without -q" test \
    "$(sed -n 's/^  "\([a-z_]*\)".*/\1/p' "$WORK/out")" = "$(sed -n 's/^  "\([a-z_]*\)".*/\1/p' json)"
check "-q --summary json: nothing on stderr" test ! -s "$WORK/err"
check "-q --summary text" run_status 0 -q --summary text -c run.ini
check "-q --summary text: the summary" contains "$WORK/out" "particles: 2"
check "-q alone: no summary" run_status 0 -q -c run.ini
check "-q alone: empty stdout" test ! -s "$WORK/out"

# jqt FILTER FILE: the filter yields true on FILE.
jqt() { jq -e "$@" >/dev/null; }

if command -v jq >/dev/null; then
    check "json: parses" jqt 'type == "object"' json
    # Every text line key: value is a member with the same value, typed:
    # text values that are numbers are JSON numbers, others strings.
    grep -Ev "$volatile|^file: " text >lines
    while IFS= read -r line; do
        key=${line%%: *}
        value=${line#*: }
        check "json: $key = $value" jqt --arg k "$key" --arg v "$value" \
            '.[$k] | if type == "number" then . == ($v | tonumber)
                     else type == "string" and . == $v end' json
    done <lines
    check "json: the text's keys in its order, and no others but files" test \
        "$(jq -r 'keys_unsorted[] | select(. != "files")' json | grep -Ev "^($volatile_keys)\$")" = \
        "$(sed 's/: .*//' lines)"
    check "json: counters are numbers" jqt '(.particles | type) == "number" and
        (.collisions | type) == "number" and (.energy_drift | type) == "number" and
        (.queue | type) == "string"' json
    check "json: files" jqt '.files == [
        {"file": "final.txt", "plugin": "snapshot", "section": "output.final"},
        {"file": "table.csv", "plugin": "thermo", "section": "output.table"}]' json

    # Names that need escaping come back as they were.
    check "json: a file name with a quote and a backslash" run_status 0 --summary json \
        -c run.ini -s 'output.final.file=q"b\s.txt'
    check "json: escaped name parses back" jqt '.files[0].file == "q\"b\\s.txt"' "$WORK/out"
    check "json: that file exists" test -s 'q"b\s.txt'

    # A resumed run adds resumed_at and checkpoints as numbers.
    check "stopped with a checkpoint" run_status 75 -c run.ini -s checkpoint.file=c.ckpt \
        -s checkpoint.stop_at_time=1
    check "resumed: json" run_status 0 --summary json -c run.ini -s checkpoint.file=c.ckpt \
        --resume c.ckpt
    check "resumed: resumed_at and checkpoints are numbers, the checkpoint counted" jqt \
        '(.resumed_at | type) == "number" and .checkpoints == 1' "$WORK/out"
else
    skip jq "json checks: jq is not installed"
fi
value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
before=$(date +%s.%N)
check "event run" run_status 0 -c run.ini
took=$(awk -v a="$before" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
check "startup_seconds: set-up to the first event, a number of seconds ($(value startup_seconds)), within the $took s the process took" \
    awk -v s="$(value startup_seconds)" -v t="$took" 'BEGIN { exit !(s ~ /^[0-9]+\.[0-9]+$/ && s + 0 <= t) }'
# lacks FILE KEY: no line of FILE is "KEY: ...".
lacks() { ! grep -q "^$2: " "$1" || { echo "  $1 has $2" >&2; return 1; }; }

# A time-step run reports its own engine, none of the event engine's keys,
# and one energy drift (of kinetic plus potential energy).
cat >steps.ini <<'I'
[simulation]
particles = p.txt
end_time = 2
engine = timestep
dt = 0.001

[boundary]
size = 1 1
I
check "time-step run" run_status 0 -c steps.ini
for key in engine integrator dt boundary time steps force_evaluations collisions boundary_hits \
           wall_seconds steps_per_second kinetic_energy potential_energy total_energy \
           max_overlap total_energy_drift collisions_resolved_late; do
    check "time steps: $key" contains "$WORK/out" "$key: "
done
for key in queue events stale_events neighbour_search renewals events_per_second energy_drift \
           startup_seconds; do
    check "time steps: no $key" lacks "$WORK/out" "$key"
done
check "time steps: one energy drift" test "$(grep -c 'energy_drift' "$WORK/out")" = 1
check "time steps: engine" test "$(value engine)" = timestep
# The discs meet in the middle at t = 0.15, 0.65, 1.15 and 1.65 (speed 1,
# gap 0.3, box 1), as the event engine counts them.
check "time steps: the collisions of the event engine" test "$(value collisions)" = 4
check "time steps: its wall hits" test "$(value boundary_hits)" = 6
check "time steps: banner names the integrator, not a queue" contains "$WORK/err" \
    "time steps verlet, boundary box"

# Keys only the event engine reads are refused under engine = timestep.
cat >steps-queue.ini <<'I'
[simulation]
particles = p.txt
end_time = 2
engine = timestep
dt = 0.001
skin = 0.2

[boundary]
size = 1 1

[queue]
plugin = binary_heap
I
check "time steps with skin: refused" run_status 2 -c steps-queue.ini
check "skin: file, line and why" contains "$WORK/err" \
    "steps-queue.ini:6: [simulation] skin: a key of the event engine, which engine = timestep does not read"
sed -i '/^skin/d' steps-queue.ini
check "time steps with [queue]: refused" run_status 2 -c steps-queue.ini
check "[queue]: file, line and why" contains "$WORK/err" \
    "steps-queue.ini:11: [queue] is a section of the event engine: it works only with [simulation] engine = event"
for key in neighbour_lists=yes cells=no audit_tolerance=1e-3; do
    check "time steps with $key: refused" run_status 2 -c steps.ini -s "simulation.$key"
    check "$key: an event-engine key" contains "$WORK/err" \
        "-s simulation.${key%%=*}: [simulation] ${key%%=*}: a key of the event engine"
done
check "time steps with -s queue.plugin: refused" run_status 2 -c steps.ini -s queue.plugin=calendar
check "-s queue.plugin: named" contains "$WORK/err" "-s queue.plugin: [queue] is a section of the event engine"

# A run stopped at t = 198 of 200, resumed and stopped again after one
# event, then completed: its rates are over the wall time of all three
# segments, more than the last one took (a hundredth of the events, its
# start included), which is all it counted once; and checkpoints counts
# the two the run wrote.
cat >long.ini <<'I'
[simulation]
dim = 2
end_time = 200
[init]
lattice = square
cells = 30 30
packing_fraction = 0.3
[boundary]
plugin = periodic
[checkpoint]
file = long.ckpt
stop_at_time = 198
I
check "long run: stopped" run_status 75 -c long.ini
check "long run: stopped again at once" run_status 75 -c long.ini --resume long.ckpt \
    -s checkpoint.stop_after_events=1
before=$(date +%s.%N)
check "long run: completed (resumed past stop_at_time)" run_status 0 -c long.ini --resume long.ckpt
last=$(awk -v a="$before" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
check "resumed: both checkpoints counted" test "$(value checkpoints)" = 2
check "resumed: wall_seconds covers every segment ($(value wall_seconds) s, the last $last s)" \
    awk -v w="$(value wall_seconds)" -v l="$last" 'BEGIN { exit !(w > l) }'
check "resumed: events_per_second is events over that wall time (1 %)" \
    awk -v e="$(value events)" -v w="$(value wall_seconds)" -v r="$(value events_per_second)" \
        'BEGIN { x = e / w / r; exit !(x > 0.99 && x < 1.01) }'
check "resumed: the events of the whole run" \
    awk -v t="$(value time)" -v r="$(value resumed_at)" -v e="$(value events)" \
        'BEGIN { exit !(t == 200 && r >= 198 && e > 0) }'

# A model taken for a field alone names no interaction, and a 2D field
# has two components (3D: three).
cat >field.ini <<'I'
[simulation]
particles = p.txt
end_time = 1

[boundary]
size = 1 1

[field]
gravity = 0 -1
I
check "2D field" run_status 0 -c field.ini
check "2D field: no interaction line" lacks "$WORK/out" interaction
check "2D field: two components" contains "$WORK/out" "field: 0 -1
"
check "2D field: not three" test "$(grep '^field:' "$WORK/out")" = "field: 0 -1"
check "2D field with [interaction]: named" run_status 0 -c field.ini -s interaction.plugin=hard_sphere
check "2D field with [interaction]: interaction line" contains "$WORK/out" "interaction: hard_sphere"
cat >field3.ini <<'I'
[simulation]
dim = 3
end_time = 1
[init]
lattice = cubic
cells = 2 2 2
packing_fraction = 0.1
[field]
gravity = 0 0 -2
I
check "3D field" run_status 0 -c field3.ini
check "3D field: three components" test "$(grep '^field:' "$WORK/out")" = "field: 0 0 -2"
finish
