/* frames: a PNG picture of the system at every sample, drawn with cairo,
 * and a video made from them by ffmpeg when it is installed.
 *
 * Particles are filled circles in their file colours with a thin darker
 * rim, the boundary is outlined, and the simulated time is written in the
 * top left corner.  On a black background black particles are drawn light
 * grey.  Along periodic axes a particle that straddles an edge
 * is drawn on both sides.  3D systems are seen from +z, projected onto x-y:
 * far spheres are drawn first and darker, near ones last and full colour.
 *
 * Each PNG is written atomically, so a picture is either whole or absent;
 * frames already written stay when a run fails.  The video is assembled at
 * the end of a run; without ffmpeg on the PATH a warning says so and the
 * run still succeeds. */
#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cairo.h>

#include <hsframe/hsframe.h>

extern char **environ;

typedef struct frames {
    const char *prefix, *video;
    int width, height, fps;
    int dark;                   /* background black instead of white */
    double lo[3], len[3], scale;
    int periodic[3], dim, circle;
    size_t n;
    unsigned long count;        /* frames written */
    int video_made;             /* ffmpeg made the video (the summary lists it) */
    hsf_particle_view *view;    /* a sample's particles, sorted by depth in 3D */
} frames;

static const hsf_param frames_params[] = {
    { "prefix", HSF_PARAM_STRING, "frame", 0, 0,
      "pictures are PREFIX-000000.png, PREFIX-000001.png, ... (a path: its directory must "
      "exist)" },
    { "width", HSF_PARAM_INT, "800", 16, 16384, "picture width in pixels (height from the box)" },
    { "background", HSF_PARAM_STRING, "white", 0, 0, "white or black" },
    { "video", HSF_PARAM_STRING, "", 0, 0,
      "a video file to assemble from the pictures with ffmpeg at the end (e.g. run.mp4); "
      "empty: none" },
    { "fps", HSF_PARAM_INT, "25", 1, 1000, "frames per second of the video" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static void frame_path(const frames *f, unsigned long k, char *buf, size_t size)
{
    snprintf(buf, size, "%s-%06lu.png", f->prefix, k);
}

static int frames_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    frames *f = state;
    f->prefix = hsf_config_string(cfg, "prefix");
    f->video = hsf_config_string(cfg, "video");
    f->width = (int)hsf_config_int(cfg, "width");
    f->fps = (int)hsf_config_int(cfg, "fps");
    const char *bg = hsf_config_string(cfg, "background");
    if (strcmp(bg, "white") && strcmp(bg, "black"))
        return hsf_config_error(cfg, err, "background", "expected white or black, found '%s'",
                                bg);
    f->dark = !strcmp(bg, "black");
    f->dim = hsf_system_dim(sys);
    f->n = hsf_system_count(sys);
    double hi[3];
    hsf_system_extent(sys, f->lo, hi, f->periodic);
    for (int a = 0; a < 3; a++)
        f->len[a] = hi[a] - f->lo[a];
    if (!(f->len[0] > 0) || !(f->len[1] > 0) || !isfinite(f->len[0]) || !isfinite(f->len[1]))
        return hsf_error_set(err, "the boundary has no finite extent to draw");
    f->scale = f->width / f->len[0];
    f->height = (int)lround(f->len[1] * f->scale);
    if (f->height < 1 || f->height > 16384)
        return hsf_config_error(cfg, err, "width", "the picture would be %d pixels high: "
                                "choose another width", f->height);
    /* A circular container fills a square extent with area pi R^2. */
    double r = f->len[0] / 2, area = hsf_system_volume(sys);
    f->circle = f->dim == 2 && fabs(f->len[0] - f->len[1]) <= 1e-12 * f->len[0] &&
                fabs(area - M_PI * r * r) <= 1e-9 * area;
    if (!(f->view = malloc((f->n ? f->n : 1) * sizeof *f->view)))
        return hsf_error_set(err, "out of memory for %zu particles", f->n);
    char path[4096];
    frame_path(f, 0, path, sizeof path);
    return hsf_atomic_check(path, err);
}

static void frames_fini(void *state)
{
    free(((frames *)state)->view);
}

static int by_depth(const void *a, const void *b)
{
    double za = ((const hsf_particle_view *)a)->r[2], zb = ((const hsf_particle_view *)b)->r[2];
    return za < zb ? -1 : za > zb;
}

/* One disc at picture coordinates (x, y), radius r pixels. */
static void disc(cairo_t *cr, double x, double y, double r, const double rgb[3])
{
    cairo_arc(cr, x, y, r, 0, 2 * M_PI);
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, rgb[0] * 0.6, rgb[1] * 0.6, rgb[2] * 0.6);
    cairo_set_line_width(cr, r > 4 ? 1.0 : 0.5);
    cairo_stroke(cr);
}

