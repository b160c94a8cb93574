/* pane_asm.c - the assembly of the function being stepped on the session's
 * target (x86-64 or rv64: `target`, key t), as the prompt's `asm` prints
 * it (shell/asmview.h: the session's allocator, switches and -O level),
 * tile by tile under a heading per block of the allocated function
 * (prologue and epilogue apart). Each tile's lines carry the colour band of
 * the C line of the IR it covers (MiniC), the band the source and IR panes
 * give that line, so one C line's IR and its instructions share a colour.
 * The tiles of the block the interpreter is in (matched by name: the
 * interpreter may run another stage of the function than the one
 * allocated) are tinted under its heading marked `=>` (it runs next, as
 * in the IR pane), and scrolled into view when execution enters another
 * block. The build is cached until the program, its
 * products or the target change (wb->gen); with target chapter the pane
 * says how to choose a real one. */
#include <stdlib.h>
#include <string.h>

#include "shell/asmview.h"
#include "wb.h"

static void live_drop(Wb *wb) {
    if (wb->asm_live) {
        mc_shell_live_free(wb->asm_live);
        free(wb->asm_live);
    }
    wb->asm_live = NULL;
}

void wb_asm_free(Wb *wb) {
    live_drop(wb);
    if (wb->asm_view) {
        mc_shell_asm_free(wb->asm_view);
        free(wb->asm_view);
    }
    wb->asm_view = NULL;
    free(wb->asm_error);
    wb->asm_error = NULL;
    wb->asm_input = NULL;
}

/* The build for the session's function and target, or NULL (the reason in
 * wb->asm_error, or target chapter). */
static const McShellAsm *asm_ensure(Wb *wb) {
    McSession *s = wb->s;
    if (!s->input || !mc_target_desc(s->target)) return NULL;
    if ((wb->asm_view || wb->asm_error) && wb->asm_gen == wb->gen && wb->asm_input == s->input &&
        wb->asm_target == (int)s->target && wb->asm_allocator == (int)s->allocator && wb->asm_opt == (s->opt != NULL) &&
        wb->asm_bug == (int)s->asm_bug)
        return wb->asm_view;
    wb_asm_free(wb);
    wb->asm_gen = wb->gen;
    wb->asm_input = s->input;
    wb->asm_target = (int)s->target;
    wb->asm_allocator = (int)s->allocator;
    wb->asm_bug = (int)s->asm_bug;
    wb->asm_opt = s->opt != NULL;
    char *msg = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&msg, &len);
    if (!err) return NULL;
    McShellAsm *a = mc_xcalloc(1, sizeof *a);
    int errors = s->errors; /* drawing reports in the pane, not as a command's error */
    const char *where = s->where_file;
    s->where_file = NULL;
    bool ok = mc_shell_asm_build(s, s->input, NULL, a, err);
    s->where_file = where;
    s->errors = errors;
    fclose(err);
    if (ok) {
        wb->asm_view = a;
        free(msg);
    } else {
        free(a);
        wb->asm_error = msg;
    }
    return wb->asm_view;
}

/* The C line of what tile t covers, 0 for the prologue, the epilogue or IR
 * without C lines. */
static int32_t tile_c_line(const McFunc *f, const McAsmTile *t) {
    if (t->block < 0 || t->block >= f->nblocks) return 0;
    if (t->what == MC_TILE_INST) return mc_minic_line_at(f, t->block, t->inst);
    if (t->what == MC_TILE_TERM) return mc_minic_line_at(f, t->block, f->blocks[t->block].ninsts);
    return 0;
}

/* The block of af the interpreter is in (by name), or MC_NONE. */
static int32_t asm_current_block(Wb *wb, const McFunc *af) {
    McSession *s = wb->s;
    if (!s->interp || !s->interp_func || mc_interp_finished(s->interp, NULL)) return MC_NONE;
    int32_t b = mc_interp_block(s->interp);
    if (b == MC_NONE && s->interp_func->nblocks) b = 0;
    if (b < 0 || b >= s->interp_func->nblocks) return MC_NONE;
    const char *name = s->interp_func->blocks[b].name;
    for (int32_t k = 0; k < af->nblocks; k++)
        if (strcmp(af->blocks[k].name, name) == 0) return k;
    return MC_NONE;
}

/* One line of a tile's text split into the instruction (blanks around it
 * and tabs dropped: a tab becomes one blank) and its comment (from `#`):
 * the lengths in *ilen and *clen, the comment's start in *com. */
static void asm_split(const char *p, size_t n, const char **ins, size_t *ilen, const char **com, size_t *clen) {
    size_t a = 0;
    while (a < n && (p[a] == ' ' || p[a] == '\t')) a++;
    size_t h = a;
    while (h < n && p[h] != '#') h++;
    size_t e = h;
    while (e > a && (p[e - 1] == ' ' || p[e - 1] == '\t')) e--;
    *ins = p + a;
    *ilen = e - a;
    *com = p + h;
    *clen = n - h;
}

