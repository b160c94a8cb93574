/* minic.c - MiniC (docs/minic.md) parsed and lowered to the IR in
 * mutable form, in one pass (see minic.h for the contract and the names).
 *
 * A recursive-descent parser in the chibicc style, one function per grammar
 * rule with the rule in a comment above it, and precedence climbing for the
 * binary operators. Statements are lowered as they are parsed; an expression
 * is parsed into a small tree first (arena, per function), because `&&`,
 * `||`, `?:` and `!` in a condition lower to branches rather than values,
 * and a `for` step is lowered after its body.
 *
 * The lowering itself (blocks, expressions, the end of a function) is in
 * minic_lower.c, the error messages and the recovery from them in
 * minic_diag.c; minic_int.h holds what the three share.
 *
 * Errors: every error names the offending token and points at it. After a
 * syntax error the parser skips to the end of the statement (a `;`, or a
 * balanced `{...}`) and carries on, so one run reports many mistakes; the
 * diagnostics are sorted into source order at the end. Any error means no
 * module. */
#include "minicc/minic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minic_int.h"
#include "minic_lex.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* Nesting of statements (blocks and the bodies of if, else, while, for and
 * do; an `else if` chain does not nest) and, apart, of expressions
 * (parentheses and operators): the parser and the lowering recurse, and
 * these keep them far from the stack's end. */
#define MAX_STMT_NESTING 1000
#define MAX_EXPR_NESTING 1000
/* Height of an expression tree (a chain a + b + c ... is as high as it is
 * long; the lowering recurses over it). */
#define MAX_TREE 4000


/* ---- scopes ------------------------------------------------------------------ */

static Var *lookup(CParser *p, const CTok *t) {
    for (int32_t k = p->nvars - 1; k >= 0; k--)
        if (p->vars[k].len == t->len && memcmp(p->vars[k].name, t->s, t->len) == 0) return &p->vars[k];
    return NULL;
}

/* Declare the C variable at t; returns its value (MC_NONE after an error).
 * The first declaration of a name keeps it (a word of the IR such as `load`
 * becomes `$load`: MiniC names have no '$'); a later one is NAME.L<line>. */
static int32_t declare(CParser *p, const CTok *t, bool buf, bool param) {
    Var *old = lookup(p, t);
    if (old && old->depth == p->depth) {
        mc_minic_error(p, t->loc, "redeclaration of '%.*s' (declared before at line %d)", (int)t->len, t->s, old->loc.line);
        return old->v;
    }
    int32_t seen = mc_namemap_get(&p->declared, t->s, t->len);
    McStr name; /* names have no length limit (C guarantees 63 significant characters, MiniC any number) */
    mc_str_init(&name);
    if (seen != MC_NONE) mc_str_printf(&name, "%.*s.L%d", (int)t->len, t->s, t->loc.line);
    else if (mc_is_reserved(t->s, t->len)) mc_str_printf(&name, "$%.*s", (int)t->len, t->s); /* `load` is an IR word */
    else mc_str_putn(&name, t->s, t->len);
    const char *ir = mc_lower_fresh(p, name.s, false);
    mc_str_free(&name);
    if (seen == MC_NONE) mc_namemap_put(&p->ea, &p->declared, mc_arena_strndup(&p->ea, t->s, t->len), 1);
    int32_t v = param ? mc_func_param_add(p->f, ir, buf ? MC_VAL_BUF : MC_VAL_I32) : mc_func_value_new(p->f, ir);
    if (buf) p->f->values[v].kind = MC_VAL_BUF; /* a local array: `buffer` defines it */
    p->f->values[v].loc = mc_pos(p->f, t->loc);
    if (p->nvars == p->capvars) {
        p->capvars = p->capvars ? p->capvars * 2 : 32;
        p->vars = mc_xrealloc(p->vars, (size_t)p->capvars * sizeof *p->vars);
    }
    p->vars[p->nvars++] = (Var){t->s, t->len, v, buf, buf && !param, false, p->depth, t->loc};
    return v;
}

/* A variable name (not a keyword) at the current token, or an error. */
static bool name_token(CParser *p, const char *what) {
    const CTok *t = tok(p);
    if (t->kind == CT_NAME && !mc_minic_is_keyword(t)) return true;
    if (t->kind == CT_NAME && (mc_minic_is_type_word(t) || mc_minic_is_qualifier(t))) mc_minic_unsupported(p, t);
    else if (t->kind == CT_NAME) mc_minic_syntax(p, t->loc, "expected %s, got the keyword %s", what, mc_minic_describe(p, t));
    else if (is_p(t, CP_STAR)) mc_minic_syntax(p, t->loc, "pointers are not supported in MiniC (only buffer parameters 'int *NAME')");
    else mc_minic_expected(p, what);
    return false;
}

/* ---- the file's functions (docs/minic.md §5) ------------------------------------ */

/* The function named t declared or defined so far, or MC_NONE. */
static int32_t find_fn(const CParser *p, const CTok *t) { return mc_namemap_get(&p->fnmap, t->s, t->len); }

/* A function's signature as C writes it, `int f(int a, int b[])`, in *out. */
static void signature(const CParser *p, int32_t fn, McStr *out) {
    const CFunc *g = &p->fns[fn];
    mc_str_printf(out, "%s %.*s(", g->is_void ? "void" : "int", (int)g->len, g->name);
    if (g->nparams == 0) mc_str_puts(out, "void");
    for (int32_t k = 0; k < g->nparams; k++) {
        if (k) mc_str_puts(out, ", ");
        mc_str_puts(out, "int");
        if (g->pnames[k]) mc_str_printf(out, " %s", g->pnames[k]);
        if (g->bufs[k]) mc_str_puts(out, "[]");
    }
    mc_str_putc(out, ')');
}

/* The line of a definition of the function named t further down the file
 * (a function `int|void NAME (` at the top level), or 0: the hint for a
 * call that comes before its callee. */
static int32_t defined_below(const CParser *p, const CTok *t) {
    int depth = 0;
    for (int32_t i = p->i; i + 1 < p->nt && p->t[i].kind != CT_EOF; i++) {
        const CTok *u = &p->t[i];
        if (is_p(u, CP_LBRACE)) depth++;
        else if (is_p(u, CP_RBRACE) && depth > 0) depth--;
        else if (depth == 0 && i > 0 && u->kind == CT_NAME && u->len == t->len && memcmp(u->s, t->s, t->len) == 0 &&
                 is_p(&p->t[i + 1], CP_LPAREN) && (is_word(&p->t[i - 1], "int") || is_word(&p->t[i - 1], "void")))
            return u->loc.line;
    }
    return 0;
}

/* ---- expressions ------------------------------------------------------------- */

static Expr *node(CParser *p, EKind k, McLoc loc, Expr *a, Expr *b) {
    Expr *e = mc_arena_alloc(&p->ea, sizeof *e);
    e->k = k;
    e->loc = loc;
    e->a = a;
    e->b = b;
    e->depth = 1 + (a && a->depth > (b ? b->depth : 0) ? a->depth : b ? b->depth : 0);
    if (e->depth > MAX_TREE) {
        mc_minic_syntax(p, loc, "expression too long (more than %d operators deep)", MAX_TREE);
        e->k = E_ERR;
        e->a = e->b = NULL;
        e->depth = 1;
    }
    return e;
}

static Expr *err_node(CParser *p, McLoc loc) { return node(p, E_ERR, loc, NULL, NULL); }

/* The one nesting guard: one more level of *level (undone by the caller's
 * (*level)--), or a syntax error "WHAT nested too deeply (more than MAX
 * levels of LEVELS)" past max. Statements and expressions keep counters of
 * their own (nest_stmt, nest_expr). */
static bool nest(CParser *p, int *level, int max, McLoc at, const char *what, const char *levels) {
    if (*level < max) {
        ++*level;
        return true;
    }
    mc_minic_syntax(p, at, "%s nested too deeply (more than %d levels of %s)", what, max, levels);
    return false;
}

static bool nest_expr(CParser *p, McLoc at) {
    return nest(p, &p->expr_nesting, MAX_EXPR_NESTING, at, "expression", "parentheses and operators");
}

static bool nest_stmt(CParser *p, McLoc at) {
    return nest(p, &p->stmt_nesting, MAX_STMT_NESTING, at, "statements",
                "blocks and bodies of if, else, while, for and do");
}

