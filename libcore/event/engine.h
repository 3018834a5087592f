/* The event engine's loop, as the run and a thermostat's control call it
 * (private to libhsframe; engine.c). */
#ifndef HSF_EVENT_ENGINE_H
#define HSF_EVENT_ENGINE_H

#include <stdint.h>

#include <hsframe/error.h>

#include "shared/system_private.h"

/* Runs the event loop from time 0 to end_time: schedules every particle's
 * first event and the outputs' samples, processes events, takes the final
 * samples and calls the outputs' end.  resumed: the state was restored from
 * a checkpoint (hsf_checkpoint_read), with its events queued and the
 * outputs restored: the loop goes on from there.  Returns 0,
 * HSF_ENGINE_STOPPED (sys->checkpoint wrote a checkpoint and asked to
 * stop), or -1 with err set when a plugin fails while running. */
int hsf_engine_run(hsf_system *sys, int resumed, hsf_error *err);

/* Gives particle i velocity v at the current time: moves it to now,
 * counts the change of kinetic energy in sys->heat and predicts its
 * events anew.  Returns 0, or -1 with err set (a plugin failed). */
int hsf_engine_set_velocity(hsf_system *sys, uint32_t i, const double v[3], hsf_error *err);

#endif
