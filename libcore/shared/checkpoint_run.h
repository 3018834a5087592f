/* What every engine's checkpoint holds (private to libhsframe): the build
 * and system that wrote it, the configuration, the initial particles'
 * checksum, the run's scalars, the particles' records, and each output's
 * record.  An engine writes these sections around its own
 * (event/checkpoint.c, timestep/checkpoint.c):
 *
 *   HEAD CONF PART RUN STRT MOTN BODY   hsf_ckpt_write_run
 *   ... the engine's sections ...
 *   OUTP (one per output) END          hsf_ckpt_write_outputs */
#ifndef HSF_CHECKPOINT_RUN_H
#define HSF_CHECKPOINT_RUN_H

#include <stdint.h>

#include "checkpoint/file.h"
#include "shared/system_private.h"

/* What a checkpoint keeps of the run around the engine (run/). */
typedef struct hsf_ckpt_run {
    const char *config;     /* the configuration as "section.key = value" lines, sorted,
                               without [checkpoint]: must match on resume */
    uint32_t particles_crc; /* of the initial particles: must match on resume */
    double conserved[6];    /* energy, momentum, rms momentum and kinetic energy at time 0 */
    double *start;          /* with reverse_at, 6 doubles per particle (run/), else NULL */
    double wall;            /* wall-clock seconds the run took so far, every segment */
    uint64_t checkpoints;   /* written so far, this one included */
} hsf_ckpt_run;

/* An engine's own per-particle fields that a checkpoint's BODY record
 * keeps beside the body (the event engine's slot, event/state.h): the
 * record is laid out as 0.5.0's body was, these fields in its middle, so
 * that checkpoints written before they left the body still read.  Zero
 * for an engine without them. */
typedef struct hsf_ckpt_event_bits {
    uint64_t seq : 56, kind : 5, face : 3;
} hsf_ckpt_event_bits;
typedef struct hsf_ckpt_slot {
    uint32_t object;
    hsf_ckpt_event_bits event;
    uint64_t changed_seq;
} hsf_ckpt_slot;

/* How an engine gives its fields for particle i when a checkpoint is
 * written (get) and takes them back when one is read (set). */
typedef struct hsf_ckpt_slots {
    void *ctx;
    void (*get)(const void *ctx, size_t i, hsf_ckpt_slot *out);
    void (*set)(void *ctx, size_t i, const hsf_ckpt_slot *in);
} hsf_ckpt_slots;

/* A CRC-32 of the particles at time 0 (every field, not the padding). */
uint32_t hsf_checkpoint_particles_crc(const hsf_particle *p, size_t n);

/* 0 if every output can be checkpointed (save and restore, ABI 1.3), else
 * -1 with err naming the first that cannot. */
int hsf_checkpoint_check_outputs(const hsf_system *sys, hsf_error *err);

/* Writes HEAD to MOTN and BODY: the system's time, counters and records,
 * with the engine's queue mode (indexed, 1 or 0), its last sequence
 * number (seq; 0 for an engine without) and its per-particle fields
 * (slots->get; slots NULL: none). */
void hsf_ckpt_write_run(hsf_ckpt_writer *w, const hsf_system *sys, const hsf_ckpt_run *run,
                        uint32_t indexed, uint64_t seq, const hsf_ckpt_slots *slots);

/* Writes every output's record (its save), then END.  Returns 0, or -1
 * with err set (an output's save failed). */
int hsf_ckpt_write_outputs(hsf_ckpt_writer *w, hsf_system *sys, hsf_error *err);

/* Reads HEAD to MOTN into a system prepared from the same configuration:
 * checks the build, the configuration (run->config), the system's shape,
 * the engine's queue mode (indexed, as hsf_ckpt_write_run) and the initial
 * particles (run->particles_crc); sets the system's time and counters and
 * *seq, fills run's conserved, start (allocated by the caller
 * when reverse_at is set), wall and checkpoints, and copies the motion
 * records into sys->m.  *motion points at them in the file (valid until
 * the reader is closed).  Returns 0, or -1 with err set to what does not
 * match or is damaged. */
int hsf_ckpt_read_run(hsf_system *sys, hsf_ckpt_reader *r, hsf_ckpt_run *run,
                      uint32_t indexed, uint64_t *seq, const unsigned char **motion,
                      hsf_error *err);

/* The particles of a checkpoint whose number differs from sys->n (a run
 * whose particles were added or removed, sim.h): when HEAD's count is
 * sys->n, sets *n to it and *m, *b to NULL; else checks the build and the
 * configuration (config, as hsf_ckpt_read_run) and reads MOTN and BODY
 * into new arrays (*m aligned to 64 bytes; the
 * caller frees both), the engine's slots left out (the restore reads them
 * into the engine made for these particles).  Returns 0, or -1 with err
 * set (another build, a damaged file, out of memory). */
int hsf_ckpt_peek_particles(const hsf_system *sys, const char *path, const char *config,
                            size_t *n, hsf_motion **m, hsf_body **b, hsf_error *err);

/* Reads BODY into sys->b, and the engine's per-particle fields through
 * slots->set (slots NULL: they are dropped).  Returns 0 or -1 with err
 * set. */
int hsf_ckpt_read_bodies(hsf_system *sys, hsf_ckpt_reader *r, const hsf_ckpt_slots *slots,
                         hsf_error *err);

/* Reads every output's record (its restore), then END.  Returns 0 or -1
 * with err set. */
int hsf_ckpt_read_outputs(hsf_system *sys, hsf_ckpt_reader *r, hsf_error *err);

#endif
