/* ir.c - building, copying and editing functions of the IR data model.
 *
 * Everything a function owns is allocated from its arena (see arena.c); the
 * handle-based tables here are what every pass edits. */
#include <stdlib.h>
#include <string.h>

#include "minicc/ir.h"
#include "minicc/util.h"

const McOpInfo mc_op_info[MC_OP_COUNT] = {
#define MC_X_INFO(e, name, nargs, dest, flags) {name, nargs, dest, flags},
    MC_OPCODES(MC_X_INFO)
#undef MC_X_INFO
};

/* ---- packed source positions -------------------------------------------- */

enum { POS_COL_BITS = 11, POS_LINE_LIMIT = 1 << 20 };
#define POS_FAR 0x80000000u

/* The far positions (long lines, huge files) of one function: stored once
 * each in its McFarPos, found again through an open-addressing index. The
 * arrays come from the function's arena, so they go with it; a clone copies
 * them (mc_func_clone), so the clone's positions read the same. */
static uint32_t far_hash(McLoc l) {
    uint64_t h = ((uint64_t)(uint32_t)l.line << 32 | (uint32_t)l.col) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32);
}

static uint32_t far_find_slot(const McFarPos *far, McLoc l) {
    uint32_t mask = far->nslots - 1, i = far_hash(l) & mask;
    while (far->slot[i]) {
        McLoc k = far->loc[far->slot[i] - 1];
        if (k.line == l.line && k.col == l.col) return i;
        i = (i + 1) & mask;
    }
    return i;
}

static uint32_t far_intern(McArena *a, McFarPos *far, McLoc l) {
    if (far->nslots == 0 || (uint64_t)(far->n + 1) * 2 > far->nslots) {
        uint32_t ns = far->nslots ? far->nslots * 2 : 64;
        far->slot = mc_arena_alloc(a, (size_t)ns * sizeof *far->slot); /* zeroed; the old index is abandoned */
        far->nslots = ns;
        for (uint32_t k = 0; k < far->n; k++) far->slot[far_find_slot(far, far->loc[k])] = k + 1;
    }
    uint32_t i = far_find_slot(far, l);
    if (far->slot[i]) return far->slot[i] - 1;
    if (far->n == far->cap) {
        uint32_t nc = far->cap ? far->cap * 2 : 32;
        far->loc = mc_arena_grow(a, far->loc, (size_t)far->cap * sizeof *far->loc, (size_t)nc * sizeof *far->loc);
        far->cap = nc;
    }
    MC_ASSERT(far->n < POS_FAR); /* the number must leave the flag bit free */
    far->loc[far->n] = l;
    far->slot[i] = far->n + 1;
    return far->n++;
}

/* dst (empty, in arena a) becomes a copy of src with the same numbers. */
static void far_clone(McArena *a, McFarPos *dst, const McFarPos *src) {
    if (src->n == 0) return;
    dst->loc = mc_arena_alloc(a, (size_t)src->n * sizeof *dst->loc);
    memcpy(dst->loc, src->loc, (size_t)src->n * sizeof *dst->loc);
    dst->n = dst->cap = src->n;
    dst->slot = mc_arena_alloc(a, (size_t)src->nslots * sizeof *dst->slot);
    memcpy(dst->slot, src->slot, (size_t)src->nslots * sizeof *dst->slot);
    dst->nslots = src->nslots;
}

McPos mc_pos(McFunc *f, McLoc l) {
    if (l.line <= 0) return (McPos){0};
    if (l.line < POS_LINE_LIMIT && l.col >= 0 && l.col < (1 << POS_COL_BITS))
        return (McPos){(uint32_t)l.line << POS_COL_BITS | (uint32_t)l.col};
    return (McPos){POS_FAR | far_intern(&f->arena, &f->far, l)};
}

McLoc mc_loc(const McFunc *f, McPos p) {
    if (p.bits & POS_FAR) {
        uint32_t k = p.bits & ~(uint32_t)POS_FAR;
        return k < f->far.n ? f->far.loc[k] : (McLoc){0, 0};
    }
    return (McLoc){(int32_t)(p.bits >> POS_COL_BITS), (int32_t)(p.bits & ((1u << POS_COL_BITS) - 1))};
}

