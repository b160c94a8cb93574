/* gvn.c - dominator-tree value numbering (Briggs, Cooper and Simpson's DVNT).
 *
 * Pass contract
 *   requires:    SSA form
 *   produces:    SSA form in which a pure computation identical to one that
 *                dominates it is gone (its uses read the earlier value),
 *                trivial algebra is simplified (x+0, x-x, x*1, x*0, x==x,
 *                x&x, x^x, x|0, x shl 32, x div 1, x rem 1...),
 *                constant operands are folded, copies are propagated,
 *                meaningless or redundant phis are removed, and a load that
 *                repeats an earlier one of the same block with no store in
 *                between reads the earlier result
 *   invalidates: nothing: blocks and edges are unchanged
 *
 * The walk visits the dominator tree in preorder with an explicit stack; a
 * scoped hash table maps (opcode, operands) to the value that computed it,
 * and leaving a block pops the entries that block added, so a lookup only
 * ever finds a computation whose definition dominates the current one.
 * Commutative operands (add, mul, eq, ne, and, or, xor) are put in a
 * canonical order first.
 *
 * A div or rem whose divisor may be zero may trap: like a load, it is never
 * removed by simplification and never moved. It is only ever replaced by an
 * identical div or rem that dominates it: that one ran first with the same
 * operands, so it would already have trapped, and the later one can neither
 * trap nor compute anything new (no trap is lost or moved). A division by a
 * constant zero is never folded.
 *
 * Loads are reused only inside one block: `load b, i` can read the value of
 * an identical earlier load in the same block when no store (to any buffer)
 * comes between them. The earlier access already passed the same bounds
 * check, so dropping the later one cannot lose a trap, and nothing wrote
 * memory in between, so the value is the same. Loads are keyed with a
 * "memory epoch" that changes at every store and at every block entry, so
 * a load never matches one from another block or from before a store.
 * Across blocks it would take a proof that no path between them stores,
 * which this teaching optimizer does not attempt. Stores, and every load
 * that is not such an exact repeat, stay where they are, in their order.
 *
 * Calls (docs/ir.md §3.2) are never numbered, simplified or removed, and a
 * call starts a new memory epoch as a store does (see number_insts); a
 * local buffer (`b = buffer N`) is never numbered either. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/opt.h"
#include "minicc/util.h"
#include "opt_int.h"

/* An instruction's opcode and first two operands (locations left out), and
 * for loads the memory epoch (see below; 0 for arithmetic). */
typedef struct Key {
    uint8_t op, akind, bkind;
    int32_t av, bv;
    int32_t epoch;
} Key;

typedef struct Node {
    Key key;
    int32_t value; /* the value that computed it */
    int32_t next;  /* next node in the bucket, MC_NONE at the end */
    uint32_t hash; /* of key: compared before the key, and its bucket */
} Node;

/* A chained table whose nodes form a stack: leaving a scope pops the nodes
 * it pushed. Sized once for the function; each key is hashed once. */
typedef struct Table {
    int32_t *head;
    uint32_t mask;
    Node *nodes;
    int32_t n, cap;
} Table;

static uint32_t key_hash(const Key *k) {
    uint32_t h = 2166136261u;
    uint32_t parts[6] = {k->op, k->akind, (uint32_t)k->av, k->bkind, (uint32_t)k->bv, (uint32_t)k->epoch};
    for (int i = 0; i < 6; i++) h = (h ^ parts[i]) * 16777619u;
    return h ^ (h >> 15);
}

static bool key_eq(const Key *x, const Key *y) {
    return x->op == y->op && x->av == y->av && x->bv == y->bv && x->akind == y->akind && x->bkind == y->bkind &&
           x->epoch == y->epoch;
}

static int32_t table_find(const Table *t, const Key *k, uint32_t h) {
    for (int32_t n = t->head[h & t->mask]; n != MC_NONE; n = t->nodes[n].next)
        if (t->nodes[n].hash == h && key_eq(&t->nodes[n].key, k)) return t->nodes[n].value;
    return MC_NONE;
}

