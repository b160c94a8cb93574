/* pipeline.c - the stages of docs/ir.md §5 behind one call (see pipeline.h).
 *
 * `minicc run --stage`, `minicc check`, the prompt, lessons and the fuzzer all
 * execute a stage through mc_stage_execute, so a stage behaves the same
 * everywhere. Each stage module adds its case to the switch below when it
 * lands; until then a stage reports a "not available" diagnostic instead of
 * running something else under its name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/pipeline.h"
#include "minicc/cgen.h"
#include "minicc/run.h"
#include "minicc/util.h"

/* Every name of a point of the back end, in pipeline order: a new stage or
 * view is added here (and to McStage or McView). print's `allocated` and
 * run's `alloc` are the same point seen two ways: the allocated function, or
 * it executed on the machine. */
static const McStageName names[] = {
    {"input", MC_STAGE_INPUT, MC_VIEW_INPUT, MC_NAME_RUN | MC_NAME_PRINT | MC_NAME_VIEW},
    {"ssa", MC_STAGE_SSA, MC_VIEW_SSA, MC_NAME_RUN | MC_NAME_PRINT | MC_NAME_VIEW},
    {"opt", MC_STAGE_OPT, MC_VIEW_OPT, MC_NAME_RUN | MC_NAME_PRINT | MC_NAME_VIEW},
    {"destroyed", -1, MC_VIEW_DESTROYED, MC_NAME_PRINT | MC_NAME_VIEW},
    {"alloc", MC_STAGE_ALLOC, -1, MC_NAME_RUN},
    {"allocated", -1, -1, MC_NAME_PRINT},
    {"native", MC_STAGE_NATIVE, -1, MC_NAME_RUN},
    {"asm", MC_STAGE_ASM, -1, MC_NAME_RUN},
    {"selected", -1, -1, MC_NAME_PRINT},
};
enum { NNAMES = (int)(sizeof names / sizeof names[0]) };

const McStageName *mc_stage_names(int *n) {
    *n = NNAMES;
    return names;
}

const McStageName *mc_stage_name_find(const char *name, unsigned use) {
    for (int i = 0; i < NNAMES; i++)
        if ((names[i].uses & use) && strcmp(names[i].name, name) == 0) return &names[i];
    return NULL;
}

const char *mc_stage_name_list(unsigned use, const char *sep, char *buf, size_t size) {
    size_t len = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < NNAMES; i++) {
        if (!(names[i].uses & use)) continue;
        int w = snprintf(buf + len, size > len ? size - len : 0, "%s%s", len ? sep : "", names[i].name);
        if (w > 0) len += (size_t)w;
        if (len >= size) break;
    }
    return buf;
}

/* The row of stage s (use MC_NAME_RUN) or view v (MC_NAME_VIEW). */
static const char *name_of(int key, unsigned use) {
    for (int i = 0; i < NNAMES; i++)
        if ((names[i].uses & use) && (use == MC_NAME_RUN ? names[i].stage : names[i].view) == key)
            return names[i].name;
    return NULL;
}

void mc_stage_options_default(McStageOptions *o) {
    memset(o, 0, sizeof *o);
    o->stage = MC_STAGE_INPUT;
    o->opt_level = 1;
    o->regs = 4;
    o->allocator = MC_ALLOC_IMPROVED;
    o->max_steps = 0;
    o->timeout = 0;
    o->keep_c = NULL;
    o->native_cc = MC_NATIVE_SYSTEM;
    o->interrupt = NULL;
}

const char *mc_stage_name(McStage s) {
    const char *n = name_of((int)s, MC_NAME_RUN);
    MC_ASSERT(n != NULL);
    return n;
}

int mc_stage_lookup(const char *name) {
    const McStageName *r = mc_stage_name_find(name, MC_NAME_RUN);
    return r ? r->stage : -1;
}

const char *mc_view_name(McView v) {
    const char *n = name_of((int)v, MC_NAME_VIEW);
    return n ? n : "?";
}

