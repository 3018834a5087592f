#!/bin/sh
# hsf_prefetch and hsf_prefetch_write (include/hsframe/prefetch.h) survive
# optimisation where __builtin_prefetch did not: GCC takes a function that
# only reads and prefetches to do nothing and deletes the call, which once
# removed the engine's reading ahead of cells and neighbour lists and the
# calendar's of its days, without a trace.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cc=${CC:-cc}
case $($cc -dumpmachine) in
    x86_64*) insn=prefetcht0 write=prefetchw ;;
    aarch64*) insn=pldl1keep write=pstl1keep ;;
    *) skip_all prefetch "no prefetch instruction known for $($cc -dumpmachine)" ;;
esac
cat >"$WORK/t.c" <<'C'
#include <hsframe/prefetch.h>
/* The shape GCC deleted: static, only reads and prefetches, no result. */
__attribute__((noinline)) static void ask(const double *a, const unsigned *k, int n)
{
    for (int i = 0; i < 3; i++)
        hsf_prefetch(a + 8 * k[n + i]);
}
__attribute__((noinline)) static void ask_write(double *a, const unsigned *k, int n)
{
    for (int i = 0; i < 3; i++)
        hsf_prefetch_write(a + 8 * k[n + i]);
}
double use(double *a, const unsigned *k, int n)
{
    ask(a, k, n);
    ask_write(a, k, n + 3);
    return a[n];
}
C
for opt in -O1 -O2 -O3; do
    check "compiles at $opt" $cc $opt -I"$HSF_TEST_SRCDIR/include" -S -o "$WORK/t$opt.s" "$WORK/t.c"
    # one in the loop, or three where it is unrolled; __builtin_prefetch: none
    count=$(grep -c "$insn" "$WORK/t$opt.s")
    check "prefetch in the code at $opt (found $count)" [ "$count" -ge 1 ]
    count=$(grep -c "$write" "$WORK/t$opt.s")
    check "prefetch for writing in the code at $opt (found $count)" [ "$count" -ge 1 ]
done
finish
