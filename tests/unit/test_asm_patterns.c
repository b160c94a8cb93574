/* test_asm_patterns.c - the instruction patterns as target data
 * (src/engine/asm/patterns.c, asm.h McAsmPattern):
 *   - both tables are well formed: every row named, names unique and found
 *     by mc_asm_pattern_find at their index, the target descriptions point
 *     at them, every form's opcode is one of its row's, every placeholder
 *     of a template and of a fetch list is one the target declares;
 *   - the munch order: over a grid of matches (rv64: every opcode of every
 *     kind of tile, operand kinds, constants around the 12-bit immediate,
 *     every combination of the flags; x86-64: the opcodes of the rows x64.c
 *     selects by predicate, arithmetic, shifts, compares and copies, with the flags
 *     their predicates read), every row with a predicate and every form is
 *     the first that applies somewhere (no row shadowed by the rows before
 *     it), every match has a row and the form for its case, and
 *     mc_asm_select agrees with a plain walk of the table; x86-64's rows
 *     with a predicate are exactly X64_SELECTED;
 *   - a corpus (the IR files of tests/asm and share/minicc/examples, a big-frame
 *     program, generated modules with calls at -O0 and -O1 under two
 *     allocators, x86-64 also under improved with two-address=emitter)
 *     emitted for both targets:
 *     every tile names a row of its target's table, the row covers the tile's kind and opcode, the tile's
 *     cost is within what the row allows (its forms' instructions, less
 *     `omit`, plus `extra`), and every mnemonic of its text is one of the
 *     row's templates or its declared extras; every tile records the row
 *     it names, and the corpus reaches every rv64 row but the dead copy (a
 *     copy without a location, which the allocators never leave) and every
 *     x86-64 row x64.c selects by predicate but the dead copy. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/asm.h"
#include "minicc/gen.h"
#include "minicc/minic.h"
#include "minicc/util.h"

#include "engine/asm/asm_int.h" /* mc_asm_select */
#include "shell/commands.h"
#include "shell/session.h"

/* ---- helpers ------------------------------------------------------------------------- */

static bool row_has_op(const McAsmPattern *r, int op) {
    if (r->ops[0] < 0) return true;
    for (const int *o = r->ops; *o >= 0; o++)
        if (*o == op) return true;
    return false;
}

static bool placeholder_known(McTarget t, const char *name, size_t len) {
    int32_t n;
    const McAsmPlaceholder *ph = mc_asm_placeholders(t, &n);
    for (int32_t k = 0; k < n; k++)
        if (strlen(ph[k].name) == len && strncmp(ph[k].name, name, len) == 0) return true;
    return false;
}

/* Whether word (len chars) is a mnemonic of tmpl: a line's first word, a
 * word with a placeholder ("set{cc}", "j{cc}") matching by its prefix. */
static bool tmpl_has_mnemonic(const char *tmpl, const char *word, size_t len) {
    for (const char *s = tmpl; *s;) {
        size_t n = strcspn(s, " \n");
        const char *brace = memchr(s, '{', n);
        if (s[0] != '#' && s[0] != ';') {
            if (brace && brace > s) {
                size_t pre = (size_t)(brace - s);
                if (len >= pre && strncmp(s, word, pre) == 0) return true;
            } else if (!brace && n == len && strncmp(s, word, len) == 0)
                return true;
        }
        const char *e = strchr(s, '\n');
        if (!e) break;
        s = e + 1;
    }
    return false;
}

static bool word_in(const char *list, const char *word, size_t len) {
    for (const char *s = list; *s;) {
        size_t n = strcspn(s, " ");
        if (n == len && strncmp(s, word, len) == 0) return true;
        s += n;
        while (*s == ' ') s++;
    }
    return false;
}

/* The x86-64 rows x64.c selects by walking the table: all 48 (a row left
 * out of this list, or added to the table without a predicate, fails
 * check_table and munch_order). */
