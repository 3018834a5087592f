/* The state of a sheared box (Lees-Edwards images; shared/shear.h has
 * what uses it).  Private to libhsframe. */
#ifndef HSF_SHEAR_STATE_H
#define HSF_SHEAR_STATE_H

#include <stdint.h>

typedef struct hsf_shear {
    int on;             /* the boundary's images slide (boundary.h, sliding) */
    int flow, gradient; /* axes: the images one period up along gradient slide along flow */
    double rate;        /* shear rate, 1/time */
    double speed;       /* rate * L_gradient: the velocity of the image one period up */
    double slide;       /* the images' slide in one period (a length along flow, the
                           narrowest cell side): the reach of a search across the
                           gradient faces */
    double period;      /* slide / |speed|: simulated time a search across the gradient
                           faces (cells) or a list renewed near them lasts */
    double work;        /* energy the sliding images gave: at crossings of the gradient
                           faces, and at collisions through them */
    double momentum;    /* momentum along the flow the crossings gave */
    uint64_t crossings; /* crossings of the gradient faces */
} hsf_shear;

#endif
