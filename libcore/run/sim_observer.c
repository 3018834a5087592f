/* Observers of a run driven through hsf_sim (sim.h): each is an output
 * slot after those of the configuration, so that the engines sample it
 * as they sample an [output.NAME] plugin, in the same order and at the
 * same times, with nothing of its own in the event loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/plugin.h>
#include <hsframe/sim.h>

#include "host/error_private.h"
#include "run/run_private.h"

typedef struct observer_state {
    hsf_sim *sim;
    hsf_sim_observer obs;
} observer_state;

static int sample(void *o, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    observer_state *st = o;
    return st->obs.fn ? st->obs.fn(st->sim, st->obs.ctx, err) : 0;
}

static int on_event(void *o, const hsf_system *sys, const hsf_event_info *ev, hsf_error *err)
{
    (void)sys;
    observer_state *st = o;
    return st->obs.on_event(st->sim, st->obs.ctx, ev, err);
}

/* Observers keep nothing of their own: a checkpoint holds their schedule
 * (the slot's next sample), the caller holds the callables. */
static int save(void *o, const hsf_system *sys, hsf_state *out, hsf_error *err)
{
    (void)o, (void)sys, (void)out, (void)err;
    return 0;
}

static int restore(void *o, const hsf_system *sys, hsf_state *in, hsf_error *err)
{
    (void)o, (void)sys, (void)in, (void)err;
    return 0;
}

static const hsf_output_type observer_type = {
    .state_size = sizeof(observer_state), .sample = sample, .save = save, .restore = restore,
    .flags = HSF_OUTPUT_ANY_PARTICLES,    /* the caller's function reads the simulation */
};

static const hsf_plugin_info observer_info = {
    .abi_major = HSF_ABI_MAJOR, .abi_minor = HSF_ABI_MINOR, .kind = HSF_PLUGIN_OUTPUT,
    .name = "observer", .summary = "a caller's function every interval", .vtable = &observer_type,
};

int hsf_run_is_observer(const hsf_output_slot *o)
{
    return o->in.plugin.info == &observer_info;
}

int hsf_run_add_observers(run_state *rs, hsf_error *err)
{
    hsf_system *sys = &rs->sys;
    for (size_t k = 0; k < rs->opt->n_observers; k++) {
        const hsf_sim_observer *obs = &rs->opt->observers[k];
        if (!(obs->interval >= 0) || (!obs->fn && !obs->on_event) ||
            (obs->interval > 0 && !obs->fn) || (obs->event_mask && !obs->on_event))
            return hsf_error_set(err, "observer %zu: expected a function every interval >= 0 "
                                 "or on events, found interval %g and event mask %#x", k + 1,
                                 obs->interval, (unsigned)obs->event_mask);
        hsf_output_slot *o = &sys->out[sys->n_out++];
        char section[32];
        snprintf(section, sizeof section, "observer.%zu", k + 1);
        hsf_output_type *vt = malloc(sizeof *vt);   /* hsf_instance_close frees it */
        o->in.cfg.section = strdup(section);
        o->in.cfg.file = &rs->cf;
        if (!vt || !o->in.cfg.section) {
            free(vt);
            return hsf_error_set(err, "out of memory");
        }
        *vt = observer_type;
        vt->event_mask = obs->event_mask;
        vt->on_event = obs->on_event ? on_event : NULL;
        sys->event_mask |= obs->event_mask;
        o->in.plugin.info = &observer_info;
        o->in.plugin.vtable = vt;
        o->in.type.output = vt;
        observer_state *st = hsf_instance_state(&o->in);
        if (!st)
            return hsf_error_set(err, "out of memory");
        st->sim = rs->opt->sim;
        st->obs = *obs;
        o->in.initialised = 1;
        o->interval = obs->interval;
    }
    return 0;
}
