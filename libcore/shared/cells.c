/* Building the cell grid levels, and re-filing a particle under its new anchor. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/boundary.h>

#include "shared/cells.h"
#include "shared/physics.h"
#include "host/error_private.h"

/* Writes the anchor offset of the particle in slot k (with anchors). */
static void write_offset(const hsf_cells *c, hsf_cell_level *l, const hsf_body *bi, uint32_t k)
{
    if (!l->offsets)
        return;
    int32_t x[3];
    hsf_cell_coords(l, bi->cell, x);
    float *o = hsf_slot_offsets(l, bi->cell);
    uint32_t slots = hsf_cell_slots(l);
    for (int a = 0; a < 3; a++)
        o[a * slots + k] = (float)(bi->anchor[a] - hsf_cell_corner(c, l, a, x[a]));
}

static void copy_offset(hsf_cell_level *l, uint32_t cell, uint32_t to, uint32_t from)
{
    if (!l->offsets)
        return;
    float *o = hsf_slot_offsets(l, cell);
    uint32_t slots = hsf_cell_slots(l);
    for (int a = 0; a < 3; a++)
        o[a * slots + to] = o[a * slots + from];
}

/* A cell is stride words: its count, the head of its overflow chain
 * (linked through hsf_body.next), then stride - 2 slots (none in sparse
 * grids).  Scans read the slots as independent loads; only the overflow
 * is a chain. */
static void cell_insert(const hsf_cells *c, hsf_cell_level *l, hsf_body *b, uint32_t i)
{
    uint32_t *cell = hsf_cell_at(l, b[i].cell), slots = hsf_cell_slots(l);
    if (slots && cell[0] < slots) {
        cell[2 + cell[0]] = i;
        write_offset(c, l, &b[i], cell[0]);
    } else {
        uint32_t *chain = hsf_cell_chain(l, b[i].cell);
        b[i].next = *chain;
        *chain = i;
    }
    if (slots)
        cell[0]++;
}

static void cell_remove(const hsf_cells *c, hsf_cell_level *l, hsf_body *b, uint32_t i)
{
    uint32_t *cell = hsf_cell_at(l, b[i].cell), slots = hsf_cell_slots(l);
    uint32_t *chain = hsf_cell_chain(l, b[i].cell);
    if (slots) {
        uint32_t used = cell[0] < slots ? cell[0] : slots;
        cell[0]--;
        for (uint32_t k = 0; k < used; k++)
            if (cell[2 + k] == i) {
                if (*chain != HSF_NONE) {
                    /* Fill the slot from the overflow chain. */
                    cell[2 + k] = *chain;
                    write_offset(c, l, &b[*chain], k);
                    *chain = b[*chain].next;
                } else {
                    cell[2 + k] = cell[2 + used - 1];
                    copy_offset(l, b[i].cell, k, used - 1);
                }
                return;
            }
    }
    uint32_t *at = chain;
    while (*at != i)
        at = &b[*at].next;
    *at = b[i].next;
}

/* i's anchor moved within its cell: its slot's offset follows. */
static void cell_update(const hsf_cells *c, hsf_cell_level *l, hsf_body *b, uint32_t i)
{
    if (!l->offsets)
        return;
    const uint32_t *cell = hsf_cell_at(l, b[i].cell);
    uint32_t used = cell[0] < hsf_cell_slots(l) ? cell[0] : hsf_cell_slots(l);
    for (uint32_t k = 0; k < used; k++)
        if (cell[2 + k] == i)
            write_offset(c, l, &b[i], k);
}

/* The diameter class: the smallest k with dmin * 2^k >= diameter. */
static int diameter_class(double diameter, double dmin)
{
    int k = 0;
    while (k < 62 && dmin * ldexp(1, k) < diameter)
        k++;
    return k;
}

