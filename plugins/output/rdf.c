/* rdf: the radial distribution function g(r), averaged over samples, and
 * its contact value.
 *
 * g(r) = (pairs at distance in [r, r + dr]) / (N/2 rho V_shell(r)), with
 * rho = N / V the number density and V_shell the shell's area (2D) or
 * volume (3D): 1 for an ideal gas.  Pairs are found through a grid of
 * cells of side r_max, so a sample costs O(N) at a fixed density; along
 * periodic axes separations are minimum images.  Next to walls the ideal
 * gas count overestimates the pairs that fit, so g(r) of a walled box sags
 * at large r: use a periodic box for the fluid's g(r).
 *
 * The contact value g(sigma) (sigma the diameter, for equal spheres) gives
 * the pressure of hard spheres, Z = 1 + 2^(d-1) phi g(sigma).  g falls
 * off nearly exponentially from contact, so ln g is fitted by a straight
 * line through the first 4 bins beyond sigma and extrapolated to sigma
 * (on the 3D fluid at packing fraction 0.30: 2.499 against
 * Carnahan-Starling's 2.478; a line through g itself gives 2.42). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

typedef struct rdf {
    const char *file;
    int dim;
    size_t n, bins;
    double rmax, width;
    double lo[3], len[3];
    int periodic[3];
    int sheared, flow, gradient;    /* a sheared box's images slide (hsf_system_shear) */
    const hsf_system *sys;          /* during a sample */
    double *hist;
    size_t samples;
    double start;               /* samples before this time are ignored */
    double sigma;               /* diameter if all are equal, else 0 */
    double (*r)[3];             /* positions of a sample */
    uint32_t *next, *head;      /* the grid */
    int cells[3];
} rdf;

static const hsf_param rdf_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0, "CSV file to write: r, g" },
    { "bins", HSF_PARAM_INT, "200", 2, 1000000, "number of distance bins" },
    { "r_max", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "largest distance; 0: half the smallest side of the box" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "ignore samples before this time (let a lattice start melt first)" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int rdf_init(void *state, const hsf_config *cfg, const hsf_system *sys, hsf_error *err)
{
    rdf *g = state;
    g->file = hsf_config_string(cfg, "file");
    g->start = hsf_config_double(cfg, "start");
    g->dim = hsf_system_dim(sys);
    g->n = hsf_system_count(sys);
    g->bins = (size_t)hsf_config_int(cfg, "bins");
    double hi[3], smallest = INFINITY;
    hsf_system_extent(sys, g->lo, hi, g->periodic);
    for (int a = 0; a < g->dim; a++) {
        g->len[a] = hi[a] - g->lo[a];
        smallest = fmin(smallest, g->len[a]);
    }
    g->sheared = hsf_system_shear(sys, &g->flow, &g->gradient) != 0;
    g->rmax = hsf_config_double(cfg, "r_max");
    if (g->rmax == 0)
        g->rmax = smallest / 2;
    for (int a = 0; a < g->dim; a++)
        if (g->periodic[a] && g->rmax > g->len[a] / 2)
            return hsf_config_error(cfg, err, "r_max", "expected at most half the periodic "
                                    "side %g, found %g", g->len[a], g->rmax);
    g->width = g->rmax / (double)g->bins;
    for (size_t i = 0; i < g->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        g->sigma = i == 0 || g->sigma == 2 * p.radius ? 2 * p.radius : 0;
        if (g->sigma == 0)
            break;
    }
    size_t ncells = 1;
    for (int a = 0; a < 3; a++) {
        double c = a < g->dim ? floor(g->len[a] / g->rmax) : 1;
        g->cells[a] = c < 1 ? 1 : c > 1024 ? 1024 : (int)c;
        ncells *= (size_t)g->cells[a];
    }
    g->hist = calloc(g->bins, sizeof *g->hist);
    g->r = malloc((g->n ? g->n : 1) * sizeof *g->r);
    g->next = malloc((g->n ? g->n : 1) * sizeof *g->next);
    g->head = malloc(ncells * sizeof *g->head);
    if (!g->hist || !g->r || !g->next || !g->head)
        return hsf_error_set(err, "out of memory for g(r) of %zu particles", g->n);
    return hsf_atomic_check(g->file, err);
}

static void rdf_fini(void *state)
{
    rdf *g = state;
    free(g->hist);
    free(g->r);
    free(g->next);
    free(g->head);
}

static int cell_of(const rdf *g, const double r[3], int c[3])
{
    for (int a = 0; a < 3; a++) {
        double f = a < g->dim ? floor((r[a] - g->lo[a]) / g->len[a] * g->cells[a]) : 0;
        c[a] = f < 0 ? 0 : f >= g->cells[a] ? g->cells[a] - 1 : (int)f;
    }
    return (c[2] * g->cells[1] + c[1]) * g->cells[0] + c[0];
}

/* Counts the pairs of i with the particles of cell (x, y, z) (wrapped along
 * periodic axes), each pair once: j > i. */
static void count_cell(rdf *g, size_t i, int x, int y, int z)
{
    int c[3] = { x, y, z };
    for (int a = 0; a < 3; a++) {
        if (c[a] < 0 || c[a] >= g->cells[a]) {
            if (!g->periodic[a])
                return;
            c[a] = (c[a] + g->cells[a]) % g->cells[a];
        }
    }
    for (uint32_t j = g->head[(c[2] * g->cells[1] + c[1]) * g->cells[0] + c[0]]; j != UINT32_MAX;
         j = g->next[j]) {
        if (j <= i)
            continue;
        double d2 = 0;
        if (g->sheared) {
            double dr[3];
            hsf_system_separation(g->sys, g->r[i], g->r[j], dr);
            d2 = dr[0] * dr[0] + dr[1] * dr[1] + dr[2] * dr[2];
        } else {
            for (int a = 0; a < g->dim; a++) {
                double d = g->r[i][a] - g->r[j][a];
                if (g->periodic[a])
                    d -= g->len[a] * nearbyint(d / g->len[a]);
                d2 += d * d;
            }
        }
        double b = sqrt(d2) / g->width;
        if (b < (double)g->bins)
            g->hist[(size_t)b] += 1;
    }
}

static int rdf_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)err;
    rdf *g = state;
    if (hsf_system_time(sys) < g->start)
        return 0;
    g->sys = sys;
    size_t ncells = (size_t)g->cells[0] * (size_t)g->cells[1] * (size_t)g->cells[2];
    for (size_t k = 0; k < ncells; k++)
        g->head[k] = UINT32_MAX;
    for (size_t i = 0; i < g->n; i++) {
        hsf_particle_view p;
        hsf_system_particle(sys, i, &p);
        memcpy(g->r[i], p.r, sizeof g->r[i]);
        int c[3];
        int k = cell_of(g, p.r, c);
        g->next[i] = g->head[k];
        g->head[k] = (uint32_t)i;
    }
    /* Along an axis of fewer than 3 cells the neighbouring cells would
     * repeat: visit every cell along it once instead. */
    for (size_t i = 0; i < g->n; i++) {
        int c[3], from[3], to[3];
        cell_of(g, g->r[i], c);
        for (int a = 0; a < 3; a++) {
            int small = g->cells[a] < 3;
            from[a] = small ? 0 : c[a] - 1;
            to[a] = small ? g->cells[a] - 1 : c[a] + 1;
        }
        /* In a sheared box the cells across the gradient faces slide
         * along the flow: next to them, the whole row along the flow. */
        if (g->sheared && (c[g->gradient] == 0 || c[g->gradient] == g->cells[g->gradient] - 1 ||
                           g->cells[g->gradient] < 3)) {
            from[g->flow] = 0;
            to[g->flow] = g->cells[g->flow] - 1;
        }
        for (int z = from[2]; z <= to[2]; z++)
            for (int y = from[1]; y <= to[1]; y++)
                for (int x = from[0]; x <= to[0]; x++)
                    count_cell(g, i, x, y, z);
    }
    g->samples++;
    return 0;
}

