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

#include "shared/checkpoint_run.h"
#include "event/state.h"

/* Writes the state between two events to path, atomically (a crash at any
 * moment leaves the previous file whole), calling every output's save.
 * The run can go on afterwards exactly as it would have.  Returns 0, or
 * -1 with err set. */
int hsf_checkpoint_write(hsf_event_engine *e, const char *path, const hsf_ckpt_run *run,
                         hsf_error *err);

/* Restores a system prepared from the same configuration (particles read,
 * grid and lists built, queue and outputs initialised, nothing scheduled)
 * to the state saved in path, and calls every output's restore.  run's
 * config and particles_crc are compared with the checkpoint's; its
 * conserved, start (allocated by the caller when reverse_at is set), wall
 * and checkpoints are filled.  Returns 0, or -1 with err set to what does not match or
 * is damaged. */
int hsf_checkpoint_read(hsf_event_engine *e, const char *path, hsf_ckpt_run *run,
                        hsf_error *err);

#endif
