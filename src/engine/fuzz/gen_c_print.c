/* gen_c_print.c - a generated MiniC program (gen_c_int.h) printed as
 * MiniC text or as its checked twin (division, remainder and shifts call
 * the prelude's helpers, which compute MiniC's meaning, report its traps
 * and note what C leaves undefined), and the oracle's C file: the prelude,
 * one case per program running the twin and then, when it allows, the
 * plain function, and main (genc.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "gen_c_int.h"
#include "minicc/genc.h"
#include "minicc/util.h"

/* ---- printing -------------------------------------------------------------------- */

static const char *const bin_tok[B_COUNT] = {"*",  "/",  "%",  "+",  "-", "<<", ">>", "<",  "<=",
                                             ">",  ">=", "==", "!=", "&", "^",  "|",  "&&", "||"};
static const int bin_prec[B_COUNT] = {10, 10, 10, 9, 9, 8, 8, 7, 7, 7, 7, 6, 6, 5, 4, 3, 2, 1};
#define PREC_COND 0
#define PREC_UNARY 11
#define PREC_PRIMARY 12

typedef struct Pr {
    McStr *o;
    McGencMode mode;
    const char *hprefix; /* the helpers' names: PREFIX0, PREFIX1, ... */
} Pr;

static int eprec(const Expr *e) {
    switch (e->k) {
    case E_NUM: return e->num < 0 ? PREC_UNARY : PREC_PRIMARY;
    case E_VAR:
    case E_IDX:
    case E_CALL: return PREC_PRIMARY;
    case E_BIN: return bin_prec[e->op];
    case E_COND: return PREC_COND;
    default: return PREC_UNARY;
    }
}

static void pexpr(Pr *p, const Expr *e);

static void pparen(Pr *p, const Expr *e, bool paren) {
    if (paren) mc_str_putc(p->o, '(');
    pexpr(p, e);
    if (paren) mc_str_putc(p->o, ')');
}

static void pnum(Pr *p, int32_t v) {
    if (v == INT_MIN) mc_str_puts(p->o, "(-2147483647 - 1)"); /* C's -2147483648 is a long */
    else if (v > 9 && ((uint32_t)v & ((uint32_t)v + 1)) == 0) mc_str_printf(p->o, "0x%x", (unsigned)v); /* 255 as 0xff */
    else mc_str_printf(p->o, "%d", (int)v);
}

static bool checked_op(const Pr *p, int op) {
    return p->mode == MC_GENC_CHECKED && (op == B_DIV || op == B_REM || op == B_SHL || op == B_SHR);
}

static const char *helper(int op) {
    return op == B_DIV ? "mc_div" : op == B_REM ? "mc_rem" : op == B_SHL ? "mc_shl" : "mc_shr";
}

/* The twin's bound check of an index into buffer NAME: mc_ix(K, for a
 * parameter of the main function (its length in mc_len[K]), else
 * mc_ixn(LENGTH, with a local array's length or a helper parameter's
 * hidden NAME_n. */
static void pbound(Pr *p, const char *name, int buf, int blen) {
    if (blen == 0) mc_str_printf(p->o, "mc_ix(%d, ", buf);
    else if (blen > 0) mc_str_printf(p->o, "mc_ixn(%d, ", blen);
    else mc_str_printf(p->o, "mc_ixn(%s_n, ", name);
}

/* h(args): in the twin, each buffer argument is followed by its length. */
static void pcall(Pr *p, const Expr *e) {
    mc_str_printf(p->o, "%s%d(", p->hprefix, e->fn);
    for (const Expr *a = e->a; a; a = a->b) {
        if (a != e->a) mc_str_puts(p->o, ", ");
        if (a->a) {
            pexpr(p, a->a);
            continue;
        }
        mc_str_puts(p->o, a->name);
        if (p->mode != MC_GENC_CHECKED) continue;
        if (a->blen == 0) mc_str_printf(p->o, ", mc_len[%d]", a->buf);
        else if (a->blen > 0) mc_str_printf(p->o, ", %d", a->blen);
        else mc_str_printf(p->o, ", %s_n", a->name);
    }
    mc_str_putc(p->o, ')');
}