static void table_push(Table *t, const Key *k, uint32_t h, int32_t value) {
    MC_GROW(t->nodes, t->cap, t->n + 1, 64);
    uint32_t bkt = h & t->mask;
    Node *nd = &t->nodes[t->n];
    nd->key = *k;
    nd->value = value;
    nd->hash = h;
    nd->next = t->head[bkt];
    t->head[bkt] = t->n++;
}

static void table_pop_to(Table *t, int32_t n) {
    while (t->n > n) {
        Node *nd = &t->nodes[--t->n];
        t->head[nd->hash & t->mask] = nd->next;
    }
}

static McOperand follow(const McOperand *repl, McOperand o) {
    McPos l = o.loc;
    while (o.kind == MC_OPND_VALUE && repl[o.v].kind != MC_OPND_NONE) o = repl[o.v];
    o.loc = l;
    return o;
}

static bool opnd_less(McOperand x, McOperand y) {
    return x.kind != y.kind ? x.kind < y.kind : x.v < y.v;
}

/* Algebraic simplification of `op x, y`: the operand the result equals, or
 * kind NONE when there is none. */
static McOperand simplify(McOp op, McOperand x, McOperand y) {
    McOperand none = {MC_OPND_NONE, 0, {0}};
    bool xc = x.kind == MC_OPND_CONST, yc = y.kind == MC_OPND_CONST;
    /* Never fold a division by zero: it stays, and traps at run time. */
    if (xc && yc) return mc_alu_traps(op, y.v) ? none : mc_const(mc_alu(op, x.v, y.v));
    bool same = mc_opnd_eq(x, y);
    switch (op) {
    case MC_OP_ADD:
        if (yc && y.v == 0) return x;
        if (xc && x.v == 0) return y;
        break;
    case MC_OP_SUB:
        if (yc && y.v == 0) return x;
        if (same) return mc_const(0);
        break;
    case MC_OP_MUL:
        if (yc && y.v == 1) return x;
        if (xc && x.v == 1) return y;
        if ((yc && y.v == 0) || (xc && x.v == 0)) return mc_const(0);
        break;
    case MC_OP_EQ:
    case MC_OP_LE:
        if (same) return mc_const(1);
        break;
    case MC_OP_NE:
    case MC_OP_LT:
        if (same) return mc_const(0);
        break;
    case MC_OP_AND:
        if (same || (yc && y.v == -1)) return x;
        if (xc && x.v == -1) return y;
        if ((yc && y.v == 0) || (xc && x.v == 0)) return mc_const(0);
        break;
    case MC_OP_OR:
        if (same || (yc && y.v == 0)) return x;
        if (xc && x.v == 0) return y;
        if ((yc && y.v == -1) || (xc && x.v == -1)) return mc_const(-1);
        break;
    case MC_OP_XOR:
        if (yc && y.v == 0) return x;
        if (xc && x.v == 0) return y;
        if (same) return mc_const(0);
        break;
    case MC_OP_SHL:
    case MC_OP_SHR:
        if (yc && (y.v & 31) == 0) return x; /* the count is taken mod 32 */
        if (xc && x.v == 0) return mc_const(0);
        if (op == MC_OP_SHR && xc && x.v == -1) return mc_const(-1);
        break;
    /* Only by a non-zero constant divisor: anything else may trap, and the
     * instruction must stay (x / x is not 1 when x is 0). */
    case MC_OP_DIV:
        if (yc && y.v == 1) return x;
        break;
    case MC_OP_REM:
        if (yc && (y.v == 1 || y.v == -1)) return mc_const(0);
        break;
    default: break;
    }
    return none;
}

/* The scoped table, sized for a function of ninsts instructions. */
static void table_init(Table *t, int32_t ninsts) {
    memset(t, 0, sizeof *t);
    uint32_t cap = 64;
    while (cap < (uint32_t)ninsts * 2u && cap < (1u << 30)) cap *= 2;
    t->mask = cap - 1;
    t->head = mc_xmalloc(cap * sizeof *t->head);
    for (uint32_t i = 0; i < cap; i++) t->head[i] = MC_NONE;
}

/* A phi that is meaningless (one value) or redundant (same as an earlier phi
 * here) gets its replacement in repl; true when one did. */