static double shell(int dim, double r0, double r1)
{
    return dim == 2 ? M_PI * (r1 * r1 - r0 * r0) : 4 * M_PI / 3 * (r1 * r1 * r1 - r0 * r0 * r0);
}

static int rdf_end(void *state, const hsf_system *sys, hsf_error *err)
{
    rdf *g = state;
    double rho = (double)g->n / hsf_system_volume(sys);
    hsf_atomic_file *f = hsf_atomic_open(g->file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    fprintf(out, "r,g\n");
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int fit = 0;
    for (size_t b = 0; b < g->bins; b++) {
        double r0 = (double)b * g->width, r1 = r0 + g->width;
        double ideal = (double)g->samples * (double)g->n / 2 * rho * shell(g->dim, r0, r1);
        double value = ideal > 0 ? g->hist[b] / ideal : 0;
        double r = (r0 + r1) / 2;
        fprintf(out, "%.10g,%.10g\n", r, value);
        /* The first 4 bins wholly beyond contact. */
        if (g->sigma > 0 && r0 >= g->sigma && fit < 4 && value > 0) {
            sx += r, sy += log(value), sxx += r * r, sxy += r * log(value);
            fit++;
        }
    }
    if (fit >= 2) {
        double slope = (fit * sxy - sx * sy) / (fit * sxx - sx * sx);
        double contact = exp((sy - slope * sx) / fit + slope * g->sigma);
        fprintf(out, "# contact_value %.6g (g at r = sigma = %.10g: ln g fitted by a line "
                "through %d bins beyond it)\n", contact, g->sigma, fit);
    } else if (g->sigma == 0) {
        fprintf(out, "# no contact value: the particles differ in size\n");
    }
    fprintf(out, "# samples %zu, number density %.10g\n", g->samples, rho);
    return hsf_atomic_commit(f, err);
}

/* Checkpoints: the histogram and how many samples it holds. */
static int rdf_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    rdf *g = state;
    return (hsf_state_put(st, &g->samples, sizeof g->samples, err) ||
            hsf_state_put(st, g->hist, g->bins * sizeof *g->hist, err)) ? -1 : 0;
}

static int rdf_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    rdf *g = state;
    return (hsf_state_get(st, &g->samples, sizeof g->samples, err) ||
            hsf_state_get(st, g->hist, g->bins * sizeof *g->hist, err)) ? -1 : 0;
}

static const hsf_output_type rdf_type = {
    .state_size = sizeof(rdf),
    .init = rdf_init,
    .fini = rdf_fini,
    .sample = rdf_sample,
    .end = rdf_end,
    .save = rdf_save,
    .restore = rdf_restore,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "rdf", "radial distribution function g(r) and its contact value",
           rdf_params, &rdf_type)