/* The line as the pane shows it: a label (`.L0:`) at the left, an
 * instruction indented by two, its comment aligned at column width + 4
 * (width: the longest instruction of the function's blocks, at most 28; a
 * longer one is followed by two blanks), so a narrow pane keeps the
 * comments near. */
static void asm_format(const char *p, size_t n, size_t width, McStr *out) {
    const char *ins, *com;
    size_t il, cl;
    asm_split(p, n, &ins, &il, &com, &cl);
    bool label = il > 0 && ins[il - 1] == ':';
    if (!label) mc_str_puts(out, "  ");
    for (size_t i = 0; i < il; i++) mc_str_putc(out, ins[i] == '\t' ? ' ' : ins[i]);
    if (cl) {
        size_t at = il + (label ? 0 : 2);
        for (size_t k = at; k < width + 4 || k < at + 2; k++) mc_str_putc(out, ' ');
        for (size_t i = 0; i < cl; i++) mc_str_putc(out, com[i] == '\t' ? ' ' : com[i]);
    }
}

int wb_draw_asm(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    const McShellAsm *a = asm_ensure(wb);
    snprintf(title, tsize, "asm %s", mc_target_name(s->target));
    if (!s->input) {
        mc_lines_text(&L, "no function loaded", MC_R_DIM);
    } else if (!mc_target_desc(s->target)) {
        mc_lines_text(&L, "target chapter has no assembly: the abstract\nmachine r0..r(K-1) runs as stage alloc.",
                      MC_R_DIM);
        mc_lines_text(&L, "t (or :target x86-64, :target rv64) chooses a\nreal target.", MC_R_HEADING);
    } else if (!a) {
        mc_lines_text(&L, wb->asm_error && *wb->asm_error ? wb->asm_error : "no assembly", MC_R_ERROR);
    } else {
        /* the function being stepped (a callee of a program with calls), else the loaded one */
        const char *fname = s->interp_func ? s->interp_func->name : s->input->name;
        int32_t fi = mc_shell_asm_func(a, fname);
        if (fi < 0) fi = 0;
        const McFunc *af = a->prog.alloc[fi]->f;
        int32_t cur = asm_current_block(wb, af);
        bool bands = wb_source_available(wb);
        /* a planted bug (`set asm-bug`) is named where it changes the text: x86-64 */
        bool bug = s->asm_bug != MC_ASM_BUG_NONE && a->target == MC_TARGET_X64;
        snprintf(title, tsize, "asm %s %s (%s, from %s%s%s)", mc_target_name(a->target), mc_shown_name(af, af->name),
                 mc_allocator_name(s->allocator), s->opt ? "opt" : "ssa", bug ? ", asm-bug " : "",
                 bug ? mc_asm_bug_name(s->asm_bug) : "");
        size_t width = 0; /* the longest instruction: where the comments line up */
        for (int32_t i = 0; i < a->listing.n; i++) {
            const McAsmTile *t = &a->listing.tile[i];
            bool body = t->what == MC_TILE_INST || t->what == MC_TILE_TERM; /* not the long prologue lines */
            for (const char *p = t->func == fi && body && t->text ? t->text : ""; *p;) {
                size_t n = strcspn(p, "\n"), il, cl;
                const char *ins, *com;
                asm_split(p, n, &ins, &il, &com, &cl);
                if (il > width) width = il < 28 ? il : 28;
                p += n;
                if (*p == '\n') p++;
            }
        }
        int cur_first = -1, cur_last = -1;
        int32_t last_block = -2;
        int last_what = -1;
        for (int32_t i = 0; i < a->listing.n; i++) {
            const McAsmTile *t = &a->listing.tile[i];
            if (t->func != fi) continue;
            /* a heading where the block (or the prologue / epilogue) changes */
            bool body = t->what == MC_TILE_INST || t->what == MC_TILE_TERM;
            int32_t key = body ? t->block : -10 - t->what;
            if (key != last_block || (!body && t->what != last_what)) {
                mc_lines_new(&L);
                bool at = body && t->block == cur;
                uint16_t ha = at ? (MC_R_CURLINE | MC_A_REVERSE | MC_A_BOLD) : (MC_R_HEADING | MC_A_BOLD);
                mc_lines_put(&L, at ? "=>" : "  ", ha);
                if (t->what == MC_TILE_PROLOGUE) mc_lines_printf(&L, ha, "%s: prologue", mc_shown_name(af, af->name));
                else if (t->what == MC_TILE_EPILOGUE) mc_lines_printf(&L, ha, "epilogue");
                else if (t->block >= 0 && t->block < af->nblocks)
                    mc_lines_printf(&L, at ? ha : MC_A_BOLD, "%s:", af->blocks[t->block].name);
                if (at) mc_lines_pad(&L, r.w - 1, ha);
                if (body && t->block == cur && cur_first < 0) cur_first = L.n - 1;
                last_block = key;
                last_what = t->what;
            }
            int32_t cl = bands ? tile_c_line(af, t) : 0;
            bool here = body && t->block == cur;
            for (const char *p = t->text ? t->text : ""; *p;) {
                size_t n = strcspn(p, "\n");
                mc_lines_new(&L);
                mc_lines_put(&L, "  ", here ? MC_R_CURBLOCK : MC_R_NORMAL);
                mc_lines_put(&L, "  ", cl > 0 ? (uint16_t)(MC_R_BAND0 + cl % MC_NBANDS) : (here ? MC_R_CURBLOCK : MC_R_NORMAL));
                McStr ln;
                mc_str_init(&ln);
                asm_format(p, n, width, &ln);
                mc_lines_put(&L, ln.s ? ln.s : "", here ? MC_R_CURBLOCK : MC_R_NORMAL);
                mc_str_free(&ln);
                if (here) mc_lines_pad(&L, r.w - 1, MC_R_CURBLOCK); /* the whole row tinted, as in the IR pane */
                if (here) {
                    if (cur_first < 0) cur_first = L.n - 1;
                    cur_last = L.n - 1;
                }
                p += n;
                if (*p == '\n') p++;
            }
        }
        if (cur >= 0) {
            size_t tl = strlen(title);
            snprintf(title + tl, tsize - tl, " at %s", af->blocks[cur].name);
        }
        /* follow execution: the current block's tiles in view when it changes */
        if (cur_first >= 0 && wb->asm_block_shown != cur + 1) {
            wb->asm_block_shown = cur + 1;
            int *top = &wb->scroll[WB_ASM];
            if (cur_first < *top || cur_last >= *top + r.h) *top = cur_first > 1 ? cur_first - 1 : 0;
        }
        if (cur < 0) wb->asm_block_shown = 0;
    }
    int n = wb_draw_lines(wb, WB_ASM, &L, fr, r);
    mc_lines_free(&L);
    return n;
}

