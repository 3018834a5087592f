/* hsframe: cache prefetches that the compiler keeps.
 *
 * Code that waits on memory (an event queue or an engine with more keys or
 * particles than the caches hold) asks for a cache line some work before
 * it reads or writes it.  GCC's __builtin_prefetch is taken to have no side
 * effects: a function that only reads memory and prefetches is then found
 * to do nothing, and every call to it is deleted, prefetches and all
 * (GCC 12, from -O1).  These helpers are volatile asm statements on x86-64
 * and AArch64, which are never deleted; elsewhere they fall back to the
 * builtin.  Header only: no ABI change, usable against any 1.x host. */
#ifndef HSFRAME_PREFETCH_H
#define HSFRAME_PREFETCH_H

#if defined(__GNUC__)
#define HSF_PREFETCH_INLINE __attribute__((always_inline)) static inline
#else
#define HSF_PREFETCH_INLINE static inline
#endif

/* Asks for the cache line holding address p, to be read soon.  A hint: it
 * never faults, reads nothing and owns nothing, so p may be any address,
 * even one past the end of an array. */
HSF_PREFETCH_INLINE void hsf_prefetch(const void *p)
{
#if defined(__GNUC__) && defined(__x86_64__)
    __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)p));
#elif defined(__GNUC__) && defined(__aarch64__)
    __asm__ volatile("prfm pldl1keep, %a0" : : "p"(p));
#elif defined(__GNUC__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

/* Asks for the cache line holding address p, to be written soon (on
 * x86-64 processors without PREFETCHW it is a no-op).  Same terms as
 * hsf_prefetch. */
HSF_PREFETCH_INLINE void hsf_prefetch_write(const void *p)
{
#if defined(__GNUC__) && defined(__x86_64__)
    __asm__ volatile("prefetchw %0" : : "m"(*(const char *)p));
#elif defined(__GNUC__) && defined(__aarch64__)
    __asm__ volatile("prfm pstl1keep, %a0" : : "p"(p));
#elif defined(__GNUC__)
    __builtin_prefetch(p, 1);
#else
    (void)p;
#endif
}

#endif
