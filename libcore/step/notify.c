/* Outputs told about collisions (notify.h). */
#include "host/error_private.h"
#include "step/notify.h"

int hsf_step_notify(hsf_system *sys, const hsf_event_info *info, hsf_error *err)
{
    if (!(sys->event_mask & HSF_EVENT_MASK(info->kind)))
        return 0;
    for (size_t k = 0; k < sys->n_out; k++) {
        hsf_output_slot *o = &sys->out[k];
        if ((o->type->event_mask & HSF_EVENT_MASK(info->kind)) &&
            o->type->on_event(o->state, sys, info, err))
            return hsf_error_prefix(err, "[%s] (%s): ", o->cfg.section, o->plugin.info->name);
    }
    return 0;
}
