/* Pair rules: prediction and resolution of the events of stepped
 * potentials and bonds (rules.h). */
#include <math.h>

#include "shared/clones.h"
#include "shared/physics.h"
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
    if (!(r->tangential >= -1 && r->tangential <= 1))
        return "tangential (restitution) must lie in [-1, 1]";
    if (!(r->friction >= 0))
        return "friction must be >= 0";
    *out = (hsf_rule){ .core = r->core, .restitution = r->restitution,
                       .elastic_within = r->restitution < 1 ? r->elastic_within : 0,
                       .steps = r->steps, .tangential = r->tangential,
                       .friction = r->friction,
                       .rough = r->tangential > -1 && r->friction > 0 };
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
    return r->core == 1 && r->restitution == 1 && r->steps == 0 && !r->rough;
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

/* The later root of |dr + dv t| = outer, in its stable form.  A pair on
 * the boundary or past it by round-off (just bounced back from it) and
 * moving in is taken to be on it: it leaves again after the chord,
 * -2 b / vv, never at once.  Past it and moving out, it leaves now if it
 * moves out at a resolvable speed (above vres); if not, its velocities
 * cannot carry a bounce (the change would be lost below their last
 * digit) and an event now would come back for ever: it leaves when its
 * relative motion has taken it 1e-12 of outer further, which is never
 * for a pair that moves as one. */
double hsf_leave_time(const double dr[3], const double dv[3], double outer, double vres)
{
    double vv = hsf_dot(dv, dv);
    if (vv <= vres * vres)
        return INFINITY;            /* they move as one */
    double b = hsf_dot(dr, dv);
    double c = hsf_dot(dr, dr) - outer * outer;
    if (c >= 0 && b >= 0) {
        if (b > vres * sqrt(hsf_dot(dr, dr)))
            return 0;               /* on or past it, moving out */
        return outer * sqrt(2e-12 / vv);
    }
    if (c > 0)
        c = 0;
    double root = sqrt(b * b - vv * c);
    double t = b > 0 ? -c / (b + root) : (root - b) / vv;
    return t > 0 ? t : 0;
}

double hsf_shell_event_time(const double dr[3], const double dv[3], double inner, double outer,
                            double vres, double limit)
{
    /* Approaching at a speed below resolution is moving as one; touching
     * the inner boundary and closing slower than that, a graze (the
     * bounce would be lost below the velocities' last digit, and come
     * back for ever). */
    double t = INFINITY;
    if (hsf_dot(dv, dv) > vres * vres) {
        t = hsf_pair_time_before(dr, dv, inner, limit);
        if (t == 0 && -hsf_dot(dr, dv) <= vres * sqrt(hsf_dot(dr, dr)))
            t = INFINITY;
    }
    if (outer < INFINITY) {
        double out = hsf_leave_time(dr, dv, outer, vres);
        if (out < t && out < limit)
            t = out;
    }
    return t;
}

/* Turns a pair back in from an outer step or a bond's length it cannot
 * pass: the normal relative velocity vn reversed, but at least
 * GRAZE_GUARD of the relative speed inward.  A pair that meets its outer
 * boundary almost along it (a taut dumbbell spinning) would otherwise
 * bounce back and forth along ever shorter chords, a whispering gallery
 * of ~1/angle bounces per turn that stalls the run as the angle tends to
 * 0 (or, at exactly 0, repeats one event forever).  The tangential
 * relative velocity is scaled to keep the relative kinetic energy, and
 * the change is an impulse on both, so energy and momentum are conserved
 * exactly as in a plain bounce; only grazes steeper than the guard are
 * changed, by at most that angle. */
#define GRAZE_GUARD 1e-6

/* The reduced mass of a pair; a fixed particle has infinite mass, and the
 * other's is then the pair's. */
static double reduced_mass(double mi, double mj)
{
    if (__builtin_expect(isinf(mj), 0))
        return mi;
    if (__builtin_expect(isinf(mi), 0))
        return mj;
    return mi * mj / (mi + mj);
}

/* Turns the pair back in at an outer boundary: the relative velocity dv
 * changes by (c + c_lo) dr, c = -2 q for a plain bounce, plus
 * (scale - 1) dv under the graze guard; q + q_lo = (dv . dr) / (dr . dr),
 * vn = q d and d = |dr|. */
static HSF_FMA_CLONES void bounce_in(const double dr[3], double d, const double dv[3], double vn, double q,
                      double q_lo, double vi[3], double vj[3], double mi, double mj,
                      hsf_pair_effect *fx)
{
    double mu = reduced_mass(mi, mj), speed2 = hsf_dot(dv, dv), si, sj;
    double floor = GRAZE_GUARD * sqrt(speed2);
    hsf_pair_shares(mi, mj, &si, &sj);
    if (vn >= floor) {
        hsf_pair_kick_exact(dr, -2 * q, -2 * q_lo, si, sj, vi, vj);
        fx->impulse = -2 * mu * q * d;
        fx->virial = -2 * mu * q * d * d;
        return;
    }
    double tangential2 = speed2 - vn * vn;
    double scale = tangential2 > 0 ? sqrt((speed2 - floor * floor) / tangential2) : 1;
    double c = -floor / d - q * scale, change[3];       /* of the relative velocity */
    for (int a = 0; a < 3; a++)
        change[a] = c * dr[a] + (scale - 1) * dv[a];
    for (int a = 0; a < 3; a++) {
        vi[a] += si * change[a];
        vj[a] -= sj * change[a];
    }
    double along = hsf_dot(change, dr);     /* of the change, times d */
    fx->impulse = mu * along / d;
    fx->virial = mu * along;
}

