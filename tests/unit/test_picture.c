/* test_picture.c - the registers and interference pictures as data
 * (src/shell/picture.h), which the prompt (show.c) and the workbench panes
 * (pane_regs.c, pane_interf.c) only lay out: rows in handle order, name
 * widths, location text, neighbour lists, the adjacency matrix and what a
 * summary of a big graph keeps, for the prompt's and the pane's limits.
 * picture.c is in the shell core (libminicc-shell.a), which the test links. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shell/picture.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"

static const char *swap_src =
    "func swap(i32 n) {\n"
    "entry:\n    i0 = copy 0\n    jump head\n"
    "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
    "    i = phi [entry: i0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
    "body:\n    i1 = add i, 1\n    jump head\n"
    "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n";

/* p0 + ... + p(n-1) in a chain: every parameter is live on entry, so the
 * graph has 2n - 1 nodes and about n^2 edges. */
static char *chain_src(int n) {
    size_t cap = (size_t)n * 64 + 100, len = 0;
    char *s = malloc(cap);
    len += (size_t)snprintf(s + len, cap - len, "func f(");
    for (int i = 0; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "%si32 p%d", i ? ", " : "", i);
    len += (size_t)snprintf(s + len, cap - len, ") {\nentry:\n    s1 = add p0, p1\n");
    for (int i = 2; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "    s%d = add s%d, p%d\n", i, i - 1, i);
    snprintf(s + len, cap - len, "    return s%d\n}\n", n - 1);
    return s;
}

typedef struct Alloc {
    McModule *m;
    McFunc *ssa;
    McAllocation *a;
} Alloc;

static Alloc allocate(const char *src, McAllocator which, int k) {
    Alloc x;
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    x.m = mc_parse("t.ir", src, strlen(src), &d);
    mc_diags_free(&d);
    assert_non_null(x.m);
    x.ssa = mc_pipeline_prepare(x.m->funcs[0], 1, NULL);
    assert_non_null(x.ssa);
    x.a = mc_allocate(x.ssa, which, k, NULL, NULL);
    assert_non_null(x.a);
    return x;
}

static void alloc_free(Alloc *x) {
    mc_allocation_free(x->a);
    mc_func_free(x->ssa);
    mc_module_free(x->m);
}

/* What every picture of a must agree on, whatever its limits. */
static void check_values(const McAllocation *a, const McPicValues *t) {
    assert_ptr_equal(t->f, a->f);
    assert_int_equal(t->n, a->f->nvalues);
    char buf[32];
    for (int32_t v = 0; v < t->n; v++) {
        const McPicValue *x = mc_pic_value(t, v);
        assert_string_equal(x->name, a->f->values[v].name);
        assert_int_equal(x->name_len, (int)strlen(a->f->values[v].name));
        assert_int_equal(x->loc.kind, a->loc[v].kind);
        assert_int_equal(x->loc.index, a->loc[v].index);
        assert_int_equal(x->spilled, a->loc[v].kind == MC_LOC_SLOT);
        assert_string_equal(x->where, mc_location_str(a->loc[v], buf, sizeof buf));
    }
    assert_string_equal(mc_pic_value(t, -1)->name, "?");
    assert_string_equal(mc_pic_value(t, t->n)->name, "?");
    assert_string_equal(mc_pic_value(t, t->n)->where, "-");
}

/* Rows are the graph's nodes in handle order with their real neighbours
 * (the first nkept of them), and the widths cover every node. */
static void check_graph(const McAllocation *a, const McIgPicture *p) {
    const McIGraph *g = a->graph;
    check_values(a, &p->vals);
    assert_int_equal(p->graph_nodes, g->nnodes);
    assert_int_equal(p->nedges, g->nedges);
    assert_int_equal(p->summary, g->nedges > MC_PIC_LIST_MAX_EDGES);
    int32_t m = 0;
    int w = 0, wm = 0;
    for (int32_t v = 0; v < g->nvalues && v < a->f->nvalues; v++) {
        if (!g->node[v]) continue;
        assert_true(m < p->nnodes);
        assert_int_equal(p->node[m++], v);
        int n = (int)strlen(a->f->values[v].name);
        if (n > w) w = n;
        n += a->loc[v].kind == MC_LOC_SLOT;
        if (n > wm) wm = n;
    }
    assert_int_equal(p->nnodes, m);
    assert_int_equal(p->width, w);
    assert_int_equal(p->width_marked, wm);
    int32_t *row = malloc((size_t)(g->nvalues + 1) * sizeof *row);
    for (int32_t i = 0; i < p->nrows; i++) {
        const McIgRow *r = &p->rows[i];
        assert_int_equal(r->value, p->node[i]);
        assert_int_equal(r->degree, g->degree[r->value]);
        int32_t n = mc_igraph_neighbours(g, r->value, row);
        assert_int_equal(r->nneighbours, n);
        assert_true(r->nkept <= n);
        for (int32_t k = 0; k < r->nkept; k++) assert_int_equal(r->neighbours[k], row[k]);
    }
    free(row);
    if (p->adj)
        for (int32_t i = 0; i < m; i++)
            for (int32_t j = 0; j < m; j++)
                assert_int_equal(p->adj[i * m + j], i != j && mc_igraph_has(g, p->node[i], p->node[j]));
    assert_ptr_equal(p->order, a->order);
    assert_int_equal(p->norder + p->order_more, a->norder);
}

