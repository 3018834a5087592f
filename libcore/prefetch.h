/* A cache prefetch the compiler keeps (private to libhsframe).
 *
 * GCC treats __builtin_prefetch as free of side effects: a function that
 * only reads memory and prefetches is found pure, and a call whose result
 * is unused is deleted, prefetches and all.  That silently removed the
 * engine's reading ahead of cells and neighbour lists (GCC 12, -O1 and
 * up).  A volatile asm statement is never deleted; elsewhere the builtin
 * is the best there is. */
#ifndef HSF_PREFETCH_H
#define HSF_PREFETCH_H

/* Asks for the cache line holding p, for reading; never faults, so p may
 * be any address. */
__attribute__((always_inline)) static inline void hsf_prefetch(const void *p)
{
#if defined(__GNUC__) && defined(__x86_64__)
    __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)p));
#elif defined(__GNUC__) && defined(__aarch64__)
    __asm__ volatile("prfm pldl1keep, %a0" : : "p"(p));
#else
    __builtin_prefetch(p);
#endif
}

#endif
