/* native_cache.c - the compile cache of the native backend. native.c asks
 * it where the cache is, for the key of a build, for a verified object, and
 * hands it each new object to publish; this file alone decides where the
 * cache lives, what counts as a hit and what is evicted. It relies on POSIX
 * (the *at() calls, mkdtemp and mkstemp, rename within one file system),
 * and knows of native.c only the names of the files a build leaves in its
 * directory (mc_ncache_remove_build_dir) and the text of a compiler's
 * identity, which native.c asks the compiler for (compiler_identity).
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
 * and Clang read to find headers and tools (cc_env in
 * native.c), and the compiler's
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
 * directory: a cached run costs a few stats and reads. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/util.h"
#include "native_cache.h"

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
    MAX_HEADER = 128,       /* bytes: a manifest's first line is shorter */
};

/* ---- file helpers (native.c uses them too) ------------------------------------ */

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

bool mc_ncache_write_file(const char *path, const char *data, size_t len, mode_t mode) {
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

char *mc_ncache_path_join(const char *dir, const char *name) {
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b, "%s/%s", dir, name);
    return mc_str_take(&b);
}

void mc_ncache_remove_build_dir(const char *dir) {
    static const char *const names[] = {"kernel.c", "kernel.so", "entry.c"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *p = mc_ncache_path_join(dir, names[i]);
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

/* See mc_native_cache_dir. */
char *mc_ncache_open(const McNativeOptions *o, int *dirfd, McStr *why) {
    *dirfd = -1;
    if (o && o->no_cache) return NULL;
    char *dir = NULL;
    if (o && o->cache_dir) {
        dir = mc_xstrdup(o->cache_dir);
    } else {
        const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
        if (xdg && xdg[0] == '/') {
            if (make_one_dir("$XDG_CACHE_HOME", xdg, why)) dir = mc_ncache_path_join(xdg, "minicc");
        } else if (home && home[0] == '/') {
            char *base = mc_ncache_path_join(home, ".cache");
            if (!is_dir(home)) mc_str_printf(why, "$HOME (%s) does not exist", home);
            else if (make_one_dir("~/.cache", base, why)) dir = mc_ncache_path_join(base, "minicc");
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
    char *dir = mc_ncache_open(o, &fd, &w);
    if (fd >= 0) close(fd);
    if (why && whysize) snprintf(why, whysize, "%s", dir || !w.s ? "" : w.s);
    mc_str_free(&w);
    return dir;
}

char *mc_ncache_build_dir(const char *dir) {
    char *tmp = mc_ncache_path_join(dir, "tmp-XXXXXX");
    if (mkdtemp(tmp)) return tmp;
    free(tmp);
    return NULL;
}

/* 32 lower-case hex digits: a key or an ID. */
static bool is_hex32(const char *s) {
    for (int i = 0; i < 32; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    return true;
}

/* Publish data as dir/name: a private mkstemp file renamed into place. */
static void publish_file(const char *dir, int dirfd, const char *name, const char *data, size_t len) {
    char *tmp = mc_ncache_path_join(dir, "tmp-XXXXXX");
    int fd = mkstemp(tmp);
    if (fd >= 0) {
        bool ok = write_fd(fd, data, len);
        if (close(fd) != 0) ok = false;
        if (!ok || renameat(AT_FDCWD, tmp, dirfd, name) != 0) unlink(tmp);
    }
    free(tmp);
}

/* ---- keys and compiler memos ---------------------------------------------------- */

/* A memo is cc-ID.id: ID_MAGIC, "status S" (the wait status of `$CC
 * --version`) and its output. ID hashes the command and the program's stat
 * (see the top). */
bool mc_ncache_memo_get(int dirfd, char *const *words, int nwords, const char *program, char idhex[33],
                        McStr *id) {
    Hash h = hash_init();
    hash_str(&h, ID_MAGIC);
    for (int i = 0; i < nwords; i++) hash_str(&h, words[i]);
    hash_str(&h, program);
    hash_hex(&h, idhex);
    char name[48];
    snprintf(name, sizeof name, "cc-%s.id", idhex);

    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat ms;
    time_t now = time(NULL);
    char *memo = NULL;
    if (fstat(fd, &ms) == 0 && S_ISREG(ms.st_mode) && ms.st_size > 0 && ms.st_size <= 2 * MC_NCACHE_MAX_OUTPUT &&
        ms.st_mtime <= now + 60 && now - ms.st_mtime < ID_MAX_AGE)
        memo = read_fd(fd, (size_t)ms.st_size);
    close(fd);
    bool hit = memo && strncmp(memo, ID_MAGIC, strlen(ID_MAGIC)) == 0;
    if (hit) mc_str_puts(id, memo);
    free(memo);
    return hit;
}

void mc_ncache_memo_put(const char *dir, int dirfd, const char *idhex, int status, const char *output,
                        McStr *id) {
    char name[48];
    snprintf(name, sizeof name, "cc-%s.id", idhex);
    McStr memo;
    mc_str_init(&memo);
    mc_str_printf(&memo, "%sstatus %d\n%s", ID_MAGIC, status, output);
    mc_str_puts(id, memo.s);
    publish_file(dir, dirfd, name, memo.s, strlen(memo.s));
    mc_str_free(&memo);
}

/* The entry's key: see the top. */
void mc_ncache_key(char *const *words, int nwords, const char *const *flags, int nflags, const char *const *env,
                   int nenv, const char *identity, const char *src, char key[33]) {
    Hash h = hash_init();
    hash_str(&h, CACHE_ABI);
    for (int i = 0; i < nwords; i++) hash_str(&h, words[i]);
    hash_str(&h, "");
    for (int i = 0; i < nflags; i++) hash_str(&h, flags[i]);
    hash_str(&h, "");
    for (int i = 0; i < nenv; i++) {
        const char *v = getenv(env[i]);
        hash_str(&h, env[i]);
        hash_str(&h, v ? "set" : "unset");
        hash_str(&h, v ? v : "");
    }
    hash_str(&h, identity);
    hash_str(&h, src);
    hash_hex(&h, key);
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
int mc_ncache_lookup(int dirfd, const char *key, const char *src, size_t srclen) {
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

/* ---- publishing ---------------------------------------------------------------- */

char *mc_ncache_object_path(const char *dir, const char *key) {
    char name[40];
    snprintf(name, sizeof name, "%s.so", key);
    return mc_ncache_path_join(dir, name);
}

bool mc_ncache_publish(const char *tmp, const char *tso, int sofd, int dirfd, const char *key, const char *src,
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
    char *tentry = mc_ncache_path_join(tmp, "entry.c");
    bool written = mc_ncache_write_file(tentry, m.s, m.len, 0600);
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

/* ---- eviction ------------------------------------------------------------------ */

/* What a name in the cache directory is. Only these are ever removed. */
enum { NAME_OTHER, NAME_SO, NAME_C, NAME_ID };

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
        char *p = mc_ncache_path_join(dir, name);
        mc_ncache_remove_build_dir(p);
        free(p);
    } else if (S_ISREG(st->st_mode)) {
        unlinkat(dirfd, name, 0);
    }
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
            MC_GROW(ids, capi, nids + 1, 16);
            ids[nids++] = it;
        } else {
            MC_GROW(files, capf, nfiles + 1, 64);
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

void mc_ncache_prune(const char *dir, int dirfd, const char *keep_key, const char *keep_id, int64_t max_entries,
                     int64_t max_bytes) {
    if (prune_due(keep_key, max_entries, max_bytes)) prune(dir, dirfd, keep_key, keep_id, max_entries, max_bytes);
}

/* $name as a positive count, or with size a positive number of bytes
 * (suffix K, M or G: powers of 1024). Unset or empty leaves *out. */
static bool env_limit(const char *name, bool size, int64_t *out, McDiags *d) {
    uint64_t v;
    int r = mc_env_number(name, size, (uint64_t)INT64_MAX, &v);
    if (r < 0) {
        mc_diag(d, (McLoc){0, 0}, "native: $%s must be %s, not '%s'", name,
                size ? "a positive number of bytes (suffix K, M or G allowed)" : "a positive number", getenv(name));
        return false;
    }
    if (r > 0) *out = (int64_t)v;
    return true;
}

bool mc_ncache_limits(int64_t *max_entries, int64_t *max_bytes, McDiags *d) {
    *max_entries = DEFAULT_MAX_ENTRIES;
    *max_bytes = DEFAULT_MAX_BYTES;
    return env_limit("MINICC_CACHE_MAX_ENTRIES", false, max_entries, d) &&
           env_limit("MINICC_CACHE_MAX_BYTES", true, max_bytes, d);
}
