#!/bin/sh
# Checkpoints: a run stopped at any event (SIGTERM, SIGKILL between
# periodic checkpoints, stop_after_events) and resumed, as often as it takes,
# ends bit for bit where the uninterrupted run ends: every output file and
# every counter of the summary.  Every queue, 2D and 3D, the three
# boundaries and a sheared box, cells, neighbour lists and all pairs; the time-step engine.  Then the checkpoints
# that must be refused, and the outputs that cannot take part.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
abi=$(sed -n 's/^#define HSF_ABI_MAJOR \([0-9]*\)$/\1/p' "$HSF_TEST_SRCDIR/include/hsframe/plugin.h").$(sed -n 's/^#define HSF_ABI_MINOR \([0-9]*\)$/\1/p' "$HSF_TEST_SRCDIR/include/hsframe/plugin.h")
cd "$WORK" || exit 1

OUTPUTS="final.txt thermo.csv events.csv msd.csv rdf.csv speeds.csv freepath.csv traj.xyz vacf.csv"

# The outputs every scenario writes: all that accumulate or stream.
outputs() {
    cat <<'I'
[output.final]
plugin = snapshot
file = final.txt
format = xyz
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.25
[output.events]
plugin = events
file = events.csv
[output.msd]
plugin = msd
file = msd.csv
interval = 0.5
[output.rdf]
plugin = rdf
file = rdf.csv
interval = 0.5
[output.speeds]
plugin = speeds
file = speeds.csv
interval = 0.5
[output.freepath]
plugin = freepath
file = freepath.csv
[output.traj]
plugin = xyz
file = traj.xyz
interval = 2
[output.vacf]
plugin = vacf
file = vacf.csv
interval = 0.25
window = 2
start = 1
[checkpoint]
file = state.ckpt
I
}

# The summary lines that must match: all but timings and memory.
counters() {
    grep -v -e wall_seconds -e startup_seconds -e per_second -e peak_rss -e resumed_at -e checkpoints "$1"
}

# The process of a run in the background; resumes counts the runs that
# went on from a checkpoint.  The last run's err.txt goes first: its
# "running to" is not this one's.
start() {
    rm -f out.txt err.txt
    if [ -f state.ckpt ]; then
        resumes=$((resumes + 1))
        "$HSFRAME" -c run.ini --resume state.ckpt "$@" >out.txt 2>err.txt &
    else
        "$HSFRAME" -c run.ini "$@" >out.txt 2>err.txt &
    fi
    pid=$!
}

# The checkpoint's inode: a new one each time a checkpoint is written.
ckpt_id() { ls -i state.ckpt 2>/dev/null | awk '{ print $1 }'; }

# interrupted DIR HOW: runs DIR/run.ini to the end, stopping it again and
# again and resuming.  Every odd round stops itself after a pseudo-random
# tenth to quarter of the uninterrupted run's events (steps), so that the
# run advances whatever the machine's speed; every even round (HOW) runs
# on until SIGTERM stops it, sent once it reports that it runs (term),
# until SIGKILL, sent once it has written a checkpoint (kill), or stops by
# the event count again (stop).  Where a signal lands depends on the
# machine (a round may even end the run first); that the run ends bit for
# bit does not.  Fails if a run ends with another status than 0 or the
# expected stop, or if no run went on from a checkpoint.
interrupted() {
    (
        cd "$1" || exit 1
        total=$(awk '/^(events|steps): / { print $2 }' ../ref/out.txt)
        seed=$(printf '%s' "$1 $2" | cksum | awk '{ print $1 % 1000003 }')
        rounds=0 resumes=0 signalled=0 status=75
        while [ $status -ne 0 ] && [ $rounds -lt 200 ]; do
            rounds=$((rounds + 1))
            n=$(awk -v s="$seed" -v r="$rounds" -v e="$total" 'BEGIN { srand(s + r)
                                        printf "%d", 1 + e * (0.1 + 0.15 * rand()) }')
            how=$2
            [ $((rounds % 2)) -eq 1 ] && how=stop
            case $how in
            stop) start -s checkpoint.stop_after_events="$n"; wait $pid; status=$?
                  [ $status -eq 0 ] || [ $status -eq 75 ] || { cat err.txt >&2; exit 1; } ;;
            term) start
                  wait_for $pid err.txt "running to"
                  kill -TERM $pid 2>/dev/null; wait $pid; status=$?
                  [ $status -eq 75 ] && signalled=$((signalled + 1))
                  [ $status -eq 0 ] || [ $status -eq 75 ] || { cat err.txt >&2; exit 1; } ;;
            kill) before=$(ckpt_id)
                  start -s checkpoint.every=0.01 -s checkpoint.stop_after_events="$n"
                  while kill -0 $pid 2>/dev/null && [ "$(ckpt_id)" = "$before" ]; do
                      sleep 0.01
                  done
                  kill -KILL $pid 2>/dev/null; wait $pid; status=$?
                  [ $status -eq 137 ] && signalled=$((signalled + 1))
                  [ $status -eq 0 ] || [ $status -eq 75 ] || [ $status -eq 137 ] ||
                      { echo "status $status" >&2; cat err.txt >&2; exit 1; } ;;
            esac
        done
        echo "  $1: $rounds runs, $resumes from a checkpoint, $signalled ended by the signal" >&2
        [ $status -eq 0 ] && [ $resumes -gt 0 ]
    )
}

