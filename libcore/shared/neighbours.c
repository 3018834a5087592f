/* Neighbour lists: building, renewing, and the time a particle leaves its
 * neighbourhood (see neighbours.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/prefetch.h>

#include "host/error_private.h"
#include "shared/clones.h"
#include "shared/neighbours.h"
#include "shared/physics.h"
#include "shared/shear_scan.h"

/* The image code of a shift of -1, 0 or +1 box lengths per axis, and its
 * mirror (the owner as seen from the neighbour). */
static uint8_t image_code(const double shift[3])
{
    uint8_t k = 0;
    for (int a = 2; a >= 0; a--)
        k = (uint8_t)(k << 2 | (shift[a] > 0) | (shift[a] < 0) << 1);
    return k;
}

static uint8_t mirror(uint8_t k)
{
    /* Swap the two bits of every axis: +1 <-> -1. */
    return (uint8_t)(((k & 0x15) << 1) | ((k >> 1) & 0x15));
}

/* Blocks of stride bytes; the entries that fit, a multiple of 4 so that
 * the indices stay aligned. */
static int allocate(hsf_neighbours *nb, size_t stride, hsf_error *err)
{
    void *blocks = NULL;
    size_t n = nb->n ? nb->n : 1;
    if (posix_memalign(&blocks, 64, n * stride))
        return hsf_error_set(err, "out of memory for the neighbour lists of %zu particles "
                             "(%zu bytes each)", nb->n, stride);
    /* Zeroed: a checkpoint writes the blocks whole, unused tails too, and
     * the same state must give the same file. */
    memset(blocks, 0, n * stride);
    unsigned char *old = nb->blocks;
    uint32_t old_cap = nb->cap;
    size_t old_stride = nb->stride;
    nb->blocks = blocks;
    nb->stride = stride;
    nb->cap = (uint32_t)((stride - sizeof(uint32_t)) / 5 / 4 * 4);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t count = 0;
        if (old) {
            const unsigned char *from = old + (size_t)i * old_stride;
            memcpy(&count, from, sizeof count);
            memcpy(hsf_nb_images(nb, i), from + sizeof count, count);
            memcpy(hsf_nb_list(nb, i), from + sizeof count + old_cap, count * sizeof(uint32_t));
        }
        *hsf_nb_count(nb, i) = count;
    }
    free(old);
    return 0;
}

static int append(hsf_neighbours *nb, uint32_t i, uint32_t j, uint8_t image, hsf_error *err)
{
    uint32_t k = *hsf_nb_count(nb, i);
    if (k == nb->cap && allocate(nb, nb->stride + 64, err))
        return -1;
    hsf_nb_images(nb, i)[k] = image;
    hsf_nb_list(nb, i)[k] = j;
    *hsf_nb_count(nb, i) = k + 1;
    return 0;
}

static void remove_entry(hsf_neighbours *nb, uint32_t i, uint32_t j)
{
    uint32_t *list = hsf_nb_list(nb, i), *count = hsf_nb_count(nb, i);
    uint8_t *image = hsf_nb_images(nb, i);
    for (uint32_t k = 0; k < *count; k++)
        if (list[k] == j) {
            uint32_t last = --*count;
            list[k] = list[last];
            image[k] = image[last];
            return;
        }
}

/* Candidates gathered from the grid and not yet tested. */
#define SEARCH_BATCH 64

typedef struct search {
    hsf_neighbours *nb;
    const hsf_motion *m;
    const hsf_body *b;
    uint32_t i;
    double skin;
    double ai[3];           /* i's anchor */
    double rough_max;       /* reach of i towards the largest particle, plus the
                               error of anchors rebuilt from grid offsets */
    int symmetric;          /* also add i to each neighbour's list */
    uint8_t code_mask;      /* the image code's axes kept */
    int flow;               /* a sheared box's flow axis, and its slide with a margin */
    double slide;
    int failed;
    hsf_error *err;
    uint32_t n;             /* gathered */
    double d2[SEARCH_BATCH];            /* squared anchor distance, maybe from the offset */
    double shift[3][SEARCH_BATCH];      /* image shift of the candidate */
    uint32_t j[SEARCH_BATCH];
    /* A sliding scan's candidates (admit_sliding): seen through the
     * gradient faces or not, and their image codes. */
    uint8_t sliding[SEARCH_BATCH], code[SEARCH_BATCH];
} search;

/* Asks for what admit reads of candidate j: its anchor (on two cache lines
 * in a quarter of the records) and its radius.  In a system larger than
 * the caches each is a miss, and admit's unpredictable branch would
 * otherwise let only a few of them overlap (32000 spheres at 0.45: admit
 * waited on the anchor's load for most of its time). */