static void pexpr(Pr *p, const Expr *e) {
    switch (e->k) {
    case E_NUM: pnum(p, e->num); break;
    case E_VAR: mc_str_puts(p->o, e->name); break;
    case E_CALL: pcall(p, e); break;
    case E_ARG: MC_ASSERT(!"an argument is printed by its call"); break;
    case E_IDX:
        mc_str_printf(p->o, "%s[", e->name);
        if (p->mode == MC_GENC_CHECKED) pbound(p, e->name, e->buf, e->blen);
        pexpr(p, e->a);
        if (p->mode == MC_GENC_CHECKED) mc_str_putc(p->o, ')');
        mc_str_putc(p->o, ']');
        break;
    case E_NEG:
    case E_POS:
    case E_NOT:
    case E_BNOT: {
        char c = e->k == E_NEG ? '-' : e->k == E_POS ? '+' : e->k == E_NOT ? '!' : '~';
        mc_str_putc(p->o, c);
        /* `- -x`, not `--x`; `-(-5)` */
        bool same = (c == '-' && (e->a->k == E_NEG || (e->a->k == E_NUM && e->a->num < 0))) ||
                    (c == '+' && e->a->k == E_POS);
        pparen(p, e->a, same || eprec(e->a) < PREC_UNARY);
        break;
    }
    case E_BIN:
        if (checked_op(p, e->op)) {
            mc_str_printf(p->o, "%s(", helper(e->op));
            pexpr(p, e->a);
            mc_str_puts(p->o, ", ");
            pexpr(p, e->b);
            mc_str_putc(p->o, ')');
            break;
        }
        pparen(p, e->a, eprec(e->a) < bin_prec[e->op]);
        mc_str_printf(p->o, " %s ", bin_tok[e->op]);
        pparen(p, e->b, eprec(e->b) <= bin_prec[e->op]);
        break;
    case E_COND:
        pparen(p, e->a, eprec(e->a) <= PREC_COND);
        mc_str_puts(p->o, " ? ");
        pexpr(p, e->b);
        mc_str_puts(p->o, " : ");
        pexpr(p, e->c);
        break;
    }
}

static void indent(Pr *p, int n) {
    for (int i = 0; i < n; i++) mc_str_puts(p->o, "    ");
}

static void plvalue(Pr *p, const Stmt *s) {
    mc_str_puts(p->o, s->name);
    if (s->buf < 0) return;
    mc_str_putc(p->o, '[');
    if (p->mode == MC_GENC_CHECKED) pbound(p, s->name, s->buf, s->blen);
    pexpr(p, s->idx);
    if (p->mode == MC_GENC_CHECKED) mc_str_putc(p->o, ')');
    mc_str_putc(p->o, ']');
}

/* A simple statement without its `;` (also a for header's step). */
static void psimple(Pr *p, const Stmt *s) {
    if (s->k == S_INCDEC) {
        static const char *const pre[] = {"", "", "++", "--"}, *const post[] = {"++", "--", "", ""};
        mc_str_puts(p->o, pre[s->op]);
        plvalue(p, s);
        mc_str_puts(p->o, post[s->op]);
        return;
    }
    plvalue(p, s);
    if (s->op == A_SET) {
        mc_str_puts(p->o, " = ");
        pexpr(p, s->e);
    } else if (checked_op(p, s->op)) {
        mc_str_puts(p->o, " = ");
        mc_str_printf(p->o, "%s(", helper(s->op));
        plvalue(p, s);
        mc_str_puts(p->o, ", ");
        pexpr(p, s->e);
        mc_str_putc(p->o, ')');
    } else {
        mc_str_printf(p->o, " %s= ", bin_tok[s->op]);
        pexpr(p, s->e);
    }
}

static void pdecls(Pr *p, const Stmt *s) {
    mc_str_puts(p->o, "int ");
    for (int i = 0; i < s->ndecls; i++) {
        if (i) mc_str_puts(p->o, ", ");
        mc_str_puts(p->o, s->decls[i].name);
        if (s->decls[i].init) {
            mc_str_puts(p->o, " = ");
            pexpr(p, s->decls[i].init);
        }
    }
}

static void pstmt(Pr *p, const Stmt *s, int ind);

/* The body of an if/loop after its header: ` {...}` or a statement on the next line. */
static void pbody(Pr *p, const Stmt *s, int ind) {
    if (s->k == S_BLOCK) {
        mc_str_puts(p->o, " {\n");
        for (int i = 0; i < s->n; i++) pstmt(p, s->items[i], ind + 1);
        indent(p, ind);
        mc_str_putc(p->o, '}');
    } else {
        mc_str_putc(p->o, '\n');
        pstmt(p, s, ind + 1);
        indent(p, ind);
    }
}

