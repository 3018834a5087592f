/* Particles added or removed between two events (resize.h).  Outside the
 * event loop: it costs a start's work (grid, lists, every prediction). */
#include <stdlib.h>

#include "event/predict.h"
#include "event/queue_contents.h"
#include "event/resize.h"
#include "event/setup.h"
#include "host/error_private.h"

/* The events that are not a particle's, out of the queue, with their kind
 * and object (an indexed queue gives only the key, whose meaning moves
 * with n); the particles' events are dropped: all are predicted anew. */
static size_t keep_specials(hsf_event_engine *e, hsf_event *ev)
{
    hsf_system *sys = e->sys;
    size_t count = hsf_queue_drain(e, ev), kept = 0;
    for (size_t k = 0; k < count; k++) {
        if (e->indexed) {
            if (ev[k].subject < sys->n)
                continue;
            ev[k].kind = hsf_special_kind(sys, ev[k].subject, &ev[k].object);
        } else if (is_particle_event(ev[k].kind)) {
            continue;
        }
        ev[kept++] = ev[k];
    }
    return kept;
}

static int put_back(hsf_event_engine *e, const hsf_event *ev, size_t kept, hsf_error *err)
{
    hsf_system *sys = e->sys;
    for (size_t k = 0; k < kept; k++) {
        int failed;
        if (e->indexed) {
            uint32_t key = hsf_special_key(sys, ev[k].kind, ev[k].object);
            e->special_seq[key - sys->n] = ev[k].seq;
            failed = e->queue->index_set(e->queue_state, key, ev[k].time, ev[k].seq, err);
        } else {
            failed = e->queue->push(e->queue_state, &ev[k], err);
        }
        if (failed)
            return hsf_error_prefix(err, "queue %s: ", e->queue_instance.plugin.info->name);
    }
    return 0;
}

int hsf_event_change_particles(hsf_event_engine *e, const hsf_config *sim,
                               const hsf_particle_set *set, void (*apply)(void *ctx),
                               void *ctx, int restoring, hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (e->record)
        return hsf_error_set(err, "[queue] record is set: the recording's keys are the "
                             "particles the run started with");
    hsf_event *ev = malloc((hsf_queue_capacity(e) + 1) * sizeof *ev);
    if (!ev)
        return hsf_error_set(err, "out of memory for the queue's events");
    for (size_t i = 0; !restoring && i < sys->n; i++)
        advance(sys, &sys->m[i], sys->time);
    size_t kept = restoring ? (hsf_queue_drain(e, ev), 0) : keep_specials(e, ev);
    apply(ctx);
    int rc = hsf_event_reprepare(e, sim, set, err) || put_back(e, ev, kept, err);
    for (uint32_t i = 0; !rc && !restoring && i < sys->n; i++)
        rc = predict(e, i, NULL, err);
    free(ev);
    return rc ? -2 : 0;
}