static const char *const X64_SELECTED[] = {
    "div by 0 (trap)", "rem by -1 (0)", "div by -1 (neg)", "rem by 1 (0)", "div by 1 (copy)",
    "rem by 2^k (bias, mask)", "div by 2^k (bias, sar)", "rem by a constant (magic multiply)",
    "div by a constant (magic multiply)", "idiv (checked)",
    "lea reg, [reg + imm]", "lea reg, [reg + reg]", "imul reg, r/m, imm", "alu reg, reg (through r11)",
    "alu reg, imm", "alu reg, [slot]", "alu reg, reg", "shift reg, imm", "shift by 0 (copy)", "shift reg, cl",
    "copy (dead)", "copy (same location)", "mov reg, imm", "mov [slot], imm", "mov [slot], [slot] (through r11)",
    "mov [slot], reg", "mov reg, [slot]", "mov reg, reg", "cmp; setcc; movzx", "load [base + index*4]",
    "store [base + index*4]", "buffer (zeroed in the frame)", "cmp + jcc (fused, threaded)", "cmp + jcc (fused)",
    "jmp to a test (duplicated)", "jump (fall through)", "jmp (threaded)", "jmp", "branch on a constant",
    "cmp [slot], 0 + jnz", "test + jnz", "return (computed in eax, epilogue in place)", "return (epilogue in place)",
    "return (computed in eax)", "return", "call", "prologue", "epilogue",
};
#define N_X64_SELECTED ((int)(sizeof X64_SELECTED / sizeof *X64_SELECTED))

static bool x64_selected(const char *name) {
    for (int k = 0; k < N_X64_SELECTED; k++)
        if (strcmp(X64_SELECTED[k], name) == 0) return true;
    return false;
}

/* ---- well-formedness ------------------------------------------------------------------- */

static void check_table(McTarget t) {
    int32_t n;
    const McAsmPattern *p = mc_target_patterns(t, &n);
    assert_non_null(p);
    assert_true(n >= 20);
    const McTargetDesc *td = mc_target_desc(t);
    assert_ptr_equal(td->patterns, p);
    assert_int_equal(td->npatterns, n);
    for (int32_t i = 0; i < n; i++) {
        const McAsmPattern *r = &p[i];
        assert_non_null(r->name);
        assert_true(r->name[0] != 0);
        assert_int_equal(mc_asm_pattern_find(t, r->name), i); /* unique: found at its own index */
        assert_non_null(r->shape);
        assert_non_null(r->when);
        assert_non_null(r->extra_why);
        assert_non_null(r->extra_ops);
        assert_non_null(r->fetch);
        assert_true(r->what <= MC_TILE_EPILOGUE);
        assert_true(r->nform >= 1);
        assert_true(r->omit >= 0);
        assert_true(r->extra >= -1);
        if (r->extra != 0 || r->omit != 0) assert_true(r->extra_why[0] != 0);
        /* both select by the predicates: every row of rv64, every row of X64_SELECTED */
        if (t == MC_TARGET_RV64 || x64_selected(r->name)) assert_non_null(r->applies);
        else assert_null(r->applies);
        for (const char *s = r->fetch; *s;) {
            size_t len = strcspn(s, " ");
            if (!placeholder_known(t, s, len)) fail_msg("%s: fetch of unknown {%.*s}", r->name, (int)len, s);
            s += len;
            while (*s == ' ') s++;
        }
        for (int32_t k = 0; k < r->nform; k++) {
            const McAsmForm *f = &r->form[k];
            assert_non_null(f->tmpl);
            assert_non_null(f->label);
            if (f->op >= 0 && !row_has_op(r, f->op))
                fail_msg("%s: a form for %s, not one of the row's opcodes", r->name, mc_op_info[f->op].name);
            for (const char *s = strchr(f->tmpl, '{'); s; s = strchr(s + 1, '{')) {
                const char *e = strchr(s, '}');
                assert_non_null(e);
                if (!placeholder_known(t, s + 1, (size_t)(e - s - 1)))
                    fail_msg("%s: unknown placeholder {%.*s} in `%s`", r->name, (int)(e - s - 1), s + 1, f->tmpl);
            }
        }
    }
    assert_int_equal(mc_asm_pattern_find(t, "no such pattern"), -1);
    if (t == MC_TARGET_X64)
        for (int k = 0; k < N_X64_SELECTED; k++) assert_true(mc_asm_pattern_find(t, X64_SELECTED[k]) >= 0);
}