static void draw_particle(const frames *f, cairo_t *cr, const hsf_particle_view *p)
{
    double rgb[3];
    for (int k = 0; k < 3; k++)
        rgb[k] = p->color[k] / 255.0;
    /* Files without colours leave particles black: invisible on black. */
    if (f->dark && !p->color[0] && !p->color[1] && !p->color[2])
        rgb[0] = rgb[1] = rgb[2] = 0.8;
    if (f->dim == 3 && f->len[2] > 0) {
        /* Far (low z) spheres fade towards the background. */
        double near = fmin(1, fmax(0, (p->r[2] - f->lo[2]) / f->len[2]));
        double w = 0.45 + 0.55 * near, bg = f->dark ? 0 : 1;
        for (int k = 0; k < 3; k++)
            rgb[k] = w * rgb[k] + (1 - w) * bg;
    }
    double r = p->radius * f->scale;
    /* The particle and, along periodic axes, its images across near edges. */
    for (int ix = -1; ix <= 1; ix++)
        for (int iy = -1; iy <= 1; iy++) {
            if ((ix && !f->periodic[0]) || (iy && !f->periodic[1]))
                continue;
            double x = p->r[0] + ix * f->len[0], y = p->r[1] + iy * f->len[1];
            if (x + p->radius < f->lo[0] || x - p->radius > f->lo[0] + f->len[0] ||
                y + p->radius < f->lo[1] || y - p->radius > f->lo[1] + f->len[1])
                continue;
            disc(cr, (x - f->lo[0]) * f->scale, f->height - (y - f->lo[1]) * f->scale, r, rgb);
        }
}

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

static int frames_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    frames *f = state;
    for (size_t i = 0; i < f->n; i++)
        hsf_system_particle(sys, i, &f->view[i]);
    if (f->dim == 3)
        qsort(f->view, f->n, sizeof *f->view, by_depth);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, f->width, f->height);
    cairo_t *cr = cairo_create(s);
    double bg = f->dark ? 0 : 1, fg = 1 - bg;
    cairo_set_source_rgb(cr, bg, bg, bg);
    cairo_paint(cr);
    for (size_t i = 0; i < f->n; i++)
        draw_particle(f, cr, &f->view[i]);
    /* The boundary: walls solid, periodic edges dashed. */
    cairo_set_source_rgb(cr, fg * 0.5 + bg * 0.5, fg * 0.5 + bg * 0.5, fg * 0.5 + bg * 0.5);
    cairo_set_line_width(cr, 2);
    if (f->circle) {
        cairo_arc(cr, f->width / 2.0, f->height / 2.0, f->width / 2.0 - 1, 0, 2 * M_PI);
    } else {
        if (f->periodic[0] || f->periodic[1]) {
            double dash = 6;
            cairo_set_dash(cr, &dash, 1, 0);
        }
        cairo_rectangle(cr, 1, 1, f->width - 2, f->height - 2);
    }
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    /* The time, on a translucent plate so that it reads over particles. */
    char text[64];
    snprintf(text, sizeof text, "t = %.2f", hsf_system_time(sys));
    double size = fmax(12, f->width / 40.0);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text, &ext);
    cairo_set_source_rgba(cr, bg, bg, bg, 0.75);
    cairo_rectangle(cr, size * 0.3, size * 0.3, ext.x_advance + size * 0.6, size * 1.5);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, fg, fg, fg);
    cairo_move_to(cr, size * 0.6, size * 1.35);
    cairo_show_text(cr, text);
    cairo_destroy(cr);

    char path[4096];
    frame_path(f, f->count, path, sizeof path);
    hsf_atomic_file *file = hsf_atomic_open(path, err);
    int rc = -1;
    if (file) {
        if (cairo_surface_write_to_png_stream(s, write_stream, hsf_atomic_stream(file)) ==
            CAIRO_STATUS_SUCCESS) {
            rc = hsf_atomic_commit(file, err);
        } else {
            hsf_atomic_abort(file);
            hsf_error_set(err, "%s: cannot write the picture", path);
        }
    }
    cairo_surface_destroy(s);
    if (!rc)
        f->count++;
    return rc;
}

