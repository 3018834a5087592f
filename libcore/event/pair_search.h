/* The candidate search of a prediction: what a scan keeps (pair_search),
 * gathering candidates into batches of HSF_PAIR_BATCH, solving them (the
 * vectorised hsf_pair_times, and on the model path the stepped, growing
 * and touching cases), and the scans that feed them (the branch-free
 * block of cells, the generic cell scan, every pair).
 *
 * Private to the engine (event/engine.c includes it, nothing else): the
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

/* The candidates of the model path within reach of their rule's
 * outermost step (noted by gather_model): their shells told by their
 * distances (the table asked only for a pair on a step, by round-off),
 * their next events solved in a batch (shell_times.h), as
 * model_events.c's consider would, the special cases by it; all before
 * the batch, whose places they leave to pairs that never meet. */
static __attribute__((noinline)) HSF_AVX2_CLONES void solve_in_reach(pair_search *s)
{
    hsf_pair_batch *pb = &s->batch;
    const hsf_model *md = s->sys->model;
    uint32_t i = (uint32_t)(s->mi - s->m);
    hsf_shell_batch sb;
    sb.n = s->n_near;
    for (uint32_t q = 0; q < sb.n; q++) {
        uint32_t k = s->near[q], j = pb->j[k];
        const hsf_rule *r = s->rules ? &s->rules[s->species[j]] : s->rule;
        for (int a = 0; a < 3; a++) {
            sb.dr[a][q] = pb->dr[a][k];
            sb.dv[a][q] = pb->dv[a][k];
            pb->dv[a][k] = 0;
        }
        pb->sigma[k] = 0;
        sb.k[q] = (uint8_t)k;
        double sigma = (s->radius_i + s->radius[j]) * s->scale;
        double d2 = sb.dr[0][q] * sb.dr[0][q] + sb.dr[1][q] * sb.dr[1][q] +
                    sb.dr[2][q] * sb.dr[2][q];
        if (!hsf_shell_bounds_by_distance(r, sigma, d2, &sb.inner[q], &sb.outer[q]))
            hsf_rule_bounds(r, sigma, hsf_pair_state_get(&md->shells, i, j), &sb.inner[q],
                            &sb.outer[q]);
    }
    hsf_shell_times(&sb, s->best, hsf_dot(s->vi, s->vi));
    for (uint32_t q = 0; q < sb.n; q++) {
        uint32_t j = pb->j[sb.k[q]];
        double t;
        if (__builtin_expect(sb.exact[q] != 0, 0)) {
            double dr[3], dv[3], rj[3], vj[3];
            hsf_motion_at(s->sys, &s->m[j], s->now, rj, vj);
            for (int a = 0; a < 3; a++) {
                dr[a] = sb.dr[a][q];
                dv[a] = sb.dv[a][q];
            }
            t = hsf_shell_event_time(dr, dv, sb.inner[q], sb.outer[q],
                                     hsf_speed_resolution(s->vi, vj), s->best);
        } else {
            t = hsf_shell_time_within(&sb, q, s->best);
        }
        if (t < s->best) {
            s->best = t;
            s->partner = j;
            s->scalar_best = 1;
        }
    }
    s->n_near = 0;
}

/* The model path's gather (plain case): candidates from to to-1 now, on
 * their parabolas in a field, with their cores (or the outermost steps
 * of their rules); the same operands as model_events.c's relative and
 * consider.  The candidates are those noted in the batch, or with list
 * (a neighbour list from its entry from on) the list's, seen through the
 * images image names, read straight into the batch.  The speed
 * resolution is left to the few candidates that would be chosen
 * (unresolved). */
