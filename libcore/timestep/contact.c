/* Hard-disc contact at the end of a step (contact.h). */
#include <math.h>
#include <stdlib.h>

#include "shared/physics.h"
#include "shared/system_private.h"
#include "host/error_private.h"
#include "timestep/contact.h"
#include "shared/outputs.h"

#define EMPTY UINT32_MAX

/* Sizes the grid for cells of at least min_side and files every particle;
 * n[0] = 0 when some axis would have fewer than 3 cells (all pairs). */
static int build(hsf_contact_grid *g, const hsf_system *sys, const double *r, double min_side,
                 hsf_error *err)
{
    size_t cells = 1;
    g->n[0] = g->n[1] = g->n[2] = 1;
    for (int a = 0; a < sys->dim; a++) {
        double len = sys->hi[a] - sys->lo[a];
        double k = floor(len / min_side);
        if (!(k >= 3)) {
            g->n[0] = 0;
            return 0;
        }
        /* At most about 2^dim cells per particle: a finer grid of a
         * sparse system costs more to clear than it saves. */
        k = fmin(k, fmax(3, ceil(2 * pow((double)sys->n, 1.0 / sys->dim))));
        g->n[a] = (uint32_t)k;
        g->side[a] = len / k;
        cells *= g->n[a];
    }
    if (cells > g->cells_allocated) {
        uint32_t *h = realloc(g->head, cells * sizeof *h);
        if (!h)
            return hsf_error_set(err, "out of memory for a contact grid of %zu cells", cells);
        g->head = h;
        g->cells_allocated = cells;
    }
    if (sys->n > g->particles_allocated) {
        uint32_t *nx = realloc(g->next, sys->n * sizeof *nx);
        if (!nx)
            return hsf_error_set(err, "out of memory");
        g->next = nx;
        g->particles_allocated = sys->n;
    }
    for (size_t c = 0; c < cells; c++)
        g->head[c] = EMPTY;
    for (size_t i = 0; i < sys->n; i++) {
        size_t c = 0;
        for (int a = sys->dim - 1; a >= 0; a--) {
            double x = floor((r[3 * i + a] - sys->lo[a]) / g->side[a]);
            uint32_t k = x < 0 ? 0 : x >= g->n[a] ? g->n[a] - 1 : (uint32_t)x;
            c = c * g->n[a] + k;
        }
        g->next[i] = g->head[c];
        g->head[c] = (uint32_t)i;
    }
    return 0;
}

static int bonded(const hsf_system *sys, uint32_t i, uint32_t j)
{
    if (!sys->n_bonds)
        return 0;
    if (i > j) {
        uint32_t t = i;
        i = j;
        j = t;
    }
    size_t lo = 0, hi = sys->n_bonds;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const hsf_bond *b = &sys->bonds[mid];
        if (b->i < i || (b->i == i && b->j < j))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < sys->n_bonds && sys->bonds[lo].i == i && sys->bonds[lo].j == j;
}

typedef struct pass {
    hsf_system *sys;
    const double *r, *shift;
    double *v;
    double dt;
    hsf_contact_stats *cs;
    long collisions;
    hsf_error *err;
} pass;

/* The pair i, j at the end of the step: collides if overlapping and
 * approaching, counts a miss if their straight paths touched during the
 * step and they are apart again.  Returns 0, or -1 (an output failed). */
