/* asm.c - the real targets as data, the program allocated for a target,
 * the tile listing, and runs of assembly text as a process (asm.h).
 *
 * Running: the text goes into a private temporary directory (mkdtemp under
 * $TMPDIR, else /tmp) as prog.s, the target's assembler and linker make a
 * static executable `prog` (no libc: the harness makes its own system
 * calls), and a child runs it (under qemu-riscv64 for rv64) in a process
 * group of its own, its standard output a pipe. The parent reads the pipe
 * with poll in 50 ms slices, looking at the interrupt flag and the time
 * limit; past the limit it kills the group. The tools and the program are
 * started with execvp, never through a shell; their diagnostics (standard
 * error) are captured and shown when a build fails. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "asm_int.h"
#include "minicc/asm.h"
#include "minicc/cgen.h"
#include "minicc/pipeline.h"
#include "minicc/util.h"

/* ---- targets ------------------------------------------------------------------ */

/* x86-64: the caller-saved registers first (MC_CONV_X64 counts 8), then the
 * callee-saved ones. r11, rsp and rbp are reserved. rax, rcx and rdx are
 * allocated: idiv's and the shifts' fixed registers are constraints the
 * allocator sees (alloc_common.h: MC_X64_RAX, MC_X64_RCX, MC_X64_RDX name
 * their positions here). */
static const char *const x64_reg[] = {"rsi", "rdi", "r8", "r9", "r10", "rax", "rcx", "rdx",
                                      "rbx", "r12", "r13", "r14", "r15"};
static const char *const x64_reg32[] = {"esi", "edi", "r8d", "r9d", "r10d", "eax", "ecx", "edx",
                                        "ebx", "r12d", "r13d", "r14d", "r15d"};
static const char *const x64_arg[] = {"rdi", "rsi", "rdx", "rcx", "r8", "r9"};
static const McTargetReserved x64_reserved[] = {
    {"rsp", "the stack pointer"},
    {"rbp", "the frame pointer: spill slots, saves and buffer descriptors at fixed offsets from it"},
    {"r11", "the tiles' scratch: a spilled operand, a buffer's base address, a division by a constant, a cycle of moves goes through it"},
    {"xmm15", "a spilled value stored into a buffer goes through it (r11 holds the address, every general register may be live)"},
};

