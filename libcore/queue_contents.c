/* Taking the queue's events out and putting them back (queue_contents.h). */
#include <stdlib.h>

#include "error_private.h"
#include "queue_contents.h"

size_t hsf_queue_capacity(const hsf_system *sys)
{
    return sys->indexed ? sys->n + HSF_SPECIAL_KEYS(sys) : sys->queue->size(sys->queue_state);
}

size_t hsf_queue_drain(hsf_system *sys, hsf_event *ev)
{
    size_t count = 0, room = hsf_queue_capacity(sys);
    if (!sys->indexed) {
        while (count < room && sys->queue->pop(sys->queue_state, &ev[count]))
            count++;
        return count;
    }
    uint32_t key, n = (uint32_t)sys->n;
    double time;
    while (count < room && sys->queue->index_first(sys->queue_state, &key, &time)) {
        sys->queue->index_remove(sys->queue_state, key);
        ev[count++] = (hsf_event){ .time = time, .subject = key,
                                   .seq = key < n ? sys->b[key].event_seq
                                                  : sys->special_seq[key - n] };
    }
    return count;
}

int hsf_queue_refill(hsf_system *sys, const hsf_event *ev, size_t count, hsf_error *err)
{
    for (size_t k = 0; k < count; k++) {
        int failed = sys->indexed
                         ? sys->queue->index_set(sys->queue_state, ev[k].subject, ev[k].time,
                                                 ev[k].seq, err)
                         : sys->queue->push(sys->queue_state, &ev[k], err);
        if (failed)
            return hsf_error_prefix(err, "queue %s: ", sys->queue_plugin.info->name);
    }
    return 0;
}

/* What the drained events say against what the engine scheduled. */
static int compare(hsf_system *sys, const hsf_event *ev, size_t count, uint8_t *seen,
                   hsf_error *err)
{
    const char *name = sys->queue_plugin.info->name;
    uint32_t n = (uint32_t)sys->n;
    for (size_t k = 0; k < count; k++) {
        if (ev[k].time < sys->time || (k && hsf_event_before(&ev[k], &ev[k - 1])))
            return hsf_error_set(err, "queue %s gave its events out of order: (t = %.17g, seq "
                                 "%llu) after (t = %.17g, seq %llu), at t = %.17g", name,
                                 ev[k].time, (unsigned long long)ev[k].seq,
                                 k ? ev[k - 1].time : sys->time,
                                 k ? (unsigned long long)ev[k - 1].seq : 0ULL, sys->time);
        uint32_t i = ev[k].subject;
        if (i < n && ev[k].seq == sys->b[i].event_seq)
            seen[i] = 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        const hsf_body *b = &sys->b[i];
        int scheduled = sys->indexed ? b->event_kind != 0 : b->event_seq != 0;
        if (scheduled && !seen[i])
            return hsf_error_set(err, "queue %s lost an event: particle %u (0-based) has no "
                                 "event in it at t = %.17g (its last prediction, seq %llu, "
                                 "is gone)", name, i, sys->time,
                                 (unsigned long long)b->event_seq);
    }
    return 0;
}

int hsf_queue_check(hsf_system *sys, hsf_error *err)
{
    hsf_event *ev = malloc((hsf_queue_capacity(sys) + 1) * sizeof *ev);
    uint8_t *seen = calloc(sys->n + 1, 1);
    if (!ev || !seen) {
        free(ev);
        free(seen);
        return hsf_error_set(err, "out of memory for the check of the queue");
    }
    size_t count = hsf_queue_drain(sys, ev);
    int rc = compare(sys, ev, count, seen, err);
    /* Put back even what failed the check: the run stops, but teardown
     * and a checkpoint's outputs still find a whole queue. */
    if (hsf_queue_refill(sys, ev, count, rc ? NULL : err))
        rc = -1;
    free(ev);
    free(seen);
    return rc;
}
