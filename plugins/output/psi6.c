/* psi6: the hexatic order of hard discs (2D).
 *
 * Each disc's local bond orientational order is
 *     psi6_i = (1 / n_i) sum over its neighbours j of exp(6 i theta_ij),
 * theta_ij the angle of the bond from i to j, neighbours the discs within
 * `cutoff` of it (default 1.4 lattice spacings of the triangular lattice
 * at the discs' density: the six nearest in a crystal, the first shell in
 * a liquid).  The global order is |Psi6| = |sum of psi6_i| / N (E. P.
 * Bernard and W. Krauth, Phys. Rev. Lett. 107, 155704 (2011) use it to
 * tell the hexatic from the liquid), and its spatial correlation
 *     g6(r) = < Re(psi6_i conj(psi6_j)) > over pairs at distance r,
 * averaged over samples from `start` on, decays exponentially in the
 * liquid, algebraically in the hexatic phase.
 *
 * Files: `file`, a CSV row per sample (time, |Psi6|, the mean of
 * |psi6_i|); `g6` (optional), a CSV of r, g6(r) and the pairs counted;
 * `discs` (optional), an extended XYZ snapshot of the final state with
 * every disc's psi6 (re, im), |psi6| and a colour by its phase
 * arg(psi6_i) on a colour wheel: read back as a particle file, the frames
 * output then draws the hexatic patches in their orientation's colour. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <hsframe/hsframe.h>

typedef struct psi6 {
    const char *file, *g6_file, *discs_file;
    hsf_atomic_file *out;
    size_t n;
    double lo[3], len[3];
    double cutoff, rmax, width, start;
    size_t bins;
    double *g6, *pairs;     /* bins each: sums over samples */
    size_t samples;
    double (*r)[2];
    double (*psi)[2];       /* local psi6, re and im */
    double *count;          /* neighbours of each disc, during a sample */
    uint32_t *next, *head;
    int cells[2];
} psi6;

