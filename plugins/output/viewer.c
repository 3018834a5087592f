/* viewer: a live window animating a 2D run, as the algs4 CollisionSystem
 * draws with StdDraw: one frame per sample, paced to a chosen number of
 * simulated time units per second of wall time.
 *
 * Closing the window ends the run early (as a failure: outputs are not
 * committed, like Ctrl-C).  `screenshot` saves the last frame as a PNG,
 * which is how the tests look at it without a display (SDL's offscreen
 * video driver).  The plugin is a module of its own: a run that does not
 * list it never loads SDL. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <cairo.h>

#include <hsframe/hsframe.h>

typedef struct viewer {
    const char *screenshot;
    double speed;               /* simulated time per wall second; 0: flat out */
    int width, height;
    double lo[2], len[2], scale;
    size_t n;
    SDL_Window *window;
    SDL_Renderer *renderer;
    int sdl_up;
    Uint64 start_ticks;         /* wall clock at the first frame */
    double start_time;          /* simulated time then */
    int started;
} viewer;

static const hsf_param viewer_params[] = {
    { "width", HSF_PARAM_INT, "800", 16, 8192, "window width in pixels (height from the box)" },
    { "speed", HSF_PARAM_DOUBLE, "1", 0, 1e300,
      "simulated time shown per second; 0: as fast as the run goes" },
    { "screenshot", HSF_PARAM_STRING, "", 0, 0, "a PNG file for the last frame; empty: none" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int sdl_error(hsf_error *err, const char *what)
{
    return hsf_error_set(err, "%s: %s (no display? set SDL_VIDEODRIVER, e.g. to offscreen, "
                         "or run under xvfb-run)", what, SDL_GetError());
}

static int is_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

/* The video drivers SDL may try: those of the display the environment
 * names, unless SDL_VIDEODRIVER chooses (offscreen: headless).  Without
 * a display SDL would fall back to drivers no one sees, after its probes
 * print their own errors; the run is refused instead. */
static int choose_driver(hsf_error *err)
{
    if (is_set("SDL_VIDEODRIVER"))
        return 0;
    /* A Wayland socket is found through XDG_RUNTIME_DIR unless its path is
     * absolute. */
    const char *socket = getenv("WAYLAND_DISPLAY");
    int wayland = socket && *socket && (*socket == '/' || is_set("XDG_RUNTIME_DIR"));
    int x11 = is_set("DISPLAY");
    if (!wayland && !x11)
        return hsf_error_set(err, "no display for the viewer window (neither DISPLAY nor "
                             "WAYLAND_DISPLAY with XDG_RUNTIME_DIR is set): run under xvfb-run, or set "
                             "SDL_VIDEODRIVER=offscreen to draw headless (screenshot = FILE "
                             "keeps the last frame), or use the frames output for pictures");
#ifdef SDL_HINT_VIDEODRIVER
    SDL_SetHint(SDL_HINT_VIDEODRIVER, wayland && x11 ? "wayland,x11" : wayland ? "wayland" : "x11");
#endif
    return 0;
}

static int viewer_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                       hsf_error *err)
{
    viewer *v = state;
    if (hsf_system_dim(sys) != 2)
        return hsf_error_set(err, "the viewer draws 2D runs only (use frames for 3D)");
    if (!(hsf_config_double(cfg, "interval") > 0))
        return hsf_config_error(cfg, err, "interval", "expected the time between frames, "
                                "e.g. interval = 0.02");
    v->speed = hsf_config_double(cfg, "speed");
    v->screenshot = hsf_config_string(cfg, "screenshot");
    v->width = (int)hsf_config_int(cfg, "width");
    v->n = hsf_system_count(sys);
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    for (int a = 0; a < 2; a++) {
        v->lo[a] = lo[a];
        v->len[a] = hi[a] - lo[a];
    }
    v->scale = v->width / v->len[0];
    v->height = (int)lround(v->len[1] * v->scale);
    if (v->height < 1 || v->height > 8192)
        return hsf_config_error(cfg, err, "width", "the window would be %d pixels high",
                                v->height);
    if (v->screenshot[0] && hsf_atomic_check(v->screenshot, err))
        return -1;
    if (choose_driver(err))
        return -1;
    if (SDL_Init(SDL_INIT_VIDEO))
        return sdl_error(err, "cannot start SDL video");
    v->sdl_up = 1;
    if (!(v->window = SDL_CreateWindow("hsframe", SDL_WINDOWPOS_UNDEFINED,
                                       SDL_WINDOWPOS_UNDEFINED, v->width, v->height, 0)))
        return sdl_error(err, "cannot open a window");
    if (!(v->renderer = SDL_CreateRenderer(v->window, -1, SDL_RENDERER_SOFTWARE)))
        return sdl_error(err, "cannot draw in the window");
    return 0;
}

static void viewer_fini(void *state)
{
    viewer *v = state;
    if (v->renderer)
        SDL_DestroyRenderer(v->renderer);
    if (v->window)
        SDL_DestroyWindow(v->window);
    if (v->sdl_up)
        SDL_Quit();
}

/* A filled disc, one horizontal span per pixel row. */
static void fill_disc(SDL_Renderer *r, double cx, double cy, double radius)
{
    int top = (int)floor(cy - radius), bottom = (int)ceil(cy + radius);
    for (int y = top; y <= bottom; y++) {
        double dy = y + 0.5 - cy, h = radius * radius - dy * dy;
        if (h < 0)
            continue;
        double w = sqrt(h);
        SDL_RenderDrawLine(r, (int)lround(cx - w), y, (int)lround(cx + w) - 1, y);
    }
}

static void draw(viewer *v, const hsf_system *sys)
{
    SDL_SetRenderDrawColor(v->renderer, 255, 255, 255, 255);
    SDL_RenderClear(v->renderer);
    for (size_t i = 0; i < v->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        double x = (p.r[0] - v->lo[0]) * v->scale, y = v->height - (p.r[1] - v->lo[1]) * v->scale;
        double r = fmax(0.5, p.radius * v->scale);
        /* A darker rim, so that white discs show on the white ground. */
        SDL_SetRenderDrawColor(v->renderer, p.color[0] * 3 / 5, p.color[1] * 3 / 5,
                               p.color[2] * 3 / 5, 255);
        fill_disc(v->renderer, x, y, r);
        SDL_SetRenderDrawColor(v->renderer, p.color[0], p.color[1], p.color[2], 255);
        fill_disc(v->renderer, x, y, r > 3 ? r - 1 : r);
    }
}

static int viewer_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    viewer *v = state;
    SDL_Event e;
    while (SDL_PollEvent(&e))
        if (e.type == SDL_QUIT)
            return hsf_error_set(err, "the viewer window was closed");
    draw(v, sys);
    SDL_RenderPresent(v->renderer);
    /* Pace: wait until the wall clock catches up with simulated time. */
    double t = hsf_system_time(sys);
    if (!v->started) {
        v->started = 1;
        v->start_ticks = SDL_GetTicks64();
        v->start_time = t;
    } else if (v->speed > 0) {
        double due = (t - v->start_time) / v->speed * 1000;
        double now = (double)(SDL_GetTicks64() - v->start_ticks);
        if (due > now)
            SDL_Delay((Uint32)fmin(due - now, 10000));
    }
    return 0;
}

