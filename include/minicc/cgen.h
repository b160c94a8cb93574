/* minicc/cgen.h - the native backend (chapter §32.5-32.6): render a verified
 * function as bounds-checked C11, compile it with the host C compiler into a
 * shared object (cached) or with libtcc in memory (MC_NATIVE_TCC), and call
 * it in a child process.
 *
 * The numerical and memory contract of the generated C:
 *   - add/sub/mul are computed on uint32_t and the bit pattern is copied back
 *     into int32_t with memcpy (no signed-overflow UB, no implementation-
 *     defined conversion); comparisons use the signed operands;
 *   - and/or/xor/shl work on uint32_t too, the shift count masked to its
 *     low five bits; shr is arithmetic without shifting a negative value
 *     (~(~a >> n)); div and rem check the divisor first (a zero one fills
 *     the trap array {MC_CGEN_TRAP_DIV} and returns) and treat -1 apart
 *     (INT32_MIN / -1 wraps, INT32_MIN % -1 is 0), so C's `/` and `%` never
 *     overflow;
 *   - INT32_MIN is spelled INT32_MIN, never as -2147483648;
 *   - every load/store checks 0 <= index < length first; a failed check
 *     fills the trap array {MC_CGEN_TRAP_BOUNDS, index, length} and returns,
 *     so a legitimate result 0 is never confused with a failure and the host
 *     prints the interpreter's exact `buffer index I outside [0,LENGTH)`;
 *   - phis become parallel copies on the branch edges (read all, write all);
 *   - every IR name becomes a generated identifier (vN for values, LN for
 *     labels); IR names appear only inside comments, filtered to
 *     [A-Za-z0-9_$.], so no name can inject code or close a comment.
 * The code compiles without warnings under -std=c11 -Wall -Wextra -Wpedantic.
 *
 * The host calls every signature through one entry wrapper, MC_CGEN_ENTRY:
 *     int32_t minicc_entry(const int32_t *scalars, int32_t *const *bufs,
 *                          const int32_t *lens, int32_t *trap);
 * with one slot per parameter in each array (scalars[p] for an i32
 * parameter p; bufs[p] and lens[p] for a buf parameter p; other slots are
 * ignored) and trap[3] receiving {kind, index, length}, kind 0 = returned.
 *
 * Calls (docs/ir.md §3.2): see mc_cgen_render; one more trap kind,
 * MC_CGEN_TRAP_DEPTH.
 *
 * Execution (native.c) runs the wrapper in a forked child that dlopen()s the
 * shared object; buffers live in MAP_SHARED memory so effects before a trap,
 * a time-out or a crash stay visible. The engine never prints.
 *
 * Implemented in cgen.c (rendering), native.c (compiling and calling) and
 * native_cache.c (the compile cache, mc_native_cache_dir), in src/engine. */
#ifndef MINICC_CGEN_H
#define MINICC_CGEN_H

#include "diag.h"
#include "interrupt.h"
#include "ir.h"
#include "outcome.h"

#define MC_CGEN_ENTRY "minicc_entry"

enum {
    MC_CGEN_TRAP_NONE = 0,   /* returned normally */
    MC_CGEN_TRAP_BOUNDS = 1, /* trap[1] = index, trap[2] = length */
    MC_CGEN_TRAP_DIV = 2,    /* div or rem by zero (MC_DIV_ZERO_MSG) */
    MC_CGEN_TRAP_DEPTH = 3,  /* a call past the depth limit (MC_DEPTH_TRAP_MSG) */
};

typedef int32_t (*McCgenEntry)(const int32_t *scalars, int32_t *const *bufs, const int32_t *lens,
                               int32_t *trap);

/* Render a verified function (f->form set; SSA or mutable form) as a C11
 * translation unit that defines MC_CGEN_ENTRY. Returns malloc'd text.
 * A function with calls (docs/ir.md §3.2) is rendered with every function
 * it reaches, one C function each (minicc_f0 is f), a buffer passed as
 * pointer + length, local buffers on the heap; a call past max_depth
 * frames (0: MC_DEFAULT_MAX_DEPTH; f's frame is frame 1) fills the trap
 * array {MC_CGEN_TRAP_DEPTH}. mc_cgen_render uses the default depth. */
char *mc_cgen_render(const McFunc *f);
char *mc_cgen_render_depth(const McFunc *f, int64_t max_depth);
/* The native stack the code of f needs for max_depth frames: 0 for a
 * function without calls (its one frame fits any stack), else max_depth
 * times an upper bound of the largest frame, plus a margin. native.c runs
 * such code on a thread with a stack of that size, so the depth limit
 * traps before the native stack can overflow. */
size_t mc_cgen_stack_bytes(const McFunc *f, int64_t max_depth);

/* ---- compile and run -------------------------------------------------------- */

#define MC_NATIVE_DEFAULT_TIMEOUT 5.0 /* seconds */

