/* Checkpoints of a whole run: the engine's exact state, so that a resumed
 * run goes on bit for bit as if never stopped (private to libhsframe).
 *
 * What the future of a run depends on is saved as it is: every particle's
 * records (position at its own clock, velocity, cell, event, counters),
 * the cell grid's slots and chains and the neighbour lists in their order
 * (which partner of a tie is found first), the queued events with their
 * times and sequence numbers (every queue pops by (time, seq), so a queue
 * refilled with the same events pops them in the same order), the
 * counters, and each output's record.  Nothing is predicted again. */
#ifndef HSF_CHECKPOINT_H
#define HSF_CHECKPOINT_H

#include <stdint.h>

#include "shared/system_private.h"

/* What a checkpoint keeps of the run around the engine (run.c). */
typedef struct hsf_ckpt_run {
    const char *config;     /* the configuration as "section.key = value" lines, sorted,
                               without [checkpoint]: must match on resume */
    uint32_t particles_crc; /* of the initial particles: must match on resume */
    double conserved[6];    /* energy, momentum, rms momentum and kinetic energy at time 0 */
    double *start;          /* with reverse_at, 6 doubles per particle (run.c), else NULL */
    double wall;            /* wall-clock seconds the run took so far, every segment */
    uint64_t checkpoints;   /* written so far, this one included */
} hsf_ckpt_run;

/* Writes the state between two events to path, atomically (a crash at any
 * moment leaves the previous file whole), calling every output's save.
 * The run can go on afterwards exactly as it would have.  Returns 0, or
 * -1 with err set. */
int hsf_checkpoint_write(hsf_system *sys, const char *path, const hsf_ckpt_run *run,
                         hsf_error *err);

/* Restores a system prepared from the same configuration (particles read,
 * grid and lists built, queue and outputs initialised, nothing scheduled)
 * to the state saved in path, and calls every output's restore.  run's
 * config and particles_crc are compared with the checkpoint's; its
 * conserved, start (allocated by the caller when reverse_at is set), wall
 * and checkpoints are filled.  Returns 0, or -1 with err set to what does not match or
 * is damaged. */
int hsf_checkpoint_read(hsf_system *sys, const char *path, hsf_ckpt_run *run,
                        hsf_error *err);

/* A CRC-32 of the particles at time 0 (every field, not the padding). */
uint32_t hsf_checkpoint_particles_crc(const hsf_particle *p, size_t n);

/* 0 if every output can be checkpointed (save and restore, ABI 1.3), else
 * -1 with err naming the first that cannot. */
int hsf_checkpoint_check_outputs(const hsf_system *sys, hsf_error *err);

#endif
