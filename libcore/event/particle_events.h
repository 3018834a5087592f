/* The particles' events (private to libhsframe): a pair collision, a
 * wall hit, a cell or neighbourhood crossing, each followed by the
 * predictions it calls for.  In a header, static inline: the loop
 * (loop.c) takes them in, as it did when they shared its file (a call
 * for each collision cost 1 % of the instructions of the hard-sphere
 * path). */
#ifndef HSF_EVENT_PARTICLE_EVENTS_H
#define HSF_EVENT_PARTICLE_EVENTS_H

#include <math.h>
#include <string.h>

#include <hsframe/prefetch.h>

#include "event/predict.h"
#include "event/read_ahead.h"
#include "host/error_private.h"
#include "model/model.h"
#include "shared/outputs.h"
#include "shared/physics.h"
#include "shared/shear.h"
#include "shared/wall_failure.h"

/* A pair event under the model layer (model.h), both advanced to now: a
 * core collision (counted as a collision), a step crossed or bounced at,
 * or a graze that changes nothing (only i is predicted again; j's own
 * event stands). */
static __attribute__((noinline)) int do_model_pair(hsf_event_engine *e, uint32_t i, uint32_t j,
                                                   hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_event_info info;
    int outcome = hsf_model_pair_event(sys, i, j, &info, err);
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
    if (predict(e, i, NULL, err) || predict(e, j, NULL, err))
        return -1;
    hsf_growth *g = &sys->model->growth;
    if (outcome == HSF_OUTCOME_CORE && g->on && ++g->since_rescale == g->rescale_every &&
        push_rescale(e, sys->time, err))
        return -1;
    return sys->event_mask & HSF_EVENT_MASK(info.kind) ? hsf_outputs_notify(sys, &info, err) : 0;
}

