/* hsframe: event-driven simulation of hard discs and hard spheres.
 * The one header a plugin needs: it includes all the others.  Build against
 * it with `pkg-config --cflags --libs hsframe`. */
#ifndef HSFRAME_H
#define HSFRAME_H

#include <hsframe/error.h>
#include <hsframe/config.h>
#include <hsframe/event.h>
#include <hsframe/system.h>
#include <hsframe/plugin.h>
#include <hsframe/queue.h>
#include <hsframe/boundary.h>
#include <hsframe/state.h>
#include <hsframe/output.h>
#include <hsframe/interaction.h>
#include <hsframe/thermostat.h>
#include <hsframe/force.h>
#include <hsframe/io.h>
#include <hsframe/prefetch.h>
#include <hsframe/sim.h>

#endif