static inline void fetch_candidate(const search *s, uint32_t j)
{
    hsf_prefetch(&s->b[j].anchor[0]);
    hsf_prefetch(&s->b[j].anchor[2]);
    hsf_prefetch(&s->m[j].radius);
}

/* Candidates admit asks for ahead of the one it measures. */
#define ADMIT_AHEAD 8

/* Measures gathered candidates exactly from their records (those listed
 * in pass, or when pass is NULL the first count) and lists those in reach. */
static void admit(search *s, const uint32_t *pass, uint32_t count)
{
    s->n = 0;
    const hsf_body *bi = &s->b[s->i];
    double ri = s->m[s->i].radius;
    for (uint32_t q = 0; q < count && q < ADMIT_AHEAD; q++)
        fetch_candidate(s, s->j[pass ? pass[q] : q]);
    for (uint32_t q = 0; q < count && !s->failed; q++) {
        if (q + ADMIT_AHEAD < count)
            fetch_candidate(s, s->j[pass ? pass[q + ADMIT_AHEAD] : q + ADMIT_AHEAD]);
        uint32_t k = pass ? pass[q] : q, j = s->j[k];
        double shift[3] = { s->shift[0][k], s->shift[1][k], s->shift[2][k] }, d2 = 0;
        for (int a = 0; a < 3; a++) {
            double d = bi->anchor[a] - (s->b[j].anchor[a] + shift[a]);
            d2 += d * d;
        }
        double reach = ri + s->m[j].radius + 2 * s->skin;
        if (d2 >= reach * reach)
            continue;
        uint8_t code = image_code(shift) & s->code_mask;
        if (append(s->nb, s->i, j, code, s->err) ||
            (s->symmetric && append(s->nb, j, s->i, mirror(code), s->err)))
            s->failed = 1;
    }
}

/* Tests the gathered candidates.  Most are out of reach: they are dropped
 * by a branch-free pass on the distance from the grid's copy of their
 * anchor (which of them are is unpredictable, and their records are not
 * read), and only the rest are measured exactly from their records and
 * join the list. */
static void flush(search *s)
{
    uint32_t pass[SEARCH_BATCH], count = 0;
    double far2 = s->rough_max * s->rough_max;
    for (uint32_t k = 0; k < s->n; k++) {
        pass[count] = k;
        count += s->d2[k] < far2;
    }
    admit(s, pass, count);
}

/* Notes candidate j as visit_building or visit_renewing found it. */
__attribute__((always_inline)) static inline void visit(search *s, uint32_t j,
                                                         const double shift[3],
                                                         const double corner[3],
                                                         const float *offset)
{
    const double *ai = s->ai;
    double d2 = 0;
    if (offset) {
        for (int a = 0; a < 3; a++) {
            double d = ai[a] - (corner[a] + shift[a] + (double)offset[a]);
            d2 += d * d;
        }
    } else {
        for (int a = 0; a < 3; a++) {
            double d = ai[a] - (s->b[j].anchor[a] + shift[a]);
            d2 += d * d;
        }
    }
    uint32_t k = s->n;
    s->d2[k] = d2;
    s->j[k] = j;
    for (int a = 0; a < 3; a++)
        s->shift[a][k] = shift[a];
    if (++s->n == SEARCH_BATCH)
        flush(s);
}

/* Building every list, each pair is decided by its first particle. */
__attribute__((always_inline)) static inline void visit_building(void *ctx, uint32_t j,
                                                                  const double shift[3],
                                                                  const double corner[3],
                                                                  const float *offset)
{
    search *s = ctx;
    if (j > s->i)
        visit(s, j, shift, corner, offset);
}

/* Renewing one list: every candidate counts (a scan of its own, without
 * the building's test). */
__attribute__((always_inline)) static inline void visit_renewing(void *ctx, uint32_t j,
                                                                  const double shift[3],
                                                                  const double corner[3],
                                                                  const float *offset)
{
    visit(ctx, j, shift, corner, offset);
}

/* A cell's slots measured four at a time: their offsets, the compare
 * results, their indices. */
typedef float hsf_float4 __attribute__((vector_size(16)));
typedef int32_t hsf_int4 __attribute__((vector_size(16)));
typedef uint32_t hsf_uint4 __attribute__((vector_size(16)));
typedef double hsf_double4 __attribute__((vector_size(32)));

/* The lanes of a compare result whose bits are set, as the low four bits. */
static inline unsigned lane_bits(hsf_int4 set)
{
#ifdef __SSE__
    return (unsigned)__builtin_ia32_movmskps((hsf_float4)set);
#else
    hsf_int4 bit = set & (hsf_int4){ 1, 2, 4, 8 };
    return (unsigned)(bit[0] | bit[1] | bit[2] | bit[3]);
#endif
}

/* For each set of four lanes (bit k: lane k), the shuffle that moves the
 * set lanes to the front in their order. */
