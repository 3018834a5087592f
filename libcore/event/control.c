/* What a thermostat may do to the system (thermostat.h). */
#include "event/state.h"
#include "host/random.h"

const hsf_system *hsf_control_system(const hsf_control *c)
{
    return c->sys;
}

void hsf_control_set_velocity(hsf_control *c, size_t i, const double v[3])
{
    if (!c->failed && i < c->sys->n && hsf_engine_set_velocity(c->engine, (uint32_t)i, v, 1, c->err))
        c->failed = 1;
}

double hsf_control_uniform(hsf_control *c)
{
    return hsf_random_uniform(&c->sys->random);
}

double hsf_control_normal(hsf_control *c)
{
    return hsf_random_normal(&c->sys->random);
}
