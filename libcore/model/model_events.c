/* The events of the model layer (model.h): the search for a particle's
 * next pair event, the pair event itself, and the audit. */
#include <math.h>
#include <string.h>

#include "shared/physics.h"
#include "shared/shear.h"
#include "shared/shear_scan.h"
#include "shared/system_private.h"
#include "host/error_private.h"
#include "model/model.h"

/* What a search keeps: the earliest event found so far. */
typedef struct model_search {
    const hsf_system *sys;
    const hsf_model *md;
    uint32_t i;
    double ri[3], vi[3];
    double now;
    double best;
    uint32_t partner;
} model_search;

/* The separation and relative velocity of i and j now (in a field both
 * fall alike: their relative motion is a straight line), j seen through
 * shift, moving vshift faster (the image the grid or the list offers;
 * NULL: the nearest), and the smallest relative speed their velocities
 * resolve. */
static double relative(const model_search *s, uint32_t j, const double *shift,
                       const double *vshift, double dr[3], double dv[3])
{
    double rj[3], vj[3], image_v[3] = { 0, 0, 0 };
    hsf_motion_at(s->sys, &s->sys->m[j], s->now, rj, vj);
    if (shift)
        for (int a = 0; a < 3; a++)
            dr[a] = s->ri[a] - (rj[a] + shift[a]);
    else if (s->sys->shear.on)
        hsf_shear_separation(s->sys, s->now, s->ri, rj, dr, image_v);
    else
        hsf_separation(s->sys, s->ri, rj, dr);
    if (vshift)
        memcpy(image_v, vshift, sizeof image_v);
    if (s->sys->shear.on)
        for (int a = 0; a < 3; a++)
            vj[a] += image_v[a];
    for (int a = 0; a < 3; a++)
        dv[a] = s->vi[a] - vj[a];
    return hsf_speed_resolution(s->vi, vj);
}

/* In a field a fixed partner does not fall: i's path relative to it is a
 * parabola, whose meetings with the core (from outside) and the outer
 * step (from inside) are those of a particle with a sphere at rest. */
static double fixed_partner_time(const model_search *s, const double dr[3], double inner,
                                 double outer)
{
    /* Out of reach before the best event so far: the gap to the core
     * cannot close faster than the speed and the field allow. */
    double d = sqrt(hsf_dot(dr, dr)), T = s->best;
    double reach = sqrt(hsf_dot(s->vi, s->vi)) * T + 0.5 * sqrt(hsf_dot(s->sys->gravity,
                                                                         s->sys->gravity)) * T * T;
    if (outer == INFINITY && d - inner > reach * (1 + 1e-12) + 1e-300)
        return INFINITY;
    hsf_path path = { .motion = HSF_PATH_FIELD, .time = s->now };
    double centre[3];
    for (int a = 0; a < 3; a++) {
        path.r[a] = s->ri[a];
        path.v[a] = s->vi[a];
        path.a[a] = s->sys->gravity[a];
        centre[a] = s->ri[a] - dr[a];
    }
    double t = hsf_path_sphere_time(&path, centre, inner, 0);
    if (outer < INFINITY) {
        double out = hsf_path_sphere_time(&path, centre, outer, 1);
        t = out < t ? out : t;
    }
    return t < s->best ? t : INFINITY;
}

static void consider(model_search *s, uint32_t j, const double *shift, const double *vshift)
{
    const hsf_model *md = s->md;
    if (md->first && hsf_model_bond(md, s->i, j) > 0)
        return;                     /* bonded: its own rule, below */
    double dr[3], dv[3], inner, outer;
    double vres = relative(s, j, shift, vshift, dr, dv);
    const hsf_rule *r = hsf_model_rule(md, s->sys->species, s->i, j);
    double sigma = md->radius[s->i] + md->radius[j], t;
    if (md->growth.on) {        /* compression: cores only (hsf_growth_setup) */
        t = hsf_growing_pair_time(dr, dv, r->core * sigma * hsf_growth_scale(&md->growth, s->now),
                                  r->core * sigma * md->growth.rate, vres, s->best);
    } else {
        /* A pair beyond the outermost step is in none: most candidates,
         * whose shell need not be looked up.  (A pair held in a step is
         * never outside it but by round-off.) */
        unsigned shell = 0;
        if (r->steps) {
            double reach = r->step_at[0] * sigma * md->growth.s0 * (1 + 1e-9);
            if (hsf_dot(dr, dr) <= reach * reach)
                shell = hsf_pair_state_get(&md->shells, s->i, j);
        }
        hsf_rule_bounds(r, sigma * md->growth.s0, shell, &inner, &outer);
        if (__builtin_expect(s->sys->fixed != NULL, 0) && s->sys->has_field && s->sys->fixed[j])
            t = fixed_partner_time(s, dr, inner, outer);
        else
            t = hsf_shell_event_time(dr, dv, inner, outer, vres, s->best);
    }
    if (t < s->best) {
        s->best = t;
        s->partner = j;
    }
}

