/* freepath: mean free path, mean free time and collision frequency per
 * particle, with their distributions.
 *
 * A free path runs from one pair collision of a particle to its next.
 * Elastic wall hits change the direction but not the speed, and do not end
 * it: its length is speed x time.  The stretch before a particle's first
 * collision is not a free path (it did not start at one) and is left out.
 *
 * For comparison the file gives the dilute-gas values for equal spheres of
 * diameter sigma at number density n (Maxwell's, with the relative speed
 * sqrt(2) times the mean speed): lambda = 1 / (sqrt(2) pi n sigma^2) in 3D
 * and 1 / (2 sqrt(2) n sigma) in 2D; Enskog's dense-gas correction divides
 * them by the contact value g(sigma), given for packing fraction phi by
 * Carnahan-Starling (1 - phi/2) / (1 - phi)^3 in 3D and Henderson
 * (1 - 7 phi / 16) / (1 - phi)^2 in 2D. */
#include <math.h>
#include <stdlib.h>

#include <hsframe/hsframe.h>

typedef struct freepath {
    const char *file;
    int dim;
    size_t n, bins;
    double *last_time;          /* of i's last pair collision; < 0 before the first */
    double *speed;              /* i's speed since then */
    double sum_path, sum_time;
    size_t paths;
    uint64_t collisions;
    double path_max, time_max;  /* histogram ranges */
    double *path_hist, *time_hist;
    double sigma, volume, phi;
} freepath;

static const hsf_param freepath_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "CSV file to write: bin centre, free path density, free time density" },
    { "bins", HSF_PARAM_INT, "50", 2, 1000000, "histogram bins" },
    { "max_path", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "upper end of the free path histogram; 0: 5 times the dilute-gas mean free path" },
    { NULL, 0, NULL, 0, 0, NULL }
};

/* Dilute-gas mean free path and its Enskog correction factor. */
static double dilute_path(const freepath *f)
{
    double n = (double)f->n / f->volume, s = f->sigma;
    return f->dim == 3 ? 1 / (M_SQRT2 * M_PI * n * s * s) : 1 / (2 * M_SQRT2 * n * s);
}

static double contact_value(const freepath *f)
{
    double p = f->phi;
    return f->dim == 3 ? (1 - p / 2) / pow(1 - p, 3) : (1 - 7 * p / 16) / ((1 - p) * (1 - p));
}

static int freepath_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                         hsf_error *err)
{
    freepath *f = state;
    f->file = hsf_config_string(cfg, "file");
    f->dim = hsf_system_dim(sys);
    f->n = hsf_system_count(sys);
    f->bins = (size_t)hsf_config_int(cfg, "bins");
    f->volume = hsf_system_volume(sys);
    f->last_time = malloc((f->n ? f->n : 1) * sizeof *f->last_time);
    f->speed = malloc((f->n ? f->n : 1) * sizeof *f->speed);
    f->path_hist = calloc(f->bins, sizeof *f->path_hist);
    f->time_hist = calloc(f->bins, sizeof *f->time_hist);
    if (!f->last_time || !f->speed || !f->path_hist || !f->time_hist)
        return hsf_error_set(err, "out of memory for %zu particles", f->n);
    double filled = 0, sum_sigma = 0, v2 = 0;
    for (size_t i = 0; i < f->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        f->last_time[i] = -1;
        sum_sigma += 2 * p.radius;
        filled += f->dim == 3 ? 4 * M_PI / 3 * pow(p.radius, 3) : M_PI * p.radius * p.radius;
        v2 += p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2];
    }
    f->sigma = f->n ? sum_sigma / (double)f->n : 0;
    f->phi = filled / f->volume;
    f->path_max = hsf_config_double(cfg, "max_path");
    if (f->path_max == 0)
        f->path_max = f->n && f->sigma > 0 ? 5 * dilute_path(f) : 1;
    double vrms = f->n ? sqrt(v2 / (double)f->n) : 0;
    f->time_max = vrms > 0 ? f->path_max / vrms : f->path_max;
    return hsf_atomic_check(f->file, err);
}

static void freepath_fini(void *state)
{
    freepath *f = state;
    free(f->last_time);
    free(f->speed);
    free(f->path_hist);
    free(f->time_hist);
}

static void add(double *hist, size_t bins, double max, double x)
{
    double b = x / max * (double)bins;
    if (b < (double)bins)
        hist[(size_t)b] += 1;
}

/* Particle i just collided at time t: close its free path, open the next. */
static void collided(freepath *f, const hsf_system *sys, uint32_t i, double t)
{
    if (f->last_time[i] >= 0) {
        double dt = t - f->last_time[i], path = f->speed[i] * dt;
        f->sum_time += dt;
        f->sum_path += path;
        f->paths++;
        add(f->path_hist, f->bins, f->path_max, path);
        add(f->time_hist, f->bins, f->time_max, dt);
    }
    hsf_particle_view p;
    hsf_system_particle(sys, i, &p);
    f->last_time[i] = t;
    f->speed[i] = sqrt(p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2]);
}