static void test_tables(void **state) {
    (void)state;
    check_table(MC_TARGET_RV64);
    check_table(MC_TARGET_X64);
    int32_t n = -1;
    assert_null(mc_target_patterns(MC_TARGET_CHAPTER, &n));
    assert_int_equal(n, 0);
    assert_int_equal(mc_asm_template_cost("addw {x}, {a}, {b}"), 1);
    assert_int_equal(mc_asm_template_cost("# a comment\n;a note\n1:\nsw zero, 0(t5)\nbltu t5, t6, 1b"), 2);
    assert_int_equal(mc_asm_template_cost(""), 0);
}

/* ---- rv64's munch order over a grid of matches ------------------------------------------- */

static void munch_order(McTarget target) {
    bool x64 = target == MC_TARGET_X64;
    const char *tn = mc_target_name(target);
    int32_t n;
    const McAsmPattern *p = mc_target_patterns(target, &n);
    bool *row_hit = calloc((size_t)n, sizeof *row_hit);
    bool *form_hit[64];
    assert_true(n <= 64);
    for (int32_t i = 0; i < n; i++) form_hit[i] = calloc((size_t)p[i].nform, sizeof(bool));
    static const int inst_ops[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_LT,    MC_OP_LE,   MC_OP_EQ,
                                   MC_OP_NE,  MC_OP_AND, MC_OP_OR,  MC_OP_XOR,   MC_OP_SHL,  MC_OP_SHR,
                                   MC_OP_DIV, MC_OP_REM, MC_OP_COPY, MC_OP_LOAD, MC_OP_STORE, MC_OP_CALL,
                                   MC_OP_BUFFER};
    static const int x64_ops[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_AND, MC_OP_OR,
                                  MC_OP_XOR, MC_OP_SHL, MC_OP_SHR, MC_OP_COPY,
                                  MC_OP_LT,  MC_OP_LE,  MC_OP_EQ,  MC_OP_NE, MC_OP_LOAD, MC_OP_STORE,
                                  MC_OP_BUFFER, MC_OP_DIV, MC_OP_REM, MC_OP_CALL};
    static const int term_ops[] = {MC_OP_RET, MC_OP_JUMP, MC_OP_BRANCH, MC_OP_LT, MC_OP_LE, MC_OP_EQ, MC_OP_NE};
    static const uint8_t xs[] = {MC_AM_NONE, MC_AM_REG, MC_AM_SLOT, MC_AM_RESULT};
    static const uint8_t ks[] = {MC_AM_REG, MC_AM_SLOT, MC_AM_CONST};
    /* 1 and -1 (division's own rows), 5 and 7 (magic numbers below and above 2^31), powers of two */
    static const int64_t cs[] = {0, 5, -1, 1, 7, -7, 31, 32, 2047, 2048, -2048, -2049, 4000, INT32_MIN};
    long matches = 0;
    for (int what = MC_TILE_INST; what <= MC_TILE_EPILOGUE; what++) {
        const int *ops = x64 && what == MC_TILE_INST ? x64_ops : what == MC_TILE_INST ? inst_ops : term_ops;
        int nops = x64 && what == MC_TILE_INST ? (int)(sizeof x64_ops / sizeof *x64_ops)
                   : what == MC_TILE_INST ? (int)(sizeof inst_ops / sizeof *inst_ops)
                   : what == MC_TILE_TERM ? (int)(sizeof term_ops / sizeof *term_ops)
                                          : 1;
        for (int oi = 0; oi < nops; oi++) {
            int op = what >= MC_TILE_PROLOGUE ? -1 : ops[oi];
            bool cmp_term = what == MC_TILE_TERM && op != MC_OP_RET && op != MC_OP_JUMP && op != MC_OP_BRANCH;
            for (unsigned flags = 0; flags < 16384; flags++) {
                /* x86-64's instruction predicates read same, same_b, far and checked alone, its
                 * terminators' fused, next_t, next_f, last, in_place, threaded, one_target and
                 * to_test, its prologue's calls; rv64's read none of same_b, checked, threaded,
                 * one_target, to_test */
                unsigned x64_inst = 2u | 256u | 512u | 1024u, x64_term = 1u | 4u | 8u | 32u | 64u | 2048u | 4096u | 8192u;
                unsigned x64_mask = what == MC_TILE_INST ? x64_inst : what == MC_TILE_TERM ? x64_term : 128u; /* calls */
                if (x64 ? (flags & ~x64_mask) != 0 : flags >= 512u) continue;
                /* a compare is a terminator's opcode only when fused, and only then */
                if (what == MC_TILE_TERM && cmp_term != ((flags & 1) != 0)) continue;
                if (what != MC_TILE_TERM && (flags & 1)) continue;
                for (size_t xi = 0; xi < sizeof xs; xi++)
                    for (size_t k0 = 0; k0 < sizeof ks; k0++)
                        for (size_t k1 = 0; k1 < sizeof ks; k1++)
                            for (size_t c0 = 0; c0 < 3; c0++) /* 0, 5, -1 */
                                for (size_t c1 = 0; c1 < sizeof cs / sizeof *cs; c1++) {
                                    McAsmMatch m;
                                    memset(&m, 0, sizeof m);
                                    m.what = (uint8_t)what;
                                    m.op = op;
                                    m.fused = flags & 1;
                                    m.same = flags & 2;
                                    m.next_t = flags & 4;
                                    m.next_f = flags & 8;
                                    m.local = flags & 16;
                                    m.last = flags & 32;
                                    m.in_place = flags & 64;
                                    m.calls = flags & 128;
                                    m.far = flags & 256;
                                    m.same_b = flags & 512;
                                    m.checked = flags & 1024;
                                    m.threaded = flags & 2048;
                                    m.one_target = flags & 4096;
                                    m.to_test = flags & 8192;
                                    m.x = xs[xi];
                                    m.k[0] = ks[k0], m.k[1] = ks[k1];
                                    m.c[0] = cs[c0], m.c[1] = cs[c1];
                                    /* the table walked plainly: the first row whose opcodes and predicate accept */
                                    int32_t row = -1, form = -1;
                                    for (int32_t i = 0; i < n && row < 0; i++) {
                                        if (p[i].what != m.what || !row_has_op(&p[i], m.op) || !p[i].applies)
                                            continue;
                                        int v = p[i].applies(&m);
                                        if (v < 0) continue;
                                        row = i;
                                        for (int32_t k = 0; k < p[i].nform && form < 0; k++)
                                            if ((p[i].form[k].op < 0 || p[i].form[k].op == m.op) &&
                                                p[i].form[k].variant == v)
                                                form = k;
                                        if (form < 0)
                                            fail_msg("%s: no form for %s case %d", p[i].name,
                                                     op >= 0 ? mc_op_info[op].name : "-", v);
                                    }
                                    if (row < 0)
                                        fail_msg("no %s row for kind %d opcode %s", tn, what,
                                                 op >= 0 ? mc_op_info[op].name : "-");
                                    const McAsmForm *f = NULL;
                                    assert_int_equal(mc_asm_select(target, &m, &f), row);
                                    assert_ptr_equal(f, &p[row].form[form]);
                                    row_hit[row] = true;
                                    form_hit[row][form] = true;
                                    matches++;
                                }
            }
        }
    }
    int nsel = 0;
    for (int32_t i = 0; i < n; i++) {
        if (p[i].applies) nsel++;
        if (!row_hit[i] && p[i].applies)
            fail_msg("%s row %d `%s` is never the first that applies: shadowed", tn, (int)i + 1, p[i].name);
        if (row_hit[i] && !p[i].applies) fail_msg("%s row %d `%s` chosen without a predicate", tn, (int)i + 1, p[i].name);
        for (int32_t k = 0; k < p[i].nform && p[i].applies; k++)
            if (!form_hit[i][k])
                fail_msg("%s row %d `%s`: form %d (%s %s) is never chosen", tn, (int)i + 1, p[i].name, (int)k,
                         p[i].form[k].op >= 0 ? mc_op_info[p[i].form[k].op].name : "", p[i].form[k].label);
        free(form_hit[i]);
    }
    free(row_hit);
    if (x64) assert_int_equal(nsel, N_X64_SELECTED);
    print_message("%s munch order: %ld matches, all %d rows with a predicate and their forms reached\n", tn, matches,
                  nsel);
}

