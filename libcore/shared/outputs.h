/* The outputs' lifecycle calls as both engines make them (private to
 * libhsframe): each failure is prefixed with the output's section and
 * plugin. */
#ifndef HSF_OUTPUTS_H
#define HSF_OUTPUTS_H

#include "shared/system_private.h"

/* Calls begin of every output.  Returns 0, or -1 with err set. */
int hsf_outputs_begin(hsf_system *sys, hsf_error *err);

/* Output o takes a sample now.  Returns 0, or -1 with err set. */
int hsf_output_sample(hsf_system *sys, hsf_output_slot *o, hsf_error *err);

/* Tells every output subscribed to info->kind about a processed event.
 * Returns 0, or -1 with err set. */
int hsf_outputs_notify(hsf_system *sys, const hsf_event_info *info, hsf_error *err);

/* At the end of a run: every output's final sample, then its end.
 * Returns 0, or -1 with err set. */
int hsf_outputs_finish(hsf_system *sys, hsf_error *err);

#endif