static int freepath_event(void *state, const hsf_system *sys, const hsf_event_info *ev,
                          hsf_error *err)
{
    (void)err;
    freepath *f = state;
    f->collisions++;
    collided(f, sys, ev->i, ev->time);
    collided(f, sys, ev->j, ev->time);
    return 0;
}

static int freepath_end(void *state, const hsf_system *sys, hsf_error *err)
{
    freepath *f = state;
    hsf_atomic_file *file = hsf_atomic_open(f->file, err);
    if (!file)
        return -1;
    FILE *out = hsf_atomic_stream(file);
    fprintf(out, "path,path_density,time,time_density\n");
    double paths = f->paths ? (double)f->paths : 1;
    for (size_t b = 0; b < f->bins; b++) {
        double wp = f->path_max / (double)f->bins, wt = f->time_max / (double)f->bins;
        fprintf(out, "%.10g,%.10g,%.10g,%.10g\n", (b + 0.5) * wp, f->path_hist[b] / (paths * wp),
                (b + 0.5) * wt, f->time_hist[b] / (paths * wt));
    }
    double t = hsf_system_time(sys);
    fprintf(out, "# free_paths %zu\n", f->paths);
    if (f->paths) {
        fprintf(out, "# mean_free_path %.10g\n", f->sum_path / (double)f->paths);
        fprintf(out, "# mean_free_time %.10g\n", f->sum_time / (double)f->paths);
    }
    if (t > 0 && f->n && f->collisions) {
        double frequency = 2 * (double)f->collisions / ((double)f->n * t), speed = 0;
        for (size_t i = 0; i < f->n; i++) {
            hsf_particle_view p;
            hsf_system_particle(sys, i, &p);
            speed += sqrt(p.v[0] * p.v[0] + p.v[1] * p.v[1] + p.v[2] * p.v[2]);
        }
        speed /= (double)f->n;
        fprintf(out, "# collision_frequency %.10g (pair collisions per particle per unit "
                "time)\n", frequency);
        /* Maxwell's definition; the mean over paths above is Tait's, which
         * weights fast particles by their more frequent collisions (0.677
         * against 0.707 / (n sigma^2) in a dilute 3D gas). */
        fprintf(out, "# mean_speed_over_frequency %.10g\n", speed / frequency);
    }
    if (f->sigma > 0 && f->n) {
        double lambda = dilute_path(f);
        fprintf(out, "# dilute_gas_mean_free_path %.10g (mean diameter %.10g, packing "
                "fraction %.6g)\n", lambda, f->sigma, f->phi);
        if (f->phi < 0.6)
            fprintf(out, "# enskog_mean_free_path %.10g (divided by g(sigma) = %.6g, %s)\n",
                    lambda / contact_value(f), contact_value(f),
                    f->dim == 3 ? "Carnahan-Starling" : "Henderson");
    }
    return hsf_atomic_commit(file, err);
}

/* Checkpoints: the open paths, the sums and the histograms. */
static int freepath_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    freepath *f = state;
    double sums[2] = { f->sum_path, f->sum_time };
    uint64_t counts[2] = { f->paths, f->collisions };
    return (hsf_state_put(st, sums, sizeof sums, err) ||
            hsf_state_put(st, counts, sizeof counts, err) ||
            hsf_state_put(st, f->last_time, f->n * sizeof *f->last_time, err) ||
            hsf_state_put(st, f->speed, f->n * sizeof *f->speed, err) ||
            hsf_state_put(st, f->path_hist, f->bins * sizeof *f->path_hist, err) ||
            hsf_state_put(st, f->time_hist, f->bins * sizeof *f->time_hist, err)) ? -1 : 0;
}

static int freepath_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    freepath *f = state;
    double sums[2];
    uint64_t counts[2];
    if (hsf_state_get(st, sums, sizeof sums, err) ||
        hsf_state_get(st, counts, sizeof counts, err) ||
        hsf_state_get(st, f->last_time, f->n * sizeof *f->last_time, err) ||
        hsf_state_get(st, f->speed, f->n * sizeof *f->speed, err) ||
        hsf_state_get(st, f->path_hist, f->bins * sizeof *f->path_hist, err) ||
        hsf_state_get(st, f->time_hist, f->bins * sizeof *f->time_hist, err))
        return -1;
    f->sum_path = sums[0], f->sum_time = sums[1];
    f->paths = (size_t)counts[0], f->collisions = counts[1];
    return 0;
}

static const hsf_output_type freepath_type = {
    .state_size = sizeof(freepath),
    .event_mask = HSF_EVENT_MASK(HSF_EVENT_PAIR),
    .init = freepath_init,
    .fini = freepath_fini,
    .on_event = freepath_event,
    .end = freepath_end,
    .save = freepath_save,
    .restore = freepath_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "freepath",
           "mean free path, mean free time, collision frequency and their distributions",
           freepath_params, &freepath_type)
