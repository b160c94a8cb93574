/* tools/ssadump.c - the raw output of SSA construction, phi destruction,
 * interference and allocation, for comparing two builds byte for byte
 * (tools/ssacmp.sh; the script builds it against build/libminicc.a;
 * `make tools`, which `make check` runs, builds it as build/tools/ssadump
 * so it keeps compiling).
 *
 *   ssadump gen SIZE [SEED]   print the bench/pipeline.c function of SIZE
 *                             instructions (its generator options; seed
 *                             20261130 unless given)
 *   ssadump dump FILE         for every function of the IR file: the SSA
 *                             function of each policy (text, then every
 *                             field the text does not show: value handles,
 *                             kinds, positions, C lines), -O1, phi
 *                             destruction, the whole improved and baseline
 *                             interference graphs, allocations at K = 8, 4
 *   ssadump pipe FILE [N]     the fast pipeline of bench/pipeline.c on the
 *                             first function, N times (for callgrind)
 *   ssadump time FILE [N]     the same, printing the best CPU seconds of
 *                             parse+verify, ssa, destroy and interference
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

static void die(const char *what, McDiags *d) {
    char line[512];
    fprintf(stderr, "ssadump: %s failed: %s\n", what, d && d->n ? mc_diag_line(d, 0, line, sizeof line) : "?");
    exit(2);
}

static void opnd(const McOperand *o, FILE *out) {
    fprintf(out, " (%d %d @%u)", o->kind, o->v, o->loc.bits);
}

/* Everything of f the printer does not show. */
static void raw(const McFunc *f, FILE *out) {
    fprintf(out, "-- raw: form %d nvalues %d nblocks %d nparams %d far %u\n", f->form, f->nvalues, f->nblocks,
            f->nparams, f->far.n);
    for (int32_t v = 0; v < f->nvalues; v++)
        fprintf(out, "v%d %s k%d p%d @%u\n", v, f->values[v].name, f->values[v].kind, f->values[v].param,
                f->values[v].loc.bits);
    for (int32_t p = 0; p < f->nparams; p++) fprintf(out, "param %d\n", f->params[p]);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        fprintf(out, "b%d %s @%u\n", b, bl->name, bl->loc.bits);
        for (int32_t p = 0; p < bl->nphis; p++) {
            const McPhi *ph = &bl->phis[p];
            fprintf(out, " phi %d @%u L%d:", ph->dest, ph->loc.bits, ph->line);
            for (int32_t k = 0; k < ph->nargs; k++) {
                fprintf(out, " [b%d @%u", ph->args[k].block, ph->args[k].bloc.bits);
                opnd(&ph->args[k].val, out);
                fprintf(out, "]");
            }
            fprintf(out, "\n");
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            fprintf(out, " op%d %d @%u L%d:", in->op, in->dest, in->loc.bits, in->line);
            for (int k = 0; k < mc_op_info[in->op].nargs; k++) opnd(&in->a[k], out);
            fprintf(out, "\n");
        }
        fprintf(out, " term op%d t%d,%d @%u @%u,%u L%d:", bl->term.op, bl->term.target[0], bl->term.target[1],
                bl->term.loc.bits, bl->term.tloc[0].bits, bl->term.tloc[1].bits, bl->term.line);
        opnd(&bl->term.arg, out);
        fprintf(out, "\n");
    }
    for (uint32_t k = 0; k < f->far.n; k++) fprintf(out, "far %u %d:%d\n", k, f->far.loc[k].line, f->far.loc[k].col);
    /* every value and block is found by its name */
    for (int32_t v = 0; v < f->nvalues; v++)
        if (mc_namemap_get(&f->value_names, f->values[v].name, strlen(f->values[v].name)) != v)
            fprintf(out, "value %d not found by name\n", v);
    for (int32_t b = 0; b < f->nblocks; b++)
        if (mc_namemap_get(&f->block_names, f->blocks[b].name, strlen(f->blocks[b].name)) != b)
            fprintf(out, "block %d not found by name\n", b);
}