/* Runs ffmpeg on the frames into a temporary file next to the video, then
 * renames it: the video is whole or absent. */
static int make_video(frames *f, hsf_error *err)
{
    char pattern[4096], tmp[4096];
    snprintf(pattern, sizeof pattern, "%s-%%06d.png", f->prefix);
    const char *base = strrchr(f->video, '/');
    size_t dirlen = base ? (size_t)(base - f->video) + 1 : 0;
    base = base ? base + 1 : f->video;
    const char *ext = strrchr(base, '.');
    snprintf(tmp, sizeof tmp, "%.*s.%s.tmp%ld%s", (int)dirlen, f->video, base, (long)getpid(),
             ext ? ext : "");
    char fps[16];
    snprintf(fps, sizeof fps, "%d", f->fps);
    char *argv[] = { "ffmpeg", "-y", "-loglevel", "error", "-framerate", fps, "-i", pattern,
                     "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", tmp, NULL };
    pid_t pid;
    int rc = posix_spawnp(&pid, "ffmpeg", NULL, NULL, argv, environ);
    if (rc == ENOENT) {
        fprintf(stderr, "hsframe: frames: ffmpeg is not installed, so %s was not made; the "
                "%lu pictures are %s-*.png\n", f->video, f->count, f->prefix);
        return 0;
    }
    if (rc)
        return hsf_error_set(err, "cannot run ffmpeg: %s", strerror(rc));
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return hsf_error_set(err, "waiting for ffmpeg: %s", strerror(errno));
    if (!WIFEXITED(status) || WEXITSTATUS(status)) {
        remove(tmp);
        return hsf_error_set(err, "ffmpeg failed (%s %d) making %s from %s", WIFEXITED(status)
                             ? "exit status" : "signal", WIFEXITED(status) ? WEXITSTATUS(status)
                             : WTERMSIG(status), f->video, pattern);
    }
    if (rename(tmp, f->video)) {
        int e = errno;
        remove(tmp);
        return hsf_error_set(err, "%s: %s", f->video, strerror(e));
    }
    f->video_made = 1;
    return 0;
}

static int frames_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    frames *f = state;
    return f->video[0] && f->count ? make_video(f, err) : 0;
}

/* Checkpoints: each frame is a file of its own, written when taken; what
 * is kept is how many there are. */
static int frames_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    frames *f = state;
    return hsf_state_put(st, &f->count, sizeof f->count, err);
}

static int frames_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    frames *f = state;
    return hsf_state_get(st, &f->count, sizeof f->count, err);
}

/* The pictures, then the video when ffmpeg made it. */
static int frames_written(const void *state, size_t k, char *buf, size_t size)
{
    const frames *f = state;
    if (k < f->count) {
        frame_path(f, k, buf, size);
        return 1;
    }
    if (k == f->count && f->video_made) {
        snprintf(buf, size, "%s", f->video);
        return 1;
    }
    return 0;
}

static const hsf_output_type frames_type = {
    .state_size = sizeof(frames),
    .init = frames_init,
    .fini = frames_fini,
    .sample = frames_sample,
    .end = frames_end,
    .save = frames_save,
    .restore = frames_restore,
    .written = frames_written,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "frames",
           "PNG pictures at every sample (cairo), particles in their colours, the time in a "
           "corner; a video with ffmpeg",
           frames_params, &frames_type)
