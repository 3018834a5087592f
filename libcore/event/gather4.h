/* Candidates' motion records gathered into the pair batch four at a time
 * (the hard-sphere path on straight lines: a neighbour list's candidates
 * in predict.c, a cell search's in pair_solve.h).
 *
 * A motion record is 64 bytes, r[3] v[0] then v[1] v[2] t radius: two
 * 32-byte halves.  Four records are read as eight whole halves and turned
 * about (a 4 x 4 transpose of each half), so that every field of the four
 * candidates lands in one four-lane vector; the batch's rows are then
 * written four lanes at a store.  Read one double at a time, the same
 * gather took some 40 instructions a candidate, a third of the hard-sphere
 * path's (callgrind, 4000 spheres at 0.45 with lists).
 *
 * Each lane does the scalar gather's operations (relative_motion) in its
 * order, with no fused multiply-add (the clones are built for AVX2 without
 * FMA), so the batch holds the same bits and every event is the same. */
#ifndef HSF_EVENT_GATHER4_H
#define HSF_EVENT_GATHER4_H

#include <stdint.h>
#include <string.h>

#include "io/particle.h"
#include "shared/physics.h"

typedef double hsf_lane4 __attribute__((vector_size(32)));
typedef int64_t hsf_lane4_index __attribute__((vector_size(32)));

/* A record's half: records are 64-byte aligned (system.c), so each half
 * is one aligned load (GCC splits an unaligned 32-byte load in two). */
typedef double hsf_record_half __attribute__((vector_size(32), aligned(32), may_alias));

/* The 4 x 4 block of the rows at a, b, c and d turned about: out[k]
 * holds lane k of each row, in their order.  (Vectors go by address: as
 * arguments by value their passing differs between the clones' targets.) */
__attribute__((always_inline)) static inline void hsf_transpose4(const hsf_record_half *a,
                                                                 const hsf_record_half *b,
                                                                 const hsf_record_half *c,
                                                                 const hsf_record_half *d,
                                                                 hsf_lane4 out[4])
{
    const hsf_lane4_index even = { 0, 4, 2, 6 }, odd = { 1, 5, 3, 7 };
    const hsf_lane4_index low = { 0, 1, 4, 5 }, high = { 2, 3, 6, 7 };
    hsf_lane4 ra = *a, rb = *b, rc = *c, rd = *d;
    hsf_lane4 ab0 = __builtin_shuffle(ra, rb, even), ab1 = __builtin_shuffle(ra, rb, odd);
    hsf_lane4 cd0 = __builtin_shuffle(rc, rd, even), cd1 = __builtin_shuffle(rc, rd, odd);
    out[0] = __builtin_shuffle(ab0, cd0, low);
    out[1] = __builtin_shuffle(ab1, cd1, low);
    out[2] = __builtin_shuffle(ab0, cd0, high);
    out[3] = __builtin_shuffle(ab1, cd1, high);
}

/* Candidates js[0 .. 3] of a particle at ri with velocity vi and radius
 * radius_i, now, each seen through its shift (lanes of *sx, *sy, *sz),
 * into entries q .. q + 3 of pb's rows dr, dv and sigma (not j). */
__attribute__((always_inline)) static inline void
hsf_gather4(hsf_pair_batch *pb, uint32_t q, const hsf_motion *m, const uint32_t *js,
            const hsf_lane4 *sx, const hsf_lane4 *sy, const hsf_lane4 *sz, double now,
            const double ri[3], const double vi[3], double radius_i)
{
    const hsf_record_half *h0 = (const hsf_record_half *)(const void *)&m[js[0]];
    const hsf_record_half *h1 = (const hsf_record_half *)(const void *)&m[js[1]];
    const hsf_record_half *h2 = (const hsf_record_half *)(const void *)&m[js[2]];
    const hsf_record_half *h3 = (const hsf_record_half *)(const void *)&m[js[3]];
    hsf_lane4 r_v0[4], v12_t_radius[4];
    hsf_transpose4(&h0[0], &h1[0], &h2[0], &h3[0], r_v0);
    hsf_transpose4(&h0[1], &h1[1], &h2[1], &h3[1], v12_t_radius);
    const hsf_lane4 vx = r_v0[3], vy = v12_t_radius[0], vz = v12_t_radius[1];
    hsf_lane4 dt = now - v12_t_radius[2];
    hsf_lane4 dr0 = ri[0] - (r_v0[0] + vx * dt + *sx), dv0 = vi[0] - vx;
    hsf_lane4 dr1 = ri[1] - (r_v0[1] + vy * dt + *sy), dv1 = vi[1] - vy;
    hsf_lane4 dr2 = ri[2] - (r_v0[2] + vz * dt + *sz), dv2 = vi[2] - vz;
    hsf_lane4 sigma = radius_i + v12_t_radius[3];
    memcpy(&pb->dr[0][q], &dr0, sizeof dr0);
    memcpy(&pb->dr[1][q], &dr1, sizeof dr1);
    memcpy(&pb->dr[2][q], &dr2, sizeof dr2);
    memcpy(&pb->dv[0][q], &dv0, sizeof dv0);
    memcpy(&pb->dv[1][q], &dv1, sizeof dv1);
    memcpy(&pb->dv[2][q], &dv2, sizeof dv2);
    memcpy(&pb->sigma[q], &sigma, sizeof sigma);
}

/* A neighbour list's candidates js[0 .. 3] with image codes codes[0 .. 3]
 * (shift: the system's table of image shifts) into entries q .. q + 3 of
 * pb, j included: what predict.c's scalar gather writes there. */
__attribute__((always_inline)) static inline void
hsf_gather_list4(hsf_pair_batch *pb, uint32_t q, const hsf_motion *m, const uint32_t *js,
                 const uint8_t *codes, const double (*shift)[3], double now, const double ri[3],
                 const double vi[3], double radius_i)
{
    const double *s0 = shift[codes[0]], *s1 = shift[codes[1]], *s2 = shift[codes[2]],
                 *s3 = shift[codes[3]];
    const hsf_lane4 sx = { s0[0], s1[0], s2[0], s3[0] }, sy = { s0[1], s1[1], s2[1], s3[1] },
                    sz = { s0[2], s1[2], s2[2], s3[2] };
    hsf_gather4(pb, q, m, js, &sx, &sy, &sz, now, ri, vi, radius_i);
    memcpy(&pb->j[q], js, 4 * sizeof *js);
}

#endif
