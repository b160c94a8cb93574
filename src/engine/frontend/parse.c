/* parse.c - the IR text format (docs/ir.md §1) to an McModule.
 *
 * A hand-written lexer feeds a parser that is a flat loop over functions,
 * blocks and statements: the grammar has no nesting, so nothing here recurses
 * and a 100k-block file parses in constant stack.
 *
 * Names are resolved as they come: a value used before its definition (a phi
 * operand from a later block, a use in a block that is written above the one
 * defining it) is created by name, and terminator targets and phi predecessors
 * are collected and resolved when the function's closing brace is reached.
 *
 * Errors: every message names the offending token and points at its first
 * byte (1-based line and column, a tab counts as one column). After an error
 * the parser skips the rest of the offending line and carries on, so one run
 * reports many independent mistakes; the lexer's errors are reported when the
 * parser reaches the bad token and unknown block names are sorted in at the
 * closing brace, so diagnostics come out in source order. A
 * function with a syntax error is not handed to the verifier (it would only
 * add noise); a function that parsed cleanly is verified with
 * mc_verify(MC_VERIFY_INFER). Any error anywhere means no module at all.
 *
 * Contract: requires nothing; produces a module whose functions are verified
 * and have `form` set, with source locations on values (first definition),
 * operands, instructions, phis, phi predecessors, terminators and their
 * targets, and block labels. */
#include "minicc/parse.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "minicc/util.h"
#include "minicc/verify.h"

/* How much of a long token a diagnostic quotes. */
#define QUOTE_MAX 40

/* ---- lexer ---------------------------------------------------------------- */

typedef enum TokKind {
    T_EOF,
    T_NAME,
    T_INT,
    T_LPAREN,
    T_RPAREN,
    T_LBRACE,
    T_RBRACE,
    T_LBRACK,
    T_RBRACK,
    T_COMMA,
    T_COLON,
    T_EQ,
    T_ERROR, /* a lexical error; see LexErr */
} TokKind;

typedef enum LexErr {
    LE_CHAR,   /* a character that starts no token; cp is its code point */
    LE_BYTE,   /* a byte that is not valid UTF-8; cp is the byte */
    LE_MINUS,  /* '-' not followed by a digit */
    LE_NUMBER, /* digits running into name characters: 12abc, 1.5 */
} LexErr;

typedef struct Tok {
    TokKind kind;
    const char *s; /* the token's text in the source */
    size_t len;
    McLoc loc;
    int32_t ival;  /* T_INT: the value when in range */
    bool range;    /* T_INT: out of the i32 range */
    LexErr err;    /* T_ERROR */
    uint32_t cp;   /* T_ERROR: LE_CHAR code point / LE_BYTE byte */
} Tok;

typedef struct Lexer {
    const char *src;
    size_t len, pos;
    size_t line_start; /* offset of the first byte of the current line */
    int32_t line;
    McLoc end;         /* just after the last token: where end of file is reported */
} Lexer;

static bool is_name_start(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '.';
}

static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_name_char(unsigned char c) { return is_name_start(c) || is_digit(c); }

static McLoc lex_loc(const Lexer *lx) {
    size_t col = lx->pos - lx->line_start + 1;
    McLoc l = {lx->line, col > INT32_MAX ? INT32_MAX : (int32_t)col};
    return l;
}

/* Decode one UTF-8 sequence at s[0..n); returns its length (0 when invalid:
 * truncated, overlong, a surrogate or beyond U+10FFFF) and the code point. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    unsigned char c = s[0];
    size_t k;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        k = 2, v = c & 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        k = 3, v = c & 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        k = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n < k) return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
    *cp = v;
    return k;
}

static Tok lex(Lexer *lx) {
    const unsigned char *s = (const unsigned char *)lx->src;
    /* Whitespace and comments. */
    while (lx->pos < lx->len) {
        unsigned char c = s[lx->pos];
        if (c == '\n') {
            lx->pos++;
            lx->line_start = lx->pos;
            if (lx->line < INT32_MAX) lx->line++;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            lx->pos++;
        } else if (c == '#') {
            while (lx->pos < lx->len && s[lx->pos] != '\n') lx->pos++;
        } else {
            break;
        }
    }
    Tok t;
    memset(&t, 0, sizeof t);
    t.loc = lex_loc(lx);
    t.s = lx->src + lx->pos;
    if (lx->pos >= lx->len) {
        /* Report "unexpected end of file" right after the last token, on a
         * line that exists, rather than past a final newline. */
        t.kind = T_EOF;
        t.loc = lx->end;
        return t;
    }
    size_t start = lx->pos;
    unsigned char c = s[lx->pos];
    if (is_name_start(c)) {
        while (lx->pos < lx->len && is_name_char(s[lx->pos])) lx->pos++;
        t.kind = T_NAME;
    } else if (is_digit(c) || c == '-') {
        lx->pos++;
        if (c == '-' && (lx->pos >= lx->len || !is_digit(s[lx->pos]))) {
            t.kind = T_ERROR;
            t.err = LE_MINUS;
        } else {
            while (lx->pos < lx->len && is_digit(s[lx->pos])) lx->pos++;
            if (lx->pos < lx->len && is_name_char(s[lx->pos])) {
                while (lx->pos < lx->len && is_name_char(s[lx->pos])) lx->pos++;
                t.kind = T_ERROR;
                t.err = LE_NUMBER;
            } else {
                t.kind = T_INT;
                t.range = mc_parse_i32(t.s, lx->pos - start, &t.ival) != 0;
            }
        }
    } else {
        static const char punct[] = "(){}[],:=";
        static const TokKind kinds[] = {T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_LBRACK,
                                        T_RBRACK, T_COMMA,  T_COLON,  T_EQ};
        const char *p = c ? strchr(punct, c) : NULL;
        if (p) {
            lx->pos++;
            t.kind = kinds[p - punct];
        } else {
            t.kind = T_ERROR;
            size_t k = utf8_decode(s + lx->pos, lx->len - lx->pos, &t.cp);
            if (k == 0) {
                t.err = LE_BYTE;
                t.cp = c;
                k = 1;
            } else {
                t.err = LE_CHAR;
            }
            lx->pos += k;
        }
    }
    t.len = lx->pos - start;
    lx->end = lex_loc(lx);
    return t;
}

