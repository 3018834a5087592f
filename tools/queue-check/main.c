/* hsframe-queue-check PLUGIN...: the queue contract of
 * include/hsframe/queue.h, checked on each queue plugin named.  Each check
 * runs in a process of its own, so that a crash or a hang in the plugin
 * fails that check and the others still run.  Exit status: 0 all passed,
 * 1 some failed, 2 a usage error or a plugin that cannot be loaded. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "qcheck.h"

#ifndef HSF_PLUGINDIR
#define HSF_PLUGINDIR "/usr/local/lib/hsframe"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "?"
#endif

static const qc_check_def *const groups[] = { qc_order_checks, qc_index_checks };

typedef struct tally {
    unsigned passed, failed, skipped;
} tally;

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: hsframe-queue-check [OPTION]... PLUGIN...\n"
            "Checks event queue plugins against the contract of <hsframe/queue.h>.\n"
            "PLUGIN is a file NAME.so, or a bare NAME looked up in --plugin-path and then\n"
            "in %s.\n\n"
            "  --quick             smaller sizes (10^5 events for growth; seconds per queue)\n"
            "  --check NAME[,NAME] run only these checks\n"
            "  --plugin-path DIRS  directories (colon-separated) searched for a bare NAME\n"
            "  --timeout SECONDS   a check running longer fails (default 600)\n"
            "  --help, --version\n\n"
            "Every pop is compared, all 32 bytes, with a reference that is a sorted array\n"
            "(qsort by time, then seq).  Each check runs in its own process; a failure\n"
            "prints one line: FAIL PLUGIN: CHECK: OPERATION at step N: expected ..., found ...\n"
            "(the step counts the operations since the check began).  The indexed\n"
            "checks are skipped for a queue without the indexed form.\n\n"
            "The checks:\n"
            "  %-17s %s\n",
            HSF_PLUGINDIR, "descriptor",
            "the name is the file name; a summary; a vtable with state_size > 0 and init, "
            "fini, push, pop, peek, size set (without them no other check runs)");
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
        for (const qc_check_def *c = groups[g]; c->name; c++)
            fprintf(f, "  %-17s %s\n", c->name, c->means);
    fprintf(f, "\nExit status: 0 all passed, 1 some failed, 2 usage or a plugin that hsframe's\n"
               "loader refuses (not found, dlopen's error, not a queue plugin, another ABI\n"
               "major or a newer minor, a name other than its file's, a member missing).\n");
}

/* The descriptor and the members every queue must have: without them the
 * checks cannot run. */
static int check_descriptor(const qc_plugin *pl)
{
    const hsf_plugin_info *info = pl->info;
    const char *bad = NULL;
    char what[512];
    if (!info->name || strcmp(info->name, pl->file_name))
        snprintf(what, sizeof what, "name: expected \"%s\" (the file name), found \"%s\"",
                 pl->file_name, info->name ? info->name : "(null)"), bad = what;
    else if (!info->summary)
        bad = "summary: expected a line for --list-plugins, found NULL";
    else if (!info->vtable)
        bad = "vtable: expected an hsf_queue_type, found NULL";
    else if (!pl->t.state_size)
        bad = "state_size: expected > 0, found 0";
    else if (!pl->t.init || !pl->t.fini || !pl->t.push || !pl->t.pop || !pl->t.peek ||
             !pl->t.size)
        bad = "init, fini, push, pop, peek, size: expected all set, found one NULL";
    if (bad) {
        printf("FAIL %s: descriptor: %s\n", pl->file_name, bad);
        return -1;
    }
    printf("PASS %s: descriptor (ABI %u.%u, %s)\n", pl->file_name, info->abi_major,
           info->abi_minor, pl->t.index_init ? "indexed" : "push and pop only");
    return 0;
}

static int wanted(const char *only, const char *name)
{
    if (!only)
        return 1;
    size_t len = strlen(name);
    for (const char *p = only; *p;) {
        size_t l = strcspn(p, ",");
        if (l == len && !strncmp(p, name, l))
            return 1;
        p += l + (p[l] == ',');
    }
    return 0;
}