int mc_op_lookup(const char *s, size_t len) {
    for (int i = 0; i < MC_OP_COUNT; i++)
        if (strlen(mc_op_info[i].name) == len && memcmp(mc_op_info[i].name, s, len) == 0) return i;
    return -1;
}

bool mc_is_reserved(const char *s, size_t len) {
    static const char *const words[] = {"func", "i32", "buf", "phi"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == len && memcmp(words[i], s, len) == 0) return true;
    return mc_op_lookup(s, len) >= 0;
}

const char *mc_shown_name(const McFunc *f, const char *name) {
    if (f && f->c_names && name[0] == '$' && mc_is_reserved(name + 1, strlen(name + 1))) return name + 1;
    return name;
}

int32_t mc_alu(McOp op, int32_t a, int32_t b) {
    switch (op) {
    case MC_OP_ADD: return mc_i32_add(a, b);
    case MC_OP_SUB: return mc_i32_sub(a, b);
    case MC_OP_MUL: return mc_i32_mul(a, b);
    case MC_OP_LT: return mc_i32_lt(a, b);
    case MC_OP_LE: return mc_i32_le(a, b);
    case MC_OP_EQ: return mc_i32_eq(a, b);
    case MC_OP_NE: return mc_i32_ne(a, b);
    case MC_OP_AND: return mc_i32_and(a, b);
    case MC_OP_OR: return mc_i32_or(a, b);
    case MC_OP_XOR: return mc_i32_xor(a, b);
    case MC_OP_SHL: return mc_i32_shl(a, b);
    case MC_OP_SHR: return mc_i32_shr(a, b);
    case MC_OP_DIV:
        MC_ASSERT(b != 0);
        return mc_i32_div(a, b);
    case MC_OP_REM:
        MC_ASSERT(b != 0);
        return mc_i32_rem(a, b);
    case MC_OP_COPY: return a;
    default: mc_panic(__FILE__, __LINE__, "mc_alu on %s", mc_op_info[op].name);
    }
}

bool mc_inst_may_trap(const McInst *in) {
    unsigned fl = mc_op_info[in->op].flags;
    if (!(fl & MC_OPF_TRAPS)) return false;
    if (fl & MC_OPF_DIV) return !(in->a[1].kind == MC_OPND_CONST && in->a[1].v != 0);
    return true;
}

/* ---- calls ---------------------------------------------------------------- */

int32_t mc_func_call_add(McFunc *f, const char *name, size_t len, int32_t nargs) {
    if (f->ncalls == f->capcalls) {
        int32_t ncap = f->capcalls ? f->capcalls * 2 : 2;
        f->calls = mc_arena_grow(&f->arena, f->calls, (size_t)f->capcalls * sizeof *f->calls,
                                 (size_t)ncap * sizeof *f->calls);
        f->capcalls = ncap;
    }
    McCall *c = &f->calls[f->ncalls];
    memset(c, 0, sizeof *c);
    c->name = mc_arena_strndup(&f->arena, name, len);
    c->nargs = nargs;
    c->args = mc_arena_alloc(&f->arena, (size_t)(nargs ? nargs : 1) * sizeof *c->args);
    return f->ncalls++;
}

bool mc_func_find_call(const McFunc *f, int32_t *block, int32_t *inst) {
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            uint8_t op = f->blocks[b].insts[i].op;
            if (op == MC_OP_CALL || op == MC_OP_BUFFER) {
                if (block) *block = b;
                if (inst) *inst = i;
                return true;
            }
        }
    return false;
}

/* dst's call table: a copy of src's (names and argument lists in dst's
 * arena), each argument through map when map is not NULL. */
static void calls_clone(McFunc *dst, const McFunc *src, const int32_t *map) {
    if (!src->ncalls) return;
    dst->calls = mc_arena_alloc(&dst->arena, (size_t)src->ncalls * sizeof *dst->calls);
    dst->ncalls = dst->capcalls = src->ncalls;
    for (int32_t c = 0; c < src->ncalls; c++) {
        const McCall *sc = &src->calls[c];
        McCall *nc = &dst->calls[c];
        *nc = *sc;
        nc->name = mc_arena_strndup(&dst->arena, sc->name, strlen(sc->name));
        nc->args = mc_arena_alloc(&dst->arena, (size_t)(sc->nargs ? sc->nargs : 1) * sizeof *nc->args);
        for (int32_t a = 0; a < sc->nargs; a++) {
            nc->args[a] = sc->args[a];
            if (map && nc->args[a].kind == MC_OPND_VALUE) nc->args[a].v = map[nc->args[a].v];
        }
    }
}