double hsf_growing_pair_time(const double dr[3], const double dv[3], double contact,
                             double growth, double vres, double limit)
{
    /* |dr + dv t|^2 - (contact + growth t)^2 = A t^2 + 2 B t + C, whose
     * root where it falls through 0 is (-B - sqrt(B^2 - A C)) / A. */
    double A = hsf_dot(dv, dv) - growth * growth;
    double B = hsf_dot(dr, dv) - contact * growth;
    double C = hsf_dot(dr, dr) - contact * contact;
    if (C <= 0 && B < 0)
        return -B > vres * contact ? 0 : INFINITY;     /* touching and closing */
    double disc = B * B - A * C;
    if (disc < 0)
        return INFINITY;
    double root = sqrt(disc), t;
    if (B < 0)
        t = C / (root - B);         /* closing: the stable form */
    else if (A < 0)
        t = (B + root) / -A;        /* parting, but the growth catches up */
    else
        return INFINITY;            /* parting faster than they grow */
    return t < limit ? t : INFINITY;
}

HSF_FMA_CLONES void hsf_pair_event(const double dr[3], double vi[3], double vj[3], double mi, double mj,
                    double inner, double outer, double core_at, double growth, double e,
                    double enter_energy, double leave_energy, hsf_pair_effect *fx)
{
    *fx = (hsf_pair_effect){ .outcome = HSF_OUTCOME_NONE };
    /* The velocities change along dr itself, by c dr, not along a rounded
     * unit normal (shared/physics.h, hsf_pair_kick): q = (dv . dr) /
     * (dr . dr) is the normal relative velocity per unit of dr, and a plain
     * bounce is c = -2 q. */
    double dd = hsf_dot(dr, dr), d = sqrt(dd);
    double dv[3] = { vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2] };
    double q, q_lo;
    hsf_pair_rate(dr, dv, &q, &q_lo);
    double vn = q * d;                  /* < 0 approaching */
    double mu = reduced_mass(mi, mj);
    /* Which boundary: the nearer one (they are a finite distance apart). */
    int inward = !(outer < INFINITY) || fabs(d - inner) <= fabs(d - outer);
    double c, c_lo;                     /* the relative velocity changes by (c + c_lo) dr */
    if (inward) {
        if (vn >= growth)
            return;                     /* grazed it moving away (from the growing core) */
        if (inner == core_at) {
            /* Restitution relative to the core's surfaces, which part at
             * growth: vn - growth becomes -e (vn - growth), an impulse
             * mu (1 + e) (growth - vn).  What is lost and the work of the
             * growing surfaces (that impulse times their separation
             * speed) come from vn and growth, not from the velocities the
             * bounce leaves: the energy balance then checks the bounce. */
            fx->outcome = HSF_OUTCOME_CORE;
            c = (1 + e) * (growth / d - q);     /* -2 q when elastic, not growing */
            c_lo = -(1 + e) * q_lo;
            fx->dissipated = 0.5 * mu * (vn - growth) * (vn - growth) * (1 - e * e);
            fx->work = mu * (1 + e) * (growth - vn) * growth;
        } else {
            double left = vn * vn - 2 * enter_energy / mu;
            fx->outcome = left > 0 ? HSF_OUTCOME_ENTER : HSF_OUTCOME_BOUNCE;
            c = left > 0 ? -sqrt(left) / d - q : -2 * q;
            c_lo = left > 0 ? -q_lo : -2 * q_lo;
            fx->potential = left > 0 ? enter_energy : 0;
        }
    } else {
        /* Moving in, or along it from inside: a graze.  Along it on or
         * past it (a pair going round taut), it must be turned in. */
        if (vn < 0 || (vn == 0 && d < outer))
            return;
        double left = vn * vn - 2 * leave_energy / mu;  /* NaN-free: INFINITY gives -inf */
        fx->outcome = left > 0 ? HSF_OUTCOME_LEAVE : HSF_OUTCOME_BOUNCE;
        fx->potential = left > 0 ? leave_energy : 0;
        if (fx->outcome == HSF_OUTCOME_BOUNCE)
            return bounce_in(dr, d, dv, vn, q, q_lo, vi, vj, mi, mj, fx);
        c = sqrt(left) / d - q;
        c_lo = -q_lo;
    }
    double si, sj;
    hsf_pair_shares(mi, mj, &si, &sj);
    hsf_pair_kick_exact(dr, c, c_lo, si, sj, vi, vj);
    fx->impulse = mu * c * d;
    fx->virial = mu * c * dd;
}
