/* minic_int.h - what the MiniC parser (minic.c), its errors and recovery
 * (minic_diag.c) and its lowering (minic_lower.c) share: the parser's
 * state, expression trees, the token helpers, the lowering's entry points.
 * Private to src/engine/frontend. */
#ifndef MINICC_FRONTEND_MINIC_INT_H
#define MINICC_FRONTEND_MINIC_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "minic_lex.h"
#include "minicc/diag.h"
#include "minicc/ir.h"
#include "minicc/util.h"

typedef enum EKind { E_ERR, E_INT, E_VAR, E_INDEX, E_NEG, E_PLUS, E_NOT, E_BITNOT, E_BIN, E_LAND, E_LOR, E_COND, E_CALL, E_BUF } EKind;

/* An expression tree node (arena of the function being parsed). */
typedef struct Expr {
    EKind k;
    McLoc loc;           /* the operator, or the operand's token */
    int op;              /* E_BIN: the McOp */
    bool swap;           /* E_BIN: operands swapped (`>`, `>=`) */
    int32_t val;         /* E_INT */
    int32_t var;         /* E_VAR, E_INDEX, E_BUF: the value (a buffer for E_INDEX, E_BUF) */
    int32_t depth;       /* height of the tree below */
    struct Expr *a, *b, *c; /* operands; E_COND: c ? a : b */
    int32_t fn;          /* E_CALL: the callee (CParser.fns) */
    int32_t nargs;       /* E_CALL: its arguments, args[0..nargs); a buffer argument is E_BUF */
    struct Expr **args;
} Expr;

/* A function of the file, declared (a prototype) or defined, in the order
 * the source names them (docs/minic.md §5). */
typedef struct CFunc {
    const char *name;  /* its C name, in the source text */
    uint32_t len;
    const char *ir;    /* its IR name (`$add` for the C name `add`), garena */
    bool is_void;
    int32_t nparams;
    bool *bufs;        /* per parameter: a buffer (garena) */
    const char **pnames; /* per parameter: its C name, or NULL in a prototype without one (garena) */
    McLoc loc;         /* its first declaration or definition */
    bool defined;      /* a definition was parsed (maybe with errors) */
    McLoc defloc;      /* that definition's name */
    bool broken;       /* its declaration had errors (reported): its calls are not checked */
    int32_t index;     /* its McFunc in CParser.funcs once defined without error, else MC_NONE */
} CFunc;

/* A call of a function that was only declared when the call was parsed:
 * an error at the end of the file unless a definition came. */
typedef struct CPending {
    int32_t fn;
    McLoc loc;
} CPending;

/* A variable in scope. */
typedef struct Var {
    const char *name; /* in the source text */
    uint32_t len;
    int32_t v;        /* its IR value */
    bool buf;         /* a buffer: a buffer parameter or a local array */
    bool array;       /* a local array (`int a[4] = {...}`) */
    bool initializing; /* a local array inside its own initializer: not usable yet */
    int32_t depth;    /* block nesting it was declared at */
    McLoc loc;        /* its declaration */
} Var;

/* An enclosing loop: where `break` and `continue` go. */
typedef struct Loop {
    int32_t brk, cont;
} Loop;

/* An assignment, `++` or `--` parsed but maybe not lowered yet (a `for` step). */
typedef struct Simple {
    Expr *call;    /* a call whose result is discarded (`f(x);`), or NULL */
    int32_t var;   /* the variable (a buffer when index), MC_NONE after an error */
    Expr *index;   /* a[index], or NULL */
    int op;        /* -1 for `=`, else the McOp of `op=`, `++`, `--` */
    Expr *rhs;     /* the right-hand side (1 for `++`/`--`) */
    McLoc loc;     /* the lvalue */
} Simple;

typedef struct CParser {
    McDiags *d;
    const char *file, *src;
    size_t srclen;
    CTok *t;
    int32_t nt, i;
    bool panic;   /* after a syntax error: quiet until the statement ends */
    bool failed;
    McArena ea;   /* expression trees and the declared-names map, per function */
    McFunc *f;
    int32_t cur;  /* the block being filled, MC_NONE after a jump */
    int32_t *seq; /* per block: when lowering started it (INT32_MAX: never) */
    int32_t capseq, nstarted;
    Var *vars;
    int32_t nvars, capvars, depth;
    Loop *loops;
    int32_t nloops, caploops;
    McNameMap declared; /* C name -> declarations so far in the function */
    McNameMap hushed;   /* names of unsupported declarations: uses are not errors again */
    McNameMap ghushed;  /* the same for rejected globals, for the whole file (in garena) */
    McArena garena;
    McStr scratch;
    int stmt_nesting; /* statements being parsed, one inside the other */
    int expr_nesting; /* parentheses and operators being parsed, the same */
    McFunc **funcs;
    int32_t nfuncs, capfuncs;
    CFunc *fns;         /* the file's functions so far, declared or defined */
    int32_t nfns, capfns;
    McNameMap fnmap;    /* C name -> index in fns (garena) */
    int32_t curfn;      /* the function being defined (fns), MC_NONE outside one */
    bool cur_void;      /* ... is a void function */
    const char *cur_name; /* ... its C name (in the source text) */
    uint32_t cur_len;
    CPending *pend;     /* calls of functions not yet defined */
    int32_t npend, cappend;
} CParser;