static void consider_offered(void *ctx, uint32_t j, const double shift[3],
                             const double corner[3], const float *offset)
{
    (void)corner, (void)offset;
    consider(ctx, j, shift, NULL);
}

static void consider_sliding(void *ctx, uint32_t j, const double shift[3],
                             const double vshift[3])
{
    consider(ctx, j, shift, vshift);
}

void hsf_model_search(const hsf_system *sys, uint32_t i, const double ri[3],
                      const double vi[3], double now, double *best, uint32_t *partner)
{
    const hsf_model *md = sys->model;
    model_search s = { .sys = sys, .md = md, .i = i, .now = now, .best = *best,
                       .partner = *partner };
    memcpy(s.ri, ri, sizeof s.ri);
    memcpy(s.vi, vi, sizeof s.vi);
    /* Each candidate is seen through the image its list or cell offers, as
     * on the hard-sphere path (with the reach for the radius: a pair
     * interacts through one image only, cells.c keeps the box above twice
     * the reach); without cells, through the nearest. */
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, i);
        const uint8_t *image = hsf_nb_images(&sys->nb, i);
        /* In a sheared box the image a list names along the flow slides:
         * the nearest one, moving as it does. */
        for (uint32_t k = 0, count = *hsf_nb_count(&sys->nb, i); k < count; k++)
            consider(&s, list[k], sys->shear.on ? NULL : sys->shift[image[k]], NULL);
    } else if (sys->shear.on && hsf_shear_near_faces(sys, i)) {
        /* Through the images as they slide in the period from now (the
         * search runs out then: HSF_FACE_WINDOW); away from the gradient
         * faces no image slides past. */
        hsf_shear_scan(sys, i, now, sys->shear.slide, consider_sliding, &s);
    } else if (sys->search == HSF_SEARCH_CELLS) {
        hsf_cells_scan(&sys->cells, sys->m, sys->b, i, consider_offered, &s);
    } else {
        for (uint32_t j = 0; j < sys->n; j++)
            if (j != i)
                consider(&s, j, NULL, NULL);
    }
    for (uint32_t k = md->first ? md->first[i] : 0; md->first && k < md->first[i + 1]; k++) {
        uint32_t j = md->partner[k];
        double dr[3], dv[3];
        double vres = relative(&s, j, NULL, NULL, dr, dv);
        double t = hsf_shell_event_time(dr, dv, hsf_model_contact(sys, i, j), md->length[k],
                                        vres, s.best);
        if (t < s.best) {
            s.best = t;
            s.partner = j;
        }
    }
    *best = s.best;
    *partner = s.partner;
}

/* The coefficient of restitution of a core collision of i and j now:
 * the rule's, or 1 within the rule's elastic_within of either particle's
 * last core collision (the TC model). */
static double restitution(const hsf_system *sys, const hsf_rule *r, uint32_t i, uint32_t j)
{
    const hsf_model *md = sys->model;
    if (r->elastic_within > 0 && (sys->time - md->last_core[i] < r->elastic_within ||
                                  sys->time - md->last_core[j] < r->elastic_within))
        return 1;
    return r->restitution;
}

