# Force plugins (the time-step engine, [force.NAME] sections).
pkglib_LTLIBRARIES += plugins/force/gravity.la plugins/force/spring.la
plugins_force_gravity_la_SOURCES = plugins/force/gravity.c
plugins_force_gravity_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_force_gravity_la_LIBADD = -lm
plugins_force_spring_la_SOURCES = plugins/force/spring.c
plugins_force_spring_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_force_spring_la_LIBADD = -lm