/* ---- tokens ---- */

static inline const CTok *tok(const CParser *p) { return &p->t[p->i]; }
static inline const CTok *peek(const CParser *p, int k) { return &p->t[p->i + k < p->nt ? p->i + k : p->nt - 1]; }
static inline void next(CParser *p) {
    if (p->t[p->i].kind != CT_EOF) p->i++;
}
static inline bool is_p(const CTok *t, CPunct c) { return t->kind == CT_PUNCT && t->punct == c; }
static inline bool is_word(const CTok *t, const char *w) {
    return t->kind == CT_NAME && t->len == strlen(w) && memcmp(t->s, w, t->len) == 0;
}
static inline bool accept(CParser *p, CPunct c) {
    if (!is_p(tok(p), c)) return false;
    next(p);
    return true;
}

/* ---- minic_diag.c: errors and recovery ---- */

/* An error at loc (not a syntax error: parsing goes on); counts towards the
 * limit of errors, and marks the function failed. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mc_minic_error(CParser *p, McLoc loc, const char *fmt, ...);
/* A syntax error: reported, then quiet until the statement is skipped. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mc_minic_syntax(CParser *p, McLoc loc, const char *fmt, ...);
/* A token as a message quotes it (valid until the next call). */
const char *mc_minic_describe(CParser *p, const CTok *t);
/* A lexical error token: its own message. */
void mc_minic_lex_error(CParser *p, const CTok *t);
/* `expected WHAT before TOKEN` (or the lexical error found there). */
void mc_minic_expected(CParser *p, const char *what);
/* Accept c or report it missing (a ';' missing at a line's end is said there). */
bool mc_minic_expect(CParser *p, CPunct c);
/* Skip to the end of the statement after a syntax error. */
void mc_minic_sync(CParser *p);
/* Keywords: C's types MiniC lacks, its qualifiers and storage classes, all of C's. */
bool mc_minic_is_type_word(const CTok *t);
bool mc_minic_is_qualifier(const CTok *t);
bool mc_minic_is_keyword(const CTok *t);
/* The error for a keyword MiniC does not have, at t (a syntax error). */
void mc_minic_unsupported(CParser *p, const CTok *t);
/* Note the names the unsupported declaration starting at token `from`
 * declares (for the rest of the file when global, else the function). */
void mc_minic_hush(CParser *p, int32_t from, bool global);
/* Skip the declaration at the current token (with its ';'): reported. */
void mc_minic_skip_decl(CParser *p);
/* `'x' is not declared`, unless an unsupported declaration of x was reported. */
void mc_minic_undeclared(CParser *p, const CTok *t);

/* ---- minic_lower.c ---- */

/* A name free in the function being built (a value's, or a block's with
 * `block`): base, else base.2, base.3, ...; valid until the next call. */
const char *mc_lower_fresh(CParser *p, const char *base, bool block);
/* A new block named WHAT.L<line> (made unique). */
int32_t mc_lower_block(CParser *p, const char *what, int32_t line);
/* Fill block b from now on (the block being filled falls into it). */
void mc_lower_start(CParser *p, int32_t b);
/* End the block being filled with `jump target` (nothing when there is none). */
void mc_lower_jump(CParser *p, int32_t target, int32_t line);
/* dest := e */
void mc_lower_into(CParser *p, const Expr *e, int32_t dest);
/* Branch to t when e is non-zero, else to f. */
void mc_lower_cond(CParser *p, const Expr *e, int32_t t, int32_t f);
/* An assignment, ++ or -- (nothing after an error in the function). */
void mc_lower_simple(CParser *p, const Simple *s);
/* `return e` from the statement at `at` (e NULL: `return;` of a void function, 0). */
void mc_lower_return(CParser *p, const Expr *e, McLoc at);
/* A call whose result is discarded (a statement). */
void mc_lower_call_stmt(CParser *p, const Expr *e);
/* `a = buffer n` and the stores of its initializer inits[0..ninits). */
void mc_lower_array(CParser *p, int32_t a, int32_t n, Expr **inits, int32_t ninits, McLoc loc);
/* The end of the function at its closing brace: false after an error. */
bool mc_lower_finish(CParser *p, McLoc close);

#endif