static Expr *expr(CParser *p);

/* The IR opcode of a C operator, by its IR name. */
static int op_named(const char *name) {
    int op = mc_op_lookup(name, strlen(name));
    MC_ASSERT(op >= 0);
    return op;
}

/* `a[i][j]`: a syntax error at the second '['. */
static void second_index(CParser *p) {
    if (!p->panic && is_p(tok(p), CP_LBRACK))
        mc_minic_syntax(p, tok(p)->loc, "only one index: buffers are one-dimensional (index a flat buffer, as in a[i * n + j])");
}

/* The variable at t, usable here: a local array is not inside its own
 * initializer (C would read it indeterminate). NULL when undeclared. */
static Var *use_var(CParser *p, const CTok *t) {
    Var *v = lookup(p, t);
    if (v && v->initializing) {
        mc_minic_error(p, t->loc, "'%.*s' is used in its own initializer", (int)t->len, t->s);
        return NULL;
    }
    return v;
}

/* An argument: a buffer (a buffer parameter or a local array, by its name
 * alone) or an expression. */
static Expr *argument(CParser *p) {
    const CTok *t = tok(p);
    if (t->kind == CT_NAME && !mc_minic_is_keyword(t) && (is_p(peek(p, 1), CP_COMMA) || is_p(peek(p, 1), CP_RPAREN))) {
        Var *v = lookup(p, t);
        if (v && v->buf) {
            next(p);
            if (v->initializing) mc_minic_error(p, t->loc, "'%.*s' is used in its own initializer", (int)t->len, t->s);
            Expr *e = node(p, E_BUF, t->loc, NULL, NULL);
            e->var = v->v;
            return e;
        }
    }
    return expr(p);
}

/* Each argument against its parameter: a buffer for a buffer, an int for an int. */
static void check_args(CParser *p, const CFunc *g, Expr **args, int32_t n) {
    for (int32_t k = 0; k < n && k < g->nparams; k++) {
        const Expr *a = args[k];
        if (a->k == E_ERR) continue;
        const char *pn = g->pnames[k] ? g->pnames[k] : "";
        if (g->bufs[k] && a->k != E_BUF)
            mc_minic_error(p, a->loc, "argument %d of '%.*s' must be a buffer: parameter %d%s%s%s is 'int%s%s[]' (pass a "
                           "buffer parameter or a local array by its name)", (int)k + 1, (int)g->len, g->name, (int)k + 1,
                           *pn ? " ('" : "", pn, *pn ? "')" : "", *pn ? " " : "", pn);
        else if (!g->bufs[k] && a->k == E_BUF) {
            const Var *v = NULL;
            for (int32_t j = p->nvars - 1; j >= 0 && !v; j--)
                if (p->vars[j].v == a->var) v = &p->vars[j];
            mc_minic_error(p, a->loc, "argument %d of '%.*s' is the buffer '%.*s', but parameter %d%s%s%s is an int",
                           (int)k + 1, (int)g->len, g->name, v ? (int)v->len : 0, v ? v->name : "", (int)k + 1,
                           *pn ? " ('" : "", pn, *pn ? "')" : "");
        }
    }
}

/* NAME "(" [arg ("," arg)*] ")", the current token the "(": a call of the
 * function named t, its arguments checked against its parameters. `value`:
 * its result is used (a void function's call is then an error). */
static Expr *call(CParser *p, const CTok *t, bool value) {
    int32_t fn = MC_NONE;
    Var *v = lookup(p, t);
    if (v) {
        mc_minic_error(p, t->loc, "'%.*s' is %s, not a function: only a function can be called (declared at line %d)",
                       (int)t->len, t->s, v->array ? "a local array" : v->buf ? "a buffer parameter" : "a variable",
                       v->loc.line);
    } else if ((fn = find_fn(p, t)) == MC_NONE) {
        int32_t below = defined_below(p, t);
        if (below)
            mc_minic_error(p, t->loc, "call of undeclared function '%.*s': it is defined below, at line %d; declare it "
                           "before the call with a prototype (C has no implicit declarations)", (int)t->len, t->s, below);
        else
            mc_minic_error(p, t->loc, "call of undeclared function '%.*s' (declare or define it before the call; C has "
                           "no implicit declarations)", (int)t->len, t->s);
    }
    if (!nest_expr(p, tok(p)->loc)) return err_node(p, t->loc);
    next(p); /* ( */
    Expr **args = NULL;
    int32_t n = 0, cap = 0, depth = 0;
    if (!is_p(tok(p), CP_RPAREN)) do {
            if (n == cap) {
                cap = cap ? cap * 2 : 4;
                Expr **na = mc_arena_alloc(&p->ea, (size_t)cap * sizeof *na);
                if (n) memcpy(na, args, (size_t)n * sizeof *na);
                args = na;
            }
            args[n] = argument(p);
            if (args[n]->depth > depth) depth = args[n]->depth;
            n++;
        } while (!p->panic && accept(p, CP_COMMA));
    if (!p->panic) mc_minic_expect(p, CP_RPAREN);
    p->expr_nesting--;
    if (fn == MC_NONE || p->panic) return err_node(p, t->loc);
    const CFunc *g = &p->fns[fn];
    if (g->broken) { /* its declaration's error was reported: its calls are not checked */
        p->failed = true;
        return err_node(p, t->loc);
    }
    if (n != g->nparams) {
        McStr sig;
        mc_str_init(&sig);
        signature(p, fn, &sig);
        mc_minic_error(p, t->loc, "%s arguments in the call of '%.*s': %d given, it takes %d ('%s', line %d)",
                       n > g->nparams ? "too many" : "too few", (int)t->len, t->s, (int)n, (int)g->nparams, sig.s,
                       g->loc.line);
        mc_str_free(&sig);
        return err_node(p, t->loc);
    }
    check_args(p, g, args, n);
    if (value && g->is_void) {
        mc_minic_error(p, t->loc, "'%.*s' returns void: its call cannot be used as a value", (int)t->len, t->s);
        return err_node(p, t->loc);
    }
    if (!g->defined) {
        if (p->npend == p->cappend) {
            p->cappend = p->cappend ? p->cappend * 2 : 8;
            p->pend = mc_xrealloc(p->pend, (size_t)p->cappend * sizeof *p->pend);
        }
        p->pend[p->npend++] = (CPending){fn, t->loc};
    }
    Expr *e = node(p, E_CALL, t->loc, NULL, NULL);
    e->fn = fn;
    e->args = args;
    e->nargs = n;
    if (depth >= e->depth) e->depth = depth + 1;
    return e;
}

/* primary := INT | NAME | NAME "[" expr "]" | "(" expr ")" */
static Expr *primary(CParser *p) {
    const CTok *t = tok(p);
    if (t->kind == CT_INT) {
        next(p);
        Expr *e = node(p, E_INT, t->loc, NULL, NULL);
        if (t->val > INT32_MAX)
            mc_minic_error(p, t->loc, "integer literal %.*s is out of range (at most 2147483647; -2147483648 is accepted)",
                     (int)(t->len > 40 ? 40 : t->len), t->s);
        else e->val = (int32_t)t->val;
        return e;
    }
    if (t->kind == CT_ERROR) {
        mc_minic_lex_error(p, t);
        next(p);
        return err_node(p, t->loc);
    }
    if (is_p(t, CP_LPAREN)) {
        if (mc_minic_is_type_word(peek(p, 1)) || is_word(peek(p, 1), "int") || mc_minic_is_qualifier(peek(p, 1))) {
            mc_minic_syntax(p, t->loc, "casts are not supported in MiniC");
            return err_node(p, t->loc);
        }
        if (!nest_expr(p, t->loc)) return err_node(p, t->loc);
        next(p);
        Expr *e = expr(p);
        mc_minic_expect(p, CP_RPAREN);
        p->expr_nesting--;
        return e;
    }
    if (t->kind == CT_NAME && (is_word(t, "sizeof") || is_word(t, "_Alignof"))) {
        mc_minic_syntax(p, t->loc, "'%.*s' is not supported in MiniC", (int)t->len, t->s);
        return err_node(p, t->loc);
    }
    if (t->kind != CT_NAME || mc_minic_is_keyword(t)) {
        if (t->kind == CT_NAME && (mc_minic_is_type_word(t) || mc_minic_is_qualifier(t))) mc_minic_unsupported(p, t);
        else mc_minic_expected(p, "an expression");
        return err_node(p, t->loc);
    }
    next(p);
    if (is_p(tok(p), CP_LPAREN)) return call(p, t, true);
    Var *v = use_var(p, t);
    if (!v && !lookup(p, t) && find_fn(p, t) != MC_NONE)
        mc_minic_error(p, t->loc, "'%.*s' is a function: call it, as in %.*s(...) (MiniC has no function pointers)",
                       (int)t->len, t->s, (int)t->len, t->s);
    else if (!v && !lookup(p, t)) mc_minic_undeclared(p, t);
    if (accept(p, CP_LBRACK)) {
        if (v && !v->buf)
            mc_minic_error(p, t->loc, "'%.*s' is not a buffer: only buffers (parameters 'int NAME[]' or 'int *NAME', "
                           "local arrays) can be indexed", (int)t->len, t->s);
        Expr *i = expr(p);
        mc_minic_expect(p, CP_RBRACK);
        second_index(p);
        if (!v || !v->buf) return err_node(p, t->loc);
        Expr *e = node(p, E_INDEX, t->loc, i, NULL);
        e->var = v->v;
        return e;
    }
    if (!v) return err_node(p, t->loc);
    if (v->buf) {
        mc_minic_error(p, t->loc, "'%.*s' is a buffer: it can only be indexed, as in %.*s[i], or passed to a call",
                       (int)t->len, t->s, (int)t->len, t->s);
        return err_node(p, t->loc);
    }
    Expr *e = node(p, E_VAR, t->loc, NULL, NULL);
    e->var = v->v;
    return e;
}

