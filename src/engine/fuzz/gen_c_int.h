/* gen_c_int.h - the syntax tree of a generated MiniC program, shared by
 * the generator and reducer (gen_c.c) and the printers (gen_c_print.c).
 * Private to src/engine/fuzz. */
#ifndef MINICC_FUZZ_GEN_C_INT_H
#define MINICC_FUZZ_GEN_C_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "minicc/genc.h"

enum { E_NUM, E_VAR, E_IDX, E_NEG, E_POS, E_NOT, E_BNOT, E_BIN, E_COND };
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
    struct Expr *a, *b, *c; /* operands; E_IDX: a is the index */
} Expr;

/* Assignment operators; A_SET is `=`, the others `OP=` with bin_tok[op]. */
enum { A_SET = -1 };

enum { S_DECL, S_ASSIGN, S_INCDEC, S_IF, S_WHILE, S_DO, S_FOR, S_BREAK, S_CONT, S_RET, S_BLOCK, S_EMPTY };

typedef struct Decl {
    char name[NAMELEN];
    Expr *init; /* NULL: declared only (the next statement assigns it) */
} Decl;

typedef struct Stmt {
    int k;                 /* S_* */
    int op;                /* S_ASSIGN: A_SET or B_*; S_INCDEC: 0 x++, 1 x--, 2 ++x, 3 --x */
    char name[NAMELEN];    /* S_ASSIGN, S_INCDEC: the variable or buffer */
    int buf;               /* -1 scalar, else the buffer's ordinal (then idx is the index) */
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

struct McGencProg {
    Param *params;
    int nparams;
    Stmt *body; /* an S_BLOCK */
    bool trap_program;
};

#endif