__attribute__((always_inline)) static inline int do_pair(hsf_event_engine *e, const hsf_event *ev,
                                                       hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint32_t i = ev->subject, j = ev->object;
    /* Both neighbour lists and the partner's motion are needed soon: ask
     * for them now, so that their cache misses overlap. */
    if (sys->search == HSF_SEARCH_LISTS) {
        hsf_prefetch(hsf_nb_block(&sys->nb, i));
        hsf_prefetch(hsf_nb_block(&sys->nb, j));
        hsf_prefetch(hsf_nb_block(&sys->nb, i) + 64);
        hsf_prefetch(hsf_nb_block(&sys->nb, j) + 64);
    }
    hsf_prefetch(&sys->m[j]);
    if (e->slot[j].changed_seq >= ev->seq) {
        sys->stats.stale_events++;
        return predict(e, i, NULL, err);
    }
    if (sys->search == HSF_SEARCH_CELLS && e->fetch_blocks) {
        hsf_cells_block(&sys->cells, sys->b, i, 0, 0, fetch_members, sys);
        hsf_cells_block(&sys->cells, sys->b, j, 0, 0, fetch_members, sys);
    }
    hsf_motion *mi = &sys->m[i], *mj = &sys->m[j];
    advance(sys, mi, ev->time);
    advance(sys, mj, ev->time);
    if (__builtin_expect(sys->model != NULL, 0))
        return do_model_pair(e, i, j, err);
    double dr[3];
    hsf_separation(sys, mi->r, mj->r, dr);
    hsf_event_info info = { .kind = HSF_EVENT_PAIR, .time = ev->time, .i = i, .j = j };
    info.impulse = hsf_pair_collide(dr, mi->v, mj->v, sys->b[i].mass, sys->b[j].mass,
                                    &info.virial);
    e->slot[i].changed_seq = e->slot[j].changed_seq = e->next_seq;
    sys->b[i].collisions++;
    sys->b[j].collisions++;
    sys->stats.collisions++;
    sys->stats.virial += info.virial;
    /* j's candidates arrive while i is predicted. */
    if (sys->search == HSF_SEARCH_LISTS) {
        const uint32_t *list = hsf_nb_list(&sys->nb, j);
        for (uint32_t k = 0, count = *hsf_nb_count(&sys->nb, j); k < count; k++)
            hsf_prefetch(&sys->m[list[k]]);
    }
    if (predict(e, i, NULL, err) || predict(e, j, NULL, err))
        return -1;
    if (!(sys->event_mask & HSF_EVENT_MASK(HSF_EVENT_PAIR)))
        return 0;
    memcpy(info.dr, dr, sizeof dr);
    return hsf_outputs_notify(sys, &info, err);
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
static __attribute__((noinline)) double collide_moving(hsf_system *sys, uint32_t i,
                                                       const hsf_event *ev)
{
    hsf_motion *mi = &sys->m[i];
    double u[3] = { 0, 0, 0 }, mass = sys->b[i].mass, k0 = hsf_dot(mi->v, mi->v);
    sys->boundary.type.boundary->wall_velocity(sys->boundary.state, (int)ev->object, ev->time, mi->r, u);
    for (int a = 0; a < 3; a++)
        mi->v[a] -= u[a];
    double impulse = sys->boundary.type.boundary->collide(sys->boundary.state, (int)ev->object, mi->r, mi->v,
                                            mass);
    for (int a = 0; a < 3; a++)
        mi->v[a] += u[a];
    sys->walls.work += 0.5 * mass * (hsf_dot(mi->v, mi->v) - k0);
    return impulse;
}

static inline int do_wall(hsf_event_engine *e, const hsf_event *ev, hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint32_t i = ev->subject;
    hsf_motion *mi = &sys->m[i];
    advance(sys, mi, ev->time);
    hsf_event_info info = { .kind = HSF_EVENT_WALL, .time = ev->time, .i = i, .j = ev->object };
    /* Moving walls take the model path: the hard-sphere path tests no more
     * than it did (the model's test below is the same). */
    if (__builtin_expect(sys->model != NULL, 0) && sys->walls.on)
        info.impulse = collide_moving(sys, i, ev);
    else
        info.impulse = sys->boundary.type.boundary->collide(sys->boundary.state, (int)ev->object,
                                                            mi->r, mi->v, sys->b[i].mass);
    if (!isfinite(mi->v[0]) || !isfinite(mi->v[1]) || !isfinite(mi->v[2]) ||
        (sys->dim == 2 && mi->v[2] != 0) || !isfinite(info.impulse))
        return hsf_wall_failure(sys, i, ev->object, ev->time, mi->r, mi->radius, mi->v,
                                info.impulse, err);
    if (__builtin_expect(sys->model != NULL, 0)) {
        if (sys->model->spin.wall_rough)
            rough_wall(sys, i, (int)ev->object, info.impulse);
        if (sys->model->growth.on)
            info.impulse += grow_off_wall(sys, i, (int)ev->object);
    }
    e->slot[i].changed_seq = e->next_seq;
    sys->b[i].collisions++;
    sys->stats.wall_hits++;
    sys->stats.wall_impulse += info.impulse;
    if (predict(e, i, NULL, err))
        return -1;
    return sys->event_mask & HSF_EVENT_MASK(HSF_EVENT_WALL) ? hsf_outputs_notify(sys, &info, err) : 0;
}

/* Whether particle i's cell is on the box's face (axis, dir). */
static inline int leaves_box(const hsf_system *sys, uint32_t i, int axis, int dir)
{
    const hsf_cell_level *l = &sys->cells.level[sys->b[i].level];
    int32_t x[3];
    hsf_cell_coords(l, sys->b[i].cell, x);
    return dir > 0 ? x[axis] == (int32_t)l->n[axis] - 1 : x[axis] == 0;
}

/* The subject reached the edge of its neighbourhood: a new one around it.
 * Without lists, it reached the face of its cell, or without cells a
 * periodic face of the box, and comes back in on the other side. */
static inline int do_cell(hsf_event_engine *e, const hsf_event *ev, hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint32_t i = ev->subject;
    int axis = (int)ev->stamp / 2, dir = ev->stamp % 2 ? 1 : -1;
    advance(sys, &sys->m[i], ev->time);
    sys->stats.cell_crossings++;
    if (sys->search == HSF_SEARCH_LISTS) {
        /* A particle that strayed across a sheared box's gradient face
         * comes back as the image it is (shear.h) before it is wrapped. */
        if (__builtin_expect(sys->shear.on, 0) && hsf_shear_come_back(sys, i))
            e->slot[i].changed_seq = e->next_seq;
        hsf_cells_reanchor(&sys->cells, sys->m, sys->b, i);
        if (hsf_neighbours_renew(&sys->nb, &sys->cells, sys->m, sys->b, i, err))
            return -1;
    } else if (__builtin_expect(sys->shear.on, 0) && axis == sys->shear.gradient &&
               leaves_box(sys, i, axis, dir)) {
        hsf_shear_cross(sys, i, dir);
        e->slot[i].changed_seq = e->next_seq;  /* its velocity changed */
    } else if (sys->search == HSF_SEARCH_CELLS) {
        hsf_cells_cross(&sys->cells, sys->m, sys->b, i, axis, dir);
        uint32_t kept = ev->object;
        crossing cross = { .axis = axis, .dir = dir, .partner = kept,
                           .changed = e->keep_partner && kept != HSF_NONE &&
                                      e->slot[kept].changed_seq >= ev->seq };
        return predict(e, i, &cross, err);
    } else {
        sys->m[i].r[axis] = dir > 0 ? sys->lo[axis] : sys->hi[axis];
        sys->b[i].image[axis] += dir;
    }
    return predict(e, i, NULL, err);
}

#endif
