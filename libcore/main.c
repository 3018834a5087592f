/* hsframe: the command-line program.  Parses options and hands over to
 * hsf_run(); everything else lives in libhsframe. */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/config_help.h"
#include "host/error_private.h"
#include "host/plugin_loader.h"
#include "run/run.h"
#include "run/summary.h"

/* Set by SIGINT and SIGTERM: the engine stops at the next event, writes its
 * checkpoint if the run has one, or else every output removes its temporary
 * file. */
static volatile sig_atomic_t stop_requested;

static void request_stop(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static void usage(FILE *out)
{
    fputs("Usage: hsframe -c FILE [-s SECTION.KEY=VALUE]... [-q] [--plugin-path DIRS]\n"
          "                [--resume CHECKPOINT] [--audit-every T] [--summary FORMAT] [--check]\n"
          "       hsframe --list-plugins | --help-plugin NAME | --help-config | --help\n"
          "       hsframe --version\n"
          "\n"
          "Event-driven simulation of hard discs (2D) and hard spheres (3D).\n"
          "\n"
          "  -c, --config FILE        run the simulation described by the INI FILE\n"
          "  -s, --set S.K=VALUE      set key K of section S, overriding FILE (repeatable;\n"
          "                           S is everything before the last dot, e.g.\n"
          "                           -s queue.plugin=binary_heap -s output.final.file=x.txt)\n"
          "  -q, --quiet              print errors and nothing else (no banner, progress\n"
          "                           or summary), but the summary --summary asks for\n"
          "      --summary FORMAT     the summary at the end as text (key: value lines, the\n"
          "                           default) or json (one object, numbers as numbers)\n"
          "      --plugin-path DIRS   colon-separated directories searched first for plugins\n"
          "      --resume CHECKPOINT  go on from a checkpoint written by this configuration\n"
          "      --audit-every T      check every T of simulated time that no two particles\n"
          "                           overlap and no event was lost (-s simulation.audit_every=T)\n"
          "      --check              check the configuration, plugins and particles as a run\n"
          "                           does before it starts, then exit: nothing runs or is written\n"
          "      --list-plugins       list the plugins found (name, kind, summary, file),\n"
          "                           then the files that cannot be loaded and why\n"
          "      --help-plugin NAME   describe a plugin and its parameters\n"
          "      --help-config        the keys of hsframe's own sections ([simulation],\n"
          "                           [init], ...): type, default, range, meaning\n"
          "  -h, --help               show this help\n"
          "  -V, --version            show the version\n"
          "\n"
          "Plugins are searched in --plugin-path, $HSFRAME_PLUGIN_PATH, the build tree\n"
          "(when run from it) and " HSF_PLUGINDIR ".\n"
          "Exit status: 0 success, 2 bad usage, configuration, input or checkpoint, 1 failure\n"
          "while running, 75 stopped after writing the checkpoint (go on with --resume).\n",
          out);
}

static void print_plugin_line(const hsf_plugin *p, void *user)
{
    (void)user;
    printf("%-16s %-9s %s\n%-16s %-9s (%s)\n", p->info->name,
           hsf_plugin_kind_name((int)p->info->kind), p->info->summary ? p->info->summary : "",
           "", "", p->file);
}

/* Kept in a stream until the valid plugins are printed (one pass finds
 * both: plugin_loader.h, hsf_plugin_list). */
static void note_unloadable(const char *file, const char *why, void *user)
{
    fprintf(user, "  %s: %s\n", file, why);
}

static void list_plugins(const hsf_plugin_path *pp)
{
    char *bad = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&bad, &len);   /* NULL: out of memory, then as they come */
    if (!hsf_plugin_list(pp, print_plugin_line, note_unloadable, f ? f : stdout))
        fprintf(stderr, "hsframe: no plugins found\n");
    if (f && !fclose(f) && len)
        printf("\nFiles that are not loadable plugins:\n%s", bad);
    free(bad);
}

static int help_plugin(const hsf_plugin_path *pp, const char *name)
{
    hsf_plugin p;
    hsf_error err;
    hsf_error_clear(&err);
    if (hsf_plugin_open(pp, name, 0, &p, &err)) {
        fprintf(stderr, "hsframe: %s\n", hsf_error_message(&err));
        return HSF_EXIT_USAGE;
    }
    printf("%s: %s plugin, %s\n  %s\n\n", p.info->name,
           hsf_plugin_kind_name((int)p.info->kind), p.file, p.info->summary);
    hsf_plugin_params_help(stdout, hsf_host_sections, (int)p.info->kind, p.info->params);
    hsf_plugin_close(&p);
    return HSF_EXIT_OK;
}

enum { OPT_LIST = 256, OPT_HELP_PLUGIN, OPT_HELP_CONFIG, OPT_PLUGIN_PATH, OPT_RESUME, OPT_AUDIT, OPT_SUMMARY, OPT_CHECK };

