/* pane_c.c - the C backend: the result of the last native run (`x` or
 * `:native` compiles the C and runs it), then the generated C itself,
 * scrollable. The C is rendered from the same SSA the native stage uses
 * (opt when it was built, else ssa). New C opens at the function itself
 * (`static int32_t minicc_fn(`), past the includes and helpers above it. */
#include <string.h>

#include "wb.h"

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
    }
    int n = wb_draw_lines(wb, WB_C, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
