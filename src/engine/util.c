/* util.c - checked allocation, panics, string buffers, file reading. */
#include "minicc/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return;
    str_reserve(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
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

char *mc_read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    McStr b;
    mc_str_init(&b);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) mc_str_putn(&b, chunk, n);
    int err = ferror(f);
    fclose(f);
    if (err) {
        mc_str_free(&b);
        errno = EIO;
        return NULL;
    }
    *len = b.len;
    return mc_str_take(&b);
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
