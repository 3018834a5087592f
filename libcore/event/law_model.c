/* The model layer's events (pair_law.h, model/model.h): a pair event
 * (a core collision, a step crossed or bounced at, a graze) and a wall
 * hit with the model's spin and growth, in the variants the run's motion
 * calls for (growing radii, moving walls), chosen once by
 * hsf_pair_law_model. */
#include <math.h>

#include "event/predict.h"
#include "model/model.h"
#include "shared/outputs.h"
#include "shared/physics.h"
#include "shared/wall_failure.h"

/* A pair event, both advanced to now: a core collision (counted as a
 * collision), a step crossed or bounced at, or a graze that changes
 * nothing (only i is predicted again; j's own event stands).  growing: a
 * core collision counts towards the compression's rescale. */
__attribute__((always_inline)) static inline int pair_event(hsf_event_engine *e, uint32_t i,
                                                            uint32_t j, hsf_error *err,
                                                            const int growing)
{
    hsf_system *sys = e->sys;
    hsf_event_info info;
    unsigned after;
    /* i's slot still holds the event: its face bits, the pair's shell if
     * the prediction told it (find_model). */
    int outcome = hsf_model_pair_event(sys, i, j, e->slot[i].face, &info, &after, err);
    if (outcome < 0)
        return -1;
    if (outcome == HSF_OUTCOME_NONE)
        return predict(e, i, NULL, err);
    /* A fixed partner is unchanged: the events others have with it stand. */
    e->slot[i].changed_seq = e->next_seq;
    if (!sys->fixed || !sys->fixed[j])
        e->slot[j].changed_seq = e->next_seq;
    if (outcome == HSF_OUTCOME_CORE) {
        sys->b[i].collisions++;
        sys->b[j].collisions++;
        sys->stats.collisions++;
    }
    sys->stats.virial += info.virial;
    /* After a step event the pair is on the step, where only the table
     * tells its side: the predictions are told it. */
    if (outcome != HSF_OUTCOME_CORE && after != HSF_SHELL_UNKNOWN) {
        e->met[0] = i;
        e->met[1] = j;
        e->met_shell = after;
    }
    int failed = predict(e, i, NULL, err) || predict(e, j, NULL, err);
    e->met[0] = e->met[1] = HSF_NONE;
    if (failed)
        return -1;
    hsf_growth *g = &sys->model->growth;
    if (growing && outcome == HSF_OUTCOME_CORE && ++g->since_rescale == g->rescale_every &&
        push_rescale(e, sys->time, err))
        return -1;
    return sys->event_mask & HSF_EVENT_MASK(info.kind) ? hsf_outputs_notify(sys, &info, err) : 0;
}

int hsf_execute_model(hsf_event_engine *e, uint32_t i, uint32_t j, double t, hsf_error *err)
{
    (void)t;
    return pair_event(e, i, j, err, 0);
}

static int pair_growing(hsf_event_engine *e, uint32_t i, uint32_t j, double t, hsf_error *err)
{
    (void)t;
    return pair_event(e, i, j, err, 1);
}

/* A growing particle leaves a wall faster than its surface grows: twice
 * the growth speed along the wall's inward normal, on top of the
 * reflection.  The work of the growth is that impulse, 2 m g, times the
 * speed at which the surface leaves the wall, vn + g (vn the reflected
 * normal speed), taken from the reflection and not from the push, so
 * that a push of any other size shows in the energy balance.  Returns the
 * extra impulse given to the wall. */
static inline double grow_off_wall(hsf_system *sys, uint32_t i, int wall)
{
    hsf_model *md = sys->model;
    hsf_motion *mi = &sys->m[i];
    double n[3], growth = md->radius[i] * md->growth.rate, mass = sys->b[i].mass;
    sys->boundary.type.boundary->normal(sys->boundary.state, wall, mi->r, n);
    double vn = hsf_dot(mi->v, n);
    for (int a = 0; a < sys->dim; a++)
        mi->v[a] += 2 * growth * n[a];
    md->growth.work += 2 * mass * growth * (vn + growth);
    return 2 * mass * growth;
}

/* A rough wall: the tangential impulse on top of the reflection, which
 * turns the particle (model/spin.h); what it takes is dissipated. */
static inline void rough_wall(hsf_system *sys, uint32_t i, int wall, double jn)
{
    double n[3];
    sys->boundary.type.boundary->normal(sys->boundary.state, wall, sys->m[i].r, n);
    sys->model->dissipated += hsf_spin_wall(sys, i, n, jn);
}