static const hsf_uint4 pack_lanes[16] = {
    { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 1, 0, 0, 0 }, { 0, 1, 0, 0 },
    { 2, 0, 0, 0 }, { 0, 2, 0, 0 }, { 1, 2, 0, 0 }, { 0, 1, 2, 0 },
    { 3, 0, 0, 0 }, { 0, 3, 0, 0 }, { 1, 3, 0, 0 }, { 0, 1, 3, 0 },
    { 2, 3, 0, 0 }, { 0, 2, 3, 0 }, { 1, 2, 3, 0 }, { 0, 1, 2, 3 },
};

/* The plain case of the grid (hsf_cells_block_axes, with anchors in the
 * slots): the 3^dim block's candidates filtered as they are read, without
 * a branch per slot: each cell's slots are measured in single precision
 * from their offsets, and only those that may be in reach (and are not i;
 * when building, only j > i) are kept for admit.  The filter lets through
 * every candidate that flush's would, since its bound is widened by the
 * error of the single-precision sum (the float_error below), and admit
 * decides from the records: the same lists, in the same order, as
 * hsf_cells_scan with visit.  Returns 0 when the case is not plain. */
__attribute__((always_inline)) static inline int scan_plain_block(search *s, const hsf_cells *c,
                                                                  int building)
{
    const hsf_cell_level *l = &c->level[0];
    int32_t w[3][3] = { { 0 } };
    int8_t sh[3][3] = { { 0 } };
    int shifted;
    if (!l->offsets || !hsf_cells_block_axes(c, s->b, s->i, w, sh, &shifted))
        return 0;
    double corner[3][3], shift[3][3];
    for (int a = 0; a < 3; a++)
        for (int k = 0; k < 3; k++) {
            corner[a][k] = hsf_cell_corner(c, l, a, w[a][k]);
            shift[a][k] = sh[a][k] * c->len[a];
        }
    /* Each component of i's anchor less a slot's (at most three sides)
     * is off by two roundings in single precision, 2^-23 of three sides;
     * the bound below takes 2^-20, and 2^-18 more of the square for the
     * sum's roundings. */
    double side = fmax(l->side[0], fmax(l->side[1], l->side[2]));
    double float_error = sqrt(3.0) * 0x1p-20 * 3 * side, far = s->rough_max + float_error;
    const float far2f = (float)(far * far * (1 + 0x1p-18));
    const double far2 = s->rough_max * s->rough_max;
    const uint32_t i = s->i, slots = hsf_cell_slots(l);
    const hsf_uint4 self = { i, i, i, i };
    const double *ai = s->ai;
    for (int z = 0; z < (c->dim == 3 ? 3 : 1); z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 3; x++) {
                uint32_t at = ((uint32_t)w[2][z] * l->n[1] + (uint32_t)w[1][y]) * l->n[0] +
                              (uint32_t)w[0][x];
                const uint32_t *cell = hsf_cell_at(l, at);
                const float *offset = hsf_slot_offsets(l, at);
                const double sv[3] = { shift[0][x], shift[1][y], shift[2][z] };
                /* i's anchor from the cell's corner as seen through sv. */
                const float from[3] = { (float)(ai[0] - (corner[0][x] + sv[0])),
                                        (float)(ai[1] - (corner[1][y] + sv[1])),
                                        (float)(ai[2] - (corner[2][z] + sv[2])) };
                /* Four entries are written at a time, past the last kept. */
                const hsf_double4 sv4[3] = { { sv[0], sv[0], sv[0], sv[0] },
                                             { sv[1], sv[1], sv[1], sv[1] },
                                             { sv[2], sv[2], sv[2], sv[2] } };
                if (s->n + slots + 4 > SEARCH_BATCH)
                    admit(s, NULL, s->n);
                /* n kept apart: s->j may alias s->n. */
                uint32_t count = cell[0], used = count < slots ? count : slots, n = s->n;
                for (uint32_t q0 = 0; q0 < used; q0 += 4) {
                    /* Lanes past the slots read the next rows and cells:
                     * masked off. */
                    hsf_float4 ox, oy, oz;
                    hsf_uint4 j;
                    memcpy(&ox, offset + q0, sizeof ox);
                    memcpy(&oy, offset + slots + q0, sizeof oy);
                    memcpy(&oz, offset + 2 * slots + q0, sizeof oz);
                    memcpy(&j, cell + 2 + q0, sizeof j);
                    hsf_float4 dx = from[0] - ox, dy = from[1] - oy, dz = from[2] - oz;
                    hsf_int4 keep = (dx * dx + dy * dy + dz * dz < far2f) &
                                    (building ? (j > self) : (j != self));
                    unsigned left = used - q0;
                    unsigned bits = lane_bits(keep) & (15u >> (left < 4 ? 4 - left : 0));
                    hsf_uint4 packed = __builtin_shuffle(j, pack_lanes[bits]);
                    memcpy(s->j + n, &packed, sizeof packed);
                    for (int a = 0; a < 3; a++)
                        memcpy(s->shift[a] + n, &sv4[a], sizeof sv4[a]);
                    n += (uint32_t)__builtin_popcount(bits);
                }
                s->n = n;
                if (count > slots) {
                    /* The overflow chain, from the records (as visit). */
                    for (uint32_t j = cell[1]; j != HSF_NONE; j = s->b[j].next) {
                        if (!(building ? j > i : j != i))
                            continue;
                        double d2 = 0;
                        for (int a = 0; a < 3; a++) {
                            double d = ai[a] - (s->b[j].anchor[a] + sv[a]);
                            d2 += d * d;
                        }
                        if (!(d2 < far2))
                            continue;
                        if (s->n == SEARCH_BATCH)
                            admit(s, NULL, s->n);
                        s->j[s->n] = j;
                        for (int a = 0; a < 3; a++)
                            s->shift[a][s->n] = sv[a];
                        s->n++;
                    }
                }
            }
    admit(s, NULL, s->n);
    return 1;
}

