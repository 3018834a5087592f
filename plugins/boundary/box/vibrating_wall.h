/* A flat wall that oscillates along its normal, for boundary plugins:
 * its position along axis is w0 + A sin(omega t + phase) at simulated
 * time t, and the first hit of a particle on any path the host describes
 * (hsf_path: straight lines, parabolas in a field, growing radii) is found
 * exactly, by steps that cannot pass over a root. */
#ifndef HSF_VIBRATING_WALL_H
#define HSF_VIBRATING_WALL_H

#include <hsframe/boundary.h>

typedef struct vibrating_wall {
    int axis;           /* 0 x, 1 y, 2 z */
    int inward;         /* +1: the container lies above it (a lower wall), -1: below */
    double w0;          /* mean position (length) */
    double amplitude;   /* A > 0 (length) */
    double omega;       /* angular frequency 2 pi f (1/time) */
    double phase;       /* radians */
} vibrating_wall;

/* The wall's position and velocity along its axis at simulated time t. */
double vibrating_wall_position(const vibrating_wall *w, double t);
double vibrating_wall_velocity(const vibrating_wall *w, double t);

/* The first time t >= 0 after path->time at which the particle on path
 * touches the wall: when its distance to the wall along the axis, less
 * its radius, reaches 0.  INFINITY if never; 0 when it touches now and
 * moves towards the wall relative to it (or touches with no relative
 * speed and is pressed into it).  Right after a hit (touching, moving
 * away) the next hit is found, not this one. */
double vibrating_wall_first_hit(const vibrating_wall *w, const hsf_path *path);

#endif
