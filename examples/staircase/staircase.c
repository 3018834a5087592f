/* staircase: the Lennard-Jones potential cut at `cutoff` and replaced by
 * `steps` flat steps between the hard core (at the contact distance) and
 * the cutoff, an interaction plugin built out of tree against the
 * installed hsframe kit.  Discretised potentials of this kind let an
 * event-driven engine approach a smooth fluid (A. Chapela, L. E. Scriven
 * and H. T. Davis, J. Chem. Phys. 91, 4307 (1989)).
 *
 * Shell k (inside steps 0 .. k-1) spans the distances between the k-th and
 * the (k+1)-th step (or the core); its energy is the Lennard-Jones energy
 * 4 eps ((s/r)^12 - (s/r)^6) at the middle of that span, s the contact
 * distance, in units of which the steps are spaced evenly. */
#include <math.h>

#include <hsframe/hsframe.h>

static const hsf_param staircase_params[] = {
    { "epsilon", HSF_PARAM_DOUBLE, "1", 0, 1e300,
      "depth of the Lennard-Jones well (energy, the units of m v^2)" },
    { "cutoff", HSF_PARAM_DOUBLE, "2.5", 1.01, 100,
      "outermost step, as a multiple of the contact distance" },
    { "steps", HSF_PARAM_INT, "8", 1, HSF_MAX_STEPS, "number of steps" },
    { NULL, 0, NULL, 0, 0, NULL }
};

static double lennard_jones(double epsilon, double r)
{
    double s6 = 1 / (r * r * r * r * r * r);
    return 4 * epsilon * (s6 * s6 - s6);
}

static int staircase_rule(const void *s, const hsf_config *cfg, unsigned a, unsigned b,
                          hsf_pair_rule *out, hsf_error *err)
{
    (void)s, (void)a, (void)b, (void)err;
    double epsilon = hsf_config_double(cfg, "epsilon");
    double cutoff = hsf_config_double(cfg, "cutoff");
    unsigned n = (unsigned)hsf_config_int(cfg, "steps");
    double width = (cutoff - 1) / n, previous = 0;
    out->core = 1;
    out->restitution = 1;
    out->steps = n;
    for (unsigned k = 0; k < n; k++) {
        out->step_at[k] = cutoff - k * width;
        double shell = lennard_jones(epsilon, cutoff - (k + 0.5) * width);
        out->step_energy[k] = shell - previous;
        previous = shell;
    }
    return 0;
}

static const hsf_interaction_type staircase_type = {
    .state_size = 0,
    .rule = staircase_rule,
};

HSF_PLUGIN(HSF_PLUGIN_INTERACTION, "staircase",
           "Lennard-Jones as a staircase of square steps (an out-of-tree example)",
           staircase_params, &staircase_type)
