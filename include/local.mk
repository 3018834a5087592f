# Installed public headers: the plugin ABI.
hsframeincludedir = $(includedir)/hsframe
hsframeinclude_HEADERS = \
	include/hsframe/hsframe.h \
	include/hsframe/error.h \
	include/hsframe/config.h \
	include/hsframe/event.h \
	include/hsframe/system.h \
	include/hsframe/plugin.h \
	include/hsframe/queue.h \
	include/hsframe/boundary.h \
	include/hsframe/output.h \
	include/hsframe/interaction.h \
	include/hsframe/thermostat.h \
	include/hsframe/force.h \
	include/hsframe/io.h \
	include/hsframe/state.h \
	include/hsframe/prefetch.h \
	include/hsframe/sim.h
