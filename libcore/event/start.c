/* The first events of a run (start.h). */
#include <math.h>

#include "event/predict.h"
#include "event/start.h"
#include "event/start_pass.h"
#include "host/error_private.h"
#include "model/model.h"
#include "shared/outputs.h"

/* Particle i's first event from the start pass's pick (start_pass.h):
 * what predict(e, i, NULL, err) would push, by predict's rules, or
 * predict itself for the picks the pass leaves to it. */
static int push_first(hsf_event_engine *e, uint32_t i, hsf_error *err)
{
    hsf_system *sys = e->sys;
    double found;
    uint32_t partner = hsf_start_pass_take(e->slot, i, &found);
    if (partner == HSF_START_REDO)
        return predict(e, i, NULL, err);
    hsf_start_limits l;
    hsf_start_limits_of(sys, e->keep_partner, i, &l);
    if (!(l.t_wall >= 0))
        return predict(e, i, NULL, err);      /* which says what is wrong */
    double best = l.limit;
    if (partner != HSF_NONE) {
        /* The pass had no limit: a collision after it is none, one
         * within HSF_START_CLOSE of it predict decides. */
        if (found < l.limit * (1 - HSF_START_CLOSE))
            best = found;
        else if (found > l.limit * (1 + HSF_START_CLOSE))
            partner = HSF_NONE;
        else
            return predict(e, i, NULL, err);
    }
    double now = sys->time;
    if (partner != HSF_NONE && best < l.t_cell)
        return push(e, now + best, HSF_EVENT_PAIR, i, partner, 0, err);
    if (l.t_wall <= l.t_cell && l.t_wall < INFINITY)
        return push(e, now + l.t_wall, HSF_EVENT_WALL, i, (uint32_t)l.wall, 0, err);
    if (l.t_cell < INFINITY)
        return push(e, now + l.t_cell, HSF_EVENT_CELL, i, partner,
                    (uint32_t)(l.axis * 2 + (l.dir > 0)), err);
    unschedule(e, i);
    return 0;
}

/* Every particle's first event, in the order of the particles (their
 * events' seqs are predict's): from one pass over the pairs where it
 * applies (start_pass.h), else by predict. */
static int predict_all_first(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    if (!e->start_pass || hsf_start_pass_run(sys, e->slot)) {
        for (uint32_t i = 0; i < sys->n; i++)
            if (predict(e, i, NULL, err))
                return -1;
        return 0;
    }
    for (uint32_t i = 0; i < sys->n; i++)
        if (push_first(e, i, err)) {
            hsf_start_pass_clear(e->slot, i + 1, sys->n);
            return -1;
        }
    return 0;
}

int hsf_event_schedule_start(hsf_event_engine *e, hsf_error *err)
{
    hsf_system *sys = e->sys;
    /* The stop event goes in first, so that at end_time it pops before
     * anything scheduled later for the same time. */
    if (push(e, sys->end_time, HSF_EVENT_STOP, 0, 0, 0, err))
        return -1;
    if (sys->reverse_at >= 0 && sys->reverse_at < sys->end_time &&
        push(e, sys->reverse_at, HSF_EVENT_REVERSE, 0, 0, 0, err))
        return -1;
    sys->audit_k = 1;
    if (sys->audit_every > 0 && sys->audit_every < sys->end_time &&
        push(e, sys->audit_every, HSF_EVENT_AUDIT, 0, 0, 0, err))
        return -1;
    if (hsf_outputs_begin(sys, err))
        return -1;
    for (size_t k = 0; k < sys->n_out; k++)
        if (sys->out[k].interval > 0 && push(e, 0, HSF_EVENT_SAMPLE, 0, (uint32_t)k, 0, err))
            return -1;
    if (predict_all_first(e, err))
        return -1;
    if (hsf_model_grows(sys)) {
        hsf_growth *g = &sys->model->growth;
        double first = (g->s_cap - g->s0) / g->rate;
        if (first < sys->end_time && push_rescale(e, first, err))
            return -1;
    }
    if (sys->thermostat.type.thermostat) {
        hsf_control c = { .sys = sys, .engine = e, .err = err };
        double first = sys->thermostat.type.thermostat->start(sys->thermostat.state, &c);
        if (c.failed || !(first >= 0))
            return c.failed ? -1 : hsf_error_set(err, "[thermostat] (%s): start gave its first "
                                                 "event at %g: expected a time >= 0, or "
                                                 "INFINITY", sys->thermostat.plugin.info->name,
                                                 first);
        if (first < sys->end_time && push(e, first, HSF_EVENT_THERMOSTAT, 0, 0, 0, err))
            return -1;
    }
    return 0;
}
