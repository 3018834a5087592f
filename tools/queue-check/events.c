/* Random numbers and events for the workloads: each check seeds its own
 * stream, so a failure comes back at the same step when run again. */
#include <math.h>

#include "qcheck.h"

static uint64_t rng, seq;
static double gap_base;

void qc_seed(uint64_t seed)
{
    rng = seed;
}

/* splitmix64 (G. L. Steele, D. Lea and C. H. Flood, OOPSLA 2014). */
uint64_t qc_u64(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

double qc_uniform(void)
{
    return ((double)(qc_u64() >> 11) + 0.5) * 0x1p-53;
}

double qc_exponential(void)
{
    return -log(qc_uniform());
}

/* Every byte other than time and seq is derived from seq, with all bits in
 * play, so that any field a queue clobbers shows. */
hsf_event qc_event(double time, uint64_t s)
{
    uint64_t a = s * 0xd6e8feb86659fd93ULL, b = ~s * 0x9e3779b97f4a7c15ULL;
    return (hsf_event){ .time = time, .seq = s, .subject = (uint32_t)(a >> 32),
                        .object = (uint32_t)a, .kind = (uint32_t)(b >> 32),
                        .stamp = (uint32_t)b };
}

uint64_t qc_next_seq(void)
{
    return ++seq;
}

double qc_gen_uniform(void)
{
    return 1000 * qc_uniform();
}

double qc_gen_one_value(void)
{
    return 42.5;
}

double qc_gen_few_values(void)
{
    static const double v[] = { 0, 0.5, 1, 7, 1e6 };
    return v[qc_u64() % 5];
}

double qc_gen_log_uniform(void)
{
    return pow(10, -9 + 18 * qc_uniform());
}

void qc_gen_gaps_reset(void)
{
    gap_base = 0;
}

/* Clumps and deserts: a base that drifts forward by gaps from 0 to 1e12,
 * plus offsets from 0 to 1e12, and now and then a lone event near 1e300. */
double qc_gen_gaps(void)
{
    static const double g[] = { 0, 1e-15, 1e-9, 1e-3, 1, 1e6, 1e12 };
    gap_base += g[qc_u64() % 7] * qc_uniform();
    if (qc_u64() % 10000 == 0)
        return 5e299 * (1 + qc_uniform());
    return gap_base + g[qc_u64() % 7];
}
