/* minicc/util.h - small helpers shared by the engine and the front ends:
 * checked allocation, internal assertions, a growable string buffer.
 *
 * Implemented in util.c (src/engine). */
#ifndef MINICC_UTIL_H
#define MINICC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Allocation that aborts (with a message) on exhaustion; never returns NULL. */
void *mc_xmalloc(size_t n);
void *mc_xcalloc(size_t n, size_t size);
void *mc_xrealloc(void *p, size_t n);
char *mc_xstrdup(const char *s);
char *mc_xstrndup(const char *s, size_t n);

/* Internal invariant failure: abort with file and line (never for user errors). */
_Noreturn void mc_panic(const char *file, int line, const char *fmt, ...);
#define MC_ASSERT(c) ((c) ? (void)0 : mc_panic(__FILE__, __LINE__, "assertion failed: %s", #c))

/* Growable NUL-terminated string. */
typedef struct McStr {
    char *s;
    size_t len, cap;
} McStr;

void mc_str_init(McStr *b);
void mc_str_free(McStr *b);
void mc_str_putc(McStr *b, char c);
void mc_str_puts(McStr *b, const char *s);
void mc_str_putn(McStr *b, const char *s, size_t n);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void mc_str_printf(McStr *b, const char *fmt, ...);
void mc_str_vprintf(McStr *b, const char *fmt, va_list ap);
char *mc_str_take(McStr *b); /* returns the malloc'd string, resets b */

/* Read a whole file; NULL with errno set on failure. *len gets the size. */
char *mc_read_file(const char *path, size_t *len);

/* Strict decimal i32 parse of the whole string [s, s+len): optional '-',
 * digits, in range. Returns 0 ok, 1 not a number, 2 out of range. */
int mc_parse_i32(const char *s, size_t len, int32_t *out);

/* Keep freed memory in the process for the next allocation instead of
 * giving it back to the kernel (glibc; a no-op elsewhere). Called first
 * thing by main() and by the benchmarks, which measure what minicc does.
 * See util.c for why. */
void mc_memory_keep(void);

/* Monotonic and process CPU clocks in seconds, for benchmarks. */
double mc_now(void);
double mc_cpu_now(void);

#endif
