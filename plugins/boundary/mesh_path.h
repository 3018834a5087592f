/* Where the file named by a key of the configuration is.  Private to the
 * mesh boundary plugin. */
#ifndef HSF_MESH_PATH_H
#define HSF_MESH_PATH_H

#include <hsframe/config.h>
#include <hsframe/error.h>

/* The path of the file that key of cfg names, as the host takes particle
 * files: relative to the configuration file's directory when set in the
 * file, to the current directory when set with -s, as is when absolute.
 * Returns a string the caller frees, or NULL with err set. */
char *mesh_input_path(const hsf_config *cfg, const char *key, hsf_error *err);

#endif
