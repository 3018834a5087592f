#!/bin/sh
# Nothing the user has is lost: a run whose output, or checkpoint, would
# write over the particle file, the bonds file, the configuration or
# another output's file refuses before it starts (exit 2, naming both
# uses), however the path is spelt.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

mkdir -p in res
cat >in/p.txt <<'P'
2
0.25 0.5 1 0 0.1 1 255 0 0
0.75 0.5 -1 0 0.1 1 0 0 255
P
cp in/p.txt p.orig
printf '0 1\n' >in/b.txt
cat >in/run.ini <<'I'
[simulation]
particles = p.txt
end_time = 1

[output.final]
plugin = snapshot
file = final.txt

[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.5
I
ln -s in/p.txt link.txt

# refused NAME EXPECTED-MESSAGE ARGS...: exit 2, the message, and the
# input untouched.
refused() {
    name=$1; msg=$2; shift 2
    check "$name: exit 2" run_status 2 -c in/run.ini "$@"
    check "$name: message" contains "$WORK/err" "$msg"
    check "$name: the particle file is intact" cmp -s in/p.txt p.orig
}

refused "output over the particle file" \
    "[output.final] file: in/p.txt is the particle file of [simulation] particles" \
    -s output.final.file=in/p.txt
refused "output over the particle file, spelt ./in/p.txt" \
    "[output.final] file: ./in/p.txt is the particle file" -s output.final.file=./in/p.txt
refused "output over the particle file through a symlink" \
    "[output.final] file: link.txt is the particle file" -s output.final.file=link.txt
refused "output over the particle file, spelt ../WORK/in/p.txt" \
    "is the particle file of [simulation] particles" \
    -s "output.final.file=../$(basename "$WORK")/in/p.txt"
check "the particle file from the INI's directory: line and file named" \
    contains "$WORK/err" "-s output.final.file: [output.final] file:"
refused "output over the bonds file" \
    "[output.thermo] file: in/b.txt is the bonds file of [bonds] file" \
    -s bonds.file=in/b.txt -s output.thermo.file=in/b.txt
refused "output over the configuration" \
    "[output.final] file: in/run.ini is the configuration file" \
    -s output.final.file=in/run.ini
refused "checkpoint over the particle file" \
    "[checkpoint] file: in/p.txt is the particle file of [simulation] particles" \
    -s checkpoint.file=in/p.txt
refused "output over the checkpoint" \
    "[output.final] file: run.ckpt is the checkpoint file of [checkpoint] file" \
    -s checkpoint.file=run.ckpt -s output.final.file=run.ckpt

# Two outputs on one file, existing or not yet.
refused "two outputs on one new file" \
    "[output.thermo] file: res/x.csv is also the output file of [output.final] file" \
    -s output.final.file=res/x.csv -s output.thermo.file=res/x.csv
check "two outputs on one new file: nothing written" test ! -e res/x.csv
refused "two outputs on one new file, spelt differently" \
    "[output.thermo] file: res/../res/y.csv is also the output file of [output.final] file" \
    -s output.final.file=./res/y.csv -s output.thermo.file=res/../res/y.csv
echo old >res/z.csv
refused "two outputs on one existing file" "is also the output file of [output.final] file" \
    -s output.final.file=res/z.csv -s output.thermo.file=res/z.csv
check "two outputs on one existing file: it is untouched" test "$(cat res/z.csv)" = old

# What is fine stays fine: distinct files, and the same name in
# different directories.
check "distinct files run" run_status 0 -c in/run.ini -s output.final.file=p.txt
check "a file of the particle file's name in another directory is written" \
    contains p.txt "0.5 -1 0"
check "the particle file is intact after a run" cmp -s in/p.txt p.orig

finish
