/* asmview.h - the session's program on a real target (minicc/asm.h), for
 * the prompt's `asm` and `select` and the workbench's asm pane: the
 * function allocated on the target's register file with the session's
 * allocator, its switches and -O level (opt built: -O1, else the SSA as
 * it is), then tiled and emitted. The session's target (`target`, `set
 * target`) says which machine; the chapter's abstract machine has no
 * assembly, and asking for it is an error that names the two targets. */
#ifndef MINICC_SHELL_ASMVIEW_H
#define MINICC_SHELL_ASMVIEW_H

#include <stdio.h>

#include "minicc/asm.h"
#include "shell/session.h"

/* One emission: the allocated program, the tiles and the text. */
typedef struct McShellAsm {
    McTarget target;
    McProgram prog;      /* prog.alloc[0] is the function asked for */
    McFunc *prepared;    /* what the allocations' functions came from (owned) */
    McAsmListing listing;
    char *text;          /* the assembly (a whole program with the harness when args were given) */
} McShellAsm;

/* The options of an emission for this session: its target, allocator,
 * switches, -O level (1 when `opt` was built, else 0), max-depth and
 * interrupt flag. */
void mc_shell_asm_options(const McSession *s, McAsmOptions *o);
/* Allocate, tile and emit f (the session's function when NULL) for the
 * session's target; with args non-NULL the text is a whole program (the
 * harness with args as its data). False, with an error naming the command
 * (s->cmd) on err, for the chapter's target or when a step fails; *a is
 * then empty (mc_shell_asm_free is harmless). */
bool mc_shell_asm_build(McSession *s, const McFunc *f, const McArgs *args, McShellAsm *a, FILE *err);
void mc_shell_asm_free(McShellAsm *a);
/* The index in a->prog of the allocation whose function is called name
 * (the stepped function of a program with calls), or -1. */
int32_t mc_shell_asm_func(const McShellAsm *a, const char *name);
/* The message for the chapter's target: `target chapter has no assembly;
 * `target x86-64` or `target rv64``. */
extern const char mc_shell_asm_no_target[];

/* ---- the values live into the stepped block, in their locations --------------
 *
 * For the block the session's interpreter is in, each value live into that
 * block in the allocated function (liveness of the destroyed function the
 * allocation came from, whose value handles and blocks the allocation's
 * function keeps) with its location by the target's name (a register
 * `rbx`, `s1`; a slot as the emitted assembly names it, `[rbp - 24]`,
 * `-28(s0)`) and the value it holds at the block's entry.
 *
 * The values come from a second interpreter on the allocated (destroyed)
 * function, run from the start with the arguments the stepped frame began
 * with, block by block beside a replay of the stepped run. The two are
 * matched by block name: the block entries of the stepped run into blocks
 * the allocated function has, and the allocated function's entries into
 * blocks the stepped stage has (edge blocks of phi destruction are
 * skipped), must name the same blocks in the same order up to the current
 * entry; then the values at that entry are the allocated function's own,
 * whatever stage is stepped. When the paths differ (the stepped stage is
 * not the one allocated and took another way), when the block is not in
 * the allocated function, or past MC_SHELL_LIVE_MAX_BLOCKS entries, every
 * value is `?` and why says so; never a guess. */
enum { MC_SHELL_LIVE_MAX_BLOCKS = 20000 };

typedef struct McShellLiveRow {
    int32_t value;    /* handle in the allocation's function */
    McLocation loc;
    char where[48];   /* `rbx`, `[rbp - 24]` */
    bool known;       /* v is its value at the entry */
    int32_t v;
} McShellLiveRow;

typedef struct McShellLive {
    int32_t func;     /* the allocation (index in a->prog), -1: none */
    int32_t block;    /* its block the table is for, MC_NONE: no table (why says why) */
    int64_t entry;    /* which entry into it (1: the first) when the values are known */
    bool known;       /* the values are known (else every row is `?`) */
    McShellLiveRow *row; /* registers in the target's order, then slots */
    int32_t n;
    char why[256];    /* why the values are unknown, or why there is no table */
} McShellLive;

/* The table for the session's current block on build a. */
void mc_shell_live(McSession *s, const McShellAsm *a, McShellLive *out);
void mc_shell_live_free(McShellLive *l);
/* `asm --regs`: a heading naming target, function and block (and which
 * entry), then a row per value (`  rbx          a.1 = 84`), or the reason. */
void mc_shell_live_print(const McShellAsm *a, const McShellLive *l, FILE *out);

#endif