static cairo_status_t write_stream(void *closure, const unsigned char *data, unsigned int length)
{
    return fwrite(data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

/* The last frame as a PNG (atomically), drawn again to read it back:
 * what a renderer keeps after presenting is undefined. */
static int save_screenshot(viewer *v, const hsf_system *sys, hsf_error *err)
{
    draw(v, sys);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, v->width, v->height);
    cairo_surface_flush(s);
    int rc = SDL_RenderReadPixels(v->renderer, NULL, SDL_PIXELFORMAT_XRGB8888,
                                  cairo_image_surface_get_data(s),
                                  cairo_image_surface_get_stride(s));
    if (rc) {
        cairo_surface_destroy(s);
        return sdl_error(err, "cannot read the window back");
    }
    cairo_surface_mark_dirty(s);
    hsf_atomic_file *f = hsf_atomic_open(v->screenshot, err);
    if (!f) {
        cairo_surface_destroy(s);
        return -1;
    }
    if (cairo_surface_write_to_png_stream(s, write_stream, hsf_atomic_stream(f)) !=
        CAIRO_STATUS_SUCCESS) {
        hsf_atomic_abort(f);
        cairo_surface_destroy(s);
        return hsf_error_set(err, "%s: cannot write the picture", v->screenshot);
    }
    cairo_surface_destroy(s);
    return hsf_atomic_commit(f, err);
}

static int viewer_end(void *state, const hsf_system *sys, hsf_error *err)
{
    viewer *v = state;
    return v->screenshot[0] ? save_screenshot(v, sys, err) : 0;
}

/* Checkpoints: a window has nothing to keep; after a resume the pace is
 * measured from the first frame again. */
static int viewer_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)state, (void)sys, (void)st, (void)err;
    return 0;
}

static int viewer_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)state, (void)sys, (void)st, (void)err;
    return 0;
}

/* The screenshot, when asked for. */
static int viewer_written(const void *state, size_t k, char *buf, size_t size)
{
    const viewer *v = state;
    if (k > 0 || !v->screenshot[0])
        return 0;
    snprintf(buf, size, "%s", v->screenshot);
    return 1;
}

static const hsf_output_type viewer_type = {
    .state_size = sizeof(viewer),
    .init = viewer_init,
    .fini = viewer_fini,
    .sample = viewer_sample,
    .end = viewer_end,
    .save = viewer_save,
    .restore = viewer_restore,
    .written = viewer_written,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "viewer",
           "a live SDL2 window animating a 2D run, paced to simulated time",
           viewer_params, &viewer_type)