/* rv64: t0-t4 and a0-a7 caller-saved (MC_CONV_RV64 counts 13), s1-s11 callee-saved. */
static const char *const rv_reg[] = {"t0", "t1", "t2", "t3", "t4", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
                                     "a7", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11"};
static const char *const rv_arg[] = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"};
static const McTargetReserved rv_reserved[] = {
    {"zero", "always 0"},
    {"ra", "the return address (saved in the frame by a function that calls)"},
    {"sp", "the stack pointer"},
    {"gp", "the global pointer (not used, kept by the ABI)"},
    {"tp", "the thread pointer (kept by the ABI)"},
    {"s0", "the frame pointer: spill slots, saves and buffer descriptors at fixed offsets from it"},
    {"t5", "the tiles' first scratch: a spilled operand, an address or a constant goes through it"},
    {"t6", "the tiles' second scratch; at a call, the caller's depth budget"},
};

static const McTargetDesc targets[MC_TARGET_COUNT] = {
    [MC_TARGET_X64] = {MC_TARGET_X64, "x86-64", 13, x64_reg, x64_reg32, 8, MC_CONV_X64, x64_arg, 6, "eax",
                       x64_reserved, (int32_t)(sizeof x64_reserved / sizeof x64_reserved[0]), "as", "ld", NULL,
                       .patterns = mc_asm_x64_table, .npatterns = MC_ASM_X64_NPATTERNS},
    [MC_TARGET_RV64] = {MC_TARGET_RV64, "rv64", 24, rv_reg, rv_reg, 13, MC_CONV_RV64, rv_arg, 8, "a0", rv_reserved,
                        (int32_t)(sizeof rv_reserved / sizeof rv_reserved[0]), "riscv64-linux-gnu-as",
                        "riscv64-linux-gnu-ld", "qemu-riscv64", .patterns = mc_asm_rv64_table,
                        .npatterns = MC_ASM_RV64_NPATTERNS},
};

static const char *const target_names[MC_TARGET_COUNT] = {"chapter", "x86-64", "rv64"};

const char *mc_target_name(McTarget t) { return t >= 0 && t < MC_TARGET_COUNT ? target_names[t] : "?"; }

int mc_target_lookup(const char *name) {
    if (!name) return -1;
    for (int i = 0; i < MC_TARGET_COUNT; i++)
        if (strcmp(name, target_names[i]) == 0) return i;
    if (strcmp(name, "x64") == 0 || strcmp(name, "x86_64") == 0) return MC_TARGET_X64;
    if (strcmp(name, "riscv64") == 0) return MC_TARGET_RV64;
    return -1;
}

const char *mc_target_names(void) { return "chapter, x86-64, rv64"; }

const McTargetDesc *mc_target_desc(McTarget t) {
    return t == MC_TARGET_X64 || t == MC_TARGET_RV64 ? &targets[t] : NULL;
}

const char *mc_target_reg_name(McTarget t, int32_t r) {
    static const char *const abstract[] = {"r0",  "r1",  "r2",  "r3",  "r4",  "r5",  "r6",  "r7",
                                           "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
    const McTargetDesc *td = mc_target_desc(t);
    if (!td) return r >= 0 && r < 16 ? abstract[r] : "?";
    return r >= 0 && r < td->nregs ? td->reg[r] : "?";
}

const char *mc_target_location_str(McTarget t, McLocation l, char *buf, size_t size) {
    if (l.kind == MC_LOC_REG && mc_target_desc(t)) {
        snprintf(buf, size, "%s", mc_target_reg_name(t, l.index));
        return buf;
    }
    return mc_location_str(l, buf, size);
}

const char *mc_asm_slot_operand(McTarget t, const McAllocation *a, int32_t slot, char *buf, size_t size) {
    if (slot < 0 || slot >= a->slots) snprintf(buf, size, "?");
    else if (t == MC_TARGET_X64)
        snprintf(buf, size, "[rbp - %lld]",
                 (long long)(8 + 8 * (int64_t)a->ncallee_saves + 8 * (int64_t)a->save_slots + 8 * (int64_t)(slot + 1)));
    else if (t == MC_TARGET_RV64)
        snprintf(buf, size, "%lld(s0)", (long long)-(MC_RV64_FRAME_FIXED + 8 * (int64_t)a->ncallee_saves + 4 + 4 * (int64_t)slot));
    else snprintf(buf, size, "slot%d", (int)slot);
    return buf;
}

/* Whether `prog` is an executable file in a directory of $PATH. */
static bool on_path(const char *prog) {
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/bin:/bin";
    for (const char *p = path;;) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char buf[4096];
        if (n > 0 && n + strlen(prog) + 2 < sizeof buf) {
            memcpy(buf, p, n);
            buf[n] = '/';
            strcpy(buf + n + 1, prog);
            struct stat st;
            if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0) return true;
        }
        if (!e) break;
        p = e + 1;
    }
    return false;
}

bool mc_target_tools(McTarget t, char *why, size_t size) {
    const McTargetDesc *td = mc_target_desc(t);
    if (why && size) why[0] = 0;
    if (!td) {
        if (why) snprintf(why, size, "target %s has no assembly (the abstract machine runs as stage alloc)",
                          mc_target_name(t));
        return false;
    }
    const char *need[3] = {td->assembler, td->linker, td->emulator};
    const char *pkg[3] = {t == MC_TARGET_X64 ? "binutils" : "binutils-riscv64-linux-gnu",
                          t == MC_TARGET_X64 ? "binutils" : "binutils-riscv64-linux-gnu", "qemu-user"};
    for (int i = 0; i < 3; i++) {
        if (!need[i] || on_path(need[i])) continue;
        if (why) snprintf(why, size, "%s is not installed (Debian package %s), so %s code cannot run here", need[i],
                          pkg[i], td->name);
        return false;
    }
#if !defined(__x86_64__)
    if (t == MC_TARGET_X64) {
        if (why) snprintf(why, size, "this machine is not x86-64, so x86-64 code cannot run here");
        return false;
    }
#endif
    return true;
}