static void run_check(const qc_plugin *pl, const qc_check_def *c, unsigned timeout, tally *t)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        printf("FAIL %s: %s: cannot start a process for the check: %s\n", pl->file_name,
               c->name, strerror(errno));
        t->failed++;
        return;
    }
    if (pid == 0) {
        qc_pl = pl;
        qc_check = c->name;
        alarm(timeout);
        c->run();
        fflush(stdout);
        exit(0);                /* exit, not _exit: leak checkers run at exit */
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            printf("FAIL %s: %s: lost the check's process: %s\n", pl->file_name, c->name,
                   strerror(errno));
            t->failed++;
            return;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        printf("PASS %s: %s\n", pl->file_name, c->name);
        t->passed++;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
        t->skipped++;           /* the check said why */
    } else {
        t->failed++;
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            printf("FAIL %s: %s: expected an end within %u s, found none (a loop that never "
                   "ends?)\n", pl->file_name, c->name, timeout);
        else if (WIFSIGNALED(status))
            printf("FAIL %s: %s: crashed: signal %d (%s)\n", pl->file_name, c->name,
                   WTERMSIG(status), strsignal(WTERMSIG(status)));
        else if (WEXITSTATUS(status) != QC_FAILED)
            printf("FAIL %s: %s: the check's process ended with status %d (see the messages "
                   "above)\n", pl->file_name, c->name, WEXITSTATUS(status));
    }
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        { "quick", no_argument, NULL, 'q' },         { "check", required_argument, NULL, 'c' },
        { "plugin-path", required_argument, NULL, 'p' },
        { "timeout", required_argument, NULL, 't' }, { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },       { NULL, 0, NULL, 0 }
    };
    const char *only = NULL, *plugin_path = NULL;
    unsigned timeout = 600;
    for (int o; (o = getopt_long(argc, argv, "", options, NULL)) != -1;) {
        char *end;
        switch (o) {
        case 'q':
            qc_quick = 1;
            break;
        case 'c':
            only = optarg;
            break;
        case 'p':
            plugin_path = optarg;
            break;
        case 't': {
            errno = 0;
            unsigned long v = strtoul(optarg, &end, 10);
            if (errno || end == optarg || *end || v == 0 || v > 86400) {
                fprintf(stderr, "hsframe-queue-check: --timeout: expected seconds from 1 to "
                                "86400, found \"%s\"\n", optarg);
                return 2;
            }
            timeout = (unsigned)v;
            break;
        }
        case 'h':
            usage(stdout);
            return 0;
        case 'V':
            printf("hsframe-queue-check (hsframe) %s, plugin ABI %d.%d\n", PACKAGE_VERSION,
                   HSF_ABI_MAJOR, HSF_ABI_MINOR);
            return 0;
        default:
            usage(stderr);
            return 2;
        }
    }
    if (optind == argc) {
        fprintf(stderr, "hsframe-queue-check: expected at least one PLUGIN, found none "
                        "(--help for the usage)\n");
        return 2;
    }
    if (only)
        for (const char *p = only; *p;) {
            size_t l = strcspn(p, ",");
            int known = 0;
            for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
                for (const qc_check_def *c = groups[g]; c->name; c++)
                    known |= strlen(c->name) == l && !strncmp(c->name, p, l);
            if (!known) {
                fprintf(stderr, "hsframe-queue-check: --check: no check \"%.*s\" (--help "
                                "lists them)\n", (int)l, p);
                return 2;
            }
            p += l + (p[l] == ',');
        }
    /* Load them all first: a plugin that cannot be loaded is a usage error. */
    int count = argc - optind;
    qc_plugin *pl = calloc((size_t)count, sizeof *pl);
    if (!pl) {
        fprintf(stderr, "hsframe-queue-check: out of memory\n");
        return 2;
    }
    for (int i = 0; i < count; i++) {
        char why[8192];
        if (qc_plugin_load(&pl[i], argv[optind + i], plugin_path, why, sizeof why)) {
            fprintf(stderr, "hsframe-queue-check: %s\n", why);
            for (int k = 0; k < i; k++)
                hsf_plugin_close(&pl[k].host);
            free(pl);
            return 2;
        }
    }
    tally t = { 0 };
    for (int i = 0; i < count; i++) {
        if (check_descriptor(&pl[i])) {
            t.failed++;
            continue;
        }
        t.passed++;
        for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
            for (const qc_check_def *c = groups[g]; c->name; c++)
                if (wanted(only, c->name))
                    run_check(&pl[i], c, timeout, &t);
    }
    if (t.skipped)
        printf("hsframe-queue-check: %u passed, %u failed, %u skipped\n", t.passed, t.failed,
               t.skipped);
    else
        printf("hsframe-queue-check: %u passed, %u failed\n", t.passed, t.failed);
    for (int i = 0; i < count; i++)
        hsf_plugin_close(&pl[i].host);
    free(pl);
    return t.failed ? 1 : 0;
}
