/* Functions built twice on x86-64 (private to libhsframe): for the base
 * instruction set and for AVX2, the dynamic loader picking the one the
 * processor runs (target_clones, an ifunc; configure.ac checks that the
 * compiler and loader can).  AVX2 alone has no fused multiply-add, so
 * both clones do the same operations, rounded alike: the same bits. */
#ifndef HSF_CLONES_H
#define HSF_CLONES_H

#if defined(HSF_HAVE_TARGET_CLONES) && !defined(__AVX2__)     /* configure.ac */
#define HSF_AVX2_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define HSF_AVX2_CLONES
#endif

/* Functions built for the base instruction set and for FMA, where fma()
 * is a library call and an instruction: correctly rounded both, the same
 * bits.  No other product is fused into an addition there
 * (fp-contract=off), so the two clones round alike everywhere else too;
 * GCC only (clang ignores the optimize attribute). */
#if defined(HSF_HAVE_TARGET_CLONES) && !defined(__FMA__) && defined(__GNUC__) && \
    !defined(__clang__)
#define HSF_FMA_CLONES __attribute__((target_clones("fma", "default"), optimize("fp-contract=off")))
#else
#define HSF_FMA_CLONES
#endif

#endif
