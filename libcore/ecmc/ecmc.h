/* Event-chain Monte Carlo ([simulation] engine = ecmc): straight chains
 * with lifting for hard discs and spheres in a periodic box (Bernard,
 * Krauth and Wilson, Phys. Rev. E 80, 056704 (2009)); private to
 * libhsframe.
 *
 * One particle at a time is active and moves along the chain's direction
 * (+x, +y or +z) until it would touch another, which then becomes active
 * (a lift) and carries the rest of the chain's displacement on.  A chain
 * ends once its particles have moved chain_length together.  The state
 * is the system's (positions in sys->m[i].r, periodic images, the core's
 * cell grid with particles filed by position), no queue; in 2D on a plain
 * grid the chains move the discs in a copy kept cell by cell instead
 * (pack.h), written back to the system before anything else reads it.  Velocities are carried along unchanged, for outputs and for
 * a restart into the event engine; they play no part in the sampling.
 *
 * The clock (sys->time) is the displacement per particle: the total
 * displacement of the chains so far over N, a length.  end_time and the
 * outputs' intervals are in it.
 *
 * Pressure: the lifting estimator of Michel, Kapfer and Krauth, J. Chem.
 * Phys. 140, 054116 (2014): beta P / rho = 1 + (sum over lifts of the
 * separation of the two particles along the chain's direction) / (the
 * displacement of the chains). */
#ifndef HSF_ECMC_H
#define HSF_ECMC_H

#include <stdint.h>

#include "ecmc/pack.h"
#include "shared/system_private.h"

/* The [ecmc] section's keys. */
extern const hsf_param hsf_ecmc_params[];

/* Blocks of chains for the error of the pressure: at most HSF_ECMC_BLOCKS
 * of them, each of `size` chains; when full, neighbours merge and the
 * size doubles (so there are always between half and all of them). */
#define HSF_ECMC_BLOCKS 128
typedef struct hsf_ecmc_blocks {
    double excess[HSF_ECMC_BLOCKS];     /* sum of the separations at lifts */
    double length[HSF_ECMC_BLOCKS];     /* displacement of the chains */
    uint64_t size;                      /* chains a full block holds */
    uint64_t filled;                    /* chains in block `count` so far */
    uint32_t count;                     /* complete blocks */
} hsf_ecmc_blocks;

/* What a checkpoint saves of the engine (besides the system). */
typedef struct hsf_ecmc_scalars {
    uint64_t n;             /* particles: must match */
    uint64_t chains;        /* chains begun */
    uint64_t lifts;
    uint64_t crossings;     /* cell crossings of active particles */
    uint64_t active;        /* the active particle; HSF_NONE between chains */
    uint64_t axis;          /* the chain's direction: + this axis */
    uint64_t random;        /* the generator (host/random.h) */
    double left;            /* displacement the current chain has still to make */
    double moved;           /* total displacement of every chain so far */
    double excess;          /* sum of the separations at lifts, whole run */
    double chain_excess;    /* of the current chain */
    int64_t chain_counted;  /* the current chain counts for the pressure */
    double measured_excess, measured_length;    /* of the chains that count */
    uint64_t measured_chains;
    double contact_error;   /* the largest |distance - sum of radii| / sum of radii at a
                               lift (with audits) */
} hsf_ecmc_scalars;

typedef struct hsf_ecmc {
    double chain_length;
    int random_axes;        /* directions = random (else cycle) */
    double measure_from;    /* clock from which chains count for the pressure */
    uint64_t stop_after_chains;     /* write a checkpoint and stop after this many chains
                                       in one process; 0: never */
    uint64_t chains_this_process;
    uint64_t max_chains;    /* the run ends after this many chains; 0: at end_time */
    double kT;              /* 2K / (d N) of the carried velocities, 0 if none */
    int check_contacts;     /* with audits: measure every lift's contact distance */
    hsf_ecmc_scalars s;
    hsf_ecmc_blocks blocks;
    hsf_ecmc_pack pack;     /* 2D on a plain grid: the chains' copy; else empty */
    double wall;            /* seconds the loop ran */
} hsf_ecmc;

/* Reads [ecmc] (cfg) and checks what the engine needs of the system:
 * every axis periodic, no sliding images, no overlaps (validated before).
 * sys is complete; the cell grid is built again with cells filed by
 * position (no skin).  Returns 0, or -1 with err set. */
int hsf_ecmc_prepare(hsf_ecmc *e, const hsf_config *cfg, hsf_system *sys, hsf_error *err);

/* Frees what prepare allocated (e itself is the caller's). */
void hsf_ecmc_free(hsf_ecmc *e);

/* Brings sys->m, the bodies and the core's grid up to date with the
 * chains' copy (pack.h), if there is one. */
void hsf_ecmc_sync(hsf_ecmc *e, hsf_system *sys);

/* Moves the current chain (beginning one at clock, the displacement per
 * particle now, when none is under way) by budget > 0, or to its end if
 * that comes first, and ends it there: returns the displacement made.
 * sys->m may lag behind until hsf_ecmc_sync. */
double hsf_ecmc_step(hsf_ecmc *e, hsf_system *sys, double budget, double clock);

/* Runs from the start, or (resumed) from the state a checkpoint restored,
 * to end_time: the outputs' begin (not when resumed), their samples at
 * multiples of their interval, audits every audit_every, checkpoints
 * between moves as the other engines write them.  Returns 0,
 * HSF_ENGINE_STOPPED, or -1 with err set. */
int hsf_ecmc_run(hsf_ecmc *e, hsf_system *sys, int resumed, hsf_error *err);

/* Every pair that can touch, through the cell grid: the largest overlap
 * in diameters of the pair into *worst.  Returns 0, or -1 with err set
 * when one exceeds tolerance (the pair and the overlap named). */
int hsf_ecmc_audit(const hsf_system *sys, double tolerance, double *worst, hsf_error *err);

/* The compressibility factor beta P / rho of the chains that count, and
 * its standard error from the blocks (NAN with fewer than 8). */
double hsf_ecmc_compressibility(const hsf_ecmc *e, double *error, uint32_t *blocks);

/* Adds a completed chain (its excess and length) to the blocks. */
void hsf_ecmc_blocks_add(hsf_ecmc_blocks *b, double excess, double length);

/* Checkpoints: the run's sections (shared/checkpoint_run.h), the cell
 * grid and ECMC (the scalars and the blocks).  Return 0 or -1 with err set. */
struct hsf_ckpt_run;
int hsf_ecmc_checkpoint_write(const hsf_ecmc *e, hsf_system *sys, const char *path,
                              const struct hsf_ckpt_run *run, hsf_error *err);
int hsf_ecmc_checkpoint_read(hsf_ecmc *e, hsf_system *sys, const char *path,
                             struct hsf_ckpt_run *run, hsf_error *err);

#endif