int hsf_cells_build(hsf_cells *c, hsf_motion *m, hsf_body *b, size_t n, int dim,
                    const double lo[3], const double hi[3], const int periodic[3],
                    int use_cells, double skin, int with_anchors, hsf_error *err)
{
    memset(c, 0, sizeof *c);
    c->dim = dim;
    double volume = 1;
    for (int a = 0; a < 3; a++) {
        c->lo[a] = a < dim ? lo[a] : 0;
        c->len[a] = a < dim ? hi[a] - lo[a] : 0;
        c->periodic[a] = a < dim && periodic[a];
        if (a < dim)
            volume *= c->len[a];
    }
    /* Wrap into the extent along periodic axes, counting the images so that
     * unwrapped positions are the ones given. */
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < dim; a++)
            if (c->periodic[a]) {
                double k = floor((m[i].r[a] - c->lo[a]) / c->len[a]);
                m[i].r[a] -= k * c->len[a];
                if (m[i].r[a] >= c->lo[a] + c->len[a])   /* -1e-17 rounds up to len */
                    m[i].r[a] -= c->len[a], k += 1;
                b[i].image[a] += (int32_t)k;    /* on top of any read from the file */
            }
    double dmin = INFINITY, dmax = 0;
    for (size_t i = 0; i < n; i++) {
        dmin = fmin(dmin, 2 * m[i].radius);
        dmax = fmax(dmax, 2 * m[i].radius);
    }
    c->rmax = dmax / 2;
    /* Contact must be through the nearest image only. */
    for (int a = 0; a < dim; a++)
        if (c->periodic[a] && !(c->len[a] > 2 * dmax))
            return hsf_error_set(err, "the periodic box side %.17g must exceed twice the "
                                 "largest diameter, %.17g", c->len[a], 2 * dmax);
    /* Two spheres (diameter up to dmax + 2 skin) must overlap through one
     * periodic image at most, so that a neighbour has one shift. */
    for (int a = 0; a < dim; a++)
        if (c->periodic[a])
            skin = fmin(skin, 0.999 * (c->len[a] / 2 - dmax) / 2);
    c->skin = skin;
    double spacing = n ? pow(volume / (double)n, 1.0 / dim) : 1;

    /* One level per diameter class; classes whose grids come out the same
     * (spacing dominates) share a level. */
    double class_rmax[64] = { 0 };
    int class_of_max = 0;
    for (size_t i = 0; i < n; i++) {
        int k = diameter_class(2 * m[i].radius, dmin);
        class_rmax[k] = fmax(class_rmax[k], m[i].radius);
        class_of_max = k > class_of_max ? k : class_of_max;
    }
    int level_of_class[64];
    for (int k = 0; k <= class_of_max; k++) {
        level_of_class[k] = c->nlevels - 1;
        if (class_rmax[k] == 0)
            continue;
        /* Cells of a diameter keep candidate lists short in dense systems;
         * a fraction of the spacing keeps crossings rare in dilute ones:
         * half in 3D (the periodic fluid at packing fraction 0.3: 1.3x
         * faster than cells of one spacing, 1.1 to 1.5x faster than 0.9
         * spacing), 0.8 in 2D, where a block of 9 such cells holds some 6
         * particles (the 2D gas at 0.3: 1.15x faster at 10^6 discs than
         * cells of a diameter, 1.4x at 10^4). */
        double share = dim == 2 ? 0.8 : 0.5;
        double side = use_cells ? fmax(2 * (class_rmax[k] + skin), share * spacing) * (1 + 1e-9)
                                : INFINITY;
        uint32_t cells[3] = { 1, 1, 1 };
        for (int a = 0; a < dim; a++) {
            double count = floor(c->len[a] / side);
            cells[a] = count < 1 ? 1 : count > 1 << 20 ? 1 << 20 : (uint32_t)count;
        }
        hsf_cell_level *prev = c->nlevels ? &c->level[c->nlevels - 1] : NULL;
        if (prev && !memcmp(prev->n, cells, sizeof cells)) {
            prev->rmax = fmax(prev->rmax, class_rmax[k]);
            continue;
        }
        if (c->nlevels == HSF_MAX_LEVELS)
            return hsf_error_set(err, "particle radii span more than 2^%d: too polydisperse "
                                 "for the cell grid", HSF_MAX_LEVELS);
        hsf_cell_level *l = &c->level[c->nlevels];
        level_of_class[k] = c->nlevels++;
        memcpy(l->n, cells, sizeof cells);
        l->rmax = class_rmax[k];
        for (int a = 0; a < 3; a++)
            l->side[a] = a < dim ? c->len[a] / cells[a] : 1;
    }
    for (size_t i = 0; i < n; i++) {
        int k = diameter_class(2 * m[i].radius, dmin);
        b[i].level = (uint8_t)level_of_class[k];
        c->level[b[i].level].count++;
    }
    for (int li = 0; li < c->nlevels; li++) {
        hsf_cell_level *l = &c->level[li];
        size_t cells = (size_t)l->n[0] * l->n[1] * l->n[2];
        if (cells > 4 * n + 64) {
            /* Never more cells than the particles need: coarser is still exact. */
            double f = pow((double)cells / (double)(4 * n + 64), 1.0 / dim);
            for (int a = 0; a < dim; a++) {
                l->n[a] = (uint32_t)fmax(1, floor(l->n[a] / f));
                l->side[a] = c->len[a] / l->n[a];
            }
            cells = (size_t)l->n[0] * l->n[1] * l->n[2];
        }
        /* 16, 32 or 64 bytes per cell: room for about twice the mean
         * occupancy, so that overflow chains stay rare.  Sparse grids (0.5
         * or fewer per cell: the levels of a polydisperse system) keep only
         * the count and the chain: slots there would mostly be empty memory
         * to walk past (measured on the 2D gas when its cells were one
         * diameter, 0.38 per cell: 44 bytes per particle, and slower). */
        double mean = (double)l->count / (double)cells;
        l->stride = mean <= 0.5 ? 1 : mean <= 1 ? 4 : mean <= 3 ? 8 : 16;
        void *mem = NULL;
        if (posix_memalign(&mem, 64, (cells * l->stride + HSF_CELL_PAD) * sizeof(uint32_t))) {
            hsf_cells_free(c);
            return hsf_error_set(err, "out of memory for %zu cells", cells);
        }
        l->cells = mem;
        int anchors = with_anchors && hsf_cell_slots(l);    /* chains only: no slots */
        size_t floats = cells * (l->stride - 2) * HSF_OFFSET_ROWS + HSF_OFFSET_PAD;
        if (anchors && posix_memalign(&mem, 64, floats * sizeof(float))) {
            hsf_cells_free(c);
            return hsf_error_set(err, "out of memory for the anchors of %zu cells", cells);
        }
        l->offsets = anchors ? mem : NULL;
        if (anchors)    /* the padding too: vector lanes read it */
            memset(l->offsets, 0, floats * sizeof(float));
        /* A float keeps 24 bits: an offset (at most a side and a skin in
         * size) is rebuilt to within 2^-24 of that, on each axis. */
        c->offset_error = fmax(c->offset_error,
                               sqrt(3.0) * 0x1p-23 * (fmax(l->side[0], fmax(l->side[1], l->side[2])) +
                                                      c->skin));
        /* Empty slots and the padding hold 0, not garbage: a block search
         * reads slots four at a time and masks off those past the count. */
        memset(l->cells, 0, (cells * l->stride + HSF_CELL_PAD) * sizeof *l->cells);
        for (size_t k = 0; k < cells; k++)
            *hsf_cell_chain(l, (uint32_t)k) = HSF_NONE;
    }
    for (size_t i = 0; i < n; i++) {
        hsf_cell_level *l = &c->level[b[i].level];
        uint32_t x[3] = { 0, 0, 0 };
        for (int a = 0; a < dim; a++) {
            double f = floor((m[i].r[a] - c->lo[a]) / l->side[a]);
            x[a] = f < 0 ? 0 : f >= l->n[a] ? l->n[a] - 1 : (uint32_t)f;
        }
        b[i].cell = (x[2] * l->n[1] + x[1]) * l->n[0] + x[0];
        memcpy(b[i].anchor, m[i].r, sizeof b[i].anchor);
        cell_insert(c, l, b, (uint32_t)i);
    }
    return 0;
}

