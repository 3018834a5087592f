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

#endif
