/* native.c - compile generated C with the host compiler, cache the shared
 * object, and call it in a child process (chapter §32.6: "do not run a
 * possibly nonterminating test in-process without a process timeout").
 *
 * Compiling: the compiler is $CC (split on blanks, never through a shell),
 * else `cc`, run with fork/execvp and its output captured so that a failure
 * shows the compiler's own messages. Without a usable cache directory the
 * object is built in a private temporary directory that is removed when the
 * McNative is freed.
 *
 * The cache: $XDG_CACHE_HOME/minicc (else ~/.cache/minicc), a directory of
 * ours kept at mode 0700 and never followed through a symlink. minicc/ is
 * created under an existing base, and the base ($XDG_CACHE_HOME, ~/.cache)
 * only when its parent exists: a missing $HOME is never created, the build
 * then goes to a private temporary directory (mc_native_cache_dir says why,
 * for the front ends' one warning). An entry is
 * KEY.so, the object, and KEY.c, its manifest: one line
 *     / * minicc-cache 2 so-bytes=N so-hash=H * /      (without the blanks)
 * then the C source. KEY is a 128-bit hash of the source, the compiler
 * command ($CC words), the fixed flags, the environment variables that GCC
 * and Clang read to find headers and tools (cc_env), and the compiler's
 * identity: the program execvp runs for $CC (found on $PATH), its device,
 * inode, size, mtime and ctime, and the output of `$CC --version`. Asking
 * the compiler costs a process (about as much as a whole cached run), so
 * its answer is memoised in the cache as cc-ID.id, ID hashed from the
 * command and that stat: a replaced compiler binary gets a new ID at once;
 * a memo older than an hour is asked again, for wrappers (ccache, scripts)
 * whose own file does not change when the compiler behind them does.
 *
 * A hit needs the manifest's source to equal the source byte for byte and
 * the object's size and 128-bit hash to match the manifest, so a collision,
 * a truncated or corrupt object or manifest is a miss and the entry is
 * rebuilt. The object is opened (O_NOFOLLOW), verified and kept open; the
 * child dlopen()s /proc/self/fd/N, so the bytes loaded are the bytes
 * verified even if another minicc evicts or replaces the entry meanwhile.
 *
 * New files are produced in a private mkdtemp directory (or mkstemp file)
 * inside the cache and renamed into place (atomic on one file system):
 * concurrent minicc processes never see half-written files. A cache that
 * cannot be written is still used for hits; misses are then built in a
 * private temporary directory. Build directories left by a killed minicc
 * are removed after an hour.
 *
 * Bound: after publishing an entry the cache is pruned to
 * $MINICC_CACHE_MAX_ENTRIES entries (default 1000) and
 * $MINICC_CACHE_MAX_BYTES bytes (default 64M), least recently used first
 * (the manifest's mtime; a hit refreshes it when older than a minute); of
 * entries last used at the same time the one built first (the object's
 * mtime, which hits never touch) goes first, and of those the smaller key,
 * so the order never depends on directory order. Compiler memos are pruned
 * to the 16 most recent (same order); the entry just built is always
 * kept; large bounds are checked on one miss in 16 (prune_due). Only
 * regular files of ours whose names are exactly an entry's (32 hex digits
 * + .so or .c), a memo's or a build file's (tmp-*) are removed; a file that
 * vanished meanwhile (another minicc pruning) is fine. Hits never scan the
 * directory: a cached run costs a few stats and reads.
 *
 * Calling: the buffers, lengths, scalars and the result live in one
 * MAP_SHARED|MAP_ANONYMOUS mapping. The child dlopen()s the object, calls
 * MC_CGEN_ENTRY and writes the result into the mapping; the parent waits on
 * a pipe that closes when the child ends (poll with the time limit, no
 * signal handlers are installed in the host process), then copies the
 * buffers back. So effects before a bounds trap, a time-out or a crash stay
 * visible, and a crash never takes down the prompt or the workbench. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */
#endif
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/util.h"

static const char *const cc_flags[] = {"-std=c11", "-O2", "-fPIC", "-shared"};
#define NFLAGS ((int)(sizeof cc_flags / sizeof cc_flags[0]))

/* Environment variables that GCC or Clang read and that can change the
 * object (headers, the assembler and linker, injected options). */
static const char *const cc_env[] = {"CPATH",         "C_INCLUDE_PATH", "GCC_EXEC_PREFIX",
                                     "COMPILER_PATH", "LIBRARY_PATH",   "CCC_OVERRIDE_OPTIONS"};

#define CACHE_ABI "minicc-native-2"                 /* in every key: bump when entries change */
#define CACHE_MAGIC "/* minicc-cache 2 so-bytes="   /* a manifest's first line starts so */
#define ID_MAGIC "minicc-cc-identity 1\n"           /* a compiler memo starts so */
#define DEFAULT_MAX_ENTRIES ((int64_t)1000)         /* $MINICC_CACHE_MAX_ENTRIES */
#define DEFAULT_MAX_BYTES ((int64_t)64 * 1024 * 1024) /* $MINICC_CACHE_MAX_BYTES */
#define SMALL_ENTRIES ((int64_t)256)               /* bounds up to these are checked on every miss */
#define SMALL_BYTES ((int64_t)16 * 1024 * 1024)
enum {
    MAX_IDS = 16,           /* compiler memos kept */
    ID_MAX_AGE = 3600,      /* seconds: an older memo asks the compiler again */
    TOUCH_AFTER = 60,       /* seconds: a hit refreshes an entry's time when older */
    STALE_TMP_AGE = 3600,   /* seconds: build files of a killed minicc */
    MAX_MEMO = 64 * 1024,   /* bytes of `$CC --version` output kept */
    MAX_HEADER = 128,       /* bytes: a manifest's first line is shorter */
};

struct McNative {
    char *so_path;  /* the shared object to dlopen */
    int fd;         /* the verified object, open (the child loads /proc/self/fd/N), or -1 */
    char *tmpdir;   /* uncached build: private directory removed on free, else NULL */
    int32_t nparams;
    uint8_t *kinds; /* McValKind of each parameter */
};

/* ---- small file helpers ------------------------------------------------------ */

