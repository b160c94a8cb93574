/* native.c - compile generated C with the host compiler, cache the shared
 * object, and call it in a child process (chapter §32.6: "do not run a
 * possibly nonterminating test in-process without a process timeout").
 *
 * Compiling: the compiler is $CC (split on blanks, never through a shell),
 * else `cc`, run with fork/execvp and its output captured so that a failure
 * shows the compiler's own messages. The shared object is cached in
 * $XDG_CACHE_HOME/minicc (else ~/.cache/minicc), a directory kept at mode
 * 0700, under a 128-bit key hashed from the C source, the compiler command
 * and the flags. A hit is confirmed by comparing the stored KEY.c with the
 * source byte for byte, so a hash collision can only cost a recompilation.
 * Files are produced in a private mkdtemp directory inside the cache and
 * renamed into place (atomic on one file system): concurrent minicc
 * processes never see half-written objects; build directories left by a
 * killed minicc are removed after an hour. Without a usable cache
 * directory the object is built in a private temporary directory that is
 * removed when the McNative is freed.
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

struct McNative {
    char *so_path;  /* the shared object to dlopen */
    char *tmpdir;   /* uncached build: private directory removed on free, else NULL */
    int32_t nparams;
    uint8_t *kinds; /* McValKind of each parameter */
};

/* ---- small file helpers ------------------------------------------------------ */

static bool write_file(const char *path, const char *data, size_t len, mode_t mode) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
    if (fd < 0) return false;
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            close(fd);
            errno = e;
            return false;
        }
        off += (size_t)w;
    }
    return close(fd) == 0;
}

static bool file_equals(const char *path, const char *data, size_t len) {
    size_t n;
    char *s = mc_read_file(path, &n);
    bool same = s && n == len && memcmp(s, data, len) == 0;
    free(s);
    return same;
}

static char *path_join(const char *dir, const char *name) {
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b, "%s/%s", dir, name);
    return mc_str_take(&b);
}

/* Remove a private build directory and the few files we put in it. */
static void remove_tmpdir(const char *dir) {
    static const char *const names[] = {"kernel.c", "kernel.so"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char *p = path_join(dir, names[i]);
        unlink(p);
        free(p);
    }
    rmdir(dir);
}

/* Remove build directories that a killed minicc left in the cache (older
 * than an hour, so a concurrent build is never touched). */
static void sweep_stale(const char *dir) {
    DIR *dp = opendir(dir);
    if (!dp) return;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (strncmp(e->d_name, "tmp-", 4) != 0) continue;
        char *p = path_join(dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode) && now - st.st_mtime > 3600) remove_tmpdir(p);
        free(p);
    }
    closedir(dp);
}

/* A directory that exists, is ours and is private (0700); created if
 * missing. Returns false if it cannot be made so. */
static bool private_dir(const char *path) {
    if (mkdir(path, 0700) != 0 && errno != EEXIST) return false;
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) return false;
    if ((st.st_mode & 077) != 0 && chmod(path, 0700) != 0) return false;
    return true;
}

/* mkdir -p for the parents of path (created ones get 0700); the last
 * component is left to private_dir. */
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

/* The cache directory (malloc'd, created 0700), or NULL when there is no
 * usable one. */
static char *cache_dir(const McNativeOptions *o) {
    if (o && o->no_cache) return NULL;
    char *dir = NULL;
    if (o && o->cache_dir) {
        dir = mc_xstrdup(o->cache_dir);
    } else {
        const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
        if (xdg && xdg[0] == '/') {
            dir = path_join(xdg, "minicc");
        } else if (home && home[0] == '/') {
            dir = path_join(home, ".cache/minicc");
        }
    }
    if (dir) make_parents(dir);
    if (dir && !private_dir(dir)) {
        free(dir);
        dir = NULL;
    }
    return dir;
}

/* ---- the compiler command ------------------------------------------------------ */

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

/* 128-bit key: two FNV-1a-64 streams with different bases over the compiler
 * words, the flags and the source. Collisions are harmless (see top). */
static void cache_key(char *const *words, int nwords, const char *src, char out[33]) {
    uint64_t h1 = 14695981039346656037ull, h2 = 0x6c62272e07bb0142ull;
#define MIX(c)                                                                                                \
    do {                                                                                                      \
        h1 = (h1 ^ (unsigned char)(c)) * 1099511628211ull;                                                    \
        h2 = (h2 ^ (unsigned char)(c)) * 0x100000001b3ull;                                                    \
        h2 ^= h2 >> 29;                                                                                       \
    } while (0)
    const char *abi = "minicc-native-1";
    for (const char *p = abi; *p; p++) MIX(*p);
    MIX(0);
    for (int i = 0; i < nwords; i++) {
        for (const char *p = words[i]; *p; p++) MIX(*p);
        MIX(0);
    }
    for (int i = 0; i < NFLAGS; i++) {
        for (const char *p = cc_flags[i]; *p; p++) MIX(*p);
        MIX(0);
    }
    MIX(1);
    for (const char *p = src; *p; p++) MIX(*p);
#undef MIX
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)h1, (unsigned long long)h2);
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
        if (output->len < 64 * 1024) mc_str_putn(output, chunk, (size_t)r);
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