static void graph(const McIGraph *g, FILE *out) {
    if (!g) {
        fprintf(out, "-- graph: none\n");
        return;
    }
    fprintf(out, "-- graph: nvalues %d nnodes %d nedges %lld pairs %lld nmoves %d\n", g->nvalues, g->nnodes,
            (long long)g->nedges, (long long)g->pairs, g->nmoves);
    int32_t *nb = malloc(((size_t)g->nvalues + 1) * sizeof *nb);
    for (int32_t v = 0; v < g->nvalues; v++) {
        if (!g->node[v]) continue;
        int32_t n = mc_igraph_neighbours(g, v, nb);
        fprintf(out, "n%d d%d e%d:", v, g->degree[v], g->entry_live ? g->entry_live[v] : -1);
        for (int32_t k = 0; k < n; k++) fprintf(out, " %d", nb[k]);
        fprintf(out, "\n");
    }
    free(nb);
    for (int32_t m = 0; m < g->nmoves; m++)
        fprintf(out, "move %d %d %.17g\n", g->moves[m][0], g->moves[m][1], g->move_weight ? g->move_weight[m] : -1.0);
}

static void alloc(const McFunc *ssa, McAllocator which, int k, FILE *out) {
    McDiags d;
    mc_diags_init(&d, "x", NULL, 0);
    McAllocation *a = mc_allocate(ssa, which, k, NULL, &d);
    fprintf(out, "-- allocation %s K=%d\n", mc_allocator_name(which), k);
    if (!a) {
        char line[512];
        fprintf(out, "failed: %s\n", d.n ? mc_diag_line(&d, 0, line, sizeof line) : "?");
    } else {
        mc_allocation_print(a, out);
        fprintf(out, "slots %d spilled %d coalesced %d removed %d\n", a->slots, a->nspilled, a->ncoalesced,
                a->removed_copies);
        for (int32_t i = 0; i < a->norder; i++) fprintf(out, "%d ", a->order[i]);
        fprintf(out, "\n");
        mc_allocation_free(a);
    }
    mc_diags_free(&d);
}

static void dump_func(const McFunc *f, FILE *out) {
    fprintf(out, "==== %s\n", f->name);
    for (int k = 0; k < MC_SSA_KIND_COUNT; k++) {
        McDiags d;
        mc_diags_init(&d, "x", NULL, 0);
        McSsaStats st;
        McFunc *s = mc_ssa_build(f, (McSsaKind)k, &st, &d);
        if (!s) die("ssa", &d);
        fprintf(out, "-- ssa %s: phis %d variables %d versions %d dropped %d was %d\n", mc_ssa_kind_name((McSsaKind)k),
                st.phis, st.variables, st.versions, st.dropped_blocks, st.was_ssa);
        mc_func_print(s, out);
        raw(s, out);
        if (k == MC_SSA_PRUNED) {
            for (int a = 0; a < 2; a++) {
                McAllocator which = a ? MC_ALLOC_BASELINE : MC_ALLOC_IMPROVED;
                McDestroyed *x = mc_destroy_phis(s, which, &d);
                if (!x) die("destroy", &d);
                fprintf(out, "-- destroyed %s: edge blocks %d copies %d scratch %d orig %d\n", mc_allocator_name(which),
                        x->nedge_blocks, x->ncopies, x->nscratch, x->norig_blocks);
                mc_func_print(x->f, out);
                raw(x->f, out);
                for (int32_t b = 0; b < x->f->nblocks; b++)
                    for (int32_t i = 0; i < x->f->blocks[b].ninsts; i++)
                        if (x->phi_copy[b][i]) fprintf(out, "pc %d %d\n", b, i);
                McIGraph *g = mc_interference(x->f, which, NULL);
                graph(g, out);
                mc_igraph_free(g);
                mc_destroyed_free(x);
            }
            alloc(s, MC_ALLOC_IMPROVED, 8, out);
            alloc(s, MC_ALLOC_IMPROVED, 4, out);
            alloc(s, MC_ALLOC_BASELINE, 4, out);
            McFunc *o = mc_func_clone(s);
            if (!mc_opt_run(o, NULL, NULL, &d)) die("opt", &d);
            fprintf(out, "-- opt\n");
            mc_func_print(o, out);
            raw(o, out);
            McDestroyed *x = mc_destroy_phis(o, MC_ALLOC_IMPROVED, &d);
            if (!x) die("destroy", &d);
            fprintf(out, "-- opt destroyed: edge blocks %d copies %d scratch %d\n", x->nedge_blocks, x->ncopies,
                    x->nscratch);
            raw(x->f, out);
            McIGraph *g = mc_interference(x->f, MC_ALLOC_IMPROVED, NULL);
            graph(g, out);
            mc_igraph_free(g);
            mc_destroyed_free(x);
            alloc(o, MC_ALLOC_IMPROVED, 8, out);
            mc_func_free(o);
        }
        mc_func_free(s);
        mc_diags_free(&d);
    }
}

