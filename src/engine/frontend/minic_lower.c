/* minic_lower.c - MiniC's lowering to the IR in mutable form: the blocks
 * and instructions of a function being built, expressions, assignments,
 * and the end of a function (see minic.c for the parser that drives it,
 * minic.h for the contract).
 *
 * Lowering: a variable is one IR value assigned as often as C assigns it;
 * `a > b` is `lt b, a`, `a >= b` is `le b, a`, `-x` is `sub 0, x`, `!x` is
 * `eq x, 0`, `~x` is `xor x, -1`; a condition jumps straight to its two
 * targets (a constant one is a plain jump, so `while (1)` without `break`
 * never reaches the code after it). Code after `return`, `break` or
 * `continue` goes to a block nothing jumps to. At the end of a function:
 * the end is an error when reachable; unreachable blocks are dropped, the
 * rest put in source order (the order in which lowering started them),
 * values nothing names dropped, and the verifier's mutable-form rules run,
 * its definite-assignment errors pointing at the C read.
 *
 * Positions: every instruction and terminator gets its C line (McInst.line,
 * McTerm.line) and its C position as its source location; a variable read
 * keeps the position of the name, so the verifier's definite-assignment
 * error points at the read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minic_int.h"
#include "minicc/minic.h"
#include "minicc/verify.h"

/* ---- building the function ---------------------------------------------- */

/* A name free in the function: base, else base.2, base.3, ... */
const char *mc_lower_fresh(CParser *p, const char *base, bool block) {
    p->scratch.len = 0;
    mc_str_puts(&p->scratch, base);
    for (int k = 2;; k++) {
        int32_t h = block ? mc_func_find_block(p->f, p->scratch.s) : mc_func_find_value(p->f, p->scratch.s);
        if (h == MC_NONE && !mc_is_reserved(p->scratch.s, p->scratch.len)) return p->scratch.s;
        p->scratch.len = 0;
        mc_str_printf(&p->scratch, "%s.%d", base, k);
    }
}

int32_t mc_lower_block(CParser *p, const char *what, int32_t line) {
    char base[64];
    snprintf(base, sizeof base, "%s.L%d", what, line);
    int32_t b = mc_func_block_add(p->f, mc_lower_fresh(p, base, true));
    if (b >= p->capseq) {
        int32_t ncap = p->capseq ? p->capseq * 2 : 64;
        while (ncap <= b) ncap *= 2;
        p->seq = mc_xrealloc(p->seq, (size_t)ncap * sizeof *p->seq);
        p->capseq = ncap;
    }
    p->seq[b] = INT32_MAX;
    return b;
}

static int32_t new_temp(CParser *p, const char *what, int32_t line) {
    char base[64];
    snprintf(base, sizeof base, "%s.L%d", what, line);
    return mc_func_value_new(p->f, mc_lower_fresh(p, base, false));
}

/* The block being filled; after a jump, a fresh one nothing jumps to. */
static int32_t cur_block(CParser *p, int32_t line) {
    if (p->cur == MC_NONE) {
        p->cur = mc_lower_block(p, "dead", line);
        p->seq[p->cur] = p->nstarted++;
    }
    return p->cur;
}

void mc_lower_start(CParser *p, int32_t b) {
    if (p->cur != MC_NONE) { /* falling into b */
        int32_t line = mc_block_line(p->f, p->cur);
        mc_block_set_jump(p->f, p->cur, b);
        p->f->blocks[p->cur].term.line = line;
    }
    p->cur = b;
    p->seq[b] = p->nstarted++;
}

void mc_lower_jump(CParser *p, int32_t target, int32_t line) {
    if (p->cur == MC_NONE) return; /* unreachable: nothing to do */
    mc_block_set_jump(p->f, p->cur, target);
    p->f->blocks[p->cur].term.line = line;
    p->cur = MC_NONE;
}

static void branch(CParser *p, McOperand c, int32_t t, int32_t f, McLoc loc) {
    int32_t b = cur_block(p, loc.line);
    mc_block_set_branch(p->f, b, c, t, f);
    p->f->blocks[b].term.arg.loc = c.loc;
    p->f->blocks[b].term.loc = mc_pos(p->f, loc);
    p->f->blocks[b].term.line = loc.line;
    p->cur = MC_NONE;
}

