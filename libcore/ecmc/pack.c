/* The chains' copy of the discs, cell by cell (pack.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecmc/pack.h"
#include "host/error_private.h"

int hsf_ecmc_pack_serves(const hsf_system *sys)
{
    const hsf_cells *c = &sys->cells;
    if (sys->dim != 2 || c->nlevels != 1)
        return 0;
    for (int a = 0; a < 2; a++)
        if (c->level[0].n[a] < 3 || !c->periodic[a])
            return 0;
    return 1;
}

void hsf_ecmc_pack_free(hsf_ecmc_pack *p)
{
    free(p->data);
    free(p->fill);
    free(p->where);
    memset(p, 0, sizeof *p);
}

/* Bytes per cell for cap slots, a whole number of cache lines. */
static size_t stride_for(uint32_t cap)
{
    size_t bytes = (size_t)cap * (3 * sizeof(double) + sizeof(uint32_t));
    return (bytes + 63) / 64 * 64;
}

static unsigned char *alloc_cells(size_t n_cells, size_t stride)
{
    void *mem = NULL;
    if (posix_memalign(&mem, 64, n_cells > 0 ? n_cells * stride : 64))
        return NULL;
    return mem;
}

/* Slot k of cell block x (of a pack with cap slots) to slot j of block to. */
static inline void copy_slot(double *to, uint32_t j, const double *x, uint32_t k, uint32_t cap)
{
    to[j] = x[k];
    to[cap + j] = x[cap + k];
    to[2 * cap + j] = x[2 * cap + k];
    ((uint32_t *)(void *)(to + 3 * cap))[j] = ((const uint32_t *)(const void *)(x + 3 * cap))[k];
}

int hsf_ecmc_pack_build(hsf_ecmc_pack *p, const hsf_system *sys, hsf_error *err)
{
    hsf_ecmc_pack_free(p);
    const hsf_cell_level *l = &sys->cells.level[0];
    p->n[0] = l->n[0];
    p->n[1] = l->n[1];
    p->grid_slots = hsf_cell_slots(l);
    p->n_cells = (size_t)l->n[0] * l->n[1];
    p->n_discs = sys->n;
    p->fill = calloc(p->n_cells, sizeof *p->fill);
    p->where = malloc(sys->n * sizeof *p->where);
    if (!p->fill || !p->where) {
        hsf_ecmc_pack_free(p);
        return hsf_error_set(err, "out of memory for the chains' copy of %zu cells", p->n_cells);
    }
    /* The fullest cell sets the room (at least 4: a cell of a diameter's
     * side can hold 4 discs of that diameter). */
    uint32_t most = 4;
    for (uint32_t c = 0; c < p->n_cells; c++) {
        const uint32_t *w = hsf_cell_at(l, c);
        uint32_t count = 0;
        if (p->grid_slots)
            count = w[0];
        else
            for (uint32_t j = w[0]; j != HSF_NONE; j = sys->b[j].next)
                count++;
        if (count > UINT16_MAX) {
            hsf_ecmc_pack_free(p);
            return hsf_error_set(err, "%u particles in one cell: too many for the chains' "
                                 "copy", count);
        }
        most = count > most ? count : most;
    }
    p->cap = most;
    p->same_radius = 1;
    for (size_t i = 1; i < sys->n; i++)
        p->same_radius &= sys->m[i].radius == sys->m[0].radius;
    p->stride = stride_for(p->cap);
    if (!(p->data = alloc_cells(p->n_cells, p->stride))) {
        hsf_ecmc_pack_free(p);
        return hsf_error_set(err, "out of memory for the chains' copy of %zu cells", p->n_cells);
    }
    memset(p->data, 0, p->n_cells * p->stride);
    for (uint32_t c = 0; c < p->n_cells; c++) {
        const uint32_t *w = hsf_cell_at(l, c);
        double *x = hsf_pack_x(p, c);
        uint32_t *ids = hsf_pack_id(p, x), used = 0;
        uint32_t inslots = p->grid_slots ? (w[0] < p->grid_slots ? w[0] : p->grid_slots) : 0;
        for (uint32_t k = 0; k < inslots; k++)
            ids[used++] = w[2 + k];
        for (uint32_t j = *hsf_cell_chain(l, c); j != HSF_NONE; j = sys->b[j].next)
            ids[used++] = j;
        for (uint32_t k = 0; k < used; k++) {
            const hsf_motion *m = &sys->m[ids[k]];
            x[k] = m->r[0];
            x[p->cap + k] = m->r[1];
            x[2 * p->cap + k] = m->radius;
            p->where[ids[k]] = c;
        }
        p->fill[c] = (uint16_t)used;
    }
    return 0;
}