same_outputs() {
    for f in $OUTPUTS; do
        cmp -s "$1/$f" "$2/$f" || { echo "  $2/$f differs from $1/$f" >&2; return 1; }
    done
    counters "$1/out.txt" >"$1/counters"
    counters "$2/out.txt" >"$2/counters"
    diff "$1/counters" "$2/counters" >&2
}

no_leftovers() {
    left=$(ls "$1" | grep -e '\.tmp' -e state.ckpt)
    [ -z "$left" ] || { echo "  left in $1: $left" >&2; return 1; }
}

# scenario NAME: the configuration on standard input; runs it whole, then
# interrupted in the three ways, and compares.
scenario() {
    mkdir -p "$1/ref" "$1/term" "$1/kill" "$1/stop"
    cat >"$1/ref/run.ini"
    for d in term kill stop; do cp "$1/ref/run.ini" "$1/$d/run.ini"; done
    check "$1: uninterrupted run" sh -c "cd '$1/ref' && '$HSFRAME' -c run.ini >out.txt 2>err.txt"
    for how in term kill stop; do
        check "$1: stopped by $how and resumed" interrupted "$1/$how" $how
        check "$1: stopped by $how: same bits" same_outputs "$1/ref" "$1/$how"
    done
    check "$1: the completed run removed its checkpoint and temporaries" no_leftovers "$1/stop"
}

scenario periodic2d-calendar <<I
[simulation]
dim = 2
end_time = 12
seed = 5
[init]
lattice = triangular
cells = 30 30
packing_fraction = 0.5
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
$(outputs)
I

scenario box2d-binary-heap <<I
[simulation]
dim = 2
end_time = 24
seed = 6
[init]
lattice = square
cells = 36 36
packing_fraction = 0.35
radius = 0.5
temperature = 2
[queue]
plugin = binary_heap
[boundary]
plugin = box
$(outputs)
I

scenario circle2d-pairing-heap <<I
[simulation]
dim = 2
particles = $HSF_TEST_SRCDIR/data/circle400.txt
end_time = 100
[queue]
plugin = pairing_heap
[boundary]
plugin = circle
center = 0 0
radius = 1
$(outputs)
I

scenario periodic2d-ladder <<I
[simulation]
dim = 2
end_time = 20
seed = 10
[init]
lattice = triangular
cells = 36 36
packing_fraction = 0.45
radius = 0.5
temperature = 1
[queue]
plugin = ladder
[boundary]
plugin = periodic
$(outputs)
I

scenario sheared2d-grains <<I
[simulation]
dim = 2
end_time = 60
seed = 11
[init]
lattice = square
cells = 30 30
packing_fraction = 0.4
radius = 0.5
temperature = 1
[boundary]
plugin = sheared
rate = 0.5
start_profile = yes
[interaction]
plugin = inelastic
restitution = 0.9
$(outputs)
I