static bool number_phis(McBlock *bl, McOperand *repl) {
    bool changed = false;
    for (int32_t p = 0; p < bl->nphis; p++) {
        McPhi *phi = &bl->phis[p];
        McOperand same = {MC_OPND_NONE, 0, {0}};
        bool one = true;
        for (int32_t a = 0; a < phi->nargs; a++) {
            McOperand o = follow(repl, phi->args[a].val);
            if (o.kind == MC_OPND_VALUE && o.v == phi->dest) continue;
            if (same.kind == MC_OPND_NONE)
                same = o;
            else if (!mc_opnd_eq(same, o))
                one = false;
        }
        if (one && same.kind != MC_OPND_NONE) {
            repl[phi->dest] = same;
            changed = true;
            continue;
        }
        if (bl->nphis > MC_GVN_PAIRWISE_PHIS) continue; /* pairwise check stays cheap */
        for (int32_t q = 0; q < p; q++) {
            McPhi *other = &bl->phis[q];
            if (repl[other->dest].kind != MC_OPND_NONE || other->nargs != phi->nargs) continue;
            bool eq = true;
            for (int32_t a = 0; a < phi->nargs && eq; a++) {
                McOperand x = follow(repl, phi->args[a].val);
                bool hit = false;
                for (int32_t a2 = 0; a2 < other->nargs; a2++)
                    if (other->args[a2].block == phi->args[a].block) {
                        hit = mc_opnd_eq(x, follow(repl, other->args[a2].val));
                        break;
                    }
                eq = hit;
            }
            if (eq) {
                repl[phi->dest] = mc_val(other->dest);
                changed = true;
                break;
            }
        }
    }
    return changed;
}

/* The table key of in's opcode and first two operands. */
static Key key_of(const McInst *in, int32_t epoch) {
    Key k;
    memset(&k, 0, sizeof k);
    k.op = in->op;
    k.akind = in->a[0].kind;
    k.av = in->a[0].v;
    k.bkind = in->a[1].kind;
    k.bv = in->a[1].v;
    k.epoch = epoch;
    return k;
}

/* dest reads an earlier value with key k if there is one (true), else it
 * becomes the value for k in the current scope (false). */
static bool reuse_or_record(Table *t, const Key *k, int32_t dest, McOperand *repl) {
    uint32_t h = key_hash(k);
    int32_t prev = table_find(t, k, h);
    if (prev != MC_NONE) {
        repl[dest] = mc_val(prev);
        return true;
    }
    table_push(t, k, h, dest);
    return false;
}

/* Number the instructions of one block: propagate copies, reuse repeated
 * loads, simplify, reuse dominating computations; true when any changed.
 * Each operand is read through the replacements as the walk reaches it,
 * and that is its final value: whatever it names is defined in a block
 * that dominates this one, or earlier in it, so its replacement was
 * decided before. The instructions replaced go at once. */