void mc_target_describe(McTarget t, FILE *out) {
    const McTargetDesc *td = mc_target_desc(t);
    if (!td) {
        fprintf(out, "target chapter: the abstract machine r0..r(K-1), K set by --regs; conventions %s\n",
                mc_convention_names());
        return;
    }
    fprintf(out, "target %s: %d allocatable registers\n", td->name, (int)td->nregs);
    fprintf(out, "  caller-saved:");
    for (int32_t r = 0; r < td->ncaller; r++) fprintf(out, " %s", td->reg[r]);
    fprintf(out, "\n  callee-saved:");
    for (int32_t r = td->ncaller; r < td->nregs; r++) fprintf(out, " %s", td->reg[r]);
    fprintf(out, "\n  arguments:");
    for (int32_t i = 0; i < td->nargs; i++) fprintf(out, " %s", td->arg[i]);
    fprintf(out, " (then the stack; a buffer takes two: address and length), result %s\n", td->result);
    fprintf(out, "  reserved (never allocated):\n");
    for (int32_t i = 0; i < td->nreserved; i++)
        fprintf(out, "    %-5s %s\n", td->reserved[i].reg, td->reserved[i].why);
    if (t == MC_TARGET_X64)
        fprintf(out, "  fixed registers (constraints the allocator sees, not reserved):\n"
                     "    idiv  a value live across it, and the divisor, not in rax rdx (cdq, edx:eax);\n"
                     "          the dividend and the quotient prefer rax, the remainder rdx\n"
                     "    shift by a variable count: a value live across it (but the count), the\n"
                     "          shifted operand and the result not in rcx; the count prefers rcx (cl)\n"
                     "    a call's result and a returned value prefer rax (eax), a value read only\n"
                     "          as a call's argument that argument's register\n");
}

/* ---- planted bugs ------------------------------------------------------------------------ */

/* Each name spelt once: the table and the joined list are made from these. */
#define BUG_NONE "none"
#define BUG_TWO_ADDRESS "two-address"
#define BUG_NO_CDQ "no-cdq"
#define BUG_SHIFT_COUNT "shift-count"
#define BUG_NO_CALLER_SAVES "no-caller-saves"
#define BUG_NO_CALLEE_SAVES "no-callee-saves"

static const char *const asm_bug_names[MC_ASM_BUG_COUNT] = {
    [MC_ASM_BUG_NONE] = BUG_NONE,
    [MC_ASM_BUG_TWO_ADDRESS] = BUG_TWO_ADDRESS,
    [MC_ASM_BUG_NO_CDQ] = BUG_NO_CDQ,
    [MC_ASM_BUG_SHIFT_COUNT] = BUG_SHIFT_COUNT,
    [MC_ASM_BUG_NO_CALLER_SAVES] = BUG_NO_CALLER_SAVES,
    [MC_ASM_BUG_NO_CALLEE_SAVES] = BUG_NO_CALLEE_SAVES,
};

const char *mc_asm_bug_name(McAsmBug b) { return b >= 0 && b < MC_ASM_BUG_COUNT ? asm_bug_names[b] : "?"; }

int mc_asm_bug_lookup(const char *name) {
    if (!name) return -1;
    for (int i = 0; i < MC_ASM_BUG_COUNT; i++)
        if (strcmp(name, asm_bug_names[i]) == 0) return i;
    return -1;
}

const char *mc_asm_bug_names(void) {
    return BUG_NONE ", " BUG_TWO_ADDRESS ", " BUG_NO_CDQ ", " BUG_SHIFT_COUNT ", " BUG_NO_CALLER_SAVES
                    ", " BUG_NO_CALLEE_SAVES;
}