static bool write_fd(int fd, const char *data, size_t len) {
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        off += (size_t)w;
    }
    return true;
}

static bool write_file(const char *path, const char *data, size_t len, mode_t mode) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
    if (fd < 0) return false;
    if (!write_fd(fd, data, len)) {
        int e = errno;
        close(fd);
        errno = e;
        return false;
    }
    return close(fd) == 0;
}

/* Exactly n bytes from fd (malloc'd, NUL-terminated), or NULL. */
static char *read_fd(int fd, size_t n) {
    char *s = mc_xmalloc(n + 1);
    size_t off = 0;
    while (off < n) {
        ssize_t r = read(fd, s + off, n - off);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            free(s);
            return NULL;
        }
        off += (size_t)r;
    }
    s[n] = 0;
    return s;
}

static char *path_join(const char *dir, const char *name) {
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b, "%s/%s", dir, name);
    return mc_str_take(&b);
}

/* Remove a private build directory and the few files we put in it. */
static void remove_tmpdir(const char *dir) {
    static const char *const names[] = {"kernel.c", "kernel.so", "entry.c"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *p = path_join(dir, names[i]);
        unlink(p);
        free(p);
    }
    rmdir(dir);
}

/* ---- hashing ------------------------------------------------------------------- */

/* 128 bits from two independent multiply-rotate lanes over 64-bit words
 * (a few cycles per 8 bytes: a hit hashes the whole object), finished with
 * the length and a MurmurHash3 avalanche. Not cryptographic: every hit is
 * confirmed byte for byte against the source (see top). */
typedef struct Hash {
    uint64_t a, b, len;
    unsigned char tail[8];
} Hash;

static Hash hash_init(void) {
    Hash h;
    memset(&h, 0, sizeof h);
    h.a = 0x243f6a8885a308d3ull;
    h.b = 0x13198a2e03707344ull;
    return h;
}

static uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static void hash_word(Hash *h, uint64_t w) {
    h->a = rotl64(h->a ^ w, 27) * 0x9e3779b97f4a7c15ull;
    h->b = rotl64(h->b + w, 31) * 0xc2b2ae3d27d4eb4full;
}

static void hash_bytes(Hash *h, const void *data, size_t n) {
    const unsigned char *p = data;
    size_t have = (size_t)(h->len & 7);
    h->len += n;
    if (have) {
        size_t k = 8 - have < n ? 8 - have : n;
        memcpy(h->tail + have, p, k);
        p += k;
        n -= k;
        if (have + k < 8) return;
        uint64_t w;
        memcpy(&w, h->tail, 8);
        hash_word(h, w);
    }
    for (; n >= 8; p += 8, n -= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        hash_word(h, w);
    }
    memcpy(h->tail, p, n);
}

/* A string and its NUL, which separates it from the next one. */
static void hash_str(Hash *h, const char *s) { hash_bytes(h, s, strlen(s) + 1); }

static uint64_t fmix64(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

static void hash_hex(const Hash *h0, char out[33]) {
    Hash h = *h0;
    size_t have = (size_t)(h.len & 7);
    uint64_t w = 0;
    memcpy(&w, h.tail, have); /* the tail, zero-padded; the length tells the padding apart */
    hash_word(&h, w);
    hash_word(&h, h.len);
    uint64_t a = fmix64(h.a + h.b), b = fmix64(h.b + a);
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}

/* Hash the rest of fd; *bytes gets its length. */
static bool hash_fd(int fd, Hash *h, int64_t *bytes) {
    char chunk[16384];
    *bytes = 0;
    for (;;) {
        ssize_t r = read(fd, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return false;
        if (r == 0) return true;
        hash_bytes(h, chunk, (size_t)r);
        *bytes += r;
    }
}

/* ---- the cache directory ------------------------------------------------------- */

static bool is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* path without its last component (malloc'd; "/" for "/x"). */
static char *parent_of(const char *path) {
    char *p = mc_xstrdup(path);
    size_t n = strlen(p);
    while (n > 1 && p[n - 1] == '/') p[--n] = 0;
    char *slash = strrchr(p, '/');
    if (!slash) {
        free(p);
        return mc_xstrdup(".");
    }
    if (slash == p) slash[1] = 0;
    else *slash = 0;
    return p;
}

/* Make the directory path exist: created (0700) only when its parent
 * already exists, never anything further up. False with the reason in why. */
static bool make_one_dir(const char *what, const char *path, McStr *why) {
    if (is_dir(path)) return true;
    char *parent = parent_of(path);
    bool ok = false;
    if (!is_dir(parent)) mc_str_printf(why, "%s (%s): %s does not exist", what, path, parent);
    else if (mkdir(path, 0700) != 0 && errno != EEXIST)
        mc_str_printf(why, "cannot create %s (%s): %s", what, path, strerror(errno));
    else if (!(ok = is_dir(path))) mc_str_printf(why, "%s (%s) is not a directory", what, path);
    free(parent);
    return ok;
}

/* mkdir -p for the parents of path (created ones get 0700). */
static void make_parents(const char *path) {
    char *p = mc_xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        mkdir(p, 0700);
        *s = '/';
    }
    free(p);
}

/* Open path as a directory that is ours and private (0700), created when
 * missing and its parent exists (with parents: all missing parents too);
 * never through a symlink. -1 (the reason in why) if it cannot be. */
static int open_private_dir(const char *path, bool parents, McStr *why) {
    const int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = open(path, flags);
    if (fd < 0 && errno == ENOENT) {
        if (parents) make_parents(path);
        char *parent = parent_of(path);
        if (!is_dir(parent)) {
            mc_str_printf(why, "%s does not exist", parent);
            free(parent);
            return -1;
        }
        free(parent);
        if (mkdir(path, 0700) != 0 && errno != EEXIST) {
            mc_str_printf(why, "cannot create %s: %s", path, strerror(errno));
            return -1;
        }
        fd = open(path, flags);
    }
    if (fd < 0) {
        struct stat st;
        if (errno == ELOOP || (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)))
            mc_str_printf(why, "%s is a symbolic link (never followed)", path);
        else if (errno == ENOTDIR) mc_str_printf(why, "%s is not a directory", path);
        else mc_str_printf(why, "%s: %s", path, strerror(errno));
        return -1;
    }
    /* The directory opened is the one checked. */
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode)) {
        mc_str_printf(why, "%s is not a directory", path);
    } else if (st.st_uid != geteuid()) {
        mc_str_printf(why, "%s belongs to another user", path);
    } else if ((st.st_mode & 077) != 0 && fchmod(fd, 0700) != 0) {
        mc_str_printf(why, "cannot make %s private: %s", path, strerror(errno));
    } else {
        return fd;
    }
    close(fd);
    return -1;
}

