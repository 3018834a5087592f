/* The queue side of the event engine (private to libhsframe): scheduling a
 * particle's one event or a special event, taking the next one out, and
 * retiring a special event that will not come again.
 *
 * Each particle has exactly one scheduled event: the earliest of its
 * predicted pair collisions and wall hits.  With an indexed queue that
 * event is moved in place when the particle is predicted again; with push
 * and pop the old one stays queued and is dropped when it comes out
 * (its slot's seq no longer matches, state.h).  In a header, static: the loop
 * and the handlers take them in where the compiler finds it pays. */
#ifndef HSF_EVENT_SCHEDULE_H
#define HSF_EVENT_SCHEDULE_H

#include "event/read_ahead.h"
#include "event/state.h"
#include "host/error_private.h"
#include "model/model.h"

static inline int is_particle_event(uint32_t kind)
{
    return kind == HSF_EVENT_PAIR || kind == HSF_EVENT_WALL || kind == HSF_EVENT_CELL;
}
/* Schedules an event.  A particle has one event at a time: with an indexed
 * queue its key is moved, without one the old event stays queued and is
 * recognised as superseded when it comes out (the slot's seq).  face: for a
 * cell event, the face it leaves through (axis * 2 + (dir > 0)) or
 * HSF_FACE_WINDOW (state.h), kept in the event's stamp. */
static int push(hsf_event_engine *e, double time, uint32_t kind, uint32_t subject,
                uint32_t object, uint32_t face, hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint64_t seq = ++e->next_seq;
    int failed;
    if (e->indexed) {
        uint32_t key = subject;
        if (is_particle_event(kind)) {
            hsf_event_slot *sl = &e->slot[subject];
            sl->kind = (uint8_t)kind;
            sys->b[subject].event_object = object;
            sl->seq = seq;
            sl->face = face & 7;
        } else {
            key = hsf_special_key(sys, kind, object);
            e->special_seq[key - sys->n] = seq;     /* for a checkpoint */
        }
        failed = e->queue->index_set(e->queue_state, key, time, seq, err);
    } else {
        hsf_event ev = { .time = time, .seq = seq, .subject = subject,
                         .object = object, .kind = kind, .stamp = face };
        failed = e->queue->push(e->queue_state, &ev, err);
        if (is_particle_event(kind))
            e->slot[subject].seq = seq;
    }
    if (failed)
        return hsf_error_prefix(err, "queue %s: ", e->queue_instance.plugin.info->name);
    return 0;
}

/* Particle i will have no event: free flight forever. */
static inline void unschedule(hsf_event_engine *e, uint32_t i)
{
    if (e->indexed) {
        e->queue->index_remove(e->queue_state, i);
        e->slot[i].kind = 0;    /* no key held (hsf_queue_check) */
    } else {
        e->slot[i].seq = 0;
    }
}

/* The next event: popped, or with an indexed queue read in place (it is
 * moved or removed when it has been handled).  Returns 0 when none is left. */
static inline int next_event(hsf_event_engine *e, hsf_event *ev)
{
    hsf_system *sys = e->sys;
    if (!e->indexed)
        return e->queue->pop(e->queue_state, ev);
    uint32_t key;
    double time;
    if (!e->queue->index_first(e->queue_state, &key, &time))
        return 0;
    uint32_t n = (uint32_t)sys->n;
    if (e->fetch_ahead)
        fetch_ahead(e);
    if (key < n) {
        const hsf_event_slot *sl = &e->slot[key];
        *ev = (hsf_event){ .time = time, .seq = sl->seq, .subject = key,
                           .object = sys->b[key].event_object, .kind = sl->kind,
                           .stamp = sl->face };
    } else {
        *ev = (hsf_event){ .time = time };
        ev->kind = hsf_special_kind(sys, key, &ev->object);
    }
    return 1;
}

/* A special event of an indexed queue that will not come again. */
static inline void retire(hsf_event_engine *e, const hsf_event *ev)
{
    hsf_system *sys = e->sys;
    if (e->indexed)
        e->queue->index_remove(e->queue_state, hsf_special_key(sys, ev->kind, ev->object));
}


/* Queues the compression's rescale event at time t (the one queued
 * before is superseded: moved with an indexed queue, recognised by its
 * seq with push and pop). */
static inline int push_rescale(hsf_event_engine *e, double t, hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (push(e, t, HSF_EVENT_RESCALE, 0, 0, 0, err))
        return -1;
    sys->model->growth.rescale_seq = e->next_seq;
    return 0;
}

#endif