int mc_view_lookup(const char *name) {
    const McStageName *r = mc_stage_name_find(name, MC_NAME_VIEW);
    return r ? r->view : -1;
}

void mc_prepare_default(McPrepare *p) {
    memset(p, 0, sizeof *p);
    p->ssa_kind = MC_SSA_PRUNED;
    p->opt_level = 1;
}

/* SSA construction, then the optimizer unless opt_level < 1: one function. */
static McFunc *prepare_one(const McFunc *input, const McPrepare *p, McSsaStats *ss, McOptStats *os, McDiags *d) {
    McFunc *ssa = mc_ssa_build(input, p->ssa_kind, ss, d);
    if (!ssa) return NULL;
    if (p->opt_level < 1) return ssa;
    McOptOptions oo;
    if (p->opt) oo = *p->opt;
    else mc_opt_options_default(&oo);
    if (p->interrupt) oo.interrupt = p->interrupt;
    if (!mc_opt_run(ssa, &oo, os, d)) {
        mc_func_free(ssa);
        return NULL;
    }
    return ssa;
}

/* The functions input reaches through its call tables (every entry, so
 * also calls the optimizer may later find unreachable), input first, each
 * once, in the order a breadth-first walk meets them. */
static const McFunc **reachable(const McFunc *input, int32_t *n) {
    int32_t cap = 8, k = 1;
    const McFunc **v = mc_xmalloc((size_t)cap * sizeof *v);
    v[0] = input;
    for (int32_t i = 0; i < k; i++)
        for (int32_t c = 0; c < v[i]->ncalls; c++) {
            const McFunc *g = v[i]->calls[c].callee;
            int32_t j = 0;
            while (j < k && v[j] != g) j++;
            if (!g || j < k) continue;
            if (k == cap) v = mc_xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
            v[k++] = g;
        }
    *n = k;
    return v;
}

/* A function with calls is prepared with every function it reaches
 * (docs/ir.md §3.2: one program), each through SSA (and the optimizer),
 * each call of a prepared function redirected to the prepared callee; the
 * result owns the prepared callees (McFunc.owned), so mc_func_free frees
 * the program and every executor follows the call tables as for input.
 * Statistics are the first function's. */
McFunc *mc_pipeline_prepare_with(const McFunc *input, const McPrepare *p, McDiags *d) {
    int32_t n;
    const McFunc **orig = reachable(input, &n);
    McFunc **prep = mc_xcalloc((size_t)n, sizeof *prep);
    bool ok = true;
    for (int32_t i = 0; ok && i < n; i++) {
        prep[i] = prepare_one(orig[i], p, i == 0 ? p->ssa_stats : NULL, i == 0 ? p->opt_stats : NULL, d);
        ok = prep[i] != NULL;
    }
    McFunc *top = NULL;
    if (ok) {
        for (int32_t i = 0; i < n; i++)
            for (int32_t c = 0; c < prep[i]->ncalls; c++) {
                int32_t j = 0;
                while (j < n && orig[j] != prep[i]->calls[c].callee) j++;
                if (j < n) prep[i]->calls[c].callee = prep[j];
            }
        top = prep[0];
        if (n > 1) {
            top->owned = mc_xmalloc((size_t)(n - 1) * sizeof *top->owned);
            for (int32_t i = 1; i < n; i++) top->owned[top->nowned++] = prep[i];
        }
    } else {
        for (int32_t i = 0; i < n; i++) mc_func_free(prep[i]);
    }
    free(prep);
    free(orig);
    return top;
}

static McFunc *prepare(const McFunc *input, int opt_level, const McInterrupt *stop, McDiags *d) {
    McPrepare p;
    mc_prepare_default(&p);
    p.opt_level = opt_level;
    p.interrupt = stop;
    return mc_pipeline_prepare_with(input, &p, d);
}

McFunc *mc_pipeline_prepare(const McFunc *input, int opt_level, McDiags *d) {
    return prepare(input, opt_level, NULL, d);
}

/* Calls: the prepared program (entry, or input prepared: the top function
 * and the callees it owns, their calls redirected to them) allocated
 * function by function alike, run on the machine with frames
 * (machine_call.c). */
