/* Output plugins: everything that leaves the run (files, tables, pictures).
 *
 * Each [output.NAME] section of the configuration creates one instance.  The
 * host reads two keys itself: `plugin` and `interval` (simulated time between
 * samples; 0 or absent: only at the end).  Lifecycle:
 *
 *   init  -> begin -> sample at t = 0, interval, 2*interval, ... (< end_time)
 *         -> sample at end_time (always: the final state) -> end -> fini
 *
 * plus on_event for every processed event whose kind is in event_mask.  If
 * the run fails or is interrupted, end is not called and fini must leave no
 * half-written file behind (write to a temporary file, rename it in end:
 * see hsf_atomic_open in io.h). */
#ifndef HSFRAME_OUTPUT_H
#define HSFRAME_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/config.h>
#include <hsframe/error.h>
#include <hsframe/event.h>
#include <hsframe/system.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hsf_output_type {
    /* Bytes of state the host allocates (zeroed) for one instance. */
    size_t state_size;

    /* Event kinds for on_event, as HSF_EVENT_MASK(HSF_EVENT_PAIR) | ...;
     * 0 for none.  Subscribing costs a call per event, so ask only for what
     * is used. */
    uint32_t event_mask;

    /* Reads the section and checks it (open no file yet if the check of
     * other outputs could still fail).  sys is complete: particles, boundary
     * and time 0.  Returns 0, or -1 with err set; fini is called either way. */
    int (*init)(void *o, const hsf_config *cfg, const hsf_system *sys, hsf_error *err);

    /* Releases everything; if end was not called, removes any temporary
     * file.  May be NULL when there is nothing to release. */
    void (*fini)(void *o);

    /* Called once before the first event; open files here.  May be NULL. */
    int (*begin)(void *o, const hsf_system *sys, hsf_error *err);

    /* Takes a sample at hsf_system_time(sys).  May be NULL. */
    int (*sample)(void *o, const hsf_system *sys, hsf_error *err);

    /* Called after each processed event of a subscribed kind, with the
     * system at the event's time.  May be NULL if event_mask is 0. */
    int (*on_event)(void *o, const hsf_system *sys, const hsf_event_info *ev,
                    hsf_error *err);

    /* The run completed: finish and commit files.  May be NULL. */
    int (*end)(void *o, const hsf_system *sys, hsf_error *err);
} hsf_output_type;

#ifdef __cplusplus
}
#endif

#endif
