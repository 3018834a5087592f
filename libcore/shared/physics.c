/* Pair collision prediction and resolution. */
#include <math.h>

#include <hsframe/boundary.h>

#include "shared/physics.h"

double hsf_pair_collide(const double dr[3], double vi[3], double vj[3], double mi,
                        double mj, double *virial)
{
    double dd = hsf_dot(dr, dr);
    double dv[3] = { vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2] };
    double c = -2 * hsf_dot(dv, dr) / dd;  /* > 0 when approaching */
    double m = mi + mj;
    hsf_pair_kick(dr, c, mj / m, mi / m, vi, vj);
    double impulse = mi * mj / m * c;       /* along dr, onto i, per unit of dr */
    *virial = impulse * dd;
    return fabs(impulse) * sqrt(dd);
}

double hsf_parabola_time(double x, double v, double g, double face, int dir)
{
    return hsf_parabola_time_inline(x, v, g, face, dir);
}

