/* hsframe --help-config (config_help.h). */
#include <stdio.h>
#include <string.h>

#include <hsframe/plugin.h>

#include "host/config_help.h"

static const char *type_name(hsf_param_type t)
{
    static const char *const names[] = { "?", "number", "integer", "bool", "text", "numbers" };
    return t >= 1 && t <= 5 ? names[t] : names[0];
}

/* A bound as the tables mean it: 1e300 and beyond is no bound. */
static void bound(char *buf, size_t size, double x)
{
    if (x >= 1e300)
        snprintf(buf, size, "inf");
    else if (x <= -1e300)
        snprintf(buf, size, "-inf");
    else
        snprintf(buf, size, "%.10g", x);
}

/* "MIN..MAX" (both ends included), or "-" for a key without a range
 * (text, bool, or min = max = 0). */
static void range(char *buf, size_t size, const hsf_param *q)
{
    if ((q->min == 0 && q->max == 0) || q->type == HSF_PARAM_BOOL || q->type == HSF_PARAM_STRING) {
        snprintf(buf, size, "-");
        return;
    }
    char lo[32], hi[32];
    bound(lo, sizeof lo, q->min);
    bound(hi, sizeof hi, q->max);
    snprintf(buf, size, "%s..%s", lo, hi);
}

static const char *default_of(const hsf_param *q)
{
    return q->def ? (*q->def ? q->def : "\"\"") : "(required)";
}

/* Widens the name and default columns to the longest in tables. */
static void widths(const hsf_param *const tables[2], int *name, int *def)
{
    for (int t = 0; t < 2; t++)
        for (const hsf_param *q = tables[t]; q && q->name; q++) {
            int n = (int)strlen(q->name), d = (int)strlen(default_of(q));
            *name = n > *name ? n : *name;
            *def = d > *def ? d : *def;
        }
}

static void rows(FILE *out, const hsf_param *params, int name, int def)
{
    for (const hsf_param *q = params; q && q->name; q++)
        fprintf(out, "  %-*s  %-8s %-*s  %s\n", name, q->name, type_name(q->type), def,
                default_of(q), q->help ? q->help : "");
}

void hsf_plugin_params_help(FILE *out, const hsf_host_section *sections, int kind,
                            const hsf_param *params)
{
    static const char *const section_of[] = {
        [HSF_PLUGIN_QUEUE] = "queue", [HSF_PLUGIN_BOUNDARY] = "boundary",
        [HSF_PLUGIN_OUTPUT] = "output.NAME", [HSF_PLUGIN_INTERACTION] = "interaction",
        [HSF_PLUGIN_THERMOSTAT] = "thermostat", [HSF_PLUGIN_FORCE] = "force.NAME",
    };
    const char *name = kind > 0 && kind <= HSF_PLUGIN_FORCE ? section_of[kind] : NULL;
    const hsf_host_section *s = sections;
    while (s->name && (!name || strcmp(s->name, name)))
        s++;
    const hsf_param *none = NULL, *const *host = s->name ? s->params : &none;
    const hsf_param *const own[2] = { params, NULL };
    int nw = 10, dw = 10;
    widths(host, &nw, &dw);
    widths(own, &nw, &dw);
    if (s->name) {
        fprintf(out, "The keys hsframe reads in every [%s] section:\n", s->name);
        for (int t = 0; t < 2; t++)
            rows(out, host[t], nw, dw);
        fputc('\n', out);
    }
    fputs("Parameters:\n", out);
    if (params && params->name)
        rows(out, params, nw, dw);
    else
        fputs("  (none)\n", out);
}

void hsf_config_help(FILE *out, const hsf_host_section *sections)
{
    fputs("The keys of hsframe's own sections: name, type, default ((required): no\n"
          "default), range (both ends included; numbers: every component) and meaning.\n"
          "Units are the particles': lengths and times as in the particle file or\n"
          "[init], energies (kT) in mass times velocity squared, k_B = 1.\n"
          "A plugin's keys: hsframe --help-plugin NAME.  Reference: docs/CONFIG.md.\n", out);
    for (const hsf_host_section *s = sections; s->name; s++) {
        fprintf(out, "\n[%s]  %s\n", s->name, s->about);
        for (int t = 0; t < 2; t++)
            for (const hsf_param *q = s->params[t]; q && q->name; q++) {
                char r[80];
                range(r, sizeof r, q);
                fprintf(out, "  %-17s %-8s %-11s %-14s %s\n", q->name, type_name(q->type),
                        q->def ? (*q->def ? q->def : "\"\"") : "(required)", r,
                        q->help ? q->help : "");
            }
        if (s->plugin && *s->plugin)
            fprintf(out, "  and the keys of the plugin: hsframe --help-plugin %s\n", s->plugin);
        else if (s->plugin)
            fprintf(out, "  and the keys of the plugin: hsframe --help-plugin NAME\n");
    }
}