int hsf_model_pair_event(hsf_system *sys, uint32_t i, uint32_t j, unsigned told,
                         hsf_event_info *info, unsigned *after, hsf_error *err)
{
    hsf_model *md = sys->model;
    hsf_motion *mi = &sys->m[i], *mj = &sys->m[j];
    double dr[3], image_v[3] = { 0, 0, 0 };
    if (sys->shear.on)
        hsf_shear_separation(sys, sys->time, mi->r, mj->r, dr, image_v);
    else
        hsf_separation(sys, mi->r, mj->r, dr);
    const hsf_rule *r = hsf_model_rule(md, sys->species, i, j);
    const hsf_growth *g = &md->growth;
    double base = md->radius[i] + md->radius[j], sigma = base * hsf_growth_scale(g, sys->time);
    double core_at = r->core * sigma, growth = g->on ? r->core * base * g->rate : 0;
    double e = restitution(sys, r, i, j);
    double bond = md->first ? hsf_model_bond(md, i, j) : 0;
    unsigned shell = 0;
    *after = HSF_SHELL_UNKNOWN;
    double inner = core_at, outer = bond, enter = 0, leave = INFINITY;
    if (!(bond > 0)) {
        /* The table is larger than the caches: a miss at each event
         * that the prediction's word saves.  Audited runs hold the word
         * against the table. */
        shell = told ? told - 1 : r->steps ? hsf_pair_state_get(&md->shells, i, j) : 0;
        if (told && sys->audit_every > 0 && shell != hsf_pair_state_get(&md->shells, i, j))
            return hsf_error_set(err, "audit at t = %.17g: the prediction of pair %u-%u took "
                                 "it in shell %u, the table holds %u", sys->time, i, j, shell,
                                 hsf_pair_state_get(&md->shells, i, j));
        hsf_rule_bounds(r, sigma, shell, &inner, &outer);
        if (shell < r->steps)
            enter = r->energy[shell + 1] - r->energy[shell];
        if (shell > 0)
            leave = r->energy[shell - 1] - r->energy[shell];
    }
    /* Through a sliding image, j moves image_v faster: the rule sees
     * that velocity, and j keeps the change. */
    double vj_before[3];
    memcpy(vj_before, mj->v, sizeof vj_before);
    if (sys->shear.on)
        for (int a = 0; a < 3; a++)
            mj->v[a] += image_v[a];
    hsf_pair_effect fx;
    hsf_pair_event(dr, mi->v, mj->v, sys->b[i].mass, hsf_collision_mass(sys, j), inner, outer,
                   core_at, growth, e, enter, leave, &fx);
    /* A collision the TC guard makes elastic loses nothing: no torque. */
    if (r->rough && fx.outcome == HSF_OUTCOME_CORE && !(bond > 0) && !(e == 1 && r->restitution < 1))
        fx.dissipated += hsf_spin_pair(sys, r, i, j, dr, fabs(fx.impulse));
    if (sys->shear.on) {
        /* j's image took the impulse: j's own kinetic energy changes by
         * m_j image_v . dv_j less than its image's, which the sliding
         * images supply (shear.work). */
        double dvj_image = 0;
        for (int a = 0; a < 3; a++) {
            mj->v[a] -= image_v[a];
            dvj_image += image_v[a] * (mj->v[a] - vj_before[a]);
        }
        sys->shear.work -= sys->b[j].mass * dvj_image;
    }
    if (fx.outcome == HSF_OUTCOME_NONE)
        return HSF_OUTCOME_NONE;
    if (!(bond > 0))
        *after = shell;
    if (fx.outcome == HSF_OUTCOME_ENTER || fx.outcome == HSF_OUTCOME_LEAVE) {
        unsigned next = fx.outcome == HSF_OUTCOME_ENTER ? shell + 1 : shell - 1;
        if (hsf_pair_state_set(&md->shells, i, j, next, err))
            return -1;
        sys->potential += fx.potential;
        *after = next;
    } else if (told) {
        hsf_pair_state_known(&md->shells, i, j, shell);
    }
    if (fx.outcome == HSF_OUTCOME_CORE) {
        md->core_collisions++;
        md->dissipated += fx.dissipated;
        md->growth.work += fx.work;
        if (md->last_core)
            md->last_core[i] = md->last_core[j] = sys->time;
    } else {
        md->step_events++;
    }
    *info = (hsf_event_info){ .kind = fx.outcome == HSF_OUTCOME_CORE ? HSF_EVENT_PAIR
                                                                     : HSF_EVENT_STEP,
                              .time = sys->time, .i = i, .j = j, .impulse = fabs(fx.impulse),
                              .virial = fx.virial, .dr = { dr[0], dr[1], dr[2] } };
    return fx.outcome;
}