int main(int argc, char **argv)
{
    /* First of all, so that a job stopped while it starts still stops
     * cleanly (with a checkpoint if it has one). */
    struct sigaction sa = { .sa_handler = request_stop };
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    static const struct option longopts[] = {
        { "config", required_argument, NULL, 'c' },
        { "set", required_argument, NULL, 's' },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { "list-plugins", no_argument, NULL, OPT_LIST },
        { "help-plugin", required_argument, NULL, OPT_HELP_PLUGIN },
        { "help-config", no_argument, NULL, OPT_HELP_CONFIG },
        { "plugin-path", required_argument, NULL, OPT_PLUGIN_PATH },
        { "resume", required_argument, NULL, OPT_RESUME },
        { "audit-every", required_argument, NULL, OPT_AUDIT },
        { "summary", required_argument, NULL, OPT_SUMMARY },
        { "check", no_argument, NULL, OPT_CHECK },
        { NULL, 0, NULL, 0 }
    };
    const char *config = NULL, *plugin_dirs = NULL, *help_name = NULL, *resume = NULL;
    char audit[128];
    const char **overrides = calloc((size_t)argc, sizeof *overrides);
    size_t n_overrides = 0;
    int quiet = 0, list = 0, check_only = 0, summary_format = HSF_SUMMARY_TEXT, summary_asked = 0, c;
    if (!overrides)
        return HSF_EXIT_FAILURE;
    while ((c = getopt_long(argc, argv, "c:s:qhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'c': config = optarg; break;
        case 's': overrides[n_overrides++] = optarg; break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); free(overrides); return HSF_EXIT_OK;
        case 'V': printf("hsframe %s (plugin ABI %d.%d)\n", PACKAGE_VERSION, HSF_ABI_MAJOR,
                         HSF_ABI_MINOR);
                  free(overrides);
                  return HSF_EXIT_OK;
        case OPT_LIST: list = 1; break;
        case OPT_HELP_PLUGIN: help_name = optarg; break;
        case OPT_HELP_CONFIG: hsf_config_help(stdout, hsf_host_sections); free(overrides); return HSF_EXIT_OK;
        case OPT_PLUGIN_PATH: plugin_dirs = optarg; break;
        case OPT_RESUME: resume = optarg; break;
        case OPT_CHECK: check_only = 1; break;
        case OPT_AUDIT:
            /* The same as -s simulation.audit_every=T, checked as it is. */
            snprintf(audit, sizeof audit, "simulation.audit_every=%s", optarg);
            overrides[n_overrides++] = audit;
            break;
        case OPT_SUMMARY:
            if (!strcmp(optarg, "json") || !strcmp(optarg, "text")) {
                summary_format = strcmp(optarg, "json") ? HSF_SUMMARY_TEXT : HSF_SUMMARY_JSON;
                summary_asked = 1;
                break;
            }
            fprintf(stderr, "hsframe: --summary: expected text or json, found '%s'\n", optarg);
            /* fall through */
        default:
            fputs("Try 'hsframe --help'.\n", stderr);
            free(overrides);
            return HSF_EXIT_USAGE;
        }
    }
    int status = HSF_EXIT_OK;
    hsf_error err;
    hsf_error_clear(&err);
    if (optind < argc) {
        fprintf(stderr, "hsframe: unexpected argument '%s'\nTry 'hsframe --help'.\n",
                argv[optind]);
        status = HSF_EXIT_USAGE;
    } else if (list || help_name) {
        hsf_plugin_path pp;
        if (hsf_plugin_path_init(&pp, plugin_dirs, &err)) {
            fprintf(stderr, "hsframe: %s\n", hsf_error_message(&err));
            status = HSF_EXIT_FAILURE;
        } else {
            if (list)
                list_plugins(&pp);
            if (help_name)
                status = help_plugin(&pp, help_name);
            hsf_plugin_path_free(&pp);
        }
    } else if (!config) {
        fputs("hsframe: no configuration: give one with -c FILE\nTry 'hsframe --help'.\n",
              stderr);
        status = HSF_EXIT_USAGE;
    } else {
        hsf_run_options opt = { .config_path = config, .overrides = overrides,
                                .n_overrides = n_overrides, .plugin_dirs = plugin_dirs,
                                .info = quiet ? NULL : stderr,
                                /* -q silences what was not asked for. */
                                .summary = quiet && !summary_asked ? NULL : stdout,
                                .summary_format = summary_format,
                                .progress = !quiet && isatty(STDERR_FILENO) ? stderr : NULL,
                                .stop = &stop_requested, .resume = resume,
                                .check_only = check_only };
        status = hsf_run(&opt, &err);
        if (status && status != HSF_EXIT_CHECKPOINTED)
            fprintf(stderr, "hsframe: %s\n", hsf_error_message(&err));
    }
    free(overrides);
    return status;
}