static bool number_insts(const McFunc *f, McBlock *bl, McOperand *repl, Table *t, int32_t *epoch) {
    bool changed = false;
    for (int32_t i = 0; i < bl->ninsts; i++) {
        McInst *in = &bl->insts[i];
        int nops;
        McOperand *ops = mc_opt_opnds(f, in, &nops); /* a call's arguments too */
        for (int k = 0; k < nops; k++) ops[k] = follow(repl, ops[k]);
        if (in->op == MC_OP_CALL) {
            /* Never numbered: two identical calls are two calls (each may
             * store, trap or not return). And every earlier load is stale
             * after it, whatever buffers it receives: a callee can store
             * into any buffer it is given, and a buffer the call does not
             * receive may still be one it does under another name (a
             * caller may pass one buffer for two parameters), so the
             * conservative rule, a new memory epoch as for a store, is the
             * only one that needs no alias analysis. */
            (*epoch)++;
            continue;
        }
        if (in->op == MC_OP_BUFFER) continue; /* each one is a new buffer: never the same value as another */
        if (in->op == MC_OP_COPY) {
            repl[in->dest] = in->a[0];
            repl[in->dest].loc = (McPos){0};
            changed = true;
            continue;
        }
        if (in->op == MC_OP_STORE) {
            (*epoch)++; /* memory changed: earlier loads are stale */
            continue;
        }
        if (in->op == MC_OP_LOAD) {
            Key k = key_of(in, *epoch);
            if (reuse_or_record(t, &k, in->dest, repl)) changed = true;
            continue;
        }
        McOperand s = simplify((McOp)in->op, in->a[0], in->a[1]);
        if (s.kind != MC_OPND_NONE) {
            s.loc = (McPos){0};
            repl[in->dest] = s;
            changed = true;
            continue;
        }
        Key k = key_of(in, 0);
        if ((mc_op_info[in->op].flags & MC_OPF_COMMUT) && opnd_less(in->a[1], in->a[0])) {
            k.akind = in->a[1].kind;
            k.av = in->a[1].v;
            k.bkind = in->a[0].kind;
            k.bv = in->a[0].v;
        }
        if (reuse_or_record(t, &k, in->dest, repl)) changed = true;
    }
    if (changed) { /* drop what was replaced while the block is at hand */
        int32_t k = 0;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            if (in->dest == MC_NONE || repl[in->dest].kind == MC_OPND_NONE) bl->insts[k++] = *in;
        }
        bl->ninsts = k;
    }
    return changed;
}

/* What the walk left: the phis' entries (an entry on a back edge may name
 * a value replaced after the phi's block was walked) and the phis replaced,
 * and every operand of a block the walk never reached (no entry reaches
 * it, nothing in it is replaced). */
static void rewrite(McFunc *f, McOperand *repl, const bool *walked) {
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (!walked[b]) {
            mc_opt_replace_block(f, b, repl);
            continue;
        }
        McBlock *bl = &f->blocks[b];
        int32_t k = 0;
        for (int32_t p = 0; p < bl->nphis; p++) {
            McPhi *phi = &bl->phis[p];
            if (repl[phi->dest].kind != MC_OPND_NONE) continue;
            for (int32_t a = 0; a < phi->nargs; a++) phi->args[a].val = follow(repl, phi->args[a].val);
            bl->phis[k++] = *phi;
        }
        bl->nphis = k;
    }
}

McPassResult mc_pass_gvn(McFunc *f, bool reachable) {
    (void)reachable; /* edges are left alone */
    int32_t nv = f->nvalues, nb = f->nblocks;
    McCfg *c = mc_cfg_build_domtree(f); /* the dominator tree is all it walks */
    McOperand *repl = mc_xcalloc((size_t)nv + 1, sizeof *repl);
    int32_t ninsts = 0;
    for (int32_t b = 0; b < nb; b++) ninsts += f->blocks[b].ninsts;
    Table t;
    table_init(&t, ninsts);
    int32_t *mark = mc_xmalloc(((size_t)nb + 1) * sizeof *mark);
    bool *walked = mc_xcalloc((size_t)nb + 1, sizeof *walked);
    int32_t *stack = mc_xmalloc(((size_t)nb * 2 + 2) * sizeof *stack);
    int32_t sp = 0;
    bool changed = false;
    int32_t epoch = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        int32_t item = stack[--sp];
        if (item < 0) {
            table_pop_to(&t, mark[~item]);
            continue;
        }
        int32_t b = item;
        mark[b] = t.n;
        walked[b] = true;
        epoch++; /* loads of dominating blocks are not visible here */
        McBlock *bl = &f->blocks[b];
        if (number_phis(bl, repl)) changed = true;
        if (number_insts(f, bl, repl, &t, &epoch)) changed = true;
        if (bl->term.op != MC_OP_JUMP) bl->term.arg = follow(repl, bl->term.arg);
        stack[sp++] = ~b;
        for (int32_t k = c->ndom_children[b] - 1; k >= 0; k--) stack[sp++] = c->dom_children[b][k];
    }
    if (changed) rewrite(f, repl, walked);
    free(repl);
    free(t.head);
    free(t.nodes);
    free(mark);
    free(walked);
    free(stack);
    mc_cfg_free(c);
    return (McPassResult){.changed = changed, .modified = changed};
}