/* ---- the audit ---- */

typedef struct audit_scan {
    const hsf_system *sys;
    uint32_t i;
    double ri[3];
    double offset;      /* a sheared box's images' offset now (hsf_shear_offset) */
    double worst;
    uint32_t wi, wj;
} audit_scan;

static void note(audit_scan *s, double excess, uint32_t j)
{
    if (excess > s->worst) {
        s->worst = excess;
        s->wi = s->i < j ? s->i : j;
        s->wj = s->i < j ? j : s->i;
    }
}

static void audit_pair(void *ctx, uint32_t j, const double shift[3], const double corner[3],
                       const float *offset)
{
    (void)shift, (void)corner, (void)offset;
    audit_scan *s = ctx;
    const hsf_system *sys = s->sys;
    const hsf_model *md = sys->model;
    if ((md->first && hsf_model_bond(md, s->i, j) > 0) || hsf_both_fixed(sys, s->i, j))
        return;
    double rj[3], dr[3], inner, outer;
    hsf_motion_at(sys, &sys->m[j], sys->time, rj, NULL);
    if (sys->shear.on) {
        double image_v[3];
        hsf_shear_separation_at(sys, s->offset, s->ri, rj, dr, image_v);
    } else {
        hsf_system_separation(sys, s->ri, rj, dr);
    }
    double d = sqrt(hsf_dot(dr, dr));
    const hsf_rule *r = hsf_model_rule(md, sys->species, s->i, j);
    unsigned shell = r->steps ? hsf_pair_state_get(&md->shells, s->i, j) : 0;
    hsf_rule_bounds(r, (md->radius[s->i] + md->radius[j]) *
                           hsf_growth_scale(&md->growth, sys->time), shell, &inner, &outer);
    note(s, (inner - d) / inner, j);
    if (outer < INFINITY)
        note(s, (d - outer) / outer, j);
}

static void audit_pair_sliding(void *ctx, uint32_t j, const double shift[3],
                               const double vshift[3])
{
    (void)vshift;
    audit_pair(ctx, j, shift, NULL, NULL);
}

void hsf_model_audit(const hsf_system *sys, double *worst, uint32_t *wi, uint32_t *wj)
{
    const hsf_model *md = sys->model;
    audit_scan s = { .sys = sys, .worst = 0, .wi = HSF_NONE, .wj = HSF_NONE,
                     .offset = sys->shear.on ? hsf_shear_offset(sys, sys->time) : 0 };
    for (uint32_t i = 0; i < sys->n; i++) {
        s.i = i;
        hsf_motion_at(sys, &sys->m[i], sys->time, s.ri, NULL);
        if (sys->shear.on)
            hsf_shear_scan_as(sys, i, sys->time, 0, audit_pair_sliding, NULL, &s);
        else
            hsf_cells_scan(&sys->cells, sys->m, sys->b, i, audit_pair, &s);
        for (uint32_t k = md->first ? md->first[i] : 0; md->first && k < md->first[i + 1];
             k++) {
            uint32_t j = md->partner[k];
            double rj[3], dr[3];
            hsf_motion_at(sys, &sys->m[j], sys->time, rj, NULL);
            hsf_system_separation(sys, s.ri, rj, dr);
            double d = sqrt(hsf_dot(dr, dr)), contact = hsf_model_contact(sys, i, j);
            note(&s, (contact - d) / contact, j);
            note(&s, (d - md->length[k]) / md->length[k], j);
        }
    }
    *worst = s.worst;
    *wi = s.wi;
    *wj = s.wj;
}

/* ---- the pairs' energy ---- */

typedef struct energy_sum {
    const hsf_system *sys;
    double u;
} energy_sum;

static void add_shell_energy(void *ctx, uint32_t i, uint32_t j, unsigned shell)
{
    energy_sum *s = ctx;
    s->u += hsf_model_rule(s->sys->model, s->sys->species, i, j)->energy[shell];
}

double hsf_model_pair_energy(const hsf_system *sys)
{
    energy_sum s = { .sys = sys, .u = 0 };
    hsf_pair_state_each(&sys->model->shells, add_shell_energy, &s);
    return s.u;
}