static void pif(Pr *p, const Stmt *s, int ind) {
    mc_str_puts(p->o, "if (");
    pexpr(p, s->e);
    mc_str_putc(p->o, ')');
    if (s->then->k != S_BLOCK && !s->els) { /* if (c) break; */
        mc_str_putc(p->o, ' ');
        Pr q = *p;
        McStr tmp;
        mc_str_init(&tmp);
        q.o = &tmp;
        pstmt(&q, s->then, 0);
        mc_str_puts(p->o, tmp.s);
        mc_str_free(&tmp);
        return;
    }
    pbody(p, s->then, ind);
    if (!s->els) {
        mc_str_putc(p->o, '\n');
        return;
    }
    mc_str_puts(p->o, s->then->k == S_BLOCK ? " else" : "else");
    if (s->els->k == S_IF) {
        mc_str_putc(p->o, ' ');
        pif(p, s->els, ind);
        return;
    }
    pbody(p, s->els, ind);
    mc_str_putc(p->o, '\n');
}

static void pstmt(Pr *p, const Stmt *s, int ind) {
    indent(p, ind);
    switch (s->k) {
    case S_DECL:
        pdecls(p, s);
        mc_str_puts(p->o, ";\n");
        break;
    case S_ASSIGN:
    case S_INCDEC:
        psimple(p, s);
        mc_str_puts(p->o, ";\n");
        break;
    case S_IF: pif(p, s, ind); break;
    case S_WHILE:
        mc_str_puts(p->o, "while (");
        pexpr(p, s->e);
        mc_str_putc(p->o, ')');
        pbody(p, s->then, ind);
        mc_str_putc(p->o, '\n');
        break;
    case S_DO:
        mc_str_puts(p->o, "do");
        pbody(p, s->then, ind);
        mc_str_puts(p->o, s->then->k == S_BLOCK ? " while (" : "while (");
        pexpr(p, s->e);
        mc_str_puts(p->o, ");\n");
        break;
    case S_FOR:
        mc_str_puts(p->o, "for (");
        if (s->ndecls) pdecls(p, s);
        mc_str_puts(p->o, "; ");
        if (s->e) pexpr(p, s->e);
        mc_str_puts(p->o, "; ");
        for (int i = 0; i < s->nsteps; i++) {
            if (i) mc_str_puts(p->o, ", ");
            psimple(p, s->steps[i]);
        }
        mc_str_putc(p->o, ')');
        pbody(p, s->then, ind);
        mc_str_putc(p->o, '\n');
        break;
    case S_BREAK: mc_str_puts(p->o, "break;\n"); break;
    case S_CONT: mc_str_puts(p->o, "continue;\n"); break;
    case S_RET:
        if (!s->e) {
            mc_str_puts(p->o, "return;\n");
            break;
        }
        mc_str_puts(p->o, "return ");
        pexpr(p, s->e);
        mc_str_puts(p->o, ";\n");
        break;
    case S_CALL:
        pexpr(p, s->e);
        mc_str_puts(p->o, ";\n");
        break;
    case S_ARRAY:
        mc_str_printf(p->o, "int %s[%d] = {", s->name, s->op);
        for (int i = 0; i < s->ndecls; i++) {
            if (i) mc_str_puts(p->o, ", ");
            pexpr(p, s->decls[i].init);
        }
        mc_str_puts(p->o, "};\n");
        break;
    case S_BLOCK:
        mc_str_puts(p->o, "{\n");
        for (int i = 0; i < s->n; i++) pstmt(p, s->items[i], ind + 1);
        indent(p, ind);
        mc_str_puts(p->o, "}\n");
        break;
    case S_EMPTY: mc_str_puts(p->o, ";\n"); break;
    }
}

/* A function's header, `int NAME(int x, int a[])` (in the twin, a hidden
 * `int a_n` after each buffer parameter of a helper). */
static void pheader(Pr *p, const char *ret, const char *name, int k, const Param *ps, int n, bool lengths) {
    mc_str_printf(p->o, "%s %s", ret, name);
    if (k >= 0) mc_str_printf(p->o, "%d", k);
    mc_str_putc(p->o, '(');
    if (n == 0) mc_str_puts(p->o, "void");
    for (int i = 0; i < n; i++) {
        mc_str_printf(p->o, "%sint %s%s", i ? ", " : "", ps[i].name, ps[i].is_buf ? "[]" : "");
        if (lengths && ps[i].is_buf) mc_str_printf(p->o, ", int %s_n", ps[i].name);
    }
    mc_str_putc(p->o, ')');
}

static void pbody_of(Pr *p, const Stmt *body) {
    mc_str_puts(p->o, " {\n");
    for (int i = 0; i < body->n; i++) pstmt(p, body->items[i], 1);
    mc_str_puts(p->o, "}\n");
}

/* With helpers: their prototypes, the main function (the first defined,
 * the one `minicc run` runs), then the helpers; their names are hK for the
 * main function `f`, NAME_hK for any other. */
