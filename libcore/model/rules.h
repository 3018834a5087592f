/* Pair rules as the engine applies them (private to libhsframe): when a
 * pair under a stepped potential or a bond has its next event, and what
 * the event does.  Pure functions on 3-vectors, like physics.h. */
#ifndef HSF_RULES_H
#define HSF_RULES_H

#include <math.h>
#include <stdint.h>

#include <hsframe/interaction.h>

/* An interaction plugin's hsf_pair_rule, checked and with the energy of
 * each shell: shell s is inside steps 0 .. s-1 and outside the others
 * (shell 0: outside every step; shell steps: between the innermost step
 * and the core). */
typedef struct hsf_rule {
    double core;                        /* multiple of r_i + r_j */
    double restitution;                 /* at the core */
    double elastic_within;              /* TC model; 0 when restitution is 1 */
    unsigned steps;
    double step_at[HSF_MAX_STEPS];      /* multiples of r_i + r_j, decreasing */
    double energy[HSF_MAX_STEPS + 1];   /* potential energy in shell s; energy[0] = 0 */
    double reach;                       /* outermost distance that matters, as a multiple */
    double tangential;                  /* beta (interaction.h); -1 when smooth */
    double friction;                    /* mu; INFINITY: no limit */
    int rough;                          /* core collisions turn the particles */
} hsf_rule;

/* Checks r (what a plugin answered) and compiles it into *out.  Returns
 * NULL, or what is wrong with it (a static string). */
const char *hsf_rule_compile(const hsf_pair_rule *r, hsf_rule *out);

/* 1 when the rule is that of elastic hard spheres of additive diameters. */
int hsf_rule_is_hard_sphere(const hsf_rule *r);

/* The distances that bound shell s of a pair of contact distance sigma
 * (r_i + r_j): inside, the next step in or the core; outside, the step
 * it is inside of (INFINITY for shell 0). */
void hsf_rule_bounds(const hsf_rule *r, double sigma, unsigned s, double *inner,
                     double *outer);

/* The shell of a pair at distance d (as the host starts a run):
 * how many steps it is inside of. */
unsigned hsf_rule_shell(const hsf_rule *r, double sigma, double d);

/* Time from now until a pair at separation dr with relative velocity dv
 * reaches distance outer from inside, moving outward; 0 if it is past it
 * (by round-off) and moving out; INFINITY when they move as one.  vres is
 * the smallest relative speed the pair's velocities resolve
 * (hsf_speed_resolution): slower relative motion cannot carry an event. */
double hsf_leave_time(const double dr[3], const double dv[3], double outer, double vres);

/* Time until the next event of a pair between distances inner (a step or
 * the core, approached from outside) and outer (left from inside;
 * INFINITY for none), if before limit; INFINITY otherwise.  vres as
 * above. */
double hsf_shell_event_time(const double dr[3], const double dv[3], double inner, double outer,
                            double vres, double limit);

/* The smallest relative speed that velocities vi and vj resolve: a few
 * hundred units in the last place of the larger component. */
static inline double hsf_speed_resolution(const double vi[3], const double vj[3])
{
    double m = 0;
    for (int a = 0; a < 3; a++) {
        double x = fabs(vi[a]), y = fabs(vj[a]);
        m = x > m ? x : m;
        m = y > m ? y : m;
    }
    return 256 * 2.220446049250313e-16 * m;
}

/* For growing particles: time until a pair at separation dr with
 * relative velocity dv touches, its contact distance contact now and
 * growing at growth per unit time, if before limit; INFINITY otherwise.
 * The first root of |dr + dv t| = contact + growth t at which the gap
 * closes; 0 for a pair touching and closing (faster than vres). */
double hsf_growing_pair_time(const double dr[3], const double dv[3], double contact,
                             double growth, double vres, double limit);

/* What happened at a pair event. */
typedef enum hsf_pair_outcome {
    HSF_OUTCOME_NONE = 0,       /* a graze: nothing to do */
    HSF_OUTCOME_CORE,           /* the cores collided */
    HSF_OUTCOME_ENTER,          /* passed a step inward */
    HSF_OUTCOME_LEAVE,          /* passed a step outward */
    HSF_OUTCOME_BOUNCE          /* bounced at a step (or a bond's length) */
} hsf_pair_outcome;

/* A pair event's effect. */
typedef struct hsf_pair_effect {
    hsf_pair_outcome outcome;
    double impulse;         /* along r_i - r_j onto i (negative: pulled together) */
    double virial;          /* impulse * distance */
    double potential;       /* change of the pair's potential energy */
    double dissipated;      /* kinetic energy lost (inelastic core collisions) */
    double work;            /* of growing cores: impulse times growth (0 without) */
} hsf_pair_effect;

/* Resolves the event of a pair at separation dr (r_i - r_j, at the
 * event) between inner and outer, with velocities vi and vj and masses mi
 * and mj (INFINITY for a fixed particle, whose velocity then stays), which
 * the event changes.  At inner == core_at, a core collision
 * with restitution e, the core's contact distance growing at growth per
 * unit time (0 but in compression: the pair must then part faster than
 * that, and fx->work is the work the growing surfaces do); fx->dissipated
 * and fx->work come from the velocities before, not from the bounce; at
 * another step, the energy
 * change entering (inward: enter_energy) or leaving (outward:
 * leave_energy; INFINITY for a bond's length, which is never passed)
 * decides between passing and bouncing.  Fills *fx. */
void hsf_pair_event(const double dr[3], double vi[3], double vj[3], double mi, double mj,
                    double inner, double outer, double core_at, double growth, double e,
                    double enter_energy, double leave_energy, hsf_pair_effect *fx);

#endif