/* ---- the program allocated for a target ----------------------------------------------- */

void mc_asm_options_default(McAsmOptions *o) {
    memset(o, 0, sizeof *o);
    o->target = MC_TARGET_X64;
    o->allocator = MC_ALLOC_IMPROVED;
    o->opt_level = 1;
    o->comments = true;
}

void mc_target_alloc_options(McTarget t, McAllocOptions *ao) {
    const McTargetDesc *td = mc_target_desc(t);
    if (!td) return;
    ao->convention = td->convention;
    ao->program = true; /* every function is entered by a call (the harness calls the entry) */
    ao->reg_name = td->reg; /* every view of these allocations names the real registers */
    /* two-address=target: x86-64's sub is two-address, and the allocator
     * sees it as a copy it coalesces (twoaddr.c); rv64 is three-address */
    if (ao->two_address == MC_TWOADDR_TARGET || t != MC_TARGET_X64)
        ao->two_address = t == MC_TARGET_X64 ? MC_TWOADDR_COPIES : MC_TWOADDR_EMITTER;
}

bool mc_asm_allocate(const McFunc *input, const McAsmOptions *o, McProgram *out, McFunc **prepared, McDiags *d) {
    memset(out, 0, sizeof *out);
    *prepared = NULL;
    const McTargetDesc *td = mc_target_desc(o->target);
    if (!td) {
        mc_diag(d, (McLoc){0, 0}, "target %s has no assembly; choose x86-64 or rv64", mc_target_name(o->target));
        return false;
    }
    McPrepare pp;
    mc_prepare_default(&pp);
    pp.opt_level = o->opt_level;
    pp.interrupt = o->interrupt;
    McFunc *top = mc_pipeline_prepare_with(input, &pp, d);
    if (!top) return false;
    McAllocOptions ao;
    if (o->alloc)
        ao = *o->alloc;
    else
        mc_alloc_options_default(&ao);
    mc_target_alloc_options(o->target, &ao);
    ao.interrupt = o->interrupt;
    for (int32_t k = -1; k < top->nowned; k++) {
        const McFunc *g = k < 0 ? top : top->owned[k];
        McAllocation *a = mc_allocate(g, o->allocator, td->nregs, &ao, d);
        if (!a) {
            mc_program_free(out);
            mc_func_free(top);
            return false;
        }
        mc_program_add(out, g, a);
    }
    *prepared = top;
    return true;
}

/* ---- tiles ---------------------------------------------------------------------- */

void mc_asm_listing_free(McAsmListing *l) {
    if (!l) return;
    for (int32_t i = 0; i < l->n; i++) {
        free(l->tile[i].why);
        free(l->tile[i].text);
    }
    free(l->tile);
    memset(l, 0, sizeof *l);
}

McAsmTile *mc_asm_listing_add(McAsmListing *l, int32_t func, int what, int32_t block, int32_t inst,
                              int32_t ncovered, const char *pattern, int32_t cost) {
    MC_GROW(l->tile, l->cap, l->n + 1, 64);
    McAsmTile *t = &l->tile[l->n++];
    memset(t, 0, sizeof *t);
    t->func = func;
    t->what = (uint8_t)what;
    t->block = block;
    t->inst = inst;
    t->ncovered = ncovered;
    t->pattern = pattern;
    t->cost = cost;
    t->row = mc_asm_pattern_find(l->target, pattern);
    return t;
}

char *mc_asm_emit(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing,
                  McDiags *d) {
    if (listing) listing->target = o->target;
    switch (o->target) {
    case MC_TARGET_X64: return mc_asm_emit_x64(p, o, args, listing, d);
    case MC_TARGET_RV64: return mc_asm_emit_rv64(p, o, args, listing, d);
    default:
        mc_diag(d, (McLoc){0, 0}, "target %s has no assembly; choose x86-64 or rv64", mc_target_name(o->target));
        return NULL;
    }
}