void mc_genc_print(const McGencProg *prog, const char *name, McGencMode mode, McStr *out) {
    name = name ? name : "f";
    McStr prefix;
    mc_str_init(&prefix);
    if (strcmp(name, "f") == 0) mc_str_puts(&prefix, "h");
    else mc_str_printf(&prefix, "%s_h", name);
    Pr p = {out, mode, prefix.s};
    bool lengths = mode == MC_GENC_CHECKED;
    for (int k = 0; k < prog->nhelpers; k++) {
        const Func *h = &prog->helpers[k];
        pheader(&p, h->is_void ? "void" : "int", prefix.s, k, h->params, h->nparams, lengths);
        mc_str_puts(out, ";\n");
    }
    pheader(&p, "int", name, -1, prog->params, prog->nparams, false);
    pbody_of(&p, prog->body);
    for (int k = 0; k < prog->nhelpers; k++) {
        const Func *h = &prog->helpers[k];
        mc_str_putc(out, '\n');
        pheader(&p, h->is_void ? "void" : "int", prefix.s, k, h->params, h->nparams, lengths);
        pbody_of(&p, h->body);
    }
    mc_str_free(&prefix);
}

void mc_genc_args_format(const McGencProg *p, McStr *out) {
    for (int i = 0; i < p->nparams; i++) {
        if (i) mc_str_putc(out, ' ');
        if (!p->params[i].is_buf) {
            mc_str_printf(out, "%d", (int)p->params[i].scalar);
            continue;
        }
        mc_str_putc(out, '[');
        for (int32_t k = 0; k < p->params[i].len; k++) mc_str_printf(out, "%s%d", k ? ", " : "", (int)p->params[i].data[k]);
        mc_str_putc(out, ']');
    }
}

/* ---- the oracle's C file ---------------------------------------------------------- */

void mc_genc_oracle_prelude(McStr *o) {
    mc_str_puts(o,
                "/* generated by minicc fuzz --lang c: MiniC programs and their checked twins */\n"
                "#include <limits.h>\n#include <setjmp.h>\n#include <stdio.h>\n\n"
                "static jmp_buf mc_jb;\nstatic char mc_msg[128];\n"
                "static const char *mc_undef; /* why C may not be asked about this run */\n"
                "static int mc_len[2];\n\n"
                "/* Division on magnitudes in unsigned: no signed / or % for the C\n"
                " * compiler to fold, INT_MIN / -1 wraps (and is noted). An INT_MIN\n"
                " * dividend is noted too, defensively: issue 26 reported gcc 12 computing\n"
                " * -a / b wrong there, which could not be reproduced with gcc 12.2. */\n"
                "static unsigned mc_mag(int a) { return a < 0 ? 0u - (unsigned)a : (unsigned)a; }\n"
                "static int mc_div(int a, int b) {\n"
                "    if (b == 0) { snprintf(mc_msg, sizeof mc_msg, \"division by zero\"); longjmp(mc_jb, 1); }\n"
                "    if (a == INT_MIN && b == -1 && !mc_undef) mc_undef = \"INT_MIN / -1\";\n"
                "    if (a == INT_MIN && !mc_undef) mc_undef = \"INT_MIN dividend (issue 26)\";\n"
                "    unsigned q = mc_mag(a) / mc_mag(b);\n"
                "    return (int)((a < 0) != (b < 0) ? 0u - q : q);\n}\n"
                "static int mc_rem(int a, int b) {\n"
                "    if (b == 0) { snprintf(mc_msg, sizeof mc_msg, \"division by zero\"); longjmp(mc_jb, 1); }\n"
                "    if (a == INT_MIN && b == -1 && !mc_undef) mc_undef = \"INT_MIN % -1\";\n"
                "    if (a == INT_MIN && !mc_undef) mc_undef = \"INT_MIN dividend (issue 26)\";\n"
                "    unsigned r = mc_mag(a) % mc_mag(b);\n"
                "    return (int)(a < 0 ? 0u - r : r);\n}\n"
                "static int mc_shl(int a, int c) {\n"
                "    if ((c < 0 || c > 31) && !mc_undef) mc_undef = \"shift count outside 0..31\";\n"
                "    c &= 31;\n"
                "    if ((a < 0 || a > (INT_MAX >> c)) && !mc_undef) mc_undef = \"negative or overflowing left shift\";\n"
                "    return (int)((unsigned)a << c);\n}\n"
                "static int mc_shr(int a, int c) {\n"
                "    if ((c < 0 || c > 31) && !mc_undef) mc_undef = \"shift count outside 0..31\";\n"
                "    return a >> (c & 31);\n}\n"
                "static int mc_ixn(int n, int i) {\n"
                "    if (i < 0 || i >= n) {\n"
                "        snprintf(mc_msg, sizeof mc_msg, \"buffer index %d outside [0,%d)\", i, n);\n"
                "        longjmp(mc_jb, 1);\n    }\n    return i;\n}\n"
                "static int mc_ix(int k, int i) {\n"
                "    if (i < 0 || i >= mc_len[k]) {\n"
                "        snprintf(mc_msg, sizeof mc_msg, \"buffer index %d outside [0,%d)\", i, mc_len[k]);\n"
                "        longjmp(mc_jb, 1);\n    }\n    return i;\n}\n"
                "static void mc_pbuf(const char *name, const int *v, int n) {\n"
                "    printf(\"%s = [\", name);\n"
                "    for (int i = 0; i < n; i++) printf(i ? \", %d\" : \"%d\", v[i]);\n"
                "    printf(\"]\\n\");\n}\n\n");
}

