/* native.c - compile generated C with the host compiler and call the shared
 * object in a child process (chapter §32.6: "do not run a possibly
 * nonterminating test in-process without a process timeout"). Relies on
 * POSIX fork/execvp/poll, dlopen, a MAP_SHARED|MAP_ANONYMOUS mapping, and
 * the compile cache (native_cache.c: where objects are kept, what a hit is,
 * what is evicted; its top comment documents it).
 *
 * Compiling: the compiler is $CC (split on blanks, never through a shell),
 * else `cc`, run with fork/execvp and its output captured so that a failure
 * shows the compiler's own messages. It runs under a guard process
 * (run_guard), the two in process groups of their own, so the compiler
 * (driver, cc1, as, ld) never outlives minicc: however the host ends, even
 * by SIGKILL, the guard sees a pipe close, kills the compiler's group and
 * removes the build directory; the host closes that pipe itself to stop a
 * compile when its interrupt flag is set. A build is looked up in the cache
 * under a key of its source, the compiler command, flags and environment,
 * and the compiler's identity (compiler_identity: the program's stat and
 * `$CC --version`, memoised by the cache). Without a usable cache directory
 * the object is built in a private temporary directory that is removed
 * when the McNative is freed.
 *
 * Calling: the buffers, lengths, scalars and the result live in one
 * MAP_SHARED|MAP_ANONYMOUS mapping. The child dlopen()s the object, calls
 * MC_CGEN_ENTRY and writes the result into the mapping; the parent waits on
 * a pipe that closes when the child ends (poll with the time limit, which
 * starts at the byte the child writes on it when the call starts; no
 * signal handlers are installed in the host process), then copies the
 * buffers back. So effects before a bounds trap, a time-out or a crash stay
 * visible, and a crash never takes down the prompt or the workbench.
 *
 * libtcc (MC_NATIVE_TCC, when the build found it: minicc_config.h): the
 * McNative keeps the source and the child compiles it in memory with
 * libtcc, relocates it and calls the entry, under the same time limit,
 * mapping and crash containment as a loaded object. Compiling in the child
 * rather than in the host (serialized) is deliberate: libtcc keeps global
 * state and is not thread-safe, and the child is a fresh single-threaded
 * copy whatever the host's threads do; a crash or a hang inside libtcc is
 * contained like one in the generated code; the host never maps writable
 * executable memory and never holds libtcc's allocations. The price is a
 * compile per call (about a millisecond for a small function) and compile
 * errors reported by the call rather than the build. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/util.h"
#include "minicc_config.h"
#include "native_cache.h"

#if MINICC_HAVE_LIBTCC
#include <libtcc.h>
#endif

static const char *const cc_flags[] = {"-std=c11", "-O2", "-fPIC", "-shared"};
#define NFLAGS ((int)(sizeof cc_flags / sizeof cc_flags[0]))

/* Environment variables that GCC or Clang read and that can change the
 * object (headers, the assembler and linker, injected options). */
static const char *const cc_env[] = {"CPATH",         "C_INCLUDE_PATH", "GCC_EXEC_PREFIX",
                                     "COMPILER_PATH", "LIBRARY_PATH",   "CCC_OVERRIDE_OPTIONS"};
#define NENV ((int)(sizeof cc_env / sizeof cc_env[0]))

struct McNative {
    char *src;      /* MC_NATIVE_TCC: the C the child compiles, else NULL */
    char *so_path;  /* the shared object to dlopen (NULL with src) */
    int fd;         /* the verified object, open (the child loads /proc/self/fd/N), or -1 */
    char *tmpdir;   /* uncached build: private directory removed on free, else NULL */
    int32_t nparams;
    uint8_t *kinds; /* McValKind of each parameter */
    size_t stack_bytes; /* with calls: the stack the call runs on (mc_cgen_stack_bytes), else 0 */
};

/* ---- which compiler -------------------------------------------------------------- */