/* ---- functions ------------------------------------------------------------ */

/* The file name every function of a file shares: a copy per function cost
 * its length in every one of them (a 200,000-function module parsed from a
 * long path took 80% more memory). Counted, not atomically: the engine runs
 * on one thread. */
struct McFileName {
    size_t refs;
    char text[];
};

McFileName *mc_file_name_new(const char *file) {
    if (!file) return NULL;
    size_t n = strlen(file);
    McFileName *fn = mc_xmalloc(sizeof *fn + n + 1);
    fn->refs = 1;
    memcpy(fn->text, file, n + 1);
    return fn;
}

void mc_file_name_drop(McFileName *n) {
    if (n && --n->refs == 0) free(n);
}

McFunc *mc_func_new_in(const char *name, McFileName *file, size_t first) {
    McFunc *f = mc_xcalloc(1, sizeof *f);
    mc_arena_init_sized(&f->arena, first);
    f->name = mc_arena_strndup(&f->arena, name, strlen(name));
    if (file) {
        file->refs++;
        f->file_name = file;
        f->file = file->text;
    }
    return f;
}

McFunc *mc_func_new(const char *name, const char *file) {
    McFileName *fn = mc_file_name_new(file);
    McFunc *f = mc_func_new_in(name, fn, 0);
    mc_file_name_drop(fn);
    return f;
}

void mc_func_free(McFunc *f) {
    if (!f) return;
    for (int32_t i = 0; i < f->nowned; i++) mc_func_free(f->owned[i]);
    free(f->owned);
    mc_arena_free(&f->arena);
    mc_file_name_drop(f->file_name);
    free(f);
}

size_t mc_func_bytes(const McFunc *f) { return sizeof *f + mc_arena_reserved(&f->arena); }

/* Grow an arena array `*arr` of `*cap` elements of `size` bytes to hold one more.
 * Arrays start at 4 elements, large ones (blocks, 88 bytes each) at 1: most
 * functions of a many-function module have one block; values (24 bytes) at
 * 2: a function of one parameter is common too. */
static void *grow(McArena *a, void *arr, int32_t *cap, int32_t need, size_t size) {
    if (need <= *cap) return arr;
    int32_t ncap = *cap ? *cap * 2 : size >= 64 ? 1 : size >= 24 ? 2 : 4;
    while (ncap < need) ncap *= 2;
    arr = mc_arena_grow(a, arr, (size_t)*cap * size, (size_t)ncap * size);
    *cap = ncap;
    return arr;
}

void mc_func_reserve(McFunc *f, int32_t values, int32_t blocks) {
    if (values > f->capvalues) {
        f->values = mc_arena_grow(&f->arena, f->values, (size_t)f->capvalues * sizeof *f->values,
                                  (size_t)values * sizeof *f->values);
        f->capvalues = values;
    }
    if (blocks > f->capblocks) {
        f->blocks = mc_arena_grow(&f->arena, f->blocks, (size_t)f->capblocks * sizeof *f->blocks,
                                  (size_t)blocks * sizeof *f->blocks);
        f->capblocks = blocks;
    }
}

int32_t mc_func_find_value(const McFunc *f, const char *name) {
    return mc_namemap_get(&f->value_names, name, strlen(name));
}

int32_t mc_func_find_block(const McFunc *f, const char *name) {
    return mc_namemap_get(&f->block_names, name, strlen(name));
}

int32_t mc_func_value_new(McFunc *f, const char *name) {
    if (mc_func_find_value(f, name) != MC_NONE) return MC_NONE;
    f->values = grow(&f->arena, f->values, &f->capvalues, f->nvalues + 1, sizeof *f->values);
    int32_t id = f->nvalues++;
    McValue *v = &f->values[id];
    v->name = mc_arena_strndup(&f->arena, name, strlen(name));
    v->kind = MC_VAL_I32;
    v->param = MC_NONE;
    v->loc = (McPos){0}; /* the slot may hold a value compaction moved away */
    mc_namemap_put(&f->arena, &f->value_names, v->name, id);
    return id;
}

