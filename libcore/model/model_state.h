/* The model layer's part of a checkpoint (private to libhsframe): the
 * captured pairs with their shells, each particle's last core collision
 * (TC model), the angular velocities of rough particles, the potential
 * and dissipated energies and the counters.
 * Radii, rules and bonds come from the configuration and the particles,
 * which a resume checks are the same. */
#ifndef HSF_MODEL_STATE_H
#define HSF_MODEL_STATE_H

#include "checkpoint/file.h"
#include "shared/system_private.h"

/* Writes the MODL section (only for a run with a model). */
void hsf_ckpt_write_model(hsf_ckpt_writer *w, const hsf_system *sys);

/* Restores what hsf_ckpt_write_model wrote, from a section of size bytes.
 * Returns 0, or -1 with err set ("path: checkpoint's MODL section is
 * damaged"; out of memory). */
int hsf_ckpt_read_model(hsf_system *sys, const unsigned char *data, size_t size,
                        const char *path, hsf_error *err);

#endif
