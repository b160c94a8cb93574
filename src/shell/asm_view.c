/* asm_view.c - the session's program on a real target (asmview.h). */
#include "shell/asmview.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/interp.h"
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

/* ---- the values live into the stepped block (asmview.h) ---------------------------- */

void mc_shell_live_free(McShellLive *l) {
    free(l->row);
    memset(l, 0, sizeof *l);
    l->func = -1;
    l->block = MC_NONE;
}

/* The block an interpreter enters next at a boundary, or is in. */
static int32_t live_block(const McInterp *in) {
    int32_t b = mc_interp_block(in);
    return b == MC_NONE ? 0 : b;
}

static int live_row_cmp(const void *pa, const void *pb) {
    const McShellLiveRow *x = pa, *y = pb;
    if (x->loc.kind != y->loc.kind) return x->loc.kind == MC_LOC_REG ? -1 : 1;
    if (x->loc.index != y->loc.index) return x->loc.index < y->loc.index ? -1 : 1;
    return x->value < y->value ? -1 : x->value > y->value;
}

/* Run the replay r of the stepped run (function g) and the interpreter sh
 * of the allocated function d side by side up to entry `target` of r (its
 * own entries, counted from 1); true with sh at the boundary before d's
 * matching entry and *entry its number among d's entries into that block,
 * else false with why. */
static bool live_match(McInterp *r, const McFunc *g, McInterp *sh, const McFunc *d, int64_t target, const char *stage,
                       int64_t *entry, char *why, size_t size) {
    int64_t d_steps = 0, d_max = 4 * target + 16; /* edge blocks: at most one per entry */
    int64_t *count = mc_xcalloc((size_t)(d->nblocks ? d->nblocks : 1), sizeof *count); /* d's entries per block */
    bool ok = false;
    for (int64_t k = 1; k <= target; k++) {
        if (mc_interp_finished(r, NULL)) {
            snprintf(why, size, "the replay of stage %s ended early", stage);
            goto done;
        }
        const char *name = g->blocks[live_block(r)].name;
        if (k < target) mc_interp_step_block(r);
        int32_t db = mc_func_find_block(d, name);
        if (db == MC_NONE) continue; /* a block of the stage the allocation does not have */
        /* the allocated function's next entry into a block the stage has */
        for (;;) {
            if (mc_interp_finished(sh, NULL) || d_steps > d_max) {
                snprintf(why, size, "the allocated function ended before stage %s's entry %lld into %s", stage,
                         (long long)k, name);
                goto done;
            }
            int32_t at = live_block(sh);
            if (mc_func_find_block(g, d->blocks[at].name) != MC_NONE) break;
            count[at]++;
            mc_interp_step_block(sh);
            d_steps++;
        }
        int32_t at = live_block(sh);
        if (at != db) {
            snprintf(why, size, "stage %s entered %s where the allocated function enters %s: their paths differ",
                     stage, name, d->blocks[at].name);
            goto done;
        }
        count[at]++;
        if (k == target) {
            *entry = count[at];
            ok = true;
            goto done;
        }
        mc_interp_step_block(sh);
        d_steps++;
    }
    snprintf(why, size, "no block entry to match");
done:
    free(count);
    return ok;
}

