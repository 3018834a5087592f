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

#endif
