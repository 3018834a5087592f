/* profile: number density, flow velocity and temperature in slabs along
 * one axis (a gravity bed's density, a shear flow's velocity profile, a
 * wall's layering).  The extent along the axis is cut into `bins` equal
 * slabs; each sample files every particle by its position.  Per slab, with
 * N its particles, m their masses and v their velocities, summed over
 * the samples taken (t >= start):
 *
 *   density      = N / (samples x slab volume)
 *   flow u       = sum m v / sum m                 (mass-weighted)
 *   temperature  = (sum m v^2 - |sum m v|^2 / sum m) / (d sum N)
 *
 * the temperature of the velocities about the slab's flow (peculiar), with
 * Boltzmann's constant 1.  In a sheared box the velocities v in the
 * temperature are first taken less the streaming velocity at each
 * particle's position, so that the gradient of the flow across a slab
 * does not count as heat; the flow columns stay the lab frame's.  The slab volume is the extent's (the bounding
 * box of the boundary, hsf_system_extent) cut along the axis: exact for
 * box and periodic, not for a circle.  With average = yes one table at
 * the end; with no a table per sample, the time in the first column. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

/* What a slab accumulates. */
typedef struct slab {
    double count, mass, momentum[3], twice_kinetic;
} slab;

typedef struct profile {
    const char *file;       /* owned by the configuration */
    hsf_atomic_file *out;   /* open from begin to end */
    int axis, dim, average;
    size_t bins;
    double start, lo, width, slab_volume;
    double samples;         /* taken into the sums */
    slab *s;                /* bins */
    double *peculiar;       /* sheared box: bins x 3, sum of m (v - u(r)); else NULL */
} profile;

static const hsf_param profile_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write, relative to the current directory" },
    { "axis", HSF_PARAM_STRING, "y", 0, 0, "the axis the slabs are cut along: x, y or z" },
    { "bins", HSF_PARAM_INT, "20", 1, 1e6, "number of slabs" },
    { "average", HSF_PARAM_BOOL, "yes", 0, 0,
      "yes: one table averaged over the samples at the end; no: a table per sample" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "with average = yes, samples before this time are left out (let the system settle)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int profile_init(void *state, const hsf_config *cfg, const hsf_system *sys,
                        hsf_error *err)
{
    profile *p = state;
    p->file = hsf_config_string(cfg, "file");
    p->dim = hsf_system_dim(sys);
    const char *axis = hsf_config_string(cfg, "axis");
    if (strlen(axis) != 1 || !strchr("xyz", axis[0]) || axis[0] - 'x' >= p->dim)
        return hsf_error_set(err, "axis: expected %s, found '%s'", p->dim == 2 ? "x or y"
                             : "x, y or z", axis);
    p->axis = axis[0] - 'x';
    p->bins = (size_t)hsf_config_int(cfg, "bins");
    p->average = hsf_config_bool(cfg, "average");
    p->start = hsf_config_double(cfg, "start");
    double lo[3], hi[3];
    int periodic[3];
    hsf_system_extent(sys, lo, hi, periodic);
    p->lo = lo[p->axis];
    p->width = (hi[p->axis] - lo[p->axis]) / (double)p->bins;
    p->slab_volume = p->width;
    for (int a = 0; a < p->dim; a++)
        if (a != p->axis)
            p->slab_volume *= hi[a] - lo[a];
    if (!(p->s = calloc(p->bins, sizeof *p->s)))
        return hsf_error_set(err, "out of memory for %zu bins", p->bins);
    if (hsf_system_shear(sys, NULL, NULL) != 0 &&
        !(p->peculiar = calloc(3 * p->bins, sizeof *p->peculiar)))
        return hsf_error_set(err, "out of memory for %zu bins", p->bins);
    return hsf_atomic_check(p->file, err);
}

static int profile_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    profile *p = state;
    if (!(p->out = hsf_atomic_open(p->file, err)))
        return -1;
    fprintf(hsf_atomic_stream(p->out), "%sbin,%c,density,flow_x,flow_y,flow_z,temperature,"
            "particles\n", p->average ? "" : "time,", "xyz"[p->axis]);
    return 0;
}