/* postfix := primary, where `++` and `--` are an error */
static Expr *postfix(CParser *p) {
    Expr *e = primary(p);
    if (!p->panic && (is_p(tok(p), CP_INC) || is_p(tok(p), CP_DEC))) mc_minic_expected(p, "an operator");
    if (!p->panic && is_p(tok(p), CP_LPAREN))
        mc_minic_syntax(p, tok(p)->loc, "only a function's name can be called in MiniC (no calls through an expression)");
    if (!p->panic && (is_p(tok(p), CP_DOT) || is_p(tok(p), CP_ARROW)))
        mc_minic_syntax(p, tok(p)->loc, "member access '%s' is not supported in MiniC (no structs)", mc_c_punct_text[tok(p)->punct]);
    return e;
}

/* unary := ("-" | "+" | "!" | "~") unary | postfix
 * `-2147483648` is INT_MIN. */
static Expr *unary(CParser *p) {
    const CTok *t = tok(p);
    if (t->kind != CT_PUNCT) return postfix(p);
    EKind k;
    switch (t->punct) {
    case CP_MINUS: k = E_NEG; break;
    case CP_PLUS: k = E_PLUS; break;
    case CP_BANG: k = E_NOT; break;
    case CP_TILDE: k = E_BITNOT; break;
    case CP_INC:
    case CP_DEC: mc_minic_expected(p, "an expression"); return err_node(p, t->loc);
    case CP_AMP:
        mc_minic_syntax(p, t->loc, "taking an address with '&' is not supported: MiniC has no pointers");
        return err_node(p, t->loc);
    case CP_STAR:
        mc_minic_syntax(p, t->loc, "'*' (dereference) is not supported: MiniC has no pointers; index a buffer parameter "
                             "instead (a[i])");
        return err_node(p, t->loc);
    default: return postfix(p);
    }
    const CTok *lit = peek(p, 1);
    if (k == E_NEG && lit->kind == CT_INT && lit->val == UINT64_C(2147483648) &&
        !(lit->len > 1 && (lit->s[1] == 'x' || lit->s[1] == 'X'))) { /* decimal only, as docs/minic.md §1 says */
        next(p);
        next(p);
        Expr *e = node(p, E_INT, t->loc, NULL, NULL);
        e->val = INT32_MIN;
        return e;
    }
    if (!nest_expr(p, t->loc)) return err_node(p, t->loc);
    next(p);
    Expr *a = unary(p);
    p->expr_nesting--;
    if (k == E_NEG && a->k == E_INT && a->val != INT32_MIN) {
        /* A negative literal is a constant, as in the IR's text. */
        a->val = -a->val;
        a->loc = t->loc;
        return a;
    }
    return node(p, k, t->loc, a, NULL);
}

/* Binary operators: precedence (higher binds tighter) and IR opcode name. */
static int binop(const CTok *t, const char **name, bool *swap) {
    *swap = false;
    if (t->kind != CT_PUNCT) return 0;
    switch (t->punct) {
    case CP_OROR: *name = NULL; return 1;
    case CP_ANDAND: *name = NULL; return 2;
    case CP_PIPE: *name = "or"; return 3;
    case CP_CARET: *name = "xor"; return 4;
    case CP_AMP: *name = "and"; return 5;
    case CP_EQ: *name = "eq"; return 6;
    case CP_NE: *name = "ne"; return 6;
    case CP_LT: *name = "lt"; return 7;
    case CP_LE: *name = "le"; return 7;
    case CP_GT: *name = "lt", *swap = true; return 7;
    case CP_GE: *name = "le", *swap = true; return 7;
    case CP_SHL: *name = "shl"; return 8;
    case CP_SHR: *name = "shr"; return 8;
    case CP_PLUS: *name = "add"; return 9;
    case CP_MINUS: *name = "sub"; return 9;
    case CP_STAR: *name = "mul"; return 10;
    case CP_SLASH: *name = "div"; return 10;
    case CP_PERCENT: *name = "rem"; return 10;
    default: return 0;
    }
}

/* binary := unary (BINOP unary)*, by precedence climbing: || && | ^ & == !=
 * < <= > >= << >> + - * / %, all left-associative. Iterative on the left,
 * so a long chain a + b + c + ... does not nest the parser. */
static Expr *binary(CParser *p, int minprec) {
    Expr *lhs = unary(p);
    for (;;) {
        const char *name;
        bool swap;
        const CTok *t = tok(p);
        int prec = binop(t, &name, &swap);
        if (!prec || prec < minprec || p->panic) return lhs;
        next(p);
        if (!nest_expr(p, t->loc)) return lhs;
        Expr *rhs = binary(p, prec + 1);
        p->expr_nesting--;
        Expr *e;
        if (prec == 1) e = node(p, E_LOR, t->loc, lhs, rhs);
        else if (prec == 2) e = node(p, E_LAND, t->loc, lhs, rhs);
        else {
            e = node(p, E_BIN, t->loc, lhs, rhs);
            e->op = op_named(name);
            e->swap = swap;
        }
        lhs = e;
    }
}

/* conditional := binary ["?" expr ":" conditional] */
static Expr *conditional(CParser *p) {
    Expr *c = binary(p, 1);
    const CTok *q = tok(p);
    if (p->panic || !is_p(q, CP_QUESTION)) return c;
    next(p);
    if (!nest_expr(p, q->loc)) return c;
    Expr *a = expr(p);
    mc_minic_expect(p, CP_COLON);
    Expr *b = conditional(p);
    p->expr_nesting--;
    Expr *e = node(p, E_COND, q->loc, a, b);
    e->c = c;
    if (c->depth >= e->depth) e->depth = c->depth + 1;
    return e;
}

/* expr := conditional (an assignment, ++ or -- after it is an error: they
 * are statements) */
static Expr *expr(CParser *p) {
    Expr *e = conditional(p);
    const CTok *t = tok(p);
    if (!p->panic && t->kind == CT_PUNCT &&
        (t->punct == CP_ASSIGN || (t->punct >= CP_SHL_EQ && t->punct <= CP_XOR_EQ)))
        mc_minic_expected(p, "an operator");
    return e;
}


/* ---- statements -------------------------------------------------------------- */

static void stmt(CParser *p);

