/* minic_diag.c - MiniC's errors and its recovery from them: reporting
 * (one message per mistake, then quiet until the statement ends), skipping
 * to the end of a statement, the keywords of C that MiniC does not have and
 * the names of declarations it could not accept. Shared with minic.c's
 * parser through minic_int.h. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "minic_int.h"
#include "minic_lex.h"
#include "minicc/util.h"

/* ---- errors ------------------------------------------------------------------ */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mc_minic_error(CParser *p, McLoc loc, const char *fmt, ...) {
    p->failed = true;
    if (p->panic) return;
    va_list ap;
    va_start(ap, fmt);
    mc_vdiag_capped(p->d, loc, fmt, ap);
    va_end(ap);
}

/* A syntax error: reported, then quiet until the statement is skipped. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mc_minic_syntax(CParser *p, McLoc loc, const char *fmt, ...) {
    p->failed = true;
    if (!p->panic) {
        va_list ap;
        va_start(ap, fmt);
        mc_vdiag_capped(p->d, loc, fmt, ap);
        va_end(ap);
    }
    p->panic = true;
}

/* A token as a message quotes it. */
const char *mc_minic_describe(CParser *p, const CTok *t) {
    p->scratch.len = 0;
    if (t->kind == CT_EOF) return "end of file";
    mc_str_putc(&p->scratch, '\'');
    mc_str_putn(&p->scratch, t->s, t->len > 40 ? 40 : t->len);
    mc_str_puts(&p->scratch, t->len > 40 ? "...'" : "'");
    return p->scratch.s;
}

/* A lexical error token: its own message. */
void mc_minic_lex_error(CParser *p, const CTok *t) {
    if (t->quote == 2) mc_minic_error(p, t->loc, "%s U+%04X", t->msg, (unsigned)(unsigned char)t->s[0]);
    else if (t->quote) mc_minic_error(p, t->loc, "%s '%.*s'", t->msg, (int)(t->len > 40 ? 40 : t->len), t->s);
    else mc_minic_error(p, t->loc, "%s", t->msg);
}

/* The variable or element `++`/`--` at token k applies to: the tokens
 * [*from, *to] before it (`i`, `a[i]`) when `before`, else after it. */
static bool incdec_operand(const CParser *p, int32_t k, bool before, int32_t *from, int32_t *to) {
    if (before) {
        int32_t j = k - 1;
        if (j >= 0 && is_p(&p->t[j], CP_RBRACK))
            for (int b = 0; j >= 0; j--) {
                if (is_p(&p->t[j], CP_RBRACK)) b++;
                else if (is_p(&p->t[j], CP_LBRACK) && --b == 0) {
                    j--;
                    break;
                }
            }
        if (j < 0 || p->t[j].kind != CT_NAME || mc_minic_is_keyword(&p->t[j])) return false;
        *from = j;
        *to = k - 1;
        return true;
    }
    int32_t j = k + 1;
    if (j >= p->nt || p->t[j].kind != CT_NAME || mc_minic_is_keyword(&p->t[j])) return false;
    *from = *to = j;
    if (j + 1 < p->nt && is_p(&p->t[j + 1], CP_LBRACK))
        for (int b = 0, i = j + 1; i < p->nt && p->t[i].kind != CT_EOF; i++) {
            if (is_p(&p->t[i], CP_LBRACK)) b++;
            else if (is_p(&p->t[i], CP_RBRACK) && --b == 0) {
                *to = i;
                break;
            }
        }
    return true;
}

/* `++` or `--` inside an expression: the hint names the operand and the
 * operator as written (`write 'n--;' on its own`). */
static void incdec_in_expression(CParser *p, const CTok *t) {
    const char *op = mc_c_punct_text[t->punct];
    int32_t k = (int32_t)(t - p->t), from, to;
    bool post = incdec_operand(p, k, true, &from, &to), pre = !post && incdec_operand(p, k, false, &from, &to);
    size_t n = (post || pre) ? (size_t)(p->t[to].s + p->t[to].len - p->t[from].s) : 0;
    if ((post || pre) && n <= 60)
        mc_minic_syntax(p, t->loc, "'%s' is a statement in MiniC, not an expression (write '%s%.*s%s;' on its own)", op,
                        pre ? op : "", (int)n, p->t[from].s, post ? op : "");
    else
        mc_minic_syntax(p, t->loc, "'%s' is a statement in MiniC, not an expression (write it as a statement of its own)", op);
}

