/* What a run reports at the end (private to libhsframe): the summary's
 * key: value lines, with the conserved quantities compared to the start
 * and, after a time reversal, how far the system came back. */
#ifndef HSF_SUMMARY_H
#define HSF_SUMMARY_H

#include <stdio.h>

#include "engine/system_private.h"

/* What the summary compares: energy always, momentum when it is conserved
 * (no walls: every axis periodic). */
typedef struct hsf_conserved {
    double energy;          /* kinetic + potential + dissipated (model.h) */
    double momentum[3];
    double rms_momentum;
    double kinetic;         /* kinetic energy: the scale of the energy drift */
} hsf_conserved;

/* The conserved quantities now. */
void hsf_measure(const hsf_system *sys, hsf_conserved *c);

/* As 6 numbers and back, for a checkpoint. */
void hsf_conserved_pack(const hsf_conserved *c, double out[6]);
void hsf_conserved_unpack(const double in[6], hsf_conserved *c);

/* Unwrapped positions and velocities now, 6 doubles per particle, for
 * time reversal; malloc'ed (the caller frees it), NULL when out of
 * memory. */
double *hsf_record_start(const hsf_system *sys);

/* Prints the summary: counters, rates, memory, energy and momentum drift
 * from c0 to c1, max_overlap and, with start, the return of a time
 * reversal. */
void hsf_print_summary(FILE *out, const hsf_system *sys, double wall, const hsf_conserved *c0,
                       const hsf_conserved *c1, const double *start);

#endif
