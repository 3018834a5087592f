/* The event loop: the next event out of the queue, handled, until the
 * stop event (state.h, hsf_engine_run).
 *
 * Each particle has exactly one scheduled event: the earliest of its
 * predicted pair collisions and wall hits.  With an indexed queue that
 * event is moved in place when the particle is predicted again; with push
 * and pop the old one stays queued and is dropped when it comes out
 * (the seq in its slot, state.h, no longer matches).  Invalidation by partners is
 * lazy, as in the algs4 CollisionSystem but cheaper: an event is stale if
 * its partner's velocity changed since the prediction, which the engine
 * tells by sequence numbers: every prediction takes the next seq, and a
 * velocity change notes the last one given (the slot's changed_seq).  So a
 * prediction reads nothing of its candidates but their motion records (a
 * per-partner version stamp would cost a second cache miss for each
 * candidate of a large system).  A stale event whose subject is still scheduled by it is
 * re-predicted from the current time; this is exact because the subject's
 * own path did not change, and any earlier event with a particle whose path
 * did change was predicted by that particle when it changed.
 *
 * Particles keep their own clocks, so an event touches only its one or two
 * particles, and neighbour lists (neighbours.h) limit a prediction to the
 * particles nearby: no event costs O(N).  With [simulation] cells = no
 * there are no lists and every pair is checked, to validate them. */
#include <time.h>

#include "event/particle_events.h"
#include "event/queue_contents.h"
#include "event/schedule.h"
#include "event/specials.h"
#include "event/start.h"
#include "host/clock.h"
#include "host/error_private.h"
#include "shared/outputs.h"
#include "shared/progress.h"

/* Between events: a stop asked for by a signal or at stop_at (events) or
 * sys->stop_time, and checkpoints that are due.  Returns 0 to go on,
 * HSF_ENGINE_STOPPED or -1. */
static int between_events(hsf_system *sys, uint64_t stop_at, hsf_error *err)
{
    if ((sys->stop && *sys->stop) ||
        (sys->checkpoint && (sys->stats.events >= stop_at || sys->time >= sys->stop_time))) {
        if (!sys->checkpoint)
            return hsf_error_set(err, "interrupted at t = %.17g; no output was written",
                                 sys->time);
        return sys->checkpoint(sys, sys->checkpoint_ctx, 1, err) < 0 ? -1 : HSF_ENGINE_STOPPED;
    }
    /* The clock is read every 256 events: often enough when events are
     * slow (all pairs, 1 ms per 256 events), a fraction of a nanosecond
     * per event when they are fast. */
    if (sys->checkpoint && !(sys->stats.events & 0xff) &&
        hsf_seconds_now() >= sys->checkpoint_due) {
        int rc = sys->checkpoint(sys, sys->checkpoint_ctx, 0, err);
        return rc < 0 ? -1 : rc ? HSF_ENGINE_STOPPED : 0;
    }
    return 0;
}

static __attribute__((noinline, cold)) int out_of_order(const hsf_event_engine *e,
                                                        const hsf_event *ev, hsf_error *err)
{
    const hsf_system *sys = e->sys;
    return hsf_error_set(err, "queue %s gave an event for t = %.17g (seq %llu) after the time "
                         "had reached %.17g: events out of order",
                         e->queue_instance.plugin.info->name, ev->time, (unsigned long long)ev->seq,
                         sys->time);
}

int hsf_engine_run(hsf_event_engine *e, int resumed, hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (!resumed && hsf_event_schedule_start(e, err))
        return -1;
    sys->loop_began = hsf_seconds_now();
    const uint64_t stop_at = sys->stop_events ? sys->stats.events + sys->stop_events : UINT64_MAX;
    hsf_event ev;
    for (;;) {
        int between = between_events(sys, stop_at, err);
        if (between)
            return between;
        if (!next_event(e, &ev))
            break;
        if (__builtin_expect(ev.time < sys->time, 0))
            return out_of_order(e, &ev, err);
        sys->stats.events++;
        sys->time = ev.time;
        int rc = 0;
        switch (ev.kind) {
        case HSF_EVENT_PAIR:
        case HSF_EVENT_WALL:
        case HSF_EVENT_CELL:
            if (!e->indexed && e->slot[ev.subject].seq != ev.seq) {
                sys->stats.stale_events++;      /* superseded by a later prediction */
                continue;
            }
            rc = ev.kind == HSF_EVENT_PAIR   ? do_pair(e, &ev, err)
                 : ev.kind == HSF_EVENT_WALL ? do_wall(e, &ev, err)
                                             : do_cell(e, &ev, err);
            break;
        case HSF_EVENT_SAMPLE:
            rc = hsf_event_sample(e, ev.object, err);
            break;
        case HSF_EVENT_REVERSE:
            retire(e, &ev);
            rc = hsf_event_reverse(e, err);
            break;
        case HSF_EVENT_AUDIT:
            rc = hsf_event_audit(e, err);
            break;
        case HSF_EVENT_THERMOSTAT:
            rc = hsf_event_thermostat(e, err);
            break;
        case HSF_EVENT_RESCALE:
            rc = hsf_event_rescale(e, &ev, err);
            break;
        case HSF_EVENT_SLIDE:
            rc = hsf_event_slide(e, err);
            break;
        case HSF_EVENT_STOP:
            goto finished;
        }
        if (sys->progress && !(sys->stats.events & 0xffff))
            hsf_progress_tick(sys->progress, sys);
        if (rc)
            return -1;
    }
    return hsf_error_set(err, "queue %s lost events: it ran dry at t = %.17g, before the stop "
                         "event at t = %.17g", e->queue_instance.plugin.info->name, sys->time,
                         sys->end_time);
finished:
    sys->time = ev.time;    /* end_time, or earlier: a jammed packing */
    if (hsf_queue_check_final(e, err))
        return -1;
    return hsf_outputs_finish(sys, err);
}