void mc_shell_live(McSession *s, const McShellAsm *a, McShellLive *out) {
    memset(out, 0, sizeof *out);
    out->func = -1;
    out->block = MC_NONE;
    McInterp *in = s->interp;
    const McFunc *g = s->interp_func;
    if (!in || !g) {
        snprintf(out->why, sizeof out->why, "no run: step or stepi starts one");
        return;
    }
    if (mc_interp_finished(in, NULL)) {
        snprintf(out->why, sizeof out->why, "the run has ended (restart to step again)");
        return;
    }
    int32_t fi = mc_shell_asm_func(a, g->name);
    if (fi < 0) {
        snprintf(out->why, sizeof out->why, "%s has no allocation on %s", mc_shown_name(g, g->name),
                 mc_target_name(a->target));
        return;
    }
    out->func = fi;
    const McAllocation *al = a->prog.alloc[fi];
    const McFunc *d = al->destroyed ? al->destroyed->f : NULL;
    int32_t gb = live_block(in);
    const char *bname = gb >= 0 && gb < g->nblocks ? g->blocks[gb].name : "?";
    int32_t db = d ? mc_func_find_block(d, bname) : MC_NONE;
    if (db == MC_NONE) {
        snprintf(out->why, sizeof out->why, "block %s of stage %s is not in the allocated function (the pipeline merged or removed it)",
                 bname, mc_view_name(s->exec));
        return;
    }
    out->block = db;
    /* the rows: every scalar live into the block, where the allocation keeps it */
    McCfg *c = mc_cfg_build(d);
    McLiveness *lv = mc_liveness(d, c);
    McValList live = mc_live_in(lv, db);
    out->row = mc_xcalloc((size_t)(live.n ? live.n : 1), sizeof *out->row);
    for (int32_t i = 0; i < live.n; i++) {
        McShellLiveRow *row = &out->row[out->n++];
        row->value = live.v[i];
        row->loc = live.v[i] < al->f->nvalues ? al->loc[live.v[i]] : (McLocation){MC_LOC_NONE, 0};
        if (row->loc.kind == MC_LOC_SLOT) mc_asm_slot_operand(a->target, al, row->loc.index, row->where, sizeof row->where);
        else mc_target_location_str(a->target, row->loc, row->where, sizeof row->where);
    }
    mc_liveness_free(lv);
    mc_cfg_free(c);
    qsort(out->row, (size_t)out->n, sizeof *out->row, live_row_cmp);
    /* the values: the allocated function run beside a replay of the stepped one */
    int64_t own = mc_interp_steps(in) - mc_interp_call_steps(in);
    bool boundary = mc_interp_pc(in) < 0 || mc_interp_block(in) == MC_NONE;
    int64_t target = own + (boundary ? 1 : 0);
    if (target > MC_SHELL_LIVE_MAX_BLOCKS) {
        snprintf(out->why, sizeof out->why, "%lld blocks into the run: values are replayed for the first %d only",
                 (long long)target, (int)MC_SHELL_LIVE_MAX_BLOCKS);
        return;
    }
    McInterp *r = mc_interp_replay(in, 0);
    mc_interp_set_observer(r, NULL, NULL);
    McInterpOptions o;
    memset(&o, 0, sizeof o);
    o.max_steps = s->max_steps;
    o.max_depth = s->max_depth;
    o.interrupt = s->interrupt;
    McInterp *sh = mc_interp_new(d, mc_interp_args(r), &o);
    int64_t entry = 0;
    if (live_match(r, g, sh, d, target, mc_view_name(s->exec), &entry, out->why, sizeof out->why)) {
        out->known = true;
        out->entry = entry;
        for (int32_t i = 0; i < out->n; i++) out->row[i].known = mc_interp_value(sh, out->row[i].value, &out->row[i].v);
    }
    mc_interp_free(sh);
    mc_interp_free(r);
}

void mc_shell_live_print(const McShellAsm *a, const McShellLive *l, FILE *out) {
    if (l->func < 0 || l->block == MC_NONE) {
        fprintf(out, "live: %s\n", l->why);
        return;
    }
    const McAllocation *al = a->prog.alloc[l->func];
    const McFunc *d = al->destroyed->f;
    fprintf(out, "%s %s at %s", mc_target_name(a->target), mc_shown_name(d, d->name), d->blocks[l->block].name);
    if (l->known) fprintf(out, " (entry %lld)", (long long)l->entry);
    fprintf(out, ": %d value%s live in\n", (int)l->n, l->n == 1 ? "" : "s");
    int w = 4;
    for (int32_t i = 0; i < l->n; i++)
        if ((int)strlen(l->row[i].where) > w) w = (int)strlen(l->row[i].where);
    for (int32_t i = 0; i < l->n; i++) {
        const McShellLiveRow *r = &l->row[i];
        fprintf(out, "  %-*s  %s = ", w, r->where, mc_shown_name(d, d->values[r->value].name));
        if (r->known) fprintf(out, "%d\n", (int)r->v);
        else fprintf(out, "?\n");
    }
    if (!l->known) fprintf(out, "?: %s\n", l->why);
    else
        for (int32_t i = 0; i < l->n; i++)
            if (!l->row[i].known) {
                fprintf(out, "?: not assigned on the path taken\n");
                break;
            }
}
