/* Taking the queue's events out and putting them back (queue_contents.h). */
#include <stdlib.h>

#include "host/error_private.h"
#include "event/queue_contents.h"

size_t hsf_queue_capacity(const hsf_event_engine *e)
{
    const hsf_system *sys = e->sys;
    return e->indexed ? sys->n + HSF_SPECIAL_KEYS(sys) : e->queue->size(e->queue_state);
}

size_t hsf_queue_drain(hsf_event_engine *e, hsf_event *ev)
{
    hsf_system *sys = e->sys;
    size_t count = 0, room = hsf_queue_capacity(e);
    if (!e->indexed) {
        while (count < room && e->queue->pop(e->queue_state, &ev[count]))
            count++;
        return count;
    }
    uint32_t key, n = (uint32_t)sys->n;
    double time;
    while (count < room && e->queue->index_first(e->queue_state, &key, &time)) {
        e->queue->index_remove(e->queue_state, key);
        ev[count++] = (hsf_event){ .time = time, .subject = key,
                                   .seq = key < n ? e->slot[key].seq
                                                  : e->special_seq[key - n] };
    }
    return count;
}

int hsf_queue_refill(hsf_event_engine *e, const hsf_event *ev, size_t count, hsf_error *err)
{
    for (size_t k = 0; k < count; k++) {
        int failed = e->indexed
                         ? e->queue->index_set(e->queue_state, ev[k].subject, ev[k].time,
                                               ev[k].seq, err)
                         : e->queue->push(e->queue_state, &ev[k], err);
        if (failed)
            return hsf_error_prefix(err, "queue %s: ", e->queue_instance.plugin.info->name);
    }
    return 0;
}

/* Events ev[from .. count - 1] (ev[from - 1] the one before them, if
 * from is 1) in (time, seq) order and none before now; marks in seen the
 * particles whose live event is among them. */
static int compare(hsf_event_engine *e, const hsf_event *ev, size_t count, uint8_t *seen,
                   size_t from, hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint32_t n = (uint32_t)sys->n;
    for (size_t k = from; k < count; k++) {
        if (ev[k].time < sys->time || (k && hsf_event_before(&ev[k], &ev[k - 1])))
            return hsf_error_set(err, "queue %s gave its events out of order: (t = %.17g, seq "
                                 "%llu) after (t = %.17g, seq %llu), at t = %.17g",
                                 e->queue_instance.plugin.info->name, ev[k].time,
                                 (unsigned long long)ev[k].seq, k ? ev[k - 1].time : sys->time,
                                 k ? (unsigned long long)ev[k - 1].seq : 0ULL, sys->time);
        uint32_t i = ev[k].subject;
        if (i < n && ev[k].seq == e->slot[i].seq)
            seen[i] = 1;
    }
    return 0;
}

/* Every particle with an event scheduled has it in the queue. */
static int compare_scheduled(const hsf_event_engine *e, const uint8_t *seen, hsf_error *err)
{
    const hsf_system *sys = e->sys;
    for (uint32_t i = 0; i < sys->n; i++) {
        const hsf_event_slot *sl = &e->slot[i];
        int scheduled = e->indexed ? sl->kind != 0 : sl->seq != 0;
        if (scheduled && !seen[i])
            return hsf_error_set(err, "queue %s lost an event: particle %lu has no "
                                 "event in it at t = %.17g (its last prediction, seq %llu, "
                                 "is gone)", e->queue_instance.plugin.info->name,
                                 (unsigned long)i + 1, sys->time,
                                 (unsigned long long)sl->seq);
    }
    return 0;
}

/* At the end nothing is put back, so the events are checked as they come
 * out, without room for them all: the run ends within the memory it ran
 * in. */
int hsf_queue_check_final(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    uint8_t *seen = calloc(sys->n + 1, 1);
    if (!seen)
        return hsf_error_set(err, "out of memory for the check of the queue");
    hsf_event ev[2];
    int rc = 0, k = 0;
    size_t count = 0;
    for (;;) {
        hsf_event *x = &ev[k];
        if (e->indexed) {
            uint32_t key;
            if (!e->queue->index_first(e->queue_state, &key, &x->time))
                break;
            e->queue->index_remove(e->queue_state, key);
            x->subject = key;
            x->seq = key < sys->n ? e->slot[key].seq : e->special_seq[key - sys->n];
        } else if (!e->queue->pop(e->queue_state, x)) {
            break;
        }
        /* compare() reads the pair (previous, this) as ev[0], ev[1]. */
        hsf_event pair[2] = { ev[1 - k], *x };
        if ((rc = compare(e, count ? pair : x, count ? 2 : 1, seen, count ? 1 : 0, err)))
            break;
        k = 1 - k;
        count++;
    }
    if (!rc)
        rc = compare_scheduled(e, seen, err);
    free(seen);
    return rc;
}

int hsf_queue_check(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    hsf_event *ev = malloc((hsf_queue_capacity(e) + 1) * sizeof *ev);
    uint8_t *seen = calloc(sys->n + 1, 1);
    if (!ev || !seen) {
        free(ev);
        free(seen);
        return hsf_error_set(err, "out of memory for the check of the queue");
    }
    size_t count = hsf_queue_drain(e, ev);
    int rc = compare(e, ev, count, seen, 0, err) || compare_scheduled(e, seen, err) ? -1 : 0;
    /* Put back even what failed the check: the run stops, but teardown
     * and a checkpoint's outputs still find a whole queue. */
    if (hsf_queue_refill(e, ev, count, rc ? NULL : err))
        rc = -1;
    free(ev);
    free(seen);
    return rc;
}
