# hsframe-sweep: a POSIX shell script with its two awk programs inlined,
# so that the installed command is one file.
bin_SCRIPTS = hsframe-sweep
SWEEP_FILES = sweep/hsframe-sweep.sh sweep/plan.awk sweep/collect.awk
EXTRA_DIST += $(SWEEP_FILES)
CLEANFILES += hsframe-sweep
hsframe-sweep: $(SWEEP_FILES)
	$(AM_V_GEN)awk -v dir='$(srcdir)/sweep/' \
		'/^@[a-z]+\.awk@$$/ { f = dir substr($$0, 2, length($$0) - 2); \
		                      while ((getline l < f) > 0) print l; close(f); next } \
		 { print }' '$(srcdir)/sweep/hsframe-sweep.sh' >$@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@
dist_man1_MANS = sweep/hsframe-sweep.1
