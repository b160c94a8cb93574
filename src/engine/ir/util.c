/* util.c - checked allocation, panics, string buffers, file reading. */
#include "minicc/util.h"

#include "minicc/limits.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static _Noreturn void out_of_memory(size_t n) {
    fprintf(stderr, "minicc: out of memory (%zu bytes)\n", n);
    abort();
}

void *mc_xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory(n);
    return p;
}

void *mc_xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) out_of_memory(n * size);
    return p;
}

void *mc_xrealloc(void *p, size_t n) {
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(n);
    return q;
}

char *mc_xstrdup(const char *s) { return mc_xstrndup(s, strlen(s)); }

char *mc_xstrndup(const char *s, size_t n) {
    char *p = mc_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

_Noreturn void mc_panic(const char *file, int line, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "minicc: internal error at %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

void mc_str_init(McStr *b) {
    b->s = NULL;
    b->len = b->cap = 0;
}

void mc_str_free(McStr *b) {
    free(b->s);
    mc_str_init(b);
}

static void str_reserve(McStr *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) cap *= 2;
    b->s = mc_xrealloc(b->s, cap);
    b->cap = cap;
}

void mc_str_putn(McStr *b, const char *s, size_t n) {
    str_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void mc_str_putc(McStr *b, char c) { mc_str_putn(b, &c, 1); }
void mc_str_puts(McStr *b, const char *s) { mc_str_putn(b, s, strlen(s)); }

void mc_str_vprintf(McStr *b, const char *fmt, va_list ap) {
    /* Format into the room already there; only a result that does not fit
     * is formatted a second time (measuring first doubled every call). */
    va_list ap2;
    va_copy(ap2, ap);
    size_t room = b->cap > b->len ? b->cap - b->len : 0;
    int n = vsnprintf(room ? b->s + b->len : NULL, room, fmt, ap2);
    va_end(ap2);
    if (n < 0) {
        if (room) b->s[b->len] = 0;
        return;
    }
    if ((size_t)n >= room) {
        str_reserve(b, (size_t)n);
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    }
    b->len += (size_t)n;
}

void mc_str_printf(McStr *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mc_str_vprintf(b, fmt, ap);
    va_end(ap);
}

char *mc_str_take(McStr *b) {
    char *s = b->s ? b->s : mc_xstrdup("");
    mc_str_init(b);
    return s;
}

int mc_env_number(const char *name, bool size, uint64_t max, uint64_t *out) {
    const char *s = getenv(name);
    if (!s || !*s) return 0;
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
    if (!ok || *end || v < 1 || v > (max >> shift)) return -1;
    *out = (uint64_t)v << shift;
    return 1;
}

bool mc_input_limit(size_t *limit, char *why, size_t size) {
    *limit = MC_MAX_INPUT_DEFAULT;
    uint64_t v;
    /* At most SIZE_MAX / 2: the reader adds a terminating byte and doubles. */
    int r = mc_env_number(MC_MAX_INPUT_ENV, true, SIZE_MAX / 2, &v);
    if (r < 0) {
        snprintf(why, size, "$%s must be a positive number of bytes (suffix K, M or G allowed), not '%s'",
                 MC_MAX_INPUT_ENV, getenv(MC_MAX_INPUT_ENV));
        errno = EINVAL;
        return false;
    }
    if (r > 0) *limit = (size_t)v;
    return true;
}

void mc_input_too_large(size_t limit, char *why, size_t size) {
    errno = EFBIG;
    if (limit % ((size_t)1 << 20) == 0)
        snprintf(why, size, "larger than the input limit of %zu MB (set %s to raise it)", limit >> 20,
                 MC_MAX_INPUT_ENV);
    else
        snprintf(why, size, "larger than the input limit of %zu bytes (set %s to raise it)", limit,
                 MC_MAX_INPUT_ENV);
}

/* Read f to its end, failing once more than `limit` bytes came. */
static char *read_capped(FILE *f, size_t limit, size_t *len, char *why, size_t size) {
    McStr b;
    mc_str_init(&b);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n > limit - b.len) {
            mc_str_free(&b);
            mc_input_too_large(limit, why, size);
            return NULL;
        }
        mc_str_putn(&b, chunk, n);
    }
    if (ferror(f)) {
        int err = errno ? errno : EIO;
        mc_str_free(&b);
        snprintf(why, size, "%s", strerror(err));
        errno = err;
        return NULL;
    }
    *len = b.len;
    return mc_str_take(&b);
}

/* Open path without blocking (a FIFO with no writer would wait in open) and
 * accept only a regular file; returns the descriptor or -1 with why. */
static int open_regular(const char *path, struct stat *st, char *why, size_t size) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, size, "%s", strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st->st_mode)) {
        close(fd);
        errno = S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
        snprintf(why, size, "%s", errno == EISDIR ? strerror(EISDIR) : "not a regular file");
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

FILE *mc_open_input(const char *path, char *why, size_t size) {
    struct stat st;
    int fd = open_regular(path, &st, why, size);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, "r");
    if (!f) {
        snprintf(why, size, "%s", strerror(errno));
        close(fd);
    }
    return f;
}

