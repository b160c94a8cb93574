/* gen_c.c - random MiniC programs as syntax trees and the reducer over
 * the tree (genc.h); their two printings (the MiniC text and the checked
 * twin for the C-compiler oracle) and the oracle's C file are in
 * gen_c_print.c, the tree's types in gen_c_int.h.
 *
 * Contract: a pure function of the seed and the options. Every program is
 * valid MiniC (declared before use, every declaration initialized or
 * assigned by the next statement, a final return), terminates within a few
 * thousand block entries (every loop runs a counter the body never assigns
 * up to a bound of at most 4), and, outside trap programs, never divides by
 * zero and never indexes outside the buffer lengths its arguments have.
 * Guards that C needs beyond MiniC (INT_MIN / -1, left shifts) are either
 * static (masks) or checked at run time by the twin, which then keeps the
 * plain program from being asked.
 *
 * A trap program has at most one unguarded divisor or index per statement,
 * so the first trap is the same whatever order C evaluates operands in. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gen_c_int.h"
#include "minicc/genc.h"
#include "minicc/util.h"

/* ---- the tree ------------------------------------------------------------------ */

static Expr *enew(int k) {
    Expr *e = mc_xcalloc(1, sizeof *e);
    e->k = k;
    return e;
}

static Expr *enum_(int32_t v) {
    Expr *e = enew(E_NUM);
    e->num = v;
    return e;
}