static McInst *emit(CParser *p, McOp op, int32_t dest, McLoc loc) {
    McInst *in = mc_block_inst_add(p->f, cur_block(p, loc.line));
    in->op = (uint8_t)op;
    in->dest = dest;
    in->loc = mc_pos(p->f, loc);
    in->line = loc.line;
    return in;
}

static McOperand read_var(CParser *p, int32_t v, McLoc loc) {
    McOperand o = mc_val(v);
    o.loc = mc_pos(p->f, loc);
    return o;
}

static McOperand konst(CParser *p, int32_t c, McLoc loc) {
    McOperand o = mc_const(c);
    o.loc = mc_pos(p->f, loc);
    return o;
}

/* ---- lowering expressions ------------------------------------------------- */


static const char *temp_name(const Expr *e) {
    switch (e->k) {
    case E_INDEX: return "load";
    case E_NEG: return "neg";
    case E_NOT: return "not";
    case E_BITNOT: return "compl";
    case E_BIN: return mc_op_info[e->op].name;
    case E_LAND: return "land";
    case E_LOR: return "lor";
    case E_COND: return "cond";
    case E_CALL: return "call";
    default: return "t";
    }
}

/* The operand holding e's value: a constant, a variable, or a temporary. */
static McOperand operand(CParser *p, const Expr *e) {
    switch (e->k) {
    case E_ERR: return konst(p, 0, e->loc);
    case E_INT: return konst(p, e->val, e->loc);
    case E_VAR: return read_var(p, e->var, e->loc);
    case E_PLUS: return operand(p, e->a);
    default: {
        const char *what = temp_name(e);
        char callee[48];
        if (e->k == E_CALL && p->fns[e->fn].len <= 40) { /* a call's result is named after its callee: fib.L7 */
            snprintf(callee, sizeof callee, "%.*s", (int)p->fns[e->fn].len, p->fns[e->fn].name);
            what = callee;
        }
        int32_t t = new_temp(p, what, e->loc.line);
        mc_lower_into(p, e, t);
        return read_var(p, t, e->loc);
    }
    }
}

/* `dest = call f(args)` (dest MC_NONE: the result is discarded); the
 * arguments are evaluated left to right, then the call (docs/minic.md §5). */
static void lower_call(CParser *p, const Expr *e, int32_t dest) {
    McOperand *ops = e->nargs ? mc_xmalloc((size_t)e->nargs * sizeof *ops) : NULL;
    for (int32_t k = 0; k < e->nargs; k++)
        ops[k] = e->args[k]->k == E_BUF ? read_var(p, e->args[k]->var, e->args[k]->loc) : operand(p, e->args[k]);
    const CFunc *g = &p->fns[e->fn];
    int32_t c = mc_func_call_add(p->f, g->ir, strlen(g->ir), e->nargs);
    if (e->nargs) memcpy(p->f->calls[c].args, ops, (size_t)e->nargs * sizeof *ops);
    p->f->calls[c].nloc = mc_pos(p->f, e->loc);
    McInst *in = emit(p, MC_OP_CALL, dest, e->loc);
    in->a[0].kind = MC_OPND_NONE;
    in->a[0].v = c;
    free(ops);
}

void mc_lower_call_stmt(CParser *p, const Expr *e) {
    if (p->failed || e->k != E_CALL) return; /* errors: nothing will be kept */
    lower_call(p, e, MC_NONE);
}

void mc_lower_array(CParser *p, int32_t a, int32_t n, Expr **inits, int32_t ninits, McLoc loc) {
    if (p->failed) return;
    McInst *in = emit(p, MC_OP_BUFFER, a, loc);
    in->a[0] = konst(p, n, loc);
    for (int32_t k = 0; k < ninits; k++) {
        if (inits[k]->k == E_INT && inits[k]->val == 0) continue; /* a buffer starts with zeros */
        McOperand v = operand(p, inits[k]);
        McInst *st = emit(p, MC_OP_STORE, MC_NONE, inits[k]->loc);
        st->a[0] = read_var(p, a, loc);
        st->a[1] = konst(p, k, inits[k]->loc);
        st->a[2] = v;
    }
}