static void test_munch_order(void **state) {
    (void)state;
    munch_order(MC_TARGET_RV64);
    munch_order(MC_TARGET_X64);
}

/* ---- the corpus: every tile against its row --------------------------------------------- */

static const char big_ir[] = "func big(i32 n) {\n"
                             "entry:\n"
                             "    b = buffer 1000\n"
                             "    c = buffer 10\n"
                             "    store b, 999, n\n"
                             "    store b, 0, 7\n"
                             "    store c, 3, n\n"
                             "    x = load b, 999\n"
                             "    y = load b, n\n"
                             "    store b, n, x\n"
                             "    z = call helper(b, n)\n"
                             "    w = add z, y\n"
                             "    k = lt n, 3\n"
                             "    branch k, small, large\n"
                             "small:\n"
                             "    return w\n"
                             "large:\n"
                             "    v = load c, 3\n"
                             "    u = add v, w\n"
                             "    return u\n"
                             "}\n"
                             "func helper(buf b, i32 n) {\n"
                             "entry:\n"
                             "    q = buffer 600\n"
                             "    store q, 599, n\n"
                             "    r = load q, 599\n"
                             "    s = load b, 0\n"
                             "    t = add r, s\n"
                             "    return t\n"
                             "}\n";

/* division by 1 and -1 (kept at -O0: the rows of x86-64's table for them) */
static const char divs_ir[] = "func divs(i32 n) {\n"
                              "entry:\n"
                              "    a = rem n, 1\n"
                              "    b = div n, 1\n"
                              "    c = rem n, -1\n"
                              "    d = div n, -1\n"
                              "    e = add a, b\n"
                              "    f = add c, d\n"
                              "    g = add e, f\n"
                              "    return g\n"
                              "}\n";