static const hsf_param psi6_params[] = {
    { "file", HSF_PARAM_STRING, NULL, 0, 0,
      "CSV file: time, psi6 (the global |Psi6|), psi6_local (the mean of each disc's |psi6|)" },
    { "cutoff", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "neighbours of a disc: the discs within this distance; 0: 1.4 spacings of the "
      "triangular lattice at the discs' density" },
    { "g6", HSF_PARAM_STRING, "", 0, 0,
      "CSV file for g6(r) (r, g6, pairs) averaged over samples; empty: none" },
    { "bins", HSF_PARAM_INT, "100", 2, 1000000, "g6: number of distance bins" },
    { "r_max", HSF_PARAM_DOUBLE, "0", 0, 1e300,
      "g6: largest distance; 0: a quarter of the smallest side of the box" },
    { "start", HSF_PARAM_DOUBLE, "0", 0, 1e300, "g6: ignore samples before this time" },
    { "discs", HSF_PARAM_STRING, "", 0, 0,
      "extended XYZ file of the final state with each disc's psi6 and a colour by its "
      "phase (a particle file hsframe reads back); empty: none" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static int psi6_init(void *state, const hsf_config *cfg, const hsf_system *sys, hsf_error *err)
{
    psi6 *p = state;
    if (hsf_system_dim(sys) != 2)
        return hsf_config_error(cfg, err, "plugin", "psi6 is the hexatic order of discs: "
                                "expected dim = 2, found %d", hsf_system_dim(sys));
    p->file = hsf_config_string(cfg, "file");
    p->g6_file = hsf_config_string(cfg, "g6");
    p->discs_file = hsf_config_string(cfg, "discs");
    p->n = hsf_system_count(sys);
    double hi[3];
    int periodic[3];
    hsf_system_extent(sys, p->lo, hi, periodic);
    for (int a = 0; a < 2; a++) {
        p->len[a] = hi[a] - p->lo[a];
        if (!periodic[a])
            return hsf_config_error(cfg, err, "plugin", "psi6 needs a periodic box (bonds "
                                    "through the images): boundary is not periodic along %c",
                                    "xy"[a]);
    }
    double rho = p->n ? (double)p->n / (p->len[0] * p->len[1]) : 1;
    double spacing = sqrt(2 / (sqrt(3.0) * rho));
    p->cutoff = hsf_config_double(cfg, "cutoff");
    if (p->cutoff == 0)
        p->cutoff = 1.4 * spacing;
    double smallest = fmin(p->len[0], p->len[1]);
    p->rmax = hsf_config_double(cfg, "r_max");
    if (p->rmax == 0)
        p->rmax = smallest / 4;
    if (p->rmax > smallest / 2 || p->cutoff > smallest / 2)
        return hsf_config_error(cfg, err, p->rmax > smallest / 2 ? "r_max" : "cutoff",
                                "expected at most half the box side %g", smallest);
    p->bins = (size_t)hsf_config_int(cfg, "bins");
    p->width = p->rmax / (double)p->bins;
    p->start = hsf_config_double(cfg, "start");
    size_t n = p->n ? p->n : 1;
    p->g6 = calloc(p->bins, sizeof *p->g6);
    p->pairs = calloc(p->bins, sizeof *p->pairs);
    p->r = malloc(n * sizeof *p->r);
    p->psi = malloc(n * sizeof *p->psi);
    p->next = malloc(n * sizeof *p->next);
    p->count = malloc(n * sizeof *p->count);
    if (!p->g6 || !p->pairs || !p->r || !p->psi || !p->next || !p->count)
        return hsf_error_set(err, "out of memory");
    if (hsf_atomic_check(p->file, err) || (p->g6_file[0] && hsf_atomic_check(p->g6_file, err)) ||
        (p->discs_file[0] && hsf_atomic_check(p->discs_file, err)))
        return -1;
    return 0;
}

static void psi6_fini(void *state)
{
    psi6 *p = state;
    hsf_atomic_abort(p->out);
    free(p->g6);
    free(p->pairs);
    free(p->r);
    free(p->psi);
    free(p->next);
    free(p->count);
    free(p->head);
}

static int psi6_begin(void *state, const hsf_system *sys, hsf_error *err)
{
    (void)sys;
    psi6 *p = state;
    if (!(p->out = hsf_atomic_open(p->file, err)))
        return -1;
    fputs("time,psi6,psi6_local\n", hsf_atomic_stream(p->out));
    return 0;
}

/* The discs into a grid of cells of side at least reach (at least 3 a
 * side, else one cell: every pair). */
static int fill_grid(psi6 *p, double reach)
{
    size_t cells = 1;
    for (int a = 0; a < 2; a++) {
        int c = (int)floor(p->len[a] / reach);
        p->cells[a] = c >= 3 ? (c > 4096 ? 4096 : c) : 1;
        cells *= (size_t)p->cells[a];
    }
    free(p->head);
    if (!(p->head = malloc(cells * sizeof *p->head)))
        return -1;
    for (size_t k = 0; k < cells; k++)
        p->head[k] = UINT32_MAX;
    for (size_t i = 0; i < p->n; i++) {
        size_t k = 0;
        for (int a = 1; a >= 0; a--) {
            int x = (int)floor((p->r[i][a] - p->lo[a]) / p->len[a] * p->cells[a]);
            x = x < 0 ? 0 : x >= p->cells[a] ? p->cells[a] - 1 : x;
            k = k * (size_t)p->cells[a] + (size_t)x;
        }
        p->next[i] = p->head[k];
        p->head[k] = (uint32_t)i;
    }
    return 0;
}

/* Calls pair(p, i, j, dx, dy, d2) for every pair closer than reach, once,
 * with (dx, dy) the minimum image of r_j - r_i. */
static void each_pair(psi6 *p, double reach,
                      void (*pair)(psi6 *, uint32_t, uint32_t, double, double, double))
{
    double r2 = reach * reach;
    int nx = p->cells[0], ny = p->cells[1];
    for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
            for (uint32_t i = p->head[y * nx + x]; i != UINT32_MAX; i = p->next[i]) {
                /* One cell: every pair; else the block of 3 x 3, each pair once. */
                int span = nx == 1 ? 0 : 1;
                for (int dy = -span; dy <= span; dy++)
                    for (int dx = -span; dx <= span; dx++) {
                        int cx = (x + dx + nx) % nx, cy = (y + dy + ny) % ny;
                        for (uint32_t j = p->head[cy * nx + cx]; j != UINT32_MAX;
                             j = p->next[j]) {
                            if (j <= i)
                                continue;
                            double d[2];
                            for (int a = 0; a < 2; a++) {
                                d[a] = p->r[j][a] - p->r[i][a];
                                d[a] -= p->len[a] * nearbyint(d[a] / p->len[a]);
                            }
                            double d2 = d[0] * d[0] + d[1] * d[1];
                            if (d2 < r2)
                                pair(p, i, j, d[0], d[1], d2);
                        }
                    }
            }
}

static void bond(psi6 *p, uint32_t i, uint32_t j, double dx, double dy, double d2)
{
    (void)d2;
    double t = 6 * atan2(dy, dx), c = cos(t), s = sin(t);
    /* The bond from j to i is turned by pi: 6 pi changes nothing. */
    p->psi[i][0] += c, p->psi[i][1] += s;
    p->psi[j][0] += c, p->psi[j][1] += s;
    p->count[i]++, p->count[j]++;
}

static void correlate(psi6 *p, uint32_t i, uint32_t j, double dx, double dy, double d2)
{
    (void)dx;
    (void)dy;
    size_t k = (size_t)(sqrt(d2) / p->width);
    if (k >= p->bins)
        return;
    p->g6[k] += p->psi[i][0] * p->psi[j][0] + p->psi[i][1] * p->psi[j][1];
    p->pairs[k]++;
}

/* Every disc's psi6 at the system's time; the global |Psi6| and the
 * mean |psi6_i|. */
static int measure(psi6 *p, const hsf_system *sys, double *global, double *local)
{
    for (size_t i = 0; i < p->n; i++) {
        hsf_particle_view v;
        hsf_system_particle(sys, i, &v);
        p->r[i][0] = v.r[0], p->r[i][1] = v.r[1];
        p->psi[i][0] = p->psi[i][1] = 0;
    }
    double *count = p->count;
    memset(count, 0, p->n * sizeof *count);
    if (fill_grid(p, p->cutoff))
        return -1;
    each_pair(p, p->cutoff, bond);
    double sum[2] = { 0, 0 }, mean = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (count[i] > 0)
            p->psi[i][0] /= count[i], p->psi[i][1] /= count[i];
        sum[0] += p->psi[i][0], sum[1] += p->psi[i][1];
        mean += hypot(p->psi[i][0], p->psi[i][1]);
    }
    *global = p->n ? hypot(sum[0], sum[1]) / (double)p->n : 0;
    *local = p->n ? mean / (double)p->n : 0;
    return 0;
}

static int psi6_sample(void *state, const hsf_system *sys, hsf_error *err)
{
    psi6 *p = state;
    double global, local, t = hsf_system_time(sys);
    if (measure(p, sys, &global, &local))
        return hsf_error_set(err, "out of memory");
    fprintf(hsf_atomic_stream(p->out), "%.17g,%.10g,%.10g\n", t, global, local);
    if (p->g6_file[0] && t >= p->start) {
        if (fill_grid(p, p->rmax))
            return hsf_error_set(err, "out of memory");
        each_pair(p, p->rmax, correlate);
        p->samples++;
    }
    return 0;
}

/* A colour on the wheel for a phase angle in (-pi, pi]: red, yellow,
 * green, cyan, blue, magenta, as the angle turns; 0-255 each. */
static void wheel(double phase, int rgb[3])
{
    double h = (phase + M_PI) / (2 * M_PI) * 6;
    for (int k = 0; k < 3; k++) {
        double x = fmod(h + 6 - 2 * k, 6);
        double v = x < 1 ? 1 : x < 2 ? 2 - x : x < 4 ? 0 : x < 5 ? x - 4 : 1;
        rgb[k] = (int)lround(255 * v);
    }
}

static int write_g6(const psi6 *p, hsf_error *err)
{
    hsf_atomic_file *f = hsf_atomic_open(p->g6_file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    fputs("r,g6,pairs\n", out);
    for (size_t k = 0; k < p->bins; k++)
        fprintf(out, "%.10g,%.10g,%.0f\n", (k + 0.5) * p->width,
                p->pairs[k] > 0 ? p->g6[k] / p->pairs[k] : 0.0, p->pairs[k]);
    return hsf_atomic_commit(f, err);
}

/* The final state with psi6 per disc, as a particle file. */
static int write_discs(const psi6 *p, const hsf_system *sys, hsf_error *err)
{
    hsf_atomic_file *f = hsf_atomic_open(p->discs_file, err);
    if (!f)
        return -1;
    FILE *out = hsf_atomic_stream(f);
    fprintf(out, "%zu\nLattice=\"%.17g 0 0 0 %.17g 0 0 0 0\" Origin=\"%.17g %.17g 0\" "
            "Properties=pos:R:3:velo:R:3:radius:R:1:mass:R:1:color:I:3:psi6:R:2:"
            "psi6_abs:R:1 Time=%.17g\n", p->n, p->len[0], p->len[1], p->lo[0], p->lo[1],
            hsf_system_time(sys));
    for (size_t i = 0; i < p->n; i++) {
        hsf_particle_view v;
        hsf_system_particle(sys, i, &v);
        int rgb[3];
        wheel(atan2(p->psi[i][1], p->psi[i][0]), rgb);
        fprintf(out, "%.17g %.17g 0 %.17g %.17g 0 %.17g %.17g %d %d %d %.6g %.6g %.6g\n",
                v.r[0], v.r[1], v.v[0], v.v[1], v.radius, v.mass, rgb[0], rgb[1], rgb[2],
                p->psi[i][0], p->psi[i][1], hypot(p->psi[i][0], p->psi[i][1]));
    }
    return hsf_atomic_commit(f, err);
}

static int psi6_end(void *state, const hsf_system *sys, hsf_error *err)
{
    psi6 *p = state;
    int rc = hsf_atomic_commit(p->out, err);
    p->out = NULL;
    if (!rc && p->g6_file[0])
        rc = write_g6(p, err);
    /* The final sample measured every disc's psi6 just before. */
    if (!rc && p->discs_file[0])
        rc = write_discs(p, sys, err);
    return rc;
}

/* Checkpoints: the rows so far and g6's sums. */
static int psi6_save(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    psi6 *p = state;
    return (hsf_atomic_save(p->out, st, err) ||
            hsf_state_put(st, &p->samples, sizeof p->samples, err) ||
            hsf_state_put(st, p->g6, p->bins * sizeof *p->g6, err) ||
            hsf_state_put(st, p->pairs, p->bins * sizeof *p->pairs, err)) ? -1 : 0;
}

static int psi6_restore(void *state, const hsf_system *sys, hsf_state *st, hsf_error *err)
{
    (void)sys;
    psi6 *p = state;
    if (!(p->out = hsf_atomic_resume(p->file, st, err)))
        return -1;
    return (hsf_state_get(st, &p->samples, sizeof p->samples, err) ||
            hsf_state_get(st, p->g6, p->bins * sizeof *p->g6, err) ||
            hsf_state_get(st, p->pairs, p->bins * sizeof *p->pairs, err)) ? -1 : 0;
}

/* The files written, for the summary. */
static int psi6_written(const void *state, size_t k, char *buf, size_t size)
{
    const psi6 *p = state;
    const char *files[3] = { p->file, p->g6_file[0] ? p->g6_file : NULL,
                             p->discs_file[0] ? p->discs_file : NULL };
    for (size_t f = 0, seen = 0; f < 3; f++)
        if (files[f] && seen++ == k) {
            snprintf(buf, size, "%s", files[f]);
            return 1;
        }
    return 0;
}

static const hsf_output_type psi6_type = {
    .state_size = sizeof(psi6),
    .init = psi6_init,
    .fini = psi6_fini,
    .begin = psi6_begin,
    .sample = psi6_sample,
    .end = psi6_end,
    .save = psi6_save,
    .restore = psi6_restore,
    .written = psi6_written,
};

HSF_PLUGIN(HSF_PLUGIN_OUTPUT, "psi6",
           "hexatic order of discs (2D): global |Psi6| per sample, each disc's local psi6 "
           "(XYZ with a colour by phase), and g6(r)", psi6_params, &psi6_type)