/* ---- running ------------------------------------------------------------------------ */

static double now_secs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Run argv (execvp) in dir with its own process group; collect its standard
 * output into *outbuf (may be NULL: discarded) and standard error into
 * *errbuf. Returns the wait status, -1 when it could not be started (errno
 * in *err), -2 on the time limit (killed), -3 when interrupted (killed). */
static int run_child(char *const *argv, const char *dir, double timeout, const McInterrupt *stop, McStr *outbuf,
                     McStr *errbuf, int *err, double *cpu) {
    int po[2], pe[2], px[2];
    *err = 0;
    if (pipe(po) != 0) {
        *err = errno;
        return -1;
    }
    if (pipe(pe) != 0) {
        *err = errno;
        close(po[0]);
        close(po[1]);
        return -1;
    }
    if (pipe(px) != 0) { /* the exec's errno, or EOF when exec succeeded */
        *err = errno;
        close(po[0]);
        close(po[1]);
        close(pe[0]);
        close(pe[1]);
        return -1;
    }
    fcntl(px[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        *err = errno;
        close(po[0]), close(po[1]), close(pe[0]), close(pe[1]), close(px[0]), close(px[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        dup2(po[1], 1);
        dup2(pe[1], 2);
        int nul = open("/dev/null", O_RDONLY);
        if (nul >= 0) dup2(nul, 0);
        close(po[0]), close(pe[0]), close(px[0]);
        if (dir && chdir(dir) != 0) {
            int e = errno;
            (void)!write(px[1], &e, sizeof e);
            _exit(127);
        }
        execvp(argv[0], argv);
        int e = errno;
        (void)!write(px[1], &e, sizeof e);
        _exit(127);
    }
    setpgid(pid, pid);
    close(po[1]);
    close(pe[1]);
    close(px[1]);
    int e = 0;
    ssize_t got = read(px[0], &e, sizeof e);
    close(px[0]);
    if (got == (ssize_t)sizeof e) {
        close(po[0]);
        close(pe[0]);
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
        }
        *err = e;
        return -1;
    }
    double deadline = now_secs() + (timeout > 0 ? timeout : MC_NATIVE_DEFAULT_TIMEOUT);
    int verdict = 0;
    struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
    int open_fds = 2;
    char buf[65536];
    while (open_fds > 0) {
        if (mc_interrupted(stop)) {
            verdict = -3;
            break;
        }
        if (now_secs() > deadline) {
            verdict = -2;
            break;
        }
        int r = poll(fds, 2, 50);
        if (r < 0 && errno != EINTR) break;
        for (int k = 0; k < 2 && r > 0; k++) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t n = read(fds[k].fd, buf, sizeof buf);
            if (n > 0) {
                McStr *dst = k == 0 ? outbuf : errbuf;
                if (dst && dst->len < ((size_t)1 << 30)) mc_str_putn(dst, buf, (size_t)n);
            } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
                close(fds[k].fd);
                fds[k].fd = -1;
                open_fds--;
            }
        }
    }
    if (verdict != 0) kill(-pid, SIGKILL);
    for (int k = 0; k < 2; k++)
        if (fds[k].fd >= 0) close(fds[k].fd);
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &st, 0, &ru) < 0 && errno == EINTR) {
    }
    if (cpu)
        *cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
               (double)ru.ru_stime.tv_usec * 1e-6;
    return verdict != 0 ? verdict : st;
}

