# Output plugins.
pkglib_LTLIBRARIES += plugins/output/snapshot.la plugins/output/xyz.la \
	plugins/output/thermo.la plugins/output/events.la plugins/output/msd.la \
	plugins/output/speeds.la plugins/output/rdf.la plugins/output/freepath.la \
	plugins/output/vacf.la plugins/output/energies.la plugins/output/stress.la \
	plugins/output/profile.la plugins/output/transport.la plugins/output/psi6.la
plugins_output_psi6_la_SOURCES = plugins/output/psi6.c
plugins_output_psi6_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_psi6_la_LIBADD = -lm
plugins_output_snapshot_la_SOURCES = plugins/output/snapshot.c
plugins_output_snapshot_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_xyz_la_SOURCES = plugins/output/xyz.c
plugins_output_xyz_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_profile_la_SOURCES = plugins/output/profile.c
plugins_output_profile_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_profile_la_LIBADD = -lm
plugins_output_transport_la_SOURCES = plugins/output/transport.c
plugins_output_transport_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_transport_la_LIBADD = -lm
plugins_output_stress_la_SOURCES = plugins/output/stress.c
plugins_output_stress_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_stress_la_LIBADD = -lm
plugins_output_thermo_la_SOURCES = plugins/output/thermo.c
plugins_output_thermo_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_events_la_SOURCES = plugins/output/events.c
plugins_output_events_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_msd_la_SOURCES = plugins/output/msd.c
plugins_output_msd_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_speeds_la_SOURCES = plugins/output/speeds.c
plugins_output_speeds_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_rdf_la_SOURCES = plugins/output/rdf.c
plugins_output_rdf_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_freepath_la_SOURCES = plugins/output/freepath.c
plugins_output_freepath_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_vacf_la_SOURCES = plugins/output/vacf.c
plugins_output_vacf_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_vacf_la_LIBADD = -lm
plugins_output_energies_la_SOURCES = plugins/output/energies.c
plugins_output_energies_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_energies_la_LIBADD = -lm

# Pictures, when their libraries were found.
if HAVE_CAIRO
pkglib_LTLIBRARIES += plugins/output/frames.la
plugins_output_frames_la_SOURCES = plugins/output/frames.c
plugins_output_frames_la_CPPFLAGS = $(AM_CPPFLAGS) $(CAIRO_CFLAGS)
plugins_output_frames_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_frames_la_LIBADD = $(CAIRO_LIBS) -lm
endif
if HAVE_VIEWER
pkglib_LTLIBRARIES += plugins/output/viewer.la
plugins_output_viewer_la_SOURCES = plugins/output/viewer.c
plugins_output_viewer_la_CPPFLAGS = $(AM_CPPFLAGS) $(SDL2_CFLAGS) $(CAIRO_CFLAGS)
plugins_output_viewer_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_output_viewer_la_LIBADD = $(SDL2_LIBS) $(CAIRO_LIBS) -lm
endif
