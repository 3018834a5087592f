# Interaction plugins: what two particles do when they meet.
pkglib_LTLIBRARIES += plugins/interaction/hard_sphere.la plugins/interaction/square_well.la \
	plugins/interaction/square_shoulder.la plugins/interaction/inelastic.la
plugins_interaction_hard_sphere_la_SOURCES = plugins/interaction/hard_sphere.c
plugins_interaction_hard_sphere_la_LDFLAGS = $(PLUGIN_LDFLAGS)
# The well and the shoulder: one source, built twice.
plugins_interaction_square_well_la_SOURCES = plugins/interaction/square_step.c
plugins_interaction_square_well_la_CPPFLAGS = $(AM_CPPFLAGS) -DSHOULDER=0
plugins_interaction_square_well_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_interaction_square_shoulder_la_SOURCES = plugins/interaction/square_step.c
plugins_interaction_square_shoulder_la_CPPFLAGS = $(AM_CPPFLAGS) -DSHOULDER=1
plugins_interaction_square_shoulder_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_interaction_inelastic_la_SOURCES = plugins/interaction/inelastic.c
plugins_interaction_inelastic_la_LDFLAGS = $(PLUGIN_LDFLAGS)
