/* Initial-state checks: containment, then overlaps through the cell grid
 * (nearest periodic images included), so that the check costs O(N). */
#include <math.h>

#include "host/error_private.h"
#include "run/validate.h"
#include "model/model.h"

static int check_inside(const hsf_system *sys, const hsf_particle_set *set, hsf_error *err)
{
    for (size_t i = 0; i < set->n; i++) {
        const hsf_particle *p = &set->p[i];
        if (sys->boundary.type.boundary->check(sys->boundary.state, p->r, p->radius, err))
            return hsf_error_prefix(err, "%s is not inside the %s boundary: ",
                                    hsf_particle_at(set, i), sys->boundary.plugin.info->name);
    }
    return 0;
}

/* The deepest overlap of particle i with the neighbours the grid offers. */
typedef struct overlap_search {
    const hsf_system *sys;
    const hsf_motion *m;
    uint32_t i;
    double depth, distance, sigma;
    uint32_t with;
} overlap_search;

static void measure_overlap(void *ctx, uint32_t j, const double shift[3],
                            const double corner[3], const float *offset)
{
    (void)corner, (void)offset;
    overlap_search *s = ctx;
    if (hsf_both_fixed(s->sys, s->i, j))
        return;
    const hsf_motion *pi = &s->m[s->i], *pj = &s->m[j];
    double dr[3];
    for (int a = 0; a < 3; a++)
        dr[a] = pi->r[a] - (pj->r[a] + shift[a]);
    double d = sqrt(dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2]);
    /* With a model the records hold reaches; the cores touch at contact. */
    double sigma = s->sys->model ? hsf_model_contact(s->sys, s->i, j) : pi->radius + pj->radius;
    if (sigma - d > HSF_TOUCH_TOLERANCE * sigma && sigma - d > s->depth) {
        s->depth = sigma - d;
        s->distance = d;
        s->sigma = sigma;
        s->with = j;
    }
}

static int check_overlaps(const hsf_system *sys, const hsf_particle_set *set, hsf_error *err)
{
    for (uint32_t i = 0; i < sys->n; i++) {
        overlap_search s = { .sys = sys, .m = sys->m, .i = i, .with = HSF_NONE };
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, measure_overlap, &s);
        if (s.with != HSF_NONE)     /* i is the first of the pair in file order */
            return hsf_error_set(err, "%s overlaps particle %u%s by %.6g: their centres "
                                 "are %.17g apart, their radii sum to %.17g",
                                 hsf_particle_at(set, i), s.with + 1,
                                 hsf_particle_line(set, s.with), s.depth, s.distance, s.sigma);
    }
    return 0;
}

int hsf_validate_inside(const hsf_system *sys, const hsf_particle_set *set, hsf_error *err)
{
    return check_inside(sys, set, err);
}

int hsf_validate_overlaps(const hsf_system *sys, const hsf_particle_set *set, hsf_error *err)
{
    return check_overlaps(sys, set, err);
}
