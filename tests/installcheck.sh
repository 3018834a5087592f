#!/bin/sh
# make installcheck (and so make distcheck, into a fresh prefix): the
# installed hsframe runs the billiard break with the plugins installed
# beside it.  Arguments: the source directory, bindir, pkglibdir.
set -u
srcdir=$1 bindir=$2 pkglibdir=$3
work=$(mktemp -d /tmp/hsf-installcheck-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail() { echo "installcheck: $*" >&2; exit 1; }
env -u HSFRAME_PLUGIN_PATH "$bindir/hsframe" --list-plugins >plugins ||
    fail "$bindir/hsframe --list-plugins failed"
grep -qF "($pkglibdir/binary_heap.so)" plugins || fail "the plugins are not found in $pkglibdir"
grep -qF "/.libs/" plugins && fail "the installed hsframe uses plugins of a build tree"
env -u HSFRAME_PLUGIN_PATH "$bindir/hsframe" -c "$srcdir/conf/billiards.ini" -q ||
    fail "$bindir/hsframe -c conf/billiards.ini failed"
[ -s billiards-final.txt ] || fail "conf/billiards.ini wrote no billiards-final.txt"
"$bindir/hsframe-queue-bench" --model hold --dist exponential --sizes 100 --holds 1000 >bench ||
    fail "$bindir/hsframe-queue-bench failed"
grep -q "^binary_heap  *hold  *exponential  *100 " bench ||
    fail "hsframe-queue-bench does not find binary_heap in $pkglibdir"
for c in hsframe-sweep hsframe-plot; do
    [ -x "$bindir/$c" ] || fail "$c is not installed in $bindir"
done
# The installed checker finds an installed queue by its bare name.
"$bindir/hsframe-queue-check" --quick --check empty,ties_by_seq calendar >qcheck 2>&1 ||
    fail "$bindir/hsframe-queue-check calendar: $(cat qcheck)"
echo "installcheck: $bindir/hsframe runs conf/billiards.ini with the plugins of $pkglibdir"