/* A hit on a wall that may move (boundary.h, wall_velocity): in the
 * wall's frame, the kinetic energy gained counted as the walls' work.
 * Returns collide's impulse. */
static double collide_moving(hsf_system *sys, uint32_t i, const hsf_event *ev)
{
    hsf_motion *mi = &sys->m[i];
    double u[3] = { 0, 0, 0 }, mass = sys->b[i].mass, k0 = hsf_dot(mi->v, mi->v);
    sys->boundary.type.boundary->wall_velocity(sys->boundary.state, (int)ev->object, ev->time,
                                               mi->r, u);
    for (int a = 0; a < 3; a++)
        mi->v[a] -= u[a];
    double impulse = sys->boundary.type.boundary->collide(sys->boundary.state, (int)ev->object,
                                                          mi->r, mi->v, mass);
    for (int a = 0; a < 3; a++)
        mi->v[a] += u[a];
    sys->walls.work += 0.5 * mass * (hsf_dot(mi->v, mi->v) - k0);
    return impulse;
}

/* A wall hit: the bounce (in the moving wall's frame), then, unless it
 * failed (the handler reports it, particle_events.h), the spin of a
 * rough wall and the push of a growing particle. */
__attribute__((always_inline)) static inline double wall_hit(hsf_event_engine *e, uint32_t i,
                                                             const hsf_event *ev,
                                                             const int moving,
                                                             const int growing)
{
    hsf_system *sys = e->sys;
    hsf_motion *mi = &sys->m[i];
    double impulse = moving ? collide_moving(sys, i, ev)
                            : sys->boundary.type.boundary->collide(sys->boundary.state,
                                                                   (int)ev->object, mi->r, mi->v,
                                                                   sys->b[i].mass);
    if (!hsf_wall_bounce_ok(sys, i, impulse))
        return impulse;
    if (sys->model->spin.wall_rough)
        rough_wall(sys, i, (int)ev->object, impulse);
    if (growing)
        impulse += grow_off_wall(sys, i, (int)ev->object);
    return impulse;
}

static double wall_still(hsf_event_engine *e, uint32_t i, const hsf_event *ev)
{
    return wall_hit(e, i, ev, 0, 0);
}

static double wall_still_growing(hsf_event_engine *e, uint32_t i, const hsf_event *ev)
{
    return wall_hit(e, i, ev, 0, 1);
}

static double wall_moving(hsf_event_engine *e, uint32_t i, const hsf_event *ev)
{
    return wall_hit(e, i, ev, 1, 0);
}

static double wall_moving_growing(hsf_event_engine *e, uint32_t i, const hsf_event *ev)
{
    return wall_hit(e, i, ev, 1, 1);
}

void hsf_pair_law_model(hsf_event_engine *e, hsf_pair_law *law)
{
    const hsf_system *sys = e->sys;
    int growing = (law->path_motion & HSF_PATH_GROWING) != 0;
    const hsf_model *md = sys->model;
    law->predict = md->batched && sys->search != HSF_SEARCH_ALL ? hsf_predict_model_batched
                                                                 : hsf_predict_model;
    /* A sheared box with cells: batched away from the gradient faces
     * (hsf_predict_model_sheared), unless bonds or fixed particles in a
     * field keep every search scalar (hsf_model.batched). */
    if (law->slide_axis >= 0 && sys->search == HSF_SEARCH_CELLS && !md->first &&
        !(sys->fixed && (law->path_motion & HSF_PATH_FIELD)))
        law->predict = hsf_predict_model_sheared;
    int cores = !law->path_motion && md->n_species <= 1 && !md->steps;
    law->slide_batched = law->predict == hsf_predict_model_sheared && cores;
    /* With neighbour lists: every list in batches through the nearest
     * sliding images when the pairs are cores on straight lines. */
    if (law->slide_axis >= 0 && sys->search == HSF_SEARCH_LISTS && !md->first && cores)
        law->predict = hsf_predict_model_sheared_lists;
    law->execute = growing ? pair_growing : hsf_execute_model;
    law->wall = law->walls_move ? (growing ? wall_moving_growing : wall_moving)
                                : (growing ? wall_still_growing : wall_still);
    /* Sheared elastic hard spheres: the hard sphere's path where no
     * sliding image is seen. */
    if (law->slide_axis >= 0)
        hsf_pair_law_sheared_hard(e, law);
}