/* ---- the live pane ---------------------------------------------------------------
 * Under the assembly: each value live into the block the interpreter is in,
 * in the allocated function, where the allocation keeps it on the target
 * (a register by its name, a slot as the assembly names it) and the value
 * it holds at the block's entry (shell/asmview.h: the allocated function
 * run beside the stepped stage, matched block by block; `?` and the reason
 * when that cannot be done soundly). The table is computed once per
 * position of the run. */

static const McShellLive *live_ensure(Wb *wb) {
    McSession *s = wb->s;
    const McShellAsm *a = asm_ensure(wb);
    if (!a) {
        live_drop(wb);
        return NULL;
    }
    const void *interp = s->interp;
    int64_t ticks = s->interp ? mc_interp_ticks(s->interp) : -1, steps = s->interp ? mc_interp_steps(s->interp) : -1;
    if (wb->asm_live && wb->live_key_view == a && wb->live_key_gen == wb->gen && wb->live_key_interp == interp &&
        wb->live_key_func == s->interp_func && wb->live_key_ticks == ticks && wb->live_key_steps == steps &&
        wb->live_key_exec == (int)s->exec && wb->live_key_phi == (int)s->phi_mode)
        return wb->asm_live;
    live_drop(wb);
    wb->asm_live = mc_xcalloc(1, sizeof *wb->asm_live);
    mc_shell_live(s, a, wb->asm_live);
    wb->live_key_view = a;
    wb->live_key_gen = wb->gen;
    wb->live_key_interp = interp;
    wb->live_key_func = s->interp_func;
    wb->live_key_ticks = ticks;
    wb->live_key_steps = steps;
    wb->live_key_exec = (int)s->exec;
    wb->live_key_phi = (int)s->phi_mode;
    return wb->asm_live;
}

/* The shown name of a row's value. */
static const char *live_name(const McShellAsm *a, const McShellLive *l, const McShellLiveRow *row) {
    const McFunc *d = a->prog.alloc[l->func]->destroyed->f;
    return mc_shown_name(d, d->values[row->value].name);
}

/* A row's cell `rdi b.1 = 12`: the location's width and the rest's. */
static void live_cell(const McShellAsm *a, const McShellLive *l, const McShellLiveRow *row, int *lw, int *rw) {
    char num[16];
    snprintf(num, sizeof num, "%d", (int)row->v);
    *lw = (int)strlen(row->where);
    *rw = 1 + (int)strlen(live_name(a, l, row)) + 3 + (row->known ? (int)strlen(num) : 1);
}

/* The rows in as many columns as fit w (down each column, as ls does),
 * each column as wide as its widest cell: the number of columns, their
 * location widths in lw[] and their starts in at[]. */
