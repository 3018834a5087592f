/* Errors are owned by the host.
 *
 * Every plugin callback that can fail receives an hsf_error and returns 0 on
 * success or -1 on failure after writing one message with hsf_error_set().
 * The host prefixes the plugin's name and file; plugins never print and never
 * exit.  A message says what was expected and what was found, without a
 * trailing newline or full stop. */
#ifndef HSFRAME_ERROR_H
#define HSFRAME_ERROR_H

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque, owned by the host. */
typedef struct hsf_error hsf_error;

#if defined(__GNUC__)
#define HSF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define HSF_PRINTF(f, a)
#endif

/* Records a printf-style message in err (replacing any earlier one) and
 * returns -1, so that a callback can write `return hsf_error_set(err, ...)`.
 * err may be NULL, in which case nothing is recorded. */
int hsf_error_set(hsf_error *err, const char *fmt, ...) HSF_PRINTF(2, 3);

/* The message recorded in err, or "" if none.  Owned by err. */
const char *hsf_error_message(const hsf_error *err);

/* Since ABI 1.5, for a program that drives plugins itself (a checker or a
 * benchmark of queue plugins, as hsframe-queue-check): a new record with
 * no message, to hand to plugins; the caller owns it and frees it with
 * hsf_error_free.  Returns NULL when out of memory. */
hsf_error *hsf_error_new(void);

/* Frees a record made by hsf_error_new; NULL is accepted. */
void hsf_error_free(hsf_error *err);

#ifdef __cplusplus
}
#endif

#endif