# Elastic spheres in a sheared box with neighbour lists: the hard
# sphere's path away from the gradient faces, whose lists' image codes
# the checkpoint keeps, the model's through the sliding images.
scenario sheared3d-lists <<I
[simulation]
dim = 3
end_time = 12
seed = 12
neighbour_lists = yes
[init]
lattice = fcc
cells = 5 5 5
packing_fraction = 0.4
radius = 0.5
temperature = 1
[boundary]
plugin = sheared
rate = 0.5
start_profile = yes
$(outputs)
I

# Rough inelastic discs with friction: the spins are part of the state.
scenario rough2d-grains <<I
[simulation]
dim = 2
end_time = 60
seed = 13
[init]
lattice = triangular
cells = 24 24
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[interaction]
plugin = inelastic
restitution = 0.9
tangential_restitution = 0.4
friction = 0.3
$(outputs)
I

scenario periodic3d-lists <<I
[simulation]
dim = 3
end_time = 15
seed = 7
neighbour_lists = yes
[init]
lattice = fcc
cells = 6 6 6
packing_fraction = 0.45
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
$(outputs)
I

scenario box3d-push-pop <<I
[simulation]
dim = 3
end_time = 30
seed = 8
[init]
lattice = cubic
cells = 10 10 10
packing_fraction = 0.2
radius = 0.5
temperature = 1
[queue]
plugin = calendar
indexed = no
[boundary]
plugin = box
$(outputs)
I

scenario all-pairs-reversal <<I
[simulation]
dim = 2
end_time = 16
reverse_at = 8
seed = 9
cells = no
[init]
lattice = square
cells = 20 20
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
$(outputs)
I

# The time-step engine: molecules on springs with hard-disc contact, a
# time reversal half way; its outputs.
OUTPUTS="final.txt thermo.csv energies.csv msd.csv traj.xyz"
scenario timestep-springs <<I
[simulation]
dim = 2
particles = $HSF_TEST_SRCDIR/data/diatomic.txt
end_time = 6
reverse_at = 3
engine = timestep
integrator = verlet
dt = 0.0005
[bonds]
file = $HSF_TEST_SRCDIR/data/diatomic-bonds.txt
length = 0.05
[boundary]
plugin = periodic
size = 1 1
[force.springs]
plugin = spring
stiffness = 2e4
[output.final]
plugin = snapshot
file = final.txt
format = xyz
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.25
[output.energies]
plugin = energies
file = energies.csv
interval = 0.1
[output.msd]
plugin = msd
file = msd.csv
interval = 0.5
[output.traj]
plugin = xyz
file = traj.xyz
interval = 1
[checkpoint]
file = state.ckpt
I

# ---- Checkpoints that must be refused, with exit 2 and the reason -------
mkdir refuse && cd refuse || exit 1
awk 'BEGIN { print 400; for (i = 0; i < 400; i++)
                printf "%.3f %.3f %.3f %.3f 0.01 1 0 0 255\n", 0.025 + 0.05 * (i % 20),
                       0.025 + 0.05 * int(i / 20), sin(i), cos(3 * i) }' >p.txt
cat >run.ini <<'I'
[simulation]
particles = p.txt
end_time = 40
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 1
[output.events]
plugin = events
file = events.csv
[checkpoint]
file = good.ckpt
stop_after_events = 3000
I
check "a run stopped by stop_after_events exits 75" run_status 75 -c run.ini
check "stop: the message says how to go on" contains "$WORK/err" \
    "after writing the checkpoint good.ckpt; go on with: hsframe -c run.ini --resume good.ckpt"
check "stop: no summary" test ! -s "$WORK/out"
check "stop: the partly written outputs are kept for the resume" \
    sh -c 'ls thermo.csv.tmp* events.csv.tmp* >/dev/null'
check "stop: no final output yet" test ! -e thermo.csv
size=$(wc -c <good.ckpt)

