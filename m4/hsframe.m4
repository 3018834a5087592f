# hsframe.m4: autoconf support for hsframe plugins built out of tree.
#
# HSFRAME_PLUGIN([MINIMUM-VERSION])
#
# Finds the installed hsframe through pkg-config and sets up a plugin
# build.  Substitutes HSFRAME_CFLAGS and HSFRAME_LIBS (from hsframe.pc: a
# plugin takes hsframe's functions from the program that loads it, so
# HSFRAME_LIBS links no library of hsframe's and the plugin loads whether
# or not hsframe's libdir is on the loader's path), hsframeplugindir
# (where `make install` puts the plugin: hsframe's plugin directory, the
# plugindir of hsframe.pc; with --prefix=DIR, the same directory under DIR
# instead of hsframe's prefix, DIR/lib/hsframe, which hsframe searches once
# it is in HSFRAME_PLUGIN_PATH or --plugin-path; HSFRAME_PLUGINDIR=DIR
# given to configure chooses DIR), HSFRAME (the hsframe
# program, for `make check`), HSFRAME_QUEUE_CHECK (hsframe-queue-check,
# the checker of queue plugins, for a queue's `make check`) and
# HSFRAME_QUEUE_BENCH (hsframe-queue-bench, which times a queue beside
# hsframe's own; docs/QUEUES.md).  A third party's configure.ac then reads:
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
  hsframe_plugindir_given=${HSFRAME_PLUGINDIR+yes}
  PKG_CHECK_VAR([HSFRAME_PLUGINDIR], [hsframe], [plugindir])
  hsframe_prefix=`$PKG_CONFIG --variable=prefix hsframe`
  AC_MSG_CHECKING([where make install puts the plugin])
  AS_IF([test "x$hsframe_plugindir_given" = xyes],
    [hsframeplugindir=$HSFRAME_PLUGINDIR
     AC_MSG_RESULT([$hsframeplugindir (HSFRAME_PLUGINDIR)])],
    [test "x$prefix" = xNONE],
    [hsframeplugindir=$HSFRAME_PLUGINDIR
     AC_MSG_RESULT([$hsframeplugindir (hsframe's plugin directory)])],
    [AS_CASE([$HSFRAME_PLUGINDIR],
       ["$hsframe_prefix"/*],
         [hsframeplugindir='${prefix}'"${HSFRAME_PLUGINDIR@%:@"$hsframe_prefix"}"],
       [hsframeplugindir='${libdir}/hsframe'])
     hsframe_exec_prefix=$exec_prefix
     test "x$exec_prefix" = xNONE && exec_prefix=$prefix
     eval "hsframe_where=\"$hsframeplugindir\""
     eval "hsframe_where=\"$hsframe_where\""
     exec_prefix=$hsframe_exec_prefix
     AS_IF([test "x$hsframe_where" = "x$HSFRAME_PLUGINDIR"],
       [AC_MSG_RESULT([$hsframe_where (hsframe's plugin directory)])],
       [AC_MSG_RESULT([$hsframe_where (under --prefix: add it to HSFRAME_PLUGIN_PATH)])])])
  AC_SUBST([hsframeplugindir])
  AC_PATH_PROG([HSFRAME], [hsframe], [hsframe],
    [$hsframe_prefix/bin$PATH_SEPARATOR$PATH])
  AC_PATH_PROG([HSFRAME_QUEUE_CHECK], [hsframe-queue-check], [hsframe-queue-check],
    [$hsframe_prefix/bin$PATH_SEPARATOR$PATH])
  AC_PATH_PROG([HSFRAME_QUEUE_BENCH], [hsframe-queue-bench], [hsframe-queue-bench],
    [$hsframe_prefix/bin$PATH_SEPARATOR$PATH])
])
