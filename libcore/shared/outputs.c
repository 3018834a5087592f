/* The outputs' lifecycle calls (outputs.h). */
#include "shared/outputs.h"
#include "host/error_private.h"

static int failed(const hsf_output_slot *o, hsf_error *err)
{
    return hsf_error_prefix(err, "[%s] (%s): ", o->in.cfg.section, o->in.plugin.info->name);
}

int hsf_outputs_begin(hsf_system *sys, hsf_error *err)
{
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if (o->in.type.output->begin && o->in.type.output->begin(o->in.state, sys, err))
            return failed(o, err);
    }
    return 0;
}

int hsf_output_sample(hsf_system *sys, hsf_output_slot *o, hsf_error *err)
{
    if (o->in.type.output->sample && o->in.type.output->sample(o->in.state, sys, err))
        return failed(o, err);
    return 0;
}

int hsf_outputs_notify(hsf_system *sys, const hsf_event_info *info, hsf_error *err)
{
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if ((o->in.type.output->event_mask & HSF_EVENT_MASK(info->kind)) &&
            o->in.type.output->on_event(o->in.state, sys, info, err))
            return failed(o, err);
    }
    return 0;
}

int hsf_outputs_finish(hsf_system *sys, hsf_error *err)
{
    for (size_t k = 0; k < sys->n_out; k++)
        if (hsf_output_sample(sys, &sys->out[k], err))
            return -1;
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if (o->in.type.output->end && o->in.type.output->end(o->in.state, sys, err))
            return failed(o, err);
    }
    return 0;
}