void hsf_cells_free(hsf_cells *c)
{
    for (int li = 0; li < c->nlevels; li++)
        free(c->level[li].cells), free(c->level[li].offsets);
    memset(c, 0, sizeof *c);
}

/* hsf_cells_reanchor, the anchor ahead of the particle by ahead (lead:
 * a constant where it is inlined; 0 leaves ahead unread). */
__attribute__((always_inline)) static inline void reanchor(hsf_cells *c, hsf_motion *m,
                                                            hsf_body *b, uint32_t i,
                                                            const double *ahead, const int lead)
{
    hsf_motion *q = &m[i];
    hsf_cell_level *l = &c->level[b[i].level];
    uint32_t x[3] = { 0, 0, 0 };
    for (int a = 0; a < c->dim; a++) {
        if (c->periodic[a]) {
            /* r is within the skin of an anchor inside the extent: at most
             * one wrap. */
            if (q->r[a] < c->lo[a])
                q->r[a] += c->len[a], b[i].image[a]--;
            else if (q->r[a] >= c->lo[a] + c->len[a])
                q->r[a] -= c->len[a], b[i].image[a]++;
            if (q->r[a] >= c->lo[a] + c->len[a])    /* -1e-17 + len rounds to len */
                q->r[a] = c->lo[a];
        }
        b[i].anchor[a] = q->r[a];
        if (lead && ahead[a] != 0) {
            /* Within the extent, in the particle's own image. */
            double to = q->r[a] + ahead[a];
            if (to >= c->lo[a] && to < c->lo[a] + c->len[a])
                b[i].anchor[a] = to;
        }
        double f = floor((b[i].anchor[a] - c->lo[a]) / l->side[a]);
        x[a] = f < 0 ? 0 : f >= l->n[a] ? l->n[a] - 1 : (uint32_t)f;
    }
    uint32_t cell = (x[2] * l->n[1] + x[1]) * l->n[0] + x[0];
    if (cell != b[i].cell) {
        cell_remove(c, l, b, i);
        b[i].cell = cell;
        cell_insert(c, l, b, i);
    } else {
        cell_update(c, l, b, i);
    }
}