static bool alloc_program(const McFunc *input, const McFunc *entry, const McStageOptions *o,
                          const McAllocOptions *ao, McArgs *args, McOutcome *out, McStageStats *stats, McDiags *d) {
    McFunc *made = entry ? NULL : prepare(input, o->opt_level, o->interrupt, d);
    const McFunc *top = entry ? entry : made;
    if (!top) return false;
    McProgram p;
    memset(&p, 0, sizeof p);
    McAllocOptions po = *ao;
    po.program = true; /* registers renamed to suit the convention (callconv.c) */
    for (int32_t k = -1; k < top->nowned; k++) {
        const McFunc *g = k < 0 ? top : top->owned[k];
        McAllocation *a = mc_allocate(g, o->allocator, o->regs, &po, d);
        if (!a) {
            mc_program_free(&p);
            mc_func_free(made);
            return false;
        }
        mc_program_add(&p, g, a);
    }
    if (mc_interrupted(o->interrupt)) {
        mc_program_free(&p);
        mc_func_free(made);
        mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        return false;
    }
    *out = mc_machine_run_program(&p, args, o->max_steps, o->max_depth, o->interrupt, stats);
    mc_program_free(&p);
    mc_func_free(made); /* after the run: the allocations' calls name its functions */
    return true;
}

bool mc_alloc_program_execute(const McFunc *input, const McFunc *ssa, const McStageOptions *o, McArgs *args,
                              McOutcome *out, McStageStats *stats, McDiags *d) {
    McAllocOptions ao;
    if (o->alloc_opts)
        ao = *o->alloc_opts;
    else
        mc_alloc_options_default(&ao);
    ao.interrupt = o->interrupt;
    ao.convention = o->convention;
    return alloc_program(input, ssa, o, &ao, args, out, stats, d);
}

bool mc_alloc_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d) {
    McAllocOptions ao;
    if (o->alloc_opts)
        ao = *o->alloc_opts;
    else
        mc_alloc_options_default(&ao);
    ao.interrupt = o->interrupt; /* polled inside; interrupted, it fails with `interrupted` */
    ao.convention = o->convention;
    if (mc_func_find_call(input, NULL, NULL)) return alloc_program(input, NULL, o, &ao, args, out, stats, d);
    McFunc *ssa = prepare(input, o->opt_level, o->interrupt, d);
    if (!ssa) return false;
    McAllocation *a = mc_allocate(ssa, o->allocator, o->regs, &ao, d);
    mc_func_free(ssa);
    if (!a) return false;
    if (mc_interrupted(o->interrupt)) { /* set after the allocation finished */
        mc_allocation_free(a);
        mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        return false;
    }
    *out = mc_machine_run_intr(a, args, o->max_steps, o->interrupt, stats);
    mc_allocation_free(a);
    return true;
}

/* Interpret f: the pre-decoded run path, or the stepping interpreter when
 * phis are to be assigned sequentially (a teaching mode the run path does
 * not carry). */
static McOutcome interpret(const McFunc *f, const McStageOptions *o, McArgs *args) {
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = o->max_steps;
    io.max_depth = o->max_depth;
    io.phi_mode = o->phi_mode;
    io.interrupt = o->interrupt;
    if (o->phi_mode == MC_PHI_PARALLEL) return mc_run_limits(f, args, o->max_steps, o->max_depth, o->interrupt);
    /* Sequential phis with calls: the callees' phis too (interp.c's frames). */
    if (mc_func_find_call(f, NULL, NULL)) return mc_interp_run(f, args, &io);
    McInterp *in = mc_interp_new(f, args, &io);
    McOutcome out;
    memset(&out, 0, sizeof out);
    if (mc_interp_continue(in, NULL) == MC_STOP_INTERRUPT) {
        out.kind = MC_INTERRUPTED;
        snprintf(out.trap, sizeof out.trap, "%s", MC_INTERRUPTED_MSG);
        out.steps = mc_interp_steps(in);
    } else {
        mc_interp_finished(in, &out);
    }
    const McArgs *final = mc_interp_args(in); /* buffers as the run left them */
    for (int32_t i = 0; i < args->n; i++)
        if (args->v[i].is_buf && args->v[i].len > 0)
            memcpy(args->v[i].data, final->v[i].data, (size_t)args->v[i].len * sizeof(int32_t));
    mc_interp_free(in);
    return out;
}

