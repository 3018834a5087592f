/* Pair collision prediction and resolution. */
#include <math.h>

#include <hsframe/boundary.h>

#include "shared/physics.h"

double hsf_pair_collide(const double dr[3], double vi[3], double vj[3], double mi,
                        double mj, double *virial)
{
    double dist = sqrt(hsf_dot(dr, dr));
    double n[3] = { dr[0] / dist, dr[1] / dist, dr[2] / dist };
    double dv[3] = { vi[0] - vj[0], vi[1] - vj[1], vi[2] - vj[2] };
    double vn = hsf_dot(dv, n);             /* < 0 when approaching */
    double impulse = -2 * mi * mj / (mi + mj) * vn;     /* along +n, onto i */
    double ki = impulse / mi, kj = impulse / mj;
    for (int a = 0; a < 3; a++) {
        vi[a] += ki * n[a];
        vj[a] -= kj * n[a];
    }
    *virial = impulse * dist;
    return fabs(impulse);
}

double hsf_parabola_time(double x, double v, double g, double face, int dir)
{
    return hsf_parabola_time_inline(x, v, g, face, dir);
}