bool mc_native_tcc_available(void) { return MINICC_HAVE_LIBTCC != 0; }

const char *mc_native_compiler_name(McNativeCompiler c) { return c == MC_NATIVE_TCC ? "tcc" : "system"; }

int mc_native_compiler_lookup(const char *name) {
    if (strcmp(name, "system") == 0) return MC_NATIVE_SYSTEM;
    if (strcmp(name, "tcc") == 0) return MC_NATIVE_TCC;
    return -1;
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

/* ---- running the compiler -------------------------------------------------------- */

/* What the processes of run_captured tell the host on their message pipe. */
typedef struct RunMsg {
    int kind;  /* RUN_EXEC_FAILED: value is errno; RUN_ENDED: value is the wait status */
    int value;
} RunMsg;
enum { RUN_EXEC_FAILED, RUN_ENDED };

/* Between two looks at the interrupt flag while the compiler runs. */
#define COMPILE_POLL_MS 50

static void put_msg(int fd, int kind, int value) {
    RunMsg m = {kind, value};
    ssize_t w = write(fd, &m, sizeof m);
    (void)w;
}

static void on_child(int sig) { (void)sig; } /* only to wake pselect */

/* The guard: a fork of the host in a process group of its own (so the
 * terminal's Ctrl-C reaches only the host) that starts argv in another
 * group of its own, with its output on out_fd, and waits for it or for the
 * host: when life_fd reads end of file (the host closed it to stop the
 * compiler, or the host is gone, however it ended: SIGTERM, SIGHUP, SIGINT,
 * SIGKILL) it kills the compiler's whole group (the driver and cc1, as, ld)
 * and removes the build directory `cleanup` (may be NULL). Tells the host
 * on msg_fd; never returns. */
static _Noreturn void run_guard(char **argv, int out_fd, int msg_fd, int life_fd, const char *cleanup) {
    setpgid(0, 0);
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], SIG_DFL); /* not the host's handlers */
    sigset_t chld, old;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, &old);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_child;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGCHLD, &sa, NULL);
    pid_t cc = fork();
    if (cc < 0) {
        put_msg(msg_fd, RUN_EXEC_FAILED, errno);
        _exit(0);
    }
    if (cc == 0) {
        setpgid(0, 0);
        signal(SIGCHLD, SIG_DFL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        close(life_fd);
        dup2(out_fd, 1);
        dup2(out_fd, 2);
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0) dup2(devnull, 0);
        execvp(argv[0], argv);
        put_msg(msg_fd, RUN_EXEC_FAILED, errno);
        _exit(127);
    }
    setpgid(cc, cc); /* in both processes: whichever runs first */
    close(out_fd);   /* the host reads to the end of the compiler's output */
    sigset_t waiting = old;
    sigdelset(&waiting, SIGCHLD);
    int status = 0;
    for (;;) {
        pid_t r = waitpid(cc, &status, WNOHANG);
        if (r == cc || (r < 0 && errno != EINTR)) break;
        fd_set rd;
        FD_ZERO(&rd);
        FD_SET(life_fd, &rd);
        if (pselect(life_fd + 1, &rd, NULL, NULL, NULL, &waiting) > 0) {
            /* The host closed its end or is gone: stop the compiler. */
            kill(-cc, SIGKILL);
            while (waitpid(cc, &status, 0) < 0 && errno == EINTR) {
            }
            if (cleanup) mc_ncache_remove_build_dir(cleanup);
            break;
        }
    }
    put_msg(msg_fd, RUN_ENDED, status);
    _exit(0);
}

/* Run argv (execvp, no shell) with stdout+stderr captured in *output,
 * under a guard (run_guard) so that the compiler never outlives minicc.
 * The interrupt flag stop (may be NULL) is looked at every
 * COMPILE_POLL_MS; when set, the compiler's processes are killed and
 * *interrupted is set. Returns the wait status, or -1 with *exec_errno set
 * when it could not be started. `cleanup` is the build directory the guard
 * removes when minicc ends during the compile (may be NULL). */
