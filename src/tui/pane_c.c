/* pane_c.c - the C backend: the result of the last native run (`x` or
 * `:native` compiles the C and runs it), then the generated C itself,
 * scrollable. The C is rendered from the same SSA the native stage uses
 * (opt when it was built, else ssa). New C opens at the function itself
 * (`static int32_t minicc_fn(`), past the includes and helpers above it,
 * and follows execution: the current block's lines tinted, in view. */
#include <string.h>

#include "wb.h"

/* Whether line is where the C backend starts block `name`: `/\* block
 * NAME *\/` (the entry, or a block reached only by falling through) or
 * `Lk:; /\* NAME *\/` (a label). */
static bool c_block_start(const char *line, const char *name) {
    while (*line == ' ') line++;
    if (*line == 'L') {
        line++;
        while (*line >= '0' && *line <= '9') line++;
        if (strncmp(line, ":; ", 3) != 0) return false;
        line += 3;
    } else if (strncmp(line, "/* block ", 9) == 0) {
        line += 9;
        size_t n = strlen(name);
        return strncmp(line, name, n) == 0 && strcmp(line + n, " */") == 0;
    }
    if (strncmp(line, "/* ", 3) != 0) return false;
    size_t n = strlen(name);
    return strncmp(line + 3, name, n) == 0 && strcmp(line + 3 + n, " */") == 0;
}

static bool c_any_block_start(const char *line) {
    while (*line == ' ') line++;
    if (strncmp(line, "/* block ", 9) == 0) return true;
    if (*line != 'L') return false;
    line++;
    if (*line < '0' || *line > '9') return false;
    while (*line >= '0' && *line <= '9') line++;
    return strncmp(line, ":; /* ", 6) == 0;
}

/* The generated C follows execution: the lines of the block being run (by
 * name: the C comes from the SSA, the interpreter may run another stage)
 * are tinted, and the pane scrolls to them when execution enters another
 * block. Returns the block's name, or NULL when it is not in this C. */
static const char *c_follow(Wb *wb, McLines *L, int first, int rows) {
    McSession *s = wb->s;
    if (!s->interp || !s->interp_func) return NULL;
    int32_t b = mc_interp_block(s->interp);
    if (b == MC_NONE && !mc_interp_finished(s->interp, NULL) && s->interp_func->nblocks) b = 0;
    if (b == MC_NONE) return NULL;
    const char *name = s->interp_func->blocks[b].name;
    int start = -1;
    for (int i = first; i < L->n && start < 0; i++)
        if (c_block_start(L->v[i].text, name)) start = i;
    if (start < 0) return NULL;
    int end = start + 1;
    while (end < L->n && !c_any_block_start(L->v[end].text) && strcmp(L->v[end].text, "}") != 0) end++;
    for (int i = start; i < end; i++)
        for (int k = 0; k < L->v[i].len; k++) L->v[i].attr[k] = MC_R_CURBLOCK;
    if (wb->c_block_shown != b + 1) {
        wb->c_block_shown = b + 1;
        int *top = &wb->scroll[WB_C];
        if (start < *top || end > *top + rows) *top = start > 1 ? start - 1 : 0;
    }
    return name;
}

int wb_draw_c(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    snprintf(title, tsize, "C (from %s)", s->opt ? "opt" : "ssa");
    const char *c = wb_ensure_c(wb);
    if (!c) {
        mc_lines_text(&L, s->input ? "no C (see the log)" : "no function loaded", MC_R_DIM);
    } else {
        mc_lines_text(&L, "last native run:", MC_R_HEADING);
        if (wb->c_result[0]) {
            const char *res = wb->c_result;
            if (strncmp(res, "# ", 2) == 0 && strchr(res, '\n')) res = strchr(res, '\n') + 1;
            mc_lines_text(&L, res, strncmp(res, "trap", 4) == 0 ? (MC_R_ERROR | MC_A_BOLD) : (MC_R_GOOD | MC_A_BOLD));
            /* The pane opens at the function: the title keeps the outcome in view. */
            snprintf(title, tsize, "C (from %s), native: %.*s", s->opt ? "opt" : "ssa", (int)strcspn(res, "\n"), res);
        } else {
            mc_lines_text(&L, "(x compiles and runs it)", MC_R_DIM);
        }
        mc_lines_text(&L, "----", MC_R_DIM);
        int first = L.n;
        mc_lines_text(&L, c, MC_R_NORMAL);
        if (wb->c_at_body) {
            for (int i = first; i < L.n; i++)
                if (strncmp(L.v[i].text, "static int32_t minicc_fn(", 25) == 0) {
                    wb->scroll[WB_C] = i;
                    break;
                }
            wb->c_at_body = false;
        }
        const char *at = c_follow(wb, &L, first, r.h);
        if (at) {
            size_t tl = strlen(title);
            snprintf(title + tl, tsize - tl, " at %s", at);
        }
    }
    int n = wb_draw_lines(wb, WB_C, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
