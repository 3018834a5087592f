# Thermostat plugins: events that exchange energy with a heat bath.
pkglib_LTLIBRARIES += plugins/thermostat/andersen.la
plugins_thermostat_andersen_la_SOURCES = plugins/thermostat/andersen.c
plugins_thermostat_andersen_la_LDFLAGS = $(PLUGIN_LDFLAGS)
plugins_thermostat_andersen_la_LIBADD = -lm
