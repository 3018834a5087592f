/* The test's own engine (engine_ballistic.c): straight lines to end_time. */
#ifndef HSF_ENGINE_BALLISTIC_H
#define HSF_ENGINE_BALLISTIC_H

#include "run/engine.h"

extern const hsf_engine_ops hsf_ballistic_engine_ops;

#endif