/* ---- building ------------------------------------------------------------------- */

static McNative *native_new(const McFunc *f, char *so_path, char *tmpdir) {
    McNative *n = mc_xcalloc(1, sizeof *n);
    n->so_path = so_path;
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

McNative *mc_native_build(const McFunc *f, const char *src, const McNativeOptions *o, McNativeInfo *info,
                          McDiags *d) {
    McNativeInfo dummy;
    if (!info) info = &dummy;
    memset(info, 0, sizeof *info);
    if (o && o->keep_c && !keep_source(f, o->keep_c, src, d)) return NULL;

    char *store;
    int nwords;
    char **argv = compiler_words(o, &store, &nwords);
    char key[33];
    cache_key(argv, nwords, src, key);
    size_t srclen = strlen(src);
    McNative *result = NULL;
    char *dir = cache_dir(o), *so = NULL, *csrc = NULL, *tmp = NULL;

    if (dir) {
        char name[48];
        snprintf(name, sizeof name, "%s.so", key);
        so = path_join(dir, name);
        snprintf(name, sizeof name, "%s.c", key);
        csrc = path_join(dir, name);
        if (access(so, R_OK) == 0 && file_equals(csrc, src, srclen)) {
            info->cache_hit = true;
            result = native_new(f, so, NULL);
            so = NULL;
            goto done;
        }
        sweep_stale(dir);
        tmp = path_join(dir, "tmp-XXXXXX");
    } else {
        const char *t = getenv("TMPDIR");
        tmp = path_join(t && t[0] == '/' ? t : "/tmp", "minicc-XXXXXX");
    }
    if (!mkdtemp(tmp)) {
        mc_diag(d, (McLoc){0, 0}, "native: cannot create a private build directory %s: %s", tmp, strerror(errno));
        goto done;
    }
    char *tc = path_join(tmp, "kernel.c"), *tso = path_join(tmp, "kernel.so");
    if (!write_file(tc, src, srclen, 0600)) {
        mc_diag(d, (McLoc){0, 0}, "native: cannot write %s: %s", tc, strerror(errno));
        remove_tmpdir(tmp);
        free(tc);
        free(tso);
        goto done;
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
        remove_tmpdir(tmp);
        free(tc);
        free(tso);
        goto done;
    }
    mc_str_free(&output);
    if (dir) {
        /* Object first, then the source that confirms a hit. */
        if (rename(tso, so) == 0 && rename(tc, csrc) == 0) {
            remove_tmpdir(tmp);
            result = native_new(f, so, NULL);
            so = NULL;
            free(tc);
            free(tso);
            goto done;
        }
        /* Could not publish: use the private copy. */
        if (access(tso, R_OK) == 0) {
            result = native_new(f, tso, tmp);
            tmp = NULL;
            free(tc);
            goto done;
        }
        mc_diag(d, (McLoc){0, 0}, "native: cannot move the compiled object into %s: %s", dir, strerror(errno));
        remove_tmpdir(tmp);
        free(tc);
        free(tso);
        goto done;
    }
    result = native_new(f, tso, tmp);
    tmp = NULL;
    free(tc);
done:
    free(argv);
    free(store);
    free(dir);
    free(so);
    free(csrc);
    free(tmp);
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

static _Noreturn void child_call(const char *so, Shared *sh, const int32_t *scalars, int32_t *const *bufs,
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
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
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

bool mc_native_call(const McNative *n, McArgs *args, double timeout, McOutcome *out, McDiags *d) {
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
        child_call(n->so_path, sh, scalars, bufs, lens, timeout, host); /* keeps done_pipe[1] open until it ends */
    }
    close(done_pipe[1]);
    /* Wait for the pipe to close (the child ended) or the time limit. */
    double deadline = mc_now() + timeout;
    bool timed_out = false;
    for (;;) {
        double left = deadline - mc_now();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd pfd = {done_pipe[0], POLLIN, 0};
        int ms = left > 1e6 ? 1000000000 : (int)(left * 1000.0) + 1;
        int r = poll(&pfd, 1, ms);
        if (r < 0 && errno == EINTR) continue;
        if (r != 0) break; /* POLLHUP: the child is gone (or poll failed: waitpid tells) */
    }
    if (timed_out) kill(pid, SIGKILL);
    close(done_pipe[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    bool ok = true;
    /* Effects stay visible whatever happened. */
    for (size_t p = 0; p < np; p++)
        if (args->v[p].is_buf && args->v[p].len > 0)
            memcpy(args->v[p].data, bufs[p], (size_t)args->v[p].len * sizeof(int32_t));
    if (timed_out) {
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
    McNative *n = mc_native_compile(f, o, NULL, d);
    if (!n) return false;
    bool ok = mc_native_call(n, args, o ? o->timeout : 0, out, d);
    mc_native_free(n);
    return ok;
}