/* Which compiler turns the generated C into code. */
typedef enum McNativeCompiler {
    MC_NATIVE_SYSTEM = 0, /* $CC (else cc) in a process, objects kept in the compile cache */
    MC_NATIVE_TCC = 1,    /* libtcc in process, in the forked child that calls the code: no
                             compiler process, no cache (only when built with libtcc) */
} McNativeCompiler;

/* Whether this build has libtcc (MC_NATIVE_TCC can be used). */
bool mc_native_tcc_available(void);
/* "system" or "tcc". */
const char *mc_native_compiler_name(McNativeCompiler c);
/* The compiler called `name` ("system" or "tcc"), or -1. */
int mc_native_compiler_lookup(const char *name);
/* Why MC_NATIVE_TCC cannot be used in this build (one line, for diagnostics). */
#define MC_NATIVE_NO_TCC_MSG \
    "tcc is not available: this minicc was built without libtcc (install libtcc-dev and tcc, then rebuild)"

typedef struct McNativeOptions {
    double timeout;        /* seconds for one call; <= 0 means the default */
    const char *keep_c;    /* directory to keep the generated C in (NAME.c), or NULL */
    McNativeCompiler compiler; /* MC_NATIVE_SYSTEM (default) or MC_NATIVE_TCC */
    const char *cc;        /* system compiler command; NULL: $CC, else "cc" (split on spaces) */
    const char *cache_dir; /* NULL: $XDG_CACHE_HOME/minicc, else ~/.cache/minicc (mc_native_cache_dir) */
    bool no_cache;         /* compile into a private temporary directory every time */
    int64_t max_depth;     /* frames of a run with calls; 0 = MC_DEFAULT_MAX_DEPTH */
    const McInterrupt *interrupt; /* mc_native_execute: NULL, or a flag (interrupt.h)
                                     looked at while compiling and every 50 ms while
                                     the call runs; when set, the child is killed and
                                     the outcome is MC_INTERRUPTED */
} McNativeOptions;

typedef struct McNative McNative; /* a compiled function: shared object + signature */

typedef struct McNativeInfo {
    bool cache_hit;      /* the shared object came from the cache */
    double compile_secs; /* wall time spent in the C compiler (0 on a hit) */
} McNativeInfo;

/* Compile C source `src` (which must define MC_CGEN_ENTRY) for a function
 * with f's signature. On failure (no compiler, compiler error, unusable
 * cache directory) returns NULL with a diagnostic that includes the
 * compiler's own messages. info may be NULL.
 * With o->compiler == MC_NATIVE_TCC nothing is compiled here: the McNative
 * keeps the source, and every mc_native_call compiles it with libtcc in the
 * forked child (about a millisecond) before calling it, so a compile error
 * is reported by mc_native_call; NULL only without libtcc (MC_NATIVE_NO_TCC_MSG). */
McNative *mc_native_build(const McFunc *f, const char *src, const McNativeOptions *o, McNativeInfo *info,
                          McDiags *d);
/* Render + build. */
McNative *mc_native_compile(const McFunc *f, const McNativeOptions *o, McNativeInfo *info, McDiags *d);
void mc_native_free(McNative *n);
/* The compile cache directory o (may be NULL) selects: o->cache_dir
 * (created with its parents, 0700: the caller chose it), else
 * $XDG_CACHE_HOME/minicc (an absolute $XDG_CACHE_HOME), else
 * $HOME/.cache/minicc (an absolute $HOME). Of those only minicc/ is ever
 * created (0700), plus the base ($XDG_CACHE_HOME, ~/.cache) when the
 * directory above it exists: never a missing $HOME or anything further up. Returns the malloc'd path of a usable directory
 * (ours, private, not a symlink) or NULL, with the reason in why (one line;
 * empty with o->no_cache). Builds without one use a private temporary
 * directory; front ends call this to warn about that. */
char *mc_native_cache_dir(const McNativeOptions *o, char *why, size_t whysize);
/* The shared object's path; NULL for MC_NATIVE_TCC (no object file). */
const char *mc_native_so_path(const McNative *n);

/* Call in a child process. args' buffers are updated in place (also after a
 * trap, a time-out or a crash). Outcomes: MC_RETURNED; MC_TRAPPED with
 * `buffer index I outside [0,LENGTH)`, `time limit exceeded` or `native code
 * crashed: signal N`. Returns false with a diagnostic only when the call
 * cannot be made at all (fork/mmap/dlopen failure, wrong arguments, tcc
 * could not compile the source).
 * timeout (seconds; <= 0 means MC_NATIVE_DEFAULT_TIMEOUT) counts from the
 * call: loading the object and libtcc's compile are not counted. */
bool mc_native_call(const McNative *n, McArgs *args, double timeout, McOutcome *out, McDiags *d);

/* Compile (cached) + call: what `--stage native` does with its SSA. */
bool mc_native_execute(const McFunc *f, const McNativeOptions *o, McArgs *args, McOutcome *out,
                       McDiags *d);

#endif