/* The McOp of an assignment operator token (-1 for `=`), or -2. */
static int assign_op(const CTok *t) {
    if (t->kind != CT_PUNCT) return -2;
    static const struct {
        CPunct p;
        const char *op;
    } ops[] = {{CP_ADD_EQ, "add"}, {CP_SUB_EQ, "sub"}, {CP_MUL_EQ, "mul"}, {CP_DIV_EQ, "div"},
               {CP_MOD_EQ, "rem"}, {CP_AND_EQ, "and"}, {CP_OR_EQ, "or"},   {CP_XOR_EQ, "xor"},
               {CP_SHL_EQ, "shl"}, {CP_SHR_EQ, "shr"}, {CP_INC, "add"},    {CP_DEC, "sub"}};
    if (t->punct == CP_ASSIGN) return -1;
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (ops[k].p == t->punct) return op_named(ops[k].op);
    return -2;
}

/* lvalue := NAME | NAME "[" expr "]"; fills s->var, s->index, s->loc. */
static bool lvalue(CParser *p, Simple *s) {
    if (is_p(tok(p), CP_STAR)) {
        mc_minic_syntax(p, tok(p)->loc, "'*' (dereference) is not supported: MiniC has no pointers; index a buffer "
                                  "parameter instead (a[i])");
        return false;
    }
    if (!name_token(p, "a variable")) return false;
    const CTok *t = tok(p);
    s->loc = t->loc;
    s->var = MC_NONE;
    s->index = NULL;
    next(p);
    if (is_p(tok(p), CP_LPAREN)) {
        mc_minic_syntax(p, t->loc, "the result of a call cannot be assigned, incremented or decremented: '%.*s(...)'",
                        (int)t->len, t->s);
        return false;
    }
    if (is_p(tok(p), CP_COLON)) {
        mc_minic_syntax(p, t->loc, "labels are not supported in MiniC ('goto' is not either)");
        return false;
    }
    Var *v = use_var(p, t);
    if (!v && !lookup(p, t) && find_fn(p, t) != MC_NONE)
        mc_minic_error(p, t->loc, "'%.*s' is a function: it cannot be assigned", (int)t->len, t->s);
    else if (!v && !lookup(p, t)) mc_minic_undeclared(p, t);
    if (accept(p, CP_LBRACK)) {
        if (v && !v->buf)
            mc_minic_error(p, t->loc, "'%.*s' is not a buffer: only buffers (parameters 'int NAME[]' or 'int *NAME', "
                           "local arrays) can be indexed", (int)t->len, t->s);
        s->index = expr(p);
        mc_minic_expect(p, CP_RBRACK);
        second_index(p);
        if (v && v->buf) s->var = v->v;
    } else if (v && v->buf) {
        mc_minic_error(p, t->loc, "'%.*s' is a buffer: assign to its elements, as in %.*s[i] = ...", (int)t->len, t->s,
                 (int)t->len, t->s);
    } else if (v) {
        s->var = v->v;
    }
    return !p->panic;
}

/* simple := lvalue ASSIGNOP expr | lvalue "++" | lvalue "--" | "++" lvalue | "--" lvalue
 *         | NAME "(" [arg ("," arg)*] ")"      (a call whose result is discarded)
 * Parsed only; mc_lower_simple lowers it. */
static bool simple(CParser *p, Simple *s) {
    memset(s, 0, sizeof *s);
    s->var = MC_NONE;
    const CTok *pre = tok(p);
    if (pre->kind == CT_NAME && !mc_minic_is_keyword(pre) && is_p(peek(p, 1), CP_LPAREN)) {
        next(p);
        s->loc = pre->loc;
        s->call = call(p, pre, false);
        if (!p->panic && is_p(tok(p), CP_LPAREN))
            mc_minic_syntax(p, tok(p)->loc, "only a function's name can be called in MiniC (no calls through an expression)");
        return !p->panic;
    }
    if (is_p(pre, CP_INC) || is_p(pre, CP_DEC)) {
        s->op = assign_op(pre);
        next(p);
        if (!lvalue(p, s)) return false;
        s->rhs = node(p, E_INT, pre->loc, NULL, NULL);
        s->rhs->val = 1;
        return true;
    }
    if (!lvalue(p, s)) return false;
    const CTok *t = tok(p);
    int op = assign_op(t);
    if (op == -2) {
        mc_minic_syntax(p, t->loc, "expected '=', a compound assignment, '++' or '--' after the variable, got %s "
                             "(MiniC has no expression statements)", mc_minic_describe(p, t));
        return false;
    }
    s->op = op < 0 ? -1 : op;
    next(p);
    if (is_p(t, CP_INC) || is_p(t, CP_DEC)) {
        s->rhs = node(p, E_INT, t->loc, NULL, NULL);
        s->rhs->val = 1;
    } else {
        s->rhs = expr(p);
    }
    return !p->panic;
}


/* The initializer of a local array: "{" [expr ("," expr)*] [","] "}";
 * the current token is the "{". */
static Expr **array_init(CParser *p, int32_t *n) {
    Expr **v = NULL;
    int32_t cap = 0;
    *n = 0;
    next(p);
    while (!p->panic && !is_p(tok(p), CP_RBRACE)) {
        if (*n == cap) {
            cap = cap ? cap * 2 : 8;
            Expr **nv = mc_arena_alloc(&p->ea, (size_t)cap * sizeof *nv);
            if (*n) memcpy(nv, v, (size_t)*n * sizeof *nv);
            v = nv;
        }
        if (is_p(tok(p), CP_LBRACE)) {
            mc_minic_syntax(p, tok(p)->loc, "nested braces: a local array is one-dimensional, its initializer a list of ints");
            break;
        }
        v[(*n)++] = expr(p);
        if (!accept(p, CP_COMMA)) break;
    }
    if (!p->panic) mc_minic_expect(p, CP_RBRACE);
    return v;
}

/* A local array, after its name t: "[" INT "]" "=" "{" [expr ("," expr)*] "}"
 * (docs/minic.md §5): a buffer of that length, its elements the
 * initializer's and then zeros. False after a syntax error. */
static bool array_decl(CParser *p, const CTok *t) {
    next(p); /* [ */
    const CTok *len = tok(p);
    int32_t n = 0;
    if (len->kind == CT_INT) {
        next(p);
        if (len->val < 1 || len->val > MC_BUFFER_MAX)
            mc_minic_error(p, len->loc, "the length of array '%.*s' is %.*s: it must be between 1 and %d", (int)t->len, t->s,
                           (int)(len->len > 40 ? 40 : len->len), len->s, MC_BUFFER_MAX);
        else n = (int32_t)len->val;
    } else if (is_p(len, CP_RBRACK)) {
        mc_minic_syntax(p, len->loc, "give the length of array '%.*s', as in 'int %.*s[4] = {...}' (MiniC needs it written)",
                        (int)t->len, t->s, (int)t->len, t->s);
        return false;
    } else if (is_p(len, CP_MINUS) && peek(p, 1)->kind == CT_INT) {
        mc_minic_syntax(p, len->loc, "the length of array '%.*s' is negative: it must be between 1 and %d", (int)t->len, t->s,
                        MC_BUFFER_MAX);
        return false;
    } else {
        mc_minic_syntax(p, len->loc, "the length of array '%.*s' must be an integer constant, as in 'int %.*s[4] = {...}' "
                        "(MiniC has no variable-length arrays)", (int)t->len, t->s, (int)t->len, t->s);
        return false;
    }
    if (!mc_minic_expect(p, CP_RBRACK)) return false;
    if (is_p(tok(p), CP_LBRACK)) {
        mc_minic_syntax(p, tok(p)->loc, "only one index: arrays are one-dimensional (index a flat array, as in a[i * n + j])");
        return false;
    }
    int32_t v = declare(p, t, true, false);
    if (!is_p(tok(p), CP_ASSIGN)) {
        mc_minic_error(p, t->loc, "array '%.*s' needs an initializer, as in 'int %.*s[%d] = {0};': C would leave its "
                       "elements indeterminate", (int)t->len, t->s, (int)t->len, t->s, n ? n : 1);
        return true;
    }
    next(p);
    if (!is_p(tok(p), CP_LBRACE)) {
        mc_minic_expected(p, "'{' (an array's initializer is a list in braces, as in {1, 2, 3})");
        return false;
    }
    int32_t self = p->nvars - 1;
    p->vars[self].initializing = true;
    int32_t ninits;
    Expr **inits = array_init(p, &ninits);
    p->vars[self].initializing = false;
    if (p->panic) return false;
    if (n && ninits > n) {
        mc_minic_error(p, inits[n]->loc, "too many initializers for array '%.*s': %d given, its length is %d", (int)t->len,
                       t->s, (int)ninits, (int)n);
        return true;
    }
    if (n && v != MC_NONE) mc_lower_array(p, v, n, inits, ninits, t->loc);
    return true;
}

