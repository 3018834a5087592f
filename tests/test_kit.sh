#!/bin/sh
# The plugin kit as a third party uses it, from an installed prefix that is
# not on the loader's path: `make install DESTDIR=` into this test's
# directory, with the prefix of the .pc files set to the staged one, as if
# hsframe were installed there.  A plugin built with docs/PLUGINS.md's
# command loads in fresh processes; a program links libhsframe through
# libhsframe.pc; examples/stadium, built with HSFRAME_PLUGIN, installs
# under its own --prefix, where HSFRAME_PLUGIN_PATH finds it, and without
# one into hsframe's plugin directory; hsframe-queue-bench takes
# --plugin-path; and the installed programs name the plugin directory of
# the configuration they were built for, hsframe.pc's.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
unset LD_LIBRARY_PATH PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR HSFRAME_PLUGIN_PATH
command -v pkg-config >/dev/null 2>&1 || skip_all pkg-config "pkg-config is not installed"

pcvar() { sed -n "s/^$1=//p" "$HSF_TEST_BUILDDIR/hsframe.pc"; }
prefix=$(pcvar prefix)
plugindir=$(pkg-config --variable=plugindir "$HSF_TEST_BUILDDIR/hsframe.pc")
stage=$WORK/stage
# MAKEFLAGS: make check's jobserver is not this make's.
submake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "${MAKE:-make}" -C "$HSF_TEST_BUILDDIR" "$@"; }
# Installing copies what is built and must build nothing: the other tests
# run the same programs meanwhile.
check "the build is up to date (make -q all-am)" submake -q all-am || {
    finish
    exit 1
}
stage_install() { submake -s install DESTDIR="$stage" >install.log 2>&1; }
check "make install DESTDIR=" stage_install || {
    sed 's/^/  | /' install.log >&2
    finish
    exit 1
}
P=$stage$prefix
sed -i "s|^prefix=.*|prefix=$P|" "$P/lib/pkgconfig/hsframe.pc" "$P/lib/pkgconfig/libhsframe.pc"
PKG_CONFIG_PATH=$P/lib/pkgconfig
export PKG_CONFIG_PATH
check "the staged hsframe.pc names the staged plugin directory" \
    test "$(pkg-config --variable=plugindir hsframe)" = "$P/lib/hsframe"
check "the staged plugin directory holds the plugins" test -f "$P/lib/hsframe/box.so"
hsframe() { "$P/bin/hsframe" "$@" >out 2>err; }
KIT=$P/lib/hsframe

# The installed programs were built for hsframe.pc's plugin directory
# (configuring again with another prefix recompiles what holds it).
check "hsframe --help names hsframe.pc's plugin directory" sh -c \
    "'$P/bin/hsframe' --help | grep -qF ' and $plugindir.'"
check "hsframe-queue-bench --help names it" sh -c \
    "LD_LIBRARY_PATH='$P/lib' '$P/bin/hsframe-queue-bench' --help | grep -qF '  $plugindir);'"
check "hsframe-queue-check --help names it" sh -c \
    "LD_LIBRARY_PATH='$P/lib' '$P/bin/hsframe-queue-check' --help | grep -qF '$plugindir'"

# A plugin built with the command of docs/PLUGINS.md, "Building": the
# output written out there, energylog.
awk '$0 == "### An output, whole" { on = 1 } on && $0 == "```c" { inside = 1; next }
     inside && $0 == "```" { exit } inside { print }' "$HSF_TEST_SRCDIR/docs/PLUGINS.md" >mine.c
cmd=$(grep -x '    cc -shared -fPIC .* mine\.c -o mine\.so .*' "$HSF_TEST_SRCDIR/docs/PLUGINS.md")
check "PLUGINS.md gives the command without autotools" test -n "$cmd"
cmd=$(echo "$cmd" | sed 's/^ *//; s|mine\.c|../mine.c|; s|mine\.so|energylog.so|')
mkdir mine
(cd mine && eval "$cmd") >build.log 2>&1
check "the documented command builds energylog.so" test -f mine/energylog.so ||
    sed 's/^/  | /' build.log >&2
check "a fresh hsframe loads it for --help-plugin" hsframe --plugin-path mine --help-plugin energylog
check "  and describes it" contains out "energylog: output plugin, mine/energylog.so"
check "--list-plugins" hsframe --plugin-path "mine:$KIT" --list-plugins
check "  lists it" contains out "(mine/energylog.so)"
check "  and every staged plugin loads" sh -c "! grep -q 'not loadable' out"
cat >gas.ini <<'I'
[simulation]
dim = 2
end_time = 2
[init]
lattice = square
cells = 4 4
packing_fraction = 0.3
temperature = 1
[boundary]
plugin = periodic
[output.energy]
plugin = energylog
file = energy.csv
interval = 0.5
I
check "a run with it (-c)" env HSFRAME_PLUGIN_PATH="$WORK/mine:$KIT" "$P/bin/hsframe" -q -c gas.ini
check "  writes its file: a header and five rows" test "$(wc -l <energy.csv)" -eq 6

