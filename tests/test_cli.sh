#!/bin/sh
# The hsframe command line: options, exit statuses, messages.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

check "--help exits 0" run_status 0 --help
check "--help shows usage" contains "$WORK/out" "Usage: hsframe -c FILE"
check "--version" run_status 0 --version
abi=$(sed -n 's/^#define HSF_ABI_MAJOR \([0-9]*\)$/\1/p' "$HSF_TEST_SRCDIR/include/hsframe/plugin.h").$(sed -n 's/^#define HSF_ABI_MINOR \([0-9]*\)$/\1/p' "$HSF_TEST_SRCDIR/include/hsframe/plugin.h")
check "--version names the ABI" contains "$WORK/out" "(plugin ABI $abi)"
check "no configuration is a usage error" run_status 2
check "no configuration: message" contains "$WORK/err" "no configuration: give one with -c FILE"
check "unknown option is a usage error" run_status 2 --frobnicate
check "stray argument is a usage error" run_status 2 -c x.ini extra
check "missing configuration file" run_status 2 -c missing.ini
check "missing file: message" contains "$WORK/err" \
    "hsframe: missing.ini: cannot open configuration: No such file or directory"

check "--list-plugins" run_status 0 --list-plugins
for p in "binary_heap      queue" "box              boundary" "snapshot         output" \
         "xyz              output" "thermo           output"; do
    check "--list-plugins shows $p" contains "$WORK/out" "$p"
done
check "--help-plugin box" run_status 0 --help-plugin box
check "--help-plugin lists parameters" grep -Eq "^  size +numbers +1 1 +side lengths" "$WORK/out"
# The host's keys of the plugin's section, above the plugin's own, in
# columns that line up: the type column starts at one place on every line.
aligned() {
    awk '/^  [a-z_]+ +(text|number|integer|bool|numbers) / {
             at = index($0, " " $2 " ") ; if (seen && at != first) bad = 1; if (!seen) first = at; seen = 1 }
         END { exit !(seen && !bad) }' "$WORK/out"
}
for key in plugin start_profile tangential_restitution friction; do
    check "--help-plugin box: the host's key $key" grep -Eq "^  $key +(text|number|bool) " "$WORK/out"
done
check "--help-plugin box: aligned columns" aligned
check "--help-plugin calendar" run_status 0 --help-plugin calendar
for key in plugin indexed record; do
    check "--help-plugin calendar: the host's key $key" grep -Eq "^  $key +text " "$WORK/out"
done
check "--help-plugin calendar: no keys of its own" contains "$WORK/out" "Parameters:
  (none)"
for plugin in thermo andersen hard_sphere gravity; do
    check "--help-plugin $plugin" run_status 0 --help-plugin $plugin
    check "--help-plugin $plugin: the host's keys first" grep -q "^The keys hsframe reads in every \[" "$WORK/out"
    check "--help-plugin $plugin: aligned columns" aligned
done
check "--help-plugin hard_sphere: the rough particles' keys" sh -c \
    "'$HSFRAME' --help-plugin hard_sphere | grep -Eq '^  friction +number '"

cat >"$WORK/p.txt" <<'P'
2
0.25 0.5 1 0 0.1 1 255 0 0
0.75 0.5 -1 0 0.1 1 0 0 255
P
cat >"$WORK/run.ini" <<'I'
[simulation]
particles = p.txt
end_time = 2

[output.final]
plugin = snapshot
file = final.txt
I
umask 022
check "a run succeeds" run_status 0 -c run.ini
check "output files get the usual permissions (0666 less the umask)" \
    test "$(stat -c %a final.txt)" = 644
for key in particles dimension time events collisions boundary_hits stale_events \
           wall_seconds events_per_second energy_drift; do
    check "summary has $key" contains "$WORK/out" "$key: "