typedef struct Tally {
    long tiles;
    int32_t n;
    long hits[64];
} Tally;

static int tile_op(const McAsmTile *t, const McProgram *p) {
    if (t->what == MC_TILE_PROLOGUE || t->what == MC_TILE_EPILOGUE) return -1;
    const McFunc *f = p->alloc[t->func]->f;
    const McBlock *bl = &f->blocks[t->block];
    if (t->what == MC_TILE_TERM && t->ncovered == 1) return bl->term.op;
    return bl->insts[t->inst].op;
}

static void check_tile(McTarget target, const McAsmTile *t, const McProgram *p, const char *what) {
    int32_t n;
    const McAsmPattern *tab = mc_target_patterns(target, &n);
    int32_t row = mc_asm_pattern_find(target, t->pattern);
    if (row < 0) fail_msg("%s: %s tile `%s` names no row of the table", what, mc_target_name(target), t->pattern);
    assert_int_equal(t->row, row);
    const McAsmPattern *r = &tab[row];
    if (r->what != t->what) fail_msg("%s: `%s` covers kind %d, the tile is kind %d", what, r->name, r->what, t->what);
    int op = tile_op(t, p);
    if (!row_has_op(r, op))
        fail_msg("%s: `%s` does not cover %s", what, r->name, op >= 0 ? mc_op_info[op].name : "-");
    int32_t lo = 1 << 30, hi = 0;
    for (int32_t k = 0; k < r->nform; k++) {
        if (r->form[k].op >= 0 && r->form[k].op != op) continue;
        int32_t c = mc_asm_template_cost(r->form[k].tmpl);
        if (c < lo) lo = c;
        if (c > hi) hi = c;
    }
    assert_true(lo <= hi);
    if (t->cost < lo - r->omit || (r->extra >= 0 && t->cost > hi + r->extra))
        fail_msg("%s: %s `%s` cost %d, the row allows %d..%d:\n%s", what, mc_target_name(target), r->name,
                 (int)t->cost, (int)(lo - r->omit), (int)(hi + r->extra), t->text);
    /* every instruction's mnemonic is the row's (a form for the opcode) or a declared extra */
    for (const char *s = t->text; *s;) {
        while (*s == ' ') s++;
        size_t linelen = strcspn(s, "\n");
        if (linelen > 0 && s[0] != '#' && s[linelen - 1] != ':') {
            size_t wl = strcspn(s, " \n");
            bool ok = word_in(r->extra_ops, s, wl);
            for (int32_t k = 0; k < r->nform && !ok; k++)
                if (r->form[k].op < 0 || r->form[k].op == op) ok = tmpl_has_mnemonic(r->form[k].tmpl, s, wl);
            if (!ok)
                fail_msg("%s: %s `%s`: `%.*s` is not an instruction of the row:\n%s", what, mc_target_name(target),
                         r->name, (int)linelen, s, t->text);
        }
        s += linelen;
        if (*s) s++;
    }
}

