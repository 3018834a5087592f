/* Neighbour lists: building, renewing, and the time a particle leaves its
 * neighbourhood (see neighbours.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "error_private.h"
#include "neighbours.h"

/* The image code of a shift of -1, 0 or +1 box lengths per axis, and its
 * mirror (the owner as seen from the neighbour). */
static uint8_t image_code(const double shift[3])
{
    uint8_t k = 0;
    for (int a = 2; a >= 0; a--)
        k = (uint8_t)(k << 2 | (shift[a] > 0 ? 1 : shift[a] < 0 ? 2 : 0));
    return k;
}

static uint8_t mirror(uint8_t k)
{
    /* Swap the two bits of every axis: +1 <-> -1. */
    return (uint8_t)(((k & 0x15) << 1) | ((k >> 1) & 0x15));
}

static int grow(hsf_neighbours *nb, hsf_error *err)
{
    uint32_t cap = nb->cap * 2;
    uint32_t *j = malloc(nb->n * cap * sizeof *j);
    uint8_t *image = malloc(nb->n * cap * sizeof *image);
    if (!j || !image) {
        free(j);
        free(image);
        return hsf_error_set(err, "out of memory for neighbour lists of %u entries", cap);
    }
    for (size_t i = 0; i < nb->n; i++) {
        memcpy(j + i * cap, nb->j + i * nb->cap, nb->count[i] * sizeof *j);
        memcpy(image + i * cap, nb->image + i * nb->cap, nb->count[i] * sizeof *image);
    }
    free(nb->j);
    free(nb->image);
    nb->j = j;
    nb->image = image;
    nb->cap = cap;
    return 0;
}

static int append(hsf_neighbours *nb, uint32_t i, uint32_t j, uint8_t image, hsf_error *err)
{
    if (nb->count[i] == nb->cap && grow(nb, err))
        return -1;
    size_t at = (size_t)i * nb->cap + nb->count[i]++;
    nb->j[at] = j;
    nb->image[at] = image;
    return 0;
}

static void remove_entry(hsf_neighbours *nb, uint32_t i, uint32_t j)
{
    uint32_t *list = nb->j + (size_t)i * nb->cap;
    uint8_t *image = nb->image + (size_t)i * nb->cap;
    for (uint32_t k = 0; k < nb->count[i]; k++)
        if (list[k] == j) {
            uint32_t last = --nb->count[i];
            list[k] = list[last];
            image[k] = image[last];
            return;
        }
}

typedef struct search {
    hsf_neighbours *nb;
    const hsf_particle *p;
    uint32_t i;
    double skin;
    int symmetric;          /* also add i to each neighbour's list */
    int failed;
    hsf_error *err;
} search;

__attribute__((always_inline)) static inline void visit(void *ctx, uint32_t j,
                                                         const double shift[3])
{
    search *s = ctx;
    const hsf_particle *pi = &s->p[s->i], *pj = &s->p[j];
    double d2 = 0;
    for (int a = 0; a < 3; a++) {
        double d = pi->anchor[a] - (pj->anchor[a] + shift[a]);
        d2 += d * d;
    }
    double reach = pi->radius + pj->radius + 2 * s->skin;
    if (d2 >= reach * reach || s->failed)
        return;
    uint8_t k = image_code(shift);
    if (append(s->nb, s->i, j, k, s->err) ||
        (s->symmetric && append(s->nb, j, s->i, mirror(k), s->err)))
        s->failed = 1;
}

int hsf_neighbours_build(hsf_neighbours *nb, const hsf_cells *cells, const hsf_particle *p,
                         size_t n, hsf_error *err)
{
    memset(nb, 0, sizeof *nb);
    nb->n = n;
    nb->cap = cells->dim == 2 ? 8 : 16;
    nb->count = calloc(n ? n : 1, sizeof *nb->count);
    nb->j = malloc((n ? n : 1) * nb->cap * sizeof *nb->j);
    nb->image = malloc((n ? n : 1) * nb->cap * sizeof *nb->image);
    if (!nb->count || !nb->j || !nb->image) {
        hsf_neighbours_free(nb);
        return hsf_error_set(err, "out of memory for the neighbour lists of %zu particles", n);
    }
    /* Each particle finds all of its neighbours itself: overlap is
     * symmetric, so the lists come out symmetric. */
    for (uint32_t i = 0; i < n; i++) {
        search s = { .nb = nb, .p = p, .i = i, .skin = cells->skin, .err = err };
        hsf_cells_scan(cells, p, i, visit, &s);
        if (s.failed) {
            hsf_neighbours_free(nb);
            return -1;
        }
    }
    return 0;
}

void hsf_neighbours_free(hsf_neighbours *nb)
{
    free(nb->count);
    free(nb->j);
    free(nb->image);
    memset(nb, 0, sizeof *nb);
}

int hsf_neighbours_renew(hsf_neighbours *nb, const hsf_cells *cells, const hsf_particle *p,
                         uint32_t i, hsf_error *err)
{
    const uint32_t *old = nb->j + (size_t)i * nb->cap;
    for (uint32_t k = 0; k < nb->count[i]; k++)
        remove_entry(nb, old[k], i);
    nb->count[i] = 0;
    search s = { .nb = nb, .p = p, .i = i, .skin = cells->skin, .symmetric = 1, .err = err };
    hsf_cells_scan(cells, p, i, visit, &s);
    return s.failed ? -1 : 0;
}

double hsf_neighbourhood_exit_time(const hsf_particle *p, double skin)
{
    /* Solve |d + v t| = skin for the positive root, d = r - anchor. */
    double d[3], b = 0, c = -skin * skin, vv = 0;
    for (int a = 0; a < 3; a++) {
        d[a] = p->r[a] - p->anchor[a];
        b += d[a] * p->v[a];
        c += d[a] * d[a];
        vv += p->v[a] * p->v[a];
    }
    if (vv == 0)
        return INFINITY;
    if (c >= 0)
        return b > 0 ? 0 : fmax(0, (-b + sqrt(fmax(0, b * b - vv * c))) / vv);
    /* Cancellation-free form of (-b + sqrt(b^2 - vv c)) / vv with c < 0. */
    double q = sqrt(b * b - vv * c);
    return b <= 0 ? (q - b) / vv : -c / (b + q);
}