done
check "informational line on stderr" contains "$WORK/err" "hsframe: 2 particles (2D)"
check "-q prints nothing" run_status 0 -q -c run.ini
check "-q: empty stdout" test ! -s "$WORK/out"
check "-q: empty stderr" test ! -s "$WORK/err"
check "-s overrides the file" run_status 0 -c run.ini -s simulation.end_time=0.5
check "-s: time" contains "$WORK/out" "time: 0.5"
check "-s with a dotted section" run_status 0 -c run.ini -s output.final.file=other.txt
check "-s: file written" test -s "$WORK/other.txt"
check "misspelt key from -s" run_status 2 -c run.ini -s simulation.end_tme=1
check "misspelt key: message" contains "$WORK/err" \
    "hsframe: -s simulation.end_tme: [simulation] unknown key 'end_tme' (did you mean 'end_time'?)"
check "misspelt key in the file" run_status 2 -c run.ini -s output.final.fil=x
# --check: everything a run checks before it starts, then nothing more.
check "--check: a good configuration" run_status 0 --check -c run.ini -s output.final.file=checked.txt
check "--check: says so" contains "$WORK/err" \
    "hsframe: run.ini: checked: 2 particles (2D) from p.txt, boundary box, 1 output; nothing run"
check "--check: nothing written, no summary" sh -c "[ ! -e '$WORK/checked.txt' ] && [ ! -s '$WORK/out' ]"
check "--check: a misspelt key" run_status 2 --check -c run.ini -s simulation.end_tme=1
check "--check: its message" contains "$WORK/err" "unknown key 'end_tme' (did you mean 'end_time'?)"
check "--check: an output that cannot be written" run_status 2 --check -c run.ini \
    -s output.final.file=/nonexistent/f.txt
check "unknown plugin" run_status 2 -c run.ini -s queue.plugin=fibonacci
check "unknown plugin: lists those of its kind" contains "$WORK/err" \
    "-s queue.plugin: [queue] plugin = fibonacci: no queue plugin named 'fibonacci' (the queue plugins found: "
check "unknown plugin: no plugins of other kinds" sh -c "! grep -q \"'box'\" '$WORK/err'"
check "unknown plugin: how to add a directory" contains "$WORK/err" \
    "add the directory with --plugin-path DIR or HSFRAME_PLUGIN_PATH"
printf '[simulation]\nparticles = p.txt\nend_time = 1\n\n[output.final]\nplugin = snapshott\nfile = f.txt\n' \
    >"$WORK/misspelt.ini"
check "misspelt plugin in the file" run_status 2 -c misspelt.ini
check "misspelt plugin: file, line and the close name" contains "$WORK/err" \
    "misspelt.ini:6: [output.final] plugin = snapshott: no output plugin named 'snapshott' (did you mean 'snapshot'?)"
check "wrong kind of plugin" run_status 2 -c run.ini -s queue.plugin=box
check "wrong kind: message" contains "$WORK/err" "is a boundary plugin, but a queue plugin is needed here"

rm -f "$WORK/final.txt"
check "unwritable output directory" run_status 2 -c run.ini -s output.final.file=/nonexistent/f.txt
check "unwritable: message" contains "$WORK/err" "/nonexistent/f.txt: cannot write"
# An output file that is a directory: refused before the run, which would
# otherwise end in a rename that cannot replace it and lose what it measured.
mkdir -p "$WORK/adir"
check "output file that is a directory" run_status 2 -c run.ini -s output.final.file=adir
check "directory: message" contains "$WORK/err" "adir: cannot write: Is a directory"
check "directory: refused before the run" sh -c "! grep -q 'running to' '$WORK/err'"
check "directory: left as it was" sh -c "[ -d '$WORK/adir' ] && [ -z \"\$(ls -A '$WORK/adir')\" ]"
printf '2\n0.25 0.5 1 0 0.1 1 0 0 0\n0.3 0.5 0 0 0.1 1 0 0 0\n' >"$WORK/bad.txt"
check "overlapping input" run_status 2 -c run.ini -s simulation.particles=bad.txt
check "overlap: no output written" test ! -e "$WORK/final.txt"
check "overlap: names both lines" contains "$WORK/err" \
    "bad.txt:2: particle 1 overlaps particle 2 (line 3) by 0.15"

