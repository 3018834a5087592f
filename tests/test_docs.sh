#!/bin/sh
# The documentation agrees with the plugins: for every plugin in the build
# (as --list-plugins reports them, so that a new plugin without docs
# fails), the parameter names --help-plugin prints are those of its
# parameter table in docs/OUTPUTS.md (outputs) or docs/PLUGINS.md (the
# other kinds), and of its "Parameters:" line in hsframe.1.  Then the
# columns of every CSV output are those its section's column table names.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
DOCS="$HSF_TEST_SRCDIR/docs"
MAN="$HSF_TEST_SRCDIR/hsframe.1"

# printed NAME: the parameters --help-plugin prints, but plugin and
# interval (read by hsframe for every output, documented once).
printed() {
    "$HSFRAME" --help-plugin "$1" |
        awk '/^Parameters:/ { on = 1; next }
             on && /^  [A-Za-z_0-9]/ && $1 != "plugin" && $1 != "interval" { print $1 }' | sort
}

# documented FILE NAME TABLE: the backquoted first cells of the tables
# headed "| TABLE |" in FILE's section whose heading starts with NAME
# ("## msd: ...", "#### calendar"), up to the next heading of its level
# or above.  Fails when there is no such section.
documented() {
    awk -v name="$2" -v want="$3" '
        /^```/ { fence = !fence; next }
        fence { next }
        /^#+ / { level = match($0, /[^#]/) - 1
                 if (inside && level <= at) inside = 0
                 title = $0; sub(/^#+ +/, "", title); split(title, w, /[ :]/)
                 if (w[1] == name) { inside = 1; at = level; found = 1 }
                 table = ""; next }
        inside && /^\|/ {
            if (table == "") { table = $0; sub(/^\| */, "", table); sub(/ *\|.*/, "", table); next }
            if (table == want && match($0, /^\| *`[^`]+`/)) {
                cell = substr($0, RSTART, RLENGTH); sub(/^\| *`/, "", cell); sub(/`$/, "", cell)
                print cell }
            next }
        { table = "" }
        END { exit !found }' "$1"
}

# in_man NAME: the names on the "Parameters:" line that follows ".TP" and
# ".B NAME" in the SHIPPED PLUGINS section of hsframe.1.
in_man() {
    awk -v name="$1" '
        /^\.SH/ { inside = ($0 ~ /SHIPPED PLUGINS/); previous = $0; next }
        inside && previous == ".TP" && $0 == ".B " name { entry = 1; found = 1 }
        inside && entry && /^Parameters:/ {
            line = $0; sub(/^Parameters: */, "", line); sub(/\.$/, "", line)
            n = split(line, p, /, */)
            for (i = 1; i <= n; i++) if (p[i] != "none") print p[i]
            entry = 0 }
        { previous = $0 }
        END { exit !found }' "$MAN"
}

# same WHAT FOUND DOCUMENTED: the two files list the same names.
same() {
    if ! cmp -s "$2" "$3"; then
        echo "  $1: the program has [$(tr '\n' ' ' <"$2")], the docs [$(tr '\n' ' ' <"$3")]" >&2
        return 1
    fi
}

"$HSFRAME" --list-plugins >list.txt 2>&1
plugins=$(awk '/^[a-z]/ { print $1 ":" $2 }' list.txt)
check "--list-plugins lists plugins" test -n "$plugins"
for entry in $plugins; do
    plugin=${entry%%:*} kind=${entry#*:}
    case $kind in
    output) doc="$DOCS/OUTPUTS.md" ;;
    *) doc="$DOCS/PLUGINS.md" ;;
    esac
    printed "$plugin" >printed.txt
    if documented "$doc" "$plugin" parameter >doc.txt && sort -o doc.txt doc.txt; then
        check "$plugin ($kind): parameters of $(basename "$doc") as --help-plugin prints them" \
            same "$plugin in $(basename "$doc")" printed.txt doc.txt
    else
        not_ok "$plugin ($kind): no section headed '$plugin' in $(basename "$doc")"
    fi
    if in_man "$plugin" >man.txt && sort -o man.txt man.txt; then
        check "$plugin ($kind): parameters of hsframe.1 as --help-plugin prints them" \
            same "$plugin in hsframe.1" printed.txt man.txt
    else
        not_ok "$plugin ($kind): not in SHIPPED PLUGINS of hsframe.1"
    fi
