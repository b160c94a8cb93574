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

#endif
