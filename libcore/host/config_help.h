/* hsframe --help-config: the keys of the host's own sections, printed
 * from the parameter tables the host checks a configuration against. */
#ifndef HSF_CONFIG_HELP_H
#define HSF_CONFIG_HELP_H

#include <stdio.h>

#include <hsframe/config.h>

typedef struct hsf_host_section {
    const char *name;            /* "simulation", "output.NAME" */
    const char *about;           /* one line: what the section is for */
    const hsf_param *params[2];  /* its tables; the second may be NULL */
    const char *plugin;          /* the section names a plugin, whose own keys it also
                                    takes (--help-plugin); its default, "" for none */
} hsf_host_section;

/* Prints every section of sections (ends with a NULL name; the run's are
 * hsf_host_sections, run/run.h), one line per key: name, type, default,
 * range and meaning (with its unit). */
void hsf_config_help(FILE *out, const hsf_host_section *sections);

/* For hsframe --help-plugin: the host's keys of the section of sections
 * (as for hsf_config_help) a plugin of kind (an hsf_plugin_kind) goes in,
 * then the plugin's own (params, may be NULL), one line per key in
 * aligned columns: name, type, default and meaning. */
void hsf_plugin_params_help(FILE *out, const hsf_host_section *sections, int kind,
                            const hsf_param *params);

#endif