/* `expected WHAT before TOKEN` (or the lexical error found there). */
void mc_minic_expected(CParser *p, const char *what) {
    const CTok *t = tok(p);
    if (t->kind == CT_EOF && t->msg) { /* the unterminated comment says it all */
        p->failed = p->panic = true;
        return;
    }
    if (t->kind == CT_ERROR) {
        mc_minic_lex_error(p, t);
        p->panic = true;
        return;
    }
    if (is_p(t, CP_COMMA))
        mc_minic_syntax(p, t->loc, "expected %s before ','; the comma operator is not supported in MiniC (only between "
                             "declarations and in for (...) headers)", what);
    else if (is_p(t, CP_ASSIGN) || (t->kind == CT_PUNCT && t->punct >= CP_SHL_EQ && t->punct <= CP_XOR_EQ &&
                                    t->punct != CP_INC && t->punct != CP_DEC))
        mc_minic_syntax(p, t->loc, "assignment is a statement in MiniC, not an expression: %s cannot be used here "
                             "(write 'x = y = 0' as two assignments)", mc_minic_describe(p, t));
    else if (is_p(t, CP_INC) || is_p(t, CP_DEC))
        incdec_in_expression(p, t);
    else
        mc_minic_syntax(p, t->loc, "expected %s before %s", what, mc_minic_describe(p, t));
}

bool mc_minic_expect(CParser *p, CPunct c) {
    if (accept(p, c)) return true;
    if (p->panic) return false;
    const CTok *prev = p->i > 0 ? &p->t[p->i - 1] : NULL;
    if (c == CP_SEMI && prev && tok(p)->loc.line > prev->loc.line && tok(p)->kind != CT_ERROR) {
        /* A ';' missing at the end of a line: said there, as compilers do. */
        McLoc at = prev->loc;
        at.col += (int32_t)prev->len;
        mc_minic_syntax(p, at, "expected ';' after %s", mc_minic_describe(p, prev));
        return false;
    }
    char what[16];
    snprintf(what, sizeof what, "'%s'", mc_c_punct_text[c]);
    mc_minic_expected(p, what);
    return false;
}

/* Skip to the end of the statement after a syntax error: past a ';' or a
 * balanced {...}, or up to a '}' that closes an enclosing block. */
void mc_minic_sync(CParser *p) {
    int depth = 0;
    for (;;) {
        const CTok *t = tok(p);
        if (t->kind == CT_EOF) break;
        if (is_p(t, CP_LBRACE)) depth++;
        else if (is_p(t, CP_RBRACE)) {
            if (depth == 0) break;
            if (--depth == 0) {
                next(p);
                break;
            }
        } else if (is_p(t, CP_SEMI) && depth == 0) {
            next(p);
            break;
        }
        next(p);
    }
    p->panic = false;
}

/* ---- C keywords ------------------------------------------------------------ */

static const char *const type_words[] = {"void", "char", "short", "long", "float", "double", "signed", "unsigned",
                                          "_Bool", "_Complex", "struct", "union", "enum", NULL};
static const char *const other_words[] = {"typedef", "const",    "volatile", "static",   "extern",
                                           "register", "auto",     "inline",   "restrict", "_Atomic",
                                           "_Thread_local", "_Noreturn", "_Alignas", "_Alignof", "_Generic",
                                           "_Static_assert", NULL};
static const char *const stmt_words[] = {"int",  "if",    "else",   "while", "do",   "for",  "break",  "continue",
                                          "return", "switch", "case", "default", "goto", "sizeof", NULL};

static bool in_list(const CTok *t, const char *const *l) {
    for (int k = 0; l[k]; k++)
        if (is_word(t, l[k])) return true;
    return false;
}
bool mc_minic_is_type_word(const CTok *t) { return in_list(t, type_words); }
bool mc_minic_is_qualifier(const CTok *t) { return in_list(t, other_words); }
bool mc_minic_is_keyword(const CTok *t) {
    return t->kind == CT_NAME && (in_list(t, type_words) || mc_minic_is_qualifier(t) || in_list(t, stmt_words));
}

/* The error for a keyword MiniC does not have, at t (a syntax error). */
void mc_minic_unsupported(CParser *p, const CTok *t) {
    if (is_word(t, "void"))
        mc_minic_syntax(p, t->loc, "'void' is only a function's return type in MiniC (and '(void)', no parameters); "
                        "variables and parameters are int");
    else if (mc_minic_is_type_word(t))
        mc_minic_syntax(p, t->loc, "type '%.*s' is not supported: MiniC has only int", (int)t->len, t->s);
    else if (is_word(t, "switch") || is_word(t, "case") || is_word(t, "default"))
        mc_minic_syntax(p, t->loc, "'%.*s' is not supported in MiniC (use if and else)", (int)t->len, t->s);
    else if (is_word(t, "goto"))
        mc_minic_syntax(p, t->loc, "'goto' is not supported in MiniC (use loops, break and continue)");
    else
        mc_minic_syntax(p, t->loc, "'%.*s' is not supported in MiniC", (int)t->len, t->s);
}

