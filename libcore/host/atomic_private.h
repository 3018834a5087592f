/* The host's side of atomic files (include/hsframe/io.h), private to
 * libhsframe. */
#ifndef HSF_ATOMIC_PRIVATE_H
#define HSF_ATOMIC_PRIVATE_H

/* Forgets the temporaries that checkpointed outputs committed by a link
 * (hsf_atomic_save, hsf_atomic_commit), removing them if remove_files:
 * the run calls it with 1 once it has removed its checkpoint, with 0 when
 * the checkpoint stays. */
void hsf_atomic_release_kept(int remove_files);

#endif