/* dest := e */
void mc_lower_into(CParser *p, const Expr *e, int32_t dest) {
    McInst *in;
    switch (e->k) {
    case E_ERR:
    case E_INT:
    case E_VAR: {
        McOperand a = operand(p, e);
        emit(p, MC_OP_COPY, dest, e->loc)->a[0] = a;
        return;
    }
    case E_PLUS: mc_lower_into(p, e->a, dest); return;
    case E_CALL: lower_call(p, e, dest); return;
    case E_BUF: MC_ASSERT(!"a buffer argument is lowered by its call"); return;
    case E_INDEX: {
        McOperand i = operand(p, e->a);
        in = emit(p, MC_OP_LOAD, dest, e->loc);
        in->a[0] = read_var(p, e->var, e->loc);
        in->a[1] = i;
        return;
    }
    case E_NEG: {
        McOperand a = operand(p, e->a);
        in = emit(p, MC_OP_SUB, dest, e->loc);
        in->a[0] = konst(p, 0, e->loc);
        in->a[1] = a;
        return;
    }
    case E_NOT: {
        McOperand a = operand(p, e->a);
        in = emit(p, MC_OP_EQ, dest, e->loc);
        in->a[0] = a;
        in->a[1] = konst(p, 0, e->loc);
        return;
    }
    case E_BITNOT: {
        McOperand a = operand(p, e->a);
        in = emit(p, MC_OP_XOR, dest, e->loc);
        in->a[0] = a;
        in->a[1] = konst(p, -1, e->loc);
        return;
    }
    case E_BIN: {
        McOperand a = operand(p, e->a);
        McOperand b = operand(p, e->b);
        in = emit(p, (McOp)e->op, dest, e->loc);
        in->a[0] = e->swap ? b : a;
        in->a[1] = e->swap ? a : b;
        return;
    }
    case E_LAND:
    case E_LOR:
    case E_COND: {
        int32_t l = e->loc.line;
        int32_t yes = mc_lower_block(p, e->k == E_COND ? "then" : "true", l);
        int32_t no = mc_lower_block(p, e->k == E_COND ? "else" : "false", l);
        int32_t join = mc_lower_block(p, "join", l);
        mc_lower_cond(p, e->k == E_COND ? e->c : e, yes, no);
        mc_lower_start(p, yes);
        if (e->k == E_COND) mc_lower_into(p, e->a, dest);
        else emit(p, MC_OP_COPY, dest, e->loc)->a[0] = konst(p, 1, e->loc);
        mc_lower_jump(p, join, l);
        mc_lower_start(p, no);
        if (e->k == E_COND) mc_lower_into(p, e->b, dest);
        else emit(p, MC_OP_COPY, dest, e->loc)->a[0] = konst(p, 0, e->loc);
        mc_lower_jump(p, join, l);
        mc_lower_start(p, join);
        return;
    }
    }
}

/* Branch to t when e is non-zero, else to f: `&&`, `||`, `!` and `?:` as
 * jumps, a constant as a plain jump. */
void mc_lower_cond(CParser *p, const Expr *e, int32_t t, int32_t f) {
    int32_t l = e->loc.line;
    switch (e->k) {
    case E_INT: mc_lower_jump(p, e->val ? t : f, l); return;
    case E_PLUS: mc_lower_cond(p, e->a, t, f); return;
    case E_NOT: mc_lower_cond(p, e->a, f, t); return;
    case E_LAND: {
        int32_t mid = mc_lower_block(p, "and", l);
        mc_lower_cond(p, e->a, mid, f);
        mc_lower_start(p, mid);
        mc_lower_cond(p, e->b, t, f);
        return;
    }
    case E_LOR: {
        int32_t mid = mc_lower_block(p, "or", l);
        mc_lower_cond(p, e->a, t, mid);
        mc_lower_start(p, mid);
        mc_lower_cond(p, e->b, t, f);
        return;
    }
    case E_COND: {
        int32_t yes = mc_lower_block(p, "then", l), no = mc_lower_block(p, "else", l);
        mc_lower_cond(p, e->c, yes, no);
        mc_lower_start(p, yes);
        mc_lower_cond(p, e->a, t, f);
        mc_lower_start(p, no);
        mc_lower_cond(p, e->b, t, f);
        return;
    }
    default: {
        McOperand c = operand(p, e);
        branch(p, c, t, f, e->loc);
        return;
    }
    }
}

