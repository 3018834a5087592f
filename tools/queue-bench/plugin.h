/* Queue plugins for hsframe-queue-bench: found by name or path and loaded
 * with hsframe's own loader (host/plugin_loader.h). */
#ifndef QB_PLUGIN_H
#define QB_PLUGIN_H

#include <stddef.h>

#include <hsframe/queue.h>

#include "host/plugin_loader.h"

/* One loaded queue plugin. */
typedef struct qb_queue {
    char *name;             /* the descriptor's name; owned */
    char *path;             /* the .so loaded; owned */
    hsf_plugin host;        /* from hsf_plugin_open */
    hsf_queue_type type;    /* the vtable, members newer than the plugin's minor NULL */
} qb_queue;

/* The directory bare names are looked up in: dir if not NULL, else the
 * build tree's plugins/queue/.libs when the program runs from one, else
 * the installed plugin directory.  Returns a string owned by the caller. */
char *qb_plugin_dir(const char *dir);

/* Loads spec (a path containing '/' or ending in ".so", or a bare name
 * looked up in dir) into *q, refusing what hsframe would refuse, and a
 * queue without state_size.  Returns 0, or -1 after writing to msg (size
 * len) what was expected and what was found. */
int qb_queue_load(const char *spec, const char *dir, qb_queue *q, char *msg, size_t len);

/* Every queue plugin in dir, binary_heap first (the reference of the
 * ratios), then by name; *count set.  Files that are not queue plugins
 * are skipped.  Returns an array owned by the caller (qb_queue_free_all),
 * or NULL with *count 0 when there is none. */
qb_queue *qb_queue_load_dir(const char *dir, size_t *count);

/* The error record handed to the plugins (hsf_error_new, made on first
 * use; a refused operation writes its reason there); NULL only when out
 * of memory. */
hsf_error *qb_error(void);

/* What the plugin wrote into qb_error() last, or "". */
const char *qb_error_message(void);

/* Unloads q. */
void qb_queue_free(qb_queue *q);
void qb_queue_free_all(qb_queue *q, size_t count);

#endif