static void run_corpus_one(const McFunc *f, McTarget target, McAllocator al, bool emitter, int opt, Tally *ty,
                           const char *what) {
    McAsmOptions o;
    mc_asm_options_default(&o);
    McAllocOptions ao;
    mc_alloc_options_default(&ao);
    ao.two_address = MC_TWOADDR_EMITTER;
    if (emitter) o.alloc = &ao;
    o.target = target;
    o.allocator = al;
    o.opt_level = opt;
    o.comments = false;
    McProgram p;
    McFunc *prep = NULL;
    McDiags d;
    mc_diags_init(&d, what, NULL, 0);
    if (!mc_asm_allocate(f, &o, &p, &prep, &d)) {
        mc_diags_print(&d, stderr, false);
        fail_msg("%s: allocation failed", what);
    }
    McAsmListing l;
    memset(&l, 0, sizeof l);
    char *text = mc_asm_emit(&p, &o, NULL, &l, &d);
    assert_non_null(text);
    for (int32_t k = 0; k < l.n; k++) {
        check_tile(target, &l.tile[k], &p, what);
        ty->hits[l.tile[k].row]++;
        ty->tiles++;
    }
    free(text);
    mc_asm_listing_free(&l);
    mc_program_free(&p);
    mc_func_free(prep);
    mc_diags_free(&d);
}

static char *slurp(const char *path) {
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    McStr s;
    mc_str_init(&s);
    char buf[4096];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, fp)) > 0) mc_str_putn(&s, buf, k);
    fclose(fp);
    if (!s.s) mc_str_puts(&s, "");
    return mc_str_take(&s);
}

static McModule *load(const char *file, const char *src) {
    McDiags d;
    mc_diags_init(&d, file, src, strlen(src));
    McModule *m = mc_load(file, src, strlen(src), MC_LANG_AUTO, &d);
    if (!m) mc_diags_print(&d, stderr, false);
    mc_diags_free(&d);
    assert_non_null(m);
    return m;
}

static void run_module(const McModule *m, Tally *ty, McTarget target, const char *what) {
    /* x86-64 also under improved with two-address=emitter: the allocators leave
     * the two-address constraint to the emitter only so, which then computes
     * a sub in its second operand's register through r11 (`alu reg, reg
     * (through r11)`) */
    static const McAllocator als[] = {MC_ALLOC_IMPROVED, MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED};
    size_t nal = target == MC_TARGET_X64 ? 3 : 2;
    for (size_t a = 0; a < nal; a++)
        for (int opt = 0; opt <= 1; opt++) run_corpus_one(m->funcs[0], target, als[a], a == 2, opt, ty, what);
}

