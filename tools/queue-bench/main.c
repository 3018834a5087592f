/* hsframe-queue-bench: times queue plugins on the hold and up-down models
 * (models.h) over sizes and increment distributions (increments.h), or on
 * a recording of a run ([queue] record, --replay), each measurement in a
 * child process of its own so that its peak RSS is its own.  Prints one
 * table row per measurement; every run checks the queue's answers as it
 * goes, and a wrong answer is reported and makes the exit status 1.
 * Usage in usage() and docs/QUEUES.md. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "models.h"
#include "plugin.h"
#include "recording.h"
#include "replay.h"

#define MAX_SIZES 32

static void usage(FILE *out)
{
    fputs("usage: hsframe-queue-bench [OPTION...] [PLUGIN...]\n"
          "       hsframe-queue-bench --replay FILE [--plugin-path DIR] [PLUGIN...]\n"
          "Times queue plugins (PLUGIN.so paths or names; default: every queue plugin\n"
          "in the plugin directory) on the hold and up-down models, push/pop and\n"
          "indexed, or replays a recording ([queue] record = FILE) checking every\n"
          "answer.  Rows: queue, model, distribution, n, steps per second, ratio to\n"
          "binary_heap in the same form, peak RSS.\n"
          "  --sizes N,N,...     sizes (default 100,1000,...,10000000)\n"
          "  --dist D,D,...      exponential, uniform, bimodal, triangular,\n"
          "                      negtriangular, camel, or all (default all)\n"
          "  --model M,M         hold, updown (default both)\n"
          "  --form F,F          pushpop, indexed (default both)\n"
          "  --holds N           holds timed per hold run (default 1000000)\n"
          "  --quick             sizes 100 to 100000, 200000 holds\n"
          "  --plugin-path DIR   where plugin names are found (default: the build\n"
          "                      tree's plugins/queue/.libs when run from it, else\n"
          "                      " HSF_PLUGINDIR ");\n"
          "                      --plugin-dir, its former name, is still accepted\n"
          "  --replay FILE       replay a recording instead\n"
          "Exit status: 0; 1 when a queue gave a wrong answer or failed; 2 for bad\n"
          "usage or a damaged recording.\n", out);
}

/* What a child sends back. */
typedef struct child_result {
    double rate;        /* steps per second; < 0: failed (-1 wrong answer, -2 cannot) */
    char msg[400];
} child_result;

typedef double (*measure_fn)(const hsf_queue_type *q, const void *arg, char *msg, size_t len);

/* Runs measure in a child; *rss_mib its peak RSS.  A child that dies is a
 * failure with its signal named. */
static child_result in_child(measure_fn measure, const hsf_queue_type *q, const void *arg,
                             double *rss_mib)
{
    child_result res = { .rate = -1 };
    int fds[2];
    if (pipe(fds)) {
        snprintf(res.msg, sizeof res.msg, "pipe: %s", strerror(errno));
        return res;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        child_result mine = { 0 };
        mine.rate = measure(q, arg, mine.msg, sizeof mine.msg);
        _exit(write(fds[1], &mine, sizeof mine) == (ssize_t)sizeof mine ? 0 : 1);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        snprintf(res.msg, sizeof res.msg, "fork: %s", strerror(errno));
        return res;
    }
    ssize_t got = read(fds[0], &res, sizeof res);
    close(fds[0]);
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    *rss_mib = (double)ru.ru_maxrss / 1024;
    if (got != (ssize_t)sizeof res) {
        res.rate = -1;
        if (WIFSIGNALED(status))
            snprintf(res.msg, sizeof res.msg, "crashed (signal %d)", WTERMSIG(status));
        else
            snprintf(res.msg, sizeof res.msg, "died (exit status %d)", WEXITSTATUS(status));
    }
    return res;
}

static double measure_model(const hsf_queue_type *q, const void *arg, char *msg, size_t len)
{
    return qb_model_run(q, arg, msg, len);
}

static double measure_replay(const hsf_queue_type *q, const void *arg, char *msg, size_t len)
{
    return qb_replay(q, arg, msg, len);
}

/* Splits a comma-separated list into items (at most max); returns how many, or -1. */
static int split(char *list, char **items, int max)
{
    int n = 0;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (n == max)
            return -1;
        items[n++] = tok;
    }
    return n;
}

static int bad_usage(const char *fmt, const char *what)
{
    fprintf(stderr, "hsframe-queue-bench: ");
    fprintf(stderr, fmt, what);
    fprintf(stderr, " (--help for usage)\n");
    return 2;
}