# A program that links libhsframe (a host of plugins) through libhsframe.pc.
cat >host.c <<'C'
#include <stdio.h>
#include <hsframe/hsframe.h>
int main(void)
{
    hsf_error *err = hsf_error_new();
    hsf_error_set(err, "expected %d, found %d", 1, 2);
    puts(hsf_error_message(err));
    hsf_error_free(err);
    return 0;
}
C
# A library built with AddressSanitizer needs its runtime first in a program.
san=
ldd "$P/lib/libhsframe.so" 2>/dev/null | grep -q libasan && san="-fsanitize=address,undefined"
# shellcheck disable=SC2046 # flags, one a word
check "a program links libhsframe through libhsframe.pc" \
    ${CC:-cc} $san host.c -o host $(pkg-config --cflags --libs libhsframe)
check "  and runs" sh -c "LD_LIBRARY_PATH='$P/lib' ./host | grep -qx 'expected 1, found 2'"

# hsframe-queue-bench finds a queue by name in --plugin-path (and still
# in --plugin-dir, the former name).
bench="$HSF_TEST_BUILDDIR/hsframe-queue-bench"
for opt in --plugin-path --plugin-dir; do
    check "hsframe-queue-bench $opt" sh -c "'$bench' --model hold --form pushpop \
        --dist exponential --sizes 100 --holds 1000 $opt '$KIT' calendar >bench.out 2>&1"
    check "  times the queue found there" grep -q '^calendar  *hold  *exponential  *100 ' bench.out
done

# examples/stadium, built with HSFRAME_PLUGIN: under --prefix=DIR it
# installs into DIR/lib/hsframe, which HSFRAME_PLUGIN_PATH names to hsframe
# (hsframe's plugin directory when DIR is hsframe's prefix); with
# HSFRAME_PLUGINDIR=DIR, into DIR; without --prefix, into hsframe's plugin
# directory.
if ! command -v autoreconf >/dev/null 2>&1 || ! command -v libtoolize >/dev/null 2>&1; then
    skip autotools "examples/stadium with HSFRAME_PLUGIN: autoreconf or libtoolize is not installed"
    finish
    exit
fi
cp -r "$HSF_TEST_SRCDIR/examples/stadium" stadium && chmod -R u+w stadium
cd stadium || exit 1
check "autoreconf with the staged hsframe.m4" sh -c \
    "ACLOCAL_PATH='$P/share/aclocal' autoreconf -fi >autoreconf.log 2>&1" ||
    sed 's/^/  | /' autoreconf.log >&2
check "configure --prefix=DIR" sh -c "./configure --prefix='$WORK/third' >configure.log 2>&1"
check "  says where the plugin goes" contains configure.log \
    "where make install puts the plugin... $WORK/third/lib/hsframe (under --prefix: add it to HSFRAME_PLUGIN_PATH)"
check "  make install" sh -c "make >make.log 2>&1 && make install >>make.log 2>&1" ||
    tail -n 20 make.log | sed 's/^/  | /' >&2
check "  puts stadium.so in DIR/lib/hsframe" test -f "$WORK/third/lib/hsframe/stadium.so"
check "  where HSFRAME_PLUGIN_PATH finds it" sh -c "HSFRAME_PLUGIN_PATH='$WORK/third/lib/hsframe' \
    '$P/bin/hsframe' --help-plugin stadium >out 2>&1"
check "  as the file installed" contains out "stadium: boundary plugin, $WORK/third/lib/hsframe/stadium.so"
check "configure --prefix= hsframe's prefix" sh -c "./configure --prefix='$P' >configure.log 2>&1"
check "  installs into hsframe's plugin directory" contains configure.log \
    "where make install puts the plugin... $KIT (hsframe's plugin directory)"
check "configure HSFRAME_PLUGINDIR=DIR" sh -c \
    "./configure --prefix='$WORK/third' HSFRAME_PLUGINDIR='$WORK/chosen' >configure.log 2>&1"
check "  installs into DIR" contains configure.log \
    "where make install puts the plugin... $WORK/chosen (HSFRAME_PLUGINDIR)"
check "configure without --prefix" sh -c "./configure >configure.log 2>&1"
check "  says where the plugin goes" contains configure.log \
    "where make install puts the plugin... $KIT (hsframe's plugin directory)"
check "  make install" sh -c "make >make.log 2>&1 && make install >>make.log 2>&1" ||
    tail -n 20 make.log | sed 's/^/  | /' >&2
check "  puts stadium.so in hsframe's plugin directory" test -f "$KIT/stadium.so"
finish