static void corpus(McTarget target, Tally *ty) {
    memset(ty, 0, sizeof *ty);
    mc_target_patterns(target, &ty->n);
    glob_t g;
    memset(&g, 0, sizeof g);
    glob("tests/asm/*.ir", 0, NULL, &g);
    glob("share/minicc/examples/*.ir", GLOB_APPEND, NULL, &g);
    assert_true(g.gl_pathc >= 20);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *src = slurp(g.gl_pathv[i]);
        McModule *m = load(g.gl_pathv[i], src);
        run_module(m, ty, target, g.gl_pathv[i]);
        mc_module_free(m);
        free(src);
    }
    globfree(&g);
    McModule *m = load("big.ir", big_ir);
    run_module(m, ty, target, "big.ir");
    mc_module_free(m);
    m = load("divs.ir", divs_ir);
    run_module(m, ty, target, "divs.ir");
    mc_module_free(m);
    for (int k = 0; k < 60; k++) {
        uint64_t seed = 1 + (uint64_t)k * 7919u;
        McGenOptions go;
        mc_gen_options_default(&go);
        go.calls = k % 3;
        McModule *gm = mc_gen_module(seed, &go);
        assert_non_null(gm);
        char what[64];
        snprintf(what, sizeof what, "gen seed %llu calls %d", (unsigned long long)seed, go.calls);
        run_module(gm, ty, target, what);
        mc_module_free(gm);
    }
}

static void test_corpus_rv64(void **state) {
    (void)state;
    Tally ty;
    corpus(MC_TARGET_RV64, &ty);
    int32_t n;
    const McAsmPattern *p = mc_target_patterns(MC_TARGET_RV64, &n);
    int reached = 0;
    for (int32_t i = 0; i < n; i++) {
        if (ty.hits[i]) reached++;
        else if (strcmp(p[i].name, "copy (dead: nothing)") != 0)
            fail_msg("rv64 row %d `%s` is never chosen on the corpus", (int)i + 1, p[i].name);
    }
    print_message("rv64: %ld tiles, %d of %d rows chosen\n", ty.tiles, reached, (int)n);
}

static void test_corpus_x64(void **state) {
    (void)state;
    Tally ty;
    corpus(MC_TARGET_X64, &ty);
    int32_t n;
    const McAsmPattern *p = mc_target_patterns(MC_TARGET_X64, &n);
    int reached = 0;
    for (int32_t i = 0; i < n; i++)
        if (ty.hits[i]) reached++;
        else if (x64_selected(p[i].name) && strcmp(p[i].name, "copy (dead)") != 0)
            fail_msg("x86-64 row %d `%s` is never chosen on the corpus", (int)i + 1, p[i].name);
        else print_message("x86-64 row %d `%s`: not on the corpus\n", (int)i + 1, p[i].name);
    print_message("x86-64: %ld tiles checked against their rows, %d of %d rows seen\n", ty.tiles, reached, (int)n);
    assert_true(reached >= n - 5);
}

/* The prompt completes `target`'s words: a target or patterns, then patterns. */
static void test_prompt_completion(void **state) {
    (void)state;
    static const struct {
        const char *line;
        int start;
        const char *want[4];
    } cases[] = {
        {"target rv64 pa", 12, {"patterns", NULL}},
        {"target pat", 7, {"patterns", NULL}},
        {"target r", 7, {"rv64", NULL}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        McSession s;
        mc_session_init(&s);
        char **out = NULL;
        mc_command_complete(&s, cases[k].line, cases[k].start, (int)strlen(cases[k].line), &out);
        assert_non_null(out);
        int n = 0;
        for (; out[n]; n++) {
            assert_non_null(cases[k].want[n]);
            assert_string_equal(out[n], cases[k].want[n]);
        }
        assert_null(cases[k].want[n]);
        mc_complete_free(out);
        mc_session_free(&s);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_munch_order),
        cmocka_unit_test(test_corpus_rv64),
        cmocka_unit_test(test_corpus_x64),
        cmocka_unit_test(test_prompt_completion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
