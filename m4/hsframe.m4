# hsframe.m4: autoconf support for hsframe plugins built out of tree.
#
# HSFRAME_PLUGIN([MINIMUM-VERSION])
#
# Finds the installed hsframe through pkg-config and sets up a plugin
# build: substitutes HSFRAME_CFLAGS, HSFRAME_LIBS, hsframeplugindir (where
# `make install` puts the plugin: the plugindir of hsframe.pc, under the
# caller's prefix when it differs), HSFRAME (the hsframe program, for
# `make check`), HSFRAME_QUEUE_CHECK (hsframe-queue-check, the checker
# of queue plugins, for a queue's `make check`) and HSFRAME_QUEUE_BENCH
# (hsframe-queue-bench, which times a queue beside hsframe's own;
# docs/QUEUES.md).  A third
# party's configure.ac then reads:
#
#     AC_INIT([stadium], [1.0])
#     AM_INIT_AUTOMAKE([foreign])
#     AC_PROG_CC
#     LT_INIT([disable-static])
#     HSFRAME_PLUGIN([0.1])
#     AC_CONFIG_FILES([Makefile])
#     AC_OUTPUT
AC_DEFUN([HSFRAME_PLUGIN], [
  PKG_PROG_PKG_CONFIG
  PKG_CHECK_MODULES([HSFRAME], [hsframe >= m4_default([$1], [0.1])], [],
    [AC_MSG_ERROR([hsframe m4_default([$1], [0.1]) or newer not found: install it, or set PKG_CONFIG_PATH to the directory of its hsframe.pc])])
  PKG_CHECK_VAR([HSFRAME_PLUGINDIR], [hsframe], [plugindir])
  AC_SUBST([hsframeplugindir], [$HSFRAME_PLUGINDIR])
  AC_PATH_PROG([HSFRAME], [hsframe], [hsframe],
    [$($PKG_CONFIG --variable=prefix hsframe)/bin$PATH_SEPARATOR$PATH])
  AC_PATH_PROG([HSFRAME_QUEUE_CHECK], [hsframe-queue-check], [hsframe-queue-check],
    [$($PKG_CONFIG --variable=prefix hsframe)/bin$PATH_SEPARATOR$PATH])
  AC_PATH_PROG([HSFRAME_QUEUE_BENCH], [hsframe-queue-bench], [hsframe-queue-bench],
    [$($PKG_CONFIG --variable=prefix hsframe)/bin$PATH_SEPARATOR$PATH])
])
