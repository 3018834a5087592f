/* Helpers shared by the Criterion tests. */
#ifndef HSF_TESTLIB_H
#define HSF_TESTLIB_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char hsf_test_dir[64];

static inline int hsf_test_remove(const char *path, const struct stat *st, int flag,
                                  struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static inline void hsf_test_cleanup(void)
{
    if (hsf_test_dir[0])
        nftw(hsf_test_dir, hsf_test_remove, 8, FTW_DEPTH | FTW_PHYS);
}

/* Writes text to a new file in a fresh temporary directory, with the given
 * base name, and returns its path (static storage, overwritten by the next
 * call with the same slot).  The directory goes when the process exits. */
static inline const char *write_temp(int slot, const char *base, const char *text)
{
    static char paths[8][256];
    if (!hsf_test_dir[0]) {
        snprintf(hsf_test_dir, sizeof hsf_test_dir, "/tmp/hsf-test-XXXXXX");
        if (!mkdtemp(hsf_test_dir))
            abort();
        atexit(hsf_test_cleanup);
    }
    snprintf(paths[slot], sizeof paths[slot], "%s/%s", hsf_test_dir, base);
    FILE *f = fopen(paths[slot], "w");
    if (!f)
        abort();
    fputs(text, f);
    fclose(f);
    return paths[slot];
}

/* A fresh path named base in the temporary directory, for a file the test
 * expects a run to write (nothing is there yet).  Static storage per slot. */
static inline const char *temp_output(int slot, const char *base)
{
    static char buf[8][512];
    snprintf(buf[slot], sizeof buf[slot], "%s", write_temp(slot, base, ""));
    unlink(buf[slot]);
    return buf[slot];
}

#endif