check "missing checkpoint" run_status 2 -c run.ini --resume none.ckpt
check "missing: message" contains "$WORK/err" \
    "hsframe: none.ckpt: cannot open the checkpoint: No such file or directory"
head -c $((size / 2)) good.ckpt >truncated.ckpt
check "truncated checkpoint" run_status 2 -c run.ini --resume truncated.ckpt
check "truncated: message" contains "$WORK/err" "truncated.ckpt: checkpoint truncated: $((size / 2)) bytes, the header says $size"
head -c 20 good.ckpt >header.ckpt
check "checkpoint cut inside its header" run_status 2 -c run.ini --resume header.ckpt
check "cut header: message" contains "$WORK/err" "header.ckpt: checkpoint truncated: the file ends inside its header"
cp good.ckpt corrupted.ckpt
printf '\377' | dd of=corrupted.ckpt bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
check "corrupted checkpoint" run_status 2 -c run.ini --resume corrupted.ckpt
check "corrupted: message" contains "$WORK/err" "corrupted.ckpt: checkpoint corrupted: its checksum is"
check "foreign file" run_status 2 -c run.ini --resume run.ini
check "foreign: message" contains "$WORK/err" \
    "run.ini: not an hsframe checkpoint (it does not start with HSFCKPT)"
cp good.ckpt newer.ckpt
printf '\143' | dd of=newer.ckpt bs=1 seek=8 conv=notrunc 2>/dev/null
check "checkpoint of a newer format" run_status 2 -c run.ini --resume newer.ckpt
check "newer: message" contains "$WORK/err" \
    "newer.ckpt: checkpoint of format 99, written by a newer hsframe; this one reads format 4"
check "another configuration" run_status 2 -c run.ini --resume good.ckpt -s simulation.end_time=500
check "another configuration: message names the key" contains "$WORK/err" \
    "good.ckpt: the configuration does not match the checkpoint's: the checkpoint has simulation.end_time = 40, this run simulation.end_time = 500"
check "a key only in this run" run_status 2 -c run.ini --resume good.ckpt -s queue.plugin=binary_heap
check "a key only in this run: message" contains "$WORK/err" \
    "this run has queue.plugin = binary_heap, the checkpoint does not set it"
cp p.txt p.orig
sed -i '2s/^0.025 0.025/0.030 0.025/' p.txt
check "changed particle file" run_status 2 -c run.ini --resume good.ckpt
check "changed particles: message" contains "$WORK/err" \
    "good.ckpt: the initial particles differ from those the checkpoint started from"
mv p.orig p.txt
mkdir away && mv thermo.csv.tmp* away/
check "partly written output gone" run_status 2 -c run.ini --resume good.ckpt
check "output gone: message" contains "$WORK/err" \
    "[output.thermo] (thermo): thermo.csv: cannot reopen thermo.csv.tmp"
mv away/* . && rmdir away
check "each refusal left the checkpoint intact: it resumes" run_status 75 -c run.ini --resume good.ckpt
check "the checkpoint -s does not count as configuration" \
    run_status 75 -c run.ini --resume good.ckpt -s checkpoint.stop_after_events=1000
check "runs to the end with stop_after_events off" \
    run_status 0 -c run.ini --resume good.ckpt -s checkpoint.stop_after_events=0
check "summary: resumed_at" contains "$WORK/out" "resumed_at: "
check "completed: the checkpoint is removed" test ! -e good.ckpt
check "completed: the outputs are in place" test -s thermo.csv -a -s events.csv

# SIGTERM with [checkpoint]: a run too long for any machine to end first
# (end_time 1e9), signalled once it runs, writes its checkpoint and exits
# 75; the checkpoint resumes.
sed 's/^end_time = 40$/end_time = 1e9/; s/^file = good.ckpt$/file = term.ckpt/' run.ini >term.ini
rm -f err.txt
"$HSFRAME" -c term.ini -s checkpoint.stop_after_events=0 >out.txt 2>err.txt &
pid=$!
wait_for $pid err.txt "running to"
kill -TERM $pid
wait $pid
check "SIGTERM with [checkpoint]: exit 75" test $? -eq 75
check "SIGTERM: the message says how to go on" contains err.txt \
    "after writing the checkpoint term.ckpt; go on with: hsframe -c term.ini --resume term.ckpt"
check "SIGTERM: the checkpoint resumes" run_status 75 -c term.ini --resume term.ckpt \
    -s checkpoint.stop_after_events=1000
check "SIGTERM: resumed where it stopped" contains "$WORK/err" \
    "from t = $(sed -n 's/.*stopped at t = \([^ ]*\) .*/\1/p' err.txt) (checkpoint term.ckpt)"
