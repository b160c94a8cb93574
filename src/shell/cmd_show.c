/* cmd_show.c - the prompt's "showing" commands: list, show, cfg, dom, live
 * and passes: their handlers and their rows of the command table. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/cgen.h"
#include "minicc/minic.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "shell/show.h"

static const McFunc *view_arg(McSession *s, int argc, char **argv, FILE *err) {
    if (argc < 2) return mc_cmd_exec_func(s, err);
    int v = mc_view_lookup(argv[1]);
    if (v < 0) {
        char list[64];
        mc_session_error(s, err, "%s: unknown form '%s' (%s)", argv[0], argv[1],
                         mc_stage_name_list(MC_NAME_VIEW, ", ", list, sizeof list));
        return NULL;
    }
    return mc_session_view(s, (McView)v, err);
}

/* The C source of the function being executed, `=>` at the line the
 * interpreter is at, `*` on the first line of a block with a breakpoint. */
static void list_c(McSession *s, const McFunc *f, const char *src, size_t len, FILE *out) {
    /* From the function's line to the line before the next function's (or the end). */
    int32_t first = mc_loc(f, f->loc).line, last = INT32_MAX;
    for (int32_t i = 0; i < s->module->nfuncs; i++) {
        const McFunc *g = s->module->funcs[i];
        int32_t l = mc_loc(g, g->loc).line;
        if (l > first && l - 1 < last) last = l - 1;
    }
    size_t n;
    int32_t at = !s->interp || mc_interp_finished(s->interp, NULL) || f != s->interp_func ? 0 : mc_session_c_line(s);
    bool *bp = mc_session_break_array(s, f);
    int32_t end = first;
    for (int32_t l = first; l <= last && mc_source_line(src, len, l, &n); l++)
        if (n) end = l; /* no trailing blank lines */
    for (int32_t l = first; l <= end; l++) {
        const char *t = mc_source_line(src, len, l, &n);
        int32_t b = mc_minic_block_at_line(f, l);
        bool brk = bp && b != MC_NONE && bp[b] && mc_block_line(f, b) == l;
        McStr shown;
        mc_str_init(&shown);
        mc_str_put_visible(&shown, t, n);
        fprintf(out, "%s%c%4d  %s\n", l == at ? "=>" : "  ", brk ? '*' : ' ', l, shown.s ? shown.s : "");
        mc_str_free(&shown);
    }
    free(bp);
}

static Status cmd_list(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = mc_cmd_exec_func(s, err);
    if (!f) return ERR;
    size_t len;
    const char *src = mc_session_c_source(s, &len);
    if (src && (argc < 2 || strcmp(argv[1], "c") == 0)) {
        list_c(s, f, src, len, out);
        if (s->interp && mc_interp_finished(s->interp, NULL) && f == s->interp_func) mc_show_position(f, s->interp, out);
        return OK;
    }
    if (src && strcmp(argv[1], "ir") == 0) argc = 1; /* MiniC's IR: the whole listing */
    int32_t only = MC_NONE;
    if (argc >= 2) {
        only = mc_func_find_block(f, argv[1]);
        if (only == MC_NONE) return mc_session_error(s, err, "list: no block '%s' in %s", argv[1], f->name), ERR;
    }
    int32_t pb = MC_NONE, pc = -1;
    bool finished = s->interp && mc_interp_finished(s->interp, NULL);
    if (s->interp && !finished) {
        pb = mc_interp_block(s->interp);
        pc = mc_interp_pc(s->interp);
        if (pb == MC_NONE) pb = 0; /* before the start: about to enter the entry */
    }
    bool *bp = mc_session_break_array(s, f);
    uint8_t *const *copies = s->exec == MC_VIEW_DESTROYED && s->destroyed && f == s->destroyed->f
                                 ? (uint8_t *const *)s->destroyed->phi_copy
                                 : NULL;
    mc_show_listing(f, only, pb, pc, bp, copies, out);
    free(bp);
    if (finished && f == s->interp_func) mc_show_position(f, s->interp, out);
    return OK;
}

static void print_func(const McFunc *f, FILE *out) { mc_func_print(f, out); }

static Status cmd_show(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    if (argc < 2) {
        const McFunc *f = mc_cmd_exec_func(s, err);
        if (!f) return ERR;
        print_func(f, out);
        return OK;
    }
    const char *w = argv[1];
    int v = mc_view_lookup(w);
    if (v >= 0) {
        const McFunc *f = mc_session_view(s, (McView)v, err);
        if (!f) return ERR;
        if (v == MC_VIEW_SSA) fprintf(out, "# ssa (%s)\n", mc_ssa_kind_name((McSsaKind)s->ssa_kind));
        else if (v == MC_VIEW_OPT) fprintf(out, "# opt (%s)\n", s->opt_note);
        else if (v == MC_VIEW_DESTROYED) fprintf(out, "# destroyed (%s)\n", mc_allocator_name(s->destroy_mode));
        print_func(f, out);
        return OK;
    }
    if (strcmp(w, "allocated") == 0 || strcmp(w, "alloc") == 0) {
        const McAllocation *a = mc_session_allocation(s, err);
        if (!a) return ERR;
        fprintf(out, "# allocated (%s, K = %d)\n", mc_allocator_name(a->allocator), a->registers);
        mc_allocation_print(a, out);
        return OK;
    }
    if (strcmp(w, "c") == 0) {
        const McFunc *f = mc_session_pipeline_ssa(s, err);
        if (!f) return ERR;
        char *c = mc_cgen_render(f);
        fputs(c, out);
        free(c);
        return OK;
    }
    return mc_session_error(s, err, "show: unknown form '%s' (input, ssa, opt, destroyed, allocated, c)", w), ERR;
}