static void remove_dir(const char *dir) {
    const char *files[] = {"prog.s", "prog.o", "prog"};
    char path[4200];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* One build step; false with the tool's messages in a diagnostic. */
static bool build_step(char *const *argv, const char *dir, const McInterrupt *stop, McDiags *d) {
    McStr errs;
    mc_str_init(&errs);
    int err = 0;
    int st = run_child(argv, dir, 60.0, stop, NULL, &errs, &err, NULL);
    bool ok = st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (!ok) {
        if (st == -1)
            mc_diag(d, (McLoc){0, 0}, "asm: cannot run %s: %s", argv[0], strerror(err));
        else if (st == -3)
            mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        else if (st == -2)
            mc_diag(d, (McLoc){0, 0}, "asm: %s took longer than 60 s", argv[0]);
        else
            mc_diag(d, (McLoc){0, 0}, "asm: %s failed:\n%s", argv[0], errs.s ? errs.s : "");
    }
    mc_str_free(&errs);
    return ok;
}

static bool write_file(const char *path, const char *text, McDiags *d) {
    FILE *f = fopen(path, "w");
    if (!f) {
        mc_diag(d, (McLoc){0, 0}, "asm: cannot write %s: %s", path, strerror(errno));
        return false;
    }
    size_t n = strlen(text);
    bool ok = fwrite(text, 1, n, f) == n;
    ok = fclose(f) == 0 && ok;
    if (!ok) mc_diag(d, (McLoc){0, 0}, "asm: cannot write %s: %s", path, strerror(errno));
    return ok;
}

bool mc_asm_run_text(McTarget t, const char *text, McArgs *args, double timeout, const McInterrupt *stop,
                     const char *keep_dir, McOutcome *out, McAsmRunInfo *info, McDiags *d) {
    memset(out, 0, sizeof *out);
    if (info) memset(info, 0, sizeof *info);
    const McTargetDesc *td = mc_target_desc(t);
    char why[256];
    if (!mc_target_tools(t, why, sizeof why)) {
        mc_diag(d, (McLoc){0, 0}, "%s", why);
        return false;
    }
    if (keep_dir) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.s", keep_dir, td->name);
        if (!write_file(path, text, d)) return false;
    }
    const char *tmpbase = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/minicc-asm-XXXXXX", tmpbase && tmpbase[0] == '/' ? tmpbase : "/tmp");
    if (!mkdtemp(dir)) {
        mc_diag(d, (McLoc){0, 0}, "asm: cannot create a private build directory %s: %s", dir, strerror(errno));
        return false;
    }
    bool ok = false;
    char spath[4200];
    snprintf(spath, sizeof spath, "%s/prog.s", dir);
    double t0 = now_secs();
    if (!write_file(spath, text, d)) goto done;
    {
        char *as_x64[] = {(char *)td->assembler, "--64", "-o", "prog.o", "prog.s", NULL};
        char *as_rv[] = {(char *)td->assembler, "-march=rv64im", "-mabi=lp64", "-o", "prog.o", "prog.s", NULL};
        if (!build_step(t == MC_TARGET_X64 ? as_x64 : as_rv, dir, stop, d)) goto done;
        char *ld[] = {(char *)td->linker, "-static", "-o", "prog", "prog.o", NULL};
        if (!build_step(ld, dir, stop, d)) goto done;
    }
    double t1 = now_secs();
    if (info) info->build_secs = t1 - t0;
    {
        char *run_native[] = {"./prog", NULL};
        char *run_emu[] = {(char *)td->emulator, "./prog", NULL};
        McStr ob, eb;
        mc_str_init(&ob);
        mc_str_init(&eb);
        int err = 0;
        int st = run_child(td->emulator ? run_emu : run_native, dir, timeout, stop, &ob, &eb, &err,
                           info ? &info->run_cpu_secs : NULL);
        if (info) info->run_secs = now_secs() - t1;
        if (st == -1) {
            mc_diag(d, (McLoc){0, 0}, "asm: cannot run the program: %s", strerror(err));
        } else if (st == -3) {
            out->kind = MC_INTERRUPTED;
            snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
            mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        } else if (st == -2) {
            out->kind = MC_TRAPPED;
            snprintf(out->trap, sizeof out->trap, "time limit exceeded");
            ok = true;
        } else if (WIFSIGNALED(st)) {
            out->kind = MC_TRAPPED;
            snprintf(out->trap, sizeof out->trap, "assembly crashed: signal %d", WTERMSIG(st));
            ok = true;
        } else {
            size_t want = sizeof(McAsmRecord);
            for (int32_t i = 0; i < args->n; i++)
                if (args->v[i].is_buf) want += (size_t)args->v[i].len * sizeof(int32_t);
            McAsmRecord rec;
            memset(&rec, 0, sizeof rec);
            if (ob.len >= sizeof rec) memcpy(&rec, ob.s, sizeof rec);
            if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || ob.len != want || rec.magic != MC_ASM_MAGIC) {
                mc_diag(d, (McLoc){0, 0},
                        "asm: the program ended without its record (exit status %d, %zu bytes of %zu)%s%s",
                        WIFEXITED(st) ? WEXITSTATUS(st) : -1, ob.len, want, eb.len ? ":\n" : "",
                        eb.len ? eb.s : "");
            } else {
                size_t at = sizeof rec;
                for (int32_t i = 0; i < args->n; i++) {
                    if (!args->v[i].is_buf || args->v[i].len <= 0) continue;
                    size_t n = (size_t)args->v[i].len * sizeof(int32_t);
                    memcpy(args->v[i].data, ob.s + at, n);
                    at += n;
                }
                ok = true;
                switch (rec.kind) {
                case MC_ASM_TRAP_NONE:
                    out->kind = MC_RETURNED;
                    out->value = rec.value;
                    break;
                case MC_ASM_TRAP_BOUNDS:
                    out->kind = MC_TRAPPED;
                    snprintf(out->trap, sizeof out->trap, "buffer index %d outside [0,%d)", (int)rec.index,
                             (int)rec.length);
                    break;
                case MC_ASM_TRAP_DIV:
                    out->kind = MC_TRAPPED;
                    snprintf(out->trap, sizeof out->trap, "%s", MC_DIV_ZERO_MSG);
                    break;
                case MC_ASM_TRAP_DEPTH:
                    out->kind = MC_TRAPPED;
                    snprintf(out->trap, sizeof out->trap, "%s", MC_DEPTH_TRAP_MSG);
                    break;
                default:
                    ok = false;
                    mc_diag(d, (McLoc){0, 0}, "asm: the program wrote an unknown trap kind %d", (int)rec.kind);
                }
            }
        }
        mc_str_free(&ob);
        mc_str_free(&eb);
    }
