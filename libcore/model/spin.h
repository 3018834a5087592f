/* Rotation of rough particles (private to libhsframe): each particle's
 * angular velocity and moment of inertia, and the tangential impulse of a
 * rough core collision or wall hit (interaction.h, tangential and
 * friction).  Spheres stay spheres: rotation never changes when or where
 * particles meet, only what a collision does, so predictions ignore it.
 * A run keeps spins when a rule or the walls are rough or the particle
 * file gives angular velocities; otherwise spin.on is 0 and nothing here
 * runs. */
#ifndef HSF_SPIN_H
#define HSF_SPIN_H

#include <stdint.h>

#include <hsframe/config.h>
#include <hsframe/error.h>

#include "io/particle.h"

typedef struct hsf_system hsf_system;
typedef struct hsf_rule hsf_rule;

typedef struct hsf_spin {
    int on;
    double *omega;          /* 3 per particle, radians per unit time; 2D: z only */
    double *inertia;        /* per particle: the moment of inertia, mass * length^2 */
    double *factor;         /* per species: I / (m r^2); 0 until set (then the solid one) */
    double wall_tangential; /* the walls' beta ([boundary] tangential_restitution) */
    double wall_friction;   /* the walls' mu ([boundary] friction); INFINITY: no limit */
    int wall_rough;
} hsf_spin;

/* Whether a run needs spins before its rules are known: rough walls in
 * [boundary] (bcfg) or angular velocities in the particle file. */
int hsf_spin_wanted(const hsf_config *bcfg, const hsf_particle_set *set);

/* Sets the spins up once the rules are compiled: on when rules, walls or
 * the file call for it; the moments of inertia from the file's inertia
 * column, else the species' factor, else 1/2 (solid discs) or 2/5 (solid
 * spheres), times m r^2.  Returns 0, or -1 with err set. */
int hsf_spin_open(hsf_system *sys, const hsf_config *bcfg, const hsf_particle_set *set,
                  hsf_error *err);

void hsf_spin_close(hsf_spin *s);

/* A rough core collision of i and j at separation dr (r_i - r_j), after
 * the normal impulse jn (its magnitude) was applied: the tangential
 * impulse of rule r changes both velocities and spins.  Returns the
 * kinetic energy (of translation and rotation) it dissipates, >= 0. */
double hsf_spin_pair(hsf_system *sys, const hsf_rule *r, uint32_t i, uint32_t j,
                     const double dr[3], double jn);

/* A rough wall hit of i, whose velocity the wall reflected with normal
 * impulse jn; n is the wall's inward normal at the contact.  Returns the
 * kinetic energy dissipated, >= 0. */
double hsf_spin_wall(hsf_system *sys, uint32_t i, const double n[3], double jn);

/* The kinetic energy of rotation, sum of I |omega|^2 / 2; 0 without
 * spins. */
double hsf_spin_energy(const hsf_system *sys);

#endif