/* ---- parser state ----------------------------------------------------------- */

/* A block name waiting for the end of its function to be resolved. */
typedef struct Pending {
    int32_t block;   /* the block holding the reference */
    int32_t phi;     /* -1: terminator target `slot`; else phi index, arg `slot` */
    int32_t slot;
    const char *s;   /* the name in the source */
    size_t len;
    McLoc loc;
} Pending;

typedef enum BlockState { BS_PHIS, BS_INSTS, BS_DONE } BlockState;

typedef struct Parser {
    Lexer lx;
    Tok cur, nxt;
    uint64_t ntok;      /* tokens consumed so far, to guarantee progress */
    int32_t prev_line;  /* line of the last consumed token */
    McLoc prev_end;     /* just after the last consumed token */
    uint64_t stmt_tok;  /* ntok when the current statement began */
    McDiags *d;
    const char *file;
    McFileName *file_name; /* file, shared by every function (mc_func_new_in) */
    /* Sizing each function's first arena chunk (arena.c): the arena bytes
     * the last function needed per byte of its text, times 16 (a function
     * of the same shape needs the same per byte). */
    size_t need16;
    int32_t last_values, last_blocks; /* the last function's counts: room made at once */
    const char *ftext;  /* where the function being parsed starts */
    bool failed;        /* any error, including the verifier's */
    bool eof_reported;  /* "unexpected end of file" was said */
    McStr scratch;      /* NUL-terminated copies of names */
    McArena arena;      /* the function-name map */
    McNameMap fnames;
    McFunc **funcs;     /* every function parsed, in order */
    int32_t nfuncs, capfuncs;
    /* The function being parsed. */
    McFunc *f;
    bool ferr;          /* f has a syntax error */
    int fdiags;         /* index of f's first diagnostic in d */
    int32_t blk;        /* current block or MC_NONE before the first label */
    BlockState bstate;
    bool blk_err;       /* the block had a syntax error: do not also complain that it
                         * lacks a terminator (the broken line may have been one) */
    Pending *pend;
    size_t npend, cappend;
    McOperand *cargs;   /* the arguments of the call being parsed */
    size_t capcargs;
} Parser;

