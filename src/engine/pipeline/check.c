/* check.c - every stage on fresh copies of the arguments, compared with the
 * first (see check.h). The stages are the rows of `rows`: adding a stage to
 * the acceptance test is one line. */
#include "minicc/check.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"

static const struct {
    McStage stage;
    int regs;        /* alloc: register budget K */
    McTarget target; /* asm */
} rows[] = {
    {MC_STAGE_INPUT, 0, 0},  {MC_STAGE_SSA, 0, 0},   {MC_STAGE_OPT, 0, 0},
    {MC_STAGE_ALLOC, 1, 0},  {MC_STAGE_ALLOC, 2, 0}, {MC_STAGE_ALLOC, 4, 0},
    {MC_STAGE_ALLOC, 16, 0}, {MC_STAGE_NATIVE, 0, 0}, {MC_STAGE_ASM, 0, MC_TARGET_X64},
    {MC_STAGE_ASM, 0, MC_TARGET_RV64}, /* run when its tools are present, else `not run: WHY` */
};

static bool did_not_finish(const McOutcome *o) {
    return o->kind == MC_TRAPPED &&
           (strcmp(o->trap, "execution step limit exceeded") == 0 || strcmp(o->trap, "time limit exceeded") == 0);
}

/* An alloc row runs the other allocators at the same K too; one that does
 * not agree with the input (or cannot run for another reason than the size
 * limit) gets a row of its own after it, labelled with its name. Agreeing
 * ones add no row, so the table reads as before when all four agree. */
static void check_other_allocators(const McFunc *f, const McArgs *args, const McStageOptions *base, McCheck *c) {
    for (int al = 0; al < MC_ALLOC_COUNT; al++) {
        if ((McAllocator)al == base->allocator || c->nrows >= MC_CHECK_MAX_ROWS) continue;
        McStageOptions o = *base;
        o.allocator = (McAllocator)al;
        McCheckRow *r = &c->rows[c->nrows];
        memset(r, 0, sizeof *r);
        r->stage = o.stage;
        r->regs = o.regs;
        snprintf(r->label, sizeof r->label, "alloc K=%d %s", o.regs, mc_allocator_name(o.allocator));
        mc_args_copy(&r->args, args);
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        r->ran = mc_stage_execute(f, &o, &r->args, &r->outcome, NULL, &d);
        bool refused = !r->ran && d.n && mc_alloc_too_large(d.v[0].msg);
        if (!r->ran) snprintf(r->error, sizeof r->error, "%s", d.n ? d.v[0].msg : "unknown error");
        mc_diags_free(&d);
        bool bad = !refused && (!r->ran || !mc_outcome_agree(&c->rows[0].outcome, &c->rows[0].args, &r->outcome,
                                                             &r->args));
        if (!bad) {
            mc_args_free(&r->args);
            continue;
        }
        c->nrows++;
        if (c->diverged < 0) c->diverged = c->nrows - 1;
    }
}

bool mc_outcome_agree(const McOutcome *x, const McArgs *xa, const McOutcome *y, const McArgs *ya) {
    if (did_not_finish(x) && did_not_finish(y)) return true;
    return mc_outcome_same(x, xa, y, ya);
}

