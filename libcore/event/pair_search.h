/* The candidate search of a prediction: what a scan keeps (pair_search)
 * and gathering candidates into batches of HSF_PAIR_BATCH; solving them
 * (pair_solve.h: the vectorised hsf_pair_times, and on the model path the
 * stepped, growing and touching cases of pair_model.h), and the scans
 * that feed them (pair_scan.h: the branch-free block of cells, the
 * generic cell scan, every pair).
 *
 * Private to the engine (predict.c and predict_model.c include them,
 * nothing else): the
 * functions are static in a header so that the compiler sees them with
 * the predictions that call them; which of them are inlined and which are
 * not is measured (the comments say what the other choice cost). */
#ifndef HSF_EVENT_PAIR_SEARCH_H
#define HSF_EVENT_PAIR_SEARCH_H

#include <math.h>
#include <stdint.h>

#include <hsframe/prefetch.h>

#include "shared/cells.h"
#include "shared/clones.h"
#include "shared/physics.h"
#include "shared/system_private.h"
#include "model/growing_times.h"
#include "model/model.h"
#include "model/shell_times.h"

/* On x86-64 the predictions (hard-sphere and model paths) and their
 * solves are built twice, for the base instruction set (hsf_pair_times in
 * two lanes, SSE2) and for AVX2 (four lanes, and three-operand forms
 * elsewhere), and the dynamic loader picks the one the processor runs
 * (HSF_AVX2_CLONES, shared/clones.h), with the same bits
 * (tests/test_physics.c checks the batch solver built both ways).  4000
 * spheres at 0.45: 0.94 of the time (docs/BENCHMARKS.md, "The hard-sphere
 * path's search"). */

/* What a neighbour scan keeps: the earliest pair collision found so far,
 * and the candidates gathered but not yet solved. */
typedef struct pair_search {
    const hsf_motion *m;
    const hsf_body *b;
    const hsf_motion *mi;
    double ri[3];       /* position of i now */
    double now;
    double best;        /* time from now */
    uint32_t partner;
    int shifted;        /* batch.shift holds image shifts (else all are 0) */
    hsf_pair_batch batch;
    /* The model path's batched case (hsf_model.batched) */
    const hsf_system *sys;
    const hsf_rule *rules;      /* i's row of the rules, or NULL: all pairs have rule */
    const hsf_rule *rule;
    const uint8_t *species;
    const double *radius;       /* the model's radii */
    double radius_i, scale;
    double vi[3];               /* v_i now (in a field not mi->v) */
    int field;                  /* the candidates move on parabolas */
    int steps;                  /* some rule has steps */
    int scalar_best;            /* the best was solved the scalar way (inside a step) */
    uint8_t near[HSF_PAIR_BATCH];   /* candidates within a step's reach (solve_in_reach) */
    uint32_t n_near;
    double best_dr[3], best_dv[3];  /* the partner's separation and relative velocity */
    /* Growing radii ([compression]): batch.sigma holds the cores at scale
     * 1 (scale above is 1), growing as grow_scale + grow_rate t. */
    int growing;
    double grow_scale, grow_rate;
    int cores;                  /* one rule, no steps: gather_cores */
    int one_well;               /* one rule of one step (a square well), nothing growing:
                                   solve_wells */
    uint32_t met;               /* the partner of i's step event just executed (the engine's
                                   met), on the step, HSF_NONE if none: solve_wells */
    double met_inside;          /* 1 if that pair is now inside the step, else 0 */
    uint32_t told;              /* solve_wells' last earliest candidate, HSF_NONE if none */
    unsigned told_shell;        /* the shell its distance told (0 or 1) */
    double told_time;           /* and its time */
} pair_search;

/* Separation r_i - r_j now and relative velocity v_i - v_j of the
 * subject and a candidate moving as mj, seen through shift. */
static inline void relative_motion(const pair_search *s, const hsf_motion *mj,
                                   const double shift[3], double dr[3], double dv[3])
{
    double dt_j = s->now - mj->t;
    for (int a = 0; a < 3; a++) {
        dr[a] = s->ri[a] - (mj->r[a] + mj->v[a] * dt_j + shift[a]);
        dv[a] = s->mi->v[a] - mj->v[a];
    }
}

/* Enters the candidate moving as mj, seen through shift, into the batch
 * as its entry k. */
static inline void gather_seen(pair_search *s, uint32_t k, const hsf_motion *mj,
                               const double shift[3])
{
    hsf_pair_batch *pb = &s->batch;
    double dr[3], dv[3];
    relative_motion(s, mj, shift, dr, dv);
    for (int a = 0; a < 3; a++) {
        pb->dr[a][k] = dr[a];
        pb->dv[a][k] = dv[a];
    }
    pb->sigma[k] = s->mi->radius + mj->radius;
}

/* Reads noted candidate k's record into the batch. */
static inline void gather(pair_search *s, uint32_t k)
{
    hsf_pair_batch *pb = &s->batch;
    const hsf_motion *mj = &s->m[pb->j[k]];
    double shift[3] = { 0, 0, 0 };
    if (s->shifted)
        for (int a = 0; a < 3; a++)
            shift[a] = pb->shift[a][k];
    gather_seen(s, k, mj, shift);
}

/* The hard sphere's gather in a uniform field (hsf_predict_hard_field):
 * every noted candidate brought to now along its parabola, by
 * hsf_motion_at's operations (those of the model path's gather_cores: the
 * same separations and velocities to the bit), against i's velocity now
 * (s->vi, the field's from s->sys).  Both fall alike, so their relative
 * motion is a straight line, which the batch solves as without a field.
 * dim: a constant where it is inlined; in 2D the z rows are zeros. */
__attribute__((always_inline)) static inline void gather_falling(pair_search *s, const int dim)
{
    hsf_pair_batch *pb = &s->batch;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->mi->radius;
    const hsf_motion *m = s->m;
    const int shifted = s->shifted;
    double g[3] = { 0, 0, 0 }, half_g[3] = { 0, 0, 0 };
    for (int a = 0; a < dim; a++) {
        g[a] = s->sys->gravity[a];
        half_g[a] = 0.5 * g[a];     /* hsf_motion_at's 0.5 * g * dt, the same bits */
    }
    for (uint32_t k = 0; k < pb->n; k++) {
        const hsf_motion *mj = &m[pb->j[k]];
        double dt = now - mj->t;
        for (int a = 0; a < dim; a++) {
            double shift = shifted ? pb->shift[a][k] : 0;
            double rj = mj->r[a] + (mj->v[a] + half_g[a] * dt) * dt;
            pb->dr[a][k] = ri[a] - (rj + shift);
            pb->dv[a][k] = vi[a] - (mj->v[a] + g[a] * dt);
        }
        if (dim == 2)
            pb->dr[2][k] = pb->dv[2][k] = 0;
        pb->sigma[k] = radius_i + mj->radius;
    }
}

#endif
