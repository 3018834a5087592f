#!/bin/sh
# hsf_prefetch (libcore/prefetch.h) survives optimisation where
# __builtin_prefetch did not: GCC finds a function that only prefetches
# pure and deletes the call, which once removed the engine's reading ahead
# of cells and neighbour lists without a trace.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cc=${CC:-cc}
case $($cc -dumpmachine) in
    x86_64*) insn=prefetcht0 ;;
    aarch64*) insn=prfm ;;
    *) echo "no prefetch instruction known for $($cc -dumpmachine): nothing to check"
       finish; exit ;;
esac
cat >"$WORK/t.c" <<'C'
#include "prefetch.h"
/* The shape GCC deleted: static, only reads and prefetches, no result. */
__attribute__((noinline)) static void ask(const double *a, const unsigned *k, int n)
{
    for (int i = 0; i < 3; i++)
        hsf_prefetch(a + 8 * k[n + i]);
}
double use(const double *a, const unsigned *k, int n)
{
    ask(a, k, n);
    return a[n];
}
C
for opt in -O1 -O2 -O3; do
    check "compiles at $opt" $cc $opt -I"$HSF_TEST_SRCDIR/libcore" -S -o "$WORK/t$opt.s" "$WORK/t.c"
    # one in the loop, or three where it is unrolled; __builtin_prefetch: none
    count=$(grep -c "$insn" "$WORK/t$opt.s")
    check "prefetch in the code at $opt (found $count)" [ "$count" -ge 1 ]
done
finish
