/* The classic hold model (Vaucher and Duval 1975; Jones 1986), a queue-only
 * benchmark: fill a queue with n events at exponentially distributed times,
 * then repeat "pop, push at the popped time plus an Exp(1) increment".
 * NAME/indexed is the indexed form (ABI 1.1): n keys, and each hold moves
 * the first key to its time plus the increment.  Each (queue, n) runs in a
 * child process so that its peak memory is its own.  Prints holds per second, the ratio to binary_heap measured in the
 * same run, and peak RSS.  Usage: queue_hold PLUGIN-DIR [SCALE-DIVISOR] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <hsframe/queue.h>

#include "host/error_private.h"
#include "host/plugin_loader.h"

static uint64_t rng = 0x2545f4914f6cdd1dULL;

static double exponential(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return -log(((double)(rng >> 11) + 0.5) * 0x1p-53);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The indexed hold: first key moved later. */
static double hold_indexed(const hsf_queue_type *q, void *state, size_t n, size_t holds)
{
    hsf_error err;
    uint64_t seq = 0;
    if (q->index_init(state, (uint32_t)n, &err))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (q->index_set(state, (uint32_t)i, exponential(), ++seq, &err))
            return -1;
    double t0 = now();
    for (size_t k = 0; k < holds; k++) {
        uint32_t key;
        double time;
        q->index_first(state, &key, &time);
        q->index_set(state, key, time + exponential(), ++seq, &err);
    }
    return (double)holds / (now() - t0);
}

/* Runs in the child: returns holds per second, or -1. */
static double hold(const char *dir, const char *queue, size_t n, size_t holds)
{
    char name[64];
    snprintf(name, sizeof name, "%s", queue);
    char *slash = strchr(name, '/');
    if (slash)
        *slash = 0;
    hsf_plugin_path pp;
    hsf_plugin p;
    hsf_error err;
    hsf_error_clear(&err);
    if (hsf_plugin_path_init(&pp, dir, &err) || hsf_plugin_open(&pp, name, HSF_PLUGIN_QUEUE,
                                                                &p, &err)) {
        fprintf(stderr, "queue_hold: %s\n", hsf_error_message(&err));
        return -1;
    }
    const hsf_queue_type *q = p.info->vtable;
    void *state = calloc(1, q->state_size);
    if (!state || q->init(state, NULL, n, &err))
        return -1;
    if (slash) {
        double rate = q->index_init ? hold_indexed(q, state, n, holds) : -1;
        q->fini(state);
        free(state);
        hsf_plugin_close(&p);
        hsf_plugin_path_free(&pp);
        return rate;
    }
    uint64_t seq = 0;
    for (size_t i = 0; i < n; i++) {
        hsf_event ev = { .time = exponential(), .seq = ++seq };
        if (q->push(state, &ev, &err))
            return -1;
    }
    double t0 = now();
    for (size_t k = 0; k < holds; k++) {
        hsf_event ev;
        q->pop(state, &ev);
        ev.time += exponential();
        ev.seq = ++seq;
        q->push(state, &ev, &err);
    }
    double rate = (double)holds / (now() - t0);
    q->fini(state);
    free(state);
    hsf_plugin_close(&p);
    hsf_plugin_path_free(&pp);
    return rate;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: queue_hold PLUGIN-DIR [SCALE-DIVISOR]\n");
        return 2;
    }
    size_t divisor = argc > 2 ? (size_t)atol(argv[2]) : 1;
    static const char *const queues[] = { "binary_heap", "pairing_heap", "calendar", "ladder",
                                          "marin_tree", "splay_tree",
                                          "binary_heap/indexed", "calendar/indexed",
                                          "ladder/indexed", "marin_tree/indexed",
                                          "splay_tree/indexed" };
    printf("%-19s %9s %12s %7s %9s\n", "queue", "n", "holds/s", "ratio", "RSS(MiB)");
    for (size_t n = 1000; n <= 10000000; n *= 10) {
        double base = 0;
        for (size_t k = 0; k < sizeof queues / sizeof *queues; k++) {
            int fds[2];
            if (pipe(fds))
                return 1;
            pid_t pid = fork();
            if (pid == 0) {
                close(fds[0]);
                double rate = hold(argv[1], queues[k], n, 4000000 / (divisor ? divisor : 1));
                if (write(fds[1], &rate, sizeof rate) != sizeof rate)
                    _exit(1);
                _exit(0);
            }
            close(fds[1]);
            double rate = -1;
            if (read(fds[0], &rate, sizeof rate) != sizeof rate)
                rate = -1;
            close(fds[0]);
            int status;
            struct rusage ru;
            wait4(pid, &status, 0, &ru);
            if (rate < 0) {
                printf("%-19s %9zu %12s\n", queues[k], n, "failed");
                continue;
            }
            if (k == 0)
                base = rate;
            printf("%-19s %9zu %12.0f %7.2f %9.1f\n", queues[k], n, rate,
                   base > 0 ? rate / base : 0, (double)ru.ru_maxrss / 1024);
            fflush(stdout);
        }
    }
    return 0;
}