int32_t mc_func_value(McFunc *f, const char *name) {
    int32_t id = mc_func_find_value(f, name);
    return id != MC_NONE ? id : mc_func_value_new(f, name);
}

/* The first of base.1, base.2, ... that `add` accepts (it refuses taken names). */
static int32_t add_fresh(McFunc *f, const char *base, int32_t (*add)(McFunc *, const char *)) {
    McStr b;
    mc_str_init(&b);
    int32_t id = MC_NONE;
    for (unsigned long n = 1; id == MC_NONE; n++) {
        b.len = 0;
        mc_str_printf(&b, "%s.%lu", base, n);
        id = add(f, b.s);
    }
    mc_str_free(&b);
    return id;
}

int32_t mc_func_value_fresh(McFunc *f, const char *base) { return add_fresh(f, base, mc_func_value_new); }

int32_t mc_func_param_add(McFunc *f, const char *name, McValKind kind) {
    int32_t id = mc_func_value_new(f, name);
    if (id == MC_NONE) return MC_NONE;
    f->values[id].kind = (uint8_t)kind;
    f->values[id].param = f->nparams;
    f->params = grow(&f->arena, f->params, &f->capparams, f->nparams + 1, sizeof *f->params);
    f->params[f->nparams++] = id;
    return id;
}

int32_t mc_func_block_add(McFunc *f, const char *name) {
    if (mc_func_find_block(f, name) != MC_NONE) return MC_NONE;
    f->blocks = grow(&f->arena, f->blocks, &f->capblocks, f->nblocks + 1, sizeof *f->blocks);
    int32_t id = f->nblocks++;
    McBlock *b = &f->blocks[id];
    memset(b, 0, sizeof *b);
    b->name = mc_arena_strndup(&f->arena, name, strlen(name));
    b->term.target[0] = b->term.target[1] = MC_NONE;
    mc_namemap_put(&f->arena, &f->block_names, b->name, id);
    return id;
}

int32_t mc_func_block_fresh(McFunc *f, const char *base) {
    if (mc_func_find_block(f, base) == MC_NONE) return mc_func_block_add(f, base);
    return add_fresh(f, base, mc_func_block_add);
}

void mc_func_block_rename(McFunc *f, int32_t block, const char *name) {
    McBlock *b = &f->blocks[block];
    MC_ASSERT(mc_func_find_block(f, name) == MC_NONE);
    mc_namemap_del(&f->block_names, b->name, strlen(b->name));
    b->name = mc_arena_strndup(&f->arena, name, strlen(name));
    mc_namemap_put(&f->arena, &f->block_names, b->name, block);
}

McInst *mc_block_inst_insert(McFunc *f, int32_t block, int32_t at) {
    McBlock *b = &f->blocks[block];
    MC_ASSERT(at >= 0 && at <= b->ninsts);
    b->insts = grow(&f->arena, b->insts, &b->capinsts, b->ninsts + 1, sizeof *b->insts);
    memmove(&b->insts[at + 1], &b->insts[at], (size_t)(b->ninsts - at) * sizeof *b->insts);
    b->ninsts++;
    McInst *i = &b->insts[at];
    memset(i, 0, sizeof *i);
    i->dest = MC_NONE;
    return i;
}

McInst *mc_block_inst_add(McFunc *f, int32_t block) {
    return mc_block_inst_insert(f, block, f->blocks[block].ninsts);
}

void mc_block_inst_remove(McFunc *f, int32_t block, int32_t at) {
    McBlock *b = &f->blocks[block];
    MC_ASSERT(at >= 0 && at < b->ninsts);
    memmove(&b->insts[at], &b->insts[at + 1], (size_t)(b->ninsts - at - 1) * sizeof *b->insts);
    b->ninsts--;
}

int32_t mc_block_phi_add(McFunc *f, int32_t block, int32_t dest) {
    McBlock *b = &f->blocks[block];
    b->phis = grow(&f->arena, b->phis, &b->capphis, b->nphis + 1, sizeof *b->phis);
    McPhi *p = &b->phis[b->nphis];
    memset(p, 0, sizeof *p);
    p->dest = dest;
    return b->nphis++;
}