static int pair(pass *p, uint32_t i, uint32_t j)
{
    hsf_system *sys = p->sys;
    double sigma = sys->m[i].radius + sys->m[j].radius;
    double dr[3], dr0[3], u[3];
    hsf_separation(sys, p->r + 3 * i, p->r + 3 * j, dr);
    for (int a = 0; a < 3; a++) {
        double moved = p->shift[3 * i + a] - p->shift[3 * j + a];
        dr0[a] = dr[a] - moved;
        u[a] = moved / p->dt;
    }
    double d2 = hsf_dot(dr, dr), reach = sigma + sqrt(hsf_dot(u, u)) * p->dt;
    if (d2 >= reach * reach || bonded(sys, i, j))
        return 0;
    double *vi = p->v + 3 * i, *vj = p->v + 3 * j;
    double dv[3] = { vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2] };
    int apart_before = hsf_dot(dr0, dr0) >= sigma * sigma;
    if (d2 >= sigma * sigma) {
        if (apart_before && hsf_pair_time_before(dr0, u, sigma, p->dt) < p->dt)
            p->cs->missed++;
        return 0;
    }
    double overlap = (sigma - sqrt(d2)) / sigma;
    p->cs->max_overlap = fmax(p->cs->max_overlap, overlap);
    if (hsf_dot(dr, dv) >= 0)
        return 0;                   /* overlapping but already separating */
    double touched = apart_before ? hsf_pair_time_before(dr0, u, sigma, INFINITY) : 0;
    p->cs->delay_sum += isfinite(touched) ? fmax(0, 1 - touched / p->dt) : 1;
    p->cs->resolved++;
    double virial;
    double impulse = hsf_pair_collide(dr, vi, vj, sys->b[i].mass, sys->b[j].mass, &virial);
    sys->stats.collisions++;
    sys->stats.virial += virial;
    sys->b[i].collisions++;
    sys->b[j].collisions++;
    p->collisions++;
    hsf_event_info info = { .kind = HSF_EVENT_PAIR, .time = sys->time, .i = i, .j = j,
                            .impulse = impulse, .virial = virial,
                            .dr = { dr[0], dr[1], dr[2] } };
    return sys->event_mask & HSF_EVENT_MASK(info.kind) ? hsf_outputs_notify(sys, &info, p->err)
                                                         : 0;
}

static int all_pairs(pass *p)
{
    for (uint32_t i = 0; i < p->sys->n; i++)
        for (uint32_t j = i + 1; j < p->sys->n; j++)
            if (pair(p, i, j))
                return -1;
    return 0;
}

/* Every pair in neighbouring cells once (i < j); with at least 3 cells
 * per axis no cell is its own neighbour through a periodic wrap. */
static int grid_pairs(pass *p, const hsf_contact_grid *g)
{
    const hsf_system *sys = p->sys;
    int dim = sys->dim;
    uint32_t c3[3] = { 0, 0, 0 };
    int span[3] = { 1, 1, dim == 3 };
    for (c3[2] = 0; c3[2] < g->n[2]; c3[2]++)
        for (c3[1] = 0; c3[1] < g->n[1]; c3[1]++)
            for (c3[0] = 0; c3[0] < g->n[0]; c3[0]++) {
                size_t c = (c3[2] * (size_t)g->n[1] + c3[1]) * g->n[0] + c3[0];
                for (uint32_t i = g->head[c]; i != EMPTY; i = g->next[i])
                    for (int dz = -span[2]; dz <= span[2]; dz++)
                        for (int dy = -span[1]; dy <= span[1]; dy++)
                            for (int dx = -span[0]; dx <= span[0]; dx++) {
                                int d[3] = { dx, dy, dz };
                                int64_t nc[3];
                                int outside = 0;
                                for (int a = 0; a < 3; a++) {
                                    nc[a] = (int64_t)c3[a] + d[a];
                                    if (nc[a] < 0 || nc[a] >= g->n[a]) {
                                        if (!sys->periodic[a])
                                            outside = 1;
                                        nc[a] = (nc[a] + g->n[a]) % g->n[a];
                                    }
                                }
                                if (outside)
                                    continue;
                                size_t o = ((size_t)nc[2] * g->n[1] + (size_t)nc[1]) * g->n[0] +
                                           (size_t)nc[0];
                                for (uint32_t j = g->head[o]; j != EMPTY; j = g->next[j])
                                    if (j > i && pair(p, i, j))
                                        return -1;
                            }
            }
    return 0;
}

long hsf_contact_step(hsf_contact_grid *g, hsf_system *sys, const double *r, double *v,
                      const double *shift, double dt, hsf_contact_stats *cs, hsf_error *err)
{
    double rmax = 0, moved = 0;
    for (size_t i = 0; i < sys->n; i++) {
        rmax = fmax(rmax, sys->m[i].radius);
        const double *s = shift + 3 * i;
        moved = fmax(moved, hsf_dot(s, s));
    }
    pass p = { .sys = sys, .r = r, .shift = shift, .v = v, .dt = dt, .cs = cs, .err = err };
    if (build(g, sys, r, 2 * rmax + 2 * sqrt(moved), err))
        return -1;
    int rc = g->n[0] ? grid_pairs(&p, g) : all_pairs(&p);
    return rc ? -1 : p.collisions;
}

void hsf_contact_free(hsf_contact_grid *g)
{
    free(g->head);
    free(g->next);
    g->head = g->next = NULL;
    g->cells_allocated = g->particles_allocated = 0;
}