/* The sliding scan's gathered candidates (scan_sliding_cell), measured
 * exactly from their records in the scan's order, as admit measures the
 * plain scan's, their records asked for ahead: a neighbour if the anchors
 * come within reach in the slide period from now, the slide of an image
 * across the gradient faces taken off their distance along the flow.  The
 * code of one seen through those faces leaves the flow out (the engine
 * takes the nearest image along it at each prediction).  Measured one at
 * a time as the scan found them, each first read of a record stalled the
 * renewal near those faces. */
static void admit_sliding(search *s)
{
    const uint32_t count = s->n, i = s->i;
    const int f = s->flow;
    const double *ai = s->ai, ri = s->m[i].radius;
    s->n = 0;
    for (uint32_t q = 0; q < count && q < ADMIT_AHEAD; q++)
        fetch_candidate(s, s->j[q]);
    for (uint32_t q = 0; q < count && !s->failed; q++) {
        if (q + ADMIT_AHEAD < count)
            fetch_candidate(s, s->j[q + ADMIT_AHEAD]);
        uint32_t j = s->j[q];
        if (s->symmetric && j < i)
            continue;
        const double *aj = s->b[j].anchor;
        double d2 = 0;
        for (int a = 0; a < 3; a++) {
            double d = fabs(ai[a] - (aj[a] + s->shift[a][q]));
            if (a == f && s->sliding[q])
                d = d > s->slide ? d - s->slide : 0;    /* fmax(0, d - slide), inline */
            d2 += d * d;
        }
        double reach = ri + s->m[j].radius + 2 * s->skin;
        if (d2 >= reach * reach)
            continue;
        uint8_t code = s->code[q];
        if (append(s->nb, i, j, code, s->err) ||
            (s->symmetric && append(s->nb, j, i, mirror(code), s->err)))
            s->failed = 1;
    }
}

/* Notes candidate j of the sliding scan for admit_sliding. */
static inline void note_sliding(search *s, uint32_t j, const double shift[3], int sliding,
                                uint8_t code)
{
    if (s->n == SEARCH_BATCH)
        admit_sliding(s);
    uint32_t k = s->n++;
    s->j[k] = j;
    for (int a = 0; a < 3; a++)
        s->shift[a][k] = shift[a];
    s->sliding[k] = (uint8_t)sliding;
    s->code[k] = code;
}

/* One cell of the sliding scan (scan_sliding): its slots filtered four at
 * a time from their anchors' offsets in single precision, as
 * scan_plain_block does, by a bound widened by that precision's error,
 * the slide taken off the flow's component through the gradient faces as
 * admit_sliding does; those that may be in reach are gathered, packed
 * without a branch a slot (which of them are is a coin toss), then the
 * overflow chain; admit_sliding decides from their records.  from is i's
 * anchor less the cell's corner seen through shift, in single
 * precision. */