char *mc_read_input(const char *path, size_t *len, char *why, size_t size) {
    size_t limit;
    if (!mc_input_limit(&limit, why, size)) return NULL;
    struct stat st;
    int fd = open_regular(path, &st, why, size);
    if (fd < 0) return NULL;
    if ((uintmax_t)st.st_size > (uintmax_t)limit) {
        close(fd);
        mc_input_too_large(limit, why, size);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(why, size, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    errno = 0;
    char *text = read_capped(f, limit, len, why, size); /* the file may grow while read */
    fclose(f);
    return text;
}

char *mc_read_input_stream(FILE *f, size_t *len, char *why, size_t size) {
    size_t limit;
    if (!mc_input_limit(&limit, why, size)) return NULL;
    errno = 0;
    return read_capped(f, limit, len, why, size);
}

int mc_read_line(FILE *f, McStr *line, size_t *budget, char *why, size_t size) {
    line->len = 0;
    if (line->s) line->s[0] = 0;
    int c;
    bool any = false;
    while ((c = getc(f)) != EOF) {
        any = true;
        if (*budget == 0) {
            size_t limit;
            if (mc_input_limit(&limit, why, size)) mc_input_too_large(limit, why, size);
            return -1;
        }
        --*budget;
        if (c == '\n') return 1;
        mc_str_putc(line, (char)c);
    }
    if (ferror(f)) {
        int err = errno ? errno : EIO;
        snprintf(why, size, "%s", strerror(err));
        errno = err;
        return -1;
    }
    if (!line->s) mc_str_putn(line, "", 0);
    return any ? 1 : 0;
}

char *mc_read_file(const char *path, size_t *len) {
    char why[256];
    return mc_read_input(path, len, why, sizeof why);
}

int mc_parse_i32(const char *s, size_t len, int32_t *out) {
    size_t i = 0;
    bool neg = false;
    if (i < len && s[i] == '-') {
        neg = true;
        i++;
    }
    if (i == len) return 1;
    int64_t v = 0;
    bool big = false;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return 1;
        if (!big) {
            v = v * 10 + (s[i] - '0');
            if (v > 2147483648LL) big = true;
        }
    }
    if (neg) v = -v;
    if (big || v < INT32_MIN || v > INT32_MAX) return 2;
    *out = (int32_t)v;
    return 0;
}

double mc_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A pipeline run on a 200k-instruction function allocates and frees a few
 * hundred MB. With glibc's defaults a freed block above its mmap threshold
 * (which adapts up to 32 MB) or at the top of the heap goes back to the
 * kernel, and the next run faults it in again page by page: about 2 us per
 * 4 KB page on a virtual machine, 20-35 thousand pages per run at 200k
 * instructions, none at 100k, whose blocks stay under the threshold. So the
 * workbench re-allocating for another K, the prompt re-running a stage, a
 * benchmark's repetition paid that at one size and not at the other. Fixed
 * thresholds: blocks below 256 MB come from the heap, and up to 512 MB of
 * free heap stays in the process for the next run. */
void mc_memory_keep(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
#endif
}

double mc_cpu_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int mc_edit_distance(const char *a, size_t la, const char *b, size_t lb) {
    if (la > 16 || lb > 16) return 99;
    int d[17][17];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            /* Two neighbours swapped ("expcet") is one slip, not two. */
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
                c = d[i - 2][j - 2] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

int mc_timeout_parse(const char *s, double *out) {
    /* Decimal only, as typed: an optional '-', digits with at most one '.'
     * (not strtod's hexadecimal, exponents, blanks, inf or nan). */
    const char *p = s + (*s == '-');
    size_t digits = 0, dots = 0;
    for (const char *q = p; *q; q++) {
        if (*q >= '0' && *q <= '9') digits++;
        else if (*q == '.') dots++;
        else return 3;
    }
    if (!digits || dots > 1) return 3;
    char *end;
    double t = strtod(s, &end);
    if (*end || !(t > 0)) return 1;
    if (t > MC_MAX_TIMEOUT) return 2;
    *out = t;
    return 0;
}

/* ---- sparse set ---------------------------------------------------------------- */

void mc_sparse_init(McSparse *s, int32_t n) {
    s->pos = mc_xmalloc((size_t)(n ? n : 1) * sizeof *s->pos);
    s->list = mc_xmalloc((size_t)(n ? n : 1) * sizeof *s->list);
    for (int32_t v = 0; v < n; v++) s->pos[v] = -1;
    s->n = 0;
}

bool mc_sparse_add(McSparse *s, int32_t v) {
    if (s->pos[v] >= 0) return false;
    s->pos[v] = s->n;
    s->list[s->n++] = v;
    return true;
}

bool mc_sparse_del(McSparse *s, int32_t v) {
    int32_t p = s->pos[v];
    if (p < 0) return false;
    int32_t last = s->list[--s->n];
    s->list[p] = last;
    s->pos[last] = p;
    s->pos[v] = -1;
    return true;
}

void mc_sparse_clear(McSparse *s) {
    for (int32_t i = 0; i < s->n; i++) s->pos[s->list[i]] = -1;
    s->n = 0;
}

void mc_sparse_free(McSparse *s) {
    free(s->pos);
    free(s->list);
}
