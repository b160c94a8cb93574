/* points_show.c - per-point liveness and pressure as text (show.h): the
 * function in the IR text format with a `#` comment after every point, so
 * the text still parses. Shared by the prompt's `live --points` and
 * `minicc print --live`. */
#include "shell/show.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

static void put_point(const McFunc *f, const McPoints *p, int32_t b, int32_t at, FILE *out) {
    McValList l = mc_points_live(p, b, at);
    McStr s;
    mc_str_init(&s);
    mc_str_puts(&s, "    # live:");
    for (int32_t i = 0; i < l.n; i++) {
        mc_str_puts(&s, " ");
        mc_str_puts(&s, f->values[l.v[i]].name);
    }
    if (l.n == 0) mc_str_puts(&s, " -");
    char num[64];
    int32_t pr = mc_points_pressure(p, b, at);
    snprintf(num, sizeof num, "  [%d]", (int)pr);
    mc_str_puts(&s, num);
    if (b == p->max_block && at == p->max_at)
        mc_str_puts(&s, " <- MaxLive");
    else if (at == p->block_max_at[b])
        mc_str_puts(&s, " <- block max");
    fwrite(s.s, 1, s.len, out);
    fputc('\n', out);
    mc_str_free(&s);
}

void mc_show_live_points(const McFunc *f, FILE *out) {
    McLiveness *lv = mc_liveness_all(f, NULL);
    McPoints *p = mc_live_points(f, lv, true);
    McStr s;
    mc_str_init(&s);
    if (p->max_block == MC_NONE) {
        fputs("# MaxLive 0 (no blocks)\n", out);
    } else {
        fprintf(out, "# MaxLive %d in %s, ", (int)p->max, f->blocks[p->max_block].name);
        if (p->max_at < 0)
            fputs(f->blocks[p->max_block].nphis ? "after the phis\n" : "at its top\n", out);
        else {
            mc_inst_str(f, &f->blocks[p->max_block].insts[p->max_at], &s);
            fprintf(out, "after %.*s\n", (int)s.len, s.s);
            s.len = 0;
        }
        fputs("# per block:", out);
        for (int32_t b = 0; b < f->nblocks; b++) fprintf(out, " %s %d", f->blocks[b].name, (int)p->block_max[b]);
        fputs("\n# [N]: values live after the point plus what it defines (a result nobody reads counts there)\n", out);
    }
    mc_signature_str(f, &s);
    fprintf(out, "%.*s {\n", (int)s.len, s.s);
    s.len = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        fprintf(out, "%s:\n", bl->name);
        for (int32_t i = 0; i < bl->nphis; i++) {
            mc_phi_str(f, &bl->phis[i], &s);
            fprintf(out, "    %.*s\n", (int)s.len, s.s);
            s.len = 0;
        }
        put_point(f, p, b, -1, out);
        for (int32_t i = 0; i < bl->ninsts; i++) {
            mc_inst_str(f, &bl->insts[i], &s);
            fprintf(out, "    %.*s\n", (int)s.len, s.s);
            s.len = 0;
            put_point(f, p, b, i, out);
        }
        if (bl->has_term)
            mc_term_str(f, &bl->term, &s);
        else
            mc_str_puts(&s, "# no terminator");
        fprintf(out, "    %.*s\n", (int)s.len, s.s);
        s.len = 0;
    }
    fputs("}\n", out);
    mc_str_free(&s);
    mc_points_free(p);
    mc_liveness_free(lv);
}

/* `BLOCK: INSTRUCTION` of f. */
static void put_inst(const McFunc *f, int32_t b, int32_t i, FILE *out) {
    McStr s;
    mc_str_init(&s);
    mc_inst_str(f, &f->blocks[b].insts[i], &s);
    fprintf(out, "%s: %.*s", f->blocks[b].name, (int)s.len, s.s);
    mc_str_free(&s);
}

void mc_show_why(const McAllocation *a, const McAllocOptions *o, int32_t x, int32_t y, FILE *out) {
    const McFunc *f = a->destroyed->f;
    const char *nx = f->values[x].name, *ny = f->values[y].name;
    McWhy w;
    McWhyKind k = mc_interference_why_opts(f, a->allocator, o, x, y, &w);
    bool edge = mc_igraph_has(a->graph, x, y);
    switch (k) {
    case MC_WHY_DEF:
        fprintf(out, "%s and %s interfere: %s is defined at ", nx, ny, f->values[w.def].name);
        put_inst(f, w.block, w.inst, out);
        fprintf(out, "\n  while %s is live after it (they need different locations)\n", f->values[w.live].name);
        break;
    case MC_WHY_PARAMS:
        if (a->allocator == MC_ALLOC_BASELINE)
            fprintf(out, "%s and %s interfere: both are parameters, and the chapter's graph connects every scalar\n"
                         "  parameter to every other (they are written together before the entry block)\n",
                    nx, ny);
        else
            fprintf(out, "%s and %s interfere: both are parameters live on entry, written together before the\n"
                         "  entry block\n",
                    nx, ny);
        break;
    case MC_WHY_COPY:
        fprintf(out, "%s and %s do not interfere: only at ", nx, ny);
        put_inst(f, w.copy_block, w.copy_inst, out);
        fprintf(out, "\n  is one defined while the other is live, and there both hold the same value\n"
                     "  (Chaitin's copy exception)\n");
        break;
    case MC_WHY_NONE:
        fprintf(out, "%s and %s do not interfere: neither is defined where the other is live\n", nx, ny);
        if (f->values[x].param != MC_NONE && f->values[y].param != MC_NONE && o && o->no_param_edges &&
            (a->allocator == MC_ALLOC_BASELINE || a->allocator == MC_ALLOC_IMPROVED))
            fprintf(out, "  (param-edges=off: the planted bug drops the edges between parameters bound on entry)\n");
        else if (f->values[x].param != MC_NONE && f->values[y].param != MC_NONE)
            fprintf(out, "  (a parameter not live on entry is not written there, so the two are not bound together)\n");
        break;
    case MC_WHY_NOT_SCALAR:
        fprintf(out, "%s and %s do not interfere: %s\n", nx, ny,
                x == y ? "it is the same value" : "only scalar values are nodes (buffers never are)");
        break;
    }
    bool says = k == MC_WHY_DEF || k == MC_WHY_PARAMS;
    if (says != edge) /* never: the scan is the graph's */
        fprintf(out, "  (but the graph says they %s)\n", edge ? "interfere" : "do not");
    char lx[32], ly[32];
    fprintf(out, "  %s -> %s, %s -> %s (%s allocator, K = %d)\n", nx, mc_alloc_location_str(a, a->loc[x], lx, sizeof lx), ny,
            mc_alloc_location_str(a, a->loc[y], ly, sizeof ly), mc_allocator_name(a->allocator), a->registers);
    mc_alloc_calls_why(a, x, out); /* calls: what the convention makes of each (nothing without calls) */
    mc_alloc_calls_why(a, y, out);
}