void mc_phi_arg_add(McFunc *f, int32_t block, int32_t phi, int32_t pred, McOperand val) {
    McPhi *p = &f->blocks[block].phis[phi];
    p->args = grow(&f->arena, p->args, &p->cap, p->nargs + 1, sizeof *p->args);
    McPhiArg *a = &p->args[p->nargs++];
    a->block = pred;
    a->val = val;
    a->bloc = (McPos){0};
}

void mc_block_phi_drop_pred(McFunc *f, int32_t block, int32_t pred) {
    McBlock *bl = &f->blocks[block];
    for (int32_t p = 0; p < bl->nphis; p++) {
        McPhi *phi = &bl->phis[p];
        int32_t k = 0;
        for (int32_t a = 0; a < phi->nargs; a++)
            if (phi->args[a].block != pred) phi->args[k++] = phi->args[a];
        phi->nargs = k;
    }
}

static void set_term(McFunc *f, int32_t block, McOp op, McOperand arg, int32_t t0, int32_t t1) {
    McTerm *t = &f->blocks[block].term;
    int32_t line = f->blocks[block].has_term ? t->line : 0;
    memset(t, 0, sizeof *t);
    t->line = line;
    t->op = (uint8_t)op;
    t->arg = arg;
    t->arg.loc = (McPos){0};
    t->target[0] = t0;
    t->target[1] = t1;
    f->blocks[block].has_term = true;
}

void mc_block_set_ret(McFunc *f, int32_t block, McOperand value) {
    set_term(f, block, MC_OP_RET, value, MC_NONE, MC_NONE);
}

void mc_block_set_jump(McFunc *f, int32_t block, int32_t target) {
    set_term(f, block, MC_OP_JUMP, (McOperand){MC_OPND_NONE, 0, {0}}, target, MC_NONE);
}

void mc_block_set_branch(McFunc *f, int32_t block, McOperand cond, int32_t nonzero, int32_t zero) {
    set_term(f, block, MC_OP_BRANCH, cond, nonzero, zero);
}

int32_t mc_block_line(const McFunc *f, int32_t block) {
    const McBlock *b = &f->blocks[block];
    for (int32_t i = 0; i < b->nphis; i++)
        if (b->phis[i].line) return b->phis[i].line;
    for (int32_t i = 0; i < b->ninsts; i++)
        if (b->insts[i].line) return b->insts[i].line;
    return b->has_term ? b->term.line : 0;
}

void mc_func_remove_blocks(McFunc *f, const bool *dead) {
    int32_t *map = mc_xmalloc((size_t)f->nblocks * sizeof *map);
    int32_t n = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (dead[b]) {
            map[b] = MC_NONE;
        } else {
            map[b] = n;
            if (n != b) f->blocks[n] = f->blocks[b];
            n++;
        }
    }
    f->nblocks = n;
    mc_namemap_remap(&f->block_names, map); /* names of dead blocks go, the rest follow their block */
    for (int32_t b = 0; b < n; b++) {
        McBlock *bl = &f->blocks[b];
        int32_t s[2];
        int ns = mc_block_succs(bl, s);
        for (int i = 0; i < ns; i++) {
            MC_ASSERT(map[s[i]] != MC_NONE);
            bl->term.target[i] = map[s[i]];
        }
        for (int32_t p = 0; p < bl->nphis; p++) {
            McPhi *phi = &bl->phis[p];
            int32_t k = 0;
            for (int32_t a = 0; a < phi->nargs; a++) {
                if (map[phi->args[a].block] == MC_NONE) continue;
                phi->args[k] = phi->args[a];
                phi->args[k].block = map[phi->args[a].block];
                k++;
            }
            phi->nargs = k;
        }
    }
    free(map);
}

static const char *value_key(const void *ctx, int32_t v) { return ((const McFunc *)ctx)->values[v].name; }
static const char *block_key(const void *ctx, int32_t b) { return ((const McFunc *)ctx)->blocks[b].name; }

/* The copy keeps every handle. Names are copied string by string and the
 * name maps slot by slot (mc_namemap_clone): a clone of a function with
 * 300k values neither hashes nor probes, which used to be most of its cost.
 * It needs about what the original's arena handed out (the same
 * allocations at their final sizes, and the parameter array the original
 * may not have made): one first chunk of that size. */