static McModule *load(const char *path, McDiags *d, char **src) {
    McModule *m = mc_parse_file(path, d, src);
    if (!m) die("parse", d);
    return m;
}

int main(int argc, char **argv) {
    mc_memory_keep();
    if (argc >= 3 && strcmp(argv[1], "gen") == 0) {
        McGenOptions o;
        mc_gen_options_default(&o);
        o.size = atoi(argv[2]);
        o.form = MC_GEN_MUTABLE;
        o.max_vars = 16;
        o.max_construct = 300;
        o.opaque = true;
        McFunc *f = mc_gen(argc > 3 ? strtoull(argv[3], NULL, 10) : 20261130u, &o);
        mc_func_print(f, stdout);
        mc_func_free(f);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "time") == 0) {
        int n = argc > 3 ? atoi(argv[3]) : 7;
        double best[5] = {1e30, 1e30, 1e30, 1e30, 1e30};
        for (int r = 0; r < n; r++) {
            McDiags d;
            mc_diags_init(&d, argv[2], NULL, 0);
            char *src = NULL;
            double t0 = mc_cpu_now();
            McModule *m = load(argv[2], &d, &src);
            double t1 = mc_cpu_now();
            McFunc *s = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
            double t2 = mc_cpu_now();
            if (!s) die("ssa", &d);
            McOptOptions oo;
            mc_opt_options_default(&oo);
            oo.verify = false;
            if (!mc_opt_run(s, &oo, NULL, &d)) die("opt", &d);
            double t3 = mc_cpu_now();
            McDestroyed *x = mc_destroy_phis(s, MC_ALLOC_IMPROVED, &d);
            double t4 = mc_cpu_now();
            if (!x) die("destroy", &d);
            McIGraph *g = mc_interference(x->f, MC_ALLOC_IMPROVED, NULL);
            double t5 = mc_cpu_now();
            double t[5] = {t1 - t0, t2 - t1, t4 - t3, t5 - t4, t3 - t2};
            for (int k = 0; k < 5; k++)
                if (t[k] < best[k]) best[k] = t[k];
            mc_igraph_free(g);
            mc_destroyed_free(x);
            mc_func_free(s);
            mc_module_free(m);
            free(src);
            mc_diags_free(&d);
        }
        printf("parse+verify %.4f ssa %.4f (%.2fx) destroy %.4f (%.2fx) interference %.4f (%.2fx) opt %.4f (%.2fx)\n",
               best[0], best[1], best[1] / best[0], best[2], best[2] / best[0], best[3], best[3] / best[0], best[4],
               best[4] / best[0]);
        return 0;
    }
    if (argc >= 3 && (strcmp(argv[1], "dump") == 0 || strcmp(argv[1], "pipe") == 0)) {
        McDiags d;
        mc_diags_init(&d, argv[2], NULL, 0);
        char *src = NULL;
        McModule *m = load(argv[2], &d, &src);
        if (strcmp(argv[1], "dump") == 0) {
            for (int32_t i = 0; i < m->nfuncs; i++) dump_func(m->funcs[i], stdout);
        } else {
            int n = argc > 3 ? atoi(argv[3]) : 1;
            for (int r = 0; r < n; r++) {
                McFunc *s = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
                if (!s) die("ssa", &d);
                McOptOptions oo;
                mc_opt_options_default(&oo);
                oo.verify = false;
                if (!mc_opt_run(s, &oo, NULL, &d) || !mc_verify(s, MC_VERIFY_SSA, &d)) die("opt", &d);
                McDestroyed *x = mc_destroy_phis(s, MC_ALLOC_IMPROVED, &d);
                if (!x) die("destroy", &d);
                McIGraph *g = mc_interference(x->f, MC_ALLOC_IMPROVED, NULL);
                printf("nodes %d edges %lld\n", g->nnodes, (long long)g->nedges);
                mc_igraph_free(g);
                mc_destroyed_free(x);
                mc_func_free(s);
            }
        }
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
        return 0;
    }
    fprintf(stderr, "usage: ssadump gen SIZE [SEED] | dump FILE | pipe FILE [N]\n");
    return 2;
}
