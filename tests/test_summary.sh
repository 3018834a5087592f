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
# wall_seconds, the rates and peak_rss_kb change from run to run.
volatile_keys='wall_seconds|events_per_second|collisions_per_second|peak_rss_kb'
volatile="^($volatile_keys):"
check "--summary text: same lines as without the option" \
    test "$(grep -Ev "$volatile" out)" = "$(grep -Ev "$volatile" text)"

check "--summary json" run_status 0 --summary json -c run.ini
cp out json
check "json: nothing on stdout but the object" test "$(head -c 1 json)" = "{"

check "bad format: usage error" run_status 2 --summary xml -c run.ini
check "bad format: message" contains "$WORK/err" "--summary: expected text or json, found 'xml'"
check "-q --summary json: no summary" run_status 0 -q --summary json -c run.ini
check "-q --summary json: empty stdout" test ! -s "$WORK/out"

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
        -s checkpoint.stop_after=1e-9
    check "resumed: json" run_status 0 --summary json -c run.ini -s checkpoint.file=c.ckpt \
        --resume c.ckpt
    check "resumed: resumed_at and checkpoints are numbers" jqt \
        '(.resumed_at | type) == "number" and .checkpoints == 0' "$WORK/out"
else
    skip jq "json checks: jq is not installed"
fi
finish