static Expr *ebin(int op, Expr *a, Expr *b) {
    Expr *e = enew(E_BIN);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

static Expr *econd(Expr *c, Expr *a, Expr *b) {
    Expr *e = enew(E_COND);
    e->a = c;
    e->b = a;
    e->c = b;
    return e;
}

static Expr *evar(const char *name) {
    Expr *e = enew(E_VAR);
    snprintf(e->name, sizeof e->name, "%s", name);
    return e;
}

static void efree(Expr *e) {
    if (!e) return;
    efree(e->a);
    efree(e->b);
    efree(e->c);
    free(e);
}

static Expr *eclone(const Expr *e) {
    if (!e) return NULL;
    Expr *c = mc_xmalloc(sizeof *c);
    *c = *e;
    c->a = eclone(e->a);
    c->b = eclone(e->b);
    c->c = eclone(e->c);
    return c;
}

static Stmt *snew(int k) {
    Stmt *s = mc_xcalloc(1, sizeof *s);
    s->k = k;
    s->buf = -1;
    return s;
}

static void sfree(Stmt *s) {
    if (!s) return;
    efree(s->idx);
    efree(s->e);
    sfree(s->then);
    sfree(s->els);
    for (int i = 0; i < s->n; i++) sfree(s->items[i]);
    free(s->items);
    for (int i = 0; i < s->ndecls; i++) efree(s->decls[i].init);
    free(s->decls);
    for (int i = 0; i < s->nsteps; i++) sfree(s->steps[i]);
    free(s->steps);
    free(s);
}

static Stmt *sclone(const Stmt *s) {
    if (!s) return NULL;
    Stmt *c = mc_xmalloc(sizeof *c);
    *c = *s;
    c->idx = eclone(s->idx);
    c->e = eclone(s->e);
    c->then = sclone(s->then);
    c->els = sclone(s->els);
    c->items = s->n ? mc_xmalloc((size_t)s->n * sizeof *c->items) : NULL;
    for (int i = 0; i < s->n; i++) c->items[i] = sclone(s->items[i]);
    c->decls = s->ndecls ? mc_xmalloc((size_t)s->ndecls * sizeof *c->decls) : NULL;
    for (int i = 0; i < s->ndecls; i++) {
        c->decls[i] = s->decls[i];
        c->decls[i].init = eclone(s->decls[i].init);
    }
    c->steps = s->nsteps ? mc_xmalloc((size_t)s->nsteps * sizeof *c->steps) : NULL;
    for (int i = 0; i < s->nsteps; i++) c->steps[i] = sclone(s->steps[i]);
    return c;
}

static void block_add(Stmt *b, Stmt *s) {
    b->items = mc_xrealloc(b->items, (size_t)(b->n + 1) * sizeof *b->items);
    b->items[b->n++] = s;
}

static void decl_add(Stmt *s, const char *name, Expr *init) {
    s->decls = mc_xrealloc(s->decls, (size_t)(s->ndecls + 1) * sizeof *s->decls);
    snprintf(s->decls[s->ndecls].name, NAMELEN, "%s", name);
    s->decls[s->ndecls++].init = init;
}

void mc_genc_free(McGencProg *p) {
    if (!p) return;
    for (int i = 0; i < p->nparams; i++) free(p->params[i].data);
    free(p->params);
    sfree(p->body);
    for (int k = 0; k < p->nhelpers; k++) {
        free(p->helpers[k].params);
        sfree(p->helpers[k].body);
    }
    free(p->helpers);
    free(p);
}

McGencProg *mc_genc_clone(const McGencProg *p) {
    McGencProg *c = mc_xcalloc(1, sizeof *c);
    *c = *p;
    c->params = mc_xmalloc((size_t)(p->nparams ? p->nparams : 1) * sizeof *c->params);
    for (int i = 0; i < p->nparams; i++) {
        c->params[i] = p->params[i];
        c->params[i].data = NULL;
        if (p->params[i].len) {
            c->params[i].data = mc_xmalloc((size_t)p->params[i].len * sizeof(int32_t));
            memcpy(c->params[i].data, p->params[i].data, (size_t)p->params[i].len * sizeof(int32_t));
        }
    }
    c->body = sclone(p->body);
    c->helpers = p->nhelpers ? mc_xmalloc((size_t)p->nhelpers * sizeof *c->helpers) : NULL;
    for (int k = 0; k < p->nhelpers; k++) {
        const Func *h = &p->helpers[k];
        c->helpers[k] = *h;
        c->helpers[k].params = mc_xmalloc((size_t)h->nparams * sizeof *h->params);
        memcpy(c->helpers[k].params, h->params, (size_t)h->nparams * sizeof *h->params);
        c->helpers[k].body = sclone(h->body);
    }
    return c;
}

void mc_genc_options_default(McGencOptions *o) {
    memset(o, 0, sizeof *o);
    o->size = 24;
    o->max_loop_depth = 3;
    o->max_nesting = 4;
    o->traps = true;
}

/* ---- the generator ------------------------------------------------------------ */

typedef struct Var {
    char name[NAMELEN];
    int level;      /* block nesting level of the declaration (parameters: 0) */
    bool counter;   /* a loop counter: read, never assigned by generated statements */
    bool param;     /* a parameter (its ordinal: pidx) */
    int pidx;
    int32_t lo, hi; /* a counter's range inside the loop body */
    int buf;        /* -1 scalar, else buffer ordinal */
    int32_t len;    /* buffer length */
    int blen;       /* a buffer: as Expr.blen */
} Var;

#define MAX_SCOPE 96
#define MAX_BUFS 8
typedef struct G {
    McRng r;
    const McGencOptions *o;
    Var scope[MAX_SCOPE];
    int nscope;
    int level, nesting, loops;
    int32_t budget;     /* statements left */
    bool trap_program;
    int unguarded;      /* unguarded trap sites still allowed in the current statement */
    int fresh;          /* counter for fresh names */
    const char *hide;   /* a name being declared: in C its scope starts at its own initializer */
    int nbufs;
    Var bufs[MAX_BUFS]; /* the buffer parameters, then the local arrays in scope */
    McGencProg *prog; /* the program being built: its arguments */
    /* calls (McGencOptions.calls); all zero without them */
    int ncallees;       /* the helpers this function may call: h0 .. h(ncallees-1) */
    bool fuel;          /* a helper: its calls pass d - 1 under d > 0 */
    int sites;          /* call sites left in this function */
    bool is_void;       /* a void helper: `return;` */
    bool nobuf;         /* expressions read no buffer (a call's arguments) */
} G;

static uint32_t below(G *g, uint32_t n) { return mc_rng_below(&g->r, n); }
static bool chance(G *g, uint32_t pct) { return mc_rng_chance(&g->r, pct); }

static const int32_t edge_values[] = {0, 1, 2, 3, -1, -2, 7, 10, 100, -100, 255, 65535, INT_MAX, INT_MIN, INT_MIN + 1,
                                      1 << 30, -(1 << 30)};

static int32_t small_const(G *g) {
    if (chance(g, 70)) return (int32_t)below(g, 10);
    return edge_values[below(g, sizeof edge_values / sizeof edge_values[0])];
}

/* The visible scalar variables (innermost declaration of each name). */
static int visible(G *g, const Var **out, bool assignable) {
    int n = 0;
    for (int i = g->nscope - 1; i >= 0; i--) {
        const Var *v = &g->scope[i];
        bool shadowed = false;
        for (int j = g->nscope - 1; j > i; j--)
            if (strcmp(g->scope[j].name, v->name) == 0) shadowed = true;
        if (shadowed || v->buf >= 0) continue;
        if (g->hide && strcmp(v->name, g->hide) == 0) continue;
        if (assignable && v->counter) continue;
        out[n++] = v;
    }
    return n;
}

static bool declared_here(G *g, const char *name) {
    for (int i = 0; i < g->nscope; i++)
        if (g->scope[i].level == g->level && strcmp(g->scope[i].name, name) == 0) return true;
    return false;
}

static Var *declare(G *g, const char *name) {
    MC_ASSERT(g->nscope < MAX_SCOPE);
    Var *v = &g->scope[g->nscope++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, NAMELEN, "%s", name);
    v->level = g->level;
    v->buf = -1;
    return v;
}

static void pop_level(G *g) {
    while (g->nscope > 0 && g->scope[g->nscope - 1].level == g->level) g->nscope--;
    while (g->nbufs > 0 && g->bufs[g->nbufs - 1].level == g->level) g->nbufs--; /* local arrays */
    g->level--;
}

static const char *const local_names[] = {"s", "t", "u", "v", "m", "p", "q", "r", "x", "y", "z"};

/* A name for a new declaration in the current block: a local (possibly
 * shadowing an outer one), or NULL when all are taken here. */
static const char *pick_new_name(G *g) {
    size_t n = sizeof local_names / sizeof local_names[0];
    uint32_t start = below(g, (uint32_t)n);
    for (size_t k = 0; k < n; k++) {
        const char *name = local_names[(start + k) % n];
        if (!declared_here(g, name)) return name;
    }
    return NULL;
}

static Expr *gen_expr(G *g, int depth);

static bool may_leave_unguarded(G *g) { return g->trap_program && g->unguarded > 0 && chance(g, 30); }

/* The dividend of a negation-and-division form: mostly a scalar variable,
 * a parameter when one is visible (they are often INT_MIN, see mc_genc),
 * else l; l is consumed. */
static Expr *min_operand(G *g, Expr *l) {
    const Var *vis[MAX_SCOPE], *par[MAX_SCOPE];
    int n = visible(g, vis, false), np = 0;
    for (int i = 0; i < n; i++)
        if (vis[i]->param) par[np++] = vis[i];
    if (n == 0 || chance(g, 25)) return l;
    efree(l);
    if (np && chance(g, 70)) {
        /* a parameter, whose argument then is INT_MIN or INT_MIN + 1 half the time */
        const Var *v = par[below(g, (uint32_t)np)];
        if (chance(g, 50)) g->prog->params[v->pidx].scalar = chance(g, 80) ? INT_MIN : INT_MIN + 1;
        return evar(v->name);
    }
    return evar(vis[below(g, (uint32_t)n)]->name);
}

/* A divisor C defines and MiniC does not trap on. */
static Expr *gen_division(G *g, int op, int depth) {
    Expr *l = gen_expr(g, depth - 1);
    if (may_leave_unguarded(g)) {
        g->unguarded--;
        return ebin(op, l, gen_expr(g, depth - 1));
    }
    int saved = g->unguarded;
    g->unguarded = 0;
    Expr *e;
    switch (below(g, 5)) {
    case 3:
    case 4: { /* -v / k or v / -k, k in {1, -1, 2, 3, -3}, v often INT_MIN (issue 26) */
        static const int32_t ks[] = {1, -1, 2, 3, -3};
        Expr *k = enum_(ks[below(g, sizeof ks / sizeof ks[0])]);
        Expr *n = enew(E_NEG);
        if (chance(g, 60)) {
            if (chance(g, 20)) { /* l is not used: freed */
                efree(l);
                n->a = enum_(INT_MIN);
            } else {
                n->a = min_operand(g, l);
            }
            e = ebin(op, n, k);
        } else {
            n->a = k;
            e = ebin(op, min_operand(g, l), n);
        }
        break;
    }
    case 0: /* (r & 7) + 1: 1..8 */
        e = ebin(op, l, ebin(B_ADD, ebin(B_AND, gen_expr(g, depth - 1), enum_(7)), enum_(1)));
        break;
    case 1: { /* r != 0 ? l / r : k (INT_MIN / -1 is caught by the twin) */
        Expr *r = gen_expr(g, depth - 1);
        e = econd(ebin(B_NE, eclone(r), enum_(0)), ebin(op, l, r), enum_(small_const(g)));
        break;
    }
    default: { /* a constant other than 0 and -1 */
        static const int32_t divs[] = {2, 3, 5, 7, 10, -2, -3, 16, 100, -7};
        e = ebin(op, l, enum_(divs[below(g, sizeof divs / sizeof divs[0])]));
        break;
    }
    }
    g->unguarded = saved;
    return e;
}

/* A shift. Most counts are masked (`c & 31`, which prints in parentheses);
 * some are an unparenthesised +, - or * of a small count and a constant
 * (`l << (c & 7) + 3`, `l >> (c & 3) * 5`), so that a front end giving `<<`
 * the precedence of `+` or `*` computes something else (issue 26). */
static Expr *gen_shift(G *g, int op, int depth) {
    Expr *l = gen_expr(g, depth - 1), *c = gen_expr(g, depth - 1);
    uint32_t form = below(g, 13);
    if (form >= 10) {
        static const int arith[] = {B_ADD, B_SUB, B_MUL};
        int a = arith[form - 10];
        Expr *small = ebin(B_AND, c, enum_(a == B_MUL ? 3 : 7));
        Expr *count = ebin(a, small, enum_(a == B_ADD ? 1 + (int32_t)below(g, 8) : a == B_SUB ? 1 + (int32_t)below(g, 3) : 1 + (int32_t)below(g, 5)));
        if (op == B_SHL) l = ebin(B_AND, l, enum_(255));
        return ebin(op, l, count);
    }
    if (op == B_SHL && form < 6) /* (l & 255) << (c & 15): always defined */
        return ebin(B_SHL, ebin(B_AND, l, enum_(255)), ebin(B_AND, c, enum_(15)));
    if (form < 9) return ebin(op, l, ebin(B_AND, c, enum_(31))); /* the twin checks the rest */
    return ebin(op, l, c);
}

/* A buffer read: the index is guarded unless this site may trap. */
static Expr *gen_index(G *g, const Var *b, int depth) {
    Expr *e = enew(E_IDX);
    snprintf(e->name, NAMELEN, "%s", b->name);
    e->buf = b->buf;
    e->blen = b->blen;
    if (may_leave_unguarded(g) || b->len == 0) {
        if (g->unguarded > 0) g->unguarded--;
        e->a = gen_expr(g, depth - 1);
        return e;
    }
    int saved = g->unguarded;
    g->unguarded = 0;
    /* a counter known to lie inside the buffer */
    const Var *vis[MAX_SCOPE];
    int n = visible(g, vis, false);
    for (int i = 0; i < n; i++)
        if (vis[i]->counter && vis[i]->lo >= 0 && vis[i]->lo <= vis[i]->hi && vis[i]->hi < b->len && chance(g, 50)) {
            e->a = evar(vis[i]->name);
            g->unguarded = saved;
            return e;
        }
    int32_t p2 = 1;
    while (p2 * 2 <= b->len) p2 *= 2;
    switch (below(g, 3)) {
    case 0:
        e->a = ebin(B_AND, gen_expr(g, depth - 1), enum_(p2 - 1));
        break;
    case 1:
        e->a = enum_((int32_t)below(g, (uint32_t)b->len));
        break;
    default: { /* i >= 0 && i < LEN ? b[i] : k (i small: it is written three times) */
        Expr *i = gen_expr(g, depth > 1 ? 1 : 0);
        e->a = i;
        Expr *guard = ebin(B_LAND, ebin(B_GE, eclone(i), enum_(0)), ebin(B_LT, eclone(i), enum_(b->len)));
        g->unguarded = saved;
        return econd(guard, e, enum_(small_const(g)));
    }
    }
    g->unguarded = saved;
    return e;
}

/* A buffer to access, or NULL: an empty buffer only while this statement
 * may still have an unguarded site (any access to it traps). */
static const Var *pick_buf(G *g) {
    if (!g->nbufs || g->nobuf) return NULL;
    const Var *b = &g->bufs[below(g, (uint32_t)g->nbufs)];
    if (b->len > 0 || (g->trap_program && g->unguarded > 0)) return b;
    for (int i = 0; i < g->nbufs; i++)
        if (g->bufs[i].len > 0) return &g->bufs[i];
    return NULL;
}

static Expr *gen_leaf(G *g) {
    const Var *vis[MAX_SCOPE];
    int n = visible(g, vis, false);
    uint32_t c = below(g, 100);
    const Var *b = c < 20 ? pick_buf(g) : NULL;
    if (b) return gen_index(g, b, 2);
    if (n && c < 65) return evar(vis[below(g, (uint32_t)n)]->name);
    return enum_(small_const(g));
}

static Expr *gen_expr(G *g, int depth) {
    if (depth <= 0 || chance(g, 25)) return gen_leaf(g);
    uint32_t c = below(g, 100);
    if (c < 8) {
        static const int un[] = {E_NEG, E_POS, E_NOT, E_BNOT, E_NEG};
        Expr *e = enew(un[below(g, 5)]);
        e->a = gen_expr(g, depth - 1);
        return e;
    }
    if (c < 16) return econd(gen_expr(g, depth - 1), gen_expr(g, depth - 1), gen_expr(g, depth - 1));
    int op = (int)below(g, B_COUNT);
    if (op == B_DIV || op == B_REM) return gen_division(g, op, depth);
    if (op == B_SHL || op == B_SHR) return gen_shift(g, op, depth);
    return ebin(op, gen_expr(g, depth - 1), gen_expr(g, depth - 1));
}

/* A condition: mostly a comparison or a logical combination of them. */
static Expr *gen_cond(G *g) {
    static const int cmp[] = {B_LT, B_LE, B_GT, B_GE, B_EQ, B_NE};
    if (chance(g, 15)) return gen_expr(g, 2);
    Expr *e = ebin(cmp[below(g, 6)], gen_expr(g, 1), gen_expr(g, 1));
    if (chance(g, 30)) e = ebin(chance(g, 50) ? B_LAND : B_LOR, e, ebin(cmp[below(g, 6)], gen_expr(g, 1), gen_expr(g, 1)));
    return e;
}

static Stmt *gen_block(G *g, int nstmts, bool in_loop);

/* The value of `LVALUE OP= e`: a divisor that needs no condition for / and %,
 * a masked count for shifts. */
static Expr *assign_value(G *g, int op) {
    if (op == B_DIV || op == B_REM) {
        Expr *d = gen_division(g, op, 2);
        Expr *v;
        if (d->k == E_BIN) {
            v = d->b;
            d->b = NULL;
        } else {
            v = enum_(3);
        }
        efree(d);
        return v;
    }
    if (op == B_SHL || op == B_SHR) return ebin(B_AND, gen_expr(g, 1), enum_(op == B_SHL ? 7 : 31));
    return gen_expr(g, 3);
}

/* `x OP= e;` or `b[i] OP= e;` (a guarded store: `if (guard) b[i] OP= e;`). */
static Stmt *gen_assign(G *g) {
    const Var *vis[MAX_SCOPE];
    int n = visible(g, vis, true);
    const Var *b = n == 0 || chance(g, 25) ? pick_buf(g) : NULL;
    bool store = b != NULL;
    if (!store && n == 0) return snew(S_EMPTY);
    Stmt *s = snew(S_ASSIGN);
    static const int aops[] = {A_SET, A_SET, A_SET, A_SET, B_ADD, B_SUB, B_MUL,
                               B_DIV, B_REM, B_AND, B_OR,  B_XOR, B_SHL, B_SHR};
    s->op = aops[below(g, sizeof aops / sizeof aops[0])];
    if (!store) {
        snprintf(s->name, NAMELEN, "%s", vis[below(g, (uint32_t)n)]->name);
        s->e = assign_value(g, s->op);
        return s;
    }
    Expr *ix = gen_index(g, b, 2), *in = ix;
    Stmt *w = NULL;
    if (ix->k == E_COND) { /* guard ? b[i] : k */
        w = snew(S_IF);
        w->e = ix->a;
        in = ix->b;
        ix->a = ix->b = NULL;
        efree(ix);
        w->then = s;
    }
    snprintf(s->name, NAMELEN, "%s", in->name);
    s->buf = in->buf;
    s->blen = in->blen;
    s->idx = in->a;
    in->a = NULL;
    efree(in);
    s->e = assign_value(g, s->op);
    return w ? w : s;
}

static Stmt *gen_stmt(G *g, bool in_loop);

/* A loop with a counter the body never assigns: for, while or do-while. */
static Stmt *gen_loop(G *g, Stmt *outer) {
    int32_t bound = 1 + (int32_t)below(g, 4);
    uint32_t kind = below(g, 3);
    g->loops++;
    g->nesting++;
    Stmt *s;
    if (kind == 0) {
        s = snew(S_FOR);
        g->level++; /* the for statement's own scope */
        const char *cn = g->loops == 1 ? "i" : g->loops == 2 ? "j" : "k";
        Var *c = declare(g, cn);
        c->counter = true;
        bool down = chance(g, 25);
        decl_add(s, cn, enum_(down ? bound : 0));
        c->lo = 0; /* no known range in the header: the step runs past the bound */
        c->hi = -1;
        Stmt *step = snew(S_INCDEC);
        snprintf(step->name, NAMELEN, "%s", cn);
        step->op = down ? (chance(g, 50) ? 1 : 3) : (chance(g, 50) ? 0 : 2);
        s->e = ebin(down ? B_GT : B_LT, evar(cn), enum_(down ? 0 : bound));
        s->steps = mc_xmalloc(2 * sizeof *s->steps);
        s->steps[s->nsteps++] = step;
        if (chance(g, 30)) { /* a second variable in the header */
            const char *vn = pick_new_name(g);
            if (vn) {
                g->hide = vn;
                decl_add(s, vn, gen_expr(g, 1));
                g->hide = NULL;
                declare(g, vn);
                Stmt *st = snew(S_ASSIGN);
                snprintf(st->name, NAMELEN, "%s", vn);
                st->op = chance(g, 50) ? B_ADD : B_XOR;
                st->e = gen_expr(g, 1);
                s->steps[s->nsteps++] = st;
            }
        }
        c = &g->scope[g->nscope - 1 - (s->ndecls - 1)]; /* the counter (the header may declare one more) */
        c->lo = down ? 1 : 0;
        c->hi = down ? bound : bound - 1;
        s->then = gen_block(g, 1 + (int)below(g, 4), true);
        pop_level(g);
    } else {
        char cn[NAMELEN];
        snprintf(cn, sizeof cn, "w%d", g->fresh++);
        Stmt *d = snew(S_DECL);
        decl_add(d, cn, enum_(0));
        block_add(outer, d);
        Var *c = declare(g, cn);
        c->counter = true;
        c->lo = 1;
        c->hi = bound;
        s = snew(kind == 1 ? S_WHILE : S_DO);
        Expr *cond = ebin(B_LT, evar(cn), enum_(bound));
        if (kind == 1 && chance(g, 20)) cond = ebin(B_LAND, cond, gen_cond(g));
        s->e = cond;
        s->then = gen_block(g, 1 + (int)below(g, 4), true);
        Stmt *inc = snew(S_INCDEC); /* first, so that continue cannot skip it */
        snprintf(inc->name, NAMELEN, "%s", cn);
        inc->op = chance(g, 50) ? 0 : 2;
        Stmt *b = s->then;
        b->items = mc_xrealloc(b->items, (size_t)(b->n + 1) * sizeof *b->items);
        memmove(b->items + 1, b->items, (size_t)b->n * sizeof *b->items);
        b->items[0] = inc;
        b->n++;
    }
    g->loops--;
    g->nesting--;
    return s;
}

static Stmt *gen_call(G *g);
static Stmt *gen_array(G *g);

static Stmt *gen_stmt(G *g, bool in_loop) {
    g->budget--;
    g->unguarded = g->trap_program ? 1 : 0;
    if (g->ncallees > 0) { /* with calls only: the draws of a call-free program are unchanged */
        if (g->sites > 0 && g->loops <= 1 && chance(g, 20)) {
            Stmt *s = gen_call(g);
            if (s) return s;
        }
        if (g->nbufs < MAX_BUFS && chance(g, 6)) return gen_array(g);
    }
    uint32_t c = below(g, 100);
    bool deeper = g->nesting < g->o->max_nesting;
    if (c < 14) { /* declarations, possibly shadowing */
        const char *name = pick_new_name(g);
        if (!name) return gen_assign(g);
        Stmt *s = snew(S_DECL);
        g->hide = name;
        decl_add(s, name, gen_expr(g, 2));
        g->hide = NULL;
        if (chance(g, 20)) {
            const char *n2 = NULL;
            declare(g, name);
            n2 = pick_new_name(g);
            if (n2) {
                g->hide = n2;
                decl_add(s, n2, gen_expr(g, 2)); /* may read the first */
                g->hide = NULL;
                declare(g, n2);
            }
            return s;
        }
        declare(g, name);
        return s;
    }
    if (c < 48) return gen_assign(g);
    if (c < 54) {
        const Var *vis[MAX_SCOPE];
        int n = visible(g, vis, true);
        if (n == 0) return gen_assign(g);
        Stmt *s = snew(S_INCDEC);
        snprintf(s->name, NAMELEN, "%s", vis[below(g, (uint32_t)n)]->name);
        s->op = (int)below(g, 4);
        return s;
    }
    if (c < 70 && deeper) {
        Stmt *s = snew(S_IF);
        s->e = gen_cond(g);
        g->nesting++;
        s->then = gen_block(g, 1 + (int)below(g, 3), in_loop);
        if (chance(g, 50)) {
            if (chance(g, 40) && g->budget > 2) {
                g->budget++;
                g->level++; /* whatever it declares lives in its own block */
                s->els = gen_stmt(g, in_loop); /* may be another if: an else-if chain */
                pop_level(g);
                if (!s->els) {
                    s->els = gen_block(g, 1 + (int)below(g, 3), in_loop);
                } else if (s->els->k != S_IF) {
                    Stmt *b = snew(S_BLOCK);
                    block_add(b, s->els);
                    s->els = b;
                }
            } else {
                s->els = gen_block(g, 1 + (int)below(g, 3), in_loop);
            }
        }
        g->nesting--;
        return s;
    }
    if (c < 82 && deeper && g->loops < g->o->max_loop_depth) return NULL; /* the caller adds a loop */
    if (c < 88 && in_loop) {
        Stmt *s = snew(S_IF);
        s->e = gen_cond(g);
        s->then = snew(chance(g, 50) ? S_BREAK : S_CONT);
        return s;
    }
    if (c < 92 && deeper) {
        g->nesting++;
        Stmt *b = gen_block(g, 1 + (int)below(g, 3), in_loop);
        g->nesting--;
        return b;
    }
    if (c < 94) {
        Stmt *s = snew(S_IF);
        s->e = gen_cond(g);
        s->then = snew(S_RET);
        if (!g->is_void) s->then->e = gen_expr(g, 2);
        return s;
    }
    if (c < 95) return snew(S_EMPTY);
    return gen_assign(g);
}

/* A block of about n statements in a new scope. */
static Stmt *gen_block(G *g, int n, bool in_loop) {
    Stmt *b = snew(S_BLOCK);
    g->level++;
    for (int i = 0; i < n && g->budget > 0; i++) {
        Stmt *s = gen_stmt(g, in_loop);
        if (!s) {
            s = gen_loop(g, b);
        } else if (s->k == S_DECL && s->ndecls == 1 && chance(g, 15)) {
            /* `int p;` and then `p = e;` */
            Stmt *as = snew(S_ASSIGN);
            as->op = A_SET;
            snprintf(as->name, NAMELEN, "%s", s->decls[0].name);
            as->e = s->decls[0].init;
            s->decls[0].init = NULL;
            block_add(b, s);
            s = as;
        }
        block_add(b, s);
    }
    pop_level(g);
    return b;
}

/* ---- calls (McGencOptions.calls, docs/minic.md §5) -------------------------------- */

/* `d > 0`: the guard of every call in a helper (the reducer leaves it whole,
 * or a call could recurse without end). */
static Expr *fuel_guard(void) {
    Expr *e = ebin(B_GT, evar("d"), enum_(0));
    e->frozen = true;
    return e;
}

/* A call statement: `h(...);`, `x = h(...);` or `int v = h(...);`, in a
 * helper under `d > 0` (`if (d > 0) h(d - 1, ...);`, `x = d > 0 ? h(d - 1,
 * ...) : K;`). Its scalar arguments read no buffer, so the call is the only
 * buffer traffic of the statement: C's order of evaluation cannot matter.
 * NULL when no buffer is long enough for a buffer parameter. */
static Stmt *gen_call(G *g) {
    int k = (int)below(g, (uint32_t)g->ncallees);
    const Func *fn = &g->prog->helpers[k];
    const Var *vis[MAX_SCOPE];
    int n = visible(g, vis, true);
    int form = 0; /* 0 the result discarded, 1 assigned, 2 declared */
    const char *name = NULL;
    if (!fn->is_void) {
        uint32_t c = below(g, 100);
        if (c < 40 && (name = pick_new_name(g)) != NULL) form = 2;
        else if (c < 85 && n) form = 1;
    }
    Expr *call = enew(E_CALL);
    call->fn = k;
    Expr **tail = &call->a;
    g->hide = name; /* `int v = h(v)` would read the new v */
    bool ok = true;
    for (int j = 0; j < fn->nparams && ok; j++) {
        Expr *arg = enew(E_ARG);
        *tail = arg;
        tail = &arg->b;
        const Param *pa = &fn->params[j];
        if (j == 0) { /* the depth left */
            arg->a = g->fuel ? ebin(B_SUB, evar("d"), enum_(1)) : enum_((int32_t)below(g, 3));
            arg->a->frozen = true;
        } else if (!pa->is_buf) {
            g->nobuf = true;
            arg->a = gen_expr(g, 1);
            g->nobuf = false;
        } else {
            const Var *fit[MAX_BUFS];
            int nf = 0;
            for (int b = 0; b < g->nbufs; b++)
                if (g->bufs[b].len >= pa->len) fit[nf++] = &g->bufs[b];
            if (nf == 0) {
                ok = false;
                break;
            }
            const Var *b = fit[below(g, (uint32_t)nf)];
            snprintf(arg->name, NAMELEN, "%s", b->name);
            arg->buf = b->buf;
            arg->blen = b->blen;
        }
    }
    g->hide = NULL;
    if (!ok) {
        efree(call);
        return NULL;
    }
    g->sites--;
    if (form == 0) {
        Stmt *s = snew(S_CALL);
        s->e = call;
        if (!g->fuel) return s;
        Stmt *w = snew(S_IF);
        w->e = fuel_guard();
        w->then = s;
        w->keep = true;
        return w;
    }
    Expr *v = call;
    if (g->fuel) {
        v = econd(fuel_guard(), call, enum_(small_const(g)));
        v->keep = true;
    }
    if (form == 2) {
        Stmt *s = snew(S_DECL);
        decl_add(s, name, v);
        declare(g, name);
        return s;
    }
    Stmt *s = snew(S_ASSIGN);
    s->op = A_SET;
    snprintf(s->name, NAMELEN, "%s", vis[below(g, (uint32_t)n)]->name);
    s->e = v;
    return s;
}

/* `int laN[LEN] = {e, ...};`: a local array (1..6 elements, at least one
 * given), a buffer for the statements and calls after it in its block. */
static Stmt *gen_array(G *g) {
    Stmt *s = snew(S_ARRAY);
    snprintf(s->name, NAMELEN, "la%d", g->fresh++);
    int32_t len = 1 + (int32_t)below(g, 6);
    s->op = len;
    int given = 1 + (int)below(g, (uint32_t)len);
    for (int i = 0; i < given; i++) decl_add(s, "", gen_expr(g, 1));
    Var *v = declare(g, s->name);
    v->buf = g->nbufs;
    v->len = len;
    v->blen = len;
    g->bufs[g->nbufs++] = *v;
    return s;
}

/* Every visible scalar combined: what a function returns at its end. */
static Expr *combine_visible(G *g) {
    const Var *vis[MAX_SCOPE];
    int n = visible(g, vis, false);
    Expr *r = NULL;
    for (int i = n - 1; i >= 0; i--) {
        Expr *v = evar(vis[i]->name);
        r = r ? ebin(i % 3 == 0 ? B_XOR : i % 3 == 1 ? B_ADD : B_SUB, r, v) : v;
    }
    return r ? r : enum_(0);
}

/* Helper k: `int|void hk(int d, ...)`, smaller than the main function (one
 * loop level, nesting 2, at most two call sites), drawing from the
 * program's generator g. It leaves nothing unguarded. */
static void gen_helper(G *g, int k) {
    McGencProg *p = g->prog;
    Func *fn = &p->helpers[k];
    McGencOptions ho = *g->o;
    if (ho.max_loop_depth > 1) ho.max_loop_depth = 1;
    if (ho.max_nesting > 2) ho.max_nesting = 2;
    G h;
    memset(&h, 0, sizeof h);
    h.r = g->r;
    h.o = &ho;
    h.prog = p;
    int32_t size = g->o->size / 4;
    h.budget = size < 3 ? 3 : size > 10 ? 10 : size;
    h.ncallees = k + 1;
    h.fuel = true;
    h.sites = 2;
    fn->is_void = chance(&h, 30);
    h.is_void = fn->is_void;
    int nscalars = (int)below(&h, 3), nbufs = (int)below(&h, 3);
    fn->params = mc_xcalloc((size_t)(1 + nscalars + nbufs), sizeof *fn->params);
    static const char *const snames[] = {"n", "o"}, *const bnames[] = {"hb", "hc"};
    Var *d = declare(&h, "d"); /* never assigned: the depth left */
    d->counter = true;
    d->lo = 1;
    d->hi = 0;
    snprintf(fn->params[fn->nparams++].name, NAMELEN, "d");
    for (int si = 0, bi = 0; si < nscalars || bi < nbufs;) {
        bool buf = bi < nbufs && (si == nscalars || chance(&h, 50));
        Param *pa = &fn->params[fn->nparams++];
        Var *v = declare(&h, buf ? bnames[bi] : snames[si]);
        snprintf(pa->name, NAMELEN, "%s", v->name);
        if (buf) {
            pa->is_buf = true;
            pa->len = 1 + (int32_t)below(&h, 4); /* callers pass buffers at least this long */
            v->buf = h.nbufs;
            v->len = pa->len;
            v->blen = -1;
            h.bufs[h.nbufs++] = *v;
            bi++;
        } else {
            si++;
        }
    }
    fn->body = snew(S_BLOCK);
    while (h.budget > 0) {
        Stmt *s = gen_stmt(&h, false);
        if (!s) s = gen_loop(&h, fn->body);
        block_add(fn->body, s);
    }
    if (!fn->is_void) {
        Stmt *ret = snew(S_RET);
        ret->e = combine_visible(&h);
        block_add(fn->body, ret);
    }
    g->r = h.r;
}

McGencProg *mc_genc(uint64_t seed, const McGencOptions *o) {
    McGencOptions def;
    if (!o) {
        mc_genc_options_default(&def);
        o = &def;
    }
    G g;
    memset(&g, 0, sizeof g);
    g.o = o;
    mc_rng_seed(&g.r, seed ^ 0x43u);
    g.budget = o->size > 0 ? o->size : 1;
    g.trap_program = o->traps && chance(&g, 15);
    McGencProg *p = mc_xcalloc(1, sizeof *p);
    g.prog = p;
    p->trap_program = g.trap_program;
    int nscalars = 1 + (int)below(&g, 3), nbufs = (int)below(&g, 3);
    p->params = mc_xcalloc((size_t)(nscalars + nbufs), sizeof *p->params);
    static const char *const snames[] = {"x", "y", "z"}, *const bnames[] = {"a", "b"};
    int si = 0, bi = 0;
    while (si < nscalars || bi < nbufs) {
        bool buf = bi < nbufs && (si == nscalars || chance(&g, 40));
        Param *pa = &p->params[p->nparams++];
        Var *v = declare(&g, buf ? bnames[bi] : snames[si]);
        v->param = true;
        v->pidx = p->nparams - 1;
        snprintf(pa->name, NAMELEN, "%s", v->name);
        if (buf) {
            pa->is_buf = true;
            pa->len = g.trap_program ? (int32_t)below(&g, 7) : 1 + (int32_t)below(&g, 7);
            pa->data = mc_xmalloc((size_t)(pa->len ? pa->len : 1) * sizeof(int32_t));
            for (int32_t k = 0; k < pa->len; k++) pa->data[k] = small_const(&g);
            v->buf = bi;
            v->len = pa->len;
            g.bufs[g.nbufs++] = *v;
            bi++;
        } else {
            /* INT_MIN and its neighbour often: negation before a division */
            uint32_t c = below(&g, 100);
            pa->scalar = c < 12 ? INT_MIN : c < 16 ? INT_MIN + 1 : small_const(&g);
            si++;
        }
    }
    if (o->calls > 0) { /* the helpers first: the main function calls them */
        p->nhelpers = o->calls > 4 ? 4 : o->calls;
        p->helpers = mc_xcalloc((size_t)p->nhelpers, sizeof *p->helpers);
        for (int k = 0; k < p->nhelpers; k++) gen_helper(&g, k);
        g.ncallees = p->nhelpers;
        g.sites = 3;
    }
    p->body = snew(S_BLOCK);
    while (g.budget > 0) {
        Stmt *s = gen_stmt(&g, false);
        if (!s) s = gen_loop(&g, p->body);
        block_add(p->body, s);
        if (s->k == S_DECL && s->ndecls == 1 && chance(&g, 10)) {
            Stmt *as = snew(S_ASSIGN);
            as->op = A_SET;
            snprintf(as->name, NAMELEN, "%s", s->decls[0].name);
            as->e = s->decls[0].init;
            s->decls[0].init = NULL;
            block_add(p->body, as);
        }
    }
    Stmt *ret = snew(S_RET); /* every visible scalar combined */
    ret->e = combine_visible(&g);
    block_add(p->body, ret);
    return p;
}

void mc_genc_args(const McGencProg *p, McArgs *out) {
    out->n = p->nparams;
    out->v = mc_xcalloc((size_t)(p->nparams ? p->nparams : 1), sizeof *out->v);
    for (int i = 0; i < p->nparams; i++) {
        McArg *a = &out->v[i];
        a->is_buf = p->params[i].is_buf;
        a->scalar = p->params[i].scalar;
        a->len = p->params[i].len;
        if (a->is_buf && a->len) {
            a->data = mc_xmalloc((size_t)a->len * sizeof(int32_t));
            memcpy(a->data, p->params[i].data, (size_t)a->len * sizeof(int32_t));
        }
    }
}

bool mc_genc_is_trap_program(const McGencProg *p) { return p->trap_program; }

/* ---- the reducer -------------------------------------------------------------------- */

enum { ED_DEL, ED_INLINE, ED_EXPR, ED_KINDS };
static const int ed_variants[ED_KINDS] = {1, 2, 5};

/* One walk over the tree: counts the places of edit kind `kind` and applies
 * variant `variant` at place `target` (target < 0: count only). */
typedef struct Walk {
    int kind, target, variant;
    int count;
    bool applied;
} Walk;

static void walk_stmt(Walk *w, Stmt *s);

static void walk_expr(Walk *w, Expr **slot) {
    Expr *e = *slot;
    if (!e || e->frozen) return;
    /* a call, its arguments and its guard stay; what is inside them may shrink */
    if (w->kind == ED_EXPR && !e->keep && e->k != E_CALL && e->k != E_ARG) {
        if (w->count++ == w->target) {
            Expr *rep = NULL;
            switch (w->variant) {
            case 0: rep = e->a; e->a = NULL; break;
            case 1: rep = e->b; e->b = NULL; break;
            case 2: rep = e->c; e->c = NULL; break;
            /* a constant is not replaced by another: 0 -> 1 -> 0 would never end */
            case 3: if (e->k != E_NUM) rep = enum_(0); break;
            default: if (e->k != E_NUM) rep = enum_(1); break;
            }
            if (rep) {
                efree(e);
                *slot = rep;
                w->applied = true;
            }
            return;
        }
    }
    walk_expr(w, &e->a);
    walk_expr(w, &e->b);
    walk_expr(w, &e->c);
}

/* Replaces item i of block b by the statements of s (a block's items, or s itself). */
static void splice(Stmt *b, int i, Stmt *s, Stmt *prefix) {
    int add = s ? (s->k == S_BLOCK ? s->n : 1) : 0;
    add += prefix != NULL;
    Stmt **v = mc_xmalloc((size_t)(b->n - 1 + add + 1) * sizeof *v);
    int n = 0;
    for (int k = 0; k < i; k++) v[n++] = b->items[k];
    if (prefix) v[n++] = prefix;
    if (s && s->k == S_BLOCK) {
        for (int k = 0; k < s->n; k++) v[n++] = s->items[k];
        s->n = 0;
        sfree(s);
    } else if (s) {
        v[n++] = s;
    }
    for (int k = i + 1; k < b->n; k++) v[n++] = b->items[k];
    free(b->items);
    b->items = v;
    b->n = n;
}

static void walk_block(Walk *w, Stmt *b) {
    for (int i = 0; i < b->n && !w->applied; i++) {
        Stmt *s = b->items[i];
        if (w->kind == ED_DEL && w->count++ == w->target) {
            splice(b, i, NULL, NULL);
            sfree(s);
            w->applied = true;
            return;
        }
        bool compound = s->k == S_IF || s->k == S_WHILE || s->k == S_DO || s->k == S_FOR || s->k == S_BLOCK;
        if (w->kind == ED_INLINE && compound && !s->keep && w->count++ == w->target) {
            Stmt *keep = NULL, *prefix = NULL;
            if (s->k == S_BLOCK) {
                if (w->variant == 1) return;
                keep = s;
                b->items[i] = NULL;
                splice(b, i, keep, NULL);
                w->applied = true;
                return;
            }
            if (w->variant == 1) {
                if (s->k != S_IF || !s->els) return;
                keep = s->els;
                s->els = NULL;
            } else {
                keep = s->then;
                s->then = NULL;
            }
            if (s->k == S_FOR && s->ndecls) { /* the header's declarations stay */
                prefix = snew(S_DECL);
                prefix->decls = s->decls;
                prefix->ndecls = s->ndecls;
                s->decls = NULL;
                s->ndecls = 0;
            }
            splice(b, i, keep, prefix);
            sfree(s);
            w->applied = true;
            return;
        }
        walk_stmt(w, s);
    }
}

static void walk_stmt(Walk *w, Stmt *s) {
    if (!s || w->applied) return;
    walk_expr(w, &s->idx);
    walk_expr(w, &s->e);
    for (int i = 0; i < s->ndecls; i++) walk_expr(w, &s->decls[i].init);
    for (int i = 0; i < s->nsteps; i++) walk_stmt(w, s->steps[i]);
    if (s->k == S_BLOCK) walk_block(w, s);
    if (s->then) {
        if (s->then->k == S_BLOCK) walk_block(w, s->then);
        else walk_stmt(w, s->then);
    }
    if (s->els) {
        if (s->els->k == S_BLOCK) walk_block(w, s->els);
        else walk_stmt(w, s->els);
    }
}

/* The main function's body, then each helper's. */
static void walk_prog(Walk *w, McGencProg *p) {
    walk_block(w, p->body);
    for (int k = 0; k < p->nhelpers && !w->applied; k++) walk_block(w, p->helpers[k].body);
}

static int count_places(McGencProg *p, int kind) {
    Walk w = {kind, -1, 0, 0, false};
    walk_prog(&w, p);
    return w.count;
}

int32_t mc_genc_nodes(const McGencProg *p) {
    McGencProg *q = (McGencProg *)p; /* counting does not change the tree */
    return count_places(q, ED_DEL) + count_places(q, ED_EXPR);
}

McGencProg *mc_genc_shrink(const McGencProg *p, McGencPred pred, void *ctx, int64_t max_tries, int64_t *tried) {
    McGencProg *cur = mc_genc_clone(p);
    int64_t n = 0;
    bool changed = true;
    while (changed && (max_tries == 0 || n < max_tries)) {
        changed = false;
        for (int kind = 0; kind < ED_KINDS; kind++) {
            for (int target = 0; target < count_places(cur, kind); target++) {
                for (int v = 0; v < ed_variants[kind]; v++) {
                    if (max_tries && n >= max_tries) goto out;
                    McGencProg *cand = mc_genc_clone(cur);
                    Walk w = {kind, target, v, 0, false};
                    walk_prog(&w, cand);
                    if (!w.applied) {
                        mc_genc_free(cand);
                        continue;
                    }
                    n++;
                    if (pred(ctx, cand)) {
                        mc_genc_free(cur);
                        cur = cand;
                        changed = true;
                        target--; /* the same place holds something new now */
                        break;
                    }
                    mc_genc_free(cand);
                }
            }
        }
    }
out:
    if (tried) *tried = n;
    return cur;
}