__attribute__((always_inline)) static inline void gather_model(pair_search *s, uint32_t from,
                                                                uint32_t to,
                                                                const uint32_t *list,
                                                                const uint8_t *image)
{
    hsf_pair_batch *pb = &s->batch;
    /* Read once: the compiler cannot tell the batch's stores from them. */
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const int field = s->field, shifted = s->shifted, usual = !s->rules && !s->steps;
    const double core = s->rule->core;
    const double (*image_shift)[3] = s->sys->shift;
    uint32_t n_near = s->n_near;
    for (uint32_t k = 0; k < to - from; k++) {
        uint32_t j = list ? list[from + k] : pb->j[k];
        double rj[3], vj[3], dr[3];
        if (list)
            pb->j[k] = j;
        if (field) {
            hsf_motion_at(s->sys, &s->m[j], now, rj, vj);
        } else {
            const hsf_motion *mj = &s->m[j];
            double dt = now - mj->t;
            for (int a = 0; a < 3; a++) {
                rj[a] = mj->r[a] + mj->v[a] * dt;
                vj[a] = mj->v[a];
            }
        }
        for (int a = 0; a < 3; a++) {
            double shift = list ? image_shift[image[from + k]][a] : shifted ? pb->shift[a][k] : 0;
            dr[a] = ri[a] - (rj[a] + shift);
            pb->dr[a][k] = dr[a];
            pb->dv[a][k] = vi[a] - vj[a];
        }
        double sigma = radius_i + s->radius[j];
        if (usual) {                    /* one rule, a core */
            pb->sigma[k] = core * (sigma * scale);
            continue;
        }
        const hsf_rule *r = s->rules ? &s->rules[s->species[j]] : s->rule;
        if (!r->steps) {
            pb->sigma[k] = r->core * (sigma * scale);
            continue;
        }
        /* A pair beyond the outermost step is in none: most candidates,
         * solved in the batch against the step from outside. */
        double reach = r->step_at[0] * sigma * scale * (1 + 1e-9);
        pb->sigma[k] = r->step_at[0] * (sigma * scale);
        s->near[n_near] = (uint8_t)k;
        n_near += hsf_dot(dr, dr) <= reach * reach;
    }
    if (list)
        pb->n = to - from;
    s->n_near = n_near;
}

/* gather_model's case of one rule without steps (a core: compression's,
 * hard spheres' and inelastic ones'), on straight lines or, with field,
 * on the parabolas of a uniform field: the same operations as
 * hsf_motion_at and gather_model, without their branches per candidate
 * (the compression bench gas: 2.4 % fewer instructions).  dim and field:
 * constants where it is inlined; in 2D the z components are the zeros
 * gather_model finds (the field has no z component in 2D).  A field's
 * batched search has no fixed particles (hsf_model.batched), so every
 * candidate falls. */
__attribute__((always_inline)) static inline void gather_cores(pair_search *s, uint32_t from,
                                                               uint32_t to, int dim, int field)
{
    hsf_pair_batch *pb = &s->batch;
    const double ri[3] = { s->ri[0], s->ri[1], s->ri[2] };
    const double vi[3] = { s->vi[0], s->vi[1], s->vi[2] };
    const double now = s->now, radius_i = s->radius_i, scale = s->scale;
    const double core = s->rule->core, *radius = s->radius;
    const hsf_motion *m = s->m;
    const int shifted = s->shifted;
    double g[3] = { 0, 0, 0 }, half_g[3] = { 0, 0, 0 };
    if (field)
        for (int a = 0; a < dim; a++) {
            g[a] = s->sys->gravity[a];
            half_g[a] = 0.5 * g[a];     /* hsf_motion_at's 0.5 * g * dt, the same bits */
        }
    for (uint32_t k = from; k < to; k++) {
        const hsf_motion *mj = &m[pb->j[k]];
        double dt = now - mj->t;
        for (int a = 0; a < dim; a++) {
            /* Not shifted: + 0 as gather_model adds, the same bits. */
            double shift = shifted ? pb->shift[a][k] : 0;
            double rj = field ? mj->r[a] + (mj->v[a] + half_g[a] * dt) * dt
                              : mj->r[a] + mj->v[a] * dt;
            double vj = field ? mj->v[a] + g[a] * dt : mj->v[a];
            pb->dr[a][k] = ri[a] - (rj + shift);
            pb->dv[a][k] = vi[a] - vj;
        }
        if (dim == 2)
            pb->dr[2][k] = pb->dv[2][k] = 0;
        pb->sigma[k] = core * ((radius_i + radius[pb->j[k]]) * scale);
    }
}

/* Whether the model path's chosen partner is no event after all: their
 * relative speed below what their velocities resolve
 * (hsf_speed_resolution; then they move as one), or touching now and
 * closing slower than that (a graze), as hsf_shell_event_time decides.
 * Rare: the prediction then searches again the scalar way. */
static __attribute__((noinline)) int unresolved_exactly(const pair_search *s)
{
    double vj[3], rj[3];
    hsf_motion_at(s->sys, &s->m[s->partner], s->now, rj, vj);
    double vres = hsf_speed_resolution(s->vi, vj);
    if (!(hsf_dot(s->best_dv, s->best_dv) > vres * vres))
        return 1;
    return s->best == 0 &&
           -hsf_dot(s->best_dr, s->best_dv) <= vres * sqrt(hsf_dot(s->best_dr, s->best_dr));
}