void mc_lower_simple(CParser *p, const Simple *s) {
    if (s->call) {
        mc_lower_call_stmt(p, s->call);
        return;
    }
    if (s->var == MC_NONE || p->failed) return; /* errors: nothing will be kept */
    if (s->index) {
        McOperand i = operand(p, s->index);
        McOperand v;
        if (s->op >= 0) {
            int32_t old = new_temp(p, "load", s->loc.line);
            McInst *ld = emit(p, MC_OP_LOAD, old, s->loc);
            ld->a[0] = read_var(p, s->var, s->loc);
            ld->a[1] = i;
            McOperand r = operand(p, s->rhs);
            int32_t t = new_temp(p, mc_op_info[s->op].name, s->loc.line);
            McInst *in = emit(p, (McOp)s->op, t, s->loc);
            in->a[0] = read_var(p, old, s->loc);
            in->a[1] = r;
            v = read_var(p, t, s->loc);
        } else {
            v = operand(p, s->rhs);
        }
        McInst *st = emit(p, MC_OP_STORE, MC_NONE, s->loc);
        st->a[0] = read_var(p, s->var, s->loc);
        st->a[1] = i;
        st->a[2] = v;
        return;
    }
    if (s->op < 0) {
        mc_lower_into(p, s->rhs, s->var);
        return;
    }
    McOperand r = operand(p, s->rhs);
    McInst *in = emit(p, (McOp)s->op, s->var, s->loc);
    in->a[0] = read_var(p, s->var, s->loc);
    in->a[1] = r;
}

/* Drop the unreachable blocks and put the rest in the order lowering
 * started them (the source's order); entry stays first. */
static void order_blocks(CParser *p, const bool *reach) {
    McFunc *f = p->f;
    int32_t n = f->nblocks, k = 0;
    int64_t *key = mc_xmalloc((size_t)n * sizeof *key);
    for (int32_t b = 0; b < n; b++)
        if (reach[b]) key[k++] = (int64_t)p->seq[b] << 32 | b;
    for (int32_t i = 1; i < k; i++) { /* insertion sort: nearly sorted already */
        int64_t x = key[i];
        int32_t j = i;
        for (; j > 0 && key[j - 1] > x; j--) key[j] = key[j - 1];
        key[j] = x;
    }
    int32_t *map = mc_xmalloc((size_t)n * sizeof *map);
    for (int32_t b = 0; b < n; b++) map[b] = MC_NONE;
    for (int32_t i = 0; i < k; i++) map[(int32_t)(key[i] & 0xffffffff)] = i;
    McBlock *nb = mc_arena_alloc(&f->arena, (size_t)(k ? k : 1) * sizeof *nb);
    for (int32_t i = 0; i < k; i++) {
        nb[i] = f->blocks[(int32_t)(key[i] & 0xffffffff)];
        McTerm *t = &nb[i].term;
        for (int j = 0; j < 2; j++)
            if (t->target[j] != MC_NONE) t->target[j] = map[t->target[j]];
    }
    f->blocks = nb;
    f->nblocks = f->capblocks = k;
    mc_namemap_remap(&f->block_names, map);
    free(map);
    free(key);
}

/* The C name at a position of the source (a diagnostic's read), without
 * the line splices a name may hold (in p->scratch). */
