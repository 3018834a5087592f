/* Read access to the simulated system, for outputs (and tests).
 *
 * Between events the engine keeps each particle's position at the time of
 * its own last event; these accessors compute every quantity at the current
 * simulated time, hsf_system_time(), without changing anything.  Lengths,
 * times and masses are in the units of the input. */
#ifndef HSFRAME_SYSTEM_H
#define HSFRAME_SYSTEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque, owned by the host. */
typedef struct hsf_system hsf_system;

/* One particle at the current time.  This layout is frozen for ABI major 1:
 * later quantities get new accessors, not new fields. */
typedef struct hsf_particle_view {
    double r[3];            /* position (inside the boundary's extent); z = 0 in 2D */
    double unwrapped[3];    /* position followed through periodic images (= r without them) */
    double v[3];            /* velocity; z = 0 in 2D */
    double radius;
    double mass;
    unsigned char color[3]; /* red, green, blue, 0-255 */
    uint64_t collisions;    /* pair collisions and wall hits of this particle so far */
} hsf_particle_view;

/* Counters since the start of the run.  Frozen for ABI major 1. */
typedef struct hsf_stats {
    uint64_t events;        /* events popped from the queue, stale ones included */
    uint64_t collisions;    /* pair collisions */
    uint64_t wall_hits;     /* particle-wall collisions */
    uint64_t stale_events;  /* popped events that were no longer valid */
    uint64_t cell_crossings; /* renewals of a particle's candidates: leaving its
                                neighbourhood (neighbour lists) or its cell */
    double wall_impulse;    /* sum of momentum magnitudes given to walls */
    double virial;          /* sum over pair collisions of impulse . (r_i - r_j) */
} hsf_stats;

/* 2 or 3. */
int hsf_system_dim(const hsf_system *sys);

/* Number of particles. */
size_t hsf_system_count(const hsf_system *sys);

/* Current simulated time. */
double hsf_system_time(const hsf_system *sys);

/* The run's end time ([simulation] end_time). */
double hsf_system_end_time(const hsf_system *sys);

/* Fills *out with particle i (0-based, < hsf_system_count) at the current
 * time. */
void hsf_system_particle(const hsf_system *sys, size_t i, hsf_particle_view *out);

/* Fills *out with the counters so far. */
void hsf_system_stats(const hsf_system *sys, hsf_stats *out);

/* Total kinetic energy, sum of m v^2 / 2. */
double hsf_system_kinetic_energy(const hsf_system *sys);

/* The total area of the boundary's walls (a length in 2D), 0 if it has
 * none or does not say. */
double hsf_system_wall_area(const hsf_system *sys);

/* The boundary's volume (area in 2D) and extent (see hsf_boundary_type). */
double hsf_system_volume(const hsf_system *sys);
void hsf_system_extent(const hsf_system *sys, double lo[3], double hi[3], int periodic[3]);

/* ---- Since ABI 1.4: species, bonds and potential energy ---------------- */

/* How many species the particles belong to (at least 1): the distinct
 * names of an extended XYZ file's species column in order of first
 * appearance; 1 for an algs4 file or [init]. */
unsigned hsf_system_species_count(const hsf_system *sys);

/* The species of particle i, 0 to hsf_system_species_count - 1. */
unsigned hsf_system_species(const hsf_system *sys, size_t i);

/* The name of species s as the input gave it, owned by the host; NULL
 * when the input named none (algs4 files, [init]). */
const char *hsf_system_species_name(const hsf_system *sys, unsigned s);

/* Number of bonds ([bonds] file): pairs of particles held together, by a
 * hard tether in the event-driven engine (between contact and the bond's
 * length) or by a force in the time-step engine. */
size_t hsf_system_bond_count(const hsf_system *sys);

/* Bond k (< hsf_system_bond_count): its particles i < j (0-based) and its
 * length (the tether's maximum length, or a spring's rest length), in
 * the units of the particle file. */
void hsf_system_bond(const hsf_system *sys, size_t k, uint32_t *i, uint32_t *j,
                     double *length);

/* Total potential energy at the current time, in the units of m v^2: the
 * sum of the energies of the pairs within a step of a stepped interaction
 * (interaction.h), or of the forces of the time-step engine; 0 for hard
 * spheres. */
double hsf_system_potential_energy(const hsf_system *sys);

/* ---- Since ABI 1.5: shear (a boundary with sliding images) ------------- */

/* The shear rate of a boundary with sliding images (boundary.h, sliding),
 * 1/time, with its flow and gradient axes in *flow and *gradient (either
 * pointer may be NULL); 0 without sliding images (axes then -1). */
double hsf_system_shear(const hsf_system *sys, int *flow, int *gradient);

/* The streaming velocity the sliding images impose at position r (length/
 * time): rate * (r_g - the box's centre along g) along the flow axis, 0
 * along the others; 0 everywhere without sliding images.  The peculiar
 * velocity of a particle is its velocity less this at its position: what
 * temperatures, kinetic stresses and thermostats use under shear. */
void hsf_system_flow_velocity(const hsf_system *sys, const double r[3], double u[3]);

/* The separation ri - rj of two positions at the current time through the
 * nearest periodic image: sliding images (a sheared box) included, plain
 * minimum images along the other periodic axes, none along walls. */
void hsf_system_separation(const hsf_system *sys, const double ri[3], const double rj[3],
                           double dr[3]);

/* ---- Since ABI 1.5: rotation (rough particles) ------------------------ */

/* The angular velocity of particle i into omega (radians per unit time;
 * in 2D only omega[2], about z, may be non-zero) and its moment of
 * inertia (mass * length^2) as the return value.  Without rotation (no
 * rough rule or wall, no omega column in the particle file) returns 0 and
 * zeroes omega: particles are smooth and their spin plays no part.
 * interaction.h (tangential, friction) says what turns them. */
double hsf_system_spin(const hsf_system *sys, size_t i, double omega[3]);

/* The kinetic energy of rotation, sum of I |omega|^2 / 2 (units of m v^2),
 * 0 without rotation.  hsf_system_kinetic_energy is that of translation;
 * the energy balance of the summary counts both.  Each particle has 1
 * rotational degree of freedom in 2D and 3 in 3D, so the rotational
 * temperature is 2 E_rot / N (2D) or 2 E_rot / (3 N) (3D). */
double hsf_system_rotational_energy(const hsf_system *sys);

/* ---- Since ABI 1.5: fixed particles ------------------------------------ */

/* 1 when particle i is fixed (an XYZ fixed column, [simulation]
 * fixed_species): it never moves, has infinite mass in collisions and
 * velocity 0; else 0. */
int hsf_system_fixed(const hsf_system *sys, size_t i);

/* How many particles are fixed (0 for most runs).  Temperatures count the
 * others: kT = 2 K / (d (N - fixed)). */
size_t hsf_system_fixed_count(const hsf_system *sys);

#ifdef __cplusplus
}
#endif

#endif
