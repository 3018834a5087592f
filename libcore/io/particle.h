/* Particle records: as read, and as the engine keeps them (private to
 * libhsframe). */
#ifndef HSF_PARTICLE_H
#define HSF_PARTICLE_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>

/* One disc or sphere as read from a file or generated: what a particle
 * set holds. */
typedef struct hsf_particle {
    double r[3];            /* position; z = 0 in 2D */
    double v[3];            /* velocity; z = 0 in 2D */
    double radius;
    double mass;
    int32_t image[3];       /* periodic images already crossed (from an XYZ file) */
    uint8_t color[3];       /* 0-255 */
    uint8_t species;        /* index into the set's species names; 0 without them */
} hsf_particle;
_Static_assert(sizeof(hsf_particle) == 80, "the species fits in the record's padding");

/* Most species a run can have (an XYZ file's distinct species names). */
#define HSF_MAX_SPECIES 256

/* The system keeps each particle in two records, split by how often the
 * event loop touches them (the event engine keeps a third of its own,
 * event/state.h).  Position r is valid at the particle's own clock
 * t: at time T it is at r + v (T - t).  Only particles taking part in an
 * event are advanced, so no event costs O(N). */

/* What every prediction reads about each neighbour: one 64-byte cache line
 * (the array is aligned to 64 bytes). */
typedef struct hsf_motion {
    double r[3];            /* position at time t; z = 0 in 2D */
    double v[3];            /* velocity; z = 0 in 2D */
    double t;               /* local clock */
    double radius;
} hsf_motion;

/* Everything else every engine keeps, 64 bytes (no larger than
 * hsf_particle, which system.c relies on); the first 32 are what a
 * neighbour-list renewal reads of each particle it passes in the grid; an
 * event reads the rest too (event/read_ahead.h, fetch_body).  The event
 * engine's own per-particle fields (its scheduled event, when the velocity
 * last changed) are in its state (event/state.h, hsf_event_slot), but for
 * the event's object, which fills the 4 bytes the others leave to the
 * body's alignment: in the slot it would make each particle 4 or 8 bytes
 * larger than the 80 the body alone took before. */
typedef struct hsf_body {
    double anchor[3];       /* centre of the neighbourhood sphere (neighbours.h),
                               inside the extent; r stays within the skin of it */
    uint32_t next;          /* next in its cell's overflow chain (cells.h), HSF_NONE at the end */
    uint32_t cell;          /* cell of the anchor within its grid level */
    uint8_t level;          /* grid level (diameter class), see cells.h */
    uint8_t color[3];       /* 0-255 */
    uint32_t collisions;    /* pair collisions and wall hits so far */
    double mass;
    int32_t image[3];       /* periodic wraps so far: unwrapped = r + image * length */
    uint32_t event_object;  /* the event engine's: with an indexed queue, the object of the
                               particle's scheduled event (event/state.h, hsf_event_slot) */
} hsf_body;
_Static_assert(sizeof(hsf_body) == 64, "a body is 64 bytes");

/* "No particle" in cell lists. */
#define HSF_NONE UINT32_MAX

/* Particles as read from a file, with where each came from. */
typedef struct hsf_particle_set {
    int dim;                /* 2 or 3 */
    size_t n;
    hsf_particle *p;        /* n records */
    uint32_t *line;         /* 1-based line of particle i in its file; 0 when generated
                               ([init]: no file, no line) */
    char *path;             /* the file read (for messages) */
    char **species_name;    /* n_species names in order of first appearance (an XYZ
                               species column); NULL and 0 when the file has none */
    unsigned n_species;
    struct hsf_bond *bonds; /* n_bonds bonds from an XYZ comment's bonds= key, or NULL */
    size_t n_bonds;
    double final_radius;    /* [init] method = random: the radius to compress the particles
                               to (their own is smaller); 0 otherwise */
    double *omega;          /* 3 per particle: angular velocities (an XYZ omega column;
                               2D: z only), or NULL */
    double *inertia;        /* per particle: moment of inertia / (m r^2) (an XYZ inertia
                               column), or NULL */
    uint8_t *fixed;         /* per particle: 1 if it never moves (an XYZ fixed column, or
                               [simulation] fixed_species), or NULL */
} hsf_particle_set;

/* Reads a particle file, the format told by its content: the algs4 text
 * format (N, then "rx ry vx vy radius mass r g b" per line; 2D only) or
 * extended XYZ (N, a comment line with Properties=..., one line per
 * particle).  dim is the simulation's dimension: an algs4 file with dim 3 is
 * an error, an XYZ file gives z for dim 3 (and must have z = 0 and vz = 0
 * for dim 2).  Checks the syntax and that numbers are finite, radius and mass
 * positive, colours 0-255.  Returns 0 and fills *out (free it with
 * hsf_particle_set_free), or -1 with err set to "path:line:column: expected
 * ..., found ...".  Never leaves a partial set behind. */
int hsf_read_particles(const char *path, int dim, hsf_particle_set *out, hsf_error *err);

/* Frees what hsf_read_particles allocated; set may be zeroed. */
void hsf_particle_set_free(hsf_particle_set *set);

/* Where particle i came from, for a message: "FILE:LINE: particle N" (N
 * counted from 1), or "[init]: particle N" for a generated one, which has
 * no file or line.  In one of four static buffers used in turn. */
const char *hsf_particle_at(const hsf_particle_set *set, size_t i);

/* " (line L)" after a second particle's number when it has a line in a
 * file, else "" (static buffers as hsf_particle_at). */
const char *hsf_particle_line(const hsf_particle_set *set, size_t i);

#endif
