/* Solving the gathered candidates of a batch (pair_search.h), for the
 * hard-sphere path and the model path. */
#ifndef HSF_EVENT_PAIR_SOLVE_H
#define HSF_EVENT_PAIR_SOLVE_H

#include "event/gather4.h"
#include "event/pair_model.h"

/* The times of growing pairs (compression), out of line: inlined, its
 * vectorised loop changed the code of the other cases around it (the
 * falling gas of the bench: 0.24 % more instructions). */
static __attribute__((noinline)) HSF_AVX2_CLONES void solve_growing(const pair_search *s,
                                                                     double t[HSF_PAIR_BATCH])
{
    const hsf_pair_batch *pb = &s->batch;
    int touching = s->sys->dim == 2
                       ? hsf_growing_pair_times(pb, s->grow_scale, s->grow_rate, t, 2)
                       : hsf_growing_pair_times(pb, s->grow_scale, s->grow_rate, t, 3);
    if (__builtin_expect(touching, 0))
        solve_touching(s, t);
}

/* Solves the gathered pairs; the first earliest one wins. */
__attribute__((always_inline)) static inline void solve_gathered_as(pair_search *s, int model)
{
    hsf_pair_batch *pb = &s->batch;
    double t[HSF_PAIR_BATCH];
    if (model && wells_gathered(s)) {
        solve_wells(s);
        return;
    }
    if (model && s->n_near)
        solve_in_reach(s);
    if (model && s->growing) {
        solve_growing(s, t);
    } else {
        hsf_pair_times(pb, s->best, t);
    }
    for (uint32_t k = 0; k < pb->n; k++)
        if (t[k] < s->best) {
            s->best = t[k];
            s->partner = pb->j[k];
            s->scalar_best = 0;
            if (model)
                for (int a = 0; a < 3; a++) {
                    s->best_dr[a] = pb->dr[a][k];
                    s->best_dv[a] = pb->dv[a][k];
                }
        }
    pb->n = 0;
}

/* Out of line: inlined into solve_batch, the hard-sphere path ran 1 % more
 * instructions. */
static __attribute__((noinline)) HSF_AVX2_CLONES void solve_gathered(pair_search *s)
{
    solve_gathered_as(s, 0);
}

/* Reads the noted candidates' records and solves them.  The records are
 * asked for all at once first: in a large system each is a cache miss, and
 * this way they overlap. */
__attribute__((always_inline)) static inline void solve_batch_as(pair_search *s, int model)
{
    hsf_pair_batch *pb = &s->batch;
    for (uint32_t k = 0; k < pb->n; k++)
        hsf_prefetch(&s->m[pb->j[k]]);
    if (model && s->cores && s->field && s->sys->dim == 2)
        gather_cores(s, 0, pb->n, 2, 1);
    else if (model && s->cores && s->field)
        gather_cores(s, 0, pb->n, 3, 1);
    else if (model && s->cores && s->sys->dim == 2)
        gather_cores(s, 0, pb->n, 2, 0);
    else if (model && s->cores)
        gather_cores(s, 0, pb->n, 3, 0);
    else if (model)
        gather_model(s, 0, pb->n, NULL, NULL);
    else
        for (uint32_t k = 0; k < pb->n; k++)
            gather(s, k);
    if (model)
        solve_gathered_as(s, 1);
    else
        solve_gathered(s);
}

static HSF_AVX2_CLONES void solve_batch(pair_search *s)
{
    solve_batch_as(s, 0);
}

static HSF_AVX2_CLONES void solve_batch_model(pair_search *s)
{
    solve_batch_as(s, 1);
}

/* The hard sphere's solve in a uniform field (hsf_predict_hard_field):
 * the candidates gathered on their parabolas (gather_falling), solved as
 * solve_batch solves them. */
static HSF_AVX2_CLONES void solve_batch_field(pair_search *s)
{
    hsf_pair_batch *pb = &s->batch;
    for (uint32_t k = 0; k < pb->n; k++)
        hsf_prefetch(&s->m[pb->j[k]]);
    if (s->sys->dim == 2)
        gather_falling(s, 2);
    else
        gather_falling(s, 3);
    solve_gathered(s);
}

/* solve_batch for hard spheres in 3D, the records read four at a time
 * (gather4.h), the rest one at a time: the same entries as gather.  In
 * 2D a batch holds a few candidates and a third of the lanes' work is on
 * zeros: the 2D gas ran 0.8 % more instructions this way. */
static HSF_AVX2_CLONES void solve_batch_wide(pair_search *s)
{
    hsf_pair_batch *pb = &s->batch;
    uint32_t n = pb->n, k = 0;
    for (; k < n; k++)
        hsf_prefetch(&s->m[pb->j[k]]);
    const hsf_motion *mi = s->mi;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { mi->v[0], mi->v[1], mi->v[2] }, radius_i = mi->radius;
    for (k = 0; k + 4 <= n; k += 4) {
        hsf_lane4 sh[3] = { { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 0, 0, 0, 0 } };
        /* Lane by lane: the scan stored the shifts one by one just
         * before, and a four-lane load of them ran 5 % slower at 0.30. */
        if (s->shifted)
            for (int a = 0; a < 3; a++)
                sh[a] = (hsf_lane4){ pb->shift[a][k], pb->shift[a][k + 1], pb->shift[a][k + 2],
                                     pb->shift[a][k + 3] };
        hsf_gather4(pb, k, s->m, &pb->j[k], &sh[0], &sh[1], &sh[2], s->now, ri, vi, radius_i);
    }
    for (; k < n; k++)
        gather(s, k);
    solve_gathered(s);
}

/* solve_batch, or (model: a constant) for the model path
 * solve_batch_model (1), for hard spheres in a field solve_batch_field
 * (2), for hard spheres in 3D solve_batch_wide (3): out of line. */
__attribute__((always_inline)) static inline void solve_batch_by(pair_search *s, int model)
{
    if (model == 3)
        solve_batch_wide(s);
    else if (model == 2)
        solve_batch_field(s);
    else if (model)
        solve_batch_model(s);
    else
        solve_batch(s);
}

#endif
