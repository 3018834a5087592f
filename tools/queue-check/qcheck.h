/* hsframe-queue-check: the queue contract of include/hsframe/queue.h,
 * checked on any queue plugin, loaded as hsframe loads it. */
#ifndef QCHECK_H
#define QCHECK_H

#include <stddef.h>
#include <stdint.h>

#include <hsframe/hsframe.h>

#include "host/plugin_loader.h"

/* ---- the plugin under test (plugin.c) ---------------------------------- */

typedef struct qc_plugin {
    char path[4096];
    char file_name[256];            /* the file name without ".so": must be info->name */
    hsf_plugin host;                /* loaded by hsframe's loader (host/plugin_loader.h) */
    const hsf_plugin_info *info;
    /* The vtable as the host reads it (host.vtable): only the members of
     * the minor the plugin declares, the others NULL. */
    hsf_queue_type t;
} qc_plugin;

/* Finds (a path, or a bare name in the directories of plugin_path and then
 * the installed plugin directory) and loads a queue plugin with hsframe's
 * loader, which refuses what hsframe would refuse (hsf_plugin_open).
 * Returns 0, or -1 after writing the reason into why. */
int qc_plugin_load(qc_plugin *pl, const char *arg, const char *plugin_path, char *why,
                   size_t why_size);

/* One instance of the queue under test. */
typedef struct qc_queue {
    const hsf_queue_type *t;
    void *q;
} qc_queue;

/* A new instance: calloc'ed state, init with no [queue] section (cfg NULL)
 * and the hint; a failure of init fails the check. */
qc_queue qc_open(size_t size_hint);
/* index_init(nkeys) on a new instance; skips the check (exit 77) when the
 * queue has no indexed form. */
qc_queue qc_open_indexed(uint32_t nkeys);
void qc_close(qc_queue *qu);
int qc_has_index(void);

/* ---- the run of one check (report.c) ------------------------------------ */

extern const qc_plugin *qc_pl;      /* the plugin under test */
extern const char *qc_check;        /* the check running */
extern int qc_quick;                /* --quick: small sizes */

/* The exit status of a check's process that qc_fail ended: not 1, which
 * the sanitizers use. */
#define QC_FAILED 90

/* Prints "FAIL PLUGIN: CHECK: message" and ends the check's process with
 * status QC_FAILED. */
void qc_fail(const char *fmt, ...) HSF_PRINTF(1, 2) __attribute__((noreturn));
/* Ends the check's process with status 77: the check does not apply. */
void qc_skip(const char *fmt, ...) HSF_PRINTF(1, 2) __attribute__((noreturn));

/* full, or quick with --quick. */
size_t qc_size(size_t full, size_t quick);

/* The host's error record (host_error.c): the checker is the host, and owns
 * the errors it hands to the plugin. */
hsf_error *qc_err(void);
void qc_err_clear(void);

/* ---- events (events.c) -------------------------------------------------- */

void qc_seed(uint64_t seed);
uint64_t qc_u64(void);
double qc_uniform(void);            /* in (0, 1) */
double qc_exponential(void);        /* Exp(1) */
/* An event whose other 16 bytes are all derived from seq. */
hsf_event qc_event(double time, uint64_t seq);
uint64_t qc_next_seq(void);         /* 1, 2, 3, ... per check */

/* Times for the workloads. */
double qc_gen_uniform(void);        /* uniform in (0, 1000) */
double qc_gen_one_value(void);      /* always 42.5 */
double qc_gen_few_values(void);     /* 0, 0.5, 1, 7 or 1e6 */
double qc_gen_log_uniform(void);    /* 10^-9 .. 10^9, uniform in the exponent */
double qc_gen_gaps(void);           /* a drifting base with gaps 0 .. 1e12, now and then ~1e300 */
void qc_gen_gaps_reset(void);

/* ---- the reference: a sorted array (reference.c) ------------------------ */

typedef struct qc_ref {
    hsf_event *run, *buf, *tmp;
    size_t head, len, nbuf, cap;
} qc_ref;

size_t qc_ref_size(const qc_ref *r);
void qc_ref_push(qc_ref *r, hsf_event ev);
hsf_event qc_ref_pop(qc_ref *r);
void qc_ref_free(qc_ref *r);

/* ---- checked operations (ops.c) ----------------------------------------- */

extern size_t qc_step;              /* operations so far in this check */

void qc_push(qc_queue *qu, qc_ref *r, hsf_event ev);
void qc_push_at(qc_queue *qu, qc_ref *r, double time);
hsf_event qc_pop(qc_queue *qu, qc_ref *r);      /* against the reference and peek */
void qc_check_size(qc_queue *qu, size_t want);
void qc_check_empty(qc_queue *qu);
void qc_drain(qc_queue *qu, qc_ref *r);         /* pops all, then checks empty */

/* ---- the checks --------------------------------------------------------- */

typedef struct qc_check_def {
    const char *name;
    void (*run)(void);
    const char *means;              /* one line for --help */
} qc_check_def;

extern const qc_check_def qc_order_checks[];    /* push, pop, peek, size */
extern const qc_check_def qc_index_checks[];    /* the indexed form */

#endif