static inline int unresolved(const pair_search *s)
{
    /* Most pairs are plainly resolved: the resolution is 256 ulp of the
     * largest component of v_i or v_j, and |v_j| <= |v_i| + |dv|. */
    double vv = hsf_dot(s->best_dv, s->best_dv), vi2 = hsf_dot(s->vi, s->vi);
    if (s->best > 0 && vv > 1e-24 * vi2 && vv > 0)
        return 0;
    return unresolved_exactly(s);
}

/* Growing pairs of which some touch and close now: those solved again
 * the scalar way, with the speed resolution of both velocities
 * (hsf_growing_pair_time's guard against a graze). */
static __attribute__((noinline)) void solve_touching(const pair_search *s,
                                                     double t[HSF_PAIR_BATCH])
{
    const hsf_pair_batch *pb = &s->batch;
    for (uint32_t k = 0; k < pb->n; k++) {
        if (t[k] != 0)
            continue;
        double dr[3], dv[3], base = pb->sigma[k];
        for (int a = 0; a < 3; a++) {
            dr[a] = pb->dr[a][k];
            dv[a] = pb->dv[a][k];
        }
        t[k] = hsf_growing_pair_time(dr, dv, base * s->grow_scale, base * s->grow_rate,
                                     hsf_speed_resolution(s->vi, s->m[pb->j[k]].v), INFINITY);
    }
}