McFunc *mc_func_clone(const McFunc *src) {
    McFunc *f = mc_func_new_in(src->name, src->file_name, src->arena.total + 32);
    f->loc = src->loc;
    f->c_names = src->c_names;
    f->form = src->form;
    far_clone(&f->arena, &f->far, &src->far);
    if (src->nvalues) {
        f->values = mc_arena_alloc(&f->arena, (size_t)src->nvalues * sizeof *f->values);
        f->capvalues = f->nvalues = src->nvalues;
        for (int32_t v = 0; v < src->nvalues; v++) {
            f->values[v] = src->values[v];
            f->values[v].name = mc_arena_strndup(&f->arena, src->values[v].name, strlen(src->values[v].name));
        }
    }
    mc_namemap_clone(&f->arena, &f->value_names, &src->value_names, value_key, f);
    f->params = mc_arena_alloc(&f->arena, (size_t)(src->nparams ? src->nparams : 1) * sizeof *f->params);
    f->capparams = src->nparams ? src->nparams : 1;
    if (src->nparams) memcpy(f->params, src->params, (size_t)src->nparams * sizeof *f->params);
    f->nparams = src->nparams;
    if (src->nblocks) {
        f->blocks = mc_arena_alloc(&f->arena, (size_t)src->nblocks * sizeof *f->blocks);
        f->capblocks = src->nblocks;
    }
    for (int32_t b = 0; b < src->nblocks; b++) {
        const McBlock *sb = &src->blocks[b];
        McBlock *nb = &f->blocks[f->nblocks++];
        memset(nb, 0, sizeof *nb);
        nb->name = mc_arena_strndup(&f->arena, sb->name, strlen(sb->name));
        nb->term = sb->term;
        nb->has_term = sb->has_term;
        nb->loc = sb->loc;
        if (sb->ninsts) {
            nb->insts = mc_arena_alloc(&f->arena, (size_t)sb->ninsts * sizeof *nb->insts);
            memcpy(nb->insts, sb->insts, (size_t)sb->ninsts * sizeof *nb->insts);
            nb->ninsts = nb->capinsts = sb->ninsts;
        }
        if (sb->nphis) {
            nb->phis = mc_arena_alloc(&f->arena, (size_t)sb->nphis * sizeof *nb->phis);
            nb->nphis = nb->capphis = sb->nphis;
            for (int32_t p = 0; p < sb->nphis; p++) {
                const McPhi *sp = &sb->phis[p];
                McPhi *np = &nb->phis[p];
                *np = *sp;
                np->args = mc_arena_alloc(&f->arena, (size_t)(sp->nargs ? sp->nargs : 1) * sizeof *np->args);
                memcpy(np->args, sp->args, (size_t)sp->nargs * sizeof *np->args);
                np->cap = sp->nargs ? sp->nargs : 1;
            }
        }
    }
    mc_namemap_clone(&f->arena, &f->block_names, &src->block_names, block_key, f);
    calls_clone(f, src, NULL);
    return f;
}

static void mark_opnd(const McOperand *o, bool *used, int32_t nv);

/* The values mc_func_compact_values keeps, numbered in order: map[v] is v's
 * new handle or MC_NONE. Returns how many are kept. */
static int32_t compact_map(const McFunc *f, int32_t *map) {
    int32_t nv = f->nvalues;
    bool *used = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *used);
    for (int32_t p = 0; p < f->nparams; p++) used[f->params[p]] = true;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            if (bl->phis[p].dest >= 0) used[bl->phis[p].dest] = true;
            for (int32_t a = 0; a < bl->phis[p].nargs; a++) mark_opnd(&bl->phis[p].args[a].val, used, nv);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (in->dest >= 0) used[in->dest] = true;
            for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark_opnd(&in->a[k], used, nv);
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP) mark_opnd(&bl->term.arg, used, nv);
    }
    for (int32_t c = 0; c < f->ncalls; c++)
        for (int32_t a = 0; a < f->calls[c].nargs; a++) mark_opnd(&f->calls[c].args[a], used, nv);
    int32_t n = 0;
    for (int32_t v = 0; v < nv; v++) map[v] = used[v] ? n++ : MC_NONE;
    free(used);
    return n;
}