__attribute__((always_inline)) static inline void
scan_sliding_cell(search *s, const hsf_cell_level *l, uint32_t at, const float from[3],
                  const double shift[3], int sliding, uint8_t code, const int f, float far2)
{
    const uint32_t *cell = hsf_cell_at(l, at);
    const uint32_t slots = hsf_cell_slots(l), count = cell[0], i = s->i;
    const uint32_t used = slots && count < slots ? count : slots;
    if (!l->offsets) {
        for (uint32_t q = 0; q < used; q++)
            if (cell[2 + q] != i)
                note_sliding(s, cell[2 + q], shift, sliding, code);
    } else {
        const float *offset = hsf_slot_offsets(l, at);
        /* Through the gradient faces the flow's component less the slide
         * (at least 0); elsewhere whole: a slide of 0 and the mask
         * keeping the sign bit off, |d| - 0 >= 0. */
        const float slide = sliding ? (float)s->slide : 0.0f;
        const hsf_uint4 self = { i, i, i, i };
        const hsf_int4 magnitude = { 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff };
        /* Four entries are written at a time, past the last kept. */
        const hsf_double4 sv4[3] = { { shift[0], shift[0], shift[0], shift[0] },
                                     { shift[1], shift[1], shift[1], shift[1] },
                                     { shift[2], shift[2], shift[2], shift[2] } };
        const uint32_t sliding4 = (uint32_t)sliding * 0x01010101u, code4 = code * 0x01010101u;
        if (s->n + slots + 4 > SEARCH_BATCH)
            admit_sliding(s);
        uint32_t n = s->n;  /* in a local: s->j's stores may alias s->n */
        for (uint32_t q0 = 0; q0 < used; q0 += 4) {
            hsf_float4 o[3], d[3];
            hsf_uint4 j;
            for (int a = 0; a < 3; a++) {
                memcpy(&o[a], offset + (uint32_t)a * slots + q0, sizeof o[a]);
                d[a] = from[a] - o[a];
            }
            memcpy(&j, cell + 2 + q0, sizeof j);
            hsf_float4 along = (hsf_float4)((hsf_int4)d[f] & magnitude) - slide;
            d[f] = (hsf_float4)((hsf_int4)along & (along > 0));
            hsf_int4 keep = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] < far2) & (j != self);
            unsigned left = used - q0;
            unsigned bits = lane_bits(keep) & (15u >> (left < 4 ? 4 - left : 0));
            hsf_uint4 packed = __builtin_shuffle(j, pack_lanes[bits]);
            memcpy(s->j + n, &packed, sizeof packed);
            for (int a = 0; a < 3; a++)
                memcpy(s->shift[a] + n, &sv4[a], sizeof sv4[a]);
            memcpy(s->sliding + n, &sliding4, sizeof sliding4);
            memcpy(s->code + n, &code4, sizeof code4);
            n += (uint32_t)__builtin_popcount(bits);
        }
        s->n = n;
    }
    for (uint32_t j = *hsf_cell_chain(l, at); j != HSF_NONE; j = s->b[j].next)
        if (j != i)
            note_sliding(s, j, shift, sliding, code);
}

/* The image code's bits of one axis for a shift of that sign. */
static inline uint8_t axis_code(double shift, int a)
{
    return (uint8_t)(((shift > 0) | (shift < 0) << 1) << 2 * a);
}

/* The scan of a neighbourhood near a sheared box's gradient faces, through
 * the sliding images, for find_neighbours (s set up by it): the cells of
 * hsf_shear_scan_as over the slide's window, in its order, with what a
 * cell's scan needs of the axes other than the flow (its wrapped index,
 * the shift, i's anchor from its corner, the image code) worked out once a
 * row rather than at every cell.  Out of line: inlined there, it changed
 * the code of the plain scan around it (0.07 % more instructions in a
 * fluid at 0.45 with lists). */