void hsf_cells_reanchor(hsf_cells *c, hsf_motion *m, hsf_body *b, uint32_t i)
{
    reanchor(c, m, b, i, NULL, 0);
}

void hsf_cells_reanchor_ahead(hsf_cells *c, hsf_motion *m, hsf_body *b, uint32_t i,
                              const double ahead[3])
{
    reanchor(c, m, b, i, ahead, 1);
}

/* Each axis's face ahead and time to it, then the earliest, chosen
 * without branches: the signs of a velocity's components are coin tosses,
 * and the branches on them and on the earliest took a tenth of a 3D
 * fluid's time at packing fraction 0.30 (4000 spheres).  The same faces,
 * times and choice (the first earliest axis) as a test per axis. */
double hsf_cells_exit_time(const hsf_cells *c, const hsf_motion *m, const hsf_body *b,
                           int *axis, int *dir, int *wall_free)
{
    const hsf_cell_level *l = &c->level[b->level];
    int32_t x[3];
    hsf_cell_coords(l, b->cell, x);
    *wall_free = hsf_cells_wall_free(c, b, x);
    double best = INFINITY;
    int best_axis = *axis, best_dir = *dir;
    for (int a = 0; a < c->dim; a++) {
        double v = m->v[a];
        int up = v > 0, down = v < 0;
        /* At rest along a (or NaN), or heading for an outer face of a
         * non-periodic axis, where the wall comes first: no exit. */
        int32_t edge = up * ((int32_t)l->n[a] - 1);
        int none = (!up & !down) | (!c->periodic[a] & (x[a] == edge));
        double face = c->lo[a] + (x[a] + up) * l->side[a];
        double dt = (face - m->r[a]) / v;
        dt = hsf_select_double(dt < 0, 0, dt);        /* on the face by round-off */
        dt = hsf_select_double(none, INFINITY, dt);
        int earlier = dt < best, mask = -earlier;
        best = hsf_select_double(earlier, dt, best);
        best_axis = (a & mask) | (best_axis & ~mask);
        best_dir = ((2 * up - 1) & mask) | (best_dir & ~mask);
    }
    *axis = best_axis;
    *dir = best_dir;
    return best;
}

/* Axis by axis: without a field along it, hsf_cells_exit_time's straight
 * line (which is hsf_parabola_first_face's at g = 0, bit for bit, but for
 * the sign of a zero time, made +0 here as there); with one, the parabola
 * towards the face ahead without branches, and hsf_parabola_first_face
 * when that is not the case.  The earliest is chosen without branches
 * too, the first earliest axis on a tie.  Branches on the direction of
 * travel made this a seventh of a falling gas's time. */