done

# The columns: a short run of every output that writes a CSV table, each
# header compared with the column table of the output's section.
cat >run.ini <<'I'
[simulation]
dim = 2
end_time = 2
[init]
lattice = square
cells = 8 8
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.5
[output.events]
plugin = events
file = events.csv
[output.msd]
plugin = msd
file = msd.csv
interval = 0.5
[output.vacf]
plugin = vacf
file = vacf.csv
interval = 0.1
window = 1
[output.speeds]
plugin = speeds
file = speeds.csv
interval = 0.5
[output.rdf]
plugin = rdf
file = rdf.csv
interval = 0.5
[output.freepath]
plugin = freepath
file = freepath.csv
I
check "a run with every CSV output" run_status 0 -c run.ini
for output in thermo events msd vacf speeds rdf freepath; do
    head -n 1 "$output.csv" | tr ',' '\n' >header.txt
    documented "$DOCS/OUTPUTS.md" "$output" column >columns.txt
    check "$output: the columns of OUTPUTS.md are those of its CSV, in order" \
        same "$output columns" header.txt columns.txt
done

# The README's "Writing plugins" counts the out-of-tree examples (those
# with a configure.ac) and names each.
count=$(tr '\n' ' ' <"$HSF_TEST_SRCDIR/README.md" | sed -nE 's#.*holds ([a-z]+) complete out-of-tree plugins.*#\1#p')
examples=$(cd "$HSF_TEST_SRCDIR/examples" && ls -d */configure.ac | sed 's#/.*##')
n=$(echo $examples | wc -w)
check "README: '$count' out-of-tree examples, examples/ has $n" test "$(case $count in
    three) echo 3 ;; four) echo 4 ;; five) echo 5 ;; six) echo 6 ;; seven) echo 7 ;; esac)" = "$n"
for e in $examples; do
    check "README names the example $e" contains "$HSF_TEST_SRCDIR/README.md" "\`$e\`"
    check "PLUGINS.md's table names the example $e" contains "$DOCS/PLUGINS.md" "\`examples/$e\`"
done
count=$(tr '\n' ' ' <"$DOCS/PLUGINS.md" | sed -nE 's#.*The ([a-z]+) complete examples in `examples/`.*#\1#p')
check "PLUGINS.md: '$count' complete examples, examples/ has $n" test "$(case $count in
    three) echo 3 ;; four) echo 4 ;; five) echo 5 ;; six) echo 6 ;; seven) echo 7 ;; esac)" = "$n"

# docs/CONFIG.md lists the keys of hsframe's own sections as --help-config
# prints them from the tables the host checks: name, type, default, range.
check "--help-config runs" run_status 0 --help-config
awk '/^\[[^]]+\]/ { s = $1; next }
     s != "" && /^  [a-z_]/ && $1 != "and" { print s, $1, $2, $3, $4 }' "$WORK/out" >help-config.txt
awk -F'|' '/^## \[/ { s = $0; sub(/^## /, "", s); sub(/ .*/, "", s); next }
     s != "" && /^\| `/ { for (i = 2; i <= 5; i++) { gsub(/^ +| +$|`/, "", $i) }
                          print s, $2, $3, $4, $5 }' "$DOCS/CONFIG.md" >config-md.txt
check "--help-config lists the sections ($(awk '{ print $1 }' help-config.txt | uniq | tr '\n' ' '))" \
    test "$(awk '{ print $1 }' help-config.txt | uniq | wc -l)" -ge 7
