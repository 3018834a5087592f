/* Integrators of the time-step engine, chosen by name (private to
 * libhsframe).  Each advances positions r and velocities v (3 n doubles)
 * by one step dt, starting with a holding the accelerations at (r, v),
 * calls hsf_timestep_bounce once the new positions are final, and leaves a
 * holding the accelerations at the new (r, v). */
#ifndef HSF_INTEGRATE_H
#define HSF_INTEGRATE_H

#include <stddef.h>

#include <hsframe/error.h>

struct hsf_timestep;
struct hsf_system;

/* Arrays of 3 n doubles an integrator may use besides r, v and a. */
#define HSF_INTEGRATOR_SCRATCH 5

typedef struct hsf_integrator {
    const char *name;       /* as written in [simulation] integrator */
    const char *help;       /* one line: the scheme and its order */
    int order;              /* global error ~ dt^order */
    /* One step; returns 0, or -1 with err set (a force failed). */
    int (*step)(struct hsf_timestep *st, struct hsf_system *sys, double dt, hsf_error *err);
} hsf_integrator;

/* The integrator called name, or NULL. */
const hsf_integrator *hsf_integrator_find(const char *name);

/* The names of all integrators, separated by ", ", for error messages. */
const char *hsf_integrator_names(void);

#endif
