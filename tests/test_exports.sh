#!/bin/sh
# The installed library exports the ABI and nothing else: the functions
# the installed headers declare, as the compiler sees them (gcc -aux-info
# lists every prototype with the file that declares it), and the program
# offers the same list to the plugins it loads.
. "$HSF_TEST_SRCDIR/tests/testlib.sh"
lib="$HSF_TEST_BUILDDIR/.libs/libhsframe.so"

printf '#include <hsframe/hsframe.h>\n' > "$WORK/all.c"
check "the headers compile, listing their prototypes" \
    gcc -I"$HSF_TEST_SRCDIR/include" -aux-info "$WORK/aux" -c "$WORK/all.c" -o "$WORK/all.o"
# Prototypes from include/hsframe, less the inline ones (a body, not a symbol).
grep '/include/hsframe/' "$WORK/aux" | grep -v 'static' |
    sed -E 's/.*[ *](hsf_[a-z0-9_]+) \(.*/\1/' | LC_ALL=C sort -u > "$WORK/declared"
check "the headers declare functions ($(wc -l < "$WORK/declared"))" \
    [ "$(wc -l < "$WORK/declared")" -gt 40 ]

nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | LC_ALL=C sort > "$WORK/lib"
check "libhsframe.so exports exactly the declared functions" \
    diff "$WORK/declared" "$WORK/lib"
nm -D --defined-only "$lib" | awk '$2 ~ /^[BDGRS]$/ { print $3 }' > "$WORK/data"
check "libhsframe.so exports no data" [ ! -s "$WORK/data" ]

nm -D --defined-only "$HSF_TEST_BUILDDIR/hsframe" | awk '$2 == "T" { print $3 }' |
    LC_ALL=C sort > "$WORK/program"
check "hsframe offers its plugins exactly the declared functions" \
    diff "$WORK/declared" "$WORK/program"

finish