__attribute__((always_inline)) static inline int
scan_sliding_as(search *s, const hsf_cells *c, const hsf_system *sys, const int f)
{
    /* scan_sliding_cell's bound: as scan_plain_block's, for components
     * of up to eight sides or slides (a cell beyond the own one's
     * neighbours, across the slide's window), each off by a few roundings
     * in single precision. */
    double side = s->slide;
    for (int li = 0; li < c->nlevels; li++)
        for (int a = 0; a < 3; a++)
            side = fmax(side, c->level[li].side[a]);
    double far = s->rough_max + sqrt(3.0) * 0x1p-18 * 8 * side;
    const float far2 = (float)(far * far * (1 + 0x1p-18));
    const hsf_shear *sh = &sys->shear;
    const int g = sh->gradient, o = 3 - f - g;
    const uint32_t i = s->i;
    const hsf_cell_level *own = &c->level[s->b[i].level];
    const double *ai = s->ai;
    int32_t x[3];
    hsf_cell_coords(own, s->b[i].cell, x);
    /* The offsets the images take in the slide period from now. */
    const hsf_shear_window win = hsf_shear_window_from(sys, sys->time, sh->slide);
    for (int li = 0; li < c->nlevels; li++) {
        const hsf_cell_level *l = &c->level[li];
        if (!l->count)
            continue;
        double lo[3], hi[3];
        hsf_shear_reach(c, own, l, x, s->m[i].radius, lo, hi);
        hsf_shear_span so = hsf_shear_cells_within(c, l, o, lo[o], hi[o]);
        hsf_shear_span sg = hsf_shear_cells_within(c, l, g, lo[g], hi[g]);
        for (int32_t xo = so.from; xo <= so.to; xo++) {
            int32_t wo, io;
            hsf_shear_wrap(xo, (int32_t)l->n[o], &wo, &io);
            double shift[3];
            shift[o] = io * c->len[o];
            float from[3];
            from[o] = (float)(ai[o] - (hsf_cell_corner(c, l, o, wo) + shift[o]));
            const uint8_t code_o = axis_code(shift[o], o);
            for (int32_t xg = sg.from; xg <= sg.to; xg++) {
                int32_t wg, ig;
                hsf_shear_wrap(xg, (int32_t)l->n[g], &wg, &ig);
                shift[g] = ig * c->len[g];
                from[g] = (float)(ai[g] - (hsf_cell_corner(c, l, g, wg) + shift[g]));
                /* A row seen through the gradient faces slides: the cells
                 * along the flow it passes over until the next slide
                 * event, and its code without the flow. */
                const int sliding = ig != 0;
                const uint8_t code_og = (uint8_t)(code_o | axis_code(shift[g], g));
                double f_lo = lo[f], f_hi = hi[f], base = 0;
                if (sliding) {
                    double a = ig * win.d_lo, b = ig * win.d_hi;
                    f_lo -= fmax(a, b);
                    f_hi -= fmin(a, b);
                    base = ig * win.d0;
                }
                hsf_shear_span sf = hsf_shear_cells_within(c, l, f, f_lo, f_hi);
                const uint32_t row = ((uint32_t)(o == 2 ? wo : g == 2 ? wg : 0) * l->n[1] +
                                      (uint32_t)(o == 1 ? wo : g == 1 ? wg : 0)) * l->n[0] +
                                     (uint32_t)(o == 0 ? wo : g == 0 ? wg : 0);
                const uint32_t step = f == 0 ? 1 : f == 1 ? l->n[0] : l->n[0] * l->n[1];
                for (int32_t xf = sf.from; xf <= sf.to; xf++) {
                    int32_t wf, jf;
                    hsf_shear_wrap(xf, (int32_t)l->n[f], &wf, &jf);
                    shift[f] = base + jf * c->len[f];
                    from[f] = (float)(ai[f] - (hsf_cell_corner(c, l, f, wf) + shift[f]));
                    /* shift[f] is jf lengths off the sliding rows. */
                    uint8_t code = sliding ? code_og
                                           : (uint8_t)(code_og | ((jf > 0) | (jf < 0) << 1) << 2 * f);
                    scan_sliding_cell(s, l, row + (uint32_t)wf * step, from, shift, sliding,
                                      code & s->code_mask, f, far2);
                }
            }
        }
    }
    admit_sliding(s);
    return s->failed ? -1 : 0;
}

/* scan_sliding_as with the flow axis a constant: the cell's scan then
 * keeps its vectors in registers (an axis chosen at run time sent them
 * through memory at every slot). */
static __attribute__((noinline)) HSF_AVX2_CLONES int scan_sliding(search *s,
                                                                 const hsf_cells *c,
                                                                 const hsf_system *sys)
{
    switch (sys->shear.flow) {
    case 0:
        return scan_sliding_as(s, c, sys, 0);
    case 1:
        return scan_sliding_as(s, c, sys, 1);
    default:
        return scan_sliding_as(s, c, sys, 2);
    }
}

/* Finds all of i's neighbours in the grid and appends them to its list
 * (and, if symmetric, i to theirs).  Returns 0, or -1 with err set. */
static HSF_AVX2_CLONES int find_neighbours(hsf_neighbours *nb, const hsf_cells *cells,
                                           const hsf_motion *m, const hsf_body *b, uint32_t i,
                                           int symmetric, hsf_error *err)
{
    search s;   /* not zeroed: the batch arrays are written before read */
    s.nb = nb;
    s.m = m;
    s.b = b;
    s.i = i;
    s.skin = cells->skin;
    for (int a = 0; a < 3; a++)
        s.ai[a] = b[i].anchor[a];
    s.rough_max = m[i].radius + cells->rmax + 2 * cells->skin + cells->offset_error;
    s.symmetric = symmetric;
    s.code_mask = 0x3f;
    s.failed = 0;
    s.err = err;
    s.n = 0;
    if (nb->sheared) {
        /* Away from the gradient faces no image slides within reach: the
         * plain scan finds the same neighbours.  Only an image across the
         * gradient faces leaves the flow out of its code: the others'
         * codes are whole, as the hard sphere's prediction reads them
         * (event/law_sheared.c). */
        const hsf_system *sys = nb->sheared;
        s.flow = sys->shear.flow;
        s.slide = sys->shear.slide * (1 + 1e-9);
        int near = hsf_shear_near_faces(sys, i);
        hsf_nb_set_until(nb, i, near ? sys->time + sys->shear.period : INFINITY);
        if (!near &&
            (symmetric ? scan_plain_block(&s, cells, 1) : scan_plain_block(&s, cells, 0)))
            return s.failed ? -1 : 0;
        return scan_sliding(&s, cells, sys);
    }
    if (symmetric ? scan_plain_block(&s, cells, 1) : scan_plain_block(&s, cells, 0))
        return s.failed ? -1 : 0;
    if (symmetric)
        hsf_cells_scan(cells, m, b, i, visit_building, &s);
    else
        hsf_cells_scan(cells, m, b, i, visit_renewing, &s);
    flush(&s);
    return s.failed ? -1 : 0;
}

