/* The files a run reads and writes, and the check that nothing the run
 * writes lands on another of them (private to libhsframe). */
#ifndef HSF_FILE_USES_H
#define HSF_FILE_USES_H

#include <stddef.h>

#include <hsframe/config.h>
#include <hsframe/error.h>

typedef struct hsf_file_use {
    const hsf_config *cfg;  /* the section naming it, or NULL (the configuration file) */
    const char *key;        /* its key in cfg */
    char *path;             /* as opened, from the current directory (owned) */
    const char *role;       /* "the particle file", "the checkpoint file", ... */
    int written;            /* the run writes it */
} hsf_file_use;

typedef struct hsf_file_uses {
    hsf_file_use *u;
    size_t n;
} hsf_file_uses;

/* Adds a use of path (copied; NULL or "" adds nothing).  Returns 0, or -1
 * with err set (out of memory). */
int hsf_file_uses_add(hsf_file_uses *fu, const hsf_config *cfg, const char *key,
                      const char *path, const char *role, int written, hsf_error *err);

/* Adds the files an output section names: the values of its plugin's text
 * parameters file, video and screenshot. */
int hsf_file_uses_add_output(hsf_file_uses *fu, const hsf_config *cfg,
                             const hsf_param *params, hsf_error *err);

/* 0 when no file written is also another use's, however the paths are
 * spelt (the same inode when the file exists, else the same canonical
 * directory and name); else -1 with err naming both uses. */
int hsf_file_uses_check(const hsf_file_uses *fu, hsf_error *err);

void hsf_file_uses_free(hsf_file_uses *fu);

#endif
