/* The calendar plugin's indexed operations (ABI 1.1), kept apart from its
 * push-and-pop calendar: a different structure for a different use (one
 * event per key, moved in place).  Private to the plugin. */
#ifndef HSF_CALENDAR_INDEX_H
#define HSF_CALENDAR_INDEX_H

#include <stdint.h>

#include <hsframe/error.h>

typedef struct cal_index cal_index;

/* Keys 0 .. nkeys - 1, none held; NULL when out of memory.  Everything a
 * key can need is allocated here, so that only cal_index_set can fail. */
cal_index *cal_index_new(uint32_t nkeys);

/* Frees x (NULL is fine). */
void cal_index_free(cal_index *x);

/* The members of hsf_queue_type's indexed operations, same contracts. */
int cal_index_set(cal_index *x, uint32_t key, double time, uint64_t seq, hsf_error *err);
void cal_index_remove(cal_index *x, uint32_t key);
int cal_index_first(const cal_index *x, uint32_t *key, double *time);
uint32_t cal_index_upcoming(const cal_index *x, uint32_t *keys, uint32_t max);
void cal_index_prefetch(const cal_index *x, uint32_t key);

#endif