int hsf_neighbours_build(hsf_neighbours *nb, const hsf_cells *cells, const hsf_motion *m,
                         const hsf_body *b, size_t n, const struct hsf_system *sheared,
                         hsf_error *err)
{
    memset(nb, 0, sizeof *nb);
    nb->n = n;
    nb->sheared = sheared;
    nb->mark = calloc(n ? n : 1, sizeof *nb->mark);
    if (sheared) {
        nb->until = malloc((n ? n : 1) * sizeof *nb->until);
        nb->near = calloc(n / 64 + 1, sizeof *nb->near);
    }
    if (!nb->mark || (sheared && (!nb->until || !nb->near))) {
        hsf_neighbours_free(nb);
        return hsf_error_set(err, "out of memory for the neighbour lists of %zu particles", n);
    }
    /* 12 entries in 2D, 24 in 3D: room for the typical list of a dense
     * fluid (about 3 and 13 at packing fraction 0.3 and 0.45). */
    if (allocate(nb, cells->dim == 2 ? 64 : 128, err)) {
        hsf_neighbours_free(nb);
        return -1;
    }
    /* Each pair is decided once, by its first particle, and entered in
     * both lists: symmetric whatever the rounding of the two directions. */
    for (uint32_t i = 0; i < n; i++) {
        if (find_neighbours(nb, cells, m, b, i, 1, err)) {
            hsf_neighbours_free(nb);
            return -1;
        }
    }
    return 0;
}

void hsf_neighbours_free(hsf_neighbours *nb)
{
    free(nb->blocks);
    free(nb->mark);
    free(nb->until);
    free(nb->near);
    memset(nb, 0, sizeof *nb);
}

/* Most neighbours stay neighbours across a renewal: only the lists of
 * those that come or go are written, which spares a cache miss per
 * neighbour in a large system. */
#define RENEW_MAX 256

/* From this many particles a renewal asks for the lists it will write
 * (its leaving and joining neighbours') ahead of writing them: their
 * blocks (2 MB at 16384) have outgrown the second-level cache, and at
 * 32000 spheres the renewal otherwise spent 60 % of its time waiting on
 * them.  At 4000 spheres the requests cost 1 to 3 % of the run. */
#define ASK_FOR_LISTS_FROM 16384

/* Asks for particle j's list, to be written: its count's line and the
 * next, which in 3D (blocks of 128 bytes) holds the entries past the
 * ninth that a removal searches and an append writes. */
static inline void ask_for_list(const hsf_neighbours *nb, uint32_t j)
{
    hsf_prefetch_write(hsf_nb_block(nb, j));
    hsf_prefetch_write(hsf_nb_block(nb, j) + (nb->stride > 64 ? 64 : 0));
}

/* A fresh tag for hsf_neighbours_renew's marks: the renewal's count in the
 * upper 24 bits (the lower 8 hold a place in an old list, < RENEW_MAX);
 * never 0, the marks' first value.  When the count comes round, the marks
 * are cleared, so that no old mark carries a tag in use. */
_Static_assert(RENEW_MAX <= 256, "a place in the old list fits in a mark's lower 8 bits");
static uint32_t renewal_tag(hsf_neighbours *nb)
{
    nb->renewals = (nb->renewals + 1) & 0xffffff;
    if (nb->renewals == 0) {
        memset(nb->mark, 0, (nb->n ? nb->n : 1) * sizeof *nb->mark);
        nb->renewals = 1;
    }
    return nb->renewals << 8;
}

