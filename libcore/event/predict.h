/* Predicting a particle's next event (private to libhsframe): the pair
 * law's search (predict.c, predict_model.c) finds it from the system
 * alone; schedule (schedule.h) queues it.  predict, both at once, is
 * what the handlers call. */
#ifndef HSF_EVENT_PREDICT_H
#define HSF_EVENT_PREDICT_H

#include <hsframe/prefetch.h>

#include "event/schedule.h"
#include "event/state.h"

/* Particle i's next event, predicted from the current time: the
 * earliest of its pair collisions with its neighbours, its wall hit and
 * its leaving its neighbourhood (or cell).
 *
 * With cells on a plain grid (e->keep_partner) the earliest collision
 * after the cell exit is kept too, as the partner of the cell event: when
 * the particle crosses (cross, not NULL), the cells it had around it still
 * hold no earlier collision than with that partner, so only the layer of
 * cells new to it and the partner are searched (3 cells of 9 in 2D, 9 of 27
 * in 3D).  This is correct while the partner's velocity is unchanged since
 * the prediction that kept it (the crossing's caller tells, from the
 * engine's slots: cross->changed); otherwise every cell is searched. */
typedef struct crossing {
    int axis, dir;          /* the face crossed */
    uint32_t partner;       /* the kept partner, HSF_NONE if none */
    int changed;            /* the kept partner's velocity changed since the prediction */
} crossing;

/* What a prediction found: the particle's next event, at time, of kind
 * (0: none, free flight forever), with object (partner, wall or kept
 * partner) and, for a cell event, the face it leaves through (for a
 * collision, 1 + the pair's shell if the search told it, else 0). */
typedef struct prediction {
    double time;
    uint32_t kind, object, face;
} prediction;

/* Particle i's next event is predicted by the engine's pair law
 * (pair_law.h: hsf_predict_hard, hsf_predict_model, each built for AVX2
 * as well, HSF_AVX2_CLONES, shared/clones.h).  They return 0, or -1 with
 * err set (a boundary's answer that no time can be). */

/* Schedules what a prediction found for particle i.  Without reading
 * ahead, a partner's body is a cache miss when the event is checked;
 * asked for now, it is still in a cache of a system that fits in them. */
static inline int schedule(hsf_event_engine *e, uint32_t i, const prediction *p,
                           hsf_error *err)
{
    if (!p->kind) {
        unschedule(e, i);
        return 0;
    }
    if (p->kind == HSF_EVENT_PAIR && !e->fetch_ahead)
        hsf_prefetch(&e->slot[p->object].changed_seq);
    return push(e, p->time, p->kind, i, p->object, p->face, err);
}

/* Schedules particle i's next event, predicted from the current time
 * by the engine's pair law. */
static inline int predict(hsf_event_engine *e, uint32_t i, const crossing *cross,
                          hsf_error *err)
{
    prediction p;
    if (e->law.predict(e, i, cross, &p, err))
        return -1;
    return schedule(e, i, &p, err);
}

/* Moves a particle along its path to time t (hsf_motion_at: a straight
 * line, or in a field a parabola, whose velocity changes too). */
static inline void advance(const hsf_system *sys, hsf_motion *m, double t)
{
    hsf_motion_at(sys, m, t, m->r, m->v);
    m->t = t;
}

#endif
