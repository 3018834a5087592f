/* The particles' events (private to libhsframe): a pair collision, a
 * wall hit, a cell or neighbourhood crossing, each followed by the
 * predictions it calls for; what a collision does is the engine's pair
 * law's (pair_law.h).  In a header, static inline: the loop (loop.c)
 * takes them in, as it did when they shared its file (a call for each
 * event cost 1 % of the instructions of the hard-sphere path; the law's
 * one call for each collision, after the checks, costs 0.03 %). */
#ifndef HSF_EVENT_PARTICLE_EVENTS_H
#define HSF_EVENT_PARTICLE_EVENTS_H

#include <math.h>
#include <string.h>

#include <hsframe/prefetch.h>

#include "event/predict.h"
#include "event/read_ahead.h"
#include "host/error_private.h"
#include "shared/outputs.h"
#include "shared/physics.h"
#include "shared/shear.h"
#include "shared/wall_failure.h"

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
    advance(sys, &sys->m[i], ev->time);
    advance(sys, &sys->m[j], ev->time);
    return e->law.execute(e, i, j, ev->time, err);
}

static inline int do_wall(hsf_event_engine *e, const hsf_event *ev, hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint32_t i = ev->subject;
    hsf_motion *mi = &sys->m[i];
    advance(sys, mi, ev->time);
    hsf_event_info info = { .kind = HSF_EVENT_WALL, .time = ev->time, .i = i, .j = ev->object };
    info.impulse = e->law.wall(e, i, ev);
    if (!hsf_wall_bounce_ok(sys, i, info.impulse))
        return hsf_wall_failure(sys, i, ev->object, ev->time, mi->r, mi->radius, mi->v,
                                info.impulse, err);
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
    /* A sheared box's search near the gradient faces ran out of sliding
     * images (HSF_FACE_WINDOW): a new one, nothing moved. */
    if (__builtin_expect(ev->stamp == HSF_FACE_WINDOW, 0))
        return predict(e, i, NULL, err);
    int axis = (int)ev->stamp / 2, dir = ev->stamp % 2 ? 1 : -1;
    advance(sys, &sys->m[i], ev->time);
    sys->stats.cell_crossings++;
    if (sys->search == HSF_SEARCH_LISTS) {
        /* A particle that strayed across a sheared box's gradient face
         * comes back as the image it is (shear.h) before it is wrapped. */
        if (__builtin_expect(e->law.slide_axis >= 0, 0)) {
            if (hsf_shear_come_back(sys, i))
                e->slot[i].changed_seq = e->next_seq;
            double ahead[3];
            hsf_shear_anchor_lead(sys, i, ahead);
            hsf_cells_reanchor_ahead(&sys->cells, sys->m, sys->b, i, ahead);
        } else {
            hsf_cells_reanchor(&sys->cells, sys->m, sys->b, i);
        }
        if (hsf_neighbours_renew(&sys->nb, &sys->cells, sys->m, sys->b, i, err))
            return -1;
    } else if (__builtin_expect(axis == e->law.slide_axis, 0) && leaves_box(sys, i, axis, dir)) {
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