/* decl := NAME ["=" expr]   (after "int"; the scope of NAME starts before
 * its initializer, as in C) */
static void declaration(CParser *p) {
    int32_t from = p->i - 1; /* the `int`: a rejected declarator's names are noted from there */
    do {
        if (is_p(tok(p), CP_STAR)) {
            mc_minic_syntax(p, tok(p)->loc, "pointers are not supported in MiniC (only buffer parameters 'int *NAME')");
            mc_minic_hush(p, from, false);
            return;
        }
        if (!name_token(p, "a variable name")) return;
        const CTok *t = tok(p);
        next(p);
        if (is_p(tok(p), CP_LBRACK)) {
            if (!array_decl(p, t)) {
                mc_minic_hush(p, from, false);
                return;
            }
            continue;
        }
        if (is_p(tok(p), CP_LPAREN)) {
            mc_minic_syntax(p, t->loc, "a function cannot be declared inside another in MiniC");
            return;
        }
        int32_t v = declare(p, t, false, false);
        if (accept(p, CP_ASSIGN)) {
            Expr *e = expr(p);
            if (p->panic) return;
            if (v != MC_NONE && !p->failed) mc_lower_into(p, e, v);
        }
    } while (accept(p, CP_COMMA));
}

static void push_loop(CParser *p, int32_t brk, int32_t cont) {
    if (p->nloops == p->caploops) {
        p->caploops = p->caploops ? p->caploops * 2 : 16;
        p->loops = mc_xrealloc(p->loops, (size_t)p->caploops * sizeof *p->loops);
    }
    p->loops[p->nloops++] = (Loop){brk, cont};
}

/* The body of if, else, while, for or do (`what`): a statement but not a
 * declaration, which C allows only directly inside { ... } (a declaration
 * there is reported and parsed in a scope of its own, so it leaks nothing). */
static void substmt(CParser *p, const char *what) {
    const CTok *t = tok(p);
    if (!is_word(t, "int")) {
        stmt(p);
        return;
    }
    mc_minic_error(p, t->loc, "a declaration cannot be the body of '%s': put it in braces, '{ int ...; }'", what);
    p->depth++;
    int32_t mark = p->nvars;
    stmt(p);
    p->nvars = mark;
    p->depth--;
}

/* The body of a loop, with break/continue targets. */
static void loop_body(CParser *p, const char *what, int32_t brk, int32_t cont) {
    push_loop(p, brk, cont);
    substmt(p, what);
    p->nloops--;
}

/* "(" expr ")" of if, while, do-while */
static Expr *paren_cond(CParser *p) {
    if (!mc_minic_expect(p, CP_LPAREN)) return err_node(p, tok(p)->loc);
    Expr *e = expr(p);
    mc_minic_expect(p, CP_RPAREN);
    return e;
}

/* "if" "(" expr ")" stmt ["else" stmt]
 * An `else if` chain is a loop here, not a recursion: a chain of any
 * length nests neither the parser nor the statement depth (as in gcc). */
static void if_stmt(CParser *p, McLoc at) {
    struct End {
        int32_t block, line;
    } *ends = NULL; /* the end blocks of the chain's arms so far */
    int32_t nends = 0, capends = 0;
    for (;;) {
        int32_t l = at.line;
        Expr *c = paren_cond(p);
        if (p->panic) break;
        int32_t then = mc_lower_block(p, "then", l), other = mc_lower_block(p, "else", l);
        mc_lower_cond(p, c, then, other);
        mc_lower_start(p, then);
        substmt(p, "if");
        if (p->panic) break;
        if (!is_word(tok(p), "else")) {
            char base[64];
            snprintf(base, sizeof base, "end.L%d", l);
            mc_func_block_rename(p->f, other, mc_lower_fresh(p, base, true));
            mc_lower_jump(p, other, l);
            mc_lower_start(p, other);
            break;
        }
        next(p);
        if (nends == capends) {
            capends = capends ? capends * 2 : 8;
            ends = mc_xrealloc(ends, (size_t)capends * sizeof *ends);
        }
        int32_t end = mc_lower_block(p, "end", l);
        ends[nends++] = (struct End){end, l};
        mc_lower_jump(p, end, l);
        mc_lower_start(p, other);
        if (is_word(tok(p), "if")) { /* else if: the next arm */
            at = tok(p)->loc;
            next(p);
            continue;
        }
        substmt(p, "else");
        break;
    }
    while (nends > 0) { /* close the arms, innermost first */
        nends--;
        mc_lower_jump(p, ends[nends].block, ends[nends].line);
        mc_lower_start(p, ends[nends].block);
    }
    free(ends);
}

/* "while" "(" expr ")" stmt */
static void while_stmt(CParser *p, McLoc at) {
    int32_t l = at.line;
    int32_t head = mc_lower_block(p, "while", l);
    mc_lower_jump(p, head, l);
    mc_lower_start(p, head);
    Expr *c = paren_cond(p);
    if (p->panic) return;
    int32_t body = mc_lower_block(p, "body", l), end = mc_lower_block(p, "end", l);
    mc_lower_cond(p, c, body, end);
    mc_lower_start(p, body);
    loop_body(p, "while", end, head);
    mc_lower_jump(p, head, l);
    mc_lower_start(p, end);
}

/* "do" stmt "while" "(" expr ")" ";" */
static void do_stmt(CParser *p, McLoc at) {
    int32_t l = at.line;
    int32_t body = mc_lower_block(p, "do", l), test = mc_lower_block(p, "cond", l), end = mc_lower_block(p, "end", l);
    mc_lower_jump(p, body, l);
    mc_lower_start(p, body);
    loop_body(p, "do", end, test);
    if (p->panic) return;
    if (!is_word(tok(p), "while")) {
        mc_minic_expected(p, "'while' after the body of 'do'");
        return;
    }
    McLoc wl = tok(p)->loc;
    next(p);
    Expr *c = paren_cond(p);
    if (p->panic) return;
    mc_lower_jump(p, test, wl.line);
    mc_lower_start(p, test);
    mc_lower_cond(p, c, body, end);
    mc_lower_start(p, end);
    mc_minic_expect(p, CP_SEMI);
}

/* "for" "(" [forinit] ";" [expr] ";" [forstep] ")" stmt
 * forinit := "int" decl ("," decl)* | simple ("," simple)*
 * forstep := simple ("," simple)* */
static void for_stmt(CParser *p, McLoc at) {
    int32_t l = at.line;
    if (!mc_minic_expect(p, CP_LPAREN)) return;
    p->depth++;
    int32_t mark = p->nvars;
    if (is_word(tok(p), "int")) {
        next(p);
        declaration(p);
    } else if (!is_p(tok(p), CP_SEMI)) {
        do {
            Simple s;
            if (!simple(p, &s)) break;
            mc_lower_simple(p, &s);
        } while (accept(p, CP_COMMA));
    }
    if (!p->panic) mc_minic_expect(p, CP_SEMI);
    Expr *c = NULL;
    if (!p->panic && !is_p(tok(p), CP_SEMI)) c = expr(p);
    if (!p->panic) mc_minic_expect(p, CP_SEMI);
    Simple *steps = NULL;
    int32_t nsteps = 0, capsteps = 0;
    if (!p->panic && !is_p(tok(p), CP_RPAREN)) do {
            if (nsteps == capsteps) {
                capsteps = capsteps ? capsteps * 2 : 4;
                steps = mc_xrealloc(steps, (size_t)capsteps * sizeof *steps);
            }
            if (!simple(p, &steps[nsteps])) break;
            nsteps++;
        } while (accept(p, CP_COMMA));
    if (!p->panic) mc_minic_expect(p, CP_RPAREN);
    if (!p->panic) {
        int32_t head = mc_lower_block(p, "for", l), body = mc_lower_block(p, "body", l);
        int32_t step = nsteps ? mc_lower_block(p, "step", l) : head, end = mc_lower_block(p, "end", l);
        mc_lower_jump(p, head, l);
        mc_lower_start(p, head);
        if (c) mc_lower_cond(p, c, body, end);
        else mc_lower_jump(p, body, l);
        mc_lower_start(p, body);
        loop_body(p, "for", end, step);
        mc_lower_jump(p, step, l);
        if (nsteps) {
            mc_lower_start(p, step);
            for (int32_t k = 0; k < nsteps; k++) mc_lower_simple(p, &steps[k]);
            mc_lower_jump(p, head, l);
        }
        mc_lower_start(p, end);
    }
    free(steps);
    p->nvars = mark;
    p->depth--;
}