static void error_at(Parser *p, McLoc loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void error_at(Parser *p, McLoc loc, const char *fmt, ...) {
    p->failed = true;
    p->ferr = true;
    va_list ap;
    va_start(ap, fmt);
    mc_vdiag_capped(p->d, loc, fmt, ap); /* syntax errors count against the cap, the verifier's do not */
    va_end(ap);
}

/* The token as a diagnostic quotes it: 'text' (long texts cut short), or
 * "end of file". */
static const char *describe(const Tok *t, char *buf, size_t size) {
    if (t->kind == T_EOF) return "end of file";
    if (t->len > QUOTE_MAX)
        snprintf(buf, size, "'%.*s...'", QUOTE_MAX, t->s);
    else
        snprintf(buf, size, "'%.*s'", (int)t->len, t->s);
    return buf;
}

static void report_lex_error(Parser *p, const Tok *t) {
    char q[QUOTE_MAX + 8];
    switch (t->err) {
    case LE_CHAR:
        if (t->cp == '/' && t->s[0] == '/' && t->s[1] == '/')
            error_at(p, t->loc, "invalid character '/' (comments start with '#')");
        else if (t->cp == '/' && t->s[0] == '/' && t->s[1] == '*')
            error_at(p, t->loc, "invalid character '/' (comments start with '#' and end at the end of the line)");
        else if (t->cp >= 0x21 && t->cp < 0x7F)
            error_at(p, t->loc, "invalid character '%c'", (char)t->cp);
        else
            error_at(p, t->loc, "invalid character U+%04lX", (unsigned long)t->cp);
        break;
    case LE_BYTE: error_at(p, t->loc, "invalid byte 0x%02lX (not UTF-8)", (unsigned long)t->cp); break;
    case LE_MINUS: error_at(p, t->loc, "expected a digit after '-'"); break;
    case LE_NUMBER: error_at(p, t->loc, "invalid integer %s", describe(t, q, sizeof q)); break;
    }
}

/* Consume the current token. A lexical error is reported when its token
 * becomes current, unless the parser is skipping after an error. */
static void advance_quiet(Parser *p) {
    if (p->cur.kind == T_EOF) return;
    p->prev_line = p->cur.loc.line;
    p->prev_end = (McLoc){p->cur.loc.line, p->cur.loc.col + (int32_t)p->cur.len};
    p->ntok++;
    p->cur = p->nxt;
    p->nxt = p->cur.kind == T_EOF ? p->cur : lex(&p->lx);
}

static void advance(Parser *p) {
    advance_quiet(p);
    if (p->cur.kind == T_ERROR) report_lex_error(p, &p->cur);
}

static bool is_word(const Tok *t, const char *w) {
    return t->kind == T_NAME && t->len == strlen(w) && memcmp(t->s, w, t->len) == 0;
}

/* `expected WHAT, found 'x'`; silent on a lexical error (already reported). */
static void expected(Parser *p, const char *what) {
    char q[QUOTE_MAX + 8];
    if (p->cur.kind == T_ERROR) {
        p->failed = p->ferr = true;
        return;
    }
    if (p->cur.kind == T_EOF) {
        /* Once is enough: a file cut short would otherwise also miss its '}'. */
        if (p->eof_reported) {
            p->failed = p->ferr = true;
            return;
        }
        p->eof_reported = true;
        error_at(p, p->cur.loc, "unexpected end of file, expected %s", what);
    } else if (p->prev_line > 0 && p->cur.loc.line > p->prev_line &&
               p->ntok > p->stmt_tok) {
        /* The statement stops short at the end of its line: say so there,
         * not at whatever the next line starts with. */
        error_at(p, p->prev_end, "expected %s, found the end of the line", what);
    } else
        error_at(p, p->cur.loc, "expected %s, found %s", what, describe(&p->cur, q, sizeof q));
}

static bool accept(Parser *p, TokKind k) {
    if (p->cur.kind != k) return false;
    advance(p);
    return true;
}

static bool expect(Parser *p, TokKind k, const char *what) {
    if (accept(p, k)) return true;
    expected(p, what);
    return false;
}

/* Error recovery inside a function: drop the rest of the line the statement
 * was on (always at least one token), stopping early at '}' or 'func'. */
static void sync_line(Parser *p, uint64_t stmt_start) {
    if (p->ntok == stmt_start) advance_quiet(p);
    while (p->cur.kind != T_EOF && p->cur.loc.line == p->prev_line && p->cur.kind != T_RBRACE &&
           !is_word(&p->cur, "func"))
        advance_quiet(p);
    if (p->cur.kind == T_ERROR) report_lex_error(p, &p->cur);
}

/* The current token's text as a NUL-terminated string (valid until the next call). */
static const char *tok_str(Parser *p, const Tok *t) {
    p->scratch.len = 0;
    mc_str_putn(&p->scratch, t->s, t->len);
    return p->scratch.s;
}

/* A NAME token that is about to become a name: reserved words are rejected
 * (the caller still uses the name so that parsing can go on). */
static void check_name(Parser *p, const Tok *t) {
    char q[QUOTE_MAX + 8];
    if (mc_is_reserved(t->s, t->len))
        error_at(p, t->loc, "%s is reserved and cannot be a name", describe(t, q, sizeof q));
}

/* ---- values ------------------------------------------------------------------ */

/* A value named by NAME token t, seen for the first time: a reserved word is
 * reported here, once, and the value is created anyway so parsing goes on. */
static int32_t new_value(Parser *p, const Tok *t) {
    check_name(p, t);
    return mc_func_value_new(p->f, tok_str(p, t));
}

/* The destination NAME t of a phi or an instruction (already consumed). */
static int32_t parse_dest(Parser *p, const Tok *t) {
    char q[QUOTE_MAX + 8];
    McFunc *f = p->f;
    int32_t v = mc_namemap_get(&f->value_names, t->s, t->len);
    if (v == MC_NONE) v = new_value(p, t);
    if (f->values[v].kind == MC_VAL_BUF)
        error_at(p, t->loc, "cannot assign to buffer %s", describe(t, q, sizeof q));
    if (!mc_pos_known(f->values[v].loc)) f->values[v].loc = mc_pos(p->f, t->loc);
    return v;
}

/* A scalar operand: NAME or INT. On success consumes it and returns true;
 * semantic mistakes (out of range, a buffer) are reported and parsing goes
 * on. A reserved word is not an operand (`x = add n,` followed by `return`
 * on the next line is a missing operand, not a badly named one). */
static bool parse_scalar(Parser *p, const char *what, McOperand *out) {
    char q[QUOTE_MAX + 8];
    Tok t = p->cur;
    memset(out, 0, sizeof *out);
    out->loc = mc_pos(p->f, t.loc);
    if (t.kind == T_INT) {
        if (t.range) {
            int n = (int)(t.len > QUOTE_MAX ? QUOTE_MAX : t.len);
            error_at(p, t.loc, "integer %.*s%s out of range for i32", n, t.s, t.len > QUOTE_MAX ? "..." : "");
        }
        out->kind = MC_OPND_CONST;
        out->v = t.range ? 0 : t.ival;
        advance(p);
        return true;
    }
    if (t.kind != T_NAME || mc_is_reserved(t.s, t.len)) {
        expected(p, what);
        return false;
    }
    McFunc *f = p->f;
    int32_t v = mc_namemap_get(&f->value_names, t.s, t.len);
    if (v == MC_NONE) v = mc_func_value_new(f, tok_str(p, &t));
    if (f->values[v].kind == MC_VAL_BUF)
        error_at(p, t.loc, "buffer %s cannot be used as a scalar", describe(&t, q, sizeof q));
    out->kind = MC_OPND_VALUE;
    out->v = v;
    advance(p);
    return true;
}

/* The buffer operand of load/store: the NAME of a buf parameter. */
static bool parse_buffer(Parser *p, const char *op, McOperand *out) {
    char q[QUOTE_MAX + 8], what[64];
    Tok t = p->cur;
    memset(out, 0, sizeof *out);
    out->loc = mc_pos(p->f, t.loc);
    out->kind = MC_OPND_VALUE;
    if (t.kind == T_INT) {
        error_at(p, t.loc, "expected buffer name after '%s', found %s", op, describe(&t, q, sizeof q));
        out->kind = MC_OPND_CONST;
        advance(p);
        return true;
    }
    if (t.kind != T_NAME || mc_is_reserved(t.s, t.len)) {
        snprintf(what, sizeof what, "buffer name after '%s'", op);
        expected(p, what);
        return false;
    }
    McFunc *f = p->f;
    int32_t v = mc_namemap_get(&f->value_names, t.s, t.len);
    if (v == MC_NONE || f->values[v].kind != MC_VAL_BUF) {
        error_at(p, t.loc, "%s is not a buffer (a buf parameter, or a local buffer defined above)",
                 describe(&t, q, sizeof q));
        if (v == MC_NONE) v = mc_func_value_new(f, tok_str(p, &t));
    }
    out->v = v;
    advance(p);
    return true;
}

/* Remember block name t (in terminator target `slot` when phi < 0, else in
 * argument `slot` of phi `phi`, which must exist) for resolve_and_finish. */
static void add_pending(Parser *p, int32_t phi, int32_t slot, const Tok *t) {
    if (p->npend == p->cappend) {
        p->cappend = p->cappend ? p->cappend * 2 : 64;
        p->pend = mc_xrealloc(p->pend, p->cappend * sizeof *p->pend);
    }
    Pending *r = &p->pend[p->npend++];
    r->block = p->blk;
    r->phi = phi;
    r->slot = slot;
    r->s = t->s;
    r->len = t->len;
    r->loc = t->loc;
}

/* A block NAME (consumed into *t), resolved at the end of the function. */
static bool parse_block_name(Parser *p, const char *what, Tok *t) {
    if (p->cur.kind != T_NAME) {
        expected(p, what);
        return false;
    }
    *t = p->cur;
    advance(p);
    return true;
}

/* ---- statements -------------------------------------------------------------- */

static const char *block_name(Parser *p) { return p->f->blocks[p->blk].name; }

/* A statement outside a block: before the first label, or after a
 * terminator. Report it once and open a stand-in block so the statement
 * itself is still checked (the function is discarded anyway). */
static void need_block(Parser *p) {
    if (p->blk != MC_NONE && p->bstate != BS_DONE) return;
    if (p->blk == MC_NONE)
        expected(p, "block label");
    else
        expected(p, "block label or '}' after terminator");
    p->blk = mc_func_block_fresh(p->f, "?");
    p->bstate = BS_PHIS;
    p->blk_err = true;
}

/* label := NAME ":" */
static void parse_label(Parser *p) {
    char q[QUOTE_MAX + 8];
    Tok t = p->cur;
    McFunc *f = p->f;
    if (p->blk != MC_NONE && p->bstate != BS_DONE && !p->blk_err)
        error_at(p, t.loc, "expected 'return', 'jump' or 'branch' to end block '%s', found label %s", block_name(p),
                 describe(&t, q, sizeof q));
    check_name(p, &t);
    int32_t b = mc_namemap_get(&f->block_names, t.s, t.len);
    if (b != MC_NONE) {
        error_at(p, t.loc, "duplicate block %s", describe(&t, q, sizeof q));
        b = mc_func_block_fresh(f, tok_str(p, &t));
    } else {
        b = mc_func_block_add(f, tok_str(p, &t));
    }
    f->blocks[b].loc = mc_pos(p->f, t.loc);
    p->blk = b;
    p->bstate = BS_PHIS;
    p->blk_err = false;
    advance(p); /* NAME */
    advance(p); /* ':' */
}

/* phi := NAME "=" "phi" incoming ("," incoming)*
 * incoming := "[" NAME ":" value "]"
 * The current token is 'phi'. */
static bool parse_phi(Parser *p, const Tok *dest) {
    McFunc *f = p->f;
    if (p->bstate == BS_INSTS)
        error_at(p, dest->loc, "phi '%s' must come before the instructions of block '%s'",
                 tok_str(p, dest), block_name(p));
    int32_t v = parse_dest(p, dest);
    int32_t phi = mc_block_phi_add(f, p->blk, v);
    f->blocks[p->blk].phis[phi].loc = mc_pos(p->f, dest->loc);
    advance(p); /* 'phi' */
    const char *open = "'[' after 'phi'";
    for (;;) {
        if (!expect(p, T_LBRACK, open)) return false;
        Tok pred;
        if (!parse_block_name(p, "predecessor block name after '['", &pred)) return false;
        if (!expect(p, T_COLON, "':' after block name")) return false;
        McOperand val;
        if (!parse_scalar(p, "value after ':'", &val)) return false;
        int32_t slot = f->blocks[p->blk].phis[phi].nargs;
        mc_phi_arg_add(f, p->blk, phi, MC_NONE, val);
        f->blocks[p->blk].phis[phi].args[slot].bloc = mc_pos(p->f, pred.loc);
        add_pending(p, phi, slot, &pred);
        if (!expect(p, T_RBRACK, "']' after value")) return false;
        if (p->cur.kind == T_LBRACK) {
            expected(p, "',' between incoming values");
            return false;
        }
        if (!accept(p, T_COMMA)) return true;
        open = "'[' after ','";
    }
}

/* instruction := NAME "=" BINOP value "," value | NAME "=" "copy" value
 *              | NAME "=" "load" NAME "," value
 * The current token is the opcode. */
static bool parse_assign(Parser *p, const Tok *dest, int op) {
    McFunc *f = p->f;
    if (p->bstate == BS_PHIS) p->bstate = BS_INSTS;
    McOperand a[2];
    const char *name = mc_op_info[op].name;
    char what[64];
    advance(p); /* opcode */
    snprintf(what, sizeof what, "operand after '%s'", name);
    if (op == MC_OP_LOAD) {
        if (!parse_buffer(p, name, &a[0])) return false;
    } else if (!parse_scalar(p, what, &a[0])) {
        return false;
    }
    if (mc_op_info[op].nargs == 2) {
        if (!expect(p, T_COMMA, "',' after operand")) return false;
        if (!parse_scalar(p, "operand after ','", &a[1])) return false;
    }
    int32_t v = parse_dest(p, dest);
    McInst *in = mc_block_inst_add(f, p->blk);
    in->op = (uint8_t)op;
    in->dest = v;
    in->a[0] = a[0];
    if (mc_op_info[op].nargs == 2) in->a[1] = a[1];
    in->loc = mc_pos(p->f, dest->loc);
    return true;
}

/* arg := value | NAME: a buffer is passed by its name. */
static bool parse_arg(Parser *p, McOperand *out) {
    Tok t = p->cur;
    if (t.kind == T_NAME && !mc_is_reserved(t.s, t.len)) {
        int32_t v = mc_namemap_get(&p->f->value_names, t.s, t.len);
        if (v != MC_NONE && p->f->values[v].kind == MC_VAL_BUF) {
            memset(out, 0, sizeof *out);
            out->kind = MC_OPND_VALUE;
            out->v = v;
            out->loc = mc_pos(p->f, t.loc);
            advance(p);
            return true;
        }
    }
    return parse_scalar(p, "argument", out);
}

/* [NAME "="] "call" NAME "(" [arg ("," arg)*] ")"; the current token is
 * 'call', dest the destination or NULL. The callee is resolved when the
 * whole file has been read (resolve_calls). */
static bool parse_call(Parser *p, const Tok *dest) {
    McFunc *f = p->f;
    if (p->bstate == BS_PHIS) p->bstate = BS_INSTS;
    McLoc loc = dest ? dest->loc : p->cur.loc;
    advance(p); /* 'call' */
    Tok name = p->cur;
    if (name.kind != T_NAME || mc_is_reserved(name.s, name.len) || name.loc.line > p->prev_line) {
        expected(p, "function name after 'call'");
        return false;
    }
    advance(p);
    if (!expect(p, T_LPAREN, "'(' after the function name")) return false;
    size_t n = 0;
    if (!accept(p, T_RPAREN)) {
        for (;;) {
            if (n == p->capcargs) {
                p->capcargs = p->capcargs ? p->capcargs * 2 : 8;
                p->cargs = mc_xrealloc(p->cargs, p->capcargs * sizeof *p->cargs);
            }
            if (!parse_arg(p, &p->cargs[n])) return false;
            n++;
            if (accept(p, T_RPAREN)) break;
            if (!expect(p, T_COMMA, "',' or ')' after argument")) return false;
        }
    }
    if (n > INT32_MAX / 2) {
        error_at(p, name.loc, "too many arguments");
        return false;
    }
    int32_t v = dest ? parse_dest(p, dest) : MC_NONE;
    int32_t c = mc_func_call_add(f, name.s, name.len, (int32_t)n);
    if (n) memcpy(f->calls[c].args, p->cargs, n * sizeof *p->cargs);
    f->calls[c].nloc = mc_pos(f, name.loc);
    McInst *in = mc_block_inst_add(f, p->blk);
    in->op = MC_OP_CALL;
    in->dest = v;
    in->a[0].kind = MC_OPND_NONE;
    in->a[0].v = c;
    in->loc = mc_pos(f, loc);
    return true;
}

/* NAME "=" "buffer" INT; the current token is 'buffer'. */
static bool parse_buffer_def(Parser *p, const Tok *dest) {
    char q[QUOTE_MAX + 8];
    McFunc *f = p->f;
    if (p->bstate == BS_PHIS) p->bstate = BS_INSTS;
    advance(p); /* 'buffer' */
    Tok n = p->cur;
    if (n.kind != T_INT) {
        expected(p, "buffer length after 'buffer'");
        return false;
    }
    if (n.range || n.ival < 1 || n.ival > MC_BUFFER_MAX)
        error_at(p, n.loc, "buffer length %s outside [1, %d]", describe(&n, q, sizeof q), MC_BUFFER_MAX);
    advance(p);
    int32_t v = mc_namemap_get(&f->value_names, dest->s, dest->len);
    if (v == MC_NONE) {
        v = new_value(p, dest);
        f->values[v].kind = MC_VAL_BUF;
        f->values[v].loc = mc_pos(f, dest->loc);
    } else if (f->values[v].kind == MC_VAL_BUF && f->values[v].param != MC_NONE) {
        error_at(p, dest->loc, "cannot assign to buffer %s", describe(dest, q, sizeof q));
    } else if (f->values[v].kind == MC_VAL_BUF) {
        McLoc first = mc_loc(f, f->values[v].loc);
        error_at(p, dest->loc, "buffer %s is defined more than once (first at %d:%d)", describe(dest, q, sizeof q),
                 (int)first.line, (int)first.col);
    } else {
        error_at(p, dest->loc, "%s is already a scalar (used or assigned above); a local buffer needs a name of "
                 "its own, defined before its uses", describe(dest, q, sizeof q));
    }
    McInst *in = mc_block_inst_add(f, p->blk);
    in->op = MC_OP_BUFFER;
    in->dest = v;
    in->a[0] = mc_const(n.range ? 0 : n.ival);
    in->a[0].loc = mc_pos(f, n.loc);
    in->loc = mc_pos(f, dest->loc);
    return true;
}

/* "store" NAME "," value "," value */
static bool parse_store(Parser *p) {
    McLoc loc = p->cur.loc;
    if (p->bstate == BS_PHIS) p->bstate = BS_INSTS;
    McOperand a[3];
    advance(p);
    if (!parse_buffer(p, "store", &a[0])) return false;
    if (!expect(p, T_COMMA, "',' after operand")) return false;
    if (!parse_scalar(p, "operand after ','", &a[1])) return false;
    if (!expect(p, T_COMMA, "',' after operand")) return false;
    if (!parse_scalar(p, "operand after ','", &a[2])) return false;
    McInst *in = mc_block_inst_add(p->f, p->blk);
    in->op = MC_OP_STORE;
    in->dest = MC_NONE;
    memcpy(in->a, a, sizeof a);
    in->loc = mc_pos(p->f, loc);
    return true;
}

/* terminator := "return" value | "jump" NAME | "branch" value "," NAME "," NAME */
static bool parse_term(Parser *p, int op) {
    McTerm t;
    memset(&t, 0, sizeof t);
    t.op = (uint8_t)op;
    t.loc = mc_pos(p->f, p->cur.loc);
    t.target[0] = t.target[1] = MC_NONE;
    advance(p);
    bool ok;
    Tok tg[2];
    int ntg = 0;
    if (op == MC_OP_RET) {
        ok = parse_scalar(p, "value after 'return'", &t.arg);
    } else if (op == MC_OP_JUMP) {
        ok = parse_block_name(p, "block name after 'jump'", &tg[ntg]) && ++ntg;
    } else {
        ok = parse_scalar(p, "condition after 'branch'", &t.arg) && expect(p, T_COMMA, "',' after condition") &&
             parse_block_name(p, "block name after ','", &tg[ntg]) && ++ntg &&
             expect(p, T_COMMA, "',' and the block for zero (branch COND, NONZERO, ZERO)") &&
             parse_block_name(p, "block name after ','", &tg[ntg]) && ++ntg;
    }
    for (int i = 0; i < ntg; i++) {
        t.tloc[i] = mc_pos(p->f, tg[i].loc);
        add_pending(p, -1, i, &tg[i]);
    }
    /* Even a broken terminator ends the block, so that the next label does
     * not add a second complaint. */
    McBlock *b = &p->f->blocks[p->blk];
    b->term = t;
    b->has_term = true;
    p->bstate = BS_DONE;
    return ok;
}

/* ---- suggestions for misspelt words --------------------------------------- */

/* Words other IRs and assemblers use, and what they are called here. */
static const char *known_alias(const char *s, size_t n) {
    static const struct {
        const char *word, *ours;
    } aliases[] = {{"ret", "return"}, {"retn", "return"}, {"br", "branch"},   {"brc", "branch"},
                   {"cbr", "branch"}, {"bra", "branch"},  {"if", "branch"},   {"jmp", "jump"},
                   {"goto", "jump"},  {"j", "jump"},      {"b", "jump"},      {"st", "store"},
                   {"ld", "load"},    {"mov", "copy"},    {"move", "copy"},   {"cp", "copy"},
                   {"gt", "lt"},      {"ge", "le"},
                   {"neq", "ne"},     {"cmpeq", "eq"},    {"plus", "add"},    {"minus", "sub"},
                   {"times", "mul"},  {"φ", "phi"}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strlen(aliases[i].word) == n && memcmp(aliases[i].word, s, n) == 0) return aliases[i].ours;
    return NULL;
}

/* The opcode (or "phi") closest to [s, s+n) if it is a likely slip: with
 * `statement` only terminators and store, else only value opcodes. */
static const char *closest_op(const char *s, size_t n, bool statement) {
    const char *alias = known_alias(s, n);
    if (alias) return alias;
    const char *best = NULL;
    int bd = n <= 3 ? 1 : 2;
    for (int op = 0; op < MC_OP_COUNT; op++) {
        bool stmt = op == MC_OP_STORE || op == MC_OP_CALL || (mc_op_info[op].flags & MC_OPF_TERM);
        if (stmt != statement) continue;
        const char *w = mc_op_info[op].name;
        int dist = mc_edit_distance(s, n, w, strlen(w));
        if (dist < bd || (dist == bd && !best)) {
            if (dist <= bd) best = w;
            if (dist < bd) bd = dist;
        }
    }
    if (!statement && mc_edit_distance(s, n, "phi", 3) < (best ? bd : bd + 1)) best = "phi";
    return best;
}

/* " (opcodes: add sub ...)": every value opcode, from the opcode table. */
static void list_value_ops(char *buf, size_t size) {
    size_t k = (size_t)snprintf(buf, size, " (opcodes:");
    for (int op = 0; op < MC_OP_COUNT && k < size; op++)
        if (mc_op_info[op].has_dest) k += (size_t)snprintf(buf + k, size - k, " %s", mc_op_info[op].name);
    if (k < size) snprintf(buf + k, size - k, " phi)");
}

/* One statement inside a function body; the current token is neither '}'
 * nor EOF. Returns false after a syntax error (the caller resyncs). */
static bool parse_statement(Parser *p) {
    char q[QUOTE_MAX + 8], q2[QUOTE_MAX + 8];
    Tok t = p->cur;
    p->stmt_tok = p->ntok;
    if (t.kind == T_NAME && p->nxt.kind == T_COLON) {
        parse_label(p);
        return true;
    }
    if (t.kind == T_ERROR) {
        p->failed = p->ferr = true;
        return false;
    }
    int op = t.kind == T_NAME ? mc_op_lookup(t.s, t.len) : -1;
    bool is_stmt = (t.kind == T_NAME && p->nxt.kind == T_EQ) || op == MC_OP_STORE || op == MC_OP_CALL ||
                   (op >= 0 && (mc_op_info[op].flags & MC_OPF_TERM));
    if (!is_stmt && p->blk != MC_NONE && p->bstate == BS_DONE) {
        expected(p, "block label or '}' after terminator");
        return false;
    }
    if (t.kind == T_NAME && p->nxt.kind == T_EQ) {
        need_block(p);
        advance(p); /* NAME */
        advance(p); /* '=' */
        Tok o = p->cur;
        if (is_word(&o, "phi")) return parse_phi(p, &t);
        int aop = o.kind == T_NAME ? mc_op_lookup(o.s, o.len) : -1;
        if (aop == MC_OP_CALL) return parse_call(p, &t);
        if (aop == MC_OP_BUFFER) return parse_buffer_def(p, &t);
        if (aop >= 0 && mc_op_info[aop].has_dest) return parse_assign(p, &t, aop);
        if (aop >= 0) {
            error_at(p, o.loc, "%s does not produce a value", describe(&o, q, sizeof q));
            return false;
        }
        if (o.kind == T_NAME && !mc_is_reserved(o.s, o.len)) {
            const char *near = closest_op(o.s, o.len, false);
            char all[256];
            list_value_ops(all, sizeof all);
            bool swapped = (o.len == 2 && (memcmp(o.s, "gt", 2) == 0 || memcmp(o.s, "ge", 2) == 0));
            if (near)
                error_at(p, o.loc, "unknown opcode %s (did you mean '%s'%s?)", describe(&o, q, sizeof q), near,
                         swapped ? " with the operands swapped" : "");
            else
                error_at(p, o.loc, "unknown opcode %s%s", describe(&o, q, sizeof q), all);
            return false;
        }
        expected(p, "opcode after '='");
        return false;
    }
    if (op == MC_OP_CALL) {
        need_block(p);
        return parse_call(p, NULL);
    }
    if (op == MC_OP_STORE || (op >= 0 && (mc_op_info[op].flags & MC_OPF_TERM))) {
        need_block(p);
        return op == MC_OP_STORE ? parse_store(p) : parse_term(p, op);
    }
    if (op >= 0 || is_word(&t, "phi")) {
        error_at(p, t.loc, "%s needs a destination (NAME = %.*s ...)", describe(&t, q, sizeof q), (int)t.len, t.s);
        return false;
    }
    if (t.kind == T_NAME && !mc_is_reserved(t.s, t.len)) {
        if (p->nxt.kind == T_ERROR) {
            advance(p);
            return false;
        }
        const char *near = closest_op(t.s, t.len, true);
        if (near && p->nxt.kind != T_EQ && p->nxt.kind != T_COLON) {
            error_at(p, t.loc, "unknown instruction %s (did you mean '%s'?)", describe(&t, q, sizeof q), near);
            return false;
        }
        if (p->nxt.kind == T_EOF) {
            p->eof_reported = true;
            error_at(p, p->nxt.loc, "unexpected end of file, expected '=' or ':' after %s",
                     describe(&t, q, sizeof q));
        } else {
            error_at(p, p->nxt.loc, "expected '=' or ':' after %s, found %s", describe(&t, q, sizeof q),
                     describe(&p->nxt, q2, sizeof q2));
        }
        return false;
    }
    expected(p, "instruction");
    return false;
}

/* ---- functions ----------------------------------------------------------------- */

/* Unknown block names are only known at the closing brace: move their
 * diagnostics among the function's others so the list stays in source order
 * (a stable insertion sort; a function has at most MC_MAX_ERRORS of them). */
static void sort_diags(Parser *p, int from) {
    McDiags *d = p->d;
    if (!d) return;
    int to = d->full ? d->n - 1 : d->n; /* "too many errors" stays last */
    for (int i = from + 1; i < to; i++) {
        McDiag x = d->v[i];
        int j = i;
        while (j > from && (d->v[j - 1].loc.line > x.loc.line ||
                            (d->v[j - 1].loc.line == x.loc.line && d->v[j - 1].loc.col > x.loc.col))) {
            d->v[j] = d->v[j - 1];
            j--;
        }
        d->v[j] = x;
    }
}

static void resolve_and_finish(Parser *p) {
    McFunc *f = p->f;
    char q[QUOTE_MAX + 8];
    for (size_t i = 0; i < p->npend; i++) {
        Pending *r = &p->pend[i];
        int32_t b = mc_namemap_get(&f->block_names, r->s, r->len);
        if (b == MC_NONE) {
            Tok t;
            memset(&t, 0, sizeof t);
            t.kind = T_NAME;
            t.s = r->s;
            t.len = r->len;
            error_at(p, r->loc, "unknown block %s", describe(&t, q, sizeof q));
            continue;
        }
        McBlock *bl = &f->blocks[r->block];
        if (r->phi < 0)
            bl->term.target[r->slot] = b;
        else
            bl->phis[r->phi].args[r->slot].block = b;
    }
    p->npend = 0;
    sort_diags(p, p->fdiags);
    if (!p->ferr && !mc_verify(f, MC_VERIFY_INFER, p->d)) p->failed = true;
    size_t text = (size_t)(p->cur.s - p->ftext);
    if (p->cur.kind == T_EOF || p->cur.s < p->ftext) text = p->lx.len - (size_t)(p->ftext - p->lx.src);
    if (text) { /* within 2..64 bytes a byte: a broken function's need says nothing */
        size_t need16 = f->arena.total * 16 / text + 1;
        p->need16 = need16 < 16 * 2 ? 16 * 2 : need16 > 16 * 64 ? 16 * 64 : need16;
    }
    p->last_values = f->nvalues;
    p->last_blocks = f->nblocks;
    if (p->nfuncs == p->capfuncs) {
        p->capfuncs = p->capfuncs ? p->capfuncs * 2 : 4;
        p->funcs = mc_xrealloc(p->funcs, (size_t)p->capfuncs * sizeof *p->funcs);
    }
    p->funcs[p->nfuncs++] = f;
    p->f = NULL;
}

/* After an error in a function header: skip to just after '{', or to the
 * first label, '}', 'func' or the end, whichever comes first. */
static void sync_header(Parser *p) {
    for (;;) {
        TokKind k = p->cur.kind;
        if (k == T_EOF || k == T_RBRACE || is_word(&p->cur, "func")) break;
        if (k == T_NAME && p->nxt.kind == T_COLON) break;
        if (k == T_LBRACE) {
            advance(p);
            break;
        }
        advance_quiet(p);
    }
    if (p->cur.kind == T_ERROR) report_lex_error(p, &p->cur);
}

/* A new function named `name` whose text starts at s, sized as the last
 * one: its arena's first chunk holds its text (up to the first '}') times
 * the bytes the last function needed per byte of text (at first
 * NEED_PER_BYTE), a little more for the difference between shapes, and its
 * value and block tables start with room for the last function's counts
 * (at most what the text can define). For files of functions alike each
 * function takes one chunk of about its need and regrows no table (a fixed
 * first chunk cost up to 3x its need). */
#define NEED_PER_BYTE 8
static McFunc *func_new(Parser *p, const char *name, const char *s) {
    size_t left = p->lx.len - (size_t)(s - p->lx.src);
    const char *close = memchr(s, '}', left);
    size_t text = close ? (size_t)(close - s) + 1 : left;
    size_t need16 = p->need16 ? p->need16 : 16 * NEED_PER_BYTE;
    size_t est = text > SIZE_MAX / 32 / need16 ? SIZE_MAX / 32 : text * need16 / 16;
    McFunc *f = mc_func_new_in(name, p->file_name, est + est / 32 + 16);
    /* The text defines at most a value per 2 bytes and a block per 4. */
    int32_t vmax = text / 2 < INT32_MAX ? (int32_t)(text / 2) : INT32_MAX;
    mc_func_reserve(f, p->last_values < vmax ? p->last_values : vmax,
                    p->last_blocks < vmax / 2 ? p->last_blocks : vmax / 2);
    return f;
}

/* function := "func" NAME "(" [param ("," param)*] ")" "{"
 * param := "i32" NAME | "buf" NAME
 * The current token is 'func'. Creates p->f. Returns false on a syntax error. */
static bool parse_header(Parser *p) {
    char q[QUOTE_MAX + 8];
    McLoc loc = p->cur.loc;
    p->fdiags = p->d ? p->d->n : 0;
    p->ftext = p->cur.s;
    advance(p);
    Tok name = p->cur;
    bool have_name = name.kind == T_NAME;
    p->f = func_new(p, have_name ? tok_str(p, &name) : "?", p->ftext);
    p->f->loc = mc_pos(p->f, loc);
    p->ferr = false;
    p->blk_err = false;
    p->blk = MC_NONE;
    p->bstate = BS_PHIS;
    if (!have_name) {
        expected(p, "function name after 'func'");
        return false;
    }
    check_name(p, &name);
    if (mc_namemap_get(&p->fnames, name.s, name.len) != MC_NONE)
        error_at(p, name.loc, "duplicate function %s", describe(&name, q, sizeof q));
    else
        mc_namemap_put(&p->arena, &p->fnames, mc_arena_strndup(&p->arena, name.s, name.len), p->nfuncs);
    advance(p);
    if (!expect(p, T_LPAREN, "'(' after function name")) return false;
    if (!accept(p, T_RPAREN)) {
        for (;;) {
            Tok ty = p->cur;
            McValKind kind;
            if (is_word(&ty, "i32"))
                kind = MC_VAL_I32;
            else if (is_word(&ty, "buf"))
                kind = MC_VAL_BUF;
            else {
                expected(p, "parameter type 'i32' or 'buf'");
                return false;
            }
            advance(p);
            Tok pn = p->cur;
            if (pn.kind != T_NAME) {
                expected(p, "parameter name");
                return false;
            }
            check_name(p, &pn);
            int32_t v = mc_func_param_add(p->f, tok_str(p, &pn), kind);
            if (v == MC_NONE)
                error_at(p, pn.loc, "duplicate parameter %s", describe(&pn, q, sizeof q));
            else
                p->f->values[v].loc = mc_pos(p->f, pn.loc);
            advance(p);
            if (accept(p, T_RPAREN)) break;
            if (!expect(p, T_COMMA, "',' or ')' after parameter")) return false;
        }
    }
    return expect(p, T_LBRACE, "'{' after parameter list");
}

/* One whole function; the current token is 'func'. */
static void parse_function(Parser *p) {
    char q[QUOTE_MAX + 8];
    if (!parse_header(p)) sync_header(p);
    for (;;) {
        if (p->d->full) break;
        Tok t = p->cur;
        if (t.kind == T_EOF) {
            expected(p, "'}'");
            break;
        }
        if (t.kind == T_RBRACE) {
            if (p->blk == MC_NONE) {
                if (!p->ferr) error_at(p, t.loc, "function '%s' has no blocks", p->f->name);
            } else if (p->bstate != BS_DONE && !p->blk_err) {
                error_at(p, t.loc, "expected 'return', 'jump' or 'branch' to end block '%s', found '}'",
                         block_name(p));
            }
            advance(p);
            break;
        }
        if (is_word(&t, "func") && p->nxt.kind != T_COLON && p->nxt.kind != T_EQ) {
            error_at(p, t.loc, "expected '}' at end of function '%s', found %s", p->f->name,
                     describe(&t, q, sizeof q));
            break;
        }
        uint64_t start = p->ntok;
        if (!parse_statement(p)) {
            p->blk_err = true;
            sync_line(p, start);
        }
    }
    resolve_and_finish(p);
}

/* Every call names a function of the file: resolved once the whole file is
 * read (a function may call one defined below it), then checked against
 * its callee (mc_verify_calls). Functions with syntax errors were never
 * kept, so their calls are not looked at. */
static void resolve_calls(Parser *p) {
    char q[QUOTE_MAX + 8];
    for (int32_t i = 0; i < p->nfuncs; i++) {
        McFunc *f = p->funcs[i];
        if (!f->ncalls || f->form == MC_FORM_UNKNOWN) continue; /* broken already: said */
        for (int32_t c = 0; c < f->ncalls; c++) {
            McCall *call = &f->calls[c];
            int32_t k = mc_namemap_get(&p->fnames, call->name, strlen(call->name));
            if (k == MC_NONE || k >= p->nfuncs) {
                Tok t;
                memset(&t, 0, sizeof t);
                t.kind = T_NAME;
                t.s = call->name;
                t.len = strlen(call->name);
                p->failed = true;
                if (p->d) mc_diag(p->d, mc_loc(f, call->nloc), "call to unknown function %s", describe(&t, q, sizeof q));
                continue;
            }
            call->callee = p->funcs[k];
        }
        if (!mc_verify_calls(f, p->d)) p->failed = true; /* the calls resolved */
    }
}

/* ---- entry points ------------------------------------------------------------- */

McModule *mc_parse(const char *file, const char *src, size_t len, McDiags *d) {
    Parser p;
    memset(&p, 0, sizeof p);
    if (d && !d->file && file) d->file = mc_xstrdup(file);
    McDiags own; /* without the caller's list, the cap counts in this one */
    mc_diags_init(&own, NULL, NULL, 0);
    p.d = d ? d : &own;
    mc_diags_limit(p.d, MC_MAX_ERRORS);
    p.file = file;
    p.file_name = mc_file_name_new(file);
    p.lx.src = src ? src : "";
    p.lx.len = src ? len : 0;
    p.lx.line = 1;
    p.lx.end.line = p.lx.end.col = 1;
    mc_str_init(&p.scratch);
    mc_arena_init(&p.arena);
    p.blk = MC_NONE;
    p.cur = lex(&p.lx);
    p.nxt = p.cur.kind == T_EOF ? p.cur : lex(&p.lx);
    if (p.cur.kind == T_ERROR) report_lex_error(&p, &p.cur);

    if (p.cur.kind == T_EOF) expected(&p, "'func'");
    while (!p.d->full && p.cur.kind != T_EOF) {
        if (is_word(&p.cur, "func")) {
            parse_function(&p);
            continue;
        }
        p.stmt_tok = p.ntok; /* between functions: nothing is cut short */
        expected(&p, "'func'");
        /* Skip to the next function. */
        advance_quiet(&p);
        while (p.cur.kind != T_EOF && !is_word(&p.cur, "func")) advance_quiet(&p);
    }
    if (!p.d->full) resolve_calls(&p);
    McModule *m = NULL;
    if (!p.failed) {
        m = mc_xcalloc(1, sizeof *m);
        m->funcs = p.funcs;
        m->nfuncs = p.nfuncs;
        m->file = file ? mc_xstrdup(file) : NULL;
        p.funcs = NULL;
    } else {
        for (int32_t i = 0; i < p.nfuncs; i++) mc_func_free(p.funcs[i]);
        free(p.funcs);
    }
    free(p.pend);
    free(p.cargs);
    mc_str_free(&p.scratch);
    mc_arena_free(&p.arena);
    mc_file_name_drop(p.file_name);
    mc_diags_free(&own);
    return m;
}

McModule *mc_parse_file(const char *path, McDiags *d, char **src_out) {
    McLoc none = {0, 0};
    *src_out = NULL;
    size_t len = 0;
    char why[256];
    char *src = mc_read_input(path, &len, why, sizeof why); /* regular files, the input limit */
    if (!src) {
        mc_diag(d, none, "cannot read %s: %s", path, why);
        return NULL;
    }
    *src_out = src;
    if (d) {
        d->src = src;
        d->srclen = len;
    }
    return mc_parse(path, src, len, d);
}
