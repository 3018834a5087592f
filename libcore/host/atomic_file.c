/* Files that appear whole or not at all: write a temporary beside the
 * target, rename it over the target when complete. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hsframe/io.h>

#include "host/atomic_private.h"

/* Temporaries that a checkpoint names and that were committed by a link:
 * removed once the checkpoint is gone (hsf_atomic_release_kept). */
static char **kept;
static size_t n_kept;

struct hsf_atomic_file {
    FILE *f;
    char *path;
    char *tmp;
    int keep;       /* a checkpoint names the temporary: abort leaves it */
};

hsf_atomic_file *hsf_atomic_open(const char *path, hsf_error *err)
{
    if (!*path) {
        hsf_error_set(err, "expected a file name, found an empty one");
        return NULL;
    }
    /* rename cannot replace a directory: refuse it now, not after the run. */
    struct stat sb;
    if (!stat(path, &sb) && S_ISDIR(sb.st_mode)) {
        hsf_error_set(err, "%s: cannot write: %s", path, strerror(EISDIR));
        return NULL;
    }
    hsf_atomic_file *a = calloc(1, sizeof *a);
    size_t len = strlen(path);
    if (!a || !(a->path = strdup(path)) || !(a->tmp = malloc(len + 16))) {
        hsf_atomic_abort(a);
        hsf_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    /* A unique name in the same directory, so that rename stays atomic. */
    snprintf(a->tmp, len + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(a->tmp);
    if (fd >= 0) {
        /* mkstemp makes the file private (0600); the final file gets the
         * permissions any new file would (0666 less the umask). */
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    if (fd < 0 || !(a->f = fdopen(fd, "w"))) {
        hsf_error_set(err, "%s: cannot write: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(a->tmp);
        }
        free(a->tmp);
        a->tmp = NULL;
        hsf_atomic_abort(a);
        return NULL;
    }
    return a;
}

int hsf_atomic_check(const char *path, hsf_error *err)
{
    hsf_atomic_file *probe = hsf_atomic_open(path, err);
    if (!probe)
        return -1;
    hsf_atomic_abort(probe);
    return 0;
}

FILE *hsf_atomic_stream(hsf_atomic_file *f)
{
    return f->f;
}

/* A temporary that a checkpoint names must stay until the checkpoint is
 * removed: should the process die between committing its outputs and
 * removing the checkpoint, a resume still finds every file it names.  So
 * it is committed by a second link renamed over the target. */
static int commit_kept(hsf_atomic_file *f)
{
    size_t len = strlen(f->tmp) + 8;
    char *link_name = malloc(len);
    char **grown = realloc(kept, (n_kept + 1) * sizeof *kept);
    if (grown)
        kept = grown;
    if (!link_name || !grown) {
        free(link_name);
        errno = ENOMEM;
        return -1;
    }
    snprintf(link_name, len, "%s.link", f->tmp);
    unlink(link_name);
    int rc = link(f->tmp, link_name) || rename(link_name, f->path) ? -1 : 0;
    unlink(link_name);  /* left when the target was already this file */
    free(link_name);
    if (!rc) {
        kept[n_kept++] = f->tmp;
        f->tmp = NULL;
    }
    return rc;
}

int hsf_atomic_commit(hsf_atomic_file *f, hsf_error *err)
{
    int bad = ferror(f->f);
    bad |= fclose(f->f) != 0;
    f->f = NULL;
    errno = 0;
    if (bad || (f->keep ? commit_kept(f) : rename(f->tmp, f->path))) {
        hsf_error_set(err, "%s: cannot write: %s", f->path,
                      errno ? strerror(errno) : "write error");
        hsf_atomic_abort(f);
        return -1;
    }
    free(f->tmp);
    f->tmp = NULL;
    hsf_atomic_abort(f);
    return 0;
}

void hsf_atomic_release_kept(int remove_files)
{
    for (size_t k = 0; k < n_kept; k++) {
        if (remove_files)
            unlink(kept[k]);
        free(kept[k]);
    }
    free(kept);
    kept = NULL;
    n_kept = 0;
}

void hsf_atomic_abort(hsf_atomic_file *f)
{
    if (!f)
        return;
    if (f->f)
        fclose(f->f);
    if (f->tmp && !f->keep)
        unlink(f->tmp);
    free(f->tmp);
    free(f->path);
    free(f);
}

/* The record: the temporary's name (length, then bytes) and its length. */
int hsf_atomic_save(hsf_atomic_file *f, hsf_state *st, hsf_error *err)
{
    int fd = fileno(f->f);
    off_t length = fflush(f->f) || ferror(f->f) ? -1 : ftello(f->f);
    if (length < 0 || fsync(fd))
        return hsf_error_set(err, "%s: cannot write: %s", f->tmp,
                             errno ? strerror(errno) : "write error");
    uint64_t name_len = strlen(f->tmp), len = (uint64_t)length;
    if (hsf_state_put(st, &name_len, sizeof name_len, err) ||
        hsf_state_put(st, f->tmp, name_len, err) || hsf_state_put(st, &len, sizeof len, err))
        return -1;
    f->keep = 1;
    return 0;
}

hsf_atomic_file *hsf_atomic_resume(const char *path, hsf_state *st, hsf_error *err)
{
    uint64_t name_len = 0, len = 0;
    if (hsf_state_get(st, &name_len, sizeof name_len, err))
        return NULL;
    if (name_len > hsf_state_left(st) || name_len > 65536) {
        hsf_error_set(err, "%s: the checkpoint's record of its temporary file is damaged", path);
        return NULL;
    }
    hsf_atomic_file *a = calloc(1, sizeof *a);
    if (!a || !(a->path = strdup(path)) || !(a->tmp = calloc(1, name_len + 1))) {
        hsf_atomic_abort(a);
        hsf_error_set(err, "%s: out of memory", path);
        return NULL;
    }
    a->keep = 1;    /* whatever happens, the checkpoint may still need it */
    struct stat sb;
    if (hsf_state_get(st, a->tmp, name_len, err) || hsf_state_get(st, &len, sizeof len, err)) {
        hsf_atomic_abort(a);
        return NULL;
    }
    if (!(a->f = fopen(a->tmp, "r+"))) {
        hsf_error_set(err, "%s: cannot reopen %s, the partly written file the checkpoint "
                      "goes on from: %s", path, a->tmp, strerror(errno));
    } else if (fstat(fileno(a->f), &sb) || (uint64_t)sb.st_size < len) {
        hsf_error_set(err, "%s: %s, the partly written file the checkpoint goes on from, holds "
                      "%lld bytes, %llu expected", path, a->tmp, (long long)sb.st_size,
                      (unsigned long long)len);
    } else if (ftruncate(fileno(a->f), (off_t)len) || fseeko(a->f, (off_t)len, SEEK_SET)) {
        hsf_error_set(err, "%s: cannot cut %s back to the checkpoint: %s", path, a->tmp,
                      strerror(errno));
    } else {
        return a;
    }
    hsf_atomic_abort(a);
    return NULL;
}