done:
    remove_dir(dir);
    return ok;
}

bool mc_asm_execute(const McFunc *input, const McAsmOptions *o, McArgs *args, double timeout, McOutcome *out,
                    McDiags *d) {
    memset(out, 0, sizeof *out);
    McProgram p;
    McFunc *prepared = NULL;
    if (!mc_asm_allocate(input, o, &p, &prepared, d)) return false;
    char *text = mc_asm_emit(&p, o, args, NULL, d);
    bool ok = false;
    if (text) ok = mc_asm_run_text(o->target, text, args, timeout, o->interrupt, NULL, out, NULL, d);
    free(text);
    mc_program_free(&p);
    mc_func_free(prepared);
    return ok;
}

/* ---- the listing as text ------------------------------------------------------------- */

void mc_asm_tile_ir(const McAsmTile *t, const McProgram *p, McStr *out) {
    if (t->what == MC_TILE_PROLOGUE) {
        mc_str_puts(out, "prologue");
        return;
    }
    if (t->what == MC_TILE_EPILOGUE) {
        mc_str_puts(out, "epilogue");
        return;
    }
    if (t->func < 0 || t->func >= p->n) {
        mc_str_puts(out, "?");
        return;
    }
    const McFunc *f = p->alloc[t->func]->f;
    if (t->block < 0 || t->block >= f->nblocks) {
        mc_str_puts(out, "?");
        return;
    }
    const McBlock *b = &f->blocks[t->block];
    int32_t ninst = t->what == MC_TILE_TERM ? t->ncovered - 1 : t->ncovered;
    bool first = true;
    for (int32_t i = t->inst; i < t->inst + ninst && i < b->ninsts; i++) {
        if (i < 0) continue;
        if (!first) mc_str_puts(out, "; ");
        mc_inst_str(f, &b->insts[i], out);
        first = false;
    }
    if (t->what == MC_TILE_TERM) {
        if (!first) mc_str_puts(out, "; ");
        mc_term_str(f, &b->term, out);
    }
}

