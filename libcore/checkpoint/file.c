/* Writing and reading the checkpoint file's frame (file.h). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "checkpoint/file.h"

static const char magic[8] = { 'H', 'S', 'F', 'C', 'K', 'P', 'T', '\n' };

/* zlib's crc32 takes a 32-bit length. */
static uint32_t crc_update(uint32_t crc, const void *data, size_t size)
{
    const unsigned char *p = data;
    while (size) {
        uInt chunk = size > (1u << 30) ? 1u << 30 : (uInt)size;
        crc = (uint32_t)crc32(crc, p, chunk);
        p += chunk;
        size -= chunk;
    }
    return crc;
}

int hsf_ckpt_create(hsf_ckpt_writer *w, const char *path, hsf_error *err)
{
    memset(w, 0, sizeof *w);
    if (!(w->target = strdup(path)))
        return hsf_error_set(err, "%s: out of memory", path);
    if (!(w->file = hsf_atomic_open(path, err))) {
        free(w->target);
        w->target = NULL;
        return -1;
    }
    w->f = hsf_atomic_stream(w->file);
    w->crc = (uint32_t)crc32(0, NULL, 0);
    unsigned char header[HSF_CHECKPOINT_HEADER] = { 0 };
    fwrite(header, sizeof header, 1, w->f);
    return 0;
}

void hsf_ckpt_put(hsf_ckpt_writer *w, const void *data, size_t size)
{
    if (!size)
        return;
    fwrite(data, 1, size, w->f);
    w->crc = crc_update(w->crc, data, size);
    w->length += size;
}

void hsf_ckpt_begin_section(hsf_ckpt_writer *w, const char *tag, uint64_t size)
{
    hsf_ckpt_put(w, tag, 4);
    hsf_ckpt_put(w, &size, sizeof size);
}

void hsf_ckpt_section(hsf_ckpt_writer *w, const char *tag, const void *data, size_t size)
{
    hsf_ckpt_begin_section(w, tag, size);
    hsf_ckpt_put(w, data, size);
}

/* The rename is durable only once the directory is on disk too. */
static void sync_directory(const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return;
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(copy);
}

int hsf_ckpt_commit(hsf_ckpt_writer *w, hsf_error *err)
{
    unsigned char header[HSF_CHECKPOINT_HEADER] = { 0 };
    uint32_t format = HSF_CHECKPOINT_FORMAT, order = 0x01020304;
    memcpy(header, magic, 8);
    memcpy(header + 8, &format, 4);
    memcpy(header + 12, &order, 4);
    memcpy(header + 16, &w->length, 8);
    memcpy(header + 24, &w->crc, 4);
    if (fseeko(w->f, 0, SEEK_SET) || fwrite(header, sizeof header, 1, w->f) != 1 ||
        fflush(w->f) || fsync(fileno(w->f))) {
        int e = errno;
        hsf_ckpt_abort(w);
        return hsf_error_set(err, "cannot write the checkpoint: %s", strerror(e));
    }
    int rc = hsf_atomic_commit(w->file, err);
    w->file = NULL;
    if (!rc)
        sync_directory(w->target);
    free(w->target);
    w->target = NULL;
    return rc;
}

void hsf_ckpt_abort(hsf_ckpt_writer *w)
{
    hsf_atomic_abort(w->file);
    free(w->target);
    memset(w, 0, sizeof *w);
}

static int refuse(hsf_ckpt_reader *r, hsf_error *err, const char *what)
{
    hsf_error_set(err, "%s: %s", r->path, what);
    hsf_ckpt_close(r);
    return -1;
}

int hsf_ckpt_open(hsf_ckpt_reader *r, const char *path, hsf_error *err)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "rb");
    if (!f)
        return hsf_error_set(err, "%s: cannot open the checkpoint: %s", path, strerror(errno));
    struct stat sb;
    if (fstat(fileno(f), &sb) || !S_ISREG(sb.st_mode)) {
        fclose(f);
        return hsf_error_set(err, "%s: not a regular file", path);
    }
    r->size = (size_t)sb.st_size;
    r->path = strdup(path);
    r->data = malloc(r->size ? r->size : 1);
    if (!r->path || !r->data) {
        fclose(f);
        hsf_ckpt_close(r);
        return hsf_error_set(err, "%s: out of memory for a checkpoint of %lld bytes", path,
                             (long long)sb.st_size);
    }
    size_t got = fread(r->data, 1, r->size, f);
    fclose(f);
    if (got != r->size)
        return refuse(r, err, "cannot read the checkpoint");
    if (r->size < 8 || memcmp(r->data, magic, 8))
        return refuse(r, err, "not an hsframe checkpoint (it does not start with HSFCKPT)");
    if (r->size < HSF_CHECKPOINT_HEADER)
        return refuse(r, err, "checkpoint truncated: the file ends inside its header");
    uint32_t format, order, crc;
    uint64_t length;
    memcpy(&format, r->data + 8, 4);
    memcpy(&order, r->data + 12, 4);
    memcpy(&length, r->data + 16, 8);
    memcpy(&crc, r->data + 24, 4);
    char what[200];
    if (order != 0x01020304)
        return refuse(r, err, "checkpoint written on a machine of another byte order");
    if (format != HSF_CHECKPOINT_FORMAT) {
        snprintf(what, sizeof what, "checkpoint of format %u, written by %s hsframe; this "
                 "one reads format %d", format,
                 format > HSF_CHECKPOINT_FORMAT ? "a newer" : "an older", HSF_CHECKPOINT_FORMAT);
        return refuse(r, err, what);
    }
    if (length != r->size - HSF_CHECKPOINT_HEADER) {
        snprintf(what, sizeof what, "checkpoint %s: %zu bytes, the header says %llu",
                 length > r->size - HSF_CHECKPOINT_HEADER ? "truncated" : "has trailing bytes",
                 r->size, (unsigned long long)(length + HSF_CHECKPOINT_HEADER));
        return refuse(r, err, what);
    }
    uint32_t actual = crc_update((uint32_t)crc32(0, NULL, 0), r->data + HSF_CHECKPOINT_HEADER,
                                 r->size - HSF_CHECKPOINT_HEADER);
    if (actual != crc) {
        snprintf(what, sizeof what, "checkpoint corrupted: its checksum is %08x, the header "
                 "says %08x", actual, crc);
        return refuse(r, err, what);
    }
    r->pos = HSF_CHECKPOINT_HEADER;
    return 0;
}

int hsf_ckpt_next(hsf_ckpt_reader *r, const char *tag, const unsigned char **data,
                  size_t *size, hsf_error *err)
{
    uint64_t len;
    if (r->size - r->pos < 12)
        return hsf_error_set(err, "%s: checkpoint ends before its %.4s section", r->path, tag);
    if (memcmp(r->data + r->pos, tag, 4))
        return hsf_error_set(err, "%s: checkpoint has a %.4s section where %.4s was expected",
                             r->path, (const char *)r->data + r->pos, tag);
    memcpy(&len, r->data + r->pos + 4, 8);
    r->pos += 12;
    if (len > r->size - r->pos)
        return hsf_error_set(err, "%s: checkpoint's %.4s section runs past its end", r->path,
                             tag);
    *data = r->data + r->pos;
    *size = (size_t)len;
    r->pos += (size_t)len;
    return 0;
}

void hsf_ckpt_close(hsf_ckpt_reader *r)
{
    free(r->data);
    free(r->path);
    memset(r, 0, sizeof *r);
}