/* compound := "{" stmt* "}" */
static void compound(CParser *p) {
    if (!mc_minic_expect(p, CP_LBRACE)) return;
    p->depth++;
    int32_t mark = p->nvars;
    while (!is_p(tok(p), CP_RBRACE) && tok(p)->kind != CT_EOF && !p->d->full) {
        int32_t at = p->i;
        stmt(p);
        if (p->i == at) next(p); /* never stuck */
    }
    p->nvars = mark;
    p->depth--;
    mc_minic_expect(p, CP_RBRACE);
}

/* A jump out of the statement (break, continue). */
static void leave(CParser *p, const CTok *kw, bool brk) {
    next(p);
    if (p->nloops == 0)
        mc_minic_error(p, kw->loc, "'%s' outside a loop", brk ? "break" : "continue");
    else
        mc_lower_jump(p, brk ? p->loops[p->nloops - 1].brk : p->loops[p->nloops - 1].cont, kw->loc.line);
    mc_minic_expect(p, CP_SEMI);
}

/* stmt := "int" decl ("," decl)* ";" | simple ";" | "if" ... | "while" ...
 *       | "do" ... | "for" ... | "break" ";" | "continue" ";"
 *       | "return" expr ";" | compound | ";" */
static void stmt(CParser *p) {
    const CTok *t = tok(p);
    if (!nest_stmt(p, t->loc)) {
        mc_minic_sync(p);
        return;
    }
    if (is_p(t, CP_LBRACE)) {
        compound(p);
    } else if (is_p(t, CP_SEMI)) {
        next(p);
    } else if (is_word(t, "int")) {
        next(p);
        declaration(p);
        if (!p->panic) mc_minic_expect(p, CP_SEMI);
    } else if (is_word(t, "if")) {
        next(p);
        if_stmt(p, t->loc);
    } else if (is_word(t, "while")) {
        next(p);
        while_stmt(p, t->loc);
    } else if (is_word(t, "do")) {
        next(p);
        do_stmt(p, t->loc);
    } else if (is_word(t, "for")) {
        next(p);
        for_stmt(p, t->loc);
    } else if (is_word(t, "break") || is_word(t, "continue")) {
        leave(p, t, is_word(t, "break"));
    } else if (is_word(t, "return")) {
        next(p);
        if (is_p(tok(p), CP_SEMI)) {
            if (p->cur_void) mc_lower_return(p, NULL, t->loc);
            else mc_minic_error(p, t->loc, "'return' needs a value: '%.*s' returns int", (int)p->cur_len, p->cur_name);
            next(p);
        } else {
            McLoc at = tok(p)->loc;
            Expr *e = expr(p);
            if (!p->panic && p->cur_void) {
                mc_minic_error(p, at, "'%.*s' returns void: 'return' takes no value here", (int)p->cur_len, p->cur_name);
                mc_minic_expect(p, CP_SEMI);
            } else if (!p->panic) {
                mc_lower_return(p, e, t->loc);
                mc_minic_expect(p, CP_SEMI);
            }
        }
    } else if (is_word(t, "else")) {
        mc_minic_syntax(p, t->loc, "'else' without a matching 'if'");
    } else if (is_word(t, "void") && peek(p, 1)->kind == CT_NAME && is_p(peek(p, 2), CP_LPAREN)) {
        mc_minic_syntax(p, t->loc, "a function cannot be declared inside another in MiniC");
    } else if (t->kind == CT_NAME && mc_minic_is_keyword(t) && !is_word(t, "sizeof")) {
        mc_minic_unsupported(p, t);
        if (mc_minic_is_type_word(t) || mc_minic_is_qualifier(t)) { /* a declaration: its names, then its end */
            mc_minic_hush(p, p->i, false);
            mc_minic_skip_decl(p);
        }
    } else if (t->kind == CT_ERROR) {
        mc_minic_lex_error(p, t);
        p->panic = true;
    } else if (t->kind == CT_NAME || is_p(t, CP_INC) || is_p(t, CP_DEC) || is_p(t, CP_STAR)) {
        Simple s;
        if (simple(p, &s)) {
            mc_lower_simple(p, &s);
            mc_minic_expect(p, CP_SEMI);
        }
    } else {
        mc_minic_expected(p, "a statement");
    }
    p->stmt_nesting--;
    if (p->panic) mc_minic_sync(p);
}

/* ---- functions ----------------------------------------------------------------- */

/* A parameter as the header declares it. */
typedef struct PDecl {
    const CTok *name; /* NULL: none (a prototype may leave it out) */
    bool buf;
    McLoc loc;        /* where its name is, or would be */
} PDecl;

/* param := "int" NAME | "int" NAME "[" "]" | "int" "*" NAME   (a
 * prototype may leave the NAME out). False after an error. */
static bool param(CParser *p, PDecl *out) {
    const CTok *t = tok(p);
    out->name = NULL;
    out->buf = false;
    if (!is_word(t, "int")) {
        if (mc_minic_is_type_word(t) || mc_minic_is_qualifier(t)) mc_minic_unsupported(p, t);
        else mc_minic_expected(p, "a parameter ('int NAME', 'int NAME[]' or 'int *NAME')");
        return false;
    }
    next(p);
    bool buf = accept(p, CP_STAR);
    if (buf && is_p(tok(p), CP_STAR)) {
        mc_minic_syntax(p, tok(p)->loc, "pointers to pointers are not supported in MiniC");
        return false;
    }
    const CTok *n = NULL;
    out->loc = tok(p)->loc;
    if (!is_p(tok(p), CP_COMMA) && !is_p(tok(p), CP_RPAREN) && !is_p(tok(p), CP_LBRACK)) {
        if (!name_token(p, "a parameter name")) return false;
        n = tok(p);
        next(p);
    }
    if (is_p(tok(p), CP_LPAREN)) {
        mc_minic_syntax(p, tok(p)->loc, "a parameter cannot be a function in MiniC (no function pointers)");
        return false;
    }
    if (!buf && accept(p, CP_LBRACK)) {
        buf = true;
        if (!is_p(tok(p), CP_RBRACK)) {
            if (n) mc_minic_error(p, tok(p)->loc, "a buffer parameter has no size in MiniC: write 'int %.*s[]'", (int)n->len, n->s);
            else mc_minic_error(p, tok(p)->loc, "a buffer parameter has no size in MiniC: write 'int []'");
            while (tok(p)->kind != CT_EOF && !is_p(tok(p), CP_RBRACK) && !is_p(tok(p), CP_RPAREN)) next(p);
        }
        accept(p, CP_RBRACK);
    }
    out->name = n;
    out->buf = buf;
    return true;
}

/* Declare (def: define) the function named n with these parameters: its
 * index in p->fns, or MC_NONE when it conflicts with an earlier
 * declaration (reported). A function is declared before its body, so it
 * may call itself. */