static bool stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                          McStageStats *stats, McDiags *d);

bool mc_stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d) {
    if (stats) memset(stats, 0, sizeof *stats);
    memset(out, 0, sizeof *out);
    bool ok = stage_execute(input, o, args, out, stats, d);
    /* However far it got (a build step, the run, the native wait), a stage
     * that saw the flag is interrupted: one verdict for every caller. */
    if (mc_interrupted(o->interrupt)) {
        bool said = false;
        for (int i = 0; d && i < d->n; i++) said |= strcmp(d->v[i].msg, MC_INTERRUPTED_MSG) == 0;
        if (!said) mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        memset(out, 0, sizeof *out);
        out->kind = MC_INTERRUPTED;
        snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
        return false;
    }
    return ok;
}

static bool stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                          McStageStats *stats, McDiags *d) {
    switch (o->stage) {
    case MC_STAGE_INPUT:
        /* Interpret the function as loaded (mutable or SSA form). */
        *out = interpret(input, o, args);
        return true;
    case MC_STAGE_ALLOC:
        /* Phi destruction + register allocation, run on the allocated machine. */
        return mc_alloc_execute(input, o, args, out, stats, d);
    case MC_STAGE_SSA:
    case MC_STAGE_OPT: {
        /* Pruned SSA construction (a clone for SSA input), then for opt the
         * -O1 pipeline with verification after every pass. */
        McFunc *ssa = prepare(input, o->stage == MC_STAGE_OPT, o->interrupt, d);
        if (!ssa) return false;
        *out = interpret(ssa, o, args);
        mc_func_free(ssa);
        return true;
    }
    case MC_STAGE_NATIVE: {
        /* The C backend (cgen.c, native.c) on the optimized SSA, or the
         * unoptimized SSA with -O0: rendered, compiled (cached) and called
         * in a child process under the time limit. */
        McFunc *ssa = prepare(input, o->opt_level, o->interrupt, d);
        if (!ssa) return false;
        McNativeOptions no;
        memset(&no, 0, sizeof no);
        no.timeout = o->timeout;
        no.keep_c = o->keep_c;
        no.compiler = o->native_cc;
        no.interrupt = o->interrupt;
        no.max_depth = o->max_depth;
        bool ok = mc_native_execute(ssa, &no, args, out, d);
        mc_func_free(ssa);
        return ok;
    }
    case MC_STAGE_ASM: {
        /* The program allocated for the target, tiled into assembly with the
         * harness and the arguments, assembled, linked and run (asm.h). */
        McAsmOptions ao;
        mc_asm_options_default(&ao);
        ao.target = o->target == MC_TARGET_CHAPTER ? MC_TARGET_X64 : o->target;
        ao.allocator = o->allocator;
        ao.alloc = o->alloc_opts;
        ao.opt_level = o->opt_level;
        ao.max_depth = o->max_depth;
        ao.interrupt = o->interrupt;
        ao.bug = o->asm_bug;
        McProgram p;
        McFunc *prepared = NULL;
        if (!mc_asm_allocate(input, &ao, &p, &prepared, d)) return false;
        char *text = mc_asm_emit(&p, &ao, args, NULL, d);
        bool ok = false;
        if (text) ok = mc_asm_run_text(ao.target, text, args, o->timeout, o->interrupt, o->keep_asm, out, NULL, d);
        free(text);
        mc_program_free(&p);
        mc_func_free(prepared);
        return ok;
    }
    default:
        mc_diag(d, (McLoc){0, 0}, "stage '%s' is not available in this build",
                o->stage >= 0 && o->stage < MC_STAGE_COUNT ? mc_stage_name(o->stage) : "?");
        return false;
    }
}