/* The cache directory (malloc'd) with *dirfd open on it, or NULL with the
 * reason in why (nothing for no_cache). See mc_native_cache_dir. */
static char *cache_dir(const McNativeOptions *o, int *dirfd, McStr *why) {
    *dirfd = -1;
    if (o && o->no_cache) return NULL;
    char *dir = NULL;
    if (o && o->cache_dir) {
        dir = mc_xstrdup(o->cache_dir);
    } else {
        const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
        if (xdg && xdg[0] == '/') {
            if (make_one_dir("$XDG_CACHE_HOME", xdg, why)) dir = path_join(xdg, "minicc");
        } else if (home && home[0] == '/') {
            char *base = path_join(home, ".cache");
            if (!is_dir(home)) mc_str_printf(why, "$HOME (%s) does not exist", home);
            else if (make_one_dir("~/.cache", base, why)) dir = path_join(base, "minicc");
            free(base);
        } else {
            mc_str_puts(why, "neither $XDG_CACHE_HOME nor $HOME is set (to an absolute path)");
        }
    }
    if (!dir) return NULL;
    *dirfd = open_private_dir(dir, o && o->cache_dir, why); /* a directory the caller chose: mkdir -p */
    if (*dirfd < 0) {
        free(dir);
        return NULL;
    }
    return dir;
}

char *mc_native_cache_dir(const McNativeOptions *o, char *why, size_t whysize) {
    McStr w;
    mc_str_init(&w);
    int fd;
    char *dir = cache_dir(o, &fd, &w);
    if (fd >= 0) close(fd);
    if (why && whysize) snprintf(why, whysize, "%s", dir || !w.s ? "" : w.s);
    mc_str_free(&w);
    return dir;
}

/* What a name in the cache directory is. Only these are ever removed. */
enum { NAME_OTHER, NAME_SO, NAME_C, NAME_ID };

static bool is_hex32(const char *s) {
    for (int i = 0; i < 32; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    return true;
}

static int classify(const char *name, char key[33]) {
    size_t n = strlen(name);
    int kind = NAME_OTHER;
    const char *hex = name;
    if (n == 35 && strcmp(name + 32, ".so") == 0) kind = NAME_SO;
    else if (n == 34 && strcmp(name + 32, ".c") == 0) kind = NAME_C;
    else if (n == 38 && strncmp(name, "cc-", 3) == 0 && strcmp(name + 35, ".id") == 0) {
        kind = NAME_ID;
        hex = name + 3;
    }
    if (kind == NAME_OTHER || !is_hex32(hex)) return NAME_OTHER;
    memcpy(key, hex, 32);
    key[32] = 0;
    return kind;
}

/* Unlink name if it is still a regular file of ours (it may have vanished:
 * another minicc pruning). */
static void remove_cache_file(int dirfd, const char *name) {
    struct stat st;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid())
        unlinkat(dirfd, name, 0);
}

static void remove_entry(int dirfd, const char *key) {
    char name[40];
    snprintf(name, sizeof name, "%s.c", key); /* the manifest first: a half-removed entry is a miss */
    remove_cache_file(dirfd, name);
    snprintf(name, sizeof name, "%s.so", key);
    remove_cache_file(dirfd, name);
}

/* A build directory or file that a killed minicc left in the cache (older
 * than an hour, so a concurrent build is never touched): removed. */
static void remove_stale(const char *dir, int dirfd, const char *name, const struct stat *st) {
    if (st->st_uid != geteuid() || time(NULL) - st->st_mtime <= STALE_TMP_AGE) return;
    if (S_ISDIR(st->st_mode)) {
        char *p = path_join(dir, name);
        remove_tmpdir(p);
        free(p);
    } else if (S_ISREG(st->st_mode)) {
        unlinkat(dirfd, name, 0);
    }
}

/* Publish data as dir/name: a private mkstemp file renamed into place. */
static void publish_file(const char *dir, int dirfd, const char *name, const char *data, size_t len) {
    char *tmp = path_join(dir, "tmp-XXXXXX");
    int fd = mkstemp(tmp);
    if (fd >= 0) {
        bool ok = write_fd(fd, data, len);
        if (close(fd) != 0) ok = false;
        if (!ok || renameat(AT_FDCWD, tmp, dirfd, name) != 0) unlink(tmp);
    }
    free(tmp);
}

typedef struct CacheItem {
    char key[33];
    int kind;
    int64_t bytes;
    int64_t mtime; /* ns: an entry's last use, its manifest's mtime */
    int64_t born;  /* ns: an entry's build, its object's mtime (never refreshed by a hit) */
} CacheItem;

static int item_by_key(const void *x, const void *y) {
    const CacheItem *a = x, *b = y;
    int c = strcmp(a->key, b->key);
    return c ? c : a->kind - b->kind;
}

/* Eviction order: least recently used first; among equal last uses (a
 * coarse clock, or times set by hand) the earlier built; among those too,
 * the smaller key. */
static int item_by_age(const void *x, const void *y) {
    const CacheItem *a = x, *b = y;
    if (a->mtime != b->mtime) return a->mtime < b->mtime ? -1 : 1;
    if (a->born != b->born) return a->born < b->born ? -1 : 1;
    return strcmp(a->key, b->key);
}

/* One pass over the cache after a new entry: evict least recently used
 * entries until at most max_entries entries and max_bytes bytes remain
 * (never keep_key), memos beyond MAX_IDS (never keep_id), and stale build
 * files. O(files in the directory): misses only. */
