/* The overlap audit (audit.h). */
#include <math.h>

#include "event/audit.h"
#include "host/error_private.h"
#include "model/model.h"

typedef struct audit_scan {
    const hsf_system *sys;
    double ri[3];
    uint32_t i;
    hsf_audit_result *out;
} audit_scan;

static void measure(void *ctx, uint32_t j, const double shift[3], const double corner[3],
                    const float *offset)
{
    (void)corner, (void)offset;
    audit_scan *s = ctx;
    const hsf_motion *mj = &s->sys->m[j];
    double rj[3], d2 = 0;
    hsf_position_at(mj, s->sys->time, rj);
    for (int a = 0; a < 3; a++) {
        double dr = s->ri[a] - (rj[a] + shift[a]);
        d2 += dr * dr;
    }
    double sigma = s->sys->m[s->i].radius + mj->radius;
    double overlap = (sigma - sqrt(d2)) / sigma;
    if (overlap > s->out->max_overlap) {
        s->out->max_overlap = overlap;
        s->out->i = s->i < j ? s->i : j;
        s->out->j = s->i < j ? j : s->i;
    }
}

void hsf_audit(const hsf_system *sys, hsf_audit_result *out)
{
    *out = (hsf_audit_result){ .max_overlap = 0, .i = HSF_NONE, .j = HSF_NONE, .bad = HSF_NONE };
    if (sys->model) {
        for (uint32_t i = 0; i < sys->n; i++) {
            const hsf_motion *m = &sys->m[i];
            double r[3];
            hsf_motion_at(sys, m, sys->time, r, NULL);
            if (!isfinite(r[0]) || !isfinite(r[1]) || !isfinite(r[2]) || !isfinite(m->v[0]) ||
                !isfinite(m->v[1]) || !isfinite(m->v[2])) {
                out->bad = i;
                return;
            }
        }
        hsf_model_audit(sys, &out->max_overlap, &out->i, &out->j);
        return;
    }
    for (uint32_t i = 0; i < sys->n; i++) {
        const hsf_motion *m = &sys->m[i];
        audit_scan s = { .sys = sys, .i = i, .out = out };
        hsf_position_at(m, sys->time, s.ri);
        int finite = 1;
        for (int a = 0; a < 3; a++)
            finite &= isfinite(s.ri[a]) && isfinite(m->v[a]);
        if (!finite) {
            out->bad = i;
            return;
        }
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, measure, &s);
    }
}

int hsf_audit_check(hsf_system *sys, hsf_error *err)
{
    hsf_audit_result r;
    hsf_audit(sys, &r);
    if (r.bad != HSF_NONE)
        return hsf_error_set(err, "audit at t = %.17g: particle %lu has a non-finite "
                             "position or velocity", sys->time, (unsigned long)r.bad + 1);
    sys->max_overlap = fmax(sys->max_overlap, r.max_overlap);
    if (r.max_overlap > sys->audit_tolerance)
        return hsf_error_set(err, "audit at t = %.17g: particles %lu and %lu %s by %.3g "
                             "of %s, more than audit_tolerance = %g: %s was lost", sys->time,
                             (unsigned long)r.i + 1, (unsigned long)r.j + 1, sys->model ? "lie outside the step or bond they are "
                             "held in" : "overlap", r.max_overlap,
                             sys->model ? "its distance" : "diameters", sys->audit_tolerance,
                             sys->model ? "an event" : "a collision");
    return 0;
}