/* Solves the gathered pairs; the first earliest one wins. */
__attribute__((always_inline)) static inline void solve_gathered_as(pair_search *s, int model)
{
    hsf_pair_batch *pb = &s->batch;
    double t[HSF_PAIR_BATCH];
    if (model && s->n_near)
        solve_in_reach(s);
    if (model && s->growing) {
        int touching = s->sys->dim == 2
                           ? hsf_growing_pair_times(pb, s->grow_scale, s->grow_rate, t, 2)
                           : hsf_growing_pair_times(pb, s->grow_scale, s->grow_rate, t, 3);
        if (__builtin_expect(touching, 0))
            solve_touching(s, t);
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

/* solve_batch or, for the model path, solve_batch_model: out of line. */
__attribute__((always_inline)) static inline void solve_batch_by(pair_search *s, int model)
{
    if (model)
        solve_batch_model(s);
    else
        solve_batch(s);
}

/* The plain case of a cell search (hsf_cells_block_list): the candidates
 * noted without a branch per cell: each cell's slots are all copied and
 * the count advanced by those that hold a neighbour, so that the cells'
 * varying occupancy costs no mispredicted branches.  Overflow chains
 * (rare: the slots are sized for twice the mean occupancy) are walked.
 * Same candidates in the same order as hsf_cells_scan, so the same bits. */
__attribute__((always_inline)) static inline void
scan_cells_as(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
              pair_search *s, int model, uint32_t slots)
{
    const hsf_cell_level *l = &sys->cells.level[0];
    hsf_pair_batch *pb = &s->batch;
    uint32_t home = sys->b[i].cell;     /* the one cell that holds i (one level) */
    uint32_t n = pb->n;     /* in a local: pb->j's stores may alias pb->n */
    for (int k = 0; k < cells; k++) {
        const uint32_t *cell = hsf_cell_at(l, block[k].cell);
        double shift[3] = { 0, 0, 0 };
        if (s->shifted)     /* else every cell is seen as it is */
            for (int a = 0; a < 3; a++)
                shift[a] = block[k].shift[a] * sys->cells.len[a];
        if (n + slots > HSF_PAIR_BATCH) {
            pb->n = n;
            solve_batch_by(s, model);
            n = pb->n;
        }
        uint32_t count = cell[0];
        if (block[k].cell == home) {
            for (uint32_t q = 0; q < slots; q++) {
                uint32_t j = cell[2 + q];
                pb->j[n] = j;
                if (s->shifted)
                    for (int a = 0; a < 3; a++)
                        pb->shift[a][n] = shift[a];
                n += (q < count) & (j != i);
            }
        } else {
            /* i is in its own cell only: here every slot in use counts. */
            for (uint32_t q = 0; q < slots; q++)
                pb->j[n + q] = cell[2 + q];
            if (s->shifted)
                for (uint32_t q = 0; q < slots; q++)
                    for (int a = 0; a < 3; a++)
                        pb->shift[a][n + q] = shift[a];
            n += count < slots ? count : slots;
        }
        if (count > slots)
            for (uint32_t j = cell[1]; j != HSF_NONE; j = sys->b[j].next)
                if (j != i) {
                    if (n == HSF_PAIR_BATCH) {
                        pb->n = n;
                        solve_batch_by(s, model);
                        n = pb->n;
                    }
                    for (int a = 0; a < 3; a++)
                        pb->shift[a][n] = shift[a];
                    pb->j[n++] = j;
                }
    }
    pb->n = n;
}

/* scan_cells_as with the slots of a grid with 4, 8 or 16 words a cell as
 * constants, so that the loop over a cell's slots is unrolled: with the
 * count of slots read at run time, the slots cost a fifth of the run's
 * instructions (4000 spheres at 0.30, two slots a cell). */
__attribute__((always_inline)) static inline void
scan_block_as(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
              pair_search *s, int model)
{
    switch (hsf_cell_slots(&sys->cells.level[0])) {
    case 2:
        scan_cells_as(sys, i, block, cells, s, model, 2);
        break;
    case 6:
        scan_cells_as(sys, i, block, cells, s, model, 6);
        break;
    default:
        scan_cells_as(sys, i, block, cells, s, model, hsf_cell_slots(&sys->cells.level[0]));
    }
}

/* Out of line: inlined into predict, the block scan costs 2 % more
 * instructions on a 3D fluid. */
static __attribute__((noinline)) HSF_AVX2_CLONES void
scan_block(const hsf_system *sys, uint32_t i, const hsf_block_cell *block, int cells,
           pair_search *s)
{
    scan_block_as(sys, i, block, cells, s, 0);
}

static void scan_block_model(const hsf_system *sys, uint32_t i, const hsf_block_cell *block,
                             int cells, pair_search *s)
{
    scan_block_as(sys, i, block, cells, s, 1);
}

/* Solves the pair with j (seen through shift) at once, the branching way:
 * cheaper than a batch where a prediction has only a few candidates (the
 * 2D gas: 3 or 4 in 9 sparse cells).  Same formula, same bits. */
__attribute__((always_inline)) static inline void consider_now(void *ctx, uint32_t j,
                                                                const double shift[3],
                                                                const double corner[3],
                                                                const float *offset)
{
    (void)corner, (void)offset;
    pair_search *s = ctx;
    const hsf_motion *mj = &s->m[j];
    double dr[3], dv[3];
    relative_motion(s, mj, shift, dr, dv);
    double dt = hsf_pair_time_before(dr, dv, s->mi->radius + mj->radius, s->best);
    if (dt < s->best) {
        s->best = dt;
        s->partner = j;
    }
}

/* Notes candidate j (seen through shift) in the batch; 1 when it is full. */
__attribute__((always_inline)) static inline int note_candidate(pair_search *s, uint32_t j,
                                                                const double shift[3])
{
    hsf_pair_batch *pb = &s->batch;
    uint32_t k = pb->n;
    for (int a = 0; a < 3; a++)
        pb->shift[a][k] = shift[a];
    pb->j[k] = j;
    return ++pb->n == HSF_PAIR_BATCH;
}

/* Notes candidate j (seen through shift); solve_batch reads its record. */
__attribute__((always_inline)) static inline void consider_pair(void *ctx, uint32_t j,
                                                                 const double shift[3],
                                                                 const double corner[3],
                                                                 const float *offset)
{
    (void)corner, (void)offset;
    if (note_candidate(ctx, j, shift))
        solve_batch(ctx);
}

/* The same for the model path's plain case. */
static void consider_pair_model(void *ctx, uint32_t j, const double shift[3],
                                const double corner[3], const float *offset)
{
    (void)corner, (void)offset;
    if (note_candidate(ctx, j, shift))
        solve_batch_model(ctx);
}

/* Without lists: every other particle, through every image that can touch
 * i before i leaves the box (and is wrapped and predicted again).  Both are
 * in the box until then, so only shifts of -1, 0 and +1 box lengths count. */
static void consider_all(const hsf_system *sys, uint32_t i, pair_search *s)
{
    int32_t top[3];
    for (int a = 0; a < 3; a++)
        top[a] = sys->periodic[a] ? 1 : 0;
    for (uint32_t j = 0; j < sys->n; j++) {
        if (j == i)
            continue;
        double shift[3];
        for (int32_t z = -top[2]; z <= top[2]; z++)
            for (int32_t y = -top[1]; y <= top[1]; y++)
                for (int32_t x = -top[0]; x <= top[0]; x++) {
                    shift[0] = x * sys->cells.len[0];
                    shift[1] = y * sys->cells.len[1];
                    shift[2] = z * sys->cells.len[2];
                    consider_pair(s, j, shift, NULL, NULL);
                }
    }
}

#endif