static void prune(const char *dir, int dirfd, const char *keep_key, const char *keep_id, int64_t max_entries,
                  int64_t max_bytes) {
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
    if (!dp) {
        if (fd >= 0) close(fd);
        return;
    }
    CacheItem *files = NULL, *ids = NULL;
    size_t nfiles = 0, capf = 0, nids = 0, capi = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        CacheItem it;
        struct stat st;
        it.kind = classify(e->d_name, it.key);
        if (it.kind == NAME_OTHER) {
            if (strncmp(e->d_name, "tmp-", 4) == 0 && fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
                remove_stale(dir, dirfd, e->d_name, &st);
            continue;
        }
        if (fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
            st.st_uid != geteuid())
            continue;
        it.bytes = (int64_t)st.st_size;
        it.mtime = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
        it.born = it.mtime;
        if (it.kind == NAME_ID) {
            if (nids == capi) ids = mc_xrealloc(ids, (capi = capi * 2 + 16) * sizeof *ids);
            ids[nids++] = it;
        } else {
            if (nfiles == capf) files = mc_xrealloc(files, (capf = capf * 2 + 64) * sizeof *files);
            files[nfiles++] = it;
        }
    }
    closedir(dp);
    /* Files -> entries (in place): bytes summed; last use the manifest's
     * time, else the newest (an object whose manifest is missing); built
     * the object's time (.so sorts before .c: ent starts as the object when
     * there is one), else the manifest's. */
    size_t n = 0;
    int64_t bytes = 0;
    if (nfiles) qsort(files, nfiles, sizeof *files, item_by_key);
    for (size_t i = 0; i < nfiles;) {
        CacheItem ent = files[i];
        size_t j = i + 1;
        for (; j < nfiles && strcmp(files[j].key, ent.key) == 0; j++) {
            ent.bytes += files[j].bytes;
            if (files[j].kind == NAME_C || files[j].mtime > ent.mtime) ent.mtime = files[j].mtime;
        }
        bytes += ent.bytes;
        files[n++] = ent;
        i = j;
    }
    if (n) qsort(files, n, sizeof *files, item_by_age);
    int64_t count = (int64_t)n;
    for (size_t i = 0; i < n && (count > max_entries || bytes > max_bytes); i++) {
        if (keep_key && strcmp(files[i].key, keep_key) == 0) continue;
        remove_entry(dirfd, files[i].key);
        count--;
        bytes -= files[i].bytes;
    }
    if (nids) qsort(ids, nids, sizeof *ids, item_by_age);
    for (size_t i = 0, left = nids; i < nids && left > MAX_IDS; i++) {
        if (keep_id && strcmp(ids[i].key, keep_id) == 0) continue;
        char name[48];
        snprintf(name, sizeof name, "cc-%s.id", ids[i].key);
        remove_cache_file(dirfd, name);
        left--;
    }
    free(files);
    free(ids);
}

/* Pruning reads the whole directory (about 3 ms for 1000 entries, 10% of
 * the smallest compile). Small bounds are checked on every miss; large ones
 * on the misses whose key starts with 0 (one in 16, the key is a hash), so
 * a large cache may pass its bound by a few dozen entries between checks. */
static bool prune_due(const char *key, int64_t max_entries, int64_t max_bytes) {
    return max_entries <= SMALL_ENTRIES || max_bytes <= SMALL_BYTES || key[0] == '0';
}

/* $name as a positive count, or with size a positive number of bytes
 * (suffix K, M or G: powers of 1024). Unset or empty leaves *out. */
static bool env_limit(const char *name, bool size, int64_t *out, McDiags *d) {
    const char *s = getenv(name);
    if (!s || !*s) return true;
    char *end = NULL;
    unsigned long long v = 0;
    int shift = 0;
    bool ok = s[0] >= '0' && s[0] <= '9';
    if (ok) {
        errno = 0;
        v = strtoull(s, &end, 10);
        ok = errno == 0;
    }
    if (ok && size && *end) {
        switch (*end) {
        case 'k': case 'K': shift = 10; break;
        case 'm': case 'M': shift = 20; break;
        case 'g': case 'G': shift = 30; break;
        default: break;
        }
        if (shift) end++;
    }
    if (!ok || *end || v < 1 || v > ((unsigned long long)INT64_MAX >> shift)) {
        mc_diag(d, (McLoc){0, 0}, "native: $%s must be %s, not '%s'", name,
                size ? "a positive number of bytes (suffix K, M or G allowed)" : "a positive number", s);
        return false;
    }
    *out = (int64_t)(v << shift);
    return true;
}

/* ---- the compiler command and its identity -------------------------------------- */

/* $CC (or o->cc, or "cc") split on blanks; argv is malloc'd, words point into *store. */
static char **compiler_words(const McNativeOptions *o, char **store, int *n) {
    const char *cc = o && o->cc ? o->cc : getenv("CC");
    if (!cc || !*cc) cc = "cc";
    *store = mc_xstrdup(cc);
    size_t cap = strlen(cc) / 2 + 2;
    char **argv = mc_xcalloc(cap + (size_t)NFLAGS + 4, sizeof *argv);
    int k = 0;
    for (char *p = *store; *p;) {
        while (*p == ' ' || *p == '\t') *p++ = 0;
        if (!*p) break;
        argv[k++] = p;
        while (*p && *p != ' ' && *p != '\t') p++;
    }
    if (k == 0) argv[k++] = (char *)"cc";
    *n = k;
    return argv;
}

/* Run argv (execvp, no shell) with stdout+stderr captured in *output.
 * Returns the wait status, or -1 with *exec_errno set when it could not be
 * started. */