# Interrupted: exit 1, a message, and no file left behind, not even a
# temporary one.
mkdir -p "$WORK/int" && cd "$WORK/int"
printf '[simulation]\ndim = 3\nend_time = 1e9\n[init]\nlattice = fcc\ncells = 6 6 6\npacking_fraction = 0.3\n[boundary]\nplugin = periodic\n[output.t]\nplugin = xyz\nfile = traj.xyz\ninterval = 1\n' >long.ini
rm -f "$WORK/err"    # an earlier run's "running to" is not this one's
"$HSFRAME" -c long.ini >"$WORK/out" 2>"$WORK/err" &
pid=$!
# Signalled once it runs (its first line) and has written frames (its
# temporary file is not empty), not while the libtool wrapper still starts
# it, which would die of the signal (130): conditions it reports, waited
# for however long they take, where a fixed pause is too short under
# sanitizers on a loaded machine.  end_time 1e9: no machine ends it first.
wait_for $pid "$WORK/err" "running to"
while kill -0 $pid 2>/dev/null && [ -z "$(find . -name 'traj.xyz.tmp*' -size +0c)" ]; do
    sleep 0.01
done
check "SIGINT: the run wrote frames before it" test -n "$(find . -name 'traj.xyz.tmp*' -size +0c)"
kill -INT $pid
wait $pid
status=$?
check "SIGINT ends the run with status 1" test "$status" -eq 1
check "SIGINT: message" contains "$WORK/err" "interrupted at t = "
check "SIGINT: no file left" test -z "$(ls "$WORK/int" | grep -v '^long.ini$')"

# The progress line: on stderr when it is a terminal (script(1) gives the
# run one), nothing otherwise.
check "no progress line when stderr is a file" run_status 0 -c long.ini \
    -s simulation.end_time=60 -s output.t.interval=0
check "no progress line in a file" test -z "$(grep 'events/s' "$WORK/err")"
# The line comes every half second of wall clock: the run (end_time 1e9,
# longer than any machine takes to show it) is stopped once it has, however
# long that took.
if command -v script >/dev/null 2>&1; then
    rm -f "$WORK/tty" tty.pid
    script -qec "sh -c 'echo \$\$ >tty.pid; exec \"\$0\" -c long.ini -s output.t.interval=0' '$HSFRAME'" \
        /dev/null >"$WORK/tty" 2>&1 </dev/null &
    spid=$!
    while [ ! -s tty.pid ] && kill -0 $spid 2>/dev/null; do sleep 0.01; done
    pid=$(cat tty.pid)
    wait_for "$pid" "$WORK/tty" "events/s"
    kill -TERM "$pid" 2>/dev/null
    wait $spid
    check "progress line on a terminal" contains "$WORK/tty" "events/s"
    check "progress line: simulated time" contains "$WORK/tty" " of 1e+09 ("
    check "progress line: the run was stopped, not ended" contains "$WORK/tty" "interrupted at t = "
else
    skip script "progress line on a terminal: script(1) is not installed"
fi
cd "$WORK"

# Plugins found through --plugin-path and HSFRAME_PLUGIN_PATH come first.
mkdir -p "$WORK/mine"
cp "$HSF_TEST_BUILDDIR/plugins/boundary/.libs/box.so" "$WORK/mine/box.so"
check "--plugin-path" run_status 0 --plugin-path "$WORK/mine" --list-plugins
check "--plugin-path is searched first" contains "$WORK/out" "($WORK/mine/box.so)"
check "HSFRAME_PLUGIN_PATH" env HSFRAME_PLUGIN_PATH="$WORK/mine" "$HSFRAME" --help-plugin box \
    >"$WORK/out" 2>&1
check "HSFRAME_PLUGIN_PATH is searched" contains "$WORK/out" "$WORK/mine/box.so"
# A path to a plugin in the file is relative to the file's directory, as
# particle files are; given with -s, to the current directory.
mkdir -p "$WORK/conf/lib"
cp "$HSF_TEST_BUILDDIR/plugins/boundary/.libs/box.so" "$WORK/conf/lib/box.so"
cp "$WORK/p.txt" "$WORK/conf/p.txt"
printf '[simulation]\nparticles = p.txt\nend_time = 1\n\n[boundary]\nplugin = lib/box.so\nsize = 1 1\n' \
    >"$WORK/conf/rel.ini"