int hsf_neighbours_renew(hsf_neighbours *nb, const hsf_cells *cells, const hsf_motion *m,
                         const hsf_body *b, uint32_t i, hsf_error *err)
{
    uint32_t old_count = *hsf_nb_count(nb, i), old_j[RENEW_MAX];
    uint8_t old_image[RENEW_MAX], kept[RENEW_MAX];
    if (old_count > RENEW_MAX) {
        /* Rare: a huge list; start over. */
        const uint32_t *old = hsf_nb_list(nb, i);
        for (uint32_t k = 0; k < old_count; k++)
            remove_entry(nb, old[k], i);
        old_count = 0;
    }
    memcpy(old_j, hsf_nb_list(nb, i), old_count * sizeof *old_j);
    memcpy(old_image, hsf_nb_images(nb, i), old_count);
    memset(kept, 0, old_count);
    /* The lists of those that leave are written after the search: asked
     * for now, their misses overlap it. */
    int ask = nb->n >= ASK_FOR_LISTS_FROM;
    for (uint32_t o = 0; ask && o < old_count; o++)
        ask_for_list(nb, old_j[o]);
    *hsf_nb_count(nb, i) = 0;
    if (find_neighbours(nb, cells, m, b, i, 0, err))
        return -1;
    /* Which of the new entries were there before (same image).  Each old
     * neighbour is marked with its place under this renewal's tag, so that
     * a new entry finds its old one in one look: a search of the old list
     * ended at an unpredictable place, a mispredicted branch per entry.
     * A neighbour listed twice (two images, in a small box) is marked at
     * its last place; the others are found by that search. */
    uint32_t tag = renewal_tag(nb);
    for (uint32_t o = 0; o < old_count; o++)
        nb->mark[old_j[o]] = tag | o;
    uint32_t count = *hsf_nb_count(nb, i);
    uint8_t fresh[RENEW_MAX];
    for (uint32_t k = 0; k < count; k++) {
        uint32_t j = hsf_nb_list(nb, i)[k];
        uint8_t image = hsf_nb_images(nb, i)[k];
        if (k >= RENEW_MAX)
            break;      /* the rest count as new, and their old entries as gone */
        fresh[k] = 1;
        uint32_t mark = nb->mark[j], at = mark & 0xff;
        if ((mark & ~0xffu) != tag)
            continue;   /* not an old neighbour */
        if (old_image[at] == image && !kept[at]) {
            kept[at] = 1;
            fresh[k] = 0;
            continue;
        }
        for (uint32_t o = 0; o < old_count; o++)
            if (old_j[o] == j && old_image[o] == image && !kept[o]) {
                kept[o] = 1;
                fresh[k] = 0;
                break;
            }
    }
    /* Ask for the lists the new will join, then leave the lists of those
     * that went, then join. */
    for (uint32_t k = 0; ask && k < count && k < RENEW_MAX; k++)
        if (fresh[k])
            ask_for_list(nb, hsf_nb_list(nb, i)[k]);
    for (uint32_t o = 0; o < old_count; o++)
        if (!kept[o])
            remove_entry(nb, old_j[o], i);
    for (uint32_t k = 0; k < count; k++)
        if (k >= RENEW_MAX || fresh[k]) {
            uint8_t image = hsf_nb_images(nb, i)[k];
            if (append(nb, hsf_nb_list(nb, i)[k], i, mirror(image), err))
                return -1;
        }
    return 0;
}

double hsf_neighbourhood_exit_time(const hsf_motion *m, const double anchor[3], double skin)
{
    /* Solve |d + v t| = skin for the positive root, d = r - anchor. */
    double d[3], b = 0, c = -skin * skin, vv = 0;
    for (int a = 0; a < 3; a++) {
        d[a] = m->r[a] - anchor[a];
        b += d[a] * m->v[a];
        c += d[a] * d[a];
        vv += m->v[a] * m->v[a];
    }
    if (vv == 0)
        return INFINITY;
    if (c >= 0)
        return b > 0 ? 0 : fmax(0, (-b + sqrt(fmax(0, b * b - vv * c))) / vv);
    /* Cancellation-free form of (-b + sqrt(b^2 - vv c)) / vv with c < 0:
     * (q - b) / vv when approaching (b <= 0), -c / (b + q) when receding.
     * The quotient's terms are chosen without a branch (the sign of b is a
     * coin toss, and its mispredictions made this a twentieth of the run's
     * time at 4000 spheres and 0.45), then divided once. */
    double q = sqrt(b * b - vv * c);
    int approaching = b <= 0;
    return hsf_select_double(approaching, q - b, -c) / hsf_select_double(approaching, vv, b + q);
}

int hsf_neighbours_restore(hsf_neighbours *nb, size_t stride, const void *blocks,
                           hsf_error *err)
{
    if (stride % 64 || stride < 64 || stride > (size_t)1 << 24)
        return hsf_error_set(err, "neighbour lists of %zu bytes per particle: not a saved "
                             "list", stride);
    if (stride != nb->stride) {
        free(nb->blocks);       /* nothing of it is kept */
        nb->blocks = NULL;
        if (allocate(nb, stride, err))
            return -1;
    }
    memcpy(nb->blocks, blocks, nb->n * stride);
    for (size_t i = 0; i < nb->n; i++)
        if (*hsf_nb_count(nb, (uint32_t)i) > nb->cap)
            return hsf_error_set(err, "neighbour list %zu holds more than it can", i);
    return 0;
}