static void name_at(CParser *p, McLoc loc, const char **s, int *n) {
    const char *q = p->src, *end = p->src + p->srclen;
    for (int32_t l = 1; l < loc.line && q < end; q++)
        if (*q == '\n') l++;
    q += loc.col - 1;
    p->scratch.len = 0;
    mc_str_puts(&p->scratch, "");
    for (const char *e = q; e < end; e++) {
        if (*e == '\\' && e + 1 < end && (e[1] == '\n' || (e[1] == '\r' && e + 2 < end && e[2] == '\n'))) {
            e += e[1] == '\n' ? 1 : 2;
            continue;
        }
        if (!((*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') || (*e >= '0' && *e <= '9') || *e == '_')) break;
        mc_str_putc(&p->scratch, *e);
    }
    *s = p->scratch.s;
    *n = (int)p->scratch.len;
}

/* The end of the function: the reachable end is an error; otherwise
 * unreachable blocks go, the rest are ordered and verified. */
bool mc_lower_finish(CParser *p, McLoc close) {
    McFunc *f = p->f;
    int32_t end = p->cur;
    for (int32_t b = 0; b < f->nblocks; b++)
        if (!f->blocks[b].has_term) mc_block_set_ret(f, b, mc_const(0)); /* placeholder, unreachable or an error */
    bool *reach = mc_xcalloc((size_t)f->nblocks, sizeof *reach);
    int32_t *stack = mc_xmalloc((size_t)f->nblocks * sizeof *stack);
    int32_t top = 0;
    reach[0] = true;
    stack[top++] = 0;
    while (top > 0) {
        int32_t b = stack[--top], s[2];
        int ns = mc_block_succs(&f->blocks[b], s);
        for (int k = 0; k < ns; k++)
            if (!reach[s[k]]) {
                reach[s[k]] = true;
                stack[top++] = s[k];
            }
    }
    free(stack);
    if (end != MC_NONE && reach[end] && !p->failed && p->cur_void) {
        /* falling off the end of a void function returns (0, docs/minic.md §5) */
        f->blocks[end].term.loc = mc_pos(f, close);
        f->blocks[end].term.line = close.line;
    } else if (end != MC_NONE && reach[end] && !p->failed) /* after an error, the lowering is not complete */
        mc_minic_error(p, close, "control reaches the end of '%s' without a 'return'", mc_shown_name(f, f->name));
    if (p->failed) {
        free(reach);
        return false;
    }
    order_blocks(p, reach);
    free(reach);
    mc_func_compact_values(f);
    McDiags tmp;
    mc_diags_init(&tmp, NULL, NULL, 0);
    bool ok = mc_verify(f, MC_VERIFY_MUTABLE, &tmp);
    for (int i = 0; i < tmp.n; i++) {
        const McDiag *g = &tmp.v[i];
        const char *s;
        int n;
        if (g->loc.line > 0 && strstr(g->msg, "before it is assigned")) {
            name_at(p, g->loc, &s, &n);
            mc_minic_error(p, g->loc, "'%.*s' may be used before it is assigned (not assigned on every path to here)", n, s);
        } else if (g->loc.line > 0 && strstr(g->msg, "undefined value")) {
            name_at(p, g->loc, &s, &n);
            mc_minic_error(p, g->loc, "'%.*s' is used but never assigned", n, s);
        } else {
            char buf[512];
            mc_minic_error(p, g->loc, "internal error: the lowering of '%s' is not valid IR: %s", mc_shown_name(f, f->name),
                     mc_diag_line(&tmp, i, buf, sizeof buf));
        }
    }
    if (!ok && tmp.n == 0) mc_minic_error(p, close, "internal error: the lowering of '%s' is not valid IR", mc_shown_name(f, f->name));
    mc_diags_free(&tmp);
    return ok;
}

void mc_lower_return(CParser *p, const Expr *e, McLoc at) {
    McOperand v = e ? operand(p, e) : konst(p, 0, at);
    int32_t b = cur_block(p, at.line);
    mc_block_set_ret(p->f, b, v);
    p->f->blocks[b].term.arg.loc = v.loc;
    p->f->blocks[b].term.loc = mc_pos(p->f, at);
    p->f->blocks[b].term.line = at.line;
    p->cur = MC_NONE;
}

/* ---- line helpers (minic.h) ---- */

int32_t mc_minic_block_at_line(const McFunc *f, int32_t line) {
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->nphis; i++)
            if (bl->phis[i].line == line) return b;
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (bl->insts[i].line == line) return b;
        if (bl->has_term && bl->term.line == line) return b;
    }
    return MC_NONE;
}

const char *mc_source_line(const char *src, size_t len, int32_t line, size_t *n) {
    if (!src || line < 1) return NULL;
    const char *q = src, *end = src + len;
    for (int32_t l = 1; l < line; q++) {
        if (q >= end) return NULL;
        if (*q == '\n') l++;
    }
    if (q >= end && line > 1) return NULL;
    const char *e = q;
    while (e < end && *e != '\n') e++;
    *n = (size_t)(e - q);
    return q;
}

int32_t mc_minic_line_at(const McFunc *f, int32_t block, int32_t pc) {
    if (block < 0 || block >= f->nblocks) return 0;
    const McBlock *b = &f->blocks[block];
    if (pc >= 0 && pc < b->ninsts && b->insts[pc].line) return b->insts[pc].line;
    if (pc >= b->ninsts && b->has_term && b->term.line) return b->term.line;
    return mc_block_line(f, block);
}

