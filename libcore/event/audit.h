/* The overlap audit: how far any two particles overlap now (private to
 * libhsframe).  Event-driven dynamics never lets hard particles overlap
 * beyond round-off; an overlap means that something, a plugin or the
 * engine, lost a collision. */
#ifndef HSF_AUDIT_H
#define HSF_AUDIT_H

#include "shared/system_private.h"

typedef struct hsf_audit_result {
    double max_overlap;     /* largest (sigma - distance) / sigma of any pair, 0 if none;
                               sigma is the sum of the radii: in diameters of the pair.
                               With a model (model.h), how far any pair lies outside
                               the shell or bond it is held in, relative to that bound */
    uint32_t i, j;          /* that pair (HSF_NONE if none overlaps) */
    uint32_t bad;           /* a particle with a non-finite position or velocity, or HSF_NONE */
} hsf_audit_result;

/* Checks every pair that the cell grid offers (every pair that can
 * touch: O(N) with cells or lists, O(N^2) without) at the current time,
 * without changing anything. */
void hsf_audit(const hsf_system *sys, hsf_audit_result *out);

/* The audit of [simulation] audit_every: fails (-1, err naming the pair,
 * the overlap and the time) past sys->audit_tolerance or on a non-finite
 * particle; records the largest overlap seen in sys->max_overlap. */
int hsf_audit_check(hsf_system *sys, hsf_error *err);

#endif