typedef struct options {
    size_t sizes[MAX_SIZES];
    int n_sizes;
    int dists[QB_NDIST], n_dists;
    int models[2], n_models;
    int forms[2], n_forms;  /* 0 push/pop, 1 indexed */
    size_t holds;
    const char *dir, *replay;
    char **queues;
    int n_queues;
} options;

static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    for (size_t n = 100; n <= 10000000; n *= 10)
        o->sizes[o->n_sizes++] = n;
    for (int d = 0; d < QB_NDIST; d++)
        o->dists[o->n_dists++] = d;
    o->models[0] = QB_HOLD, o->models[1] = QB_UPDOWN, o->n_models = 2;
    o->forms[0] = 0, o->forms[1] = 1, o->n_forms = 2;
    o->holds = 1000000;
    int k = 1;
    for (; k < argc && argv[k][0] == '-'; k++) {
        const char *opt = argv[k];
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (!strcmp(opt, "--quick")) {
            o->n_sizes = 0;
            for (size_t n = 100; n <= 100000; n *= 10)
                o->sizes[o->n_sizes++] = n;
            o->holds = 200000;
            continue;
        }
        if (k + 1 == argc)
            return bad_usage("%s needs a value", opt);
        char *val = argv[++k], *items[MAX_SIZES];
        int n = split(val, items, MAX_SIZES);
        if (n <= 0)
            return bad_usage("%s: expected a list of values", opt);
        if (!strcmp(opt, "--sizes")) {
            o->n_sizes = n;
            for (int i = 0; i < n; i++) {
                char *end;
                double v = strtod(items[i], &end);
                if (*end || !(v >= 1 && v <= 1e9) || v != (double)(size_t)v)
                    return bad_usage("--sizes: expected whole numbers from 1 to 1e9, found %s",
                                     items[i]);
                o->sizes[i] = (size_t)v;
            }
        } else if (!strcmp(opt, "--dist")) {
            o->n_dists = 0;
            for (int i = 0; i < n; i++) {
                int d = qb_dist_find(items[i]);
                if (!strcmp(items[i], "all")) {
                    for (d = 0; d < QB_NDIST; d++)
                        o->dists[d] = d;
                    o->n_dists = QB_NDIST;
                    break;
                }
                if (d < 0 || o->n_dists == QB_NDIST)
                    return bad_usage("--dist: expected exponential, uniform, bimodal, "
                                     "triangular, negtriangular, camel or all, found %s",
                                     items[i]);
                o->dists[o->n_dists++] = d;
            }
        } else if (!strcmp(opt, "--model") || !strcmp(opt, "--form")) {
            int model = !strcmp(opt, "--model");
            const char *a = model ? "hold" : "pushpop", *b = model ? "updown" : "indexed";
            int *to = model ? o->models : o->forms, *count = model ? &o->n_models : &o->n_forms;
            if (n > 2)
                return bad_usage("%s: expected at most two values", opt);
            *count = n;
            for (int i = 0; i < n; i++) {
                if (strcmp(items[i], a) && strcmp(items[i], b))
                    return bad_usage(model ? "--model: expected hold or updown, found %s"
                                           : "--form: expected pushpop or indexed, found %s",
                                     items[i]);
                to[i] = !strcmp(items[i], b);
            }
        } else if (!strcmp(opt, "--holds")) {
            char *end;
            double v = strtod(val, &end);
            if (*end || !(v >= 1 && v <= 1e12))
                return bad_usage("--holds: expected a number from 1 to 1e12, found %s", val);
            o->holds = (size_t)v;
        } else if (!strcmp(opt, "--plugin-path") || !strcmp(opt, "--plugin-dir")) {
            o->dir = val;
        } else if (!strcmp(opt, "--replay")) {
            o->replay = val;
        } else {
            return bad_usage("unknown option %s", opt);
        }
    }
    o->queues = argv + k;
    o->n_queues = argc - k;
    return 0;
}