void hsf_ecmc_pack_sync(const hsf_ecmc_pack *p, hsf_system *sys)
{
    hsf_cell_level *l = &sys->cells.level[0];
    uint32_t s = p->grid_slots;
    for (uint32_t c = 0; c < p->n_cells; c++) {
        const double *x = hsf_pack_x(p, c);
        const uint32_t *ids = hsf_pack_id(p, x);
        uint32_t n = p->fill[c], *w = hsf_cell_at(l, c);
        if (s) {
            w[0] = n;
            for (uint32_t k = 0; k < n && k < s; k++)
                w[2 + k] = ids[k];
        }
        *hsf_cell_chain(l, c) = n > s ? ids[s] : HSF_NONE;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t i = ids[k];
            sys->m[i].r[0] = x[k];
            sys->m[i].r[1] = x[p->cap + k];
            sys->b[i].cell = c;
            if (k >= s)
                sys->b[i].next = k + 1 < n ? ids[k + 1] : HSF_NONE;
        }
    }
}

void hsf_ecmc_pack_remove(hsf_ecmc_pack *p, uint32_t c, uint32_t k)
{
    double *x = hsf_pack_x(p, c);
    uint32_t n = p->fill[c], s = p->grid_slots;
    p->fill[c] = (uint16_t)(n - 1);
    if (k < s) {
        if (n <= s) {
            /* The last slot fills the gap. */
            copy_slot(x, k, x, n - 1, p->cap);
            return;
        }
        /* The head of the overflow chain fills the slot and leaves the chain. */
        copy_slot(x, k, x, s, p->cap);
        k = s;
    }
    for (uint32_t j = k; j + 1 < n; j++)
        copy_slot(x, j, x, j + 1, p->cap);
}

/* Room for twice as many discs in every cell. */
static void grow(hsf_ecmc_pack *p)
{
    uint32_t cap = p->cap * 2;
    size_t stride = stride_for(cap);
    unsigned char *data = cap <= UINT16_MAX ? alloc_cells(p->n_cells, stride) : NULL;
    if (!data) {
        fprintf(stderr, "hsframe: engine = ecmc: out of memory for %u particles in a cell\n",
                cap);
        abort();
    }
    memset(data, 0, p->n_cells * stride);
    hsf_ecmc_pack bigger = *p;
    bigger.cap = cap, bigger.stride = stride, bigger.data = data;
    for (uint32_t c = 0; c < p->n_cells; c++) {
        const double *from = hsf_pack_x(p, c);
        double *to = hsf_pack_x(&bigger, c);
        for (uint32_t k = 0; k < p->fill[c]; k++) {
            to[k] = from[k];
            to[cap + k] = from[p->cap + k];
            to[2 * cap + k] = from[2 * p->cap + k];
            hsf_pack_id(&bigger, to)[k] = hsf_pack_id(p, from)[k];
        }
    }
    free(p->data);
    *p = bigger;
}

uint32_t hsf_ecmc_pack_insert(hsf_ecmc_pack *p, uint32_t c, double x0, double y0, double radius,
                              uint32_t id)
{
    uint32_t n = p->fill[c], s = p->grid_slots;
    if (n == p->cap)
        grow(p);
    double *x = hsf_pack_x(p, c);
    /* The next free slot of the grid, else the head of its overflow chain. */
    uint32_t at = n < s ? n : s;
    for (uint32_t j = n; j > at; j--)
        copy_slot(x, j, x, j - 1, p->cap);
    x[at] = x0;
    x[p->cap + at] = y0;
    x[2 * p->cap + at] = radius;
    hsf_pack_id(p, x)[at] = id;
    p->fill[c] = (uint16_t)(n + 1);
    p->where[id] = c;
    return at;
}