static McOperand mapped(McOperand o, const int32_t *map) {
    if (o.kind == MC_OPND_VALUE) o.v = map[o.v];
    return o;
}

McFunc *mc_func_clone_compact(const McFunc *src, const int32_t *extra, int32_t more_values, int32_t more_blocks) {
    int32_t *map = mc_xmalloc((size_t)(src->nvalues ? src->nvalues : 1) * sizeof *map);
    int32_t n = compact_map(src, map);
    McFunc *f = mc_func_new_in(src->name, src->file_name, 0);
    f->loc = src->loc;
    f->c_names = src->c_names;
    f->form = src->form;
    far_clone(&f->arena, &f->far, &src->far);
    if (n + more_values > 0) {
        f->values = mc_arena_alloc(&f->arena, (size_t)(n + more_values) * sizeof *f->values);
        f->capvalues = n + more_values;
        f->nvalues = n;
        for (int32_t v = 0; v < src->nvalues; v++) {
            if (map[v] == MC_NONE) continue;
            McValue *nv = &f->values[map[v]];
            *nv = src->values[v];
            nv->name = mc_arena_strndup(&f->arena, src->values[v].name, strlen(src->values[v].name));
        }
    }
    mc_namemap_clone_map(&f->arena, &f->value_names, &src->value_names, map, value_key, f);
    f->params = mc_arena_alloc(&f->arena, (size_t)(src->nparams ? src->nparams : 1) * sizeof *f->params);
    f->capparams = src->nparams ? src->nparams : 1;
    for (int32_t p = 0; p < src->nparams; p++) f->params[p] = map[src->params[p]];
    f->nparams = src->nparams;
    if (src->nblocks + more_blocks > 0) {
        f->blocks = mc_arena_alloc(&f->arena, (size_t)(src->nblocks + more_blocks) * sizeof *f->blocks);
        f->capblocks = src->nblocks + more_blocks;
    }
    for (int32_t b = 0; b < src->nblocks; b++) {
        const McBlock *sb = &src->blocks[b];
        McBlock *nb = &f->blocks[f->nblocks++];
        memset(nb, 0, sizeof *nb);
        nb->name = mc_arena_strndup(&f->arena, sb->name, strlen(sb->name));
        nb->term = sb->term;
        if (sb->has_term && sb->term.op != MC_OP_JUMP) nb->term.arg = mapped(sb->term.arg, map);
        nb->has_term = sb->has_term;
        nb->loc = sb->loc;
        int32_t cap = sb->ninsts + (extra ? extra[b] : 0);
        if (cap) {
            nb->insts = mc_arena_alloc(&f->arena, (size_t)cap * sizeof *nb->insts);
            nb->capinsts = cap;
            nb->ninsts = sb->ninsts;
            for (int32_t i = 0; i < sb->ninsts; i++) {
                McInst *in = &nb->insts[i];
                *in = sb->insts[i];
                if (in->dest >= 0) in->dest = map[in->dest];
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) in->a[k] = mapped(in->a[k], map);
            }
        }
        if (sb->nphis) {
            nb->phis = mc_arena_alloc(&f->arena, (size_t)sb->nphis * sizeof *nb->phis);
            nb->nphis = nb->capphis = sb->nphis;
            for (int32_t p = 0; p < sb->nphis; p++) {
                const McPhi *sp = &sb->phis[p];
                McPhi *np = &nb->phis[p];
                *np = *sp;
                if (np->dest >= 0) np->dest = map[np->dest];
                np->args = mc_arena_alloc(&f->arena, (size_t)(sp->nargs ? sp->nargs : 1) * sizeof *np->args);
                for (int32_t a = 0; a < sp->nargs; a++) {
                    np->args[a] = sp->args[a];
                    np->args[a].val = mapped(sp->args[a].val, map);
                }
                np->cap = sp->nargs ? sp->nargs : 1;
            }
        }
    }
    mc_namemap_clone(&f->arena, &f->block_names, &src->block_names, block_key, f);
    calls_clone(f, src, map);
    free(map);
    return f;
}

static void remap_opnd(McOperand *o, const int32_t *map) {
    if (o->kind == MC_OPND_VALUE) o->v = map[o->v];
}

