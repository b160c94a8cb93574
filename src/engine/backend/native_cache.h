/* native_cache.h - private to native.c and native_cache.c: the compile
 * cache of the native backend (its directory, keys, compiler memos, lookup,
 * publishing and eviction) and the few file helpers both files use. Not for
 * callers: they use mc_native_build and mc_native_cache_dir (minicc/cgen.h).
 * What an entry is and how the cache is bounded is told at the top of
 * native_cache.c. Keys and IDs are 32 hex digits and a NUL (char[33]). */
#ifndef MINICC_NATIVE_CACHE_H
#define MINICC_NATIVE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "minicc/cgen.h"
#include "minicc/util.h"

/* Bytes of a compiler's output kept (native.c's run_captured): the
 * diagnostics of a failed compile, and `$CC --version` in a memo. */
enum { MC_NCACHE_MAX_OUTPUT = 64 * 1024 };

/* ---- file helpers --------------------------------------------------------------- */

/* Write data to path (created with mode, truncated); false with errno set. */
bool mc_ncache_write_file(const char *path, const char *data, size_t len, mode_t mode);
/* "dir/name", malloc'd. */
char *mc_ncache_path_join(const char *dir, const char *name);
/* Remove a private build directory and the files a build puts in it
 * (kernel.c and kernel.so from native.c, entry.c from publishing). */
void mc_ncache_remove_build_dir(const char *dir);

/* ---- the cache ------------------------------------------------------------------ */

/* The bounds: $MINICC_CACHE_MAX_ENTRIES and $MINICC_CACHE_MAX_BYTES, else
 * the defaults. False (a diagnostic in d) when one is malformed. */
bool mc_ncache_limits(int64_t *max_entries, int64_t *max_bytes, McDiags *d);

/* The cache directory (malloc'd) with *dirfd open on it, or NULL with the
 * reason in why (nothing for o->no_cache); *dirfd is -1 then. */
char *mc_ncache_open(const McNativeOptions *o, int *dirfd, McStr *why);

/* A fresh private build directory inside the cache (malloc'd), or NULL
 * when the cache cannot be written. */
char *mc_ncache_build_dir(const char *dir);

/* The compiler memo for the command words whose program is described by
 * program (its path and stat, one line): idhex gets the memo's ID. When a
 * memo younger than an hour exists, its text is appended to *id and the
 * result is true. */
bool mc_ncache_memo_get(int dirfd, char *const *words, int nwords, const char *program, char idhex[33],
                        McStr *id);
/* Memoise the answer of `words --version` (wait status and output) as
 * idhex, and append the memo's text to *id. */
void mc_ncache_memo_put(const char *dir, int dirfd, const char *idhex, int status, const char *output,
                        McStr *id);

/* The key of a build: the compiler command words, the fixed flags, the
 * environment variables named in env (name, whether set, value), the
 * compiler's identity (memo_get/memo_put's text) and the source. */
void mc_ncache_key(char *const *words, int nwords, const char *const *flags, int nflags, const char *const *env,
                   int nenv, const char *identity, const char *src, char key[33]);

/* Look key up: a descriptor on the verified object, or -1 (a miss). */
int mc_ncache_lookup(int dirfd, const char *key, const char *src, size_t srclen);
/* The path of key's object in the cache directory dir (malloc'd). */
char *mc_ncache_object_path(const char *dir, const char *key);

/* Move the object tso (open as sofd) built in the cache's build directory
 * tmp and its manifest into the cache as key. False if the object could
 * not be moved (the caller keeps using its private copy). */
bool mc_ncache_publish(const char *tmp, const char *tso, int sofd, int dirfd, const char *key, const char *src,
                       size_t srclen);

/* After publishing keep_key: evict down to the bounds when a check is due
 * (never keep_key, nor the memo keep_id unless NULL). */
void mc_ncache_prune(const char *dir, int dirfd, const char *keep_key, const char *keep_id, int64_t max_entries,
                     int64_t max_bytes);

#endif
