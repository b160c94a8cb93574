/* minicc/util.h - small helpers shared by the engine and the front ends:
 * checked allocation, internal assertions, growable arrays, a growable
 * string buffer.
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

/* Growable arrays (QBE's vgrow, Lua's luaM_growvector): MC_GROW(v, cap,
 * need, first) makes room for need elements in the array v of capacity cap
 * (an lvalue of any integer type), keeping its contents: when need > cap,
 * the capacity becomes first (when it was 0), doubled until it holds need,
 * and v is reallocated. Both arguments are evaluated more than once.
 * mc_grow_cap is the rule alone, for arrays that share one capacity. */
static inline size_t mc_grow_cap(size_t cap, size_t need, size_t first) {
    size_t c = cap ? cap : first ? first : 1;
    while (c < need) {
        if (c > SIZE_MAX / 2) mc_panic(__FILE__, __LINE__, "array capacity overflow (%zu elements)", need);
        c *= 2;
    }
    return c;
}
#define MC_GROW(v, cap, need, first)                                                     \
    do {                                                                                 \
        if ((size_t)(need) > (size_t)(cap)) {                                            \
            (cap) = mc_grow_cap((size_t)(cap), (size_t)(need), (first));                 \
            (v) = mc_xrealloc((v), (size_t)(cap) * sizeof *(v));                         \
        }                                                                                \
    } while (0)

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

/* ---- reading input files --------------------------------------------------
 * Every file minicc reads as input (IR, prompt scripts, lessons) goes through
 * these, so every reader has the same limits: the file must be a regular file
 * (a directory, a device such as /dev/zero, a FIFO or a socket is refused
 * before anything is read; standard input, `-`, is read as a stream), and
 * at most the input limit is read: MC_MAX_INPUT_DEFAULT (64 MB), or
 * $MINICC_MAX_INPUT bytes (suffix K, M or G: powers of 1024). A reader that
 * fails writes why into why[size] without the path, for `cannot read PATH:
 * WHY`: the system's message ("No such file or directory"), "not a regular
 * file", "larger than the input limit of 64 MB (set MINICC_MAX_INPUT to
 * raise it)" or "$MINICC_MAX_INPUT must be a positive number of bytes
 * (suffix K, M or G allowed), not 'x'". */
#define MC_MAX_INPUT_DEFAULT ((size_t)64 << 20)
#define MC_MAX_INPUT_ENV "MINICC_MAX_INPUT"

/* $name as a positive whole number at most max (with size: a number of bytes,
 * suffix K, M or G for powers of 1024): 1 with *out when it is set and
 * valid, 0 when unset or empty, -1 when malformed (the caller words the
 * error). The one parser of every numeric environment knob. */
int mc_env_number(const char *name, bool size, uint64_t max, uint64_t *out);

/* Edits between two short words (insert, delete, replace; two neighbours
 * swapped count once), for "did you mean" hints; 99 when either is longer
 * than 16 bytes. */
int mc_edit_distance(const char *a, size_t la, const char *b, size_t lb);

/* A time limit in seconds as typed (--timeout, `native --timeout`), decimal
 * only (digits, at most one '.'): 0 when s is a number in
 * (0, MC_MAX_TIMEOUT] (stored in *out), 1 when it is a number but not
 * positive, 2 when it is larger than MC_MAX_TIMEOUT, 3 when it is not a
 * decimal number at all (0x10, 1e3, blanks). */
int mc_timeout_parse(const char *s, double *out);

/* The input limit in force; false (and why) when $MINICC_MAX_INPUT is malformed. */
bool mc_input_limit(size_t *limit, char *why, size_t size);
/* The message for an input longer than `limit` (see above). */
void mc_input_too_large(size_t limit, char *why, size_t size);

/* A whole regular file, NUL-terminated (the text may hold NUL bytes too);
 * *len gets its size. NULL with why on failure. */
char *mc_read_input(const char *path, size_t *len, char *why, size_t size);
/* All of an open stream (standard input), with the same limit. */
char *mc_read_input_stream(FILE *f, size_t *len, char *why, size_t size);
/* Open `path` for reading line by line (prompt scripts): NULL with why when
 * it cannot be opened or is not a regular file. */
FILE *mc_open_input(const char *path, char *why, size_t size);

/* The next line of a stream read line by line (prompt scripts, batch mode),
 * into line (reset first) without its '\n': 1 a line, 0 the end of the
 * input, -1 with why on a read error or when the input passes *budget bytes
 * (start it at the input limit; each call takes what it reads from it). */
int mc_read_line(FILE *f, McStr *line, size_t *budget, char *why, size_t size);

/* mc_read_input without the message: NULL with errno set (EISDIR, EINVAL
 * for another file that is not regular or a malformed $MINICC_MAX_INPUT,
 * EFBIG over the input limit). For tests and tools. */
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

/* A sparse set over the handles 0..n-1 (Briggs & Torczon): pos[v] is v's
 * index in list or -1; add, delete and membership are O(1), clearing is
 * O(members). Used by the pressure walk (points.c) and the SSA-based
 * allocator (ssaalloc.c). */
typedef struct McSparse {
    int32_t *pos, *list;
    int32_t n;
} McSparse;
void mc_sparse_init(McSparse *s, int32_t n);
bool mc_sparse_add(McSparse *s, int32_t v); /* false when already there */
bool mc_sparse_del(McSparse *s, int32_t v); /* false when not there */
void mc_sparse_clear(McSparse *s);
void mc_sparse_free(McSparse *s);
static inline bool mc_sparse_has(const McSparse *s, int32_t v) { return s->pos[v] >= 0; }

#endif