/* The arguments of one call and the buffer prints, for buffers named PREFIXn. */
static void case_call(const McGencProg *p, int k, const char *suffix, const char *prefix, McStr *o) {
    mc_str_printf(o, "mc_p%d%s(", k, suffix);
    int nb = 0;
    for (int i = 0; i < p->nparams; i++) {
        if (i) mc_str_puts(o, ", ");
        if (p->params[i].is_buf) mc_str_printf(o, "%s%d", prefix, nb++);
        else pnum(&(Pr){o, MC_GENC_MINIC, ""}, p->params[i].scalar);
    }
    mc_str_putc(o, ')');
}

static void case_buffers(const McGencProg *p, const char *prefix, McStr *o) {
    int nb = 0;
    for (int i = 0; i < p->nparams; i++)
        if (p->params[i].is_buf) {
            mc_str_printf(o, "    mc_pbuf(\"%s\", %s%d, %d);\n", p->params[i].name, prefix, nb, (int)p->params[i].len);
            nb++;
        }
}

void mc_genc_oracle_case(const McGencProg *p, int k, McStr *o) {
    char name[32];
    snprintf(name, sizeof name, "mc_p%d", k);
    mc_genc_print(p, name, MC_GENC_MINIC, o);
    snprintf(name, sizeof name, "mc_p%d_chk", k);
    mc_genc_print(p, name, MC_GENC_CHECKED, o);
    mc_str_printf(o, "static void mc_case%d(void) {\n", k);
    int nb = 0;
    for (int i = 0; i < p->nparams; i++) {
        if (!p->params[i].is_buf) continue;
        for (int v = 0; v < 2; v++) {
            mc_str_printf(o, "    static int %s%d[%d] = {", v ? "pb" : "cb", nb, (int)(p->params[i].len ? p->params[i].len : 1));
            for (int32_t e = 0; e < p->params[i].len; e++) {
                if (e) mc_str_puts(o, ", ");
                pnum(&(Pr){o, MC_GENC_MINIC, ""}, p->params[i].data[e]);
            }
            if (!p->params[i].len) mc_str_putc(o, '0');
            mc_str_puts(o, "};\n");
        }
        mc_str_printf(o, "    mc_len[%d] = %d;\n", nb, (int)p->params[i].len);
        nb++;
    }
    mc_str_printf(o, "    volatile int trapped = 0;\n    mc_undef = 0;\n    printf(\"case %d\\n\");\n", k);
    mc_str_puts(o, "    if (setjmp(mc_jb) == 0) {\n        int r = ");
    case_call(p, k, "_chk", "cb", o);
    mc_str_puts(o, ";\n        printf(\"checked: return %d\\n\", r);\n");
    mc_str_puts(o, "    } else {\n        trapped = 1;\n        printf(\"checked: trap: %s\\n\", mc_msg);\n    }\n");
    case_buffers(p, "cb", o);
    mc_str_puts(o, "    if (trapped || mc_undef) {\n        printf(\"plain: not asked (%s)\\n\", trapped ? \"trap\" : mc_undef);\n        return;\n    }\n");
    mc_str_puts(o, "    int r = ");
    case_call(p, k, "", "pb", o);
    mc_str_puts(o, ";\n    printf(\"plain: return %d\\n\", r);\n");
    case_buffers(p, "pb", o);
    mc_str_puts(o, "}\n\n");
}

void mc_genc_oracle_main(int n, McStr *o) {
    mc_str_puts(o, "int main(void) {\n");
    for (int k = 0; k < n; k++) mc_str_printf(o, "    mc_case%d();\n", k);
    mc_str_puts(o, "    return 0;\n}\n");
}

