#!/bin/sh
# Every installed header compiles on its own, with nothing but the C
# library and its sibling headers (included twice: the guards work).
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cc=${CC:-cc}
for h in "$HSF_TEST_SRCDIR"/include/hsframe/*.h; do
    name=$(basename "$h")
    printf '#include <hsframe/%s>\n#include <hsframe/%s>\n' "$name" "$name" >"$WORK/t.c"
    check "$name stands alone (C11)" $cc -std=c11 -Wall -Wextra -Werror -pedantic \
        -I"$HSF_TEST_SRCDIR/include" -fsyntax-only "$WORK/t.c"
done
finish
