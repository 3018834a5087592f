/* Files that appear whole or not at all: write a temporary beside the
 * target, rename it over the target when complete. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hsframe/io.h>

struct hsf_atomic_file {
    FILE *f;
    char *path;
    char *tmp;
};

hsf_atomic_file *hsf_atomic_open(const char *path, hsf_error *err)
{
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

int hsf_atomic_commit(hsf_atomic_file *f, hsf_error *err)
{
    int bad = ferror(f->f);
    bad |= fclose(f->f) != 0;
    f->f = NULL;
    if (bad || rename(f->tmp, f->path)) {
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

void hsf_atomic_abort(hsf_atomic_file *f)
{
    if (!f)
        return;
    if (f->f)
        fclose(f->f);
    if (f->tmp)
        unlink(f->tmp);
    free(f->tmp);
    free(f->path);
    free(f);
}