enum { LIVE_MAX_COLS = 8 };
static int live_columns(const McShellAsm *a, const McShellLive *l, int w, int lw[LIVE_MAX_COLS],
                        int at[LIVE_MAX_COLS]) {
    for (int cols = l->n < LIVE_MAX_COLS ? l->n : LIVE_MAX_COLS; cols >= 1; cols--) {
        int rows = (l->n + cols - 1) / cols, x = 0;
        for (int c = 0; c < cols; c++) {
            int cl = 0, cr = 0;
            for (int32_t i = c * rows; i < (c + 1) * rows && i < l->n; i++) {
                int a1, r1;
                live_cell(a, l, &l->row[i], &a1, &r1);
                if (a1 > cl) cl = a1;
                if (r1 > cr) cr = r1;
            }
            at[c] = x;
            lw[c] = cl;
            x += cl + cr + 2;
        }
        if (x - 2 <= w || cols == 1) return cols;
    }
    return 1;
}

/* Words of text in lines of at most w columns (a word longer than w alone). */
static void live_wrap(McLines *L, const char *text, int w, uint16_t attr) {
    if (w < 10) w = 10;
    const char *p = text;
    while (*p) {
        int n = (int)strlen(p);
        if (n > w) {
            n = w;
            while (n > 0 && p[n] != ' ') n--;
            if (n == 0) n = w;
        }
        mc_lines_new(L);
        char *piece = mc_xstrndup(p, (size_t)n);
        mc_lines_put(L, piece, attr);
        free(piece);
        p += n;
        while (*p == ' ') p++;
    }
}

/* The pane's lines at inner width w. */
static void live_lines(Wb *wb, int w, McLines *L) {
    McSession *s = wb->s;
    const McShellLive *l = live_ensure(wb);
    const McShellAsm *a = wb->asm_view;
    if (!l || !a) {
        live_wrap(L, mc_target_desc(s->target) ? "no assembly" : "target chapter: no registers of a real machine", w,
                  MC_R_DIM);
        return;
    }
    if (l->block == MC_NONE) {
        live_wrap(L, l->why, w, MC_R_DIM);
        return;
    }
    if (l->n == 0) {
        mc_lines_new(L);
        mc_lines_put(L, "no value live into the block", MC_R_DIM);
    }
    int lw[LIVE_MAX_COLS], at[LIVE_MAX_COLS];
    int cols = live_columns(a, l, w, lw, at);
    int rows = (l->n + cols - 1) / cols;
    for (int r = 0; r < rows; r++) {
        mc_lines_new(L);
        for (int c = 0; c < cols; c++) {
            int32_t i = c * rows + r; /* down each column, as ls does */
            if (i >= l->n) break;
            const McShellLiveRow *row = &l->row[i];
            if (c) mc_lines_pad(L, at[c], 0);
            uint16_t la = row->loc.kind == MC_LOC_REG ? (uint16_t)(wb_reg_attr(row->loc.index) | MC_A_BOLD)
                                                      : (uint16_t)(MC_R_SPILL | MC_A_BOLD);
            mc_lines_printf(L, la, "%-*s", lw[c], row->where);
            mc_lines_printf(L, 0, " %s = ", live_name(a, l, row));
            if (row->known) mc_lines_printf(L, 0, "%d", (int)row->v);
            else mc_lines_put(L, "?", MC_R_ERROR | MC_A_BOLD);
        }
    }
    bool unknown = !l->known;
    for (int32_t i = 0; i < l->n && !unknown; i++) unknown = !l->row[i].known;
    if (unknown) {
        char msg[300];
        snprintf(msg, sizeof msg, "?: %s", l->known ? "not assigned on the path taken" : l->why);
        live_wrap(L, msg, w, MC_R_ERROR);
    }
}

int wb_live_lines(Wb *wb, int w) {
    McLines L;
    mc_lines_init(&L);
    live_lines(wb, w, &L);
    int n = L.n;
    mc_lines_free(&L);
    return n;
}

int wb_draw_live(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McLines L;
    mc_lines_init(&L);
    live_lines(wb, r.w, &L);
    const McShellLive *l = wb->asm_live;
    snprintf(title, tsize, "live");
    if (l && wb->asm_view && l->block != MC_NONE) {
        const McFunc *d = wb->asm_view->prog.alloc[l->func]->destroyed->f;
        if (l->known)
            snprintf(title, tsize, "live into %s, entry %lld (%s)", d->blocks[l->block].name, (long long)l->entry,
                     mc_target_name(wb->asm_view->target));
        else snprintf(title, tsize, "live into %s (%s)", d->blocks[l->block].name, mc_target_name(wb->asm_view->target));
    }
    int n = wb_draw_lines(wb, WB_LIVE, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