/* cfg, dom and live: one graph of FORM (default: the stage being executed). */
typedef enum Graph { GRAPH_CFG, GRAPH_DOM, GRAPH_LIVE } Graph;

static Status show_graph(McSession *s, int argc, char **argv, FILE *out, FILE *err, Graph g) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = view_arg(s, argc, argv, err);
    if (!f) return ERR;
    McCfg *c = mc_cfg_build(f);
    if (g == GRAPH_CFG) {
        mc_show_cfg(f, c, out);
    } else if (g == GRAPH_DOM) {
        mc_show_dom(f, c, out);
    } else {
        McLiveness *l = mc_liveness(f, c);
        mc_show_live(f, l, out);
        mc_liveness_free(l);
    }
    mc_cfg_free(c);
    return OK;
}

static Status cmd_cfg(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return show_graph(s, argc, argv, out, err, GRAPH_CFG);
}

static Status cmd_dom(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return show_graph(s, argc, argv, out, err, GRAPH_DOM);
}

static Status cmd_live(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return show_graph(s, argc, argv, out, err, GRAPH_LIVE);
}

static Status cmd_passes(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    int n;
    const McPass *p = mc_pass_table(&n);
    for (int i = 0; i < n; i++) {
        fprintf(out, "  %-12s %s\n", p[i].name, p[i].help);
        fprintf(out, "  %-12s requires: %s; invalidates: %s\n", "", p[i].requires, p[i].invalidates);
    }
    fputs("-O1 runs them in this order until nothing changes; `opt PASS...` runs the ones named, once.\n", out);
    if (s->opt && s->opt_stats.n > 0) {
        fprintf(out, "last opt (%s):\n", s->opt_note);
        fprintf(out, "  %-5s %-12s %-7s %-13s %-11s %s\n", "round", "pass", "changed", "instructions", "phis",
                "blocks");
        for (int32_t i = 0; i < s->opt_stats.n; i++) {
            const McPassStat *st = &s->opt_stats.v[i];
            char a[32], b[32], c[32];
            snprintf(a, sizeof a, "%d -> %d", st->insts[0], st->insts[1]);
            snprintf(b, sizeof b, "%d -> %d", st->phis[0], st->phis[1]);
            snprintf(c, sizeof c, "%d -> %d", st->blocks[0], st->blocks[1]);
            fprintf(out, "  %-5d %-12s %-7s %-13s %-11s %s\n", st->round, st->pass, st->changed ? "yes" : "no", a, b,
                    c);
        }
    }
    return OK;
}

/* ---- the rows, in help order ------------------------------------------------ */

const McCommand mc_cmds_showing[] = {
    {"list", "l", "showing", "list [BLOCK|ir|c]", "list the function being executed, with the position",
     "Lists the function start/step use (see `set stage`), or one BLOCK.\n"
     "With a MiniC (C) file loaded, `list` shows the C source of the function\n"
     "(=> the line about to run, * a line with a breakpoint) and `list ir` the IR.\n"
     "Gutter: => the next thing to execute, * a breakpoint, + a copy inserted by\n"
     "phi destruction.\n",
     "block", cmd_list},
    {"show", "", "showing", "show [WHAT]", "print input, ssa, opt, destroyed, allocated or c",
     "Prints the function in the IR text format (it can be loaded back), building\n"
     "the stage with default options when it was not built yet: ssa = pruned SSA,\n"
     "opt = the -O1 pipeline, destroyed = improved phi destruction, allocated =\n"
     "the allocation with `# NAME -> rN` comments, c = the C backend's code.\n",
     "input|ssa|opt|destroyed|allocated|c", cmd_show},
    {"cfg", "", "showing", "cfg [FORM]", "predecessors, successors, loop depth, reverse postorder",
     "FORM is input, ssa, opt or destroyed (default: the stage being executed).\n", "input|ssa|opt|destroyed",
     cmd_cfg},
    {"dom", "", "showing", "dom [FORM]", "immediate dominators, dominance frontiers, dominator tree", "",
     "input|ssa|opt|destroyed", cmd_dom},
    {"live", "", "showing", "live [FORM]", "live-in and live-out values of every block",
     "A phi's operand is live out of the predecessor it comes from; a phi's\n"
     "destination is defined at the top of its block.\n",
     "input|ssa|opt|destroyed", cmd_live},
    {"passes", "", "showing", "passes", "the optimizer's passes, and what the last opt did", "", "", cmd_passes},
};
const int mc_ncmds_showing = (int)(sizeof mc_cmds_showing / sizeof mc_cmds_showing[0]);