rm -f term.ckpt thermo.csv.tmp* events.csv.tmp*

# stop_at_time: the first event at or past it; a run resumed past it goes on.
check "stop_at_time: exits 75" run_status 75 -c run.ini -s checkpoint.stop_after_events=0 \
    -s checkpoint.stop_at_time=5
check "stop_at_time: stopped at the first event at or past t = 5" \
    awk '/stopped at t = / { t = $6 + 0; found = 1 } END { exit !(found && t >= 5 && t < 5.1) }' \
    "$WORK/err"
check "stop_at_time: resumed with the same key, the run goes on to the end" \
    run_status 0 -c run.ini --resume good.ckpt -s checkpoint.stop_after_events=0 \
    -s checkpoint.stop_at_time=5
check "stop_at_time past the end: the run completes" run_status 0 -c run.ini \
    -s checkpoint.stop_after_events=0 -s checkpoint.stop_at_time=50

# stop_after, the wall-clock stop: so short that it stops at the first look
# at the clock (every 256 events) on any machine; 0 (the default) never.
check "stop_after: exits 75" run_status 75 -c run.ini -s checkpoint.stop_after_events=0 \
    -s checkpoint.stop_after=1e-9
check "stop_after: the message says how to go on" contains "$WORK/err" \
    "after writing the checkpoint good.ckpt; go on with: hsframe -c run.ini --resume good.ckpt"
check "stop_after = 0: the run completes" run_status 0 -c run.ini --resume good.ckpt \
    -s checkpoint.stop_after_events=0 -s checkpoint.stop_after=0
check "stop_after = 0: the checkpoint is removed" test ! -e good.ckpt

# An output without save and restore is refused, never restarted from nothing.
cat >old.ini <<'I'
[simulation]
particles = p.txt
end_time = 1
[output.old]
plugin = no_save
[checkpoint]
file = old.ckpt
I
check "an output without save/restore: refused with [checkpoint]" \
    run_status 2 --plugin-path "$HSF_FIXTURE_DIR" -c old.ini
check "no save/restore: message" contains "$WORK/err" \
    "[output.old] (no_save, $HSF_FIXTURE_DIR/no_save.so): this output cannot be checkpointed: it has no save and restore (plugin ABI 1.3, built for $abi); remove the [checkpoint] section or this output"
sed -i '/^\[checkpoint\]/,$d' old.ini
check "the same output runs without [checkpoint]" \
    run_status 0 --plugin-path "$HSF_FIXTURE_DIR" -c old.ini
check "a bad [checkpoint] key" run_status 2 -c run.ini -s checkpoint.evry=5
check "bad key: message" contains "$WORK/err" "[checkpoint] unknown key 'evry' (did you mean 'every'?)"

# Without [checkpoint], SIGTERM still ends the run as failed, leaving nothing.
sed '/^\[checkpoint\]/,$d' run.ini >plain.ini
rm -f err.txt
"$HSFRAME" -c plain.ini -s simulation.end_time=1e9 >out.txt 2>err.txt &
pid=$!
# Signalled once it runs (its first line), not while the libtool wrapper
# or the loader still start it: that would be a plain kill (143).  The run
# is long enough (end_time 1e9) that no machine ends it first.
wait_for $pid err.txt "running to"
kill -TERM $pid
wait $pid
check "without [checkpoint], SIGTERM exits 1" test $? -eq 1
check "without [checkpoint], nothing is left" sh -c '! ls *.tmp* 2>/dev/null | grep -q .'

finish