static int32_t declare_fn(CParser *p, const CTok *n, bool is_void, const PDecl *ps, int32_t np, bool def, bool broken) {
    int32_t k = find_fn(p, n);
    if (k == MC_NONE) {
        if (p->nfns == p->capfns) {
            p->capfns = p->capfns ? p->capfns * 2 : 8;
            p->fns = mc_xrealloc(p->fns, (size_t)p->capfns * sizeof *p->fns);
        }
        k = p->nfns++;
        CFunc *g = &p->fns[k];
        memset(g, 0, sizeof *g);
        g->name = n->s;
        g->len = n->len;
        char *ir = mc_arena_alloc(&p->garena, n->len + 2); /* a word of the IR (`add`) is `$add`, as variables are */
        snprintf(ir, n->len + 2, "%s%.*s", mc_is_reserved(n->s, n->len) ? "$" : "", (int)n->len, n->s);
        g->ir = ir;
        g->is_void = is_void;
        g->nparams = np;
        g->bufs = mc_arena_alloc(&p->garena, (size_t)(np ? np : 1) * sizeof *g->bufs);
        g->pnames = mc_arena_alloc(&p->garena, (size_t)(np ? np : 1) * sizeof *g->pnames);
        for (int32_t j = 0; j < np; j++) g->bufs[j] = ps[j].buf, g->pnames[j] = NULL;
        g->loc = n->loc;
        g->index = MC_NONE;
        g->broken = broken;
        mc_namemap_put(&p->garena, &p->fnmap, mc_arena_strndup(&p->garena, n->s, n->len), k);
    } else if (!broken && !p->fns[k].broken) {
        CFunc *g = &p->fns[k];
        bool same = g->is_void == is_void && g->nparams == np;
        for (int32_t j = 0; same && j < np; j++) same = g->bufs[j] == ps[j].buf;
        if (!same) {
            McStr old, now;
            mc_str_init(&old);
            mc_str_init(&now);
            signature(p, k, &old);
            mc_str_printf(&now, "%s %.*s(", is_void ? "void" : "int", (int)n->len, n->s);
            if (np == 0) mc_str_puts(&now, "void");
            for (int32_t j = 0; j < np; j++)
                mc_str_printf(&now, "%sint%s%.*s%s", j ? ", " : "", ps[j].name ? " " : "", ps[j].name ? (int)ps[j].name->len : 0,
                              ps[j].name ? ps[j].name->s : "", ps[j].buf ? "[]" : "");
            mc_str_putc(&now, ')');
            mc_minic_error(p, n->loc, "conflicting types for '%.*s': '%s' here, '%s' at line %d", (int)n->len, n->s, now.s,
                           old.s, g->loc.line);
            mc_str_free(&old);
            mc_str_free(&now);
            if (def) g->defined = true; /* its calls are not "never defined" as well */
            g->broken = true;
            return MC_NONE;
        }
        if (def && g->defined) {
            mc_minic_error(p, n->loc, "function '%.*s' is defined twice (first at line %d)", (int)n->len, n->s, g->defloc.line);
            return MC_NONE;
        }
    } else {
        p->failed = true; /* a broken declaration of it was reported */
    }
    CFunc *g = &p->fns[k];
    if (def) {
        g->defined = true;
        g->defloc = n->loc;
    }
    for (int32_t j = 0; j < np; j++) /* the names the messages show: the definition's, else the first given */
        if (ps[j].name && (def || !g->pnames[j])) g->pnames[j] = mc_arena_strndup(&p->garena, ps[j].name->s, ps[j].name->len);
    return k;
}

/* The body of the function named n (the current token its "{"), fn its
 * entry in p->fns (MC_NONE after a conflicting declaration): lowered into
 * a new McFunc, kept in p->funcs when it has no error. */
static void function_body(CParser *p, const CTok *n, int32_t fn, bool is_void, const PDecl *ps, int32_t np, bool bad) {
    bool failed = p->failed;
    p->failed = bad; /* an error in the header was reported: no lowering checks after it */
    mc_arena_free(&p->ea);
    mc_arena_init(&p->ea);
    memset(&p->declared, 0, sizeof p->declared);
    memset(&p->hushed, 0, sizeof p->hushed);
    p->nvars = p->nloops = 0;
    p->nstarted = 0;
    p->curfn = fn;
    p->cur_void = is_void;
    p->cur_name = n->s;
    p->cur_len = n->len;
    char *irname = mc_xmalloc(n->len + 2); /* a word of the IR (`add`) is `$add` in the IR, as variables are */
    snprintf(irname, n->len + 2, "%s%.*s", mc_is_reserved(n->s, n->len) ? "$" : "", (int)n->len, n->s);
    p->f = mc_func_new(irname, p->file);
    p->f->c_names = true;
    p->f->loc = mc_pos(p->f, n->loc);
    free(irname);
    p->cur = MC_NONE;
    mc_lower_start(p, mc_lower_block(p, "entry", n->loc.line));
    mc_func_block_rename(p->f, 0, "entry");
    p->depth = 1; /* the body's block is depth 1, the parameters' too (C) */
    for (int32_t j = 0; j < np; j++) {
        if (ps[j].name) declare(p, ps[j].name, ps[j].buf, true);
        else mc_minic_error(p, ps[j].loc, "parameter %d of '%.*s' has no name (a definition names its parameters)", (int)j + 1,
                            (int)n->len, n->s);
    }
    next(p); /* { */
    while (!is_p(tok(p), CP_RBRACE) && tok(p)->kind != CT_EOF && !p->d->full) {
        int32_t at = p->i;
        stmt(p);
        if (p->i == at) next(p);
    }
    McLoc close = tok(p)->loc;
    if (mc_minic_expect(p, CP_RBRACE) && mc_lower_finish(p, close)) {
        if (p->nfuncs == p->capfuncs) {
            p->capfuncs = p->capfuncs ? p->capfuncs * 2 : 4;
            p->funcs = mc_xrealloc(p->funcs, (size_t)p->capfuncs * sizeof *p->funcs);
        }
        if (fn != MC_NONE) p->fns[fn].index = p->nfuncs;
        p->funcs[p->nfuncs++] = p->f;
        p->f = NULL;
    }
    if (p->f) {
        mc_func_free(p->f);
        p->f = NULL;
        p->failed = true;
    }
    p->curfn = MC_NONE;
    p->failed = p->failed || failed;
}

/* function := ("int" | "void") NAME "(" [param ("," param)* | "void"] ")" (compound | ";")
 * A ";" makes it a prototype: a declaration that later calls may use. */
static void function(CParser *p) {
    bool int_type = true, is_void = false;
    while (tok(p)->kind == CT_NAME && (is_word(tok(p), "int") || mc_minic_is_type_word(tok(p)) || mc_minic_is_qualifier(tok(p)))) {
        if (is_word(tok(p), "void")) is_void = true;
        else if (int_type && !is_word(tok(p), "int")) { /* a type word or `static`: parse the function anyway */
            mc_minic_unsupported(p, tok(p));
            int_type = p->panic = false;
        }
        next(p);
    }
    while (is_p(tok(p), CP_STAR)) {
        mc_minic_syntax(p, tok(p)->loc, "functions return int or void in MiniC, not a pointer");
        p->panic = false;
        int_type = false;
        next(p);
    }
    const CTok *n = tok(p);
    if (!name_token(p, "a function name")) return;
    next(p);
    if (!is_p(tok(p), CP_LPAREN)) {
        if (int_type) mc_minic_syntax(p, n->loc, "global variables are not supported in MiniC (declare '%.*s' inside a function)",
                                (int)n->len, n->s);
        else p->panic = true;
        return;
    }
    next(p);
    bool failed = p->failed;
    p->failed = false;
    PDecl *ps = NULL;
    int32_t np = 0, cap = 0;
    bool broken = !int_type;
    if (is_word(tok(p), "void") && is_p(peek(p, 1), CP_RPAREN)) next(p);
    else if (!is_p(tok(p), CP_RPAREN)) do {
            if (np == cap) {
                cap = cap ? cap * 2 : 8;
                ps = mc_xrealloc(ps, (size_t)cap * sizeof *ps);
            }
            if (!param(p, &ps[np])) break;
            np++;
        } while (!p->panic && accept(p, CP_COMMA));
    if (!p->panic) mc_minic_expect(p, CP_RPAREN);
    if (p->panic) { /* skip to the body or the prototype's end */
        broken = true;
        while (tok(p)->kind != CT_EOF && !is_p(tok(p), CP_LBRACE) && !is_p(tok(p), CP_SEMI)) next(p);
        p->panic = false;
    }
    if (is_p(tok(p), CP_SEMI)) { /* a prototype */
        next(p);
        declare_fn(p, n, is_void, ps, np, false, broken);
    } else if (!is_p(tok(p), CP_LBRACE)) {
        mc_minic_expected(p, "'{' (the function's body) or ';' (a prototype)");
        declare_fn(p, n, is_void, ps, np, false, true);
    } else {
        int32_t fn = declare_fn(p, n, is_void, ps, np, true, broken);
        function_body(p, n, fn, is_void, ps, np, p->failed || broken || fn == MC_NONE);
    }
    p->failed = p->failed || failed || broken;
    free(ps);
}

/* The specifiers of a top-level declaration from token i (int, type words,
 * qualifiers, a struct's tag and body, '*'): the index after them. */