/* The C line of what a tile covers (its first instruction's, else the terminator's), 0 when none. */
static int32_t tile_c_line(const McAsmTile *t, const McProgram *p) {
    if (t->what != MC_TILE_INST && t->what != MC_TILE_TERM) return 0;
    if (t->func < 0 || t->func >= p->n) return 0;
    const McFunc *f = p->alloc[t->func]->f;
    if (t->block < 0 || t->block >= f->nblocks) return 0;
    const McBlock *b = &f->blocks[t->block];
    if (t->inst >= 0 && t->inst < b->ninsts && b->insts[t->inst].line > 0) return b->insts[t->inst].line;
    return t->what == MC_TILE_TERM ? b->term.line : 0;
}

static void str_reset(McStr *s) {
    s->len = 0;
    if (s->s) s->s[0] = '\0';
}

void mc_asm_listing_print(const McAsmListing *l, const McProgram *p, bool why, FILE *out) {
    int32_t func = -1, block = -2;
    McStr s;
    mc_str_init(&s);
    for (int32_t i = 0; i < l->n; i++) {
        const McAsmTile *t = &l->tile[i];
        if (t->func != func) {
            func = t->func;
            block = -2;
            str_reset(&s);
            if (func >= 0 && func < p->n) mc_signature_str(p->alloc[func]->f, &s);
            else mc_str_puts(&s, "?");
            fprintf(out, "%sminicc_f%d: %s\n", i > 0 ? "\n" : "", (int)func, s.s ? s.s : "");
        }
        bool in_block = t->what == MC_TILE_INST || t->what == MC_TILE_TERM;
        if (in_block && t->block != block) {
            block = t->block;
            fprintf(out, "  %s:\n", func >= 0 && func < p->n ? mc_block_name(p->alloc[func]->f, block) : "?");
        } else if (!in_block) {
            block = -2;
        }
        str_reset(&s);
        mc_asm_tile_ir(t, p, &s);
        int32_t line = tile_c_line(t, p);
        char cl[32] = "";
        if (line > 0) snprintf(cl, sizeof cl, "  (C line %d)", (int)line);
        fprintf(out, "    %s%s  => %s [cost %d]\n", s.s ? s.s : "", cl, t->pattern ? t->pattern : "?",
                (int)t->cost);
        if (why && t->why) fprintf(out, "      why: %s\n", t->why);
        if (t->text) {
            const char *q = t->text;
            while (*q) {
                const char *e = strchr(q, '\n');
                size_t n = e ? (size_t)(e - q) : strlen(q);
                fprintf(out, "        %.*s\n", (int)n, q);
                q += n + (e ? 1 : 0);
            }
        }
    }
    mc_str_free(&s);
}

void mc_asm_listing_trace(const McAsmListing *l, const McProgram *p, FILE *out) {
    McStr s;
    mc_str_init(&s);
    for (int32_t i = 0; i < l->n; i++) {
        const McAsmTile *t = &l->tile[i];
        str_reset(&s);
        mc_asm_tile_ir(t, p, &s);
        const char *bname = "-";
        if ((t->what == MC_TILE_INST || t->what == MC_TILE_TERM) && t->func >= 0 && t->func < p->n)
            bname = mc_block_name(p->alloc[t->func]->f, t->block);
        char row[16] = "";
        if (t->row >= 0) snprintf(row, sizeof row, "#%d ", (int)(t->row + 1));
        fprintf(out, "f%d %s  %s => %s%s [%d]: %s\n", (int)t->func, bname, s.s ? s.s : "", row,
                t->pattern ? t->pattern : "?", (int)t->cost, t->why ? t->why : "");
    }
    mc_str_free(&s);
}