for s in simulation init compression checkpoint field bonds thermostat; do
    check "--help-config has [$s]" grep -q "^\[$s\] " help-config.txt
done
check "docs/CONFIG.md: every key, type, default and range as --help-config prints them" \
    same "CONFIG.md" help-config.txt config-md.txt

# The man page's synopsis and its OPTIONS list every option --help lists:
# OPTIONS each name, the synopsis one name of each (-c for --config).
check "--help runs" run_status 0 --help
sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$MAN" | sed 's/\\-/-/g; s/\\f[BIRP]//g' |
    grep -oE '(^| |\[)--?[a-zA-Z][a-z-]*' | tr -d ' [' | sort -u >synopsis.txt
sed -n '/^\.SH OPTIONS/,/^\.SH PLUGINS/p' "$MAN" | sed 's/\\-/-/g; s/\\f[BIRP]//g' |
    grep -E '^\.(B|BI|BR) ' | grep -oE '(^| |")--?[a-zA-Z][a-z-]*' | tr -d ' "' | sort -u >man-options.txt
# One line per option of --help: its names ("-c --config").
grep -E '^ +-' "$WORK/out" | awk '{ n = ""; for (i = 1; i <= NF && $i ~ /^-/; i++) { o = $i; sub(/,$/, "", o); n = n " " o }
    print substr(n, 2) }' >help-options.txt
check "--help lists options ($(paste -sd ';' help-options.txt))" test "$(wc -l <help-options.txt)" -ge 10
while read -r names; do
    found=no
    for o in $names; do grep -qx -- "$o" synopsis.txt && found=yes; done
    check "hsframe.1 SYNOPSIS has $names" test $found = yes
    for o in $names; do check "hsframe.1 OPTIONS has $o" grep -qx -- "$o" man-options.txt; done
done <help-options.txt

# docs/FUZZING.md's table has every target make fuzz runs, and no other.
sed -n 's/^targets=\${\*:-"\(.*\)"}$/\1/p' "$HSF_TEST_SRCDIR/tests/fuzz/run.sh" | tr ' ' '\n' |
    sort >fuzz-run.txt
awk -F'`' '/^\| `fuzz_[a-z0-9_]*` \|/ { print $2 }' "$DOCS/FUZZING.md" | sort >fuzz-doc.txt
check "make fuzz runs targets ($(paste -sd ' ' fuzz-run.txt))" test "$(wc -l <fuzz-run.txt)" -ge 6
check "docs/FUZZING.md describes each of them" cmp fuzz-run.txt fuzz-doc.txt

# docs/PLUGINS.md's output skeleton and its check script work as written:
# the C code compiles against the headers alone, loads, runs, and the
# script passes against it.
block() {    # block HEADING LANG: the first ```LANG block after the line HEADING
    awk -v h="$1" -v l="$2" '$0 == h { on = 1 } on && $0 == "```" l { inside = 1; next }
        inside && $0 == "```" { exit } inside { print }' "$DOCS/PLUGINS.md"
}
mkdir skeleton
block "### An output, whole" c >skeleton/energylog.c
block "## Testing" sh >skeleton/check-energylog.sh
check "PLUGINS.md: the output skeleton is there" contains skeleton/energylog.c 'HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "energylog"'
check "PLUGINS.md: the output skeleton compiles (-Wall -Wextra -Werror)" \
    ${CC:-cc} -Wall -Wextra -Werror -shared -fPIC -I"$HSF_TEST_SRCDIR/include" \
    skeleton/energylog.c -o skeleton/energylog.so
check "PLUGINS.md: --help-plugin loads it" run_status 0 --plugin-path skeleton --help-plugin energylog
check "PLUGINS.md: its check script passes" env HSFRAME="$HSFRAME" PLUGIN_DIR="$WORK/skeleton" \
    sh skeleton/check-energylog.sh

finish
