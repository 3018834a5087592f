#!/bin/sh
# An uninstalled hsframe finds the plugins of the build tree it runs from,
# found from the executable and not from a path compiled in: a build tree
# moved or copied elsewhere uses its own plugins.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# The real program: the program itself (it links the core statically), or
# the one behind libtool's wrapper script in a build that links it shared.
# (.libs/ may also hold a program left by an older build of the tree.)
real="$HSF_TEST_BUILDDIR/hsframe"
if ! head -c 4 "$real" | grep -q ELF; then
    [ -x "$HSF_TEST_BUILDDIR/.libs/hsframe" ] && real="$HSF_TEST_BUILDDIR/.libs/hsframe"
    [ -x "$HSF_TEST_BUILDDIR/.libs/lt-hsframe" ] && real="$HSF_TEST_BUILDDIR/.libs/lt-hsframe"
fi
# A small build tree elsewhere: the program in .libs/ as libtool puts it,
# and the plugins a run needs.
mkdir -p tree/.libs tree/plugins/queue/.libs tree/plugins/boundary/.libs \
    tree/plugins/output/.libs
cp "$real" tree/.libs/hsframe
cp "$HSF_TEST_BUILDDIR/plugins/queue/.libs/binary_heap.so" \
    "$HSF_TEST_BUILDDIR/plugins/queue/.libs/calendar.so" \
    "$HSF_TEST_BUILDDIR/plugins/queue/.libs/marin_tree.so" tree/plugins/queue/.libs/
cp "$HSF_TEST_BUILDDIR/plugins/boundary/.libs/box.so" tree/plugins/boundary/.libs/
cp "$HSF_TEST_BUILDDIR/plugins/output/.libs/snapshot.so" tree/plugins/output/.libs/
moved() { LD_LIBRARY_PATH="$HSF_TEST_BUILDDIR/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$WORK/tree/.libs/hsframe" "$@" >out 2>err; }

check "moved tree: --list-plugins" moved --list-plugins
check "moved tree: its own plugins" contains out "($WORK/tree/plugins/queue/.libs/binary_heap.so)"
check "moved tree: not the plugins of the tree it was built in" \
    sh -c "! grep -qF '$HSF_TEST_BUILDDIR/plugins' out"
cat >p.txt <<'P'
2
0.25 0.5 1 0 0.1 1 255 0 0
0.75 0.5 -1 0 0.1 1 0 0 255
P
cat >run.ini <<'I'
[simulation]
particles = p.txt
end_time = 1

[output.final]
plugin = snapshot
file = final.txt
I
check "moved tree: a run with its plugins" moved -c run.ini
check "moved tree: the run wrote its output" contains out "file: final.txt (snapshot, [output.final])"
# A program in a subdirectory of the tree (as the unit tests are) finds
# the plugins beside its parent.
mkdir -p tree/tests/.libs
cp "$real" tree/tests/.libs/prog
check "a program in a subdirectory: the tree's plugins" sh -c \
    "LD_LIBRARY_PATH='$HSF_TEST_BUILDDIR/.libs' '$WORK/tree/tests/.libs/prog' --list-plugins >out"
check "a program in a subdirectory: listed" contains out "$WORK/tree/plugins/boundary/.libs/box.so"
# Outside a build tree, only the installed directory and the ones given.
mkdir -p bin
cp "$real" bin/hsframe
check "outside a build tree: no build tree's plugins" sh -c \
    "LD_LIBRARY_PATH='$HSF_TEST_BUILDDIR/.libs' '$WORK/bin/hsframe' --list-plugins >out 2>err; \
     ! grep -qF '/plugins/queue/.libs' out"

finish