static int run_captured(char **argv, const char *cleanup, const McInterrupt *stop, McStr *output, int *exec_errno,
                        bool *interrupted) {
    int outp[2], msgp[2], lifep[2];
    *exec_errno = 0;
    if (interrupted) *interrupted = false;
    if (pipe(outp) != 0) {
        *exec_errno = errno;
        return -1;
    }
    if (pipe(msgp) != 0) {
        *exec_errno = errno;
        close(outp[0]);
        close(outp[1]);
        return -1;
    }
    if (pipe(lifep) != 0) {
        *exec_errno = errno;
        close(outp[0]);
        close(outp[1]);
        close(msgp[0]);
        close(msgp[1]);
        return -1;
    }
    int fds[6] = {outp[0], outp[1], msgp[0], msgp[1], lifep[0], lifep[1]};
    for (int i = 0; i < 6; i++) fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    pid_t guard = fork();
    if (guard < 0) {
        *exec_errno = errno;
        for (int i = 0; i < 6; i++) close(fds[i]);
        return -1;
    }
    if (guard == 0) {
        close(outp[0]);
        close(msgp[0]);
        close(lifep[1]);
        run_guard(argv, outp[1], msgp[1], lifep[0], cleanup);
    }
    close(outp[1]);
    close(msgp[1]);
    close(lifep[0]);
    char chunk[4096];
    for (;;) {
        if (lifep[1] >= 0 && mc_interrupted(stop)) {
            close(lifep[1]); /* the guard kills the compiler; its output ends */
            lifep[1] = -1;
            if (interrupted) *interrupted = true;
        }
        if (stop && lifep[1] >= 0) {
            struct pollfd pfd = {outp[0], POLLIN, 0};
            int pr = poll(&pfd, 1, COMPILE_POLL_MS);
            if (pr == 0 || (pr < 0 && errno == EINTR)) continue; /* a signal: look at the flag */
        }
        ssize_t r = read(outp[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        if (output->len < MC_NCACHE_MAX_OUTPUT) mc_str_putn(output, chunk, (size_t)r);
    }
    close(outp[0]);
    RunMsg m;
    int e = 0, status = -1;
    bool ended = false;
    for (;;) {
        ssize_t r = read(msgp[0], &m, sizeof m);
        if (r < 0 && errno == EINTR) continue;
        if (r != (ssize_t)sizeof m) break;
        if (m.kind == RUN_EXEC_FAILED) e = m.value;
        else ended = true, status = m.value;
    }
    close(msgp[0]);
    if (lifep[1] >= 0) close(lifep[1]);
    int gst = 0;
    while (waitpid(guard, &gst, 0) < 0 && errno == EINTR) {
    }
    if (e) {
        *exec_errno = e;
        return -1;
    }
    return ended ? status : gst; /* a guard that did not report was itself killed */
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
 * the output of `words --version`, from the cache's memo when it is
 * younger than an hour (the memo's ID in idhex, empty without a program). */
static void compiler_identity(char **words, int nwords, const char *dir, int dirfd, McStr *id, char idhex[33]) {
    idhex[0] = 0;
    struct stat st;
    char *prog = resolve_program(words[0], &st);
    if (!prog) {
        mc_str_printf(id, "program %s: not found\n", words[0]);
        return;
    }
    McStr line;
    mc_str_init(&line);
    mc_str_printf(&line, "program %s dev %ju ino %ju size %jd mtime %jd.%09ld ctime %jd.%09ld\n", prog,
                  (uintmax_t)st.st_dev, (uintmax_t)st.st_ino, (intmax_t)st.st_size, (intmax_t)st.st_mtim.tv_sec,
                  (long)st.st_mtim.tv_nsec, (intmax_t)st.st_ctim.tv_sec, (long)st.st_ctim.tv_nsec);
    free(prog);
    mc_str_puts(id, line.s);
    bool memoised = mc_ncache_memo_get(dirfd, words, nwords, line.s, idhex, id);
    mc_str_free(&line);
    if (memoised) return;
    char **argv = mc_xcalloc((size_t)nwords + 2, sizeof *argv);
    for (int i = 0; i < nwords; i++) argv[i] = words[i];
    argv[nwords] = (char *)"--version";
    McStr out;
    mc_str_init(&out);
    int exec_errno;
    int status = run_captured(argv, NULL, NULL, &out, &exec_errno, NULL);
    free(argv);
    if (status < 0) mc_str_printf(id, "version: cannot run: %s\n", strerror(exec_errno)); /* not memoised */
    else mc_ncache_memo_put(dir, dirfd, idhex, status, out.s ? out.s : "", id);
    mc_str_free(&out);
}

/* The cache key of building src with the compiler words (see
 * mc_ncache_key); idhex gets the compiler memo's ID, or is empty. */
static void build_key(char **words, int nwords, const char *dir, int dirfd, const char *src, char key[33],
                      char idhex[33]) {
    McStr id;
    mc_str_init(&id);
    compiler_identity(words, nwords, dir, dirfd, &id, idhex);
    mc_ncache_key(words, nwords, cc_flags, NFLAGS, cc_env, NENV, id.s ? id.s : "", src, key);
    mc_str_free(&id);
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
    bool ok = mc_ncache_write_file(b.s, src, strlen(src), 0644);
    if (!ok) mc_diag(d, (McLoc){0, 0}, "--keep-c: cannot write %s: %s", b.s, strerror(errno));
    mc_str_free(&b);
    return ok;
}

/* Compile src in the build directory tmp: *tso gets the object's path
 * (malloc'd, also on failure), the result is the object open, or -1 after a
 * diagnostic (MC_INTERRUPTED_MSG when stop was set: the compiler was
 * killed). argv holds the nwords compiler words and room for the rest. */
static int compile_object(char **argv, int nwords, const char *tmp, const char *src, size_t srclen, char **tso,
                          const McInterrupt *stop, McNativeInfo *info, McDiags *d) {
    char *tc = mc_ncache_path_join(tmp, "kernel.c");
    *tso = mc_ncache_path_join(tmp, "kernel.so");
    int sofd = -1;
    if (!mc_ncache_write_file(tc, src, srclen, 0600)) {
        mc_diag(d, (McLoc){0, 0}, "native: cannot write %s: %s", tc, strerror(errno));
        goto out;
    }
    int k = nwords;
    for (int i = 0; i < NFLAGS; i++) argv[k++] = (char *)cc_flags[i];
    argv[k++] = (char *)"-o";
    argv[k++] = *tso;
    argv[k++] = tc;
    argv[k] = NULL;
    McStr output;
    mc_str_init(&output);
    int exec_errno;
    double t0 = mc_now();
    bool interrupted;
    int status = run_captured(argv, tmp, stop, &output, &exec_errno, &interrupted);
    info->compile_secs = mc_now() - t0;
    bool ok = status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (interrupted) {
        mc_diag(d, (McLoc){0, 0}, "native: %s", MC_INTERRUPTED_MSG);
        mc_str_free(&output);
        goto out;
    }
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
        goto out;
    }
    mc_str_free(&output);
    sofd = open(*tso, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (sofd < 0)
        mc_diag(d, (McLoc){0, 0}, "native: the C compiler '%s' made no object %s: %s", argv[0], *tso,
                strerror(errno));
out:
    free(tc);
    return sofd;
}

McNative *mc_native_build(const McFunc *f, const char *src, const McNativeOptions *o, McNativeInfo *info,
                          McDiags *d) {
    McNativeInfo dummy;
    if (!info) info = &dummy;
    memset(info, 0, sizeof *info);
    if (o && o->compiler == MC_NATIVE_TCC) { /* compiled by the child of each call */
        if (!mc_native_tcc_available()) {
            mc_diag(d, (McLoc){0, 0}, "native: %s", MC_NATIVE_NO_TCC_MSG);
            return NULL;
        }
        if (o->keep_c && !keep_source(f, o->keep_c, src, d)) return NULL;
        McNative *n = native_new(f, NULL, -1, NULL);
        n->src = mc_xstrdup(src);
        n->stack_bytes = mc_cgen_stack_bytes(f, o->max_depth);
        return n;
    }
    int64_t max_entries, max_bytes;
    if (!mc_ncache_limits(&max_entries, &max_bytes, d)) return NULL;
    if (o && o->keep_c && !keep_source(f, o->keep_c, src, d)) return NULL;

    char *store;
    int nwords;
    char **argv = compiler_words(o, &store, &nwords);
    size_t srclen = strlen(src);
    McNative *result = NULL;
    int dirfd;
    McStr why; /* why there is no cache: mc_native_cache_dir tells front ends */
    mc_str_init(&why);
    char *dir = mc_ncache_open(o, &dirfd, &why), *tmp = NULL, *tso = NULL;
    mc_str_free(&why);
    char key[33] = "", idhex[33] = "";
    bool in_cache = false; /* tmp is a build directory inside the cache */

    if (dir) {
        build_key(argv, nwords, dir, dirfd, src, key, idhex);
        int fd = mc_ncache_lookup(dirfd, key, src, srclen);
        if (fd >= 0) {
            info->cache_hit = true;
            result = native_new(f, mc_ncache_object_path(dir, key), fd, NULL);
            goto done;
        }
        tmp = mc_ncache_build_dir(dir);
        in_cache = tmp != NULL; /* else an unwritable cache: build privately */
    }
    if (!tmp) {
        const char *t = getenv("TMPDIR");
        tmp = mc_ncache_path_join(t && t[0] == '/' ? t : "/tmp", "minicc-XXXXXX");
        if (!mkdtemp(tmp)) {
            mc_diag(d, (McLoc){0, 0}, "native: cannot create a private build directory %s: %s", tmp,
                    strerror(errno));
            goto done;
        }
    }
    int sofd = compile_object(argv, nwords, tmp, src, srclen, &tso, o ? o->interrupt : NULL, info, d);
    if (sofd < 0) goto fail;
    if (in_cache && mc_ncache_publish(tmp, tso, sofd, dirfd, key, src, srclen)) {
        mc_ncache_remove_build_dir(tmp);
        result = native_new(f, mc_ncache_object_path(dir, key), sofd, NULL);
        mc_ncache_prune(dir, dirfd, key, idhex[0] ? idhex : NULL, max_entries, max_bytes);
        goto done;
    }
    /* Uncached, or the cache refused the entry: the private copy. */
    result = native_new(f, tso, sofd, tmp);
    tso = NULL;
    tmp = NULL;
    goto done;
fail:
    mc_ncache_remove_build_dir(tmp);
done:
    if (result) result->stack_bytes = mc_cgen_stack_bytes(f, o ? o->max_depth : 0);
    if (dirfd >= 0) close(dirfd);
    free(argv);
    free(store);
    free(dir);
    free(tmp);
    free(tso);
    return result;
}

McNative *mc_native_compile(const McFunc *f, const McNativeOptions *o, McNativeInfo *info, McDiags *d) {
    char *src = mc_cgen_render_depth(f, o ? o->max_depth : 0);
    McNative *n = mc_native_build(f, src, o, info, d);
    free(src);
    return n;
}

void mc_native_free(McNative *n) {
    if (!n) return;
    if (n->fd >= 0) close(n->fd);
    if (n->tmpdir) {
        mc_ncache_remove_build_dir(n->tmpdir);
        free(n->tmpdir);
    }
    free(n->so_path);
    free(n->src);
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

enum { CHILD_LOAD_FAILED = 125, CHILD_COMPILE_FAILED = 124 };

/* Seconds the child's own alarm allows for loading or compiling the code
 * before its call (the host kills it at its time limit, which starts only
 * with the call; the alarm is for a host that died meanwhile). */
#define CHILD_COMPILE_ALARM 600

/* In the child: dlopen the object (the verified bytes through fd, even if
 * the cache entry was replaced or evicted since) and return the entry, or
 * end the child with CHILD_LOAD_FAILED and the reason in sh. */
static void *load_entry(const char *so, int fd, Shared *sh) {
    void *h = NULL;
#ifdef __linux__
    if (fd >= 0) {
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
    return sym;
}

#if MINICC_HAVE_LIBTCC
/* libtcc's messages, appended to the mapping's msg (one per line). */
static void tcc_message(void *opaque, const char *msg) {
    Shared *sh = opaque;
    size_t used = strlen(sh->msg);
    if (used + 1 < sizeof sh->msg)
        snprintf(sh->msg + used, sizeof sh->msg - used, "%s%s", used ? "\n" : "", msg);
}

/* In the child: compile src with libtcc into memory and return the entry,
 * or end the child with CHILD_COMPILE_FAILED and libtcc's messages in sh. */
static void *tcc_entry(const char *src, Shared *sh) {
    TCCState *s = tcc_new();
    if (!s) {
        snprintf(sh->msg, sizeof sh->msg, "tcc_new failed");
        _exit(CHILD_COMPILE_FAILED);
    }
    tcc_set_error_func(s, sh, tcc_message);
    tcc_set_output_type(s, TCC_OUTPUT_MEMORY);
    if (tcc_compile_string(s, src) < 0 || tcc_relocate(s, TCC_RELOCATE_AUTO) < 0) _exit(CHILD_COMPILE_FAILED);
    void *sym = tcc_get_symbol(s, MC_CGEN_ENTRY);
    if (!sym) {
        snprintf(sh->msg, sizeof sh->msg, "no symbol %s", MC_CGEN_ENTRY);
        _exit(CHILD_COMPILE_FAILED);
    }
    return sym; /* s stays alive: the child ends with _exit */
}
#endif

/* The call, on a thread of its own when the code has calls. */
typedef struct Call {
    McCgenEntry fn;
    const int32_t *scalars;
    int32_t *const *bufs;
    const int32_t *lens;
    int32_t err[3];
    int32_t value;
} Call;

static void *call_thread(void *arg) {
    Call *c = arg;
    c->value = c->fn(c->scalars, c->bufs, c->lens, c->err);
    return NULL;
}

/* Code with calls recurses up to the depth limit, one C frame per frame:
 * 10,000 frames (the default) of a large function can need more than the
 * main thread's stack (8 MB is common). So it runs on a thread whose stack
 * is sized for max_depth frames of its largest function
 * (mc_cgen_stack_bytes: an upper bound, with a margin): the generated code
 * checks the depth before every call, so the depth limit traps before this
 * stack can overflow (its guard page would end the child with SIGSEGV,
 * reported as a crash, never as a wrong result). The memory is only
 * reserved: the pages a shallow run never touches cost nothing. */
static void run_call(const McNative *n, Call *c, Shared *sh) {
    if (n->stack_bytes == 0) {
        call_thread(c);
        return;
    }
    pthread_attr_t at;
    pthread_t t;
    int e = pthread_attr_init(&at);
    if (e == 0) e = pthread_attr_setstacksize(&at, n->stack_bytes);
    if (e == 0) e = pthread_create(&t, &at, call_thread, c);
    if (e == 0) e = pthread_join(t, NULL);
    if (e != 0) {
        snprintf(sh->msg, sizeof sh->msg, "cannot make a native stack of %zu bytes for the calls: %s",
                 n->stack_bytes, strerror(e));
        _exit(CHILD_LOAD_FAILED);
    }
}

/* In the child: load (or compile with libtcc) the code, tell the host it
 * is about to call it (one byte on ready_fd: the time limit starts there,
 * so it covers running only), call it and end. */
static _Noreturn void child_call(const McNative *n, Shared *sh, const int32_t *scalars, int32_t *const *bufs,
                                 const int32_t *lens, double timeout, pid_t host, int ready_fd) {
    const char *so = n->so_path;
    int fd = n->fd;
    /* The host may have handlers (sanitizers, the workbench): a crash in
     * generated code must end this child with its signal. */
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], SIG_DFL);
    /* Never outlive the host: if it dies before killing us at the time limit,
     * the alarm (a little after the limit, set again when the call starts)
     * ends this child anyway. */
    alarm((unsigned)(timeout > 1e6 ? 1e6 : timeout) + 2 + CHILD_COMPILE_ALARM);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != host) _exit(CHILD_LOAD_FAILED); /* the host is already gone */
#endif
    void *sym = NULL;
    if (n->src) {
#if MINICC_HAVE_LIBTCC
        sym = tcc_entry(n->src, sh);
#else
        snprintf(sh->msg, sizeof sh->msg, "%s", MC_NATIVE_NO_TCC_MSG); /* mc_native_build refuses first */
        _exit(CHILD_COMPILE_FAILED);
#endif
    } else {
        sym = load_entry(so, fd, sh);
    }
    McCgenEntry fn;
    memcpy(&fn, &sym, sizeof fn); /* object pointer to function pointer, as POSIX allows */
    /* The compile is done: the host's clock and ours start now. */
    alarm((unsigned)(timeout > 1e6 ? 1e6 : timeout) + 2);
    ssize_t w = write(ready_fd, "r", 1);
    (void)w;
    Call c = {fn, scalars, bufs, lens, {0, 0, 0}, 0};
    run_call(n, &c, sh);
    sh->value = c.value;
    memcpy(sh->err, c.err, sizeof c.err);
    sh->done = 1;
    _exit(0);
}

/* Between two looks at the interrupt flag while the child runs. */
#define POLL_MS 50

/* How the wait for the child ended. */
enum { CHILD_ENDED, CHILD_TIMED_OUT, CHILD_INTERRUPTED };

static bool native_call(const McNative *n, McArgs *args, double timeout, const McInterrupt *stop, McOutcome *out,
                        McDiags *d);

bool mc_native_call(const McNative *n, McArgs *args, double timeout, McOutcome *out, McDiags *d) {
    return native_call(n, args, timeout, NULL, out, d);
}

/* Whether args fit n's parameters; *words gets the buffers' total length. */
static bool args_fit(const McNative *n, const McArgs *args, size_t *words, McDiags *d) {
    if (args->n != n->nparams) {
        mc_diag(d, (McLoc){0, 0}, "native: expected %ld arguments, got %ld", (long)n->nparams, (long)args->n);
        return false;
    }
    *words = 0;
    for (size_t p = 0; p < (size_t)n->nparams; p++) {
        if (args->v[p].is_buf != (n->kinds[p] == MC_VAL_BUF)) {
            mc_diag(d, (McLoc){0, 0}, "native: argument %zu has the wrong kind", p + 1);
            return false;
        }
        if (args->v[p].is_buf) *words += (size_t)(args->v[p].len > 0 ? args->v[p].len : 0);
    }
    return true;
}

/* Wait for the pipe done_fd to close (the child ended), the time limit, or
 * the interrupt flag (looked at every POLL_MS, and when a signal ends the
 * poll early); a child still running is killed. The time limit starts when
 * the child writes its byte (the code is loaded or compiled, the call
 * starts): loading and libtcc's compile are not counted. Closes done_fd,
 * reaps the child (its wait status in *status) and says how the wait ended. */
static int wait_child(pid_t pid, int done_fd, double timeout, const McInterrupt *stop, int *status) {
    bool started = false;
    double deadline = 0;
    int how = CHILD_ENDED;
    for (;;) {
        if (mc_interrupted(stop)) {
            how = CHILD_INTERRUPTED;
            break;
        }
        double left = started ? deadline - mc_now() : 2e6;
        if (left <= 0) {
            how = CHILD_TIMED_OUT;
            break;
        }
        struct pollfd pfd = {done_fd, POLLIN, 0};
        int ms = left > 1e6 ? -1 : (int)(left * 1000.0) + 1;
        if (stop && (ms < 0 || ms > POLL_MS)) ms = POLL_MS;
        int r = poll(&pfd, 1, ms);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) continue;
        if (r > 0 && !started && (pfd.revents & POLLIN)) {
            char byte;
            ssize_t got = read(done_fd, &byte, 1);
            if (got == 1) { /* the call starts: so does its time limit */
                started = true;
                deadline = mc_now() + timeout;
                continue;
            }
            if (got < 0 && errno == EINTR) continue;
        }
        break; /* end of file: the child is gone (or poll failed: waitpid tells) */
    }
    if (how != CHILD_ENDED) kill(pid, SIGKILL);
    close(done_fd);
    *status = 0;
    while (waitpid(pid, status, 0) < 0 && errno == EINTR) {
    }
    return how;
}

/* The outcome of a call from how the wait ended, the child's wait status
 * and what it left in sh; false (a diagnostic) when it could not load the
 * code. */
static bool call_outcome(int how, int status, Shared *sh, McOutcome *out, McDiags *d) {
    if (how == CHILD_INTERRUPTED) {
        out->kind = MC_INTERRUPTED;
        snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
    } else if (how == CHILD_TIMED_OUT) {
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "time limit exceeded");
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && sh->done) {
        if (sh->err[0] == MC_CGEN_TRAP_BOUNDS) {
            out->kind = MC_TRAPPED;
            snprintf(out->trap, sizeof out->trap, "buffer index %ld outside [0,%ld)", (long)sh->err[1],
                     (long)sh->err[2]);
        } else if (sh->err[0] == MC_CGEN_TRAP_DIV) {
            out->kind = MC_TRAPPED;
            snprintf(out->trap, sizeof out->trap, "%s", MC_DIV_ZERO_MSG);
        } else if (sh->err[0] == MC_CGEN_TRAP_DEPTH) {
            out->kind = MC_TRAPPED;
            snprintf(out->trap, sizeof out->trap, "%s", MC_DEPTH_TRAP_MSG);
        } else {
            out->kind = MC_RETURNED;
            out->value = sh->value;
        }
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_COMPILE_FAILED) {
        sh->msg[sizeof sh->msg - 1] = 0;
        mc_diag(d, (McLoc){0, 0}, "native: tcc could not compile the generated C%s%s", sh->msg[0] ? ":\n" : "",
                sh->msg);
        return false;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == CHILD_LOAD_FAILED && sh->msg[0]) {
        sh->msg[sizeof sh->msg - 1] = 0;
        mc_diag(d, (McLoc){0, 0}, "native: cannot load the compiled code: %s", sh->msg);
        return false;
    } else if (WIFSIGNALED(status)) {
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "native code crashed: signal %d", WTERMSIG(status));
    } else {
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "native code exited with status %d",
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    return true;
}

static bool native_call(const McNative *n, McArgs *args, double timeout, const McInterrupt *stop, McOutcome *out,
                        McDiags *d) {
    memset(out, 0, sizeof *out);
    size_t np = (size_t)n->nparams, words;
    if (!args_fit(n, args, &words, d)) return false;
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
        child_call(n, sh, scalars, bufs, lens, timeout, host, done_pipe[1]); /* keeps it open until it ends */
    }
    close(done_pipe[1]);
    int status;
    int how = wait_child(pid, done_pipe[0], timeout, stop, &status);
    /* Effects stay visible whatever happened. */
    for (size_t p = 0; p < np; p++)
        if (args->v[p].is_buf && args->v[p].len > 0)
            memcpy(args->v[p].data, bufs[p], (size_t)args->v[p].len * sizeof(int32_t));
    bool ok = call_outcome(how, status, sh, out, d);
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
