/* The engine's particle record and particle sets (private to libhsframe). */
#ifndef HSF_PARTICLE_H
#define HSF_PARTICLE_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/error.h>

/* One disc or sphere.  Position r is valid at the particle's own clock t:
 * at time T it is at r + v (T - t).  Only particles taking part in an event
 * are advanced, so no event costs O(N). */
typedef struct hsf_particle {
    /* What every prediction reads comes first: one 64-byte cache line. */
    double r[3];            /* position at time t; z = 0 in 2D */
    double v[3];            /* velocity; z = 0 in 2D */
    double t;               /* local clock */
    double radius;
    double mass;
    double anchor[3];       /* centre of the neighbourhood sphere (neighbours.h): r
                               stays within the skin of it; inside the extent */
    uint64_t event_seq;     /* seq of this particle's one scheduled event */
    uint32_t version;       /* bumped at every velocity change: lazy invalidation */
    uint32_t cell;          /* cell of the anchor within its grid level */
    uint32_t next, prev;    /* neighbours in the cell's list, HSF_NONE at the ends */
    int32_t image[3];       /* periodic wraps so far: unwrapped = r + image * length */
    uint8_t level;          /* grid level (diameter class), see cells.h */
    uint8_t color[3];       /* 0-255 */
} __attribute__((aligned(64))) hsf_particle;

/* n zeroed records aligned to a cache line (free them with free()), or
 * NULL. */
hsf_particle *hsf_particles_alloc(size_t n);

/* "No particle" in cell lists. */
#define HSF_NONE UINT32_MAX

/* Particles as read from a file, with where each came from. */
typedef struct hsf_particle_set {
    int dim;                /* 2 or 3 */
    size_t n;
    hsf_particle *p;        /* n records; clocks 0, counters 0 */
    uint32_t *line;         /* 1-based line of particle i in its file */
    char *path;             /* the file read (for messages) */
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

#endif
