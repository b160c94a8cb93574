/* asm_view.c - the session's program on a real target (asmview.h). */
#include "shell/asmview.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

const char mc_shell_asm_no_target[] = "target chapter has no assembly; `target x86-64` or `target rv64`";

void mc_shell_asm_options(const McSession *s, McAsmOptions *o) {
    mc_asm_options_default(o);
    o->target = s->target;
    o->allocator = s->allocator;
    o->alloc = &s->alloc_opts;
    o->opt_level = s->opt ? 1 : 0;
    o->max_depth = s->max_depth;
    o->interrupt = s->interrupt;
    o->bug = s->asm_bug;
}

void mc_shell_asm_free(McShellAsm *a) {
    mc_asm_listing_free(&a->listing);
    mc_program_free(&a->prog);
    mc_func_free(a->prepared);
    free(a->text);
    memset(a, 0, sizeof *a);
}

bool mc_shell_asm_build(McSession *s, const McFunc *f, const McArgs *args, McShellAsm *a, FILE *err) {
    memset(a, 0, sizeof *a);
    const char *cmd = s->cmd ? s->cmd : "asm";
    if (!mc_target_desc(s->target)) return mc_session_error(s, err, "%s: %s", cmd, mc_shell_asm_no_target);
    if (!f) {
        if (!mc_session_need_func(s, err)) return false;
        f = s->input;
    }
    McAsmOptions o;
    mc_shell_asm_options(s, &o);
    a->target = s->target;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    bool ok = mc_asm_allocate(f, &o, &a->prog, &a->prepared, &d);
    if (ok) {
        a->text = mc_asm_emit(&a->prog, &o, args, &a->listing, &d);
        ok = a->text != NULL;
    }
    if (!ok) {
        if (mc_session_interrupted(s)) mc_session_error(s, err, "%s: %s", cmd, MC_INTERRUPTED_MSG);
        else mc_session_diags_error(s, &d, err, cmd);
        mc_shell_asm_free(a);
    }
    mc_diags_free(&d);
    return ok;
}

int32_t mc_shell_asm_func(const McShellAsm *a, const char *name) {
    for (int32_t i = 0; i < a->prog.n; i++)
        if (strcmp(a->prog.alloc[i]->f->name, name) == 0) return i;
    return -1;
}