/* The table of the sums so far; time < 0: no time column. */
static void write_table(profile *p, double time)
{
    FILE *out = hsf_atomic_stream(p->out);
    for (size_t k = 0; k < p->bins; k++) {
        const slab *s = &p->s[k];
        if (time >= 0)
            fprintf(out, "%.17g,", time);
        fprintf(out, "%zu,%.10g,%.10g", k, p->lo + ((double)k + 0.5) * p->width,
                p->samples > 0 ? s->count / (p->samples * p->slab_volume) : 0.0);
        if (s->mass > 0) {
            double u2 = 0;
            const double *m = p->peculiar ? p->peculiar + 3 * k : s->momentum;
            for (int a = 0; a < 3; a++) {
                fprintf(out, ",%.10g", s->momentum[a] / s->mass);
                u2 += m[a] * m[a];
            }
            fprintf(out, ",%.10g", (s->twice_kinetic - u2 / s->mass) / (p->dim * s->count));
        } else {
            fputs(",,,,", out);
        }
        fprintf(out, ",%.10g\n", p->samples > 0 ? s->count / p->samples : 0.0);
    }
}

static int profile_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    profile *p = state;
    double now = hsf_system_time(sys);
    if (p->average && now < p->start)
        return 0;
    if (!p->average) {
        memset(p->s, 0, p->bins * sizeof *p->s);
        if (p->peculiar)
            memset(p->peculiar, 0, 3 * p->bins * sizeof *p->peculiar);
        p->samples = 0;
    }
    for (size_t i = 0, n = hsf_system_count(sys); i < n; i++) {
        hsf_particle_view v;
        hsf_system_particle(sys, i, &v);
        double x = floor((v.r[p->axis] - p->lo) / p->width);
        size_t k = x < 0 ? 0 : x >= (double)p->bins ? p->bins - 1 : (size_t)x;
        slab *s = &p->s[k];
        s->count += 1;
        s->mass += v.mass;
        if (p->peculiar) {
            /* twice_kinetic of the peculiar velocities, their momentum apart */
            double u[3];
            hsf_system_flow_velocity(sys, v.r, u);
            for (int a = 0; a < 3; a++) {
                double w = v.v[a] - u[a];
                s->momentum[a] += v.mass * v.v[a];
                p->peculiar[3 * k + a] += v.mass * w;
                s->twice_kinetic += v.mass * w * w;
            }
            continue;
        }
        for (int a = 0; a < 3; a++) {
            s->momentum[a] += v.mass * v.v[a];
            s->twice_kinetic += v.mass * v.v[a] * v.v[a];
        }
    }
    p->samples += 1;
    if (!p->average)
        write_table(p, now);
    return 0;
}

static int profile_end(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    profile *p = state;
    if (p->average)
        write_table(p, -1);
    int rc = hsf_atomic_commit(p->out, err);
    p->out = NULL;
    return rc;
}

static void profile_fini(void *state)
{
    profile *p = state;
    hsf_atomic_abort(p->out);
    free(p->s);
    free(p->peculiar);
}

/* Checkpoints: the table so far and the sums. */
static int profile_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    profile *p = state;
    return (hsf_atomic_save(p->out, st, err) ||
            hsf_state_put(st, &p->samples, sizeof p->samples, err) ||
            hsf_state_put(st, p->s, p->bins * sizeof *p->s, err) ||
            (p->peculiar &&
             hsf_state_put(st, p->peculiar, 3 * p->bins * sizeof *p->peculiar, err))) ? -1 : 0;
}

static int profile_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    profile *p = state;
    if (!(p->out = hsf_atomic_resume(p->file, st, err)))
        return -1;
    return (hsf_state_get(st, &p->samples, sizeof p->samples, err) ||
            hsf_state_get(st, p->s, p->bins * sizeof *p->s, err) ||
            (p->peculiar &&
             hsf_state_get(st, p->peculiar, 3 * p->bins * sizeof *p->peculiar, err))) ? -1 : 0;
}

static const hsf_output_type profile_type = {
    .state_size = sizeof(profile),
    .init = profile_init,
    .fini = profile_fini,
    .begin = profile_begin,
    .sample = profile_sample,
    .end = profile_end,
    .save = profile_save,
    .restore = profile_restore,
    .flags = HSF_OUTPUT_ANY_PARTICLES,   /* reads the system afresh at each sample */
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "profile",
           "CSV: number density, flow velocity and temperature in slabs along an axis, "
           "averaged over the samples or per sample", profile_params, &profile_type)
