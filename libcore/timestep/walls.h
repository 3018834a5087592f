/* Walls and periodic images in the time-step engine (private to
 * libhsframe). */
#ifndef HSF_TIMESTEP_WALLS_H
#define HSF_TIMESTEP_WALLS_H

#include "shared/system_private.h"

/* After a step of length dt that took particle i from r0 to r (3 n each),
 * bounces every particle off the walls its straight path from r0 to r
 * crossed: at the crossing, the boundary's collide turns both that path
 * and the particle's velocity v, and the particle goes on along the turned
 * path for the rest of the step (exact for free flight).  a holds the
 * accelerations at r0, which the integrator has already added to v for a
 * time kicked (dt / 2 for velocity Verlet, dt for the others): the part
 * of that kick after the hit is given back unturned, which keeps the
 * energy error of a hit of order dt^2 instead of dt.  Counts the hits in
 * the system's counters and tells the outputs (at sys->time).  Returns
 * the number of hits, or -1 with err set (the boundary gave a time that
 * is not a number, an output failed). */
long hsf_timestep_walls(hsf_system *sys, const double *r0, double *r, double *v, const double *a,
                    double kicked, double dt, hsf_error *err);

/* Brings every position back into the extent along its periodic axes,
 * counting the images crossed in b[i].image. */
void hsf_timestep_wrap(hsf_system *sys, double *r);

#endif
