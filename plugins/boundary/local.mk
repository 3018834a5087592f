# Boundary plugins.
pkglib_LTLIBRARIES += plugins/boundary/box.la plugins/boundary/periodic.la \
	plugins/boundary/circle.la plugins/boundary/sheared.la
plugins_boundary_box_la_SOURCES = plugins/boundary/box.c plugins/boundary/vibrating_wall.c \
	plugins/boundary/vibrating_wall.h
plugins_boundary_box_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_box_la_LIBADD = libhsframe.la -lm
plugins_boundary_periodic_la_SOURCES = plugins/boundary/periodic.c
plugins_boundary_periodic_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_periodic_la_LIBADD = libhsframe.la -lm
plugins_boundary_circle_la_SOURCES = plugins/boundary/circle.c
plugins_boundary_circle_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_circle_la_LIBADD = libhsframe.la -lm
plugins_boundary_sheared_la_SOURCES = plugins/boundary/sheared.c
plugins_boundary_sheared_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_boundary_sheared_la_LIBADD = libhsframe.la -lm
