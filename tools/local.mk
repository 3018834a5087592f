# Commands installed beside hsframe.
dist_bin_SCRIPTS += tools/hsframe-plot
