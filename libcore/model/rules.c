/* Pair rules: prediction and resolution of the events of stepped
 * potentials and bonds (rules.h). */
#include <math.h>

#include "engine/physics.h"
#include "model/rules.h"

const char *hsf_rule_compile(const hsf_pair_rule *r, hsf_rule *out)
{
    if (!(r->core > 0) || !isfinite(r->core))
        return "core must be a finite number > 0";
    if (!(r->restitution > 0 && r->restitution <= 1))
        return "restitution must lie in (0, 1]";
    if (!(r->elastic_within >= 0) || !isfinite(r->elastic_within))
        return "elastic_within must be a finite time >= 0";
    if (r->steps > HSF_MAX_STEPS)
        return "more steps than HSF_MAX_STEPS";
    *out = (hsf_rule){ .core = r->core, .restitution = r->restitution,
                       .elastic_within = r->restitution < 1 ? r->elastic_within : 0,
                       .steps = r->steps };
    for (unsigned k = 0; k < r->steps; k++) {
        double inner = k + 1 < r->steps ? r->step_at[k + 1] : r->core;
        if (!isfinite(r->step_at[k]) || !(r->step_at[k] > inner))
            return "steps must be finite, decreasing and outside the core";
        if (!isfinite(r->step_energy[k]))
            return "step energies must be finite";
        out->step_at[k] = r->step_at[k];
        out->energy[k + 1] = out->energy[k] + r->step_energy[k];
    }
    out->reach = r->steps ? r->step_at[0] : r->core;
    return NULL;
}

int hsf_rule_is_hard_sphere(const hsf_rule *r)
{
    return r->core == 1 && r->restitution == 1 && r->steps == 0;
}

void hsf_rule_bounds(const hsf_rule *r, double sigma, unsigned s, double *inner, double *outer)
{
    *inner = (s < r->steps ? r->step_at[s] : r->core) * sigma;
    *outer = s ? r->step_at[s - 1] * sigma : INFINITY;
}

unsigned hsf_rule_shell(const hsf_rule *r, double sigma, double d)
{
    unsigned s = 0;
    while (s < r->steps && d < r->step_at[s] * sigma)
        s++;
    return s;
}

/* The roots of |dr + dv t| = outer, as circle.c solves them for a disc
 * inside its container: the stable form of the later root. */
double hsf_leave_time(const double dr[3], const double dv[3], double outer)
{
    double vv = hsf_dot(dv, dv);
    if (vv == 0)
        return INFINITY;
    double b = hsf_dot(dr, dv);
    double c = hsf_dot(dr, dr) - outer * outer;
    double disc = b * b - vv * c;
    double root = sqrt(disc > 0 ? disc : 0);
    if (c >= 0 && b >= 0)
        return 0;                   /* on or past it, moving out */
    double t = b > 0 ? -c / (b + root) : (root - b) / vv;
    return t > 0 ? t : 0;
}

double hsf_shell_event_time(const double dr[3], const double dv[3], double inner, double outer,
                            double limit)
{
    double t = hsf_pair_time_before(dr, dv, inner, limit);
    if (outer < INFINITY) {
        double out = hsf_leave_time(dr, dv, outer);
        if (out < t && out < limit)
            t = out;
    }
    return t;
}

void hsf_pair_event(const double dr[3], double vi[3], double vj[3], double mi, double mj,
                    double inner, double outer, double core_at, double e,
                    double enter_energy, double leave_energy, hsf_pair_effect *fx)
{
    *fx = (hsf_pair_effect){ .outcome = HSF_OUTCOME_NONE };
    double d = sqrt(hsf_dot(dr, dr));
    double n[3] = { dr[0] / d, dr[1] / d, dr[2] / d };
    double dv[3] = { vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2] };
    double vn = hsf_dot(dv, n);         /* < 0 approaching */
    double mu = mi * mj / (mi + mj);
    /* Which boundary: the nearer one (they are a finite distance apart). */
    int inward = !(outer < INFINITY) || fabs(d - inner) <= fabs(d - outer);
    double after;                       /* vn after the event */
    if (inward) {
        if (vn >= 0)
            return;                     /* grazed it moving away */
        if (inner == core_at) {
            fx->outcome = HSF_OUTCOME_CORE;
            after = -e * vn;
            fx->dissipated = 0.5 * mu * vn * vn * (1 - e * e);
        } else {
            double left = vn * vn - 2 * enter_energy / mu;
            fx->outcome = left > 0 ? HSF_OUTCOME_ENTER : HSF_OUTCOME_BOUNCE;
            after = left > 0 ? -sqrt(left) : -vn;
            fx->potential = left > 0 ? enter_energy : 0;
        }
    } else {
        if (vn <= 0)
            return;                     /* grazed it moving in */
        double left = vn * vn - 2 * leave_energy / mu;  /* NaN-free: INFINITY gives -inf */
        fx->outcome = left > 0 ? HSF_OUTCOME_LEAVE : HSF_OUTCOME_BOUNCE;
        after = left > 0 ? sqrt(left) : -vn;
        fx->potential = left > 0 ? leave_energy : 0;
    }
    double impulse = mu * (after - vn);
    double ki = impulse / mi, kj = impulse / mj;
    for (int a = 0; a < 3; a++) {
        vi[a] += ki * n[a];
        vj[a] -= kj * n[a];
    }
    fx->impulse = impulse;
    fx->virial = impulse * d;
}