static void mark_opnd(const McOperand *o, bool *used, int32_t nv) {
    if (o->kind == MC_OPND_VALUE && o->v >= 0 && o->v < nv) used[o->v] = true;
}

int32_t mc_func_compact_values(McFunc *f) {
    int32_t nv = f->nvalues;
    bool *used = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *used);
    for (int32_t p = 0; p < f->nparams; p++) used[f->params[p]] = true;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            if (bl->phis[p].dest >= 0) used[bl->phis[p].dest] = true;
            for (int32_t a = 0; a < bl->phis[p].nargs; a++) mark_opnd(&bl->phis[p].args[a].val, used, nv);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (in->dest >= 0) used[in->dest] = true;
            for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark_opnd(&in->a[k], used, nv);
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP) mark_opnd(&bl->term.arg, used, nv);
    }
    for (int32_t c = 0; c < f->ncalls; c++)
        for (int32_t a = 0; a < f->calls[c].nargs; a++) mark_opnd(&f->calls[c].args[a], used, nv);
    int32_t *map = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *map);
    int32_t n = 0;
    for (int32_t v = 0; v < nv; v++) {
        map[v] = used[v] ? n : MC_NONE;
        if (used[v]) f->values[n++] = f->values[v];
    }
    free(used);
    int32_t dropped = nv - n;
    if (dropped) {
        f->nvalues = n;
        for (int32_t p = 0; p < f->nparams; p++) f->params[p] = map[f->params[p]];
        for (int32_t b = 0; b < f->nblocks; b++) {
            McBlock *bl = &f->blocks[b];
            for (int32_t p = 0; p < bl->nphis; p++) {
                if (bl->phis[p].dest >= 0) bl->phis[p].dest = map[bl->phis[p].dest];
                for (int32_t a = 0; a < bl->phis[p].nargs; a++) remap_opnd(&bl->phis[p].args[a].val, map);
            }
            for (int32_t i = 0; i < bl->ninsts; i++) {
                McInst *in = &bl->insts[i];
                if (in->dest >= 0) in->dest = map[in->dest];
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) remap_opnd(&in->a[k], map);
            }
            if (bl->has_term && bl->term.op != MC_OP_JUMP) remap_opnd(&bl->term.arg, map);
        }
        for (int32_t c = 0; c < f->ncalls; c++)
            for (int32_t a = 0; a < f->calls[c].nargs; a++) remap_opnd(&f->calls[c].args[a], map);
        /* The names of dropped values become free again. */
        mc_namemap_remap(&f->value_names, map);
    }
    free(map);
    return dropped;
}

/* One pass (mc_func_clone_compact): the dropped values are neither
 * renumbered in place nor copied, and the value names are placed in a map
 * sized for the names kept. */
void mc_func_compact(McFunc *f) {
    McFunc *g = mc_func_clone_compact(f, NULL, 0, 0);
    McFunc old = *f;
    *f = *g;
    *g = old;
    f->owned = g->owned; /* the functions f owns stay f's */
    f->nowned = g->nowned;
    g->owned = NULL;
    g->nowned = 0;
    mc_func_free(g);
}

/* ---- modules -------------------------------------------------------------- */

void mc_module_free(McModule *m) {
    if (!m) return;
    for (int32_t i = 0; i < m->nfuncs; i++) mc_func_free(m->funcs[i]);
    free(m->funcs);
    free(m->file);
    free(m);
}

McFunc *mc_module_find(const McModule *m, const char *name) {
    for (int32_t i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i]->name, name) == 0) return m->funcs[i];
    for (int32_t i = 0; i < m->nfuncs; i++)
        if (strcmp(mc_shown_name(m->funcs[i], m->funcs[i]->name), name) == 0) return m->funcs[i];
    return NULL;
}

const char *mc_opnd_str(const McFunc *f, McOperand o, char *buf, size_t size) {
    if (o.kind == MC_OPND_CONST) {
        snprintf(buf, size, "%ld", (long)o.v);
        return buf;
    }
    if (o.kind == MC_OPND_VALUE && o.v >= 0 && o.v < f->nvalues) return f->values[o.v].name;
    snprintf(buf, size, "?");
    return buf;
}