static int32_t skip_specifiers(const CParser *p, int32_t i, int32_t *typedef_at, int32_t *type_at) {
    for (;;) {
        const CTok *u = &p->t[i];
        if (is_p(u, CP_STAR)) {
            i++;
            continue;
        }
        if (u->kind != CT_NAME || !(is_word(u, "int") || mc_minic_is_type_word(u) || mc_minic_is_qualifier(u))) return i;
        if (is_word(u, "typedef") && *typedef_at < 0) *typedef_at = i;
        if (mc_minic_is_type_word(u) && *type_at < 0) *type_at = i;
        i++;
        if (is_word(u, "struct") || is_word(u, "union") || is_word(u, "enum")) {
            if (p->t[i].kind == CT_NAME && !mc_minic_is_keyword(&p->t[i])) i++; /* the tag */
            if (is_p(&p->t[i], CP_LBRACE)) {
                for (int b = 0; p->t[i].kind != CT_EOF; i++) {
                    if (is_p(&p->t[i], CP_LBRACE)) b++;
                    else if (is_p(&p->t[i], CP_RBRACE) && --b == 0) {
                        i++;
                        break;
                    }
                }
            }
        }
    }
}

/* A top-level declaration that is not a function (NAME "(" after its
 * specifiers): a global (`int g;`, `int *t;`, `static int s = 1;`), or a
 * type (`struct S {...};`, `enum {A, B};`). One error, its names noted for
 * the rest of the file (their uses are not errors again), then skipped.
 * Returns false when it is a function after all. */
static bool global_decl(CParser *p) {
    int32_t tdef = -1, type = -1;
    int32_t i = skip_specifiers(p, p->i, &tdef, &type);
    const CTok *n = &p->t[i];
    if (n->kind == CT_NAME && !mc_minic_is_keyword(n) && is_p(&p->t[i + 1], CP_LPAREN)) return false;
    if (tdef >= 0)
        mc_minic_unsupported(p, &p->t[tdef]);
    else if (n->kind == CT_NAME && !mc_minic_is_keyword(n))
        mc_minic_error(p, n->loc, "global variables are not supported in MiniC (declare '%.*s' inside a function)",
                       (int)n->len, n->s);
    else if (type >= 0)
        mc_minic_unsupported(p, &p->t[type]);
    else
        mc_minic_syntax(p, n->loc, "expected a function ('int NAME(...) { ... }') before %s", mc_minic_describe(p, n));
    mc_minic_hush(p, p->i, true);
    mc_minic_skip_decl(p);
    return true;
}

/* Skip what follows a top-level error: up to a ';' or past a balanced {...}. */
static void sync_top(CParser *p) {
    int depth = 0;
    while (tok(p)->kind != CT_EOF) {
        const CTok *t = tok(p);
        next(p);
        if (is_p(t, CP_LBRACE)) depth++;
        else if (is_p(t, CP_RBRACE) && depth > 0 && --depth == 0) {
            accept(p, CP_SEMI);
            break;
        } else if (is_p(t, CP_SEMI) && depth == 0) break;
    }
    p->panic = false;
}

/* Every call names its callee's McFunc, once the whole file is read (a
 * prototype lets a function call one defined below it); a call of a
 * function declared but never defined is an error at the call. */
static void resolve_calls(CParser *p) {
    for (int32_t k = 0; k < p->npend && !p->d->full; k++) {
        const CFunc *g = &p->fns[p->pend[k].fn];
        if (!g->defined)
            mc_minic_error(p, p->pend[k].loc, "'%.*s' is declared (line %d) but never defined: a MiniC program is one "
                           "file, so define it there", (int)g->len, g->name, g->loc.line);
    }
    if (p->failed) return;
    for (int32_t i = 0; i < p->nfuncs; i++) {
        McFunc *f = p->funcs[i];
        for (int32_t c = 0; c < f->ncalls; c++) {
            const char *name = f->calls[c].name;
            int32_t k = mc_namemap_get(&p->fnmap, name + (name[0] == '$'), strlen(name + (name[0] == '$')));
            MC_ASSERT(k != MC_NONE && p->fns[k].index != MC_NONE);
            f->calls[c].callee = p->funcs[p->fns[k].index];
        }
        McDiags tmp;
        mc_diags_init(&tmp, NULL, NULL, 0);
        if (!mc_verify_calls(f, &tmp)) {
            char buf[512];
            mc_minic_error(p, tmp.v[0].loc, "internal error: the calls of '%s' do not match their callees: %s",
                           mc_shown_name(f, f->name), mc_diag_line(&tmp, 0, buf, sizeof buf));
        }
        mc_diags_free(&tmp);
    }
}

/* program := function+ */
McModule *mc_minic_parse(const char *file, const char *src, size_t len, McDiags *d) {
    CParser p;
    memset(&p, 0, sizeof p);
    if (d && !d->file && file) d->file = mc_xstrdup(file);
    p.file = file;
    p.src = src ? src : "";
    p.srclen = src ? len : 0;
    int from = d ? d->n : 0;
    McDiags own; /* without the caller's list, the lexer and the cap use this one */
    mc_diags_init(&own, NULL, NULL, 0);
    p.d = d ? d : &own;
    mc_diags_limit(p.d, MC_MAX_ERRORS);
    char *spliced = NULL;
    p.t = mc_minic_lex(p.src, p.srclen, p.d, &p.nt, &spliced);
    /* The lexer's errors count against the cap (in the caller's list). */
    if (d && d->n > from) p.failed = true, d->counted = d->n - from > MC_MAX_ERRORS ? MC_MAX_ERRORS : d->n - from;
    if (own.n) p.failed = true;
    mc_str_init(&p.scratch);
    mc_arena_init(&p.ea);
    mc_arena_init(&p.garena);
    p.curfn = MC_NONE;
    if (tok(&p)->kind == CT_EOF && !p.failed)
        mc_minic_error(&p, tok(&p)->loc, "expected a function ('int NAME(...) { ... }'), got end of file");
    while (tok(&p)->kind != CT_EOF && !p.d->full) {
        const CTok *t = tok(&p);
        int32_t at = p.i;
        if (is_word(t, "int") || mc_minic_is_type_word(t) || mc_minic_is_qualifier(t)) {
            if (global_decl(&p)) continue;
            function(&p);
            if (p.panic) sync_top(&p);
        } else {
            if (t->kind == CT_ERROR) mc_minic_lex_error(&p, t);
            else mc_minic_syntax(&p, t->loc, "expected a function ('int NAME(...) { ... }') before %s", mc_minic_describe(&p, t));
            sync_top(&p);
        }
        if (p.i == at) next(&p);
    }
    resolve_calls(&p);
    if (d && d->n - from - d->full > 1) {
        /* Sort with the index as the tie-break (a stable order); "too many
         * errors" stays last. */
        McDiag *v = d->v + from;
        size_t n = (size_t)(d->n - from - d->full);
        McDiag *tmp = mc_xmalloc(n * sizeof *tmp);
        memcpy(tmp, v, n * sizeof *tmp);
        for (size_t i = 1; i < n; i++) {
            McDiag x = tmp[i];
            size_t j = i;
            for (; j > 0 && (tmp[j - 1].loc.line > x.loc.line ||
                             (tmp[j - 1].loc.line == x.loc.line && tmp[j - 1].loc.col > x.loc.col));
                 j--)
                tmp[j] = tmp[j - 1];
            tmp[j] = x;
        }
        memcpy(v, tmp, n * sizeof *tmp);
        free(tmp);
    }
    McModule *m = NULL;
    if (!p.failed && p.nfuncs > 0) {
        m = mc_xcalloc(1, sizeof *m);
        m->funcs = p.funcs;
        m->nfuncs = p.nfuncs;
        m->file = file ? mc_xstrdup(file) : NULL;
        m->minic = true;
        p.funcs = NULL;
    }
    for (int32_t k = 0; p.funcs && k < p.nfuncs; k++) mc_func_free(p.funcs[k]);
    free(p.funcs);
    free(p.t);
    free(spliced);
    free(p.seq);
    free(p.vars);
    free(p.fns);
    free(p.pend);
    free(p.loops);
    mc_str_free(&p.scratch);
    mc_arena_free(&p.ea);
    mc_arena_free(&p.garena);
    mc_diags_free(&own);
    return m;
}