double hsf_cells_exit_time_field(const hsf_cells *c, const double r[3], const double v[3],
                                 const double g[3], const hsf_body *b, int *axis, int *dir,
                                 int *wall_free)
{
    const hsf_cell_level *l = &c->level[b->level];
    int32_t x[3];
    hsf_cell_coords(l, b->cell, x);
    *wall_free = hsf_cells_wall_free(c, b, x);
    double best = INFINITY;
    int best_axis = *axis, best_dir = *dir;
    for (int a = 0; a < c->dim; a++) {
        /* An outer face is not an exit: the wall comes first. */
        int skip_lo = !c->periodic[a] & (x[a] == 0);
        int skip_hi = !c->periodic[a] & (x[a] == (int32_t)l->n[a] - 1);
        double lo = c->lo[a] + x[a] * l->side[a], hi = c->lo[a] + (x[a] + 1) * l->side[a];
        double t;
        int d = 0;
        if (g[a] == 0) {
            int up = v[a] > 0, down = v[a] < 0;
            int none = (!up & !down) | (up & skip_hi) | (down & skip_lo);
            t = (hsf_select_double(up, hi, lo) - r[a]) / v[a];
            t = hsf_select_double(!(t > 0), 0, t);
            t = hsf_select_double(none, INFINITY, t);
            d = 2 * up - 1;
        } else if (hsf_parabola_face_ahead(r[a], v[a], g[a], lo, hi, skip_lo, skip_hi, &t, &d)) {
            t = hsf_parabola_first_face(r[a], v[a], g[a], lo, hi, skip_lo, skip_hi, &d);
        }
        int earlier = t < best, mask = -earlier;
        best = hsf_select_double(earlier, t, best);
        best_axis = (a & mask) | (best_axis & ~mask);
        best_dir = (d & mask) | (best_dir & ~mask);
    }
    *axis = best_axis;
    *dir = best_dir;
    return best;
}

void hsf_cells_mark_wall_free(hsf_cells *c, const double lo[3], const double hi[3])
{
    c->no_walls = 1;
    for (int a = 0; a < c->dim; a++)
        c->no_walls &= c->periodic[a] && lo[a] <= c->lo[a] && hi[a] >= c->lo[a] + c->len[a];
    for (int li = 0; li < c->nlevels; li++) {
        hsf_cell_level *l = &c->level[li];
        for (int a = 0; a < c->dim; a++) {
            int32_t n = (int32_t)l->n[a], first = n, end = 0;
            double top = c->lo[a] + c->len[a];
            if (c->periodic[a]) {
                if (lo[a] <= c->lo[a] && hi[a] >= top)
                    first = 0, end = n;
            } else {
                /* A particle is in its cell to round-off (crossings move it
                 * at the face): a margin of 10^-9 of the extent covers that. */
                double reach = l->rmax + 1e-9 * (fabs(c->lo[a]) + fabs(top));
                for (int32_t x = 0; x < n; x++)
                    if (hsf_cell_corner(c, l, a, x) - reach > lo[a] &&
                        hsf_cell_corner(c, l, a, x + 1) + reach < hi[a]) {
                        first = x < first ? x : first;
                        end = x + 1;
                    }
            }
            l->clear_lo[a] = first;
            l->clear_end[a] = end > first ? end : first;
        }
    }
}

void hsf_cells_cross(hsf_cells *c, hsf_motion *m, hsf_body *b, uint32_t i, int axis, int dir)
{
    hsf_cell_level *l = &c->level[b[i].level];
    int32_t x[3];
    hsf_cell_coords(l, b[i].cell, x);
    cell_remove(c, l, b, i);
    x[axis] += dir;
    if (x[axis] < 0 || x[axis] >= (int32_t)l->n[axis]) {
        /* Only along periodic axes: come back in on the other side. */
        x[axis] = x[axis] < 0 ? (int32_t)l->n[axis] - 1 : 0;
        m[i].r[axis] -= dir * c->len[axis];
        b[i].image[axis] += dir;
    }
    b[i].cell = ((uint32_t)x[2] * l->n[1] + (uint32_t)x[1]) * l->n[0] + (uint32_t)x[0];
    cell_insert(c, l, b, i);
}

void hsf_cells_refile(hsf_cells *c, hsf_body *b, uint32_t i, uint32_t cell)
{
    hsf_cell_level *l = &c->level[b[i].level];
    cell_remove(c, l, b, i);
    b[i].cell = cell;
    cell_insert(c, l, b, i);
}