static void test_small_graph_whole(void **state) {
    (void)state;
    Alloc x = allocate(swap_src, MC_ALLOC_BASELINE, 2);
    McIgLimits lims[] = {MC_PIC_PROMPT_LIMITS, MC_PIC_PANE_LIMITS(80), MC_PIC_PANE_LIMITS(0)};
    for (size_t l = 0; l < sizeof lims / sizeof lims[0]; l++) {
        McIgPicture p;
        mc_ig_picture(x.a, lims[l], &p);
        check_graph(x.a, &p);
        assert_false(p.summary);
        assert_true(p.nnodes > 0);
        assert_int_equal(p.nrows, p.nnodes);
        for (int32_t i = 0; i < p.nrows; i++) assert_int_equal(p.rows[i].nkept, p.rows[i].nneighbours);
        assert_non_null(p.adj);
        assert_int_equal(p.norder, x.a->norder);
        assert_int_equal(p.order_more, 0);
        mc_ig_picture_free(&p);
    }
    alloc_free(&x);
}

static void test_regs(void **state) {
    (void)state;
    for (int k = 1; k <= 4; k++) {
        Alloc x = allocate(swap_src, MC_ALLOC_IMPROVED, k);
        McRegsPicture p;
        mc_regs_picture(x.a, &p);
        check_values(x.a, &p.vals);
        int32_t n = 0;
        int w = 0, used = 0;
        bool seen[8] = {false};
        for (int32_t v = 0; v < x.a->f->nvalues; v++) {
            McLocation l = x.a->loc[v];
            if (l.kind == MC_LOC_NONE) continue;
            assert_int_equal(p.rows[n].value, v);
            int32_t al = x.a->alias[v] != v && x.a->alias[v] >= 0 ? x.a->alias[v] : MC_NONE;
            assert_int_equal(p.rows[n].alias, al);
            n++;
            if ((int)strlen(x.a->f->values[v].name) > w) w = (int)strlen(x.a->f->values[v].name);
            if (l.kind == MC_LOC_REG && !seen[l.index]) {
                seen[l.index] = true;
                used++;
            }
        }
        assert_int_equal(p.nrows, n);
        assert_int_equal(p.width, w);
        assert_int_equal(p.used, used);
        assert_true(used >= 1 && used <= k);
        assert_int_equal(p.registers, k);
        assert_int_equal(p.slots, x.a->slots);
        assert_int_equal(p.nspilled, x.a->nspilled);
        mc_regs_picture_free(&p);
        alloc_free(&x);
    }
}

/* 17 parameters: 33 nodes, 256 edges: a list, with a matrix for the pane
 * (at most 60 nodes) but not for the prompt (at most 32). */
static void test_matrix_limit(void **state) {
    (void)state;
    char *src = chain_src(17);
    Alloc x = allocate(src, MC_ALLOC_BASELINE, 4);
    McIgPicture p;
    mc_ig_picture(x.a, MC_PIC_PROMPT_LIMITS, &p);
    check_graph(x.a, &p);
    assert_int_equal(p.nnodes, 33);
    assert_false(p.summary);
    assert_null(p.adj);
    mc_ig_picture_free(&p);
    mc_ig_picture(x.a, MC_PIC_PANE_LIMITS(100), &p);
    check_graph(x.a, &p);
    assert_non_null(p.adj);
    mc_ig_picture_free(&p);
    alloc_free(&x);
    free(src);
}

/* 300 parameters: 599 nodes, 89,401 edges: a summary. The prompt keeps
 * 100 rows without neighbours and 100 entries of the colouring order; the
 * pane 500 rows with as many neighbours as its width. */
static void test_big_graph_summary(void **state) {
    (void)state;
    char *src = chain_src(300);
    Alloc x = allocate(src, MC_ALLOC_IMPROVED, 4);
    McIgPicture p;
    mc_ig_picture(x.a, MC_PIC_PROMPT_LIMITS, &p);
    check_graph(x.a, &p);
    assert_true(p.summary);
    assert_int_equal(p.nnodes, 599);
    assert_int_equal(p.nrows, 100);
    for (int32_t i = 0; i < p.nrows; i++) {
        assert_int_equal(p.rows[i].nkept, 0);
        assert_int_equal(p.rows[i].nneighbours, p.rows[i].degree);
    }
    assert_null(p.adj);
    assert_int_equal(p.norder, 100);
    assert_int_equal(p.order_more, x.a->norder - 100);
    mc_ig_picture_free(&p);

    mc_ig_picture(x.a, MC_PIC_PANE_LIMITS(40), &p);
    check_graph(x.a, &p);
    assert_int_equal(p.nrows, 500);
    for (int32_t i = 0; i < p.nrows; i++) {
        int32_t d = p.rows[i].degree;
        assert_int_equal(p.rows[i].nkept, d < 40 ? d : 40);
    }
    assert_null(p.adj);
    assert_int_equal(p.norder, 500);
    assert_int_equal(p.order_more, x.a->norder - 500);
    mc_ig_picture_free(&p);
    alloc_free(&x);
    free(src);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_graph_whole),
        cmocka_unit_test(test_regs),
        cmocka_unit_test(test_matrix_limit),
        cmocka_unit_test(test_big_graph_summary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