/* The queues named, or every one in dir. */
static qb_queue *load_queues(const options *o, const char *dir, size_t *count)
{
    if (!o->n_queues) {
        qb_queue *all = qb_queue_load_dir(dir, count);
        if (!all)
            fprintf(stderr, "hsframe-queue-bench: no queue plugin in %s\n", dir);
        return all;
    }
    qb_queue *qs = calloc((size_t)o->n_queues, sizeof *qs);
    *count = 0;
    for (int k = 0; qs && k < o->n_queues; k++) {
        char msg[600];
        if (qb_queue_load(o->queues[k], dir, &qs[k], msg, sizeof msg)) {
            fprintf(stderr, "hsframe-queue-bench: %s\n", msg);
            qb_queue_free_all(qs, (size_t)k);
            return NULL;
        }
        *count = (size_t)k + 1;
    }
    /* binary_heap, the reference of the ratios, is timed first. */
    for (size_t k = 1; qs && k < *count; k++)
        if (!strcmp(qs[k].name, "binary_heap")) {
            qb_queue first = qs[k];
            memmove(qs + 1, qs, k * sizeof *qs);
            qs[0] = first;
            break;
        }
    return qs;
}

static void row(const char *queue, const char *model, const char *dist, size_t n,
                const child_result *r, double base, double rss)
{
    char label[64];
    snprintf(label, sizeof label, "%s", queue);
    if (r->rate < 0) {
        printf("%-22s %-7s %-20s %9zu  FAILED: %s\n", label, model, dist, n, r->msg);
    } else if (base > 0) {
        printf("%-22s %-7s %-20s %9zu %12.0f %7.2f %9.1f\n", label, model, dist, n, r->rate,
               r->rate / base, rss);
    } else {
        printf("%-22s %-7s %-20s %9zu %12.0f %7s %9.1f\n", label, model, dist, n, r->rate, "-",
               rss);
    }
    fflush(stdout);
}

static void header(const char *model, const char *dist)
{
    printf("%-22s %-7s %-20s %9s %12s %7s %9s\n", "queue", model, dist, "n", "ops/s", "ratio",
           "RSS(MiB)");
}

static int bench(const options *o, qb_queue *qs, size_t count)
{
    int failed = 0;
    header("model", "distribution");
    for (int m = 0; m < o->n_models; m++)
        for (int d = 0; d < o->n_dists; d++)
            for (int s = 0; s < o->n_sizes; s++)
                for (int f = 0; f < o->n_forms; f++) {
                    qb_run r = { .model = (qb_model)o->models[m], .dist = (qb_dist)o->dists[d],
                                 .n = o->sizes[s], .holds = o->holds,
                                 .indexed = o->forms[f] };
                    double base = 0;
                    for (size_t k = 0; k < count; k++) {
                        if (r.indexed && !qs[k].type.index_init)
                            continue;
                        char label[96];
                        snprintf(label, sizeof label, "%s%s", qs[k].name,
                                 r.indexed ? "/indexed" : "");
                        double rss = 0;
                        child_result res = in_child(measure_model, &qs[k].type, &r, &rss);
                        if (!strcmp(qs[k].name, "binary_heap") && res.rate > 0)
                            base = res.rate;
                        failed |= res.rate < 0;
                        row(label, r.model == QB_HOLD ? "hold" : "updown",
                            qb_dist_names[r.dist], r.n, &res, base, rss);
                    }
                }
    return failed;
}

static int replay(const options *o, qb_queue *qs, size_t count)
{
    qb_recording rec;
    char msg[600];
    if (qb_recording_read(o->replay, &rec, msg, sizeof msg)) {
        fprintf(stderr, "hsframe-queue-bench: %s\n", msg);
        return 2;
    }
    const char *name = strrchr(o->replay, '/');
    name = name ? name + 1 : o->replay;
    int failed = 0;
    double base = 0;
    header("mode", "recording");
    for (size_t k = 0; k < count; k++) {
        double rss = 0;
        child_result res = in_child(measure_replay, &qs[k].type, &rec, &rss);
        if (res.rate == -2 && !strcmp(res.msg, "no indexed form"))
            continue;   /* a push/pop queue cannot replay an indexed run */
        if (!strcmp(qs[k].name, "binary_heap") && res.rate > 0)
            base = res.rate;
        failed |= res.rate < 0;
        row(qs[k].name, rec.indexed ? "indexed" : "pushpop", name, rec.n_ops, &res, base, rss);
    }
    qb_recording_free(&rec);
    return failed;
}

int main(int argc, char **argv)
{
    options o;
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc;
    char *dir = qb_plugin_dir(o.dir);
    size_t count = 0;
    qb_queue *qs = dir ? load_queues(&o, dir, &count) : NULL;
    free(dir);
    if (!qs)
        return 2;
    rc = o.replay ? replay(&o, qs, count) : bench(&o, qs, count);
    qb_queue_free_all(qs, count);
    if (rc == 1)
        fprintf(stderr, "hsframe-queue-bench: a queue failed (FAILED rows above)\n");
    return rc;
}