/* The end of the declaration that starts at token `from`: the index of
 * its ';' (outside brackets and braces), of a '}' closing an enclosing
 * block, just after the '}' ending a function's body (`... f(...) { ... }`),
 * or of the end of file. */
static int32_t decl_end(const CParser *p, int32_t from) {
    int depth = 0, braces = 0;
    for (int32_t i = from; i < p->nt; i++) {
        const CTok *u = &p->t[i];
        if (u->kind == CT_EOF) return i;
        if (is_p(u, CP_LPAREN) || is_p(u, CP_LBRACK)) depth++;
        else if ((is_p(u, CP_RPAREN) || is_p(u, CP_RBRACK)) && depth > 0) depth--;
        else if (is_p(u, CP_LBRACE)) {
            if (braces == 0 && i > from && is_p(&p->t[i - 1], CP_RPAREN)) { /* a function's body */
                int b = 0;
                for (; i < p->nt && p->t[i].kind != CT_EOF; i++)
                    if (is_p(&p->t[i], CP_LBRACE)) b++;
                    else if (is_p(&p->t[i], CP_RBRACE) && --b == 0) return i + 1;
                return i;
            }
            braces++;
        } else if (is_p(u, CP_RBRACE)) {
            if (braces == 0) return i;
            braces--;
        } else if (is_p(u, CP_SEMI) && depth == 0 && braces == 0) return i;
    }
    return p->nt - 1;
}

/* After an unsupported declaration (`const int x = 1;`, `float y, z;`,
 * `struct S { int a; } s;`, `enum { A, B } e;`, a global `int g;`), note
 * the names it declares: outside brackets, a name after a keyword, a
 * struct's tag, '*', ',' or a type's closing '}'; and an enum's constants.
 * Their uses are then not reported again as "'x' is not declared": the
 * declaration's error already said what is wrong. A global's names are
 * noted for the rest of the file, a local's for the function. */
void mc_minic_hush(CParser *p, int32_t from, bool global) {
    int32_t end = decl_end(p, from);
    McArena *a = global ? &p->garena : &p->ea;
    McNameMap *m = global ? &p->ghushed : &p->hushed;
    int depth = 0, braces = 0;
    bool is_enum = false, in_init = false;
    for (int32_t i = from; i < end; i++) {
        const CTok *u = &p->t[i], *prev = i > from ? &p->t[i - 1] : NULL;
        if (is_p(u, CP_LPAREN) || is_p(u, CP_LBRACK)) depth++;
        else if ((is_p(u, CP_RPAREN) || is_p(u, CP_RBRACK)) && depth > 0) depth--;
        else if (is_p(u, CP_LBRACE)) braces++;
        else if (is_p(u, CP_RBRACE) && braces > 0) braces--;
        else if (depth == 0 && is_p(u, CP_ASSIGN)) in_init = true; /* an initializer: its names are uses */
        else if (depth == 0 && is_p(u, CP_COMMA)) in_init = false;
        if (is_word(u, "enum")) is_enum = true;
        if (u->kind != CT_NAME || mc_minic_is_keyword(u) || depth > 0 || !prev) continue;
        bool declared;
        if (braces == 1 && is_enum) /* an enum's constant */
            declared = is_p(prev, CP_LBRACE) || is_p(prev, CP_COMMA);
        else
            declared = braces == 0 && !in_init &&
                       ((prev->kind == CT_NAME && mc_minic_is_keyword(prev)) || is_p(prev, CP_STAR) || is_p(prev, CP_COMMA) ||
                        is_p(prev, CP_RBRACE) || (prev->kind == CT_NAME && i >= 2 && mc_minic_is_type_word(&p->t[i - 2])));
        if (declared) mc_namemap_put(a, m, mc_arena_strndup(a, u->s, u->len), 1);
    }
}

/* Skip the declaration at the current token, up to and with its ';' (see
 * decl_end); the error is reported: parsing goes on after it. */
void mc_minic_skip_decl(CParser *p) {
    int32_t end = decl_end(p, p->i);
    p->i = end;
    if (is_p(tok(p), CP_SEMI)) next(p);
    p->panic = false;
}

/* `'x' is not declared`, unless an unsupported declaration of x was reported. */
void mc_minic_undeclared(CParser *p, const CTok *t) {
    if (mc_namemap_get(&p->hushed, t->s, t->len) == MC_NONE && mc_namemap_get(&p->ghushed, t->s, t->len) == MC_NONE)
        mc_minic_error(p, t->loc, "'%.*s' is not declared", (int)t->len, t->s);
    else
        p->failed = true;
}