check "plugin path relative to the INI's directory" run_status 0 -c conf/rel.ini
check "plugin path given with -s: from the current directory" run_status 0 -c conf/rel.ini \
    -s boundary.plugin=conf/lib/box.so
check "plugin path given with -s, missing: message" run_status 2 -c conf/rel.ini \
    -s boundary.plugin=lib/box.so
check "plugin path given with -s, missing: names it" contains "$WORK/err" \
    "plugin file lib/box.so: No such file or directory"
# --list-plugins shows the files it cannot load, with the reason.
echo "not a plugin" >"$WORK/mine/junk.so"
check "--list-plugins with a file that is no plugin" run_status 0 --plugin-path "$WORK/mine" \
    --list-plugins
check "--list-plugins: the file that is no plugin, and why" contains "$WORK/out" \
    "  $WORK/mine/junk.so: $WORK/mine/junk.so is not a loadable plugin: "
# Every file that cannot load is listed, with dlerror's reason, in one
# pass: needy.so needs libhsframe.so.0, which is not on the loader's path
# (the old way of building a plugin); brings.so, later in the path, loads
# the library through its rpath, and a second pass would then load
# needy.so and list it nowhere.  unbound.so calls a function no host has.
cc=${CC:-cc}
lib="$HSF_TEST_BUILDDIR/.libs"
mkdir -p "$WORK/later"
printf 'void hsf_no_such_function(void);\nvoid call(void) { hsf_no_such_function(); }\n' \
    >"$WORK/unbound.c"
check "a plugin calling a function no host has builds" \
    $cc -shared -fPIC "$WORK/unbound.c" -o "$WORK/mine/unbound.so"
if [ -f "$lib/libhsframe.so.0" ]; then
    fixture() {    # fixture NAME DIR LINK-FLAGS...: tests/fixtures/broken_box.c as NAME.so
        fx=$1 dir=$2; shift 2
        $cc -shared -fPIC -I"$HSF_TEST_SRCDIR/include" -DBROKEN=0 -DNAME="\"$fx\"" \
            "$HSF_TEST_SRCDIR/tests/fixtures/broken_box.c" -o "$dir/$fx.so" "$@" -lm
    }
    check "a plugin linked with -lhsframe, no rpath, builds" fixture needy "$WORK/mine" \
        -L"$lib" -lhsframe
    check "a plugin linked with -lhsframe and an rpath builds" fixture brings "$WORK/later" \
        -L"$lib" -Wl,-rpath,"$lib" -lhsframe
    check "--list-plugins with files that cannot load" env -u LD_LIBRARY_PATH \
        "$HSFRAME" --plugin-path "$WORK/mine:$WORK/later" --list-plugins >"$WORK/out" 2>"$WORK/err"
    check "--list-plugins: the library a file needs, not found" contains "$WORK/out" \
        "  $WORK/mine/needy.so: $WORK/mine/needy.so is not a loadable plugin: libhsframe.so.0: cannot open shared object file"
    check "--list-plugins: the plugin that brings the library is listed" contains "$WORK/out" \
        "($WORK/later/brings.so)"
else
    skip shared "--list-plugins: a file that needs libhsframe.so.0 (no shared libhsframe built)"
    check "--list-plugins with files that cannot load" run_status 0 --plugin-path "$WORK/mine" \
        --list-plugins
fi
check "--list-plugins: the function no host has" contains "$WORK/out" \
    "  $WORK/mine/unbound.so: $WORK/mine/unbound.so is not a loadable plugin: $WORK/mine/unbound.so: undefined symbol: hsf_no_such_function"
check "--list-plugins: the file that is no plugin, still" contains "$WORK/out" \
    "  $WORK/mine/junk.so: $WORK/mine/junk.so is not a loadable plugin: "
finish
