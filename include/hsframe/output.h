/* Output plugins: everything that leaves the run (files, tables, pictures).
 *
 * Each [output.NAME] section of the configuration creates one instance.  The
 * host reads two keys itself: `plugin` and `interval` (simulated time between
 * samples; 0 or absent: only at the end).  An output that declares a text
 * parameter named `file` writes the file it names (relative to the current
 * directory): the run's summary lists it among the files the run wrote
 * (files named otherwise: the optional member written, ABI 1.5).
 * Lifecycle:
 *
 *   init  -> begin -> sample at t = 0, interval, 2*interval, ... (< end_time)
 *         -> sample at end_time (always: the final state) -> end -> fini
 *
 * plus on_event for every processed event whose kind is in event_mask.  If
 * the run fails or is interrupted, end is not called and fini must leave no
 * half-written file behind (write to a temporary file, rename it in end:
 * see hsf_atomic_open in io.h).
 *
 * With checkpoints ([checkpoint] section, ABI 1.3) a run may stop after
 * writing a checkpoint (save is called, then fini, without end) and go on
 * in another process:
 *
 *   init -> restore (instead of begin) -> samples and on_event as they
 *        would have come -> end -> fini
 *
 * An output that keeps a file open through the run saves it with
 * hsf_atomic_save and reopens it with hsf_atomic_resume (io.h); the
 * temporary file then stays on disk when the run stops, for the resume. */
#ifndef HSFRAME_OUTPUT_H
#define HSFRAME_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/config.h>
#include <hsframe/error.h>
#include <hsframe/event.h>
#include <hsframe/state.h>
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

    /* ---- Optional since ABI 1.3: checkpoints (state.h) ------------------
     * Both or neither.  Without them (or built for ABI < 1.3) the output
     * cannot take part in a run with a [checkpoint] section: the host
     * refuses such a configuration before the run (exit 2), rather than
     * restart the output from nothing on resume.  An output with nothing
     * to keep still sets both (save writes nothing; restore does what
     * begin would, such as opening a window).
     *
     * Adds what the output needs to go on as if never stopped to the
     * checkpoint record st: what it accumulated, and its open files
     * (hsf_atomic_save).  Called between events, after begin, any number
     * of times; the run may go on afterwards or stop.  Must not change
     * what the output writes later.  Returns 0, or -1 with err set. */
    int (*save)(void *o, const hsf_system *sys, hsf_state *st, hsf_error *err);

    /* Instead of begin, when the run is resumed from a checkpoint: called
     * after init, with sys as it was when save was called; reads back, in
     * the same order, what save wrote.  Returns 0, or -1 with err set
     * (the host then stops before running, exit 2). */
    int (*restore)(void *o, const hsf_system *sys, hsf_state *st, hsf_error *err);

    /* ---- Optional since ABI 1.5 ----------------------------------------
     * The files the output wrote, for the summary's list (called after
     * end): writes the name of file k (0, 1, ...) into buf, size bytes,
     * and returns 1; returns 0 when there are no more.  Without it the
     * host lists the value of the output's `file` parameter when the
     * plugin declares one (a text). */
    int (*written)(const void *o, size_t k, char *buf, size_t size);

    /* ---- Optional since ABI 1.6 ----------------------------------------
     * HSF_OUTPUT_* bits, 0 for none; a plugin built for ABI < 1.6 has 0. */
    uint32_t flags;
} hsf_output_type;

/* flags: the output keeps nothing sized or indexed by the particles from
 * its begin (it reads the system afresh at every sample and event), so a
 * program may add and remove particles between two events of its run
 * (sim.h, hsf_sim_add_particle).  Without it the host refuses to change
 * the particles of a run that has this output. */
#define HSF_OUTPUT_ANY_PARTICLES (1u << 0)

#ifdef __cplusplus
}
#endif

#endif