static int run_captured(char **argv, McStr *output, int *exec_errno) {
    int outp[2], errp[2];
    *exec_errno = 0;
    if (pipe(outp) != 0) {
        *exec_errno = errno;
        return -1;
    }
    if (pipe(errp) != 0) {
        *exec_errno = errno;
        close(outp[0]);
        close(outp[1]);
        return -1;
    }
    fcntl(outp[0], F_SETFD, FD_CLOEXEC);
    fcntl(outp[1], F_SETFD, FD_CLOEXEC);
    fcntl(errp[0], F_SETFD, FD_CLOEXEC);
    fcntl(errp[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        *exec_errno = errno;
        close(outp[0]);
        close(outp[1]);
        close(errp[0]);
        close(errp[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(outp[1], 1);
        dup2(outp[1], 2);
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0) dup2(devnull, 0);
        execvp(argv[0], argv);
        int e = errno;
        ssize_t w = write(errp[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    close(outp[1]);
    close(errp[1]);
    char chunk[4096];
    for (;;) {
        ssize_t r = read(outp[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        if (output->len < MAX_MEMO) mc_str_putn(output, chunk, (size_t)r);
    }
    close(outp[0]);
    int e = 0;
    ssize_t r;
    do r = read(errp[0], &e, sizeof e);
    while (r < 0 && errno == EINTR);
    close(errp[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (r == (ssize_t)sizeof e) {
        *exec_errno = e;
        return -1;
    }
    return status;
}

/* The program execvp runs for prog (searching $PATH, default /bin:/usr/bin),
 * malloc'd with its stat in *st, or NULL when there is none. */
static char *resolve_program(const char *prog, struct stat *st) {
    if (strchr(prog, '/')) return stat(prog, st) == 0 && S_ISREG(st->st_mode) ? mc_xstrdup(prog) : NULL;
    const char *path = getenv("PATH");
    if (!path) path = "/bin:/usr/bin";
    for (const char *p = path;;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        McStr b;
        mc_str_init(&b);
        if (n) mc_str_putn(&b, p, n);
        else mc_str_putc(&b, '.');
        mc_str_putc(&b, '/');
        mc_str_puts(&b, prog);
        if (stat(b.s, st) == 0 && S_ISREG(st->st_mode) && (st->st_mode & 0111) != 0) return mc_str_take(&b);
        mc_str_free(&b);
        if (!colon) return NULL;
        p = colon + 1;
    }
}

/* Append the compiler's identity to *id: the program and its stat, then
 * the output of `words --version`, from the memo cc-ID.id when it is
 * younger than ID_MAX_AGE (ID in idhex). */
static void compiler_identity(char **words, int nwords, const char *dir, int dirfd, McStr *id, char idhex[33]) {
    idhex[0] = 0;
    struct stat st;
    char *prog = resolve_program(words[0], &st);
    if (!prog) {
        mc_str_printf(id, "program %s: not found\n", words[0]);
        return;
    }
    mc_str_printf(id, "program %s dev %ju ino %ju size %jd mtime %jd.%09ld ctime %jd.%09ld\n", prog,
                  (uintmax_t)st.st_dev, (uintmax_t)st.st_ino, (intmax_t)st.st_size, (intmax_t)st.st_mtim.tv_sec,
                  (long)st.st_mtim.tv_nsec, (intmax_t)st.st_ctim.tv_sec, (long)st.st_ctim.tv_nsec);
    free(prog);
    Hash h = hash_init();
    hash_str(&h, ID_MAGIC);
    for (int i = 0; i < nwords; i++) hash_str(&h, words[i]);
    hash_str(&h, id->s);
    hash_hex(&h, idhex);
    char name[48];
    snprintf(name, sizeof name, "cc-%s.id", idhex);

    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        struct stat ms;
        time_t now = time(NULL);
        char *memo = NULL;
        if (fstat(fd, &ms) == 0 && S_ISREG(ms.st_mode) && ms.st_size > 0 && ms.st_size <= 2 * MAX_MEMO &&
            ms.st_mtime <= now + 60 && now - ms.st_mtime < ID_MAX_AGE)
            memo = read_fd(fd, (size_t)ms.st_size);
        close(fd);
        if (memo && strncmp(memo, ID_MAGIC, strlen(ID_MAGIC)) == 0) {
            mc_str_puts(id, memo);
            free(memo);
            return;
        }
        free(memo);
    }
    char **argv = mc_xcalloc((size_t)nwords + 2, sizeof *argv);
    for (int i = 0; i < nwords; i++) argv[i] = words[i];
    argv[nwords] = (char *)"--version";
    McStr out;
    mc_str_init(&out);
    int exec_errno;
    int status = run_captured(argv, &out, &exec_errno);
    free(argv);
    if (status < 0) {
        mc_str_printf(id, "version: cannot run: %s\n", strerror(exec_errno)); /* not memoised */
    } else {
        McStr memo;
        mc_str_init(&memo);
        mc_str_printf(&memo, "%sstatus %d\n%s", ID_MAGIC, status, out.s ? out.s : "");
        mc_str_puts(id, memo.s);
        publish_file(dir, dirfd, name, memo.s, strlen(memo.s));
        mc_str_free(&memo);
    }
    mc_str_free(&out);
}

/* The entry's key: see the top. */
static void cache_key(char **words, int nwords, const char *dir, int dirfd, const char *src, char key[33],
                      char idhex[33]) {
    McStr id;
    mc_str_init(&id);
    compiler_identity(words, nwords, dir, dirfd, &id, idhex);
    Hash h = hash_init();
    hash_str(&h, CACHE_ABI);
    for (int i = 0; i < nwords; i++) hash_str(&h, words[i]);
    hash_str(&h, "");
    for (int i = 0; i < NFLAGS; i++) hash_str(&h, cc_flags[i]);
    hash_str(&h, "");
    for (size_t i = 0; i < sizeof cc_env / sizeof cc_env[0]; i++) {
        const char *v = getenv(cc_env[i]);
        hash_str(&h, cc_env[i]);
        hash_str(&h, v ? "set" : "unset");
        hash_str(&h, v ? v : "");
    }
    hash_str(&h, id.s ? id.s : "");
    hash_str(&h, src);
    hash_hex(&h, key);
    mc_str_free(&id);
}

/* ---- lookup -------------------------------------------------------------------- */

/* Parse a manifest's first line: *hlen gets its length. */
static bool parse_manifest(const char *text, size_t n, int64_t *so_bytes, char so_hash[33], size_t *hlen) {
    static const char mid[] = " so-hash=", tail[] = " */\n";
    size_t m = strlen(CACHE_MAGIC);
    if (n < m || memcmp(text, CACHE_MAGIC, m) != 0) return false;
    const char *p = text + m, *end = text + n;
    int64_t v = 0;
    int digits = 0;
    for (; p < end && *p >= '0' && *p <= '9' && digits < 15; p++, digits++) v = v * 10 + (*p - '0');
    if (digits == 0 || (size_t)(end - p) < strlen(mid) + 32 + strlen(tail) || memcmp(p, mid, strlen(mid)) != 0)
        return false;
    p += strlen(mid);
    if (!is_hex32(p) || memcmp(p + 32, tail, strlen(tail)) != 0) return false;
    memcpy(so_hash, p, 32);
    so_hash[32] = 0;
    *so_bytes = v;
    *hlen = (size_t)(p + 32 + strlen(tail) - text);
    return true;
}

/* Look key up: a descriptor on the verified object, or -1 (a miss: no
 * entry, or a partial, corrupt or colliding one). A hit refreshes the
 * manifest's mtime (LRU) when it is older than TOUCH_AFTER. */
static int cache_lookup(int dirfd, const char *key, const char *src, size_t srclen) {
    char name[40];
    snprintf(name, sizeof name, "%s.c", key);
    int cfd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (cfd < 0) return -1;
    int sofd = -1;
    char *text = NULL;
    struct stat st, so_st;
    int64_t so_bytes, got;
    size_t hlen;
    char so_hash[33], hex[33];
    if (fstat(cfd, &st) != 0 || !S_ISREG(st.st_mode) || (uintmax_t)st.st_size < srclen ||
        (uintmax_t)st.st_size > srclen + MAX_HEADER)
        goto out;
    size_t n = (size_t)st.st_size;
    if (!(text = read_fd(cfd, n)) || !parse_manifest(text, n, &so_bytes, so_hash, &hlen) || n - hlen != srclen ||
        memcmp(text + hlen, src, srclen) != 0)
        goto out;
    snprintf(name, sizeof name, "%s.so", key);
    sofd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (sofd < 0) goto out;
    Hash h = hash_init();
    if (fstat(sofd, &so_st) != 0 || !S_ISREG(so_st.st_mode) || (int64_t)so_st.st_size != so_bytes ||
        !hash_fd(sofd, &h, &got) || got != so_bytes) {
        close(sofd);
        sofd = -1;
        goto out;
    }
    hash_hex(&h, hex);
    if (strcmp(hex, so_hash) != 0) {
        close(sofd);
        sofd = -1;
        goto out;
    }
    if (time(NULL) - st.st_mtime >= TOUCH_AFTER) futimens(cfd, NULL); /* best effort (read-only cache) */
out:
    free(text);
    close(cfd);
    return sofd;
}

/* ---- building ------------------------------------------------------------------- */

static McNative *native_new(const McFunc *f, char *so_path, int fd, char *tmpdir) {
    McNative *n = mc_xcalloc(1, sizeof *n);
    n->so_path = so_path;
    n->fd = fd;
    n->tmpdir = tmpdir;
    n->nparams = f->nparams;
    n->kinds = mc_xcalloc((size_t)f->nparams + 1, 1);
    for (int32_t p = 0; p < f->nparams; p++) n->kinds[p] = f->values[f->params[p]].kind;
    return n;
}

static bool keep_source(const McFunc *f, const char *dir, const char *src, McDiags *d) {
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b, "%s/", dir);
    for (const char *p = f->name; *p; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                  c == '$' || c == '.' || c == '-';
        mc_str_putc(&b, ok ? c : '_');
    }
    mc_str_puts(&b, ".c");
    bool ok = write_file(b.s, src, strlen(src), 0644);
    if (!ok) mc_diag(d, (McLoc){0, 0}, "--keep-c: cannot write %s: %s", b.s, strerror(errno));
    mc_str_free(&b);
    return ok;
}

/* Move the object tso (open as sofd) and its manifest into the cache as
 * key. False if the object could not be moved (the caller keeps using its
 * private copy). */
static bool publish_entry(const char *tmp, const char *tso, int sofd, int dirfd, const char *key, const char *src,
                          size_t srclen) {
    Hash h = hash_init();
    int64_t bytes;
    if (lseek(sofd, 0, SEEK_SET) != 0 || !hash_fd(sofd, &h, &bytes)) return false;
    char hex[33];
    hash_hex(&h, hex);
    McStr m;
    mc_str_init(&m);
    mc_str_printf(&m, "%s%" PRId64 " so-hash=%s */\n", CACHE_MAGIC, bytes, hex);
    mc_str_putn(&m, src, srclen);
    char *tentry = path_join(tmp, "entry.c");
    bool written = write_file(tentry, m.s, m.len, 0600);
    mc_str_free(&m);
    char name[40];
    snprintf(name, sizeof name, "%s.so", key);
    /* The object first, then the manifest that makes it a hit. */
    bool moved = written && renameat(AT_FDCWD, tso, dirfd, name) == 0;
    if (moved) {
        snprintf(name, sizeof name, "%s.c", key);
        renameat(AT_FDCWD, tentry, dirfd, name); /* else an orphan object: a miss, pruned in time */
    }
    free(tentry);
    return moved;
}

McNative *mc_native_build(const McFunc *f, const char *src, const McNativeOptions *o, McNativeInfo *info,
                          McDiags *d) {
    McNativeInfo dummy;
    if (!info) info = &dummy;
    memset(info, 0, sizeof *info);
    int64_t max_entries = DEFAULT_MAX_ENTRIES, max_bytes = DEFAULT_MAX_BYTES;
    if (!env_limit("MINICC_CACHE_MAX_ENTRIES", false, &max_entries, d) ||
        !env_limit("MINICC_CACHE_MAX_BYTES", true, &max_bytes, d))
        return NULL;
    if (o && o->keep_c && !keep_source(f, o->keep_c, src, d)) return NULL;

    char *store;
    int nwords;
    char **argv = compiler_words(o, &store, &nwords);
    size_t srclen = strlen(src);
    McNative *result = NULL;
    int dirfd;
    McStr why; /* why there is no cache: mc_native_cache_dir tells front ends */
    mc_str_init(&why);
    char *dir = cache_dir(o, &dirfd, &why), *tmp = NULL, *tc = NULL, *tso = NULL;
    mc_str_free(&why);
    char key[33] = "", idhex[33] = "", name[40];
    bool in_cache = false; /* tmp is a build directory inside the cache */

    if (dir) {
        cache_key(argv, nwords, dir, dirfd, src, key, idhex);
        int fd = cache_lookup(dirfd, key, src, srclen);
        snprintf(name, sizeof name, "%s.so", key);
        if (fd >= 0) {
            info->cache_hit = true;
            result = native_new(f, path_join(dir, name), fd, NULL);
            goto done;
        }
        tmp = path_join(dir, "tmp-XXXXXX");
        in_cache = mkdtemp(tmp) != NULL;
        if (!in_cache) { /* an unwritable cache: build privately */
            free(tmp);
            tmp = NULL;
        }
    }
    if (!tmp) {
        const char *t = getenv("TMPDIR");
        tmp = path_join(t && t[0] == '/' ? t : "/tmp", "minicc-XXXXXX");
        if (!mkdtemp(tmp)) {
            mc_diag(d, (McLoc){0, 0}, "native: cannot create a private build directory %s: %s", tmp,
                    strerror(errno));
            goto done;
        }
    }
    tc = path_join(tmp, "kernel.c");
    tso = path_join(tmp, "kernel.so");
    if (!write_file(tc, src, srclen, 0600)) {
        mc_diag(d, (McLoc){0, 0}, "native: cannot write %s: %s", tc, strerror(errno));
        goto fail;
    }
    int k = nwords;
    for (int i = 0; i < NFLAGS; i++) argv[k++] = (char *)cc_flags[i];
    argv[k++] = (char *)"-o";
    argv[k++] = tso;
    argv[k++] = tc;
    argv[k] = NULL;
    McStr output;
    mc_str_init(&output);
    int exec_errno;
    double t0 = mc_now();
    int status = run_captured(argv, &output, &exec_errno);
    info->compile_secs = mc_now() - t0;
    bool ok = status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
        while (output.len && (output.s[output.len - 1] == '\n' || output.s[output.len - 1] == ' '))
            output.s[--output.len] = 0;
        if (status < 0)
            mc_diag(d, (McLoc){0, 0},
                    "native: cannot run the C compiler '%s': %s (install a C compiler or set $CC)", argv[0],
                    strerror(exec_errno));
        else if (WIFEXITED(status))
            mc_diag(d, (McLoc){0, 0}, "native: the C compiler '%s' failed (exit status %d)%s%s", argv[0],
                    WEXITSTATUS(status), output.len ? ":\n" : "", output.len ? output.s : "");
        else
            mc_diag(d, (McLoc){0, 0}, "native: the C compiler '%s' was killed by signal %d%s%s", argv[0],
                    WTERMSIG(status), output.len ? ":\n" : "", output.len ? output.s : "");
        mc_str_free(&output);
        goto fail;
    }
    mc_str_free(&output);
    int sofd = open(tso, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (sofd < 0) {
        mc_diag(d, (McLoc){0, 0}, "native: the C compiler '%s' made no object %s: %s", argv[0], tso,
                strerror(errno));
        goto fail;
    }
    if (in_cache && publish_entry(tmp, tso, sofd, dirfd, key, src, srclen)) {
        remove_tmpdir(tmp);
        result = native_new(f, path_join(dir, name), sofd, NULL);
        if (prune_due(key, max_entries, max_bytes))
            prune(dir, dirfd, key, idhex[0] ? idhex : NULL, max_entries, max_bytes);
        goto done;
    }
    /* Uncached, or the cache refused the entry: the private copy. */
    result = native_new(f, tso, sofd, tmp);
    tso = NULL;
    tmp = NULL;
    goto done;
fail:
    remove_tmpdir(tmp);
done:
    if (dirfd >= 0) close(dirfd);
    free(argv);
    free(store);
    free(dir);
    free(tmp);
    free(tc);
    free(tso);
    return result;
}

McNative *mc_native_compile(const McFunc *f, const McNativeOptions *o, McNativeInfo *info, McDiags *d) {
    char *src = mc_cgen_render(f);
    McNative *n = mc_native_build(f, src, o, info, d);
    free(src);
    return n;
}

void mc_native_free(McNative *n) {
    if (!n) return;
    if (n->fd >= 0) close(n->fd);
    if (n->tmpdir) {
        remove_tmpdir(n->tmpdir);
        free(n->tmpdir);
    }
    free(n->so_path);
    free(n->kinds);
    free(n);
}

const char *mc_native_so_path(const McNative *n) { return n->so_path; }

/* ---- calling ------------------------------------------------------------------- */

/* The head of the shared mapping; scalars, lengths and buffer data follow. */
typedef struct Shared {
    int32_t done;   /* the child finished the call */
    int32_t value;  /* returned value */
    int32_t err[3]; /* trap kind, index, length */
    char msg[256];  /* the child's reason when it could not call */
} Shared;

enum { CHILD_LOAD_FAILED = 125 };

static _Noreturn void child_call(const char *so, int fd, Shared *sh, const int32_t *scalars, int32_t *const *bufs,
                                 const int32_t *lens, double timeout, pid_t host) {
    /* The host may have handlers (sanitizers, the workbench): a crash in
     * generated code must end this child with its signal. */
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], SIG_DFL);
    /* Never outlive the host: if it dies before killing us at the time limit,
     * the alarm (a little after the limit) ends this child anyway. */
    alarm((unsigned)(timeout > 1e6 ? 1e6 : timeout) + 2);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != host) _exit(CHILD_LOAD_FAILED); /* the host is already gone */
#endif
    void *h = NULL;
#ifdef __linux__
    if (fd >= 0) { /* the verified bytes, even if the cache entry was replaced or evicted since */
        char fdpath[64];
        snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
        h = dlopen(fdpath, RTLD_NOW | RTLD_LOCAL);
    }
#else
    (void)fd;
#endif
    if (!h) h = dlopen(so, RTLD_NOW | RTLD_LOCAL); /* no /proc */
    if (!h) {
        const char *e = dlerror();
        snprintf(sh->msg, sizeof sh->msg, "%s", e ? e : "dlopen failed");
        _exit(CHILD_LOAD_FAILED);
    }
    void *sym = dlsym(h, MC_CGEN_ENTRY);
    if (!sym) {
        snprintf(sh->msg, sizeof sh->msg, "%s: no symbol %s", so, MC_CGEN_ENTRY);
        _exit(CHILD_LOAD_FAILED);
    }
    McCgenEntry fn;
    memcpy(&fn, &sym, sizeof fn); /* object pointer to function pointer, as POSIX allows */
    int32_t err[3] = {0, 0, 0};
    int32_t v = fn(scalars, bufs, lens, err);
    sh->value = v;
    memcpy(sh->err, err, sizeof err);
    sh->done = 1;
    _exit(0);
}

/* Between two looks at the interrupt flag while the child runs. */
#define POLL_MS 50

static bool native_call(const McNative *n, McArgs *args, double timeout, const McInterrupt *stop, McOutcome *out,
                        McDiags *d);

bool mc_native_call(const McNative *n, McArgs *args, double timeout, McOutcome *out, McDiags *d) {
    return native_call(n, args, timeout, NULL, out, d);
}

static bool native_call(const McNative *n, McArgs *args, double timeout, const McInterrupt *stop, McOutcome *out,
                        McDiags *d) {
    memset(out, 0, sizeof *out);
    if (args->n != n->nparams) {
        mc_diag(d, (McLoc){0, 0}, "native: expected %ld arguments, got %ld", (long)n->nparams, (long)args->n);
        return false;
    }
    size_t np = (size_t)n->nparams, words = 0;
    for (size_t p = 0; p < np; p++) {
        if (args->v[p].is_buf != (n->kinds[p] == MC_VAL_BUF)) {
            mc_diag(d, (McLoc){0, 0}, "native: argument %zu has the wrong kind", p + 1);
            return false;
        }
        if (args->v[p].is_buf) words += (size_t)(args->v[p].len > 0 ? args->v[p].len : 0);
    }
    if (timeout <= 0) timeout = MC_NATIVE_DEFAULT_TIMEOUT;
    size_t size = sizeof(Shared) + (2 * np + words + 1) * sizeof(int32_t);
    void *map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        mc_diag(d, (McLoc){0, 0}, "native: cannot map %zu bytes of shared memory: %s", size, strerror(errno));
        return false;
    }
    Shared *sh = map;
    int32_t *scalars = (int32_t *)(sh + 1), *lens = scalars + np, *data = lens + np;
    int32_t **bufs = mc_xcalloc(np + 1, sizeof *bufs);
    size_t off = 0;
    for (size_t p = 0; p < np; p++) {
        McArg *a = &args->v[p];
        if (a->is_buf) {
            bufs[p] = data + off;
            lens[p] = a->len;
            if (a->len > 0) memcpy(data + off, a->data, (size_t)a->len * sizeof(int32_t));
            off += (size_t)(a->len > 0 ? a->len : 0);
        } else {
            scalars[p] = a->scalar;
        }
    }
    int done_pipe[2];
    if (pipe(done_pipe) != 0) {
        mc_diag(d, (McLoc){0, 0}, "native: pipe: %s", strerror(errno));
        free(bufs);
        munmap(map, size);
        return false;
    }
    fcntl(done_pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(done_pipe[1], F_SETFD, FD_CLOEXEC);
    fflush(NULL); /* nothing buffered may be written twice */
    pid_t host = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        mc_diag(d, (McLoc){0, 0}, "native: fork: %s", strerror(errno));
        close(done_pipe[0]);
        close(done_pipe[1]);
        free(bufs);
        munmap(map, size);
        return false;
    }
    if (pid == 0) {
        close(done_pipe[0]);
        child_call(n->so_path, n->fd, sh, scalars, bufs, lens, timeout, host); /* keeps done_pipe[1] open until it ends */
    }
    close(done_pipe[1]);
    /* Wait for the pipe to close (the child ended), the time limit, or the
     * interrupt flag (looked at every POLL_MS, and when a signal ends the
     * poll early). */
    double deadline = mc_now() + timeout;
    bool timed_out = false, interrupted = false;
    for (;;) {
        if (mc_interrupted(stop)) {
            interrupted = true;
            break;
        }
        double left = deadline - mc_now();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd pfd = {done_pipe[0], POLLIN, 0};
        int ms = left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
        if (stop && ms > POLL_MS) ms = POLL_MS;
        int r = poll(&pfd, 1, ms);
        if (r < 0 && errno == EINTR) continue;
        if (r != 0) break; /* POLLHUP: the child is gone (or poll failed: waitpid tells) */
    }
    if (timed_out || interrupted) kill(pid, SIGKILL);
    close(done_pipe[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    bool ok = true;
    /* Effects stay visible whatever happened. */
    for (size_t p = 0; p < np; p++)
        if (args->v[p].is_buf && args->v[p].len > 0)
            memcpy(args->v[p].data, bufs[p], (size_t)args->v[p].len * sizeof(int32_t));
    if (interrupted) {
        out->kind = MC_INTERRUPTED;
        snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
    } else if (timed_out) {
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "time limit exceeded");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && sh->done) {
        if (sh->err[0] == MC_CGEN_TRAP_BOUNDS) {
            out->kind = MC_TRAPPED;
            snprintf(out->trap, sizeof out->trap, "buffer index %ld outside [0,%ld)", (long)sh->err[1],
                     (long)sh->err[2]);
        } else {
            out->kind = MC_RETURNED;
            out->value = sh->value;
        }
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_LOAD_FAILED && sh->msg[0]) {
        sh->msg[sizeof sh->msg - 1] = 0;
        mc_diag(d, (McLoc){0, 0}, "native: cannot load the compiled code: %s", sh->msg);
        ok = false;
    } else if (WIFSIGNALED(status)) {
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "native code crashed: signal %d", WTERMSIG(status));
    } else {
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "native code exited with status %d",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    free(bufs);
    munmap(map, size);
    return ok;
}

bool mc_native_execute(const McFunc *f, const McNativeOptions *o, McArgs *args, McOutcome *out, McDiags *d) {
    const McInterrupt *stop = o ? o->interrupt : NULL;
    McNative *n = mc_native_compile(f, o, NULL, d);
    if (mc_interrupted(stop)) { /* Ctrl-C reaches the compiler too: whatever it did, stop */
        mc_native_free(n);
        memset(out, 0, sizeof *out);
        out->kind = MC_INTERRUPTED;
        snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
        return true;
    }
    if (!n) return false;
    bool ok = native_call(n, args, o ? o->timeout : 0, stop, out, d);
    mc_native_free(n);
    return ok;
}
