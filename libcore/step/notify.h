/* Telling the outputs about a collision of the time-step engine (private
 * to libhsframe). */
#ifndef HSF_STEP_NOTIFY_H
#define HSF_STEP_NOTIFY_H

#include "engine/system_private.h"

/* Calls on_event of every output subscribed to info->kind.  Returns 0, or
 * -1 with err set (prefixed with the output's section and plugin). */
int hsf_step_notify(hsf_system *sys, const hsf_event_info *info, hsf_error *err);

#endif
