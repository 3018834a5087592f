/* One whole run from a configuration file (private; used by main.c and the
 * end-to-end tests). */
#ifndef HSF_RUN_H
#define HSF_RUN_H

#include <signal.h>
#include <stdio.h>

#include <hsframe/error.h>
#include <hsframe/system.h>

#include "host/config_help.h"

/* Exit statuses of the hsframe program.  HSF_EXIT_CHECKPOINTED: the run
 * stopped (a signal, or [checkpoint] stop_after) after writing its
 * checkpoint, and goes on with --resume; 75 is EX_TEMPFAIL of sysexits.h,
 * "try again later", which job scripts test to requeue. */
enum { HSF_EXIT_OK = 0, HSF_EXIT_FAILURE = 1, HSF_EXIT_USAGE = 2, HSF_EXIT_CHECKPOINTED = 75 };

struct hsf_sim;
struct hsf_sim_observer;

typedef struct hsf_run_options {
    const char *config_path;
    const char *config_text;        /* the configuration's text, read instead of the
                                       file config_path then only names (hsf_sim_open);
                                       NULL: read config_path */
    const char *const *overrides;   /* "SECTION.KEY=VALUE" strings */
    size_t n_overrides;
    const char *plugin_dirs;        /* colon-separated, searched first; may be NULL */
    FILE *info;                     /* informational messages, or NULL for none */
    FILE *summary;                  /* the summary, or NULL for none */
    int summary_format;             /* an hsf_summary_format (run/summary.h): 0 for
                                       key: value lines, 1 for JSON */
    FILE *progress;                 /* a terminal for the progress line, or NULL */
    const volatile sig_atomic_t *stop;  /* when non-zero (set by a signal), the run
                                           writes its checkpoint and stops, or without
                                           [checkpoint] ends as failed, cleaning up;
                                           may be NULL */
    const char *resume;             /* a checkpoint to go on from, or NULL */
    int skip_outputs;               /* run without the [output.NAME] sections (the
                                       event-driven reference of [simulation] compare) */
    hsf_stats *stats;               /* when not NULL, receives the counters at the end */
    int check_only;                 /* check everything a run checks before it starts,
                                       then stop: nothing runs, nothing is written */
    /* Observers of a run driven through hsf_sim (run/sim_observer.c):
     * outputs after those of the configuration, called with sim. */
    const struct hsf_sim_observer *observers;
    size_t n_observers;
    struct hsf_sim *sim;
} hsf_run_options;

/* Builds the system described by the configuration, checks everything,
 * runs it and prints the summary.  Returns HSF_EXIT_OK, HSF_EXIT_USAGE for a
 * bad configuration or input (nothing has run, no output was written) or
 * HSF_EXIT_FAILURE when something failed while running, or
 * HSF_EXIT_CHECKPOINTED when it stopped after writing its checkpoint; err
 * says what failed. */
int hsf_run(const hsf_run_options *opt, hsf_error *err);

/* The sections of a configuration and the tables their keys are checked
 * against (params.c), for hsframe --help-config; ends with a NULL name. */
extern const hsf_host_section hsf_host_sections[];

#endif