void mc_check_run(const McFunc *f, const McArgs *args, const McStageOptions *base, McCheck *c) {
    _Static_assert(sizeof rows / sizeof rows[0] <= MC_CHECK_MAX_ROWS, "check rows");
    memset(c, 0, sizeof *c);
    c->diverged = -1;
    c->nonterminating = true;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        /* base->target chooses the asm rows: chapter (the default) both, else that target's only */
        if (rows[i].stage == MC_STAGE_ASM && base->target != MC_TARGET_CHAPTER && rows[i].target != base->target)
            continue;
        McCheckRow *r = &c->rows[c->nrows++];
        McStageOptions o = *base;
        o.stage = rows[i].stage;
        o.target = rows[i].target;
        o.regs = rows[i].regs ? rows[i].regs : base->regs;
        r->stage = o.stage;
        r->regs = rows[i].regs;
        if (rows[i].regs)
            snprintf(r->label, sizeof r->label, "%s K=%d", mc_stage_name(o.stage), rows[i].regs);
        else if (o.stage == MC_STAGE_ASM)
            snprintf(r->label, sizeof r->label, "%s %s", mc_stage_name(o.stage), mc_target_name(o.target));
        else if (o.stage == MC_STAGE_NATIVE && o.native_cc == MC_NATIVE_TCC)
            snprintf(r->label, sizeof r->label, "%s tcc", mc_stage_name(o.stage)); /* which compiler ran */
        else
            snprintf(r->label, sizeof r->label, "%s", mc_stage_name(o.stage));
        mc_args_copy(&r->args, args);
        char why[256];
        bool can = o.stage != MC_STAGE_ASM || mc_target_tools(o.target, why, sizeof why);
#if !defined(__x86_64__)
        if (can && o.stage == MC_STAGE_ASM && o.target == MC_TARGET_X64) { /* x86-64 code runs natively only */
            can = false;
            snprintf(why, sizeof why, "the host is not x86-64, so x86-64 code cannot run here");
        }
#endif
        if (!can) {
            /* a target whose tools are missing is not run: no divergence */
            r->refused = true;
            snprintf(r->error, sizeof r->error, "%s", why);
            continue;
        }
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        r->ran = mc_stage_execute(f, &o, &r->args, &r->outcome, NULL, &d);
        if (!r->ran) {
            snprintf(r->error, sizeof r->error, "%s", d.n ? d.v[0].msg : "unknown error");
            /* an alloc row over the interference graph's size limit is no divergence */
            r->refused = d.n && (o.stage == MC_STAGE_ALLOC || o.stage == MC_STAGE_ASM) && mc_alloc_too_large(d.v[0].msg);
            if (!r->refused) c->nonterminating = false;
        } else if (!did_not_finish(&r->outcome)) {
            c->nonterminating = false;
        }
        mc_diags_free(&d);
        if (mc_interrupted(base->interrupt)) {
            /* The rows so far are incomplete: the caller reports the whole
             * check as interrupted and shows none of it. */
            c->interrupted = true;
            c->diverged = -1;
            c->nonterminating = false;
            break;
        }
        if (c->diverged < 0 && i > 0 && !r->refused &&
            (!r->ran || !mc_outcome_agree(&c->rows[0].outcome, &c->rows[0].args, &r->outcome, &r->args)))
            c->diverged = c->nrows - 1;
        if (o.stage == MC_STAGE_ALLOC && c->nrows > 0) check_other_allocators(f, args, &o, c);
        if (!r->ran && i == 0) { /* nothing to compare with */
            c->diverged = 0;
            break;
        }
    }
}

void mc_check_free(McCheck *c) {
    for (int i = 0; i < c->nrows; i++) mc_args_free(&c->rows[i].args);
    c->nrows = 0;
}

void mc_check_print(const McFunc *f, const McCheck *c, FILE *out) {
    char buf[256];
    for (int i = 0; i < c->nrows; i++) {
        const McCheckRow *r = &c->rows[i];
        fprintf(out, "%-11s ", r->label);
        if (r->refused) {
            fprintf(out, "not run: %s\n", r->error);
            continue;
        }
        if (!r->ran) {
            fprintf(out, "cannot run: %s\n", r->error);
            continue;
        }
        fputs(mc_outcome_str(&r->outcome, buf, sizeof buf), out);
        for (int32_t p = 0; p < r->args.n; p++) {
            const McArg *a = &r->args.v[p];
            if (!a->is_buf) continue;
            fprintf(out, "; %s = [", mc_shown_name(f, f->values[f->params[p]].name));
            for (int32_t k = 0; k < a->len; k++) fprintf(out, "%s%ld", k ? ", " : "", (long)a->data[k]);
            fputc(']', out);
        }
        fputc('\n', out);
    }
    if (c->diverged >= 0) {
        /* A run cut off by its limit against one that finished is a real
         * difference, but often only a too small --max-steps (native code
         * has no step budget): say so, so nobody hunts for a wrong pass. */
        const McCheckRow *a = &c->rows[0], *b = &c->rows[c->diverged];
        if (a->ran && b->ran && did_not_finish(&a->outcome) != did_not_finish(&b->outcome)) {
            const McCheckRow *cut = did_not_finish(&a->outcome) ? a : b;
            fprintf(out, "# %s stopped at its limit (%s) and %s did not: a larger --max-steps or --timeout may make them agree\n",
                    cut->label, cut->outcome.trap, (cut == a ? b : a)->label);
        }
        /* an asm row names its target too (`diverge at asm x86-64`): the rows differ by target */
        const McCheckRow *dv = &c->rows[c->diverged];
        fprintf(out, "diverge at %s\n", dv->stage == MC_STAGE_ASM ? dv->label : mc_stage_name(dv->stage));
        return;
    }
    int refused = 0, others = 0; /* over the size limit: alloc rows, and asm rows (they allocate too) */
    for (int i = 0; i < c->nrows; i++)
        if (c->rows[i].refused && mc_alloc_too_large(c->rows[i].error)) {
            refused++;
            others += c->rows[i].stage != MC_STAGE_ALLOC;
        }
    if (refused)
        fprintf(out, "# %d %srow%s not run (interference graph over its size limit): the other stages agree\n",
                refused, others ? "" : "alloc ", refused == 1 ? "" : "s");
    if (c->nonterminating)
        fprintf(out, "# no stage finished: the step budget and the time limit agree\nagree\n");
    else
        fprintf(out, "agree\n");
}
