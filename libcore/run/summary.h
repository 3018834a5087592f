/* What a run reports at the end (private to libhsframe): the summary, as
 * key: value lines or as one JSON object, with the conserved quantities
 * compared to the start, after a time reversal how far the system came
 * back, and the files the run wrote. */
#ifndef HSF_SUMMARY_H
#define HSF_SUMMARY_H

#include <stdio.h>

#include <hsframe/config.h>

#include "shared/system_private.h"

/* What the summary compares: energy always, momentum when it is conserved
 * (no walls: every axis periodic). */
typedef struct hsf_conserved {
    double energy;          /* hsf_energy_balance */
    double momentum[3];
    double rms_momentum;
    double kinetic;         /* kinetic energy: the scale of the energy drift */
} hsf_conserved;

/* The terms of the energy balance: what the particles have (kinetic,
 * potential), what they lost at inelastic cores (dissipated), what a
 * bath or the rescaling of a compression gave them (heat) and what
 * growing cores and walls did on them (work). */
typedef struct hsf_energy_terms {
    double kinetic, potential, dissipated, heat, work;
    double rotational;      /* kinetic energy of rotation (rough particles), 0 without */
} hsf_energy_terms;

/* The energy conserved in every model: kinetic (translation and
 * rotation) + potential + dissipated - heat - work. */
double hsf_energy_balance(const hsf_energy_terms *t);

/* The summary's energy_drift from balance e0 to e1: relative to the
 * kinetic energy k0 at the start, or to |e0| when nothing moved then (a
 * model's balance may be near 0 or negative); 0 when both are 0. */
double hsf_energy_drift(double e0, double e1, double k0);

/* The terms now, each measured on its own: the kinetic energy from the
 * velocities, the pairs' potential energy from the shells they are held
 * in (not the engine's running sum), the dissipation and the work from
 * the state before each collision (rules.h), not from what the bounce
 * left. */
void hsf_energy_measure(const hsf_system *sys, hsf_energy_terms *t);

/* The conserved quantities now. */
void hsf_measure(const hsf_system *sys, hsf_conserved *c);

/* As 6 numbers and back, for a checkpoint. */
void hsf_conserved_pack(const hsf_conserved *c, double out[6]);
void hsf_conserved_unpack(const double in[6], hsf_conserved *c);

/* Unwrapped positions and velocities now, 6 doubles per particle, for
 * time reversal; malloc'ed (the caller frees it), NULL when out of
 * memory. */
double *hsf_record_start(const hsf_system *sys);

/* How the summary is written. */
typedef enum hsf_summary_format {
    HSF_SUMMARY_TEXT = 0,   /* "key: value" lines, then "file: NAME (PLUGIN, [SECTION])" */
    HSF_SUMMARY_JSON = 1    /* one object: numbers as numbers, the files as the array
                               "files" of {"file", "plugin", "section"} */
} hsf_summary_format;

/* A summary being written to out.  Keys are written in the order given;
 * the files come last. */
typedef struct hsf_summary {
    FILE *out;
    hsf_summary_format format;
    int members;            /* written so far (JSON: a comma before the next) */
    int files;              /* files written so far */
} hsf_summary;

/* Starts a summary on out ("{" in JSON). */
void hsf_summary_begin(hsf_summary *s, FILE *out, hsf_summary_format format);

/* A member whose value is text (a JSON string). */
void hsf_summary_text(hsf_summary *s, const char *key, const char *fmt, ...) HSF_PRINTF(3, 4);

/* A member whose value is a number, formatted by fmt as in the text
 * summary; in JSON a value that is not a finite number is written null. */
void hsf_summary_number(hsf_summary *s, const char *key, const char *fmt, ...)
    HSF_PRINTF(3, 4);

/* A file the run wrote (relative to the current directory, as
 * configured), the output plugin that wrote it and its section.  Call
 * after every other member. */
void hsf_summary_file(hsf_summary *s, const char *file, const char *plugin,
                      const char *section);

/* Ends the summary ("}" in JSON). */
void hsf_summary_end(hsf_summary *s);

/* The event engine's summary: its queue as named (queue), the counters,
 * rates over wall (seconds),
 * memory, energy and momentum drift from c0 to c1, max_overlap and, with
 * start, the return of a time reversal.  */
void hsf_print_summary(hsf_summary *s, const hsf_system *sys, const char *queue, double wall,
                       const hsf_conserved *c0, const hsf_conserved *c1, const double *start);

/* The time-step engine's summary (summary_timestep.c): particles,
 * dimension, engine, integrator, dt, boundary, time, steps,
 * force_evaluations, collisions, boundary_hits, wall_seconds (wall, the
 * loop's seconds), steps_per_second, collisions_per_second, peak_rss_kb,
 * the energies, max_overlap, total_energy_drift, momentum_drift (every
 * axis periodic), the return of a time reversal (start), and the
 * contacts: resolved, missed, delay, and with [simulation] compare the
 * event-driven engine's counts. */
struct hsf_timestep;
void hsf_timestep_print_summary(hsf_summary *out, const struct hsf_timestep *st,
                                const hsf_system *sys, double wall, const hsf_conserved *c0,
                                const hsf_conserved *c1, const double *start);

/* Pieces both engines' summaries write: peak_rss_kb; momentum_drift
 * from c0 to c1 when every axis is periodic (else momentum is not
 * conserved); the return of a time reversal from start (reversed_at,
 * return_distance_max, ...). */
void hsf_summary_memory(hsf_summary *s);
void hsf_summary_momentum(hsf_summary *s, const hsf_system *sys, const hsf_conserved *c0,
                          const hsf_conserved *c1);
void hsf_summary_reversal(hsf_summary *s, const hsf_system *sys, const double *start);

/* The first dim components of v as "x y" or "x y z" (%g), in a static
 * buffer valid until the next call. */
const char *hsf_summary_vector(const double *v, int dim);

/* Lists, through hsf_summary_file, the files every output wrote: those
 * its written member names (ABI 1.4), else the value of its text
 * parameter "file" when it declares one (output.h). */
void hsf_summary_output_files(hsf_summary *s, const hsf_system *sys);

#endif
