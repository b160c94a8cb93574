/* gen_c_int.h - the syntax tree of a generated MiniC program, shared by
 * the generator and reducer (gen_c.c) and the printers (gen_c_print.c).
 * Private to src/engine/fuzz. */
#ifndef MINICC_FUZZ_GEN_C_INT_H
#define MINICC_FUZZ_GEN_C_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "minicc/genc.h"

/* E_CALL: a call of helper fn, its arguments a chain of E_ARG (a: the
 * first); E_ARG: one argument, a scalar expression in a, or (a NULL) the
 * buffer name/buf/blen, and the next argument in b. */
enum { E_NUM, E_VAR, E_IDX, E_NEG, E_POS, E_NOT, E_BNOT, E_BIN, E_COND, E_CALL, E_ARG };
enum {
    B_MUL, B_DIV, B_REM, B_ADD, B_SUB, B_SHL, B_SHR, B_LT, B_LE, B_GT, B_GE, B_EQ, B_NE,
    B_AND, B_XOR, B_OR, B_LAND, B_LOR, B_COUNT
};
#define NAMELEN 8
typedef struct Expr {
    int k, op;           /* E_*; B_* for E_BIN */
    int32_t num;         /* E_NUM */
    char name[NAMELEN];  /* E_VAR, E_IDX (the buffer) */
    int buf;             /* E_IDX: the buffer's ordinal among buffer parameters */
    int blen;            /* E_IDX, E_ARG of a buffer: 0 a parameter of the main function
                            (the twin checks mc_ix(buf, i)), > 0 a local array of that
                            length, -1 a helper's buffer parameter (its length NAME_n) */
    int fn;              /* E_CALL: the helper */
    bool keep;           /* the reducer does not replace this node (a call's guard) */
    bool frozen;         /* ... nor anything in it (the guard's test, the depth argument) */
    struct Expr *a, *b, *c; /* operands; E_IDX: a is the index */
} Expr;

/* Assignment operators; A_SET is `=`, the others `OP=` with bin_tok[op]. */
enum { A_SET = -1 };

/* S_CALL: `h(...);` (e the E_CALL); S_ARRAY: `int NAME[op] = {decls' inits};`;
 * S_RET without e: `return;` (a void helper). */
enum { S_DECL, S_ASSIGN, S_INCDEC, S_IF, S_WHILE, S_DO, S_FOR, S_BREAK, S_CONT, S_RET, S_BLOCK, S_EMPTY, S_CALL, S_ARRAY };

typedef struct Decl {
    char name[NAMELEN];
    Expr *init; /* NULL: declared only (the next statement assigns it) */
} Decl;

typedef struct Stmt {
    int k;                 /* S_* */
    int op;                /* S_ASSIGN: A_SET or B_*; S_INCDEC: 0 x++, 1 x--, 2 ++x, 3 --x */
    char name[NAMELEN];    /* S_ASSIGN, S_INCDEC: the variable or buffer */
    int buf;               /* -1 scalar, else the buffer's ordinal (then idx is the index) */
    int blen;              /* a store: as Expr.blen */
    bool keep;             /* an `if (d > 0)` guarding a call: not replaced by its body */
    Expr *idx;
    Expr *e;               /* value, condition or returned value */
    struct Stmt *then, *els; /* S_IF; loops use then as the body */
    struct Stmt **items;   /* S_BLOCK */
    int n;
    Decl *decls;           /* S_DECL, S_FOR's init */
    int ndecls;
    struct Stmt **steps;   /* S_FOR */
    int nsteps;
} Stmt;

typedef struct Param {
    char name[NAMELEN];
    bool is_buf;
    int32_t scalar; /* the argument */
    int32_t *data;  /* buffer argument */
    int32_t len;
} Param;

/* A helper the main function calls (McGencOptions.calls): its first
 * parameter `d` bounds the depth of the calls below it (each call passes
 * d - 1 under d > 0); a buffer parameter's len is the length it assumes
 * (callers pass buffers at least that long). */
typedef struct Func {
    Param *params;
    int nparams;
    bool is_void;
    Stmt *body; /* an S_BLOCK */
} Func;

struct McGencProg {
    Param *params;
    int nparams;
    Stmt *body; /* an S_BLOCK */
    bool trap_program;
    Func *helpers; /* h0 .. h(nhelpers-1); h(k) calls h0 .. h(k) */
    int nhelpers;
};

#endif
