/* bench/tui.c - what one step costs the workbench on a big function: a
 * 500-block function (a loop whose head swaps two phis, and a 498-block
 * body of arithmetic), stepped block by block in the workbench model with a
 * full redraw of a 120x40, an 80x24 and a 200x60 frame after every step
 * (every pane of the step, alloc, c and log layouts; from 150 columns the
 * step layout adds the registers and alloc the IR), as the terminal
 * front end does after a key. The curses copy of the frame is not included
 * (ncurses sends only the changed cells).
 *
 * Goal: under 2 ms of CPU per step + redraw. Printed as a ratio to the goal
 * (< 1 is good), next to a baseline measured in the same run: formatting the
 * whole listing again (what a redraw would cost without the listing cache).
 *
 * The workbench sources are compiled into this program directly (they are
 * front-end code, not part of libminicc.a); the command layer is not needed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson/lesson.h"
#include "shell/outfile.h"
#include "shell/session.h"
#include "shell/show.h"
#include "tui/frame.h"
#include "tui/wb.h"

#define NBLOCKS 500
#define GOAL_MS 2.0

static char *big_ir(void) {
    McStr s;
    mc_str_init(&s);
    int body = NBLOCKS - 3; /* entry, head, exit + body blocks */
    mc_str_puts(&s, "func big(i32 n) {\nentry:\n    i0 = copy 0\n    jump head\nhead:\n");
    mc_str_printf(&s, "    a = phi [entry: 1], [b%d: b]\n", body - 1);
    mc_str_printf(&s, "    b = phi [entry: 2], [b%d: a]\n", body - 1);
    mc_str_printf(&s, "    i = phi [entry: i0], [b%d: i1]\n", body - 1);
    mc_str_puts(&s, "    c = lt i, n\n    branch c, b0, exit\n");
    for (int k = 0; k < body; k++) {
        mc_str_printf(&s, "b%d:\n", k);
        if (k == 0) mc_str_puts(&s, "    t0 = add i, 1\n");
        else mc_str_printf(&s, "    t%d = add t%d, %d\n", k, k - 1, k);
        mc_str_printf(&s, "    u%d = mul t%d, 3\n", k, k);
        if (k == body - 1) mc_str_printf(&s, "    i1 = add i, 1\n    jump head\n");
        else mc_str_printf(&s, "    jump b%d\n", k + 1);
    }
    mc_str_printf(&s, "exit:\n    r = mul a, 10\n    q = add r, b\n    return q\n}\n");
    return mc_str_take(&s);
}

/* CPU ms per step + redraw over `steps` steps at w x h in layout `layout`. */
static double measure(McSession *s, int w, int h, int layout, int steps) {
    Wb wb;
    wb_init(&wb, s, NULL, w, h);
    wb.layout = layout;
    McFrame fr;
    mc_frame_init(&fr, w, h);
    wb_restart(&wb);
    wb_render(&wb, &fr); /* builds the caches */
    double t0 = mc_cpu_now();
    for (int i = 0; i < steps; i++) {
        wb_step(&wb, false);
        wb_render(&wb, &fr);
    }
    double ms = (mc_cpu_now() - t0) * 1000.0 / steps;
    /* Sanity: the listing follows execution and the frame has content. */
    if (mc_interp_steps(s->interp) < 2 || fr.cells[0].ch == ' ') {
        fprintf(stderr, "bench/tui: the workbench did not step\n");
        exit(1);
    }
    mc_frame_free(&fr);
    wb_free(&wb);
    return ms;
}

int main(void) {
    mc_memory_keep(); /* as minicc runs (util.c) */
    char path[] = "/tmp/minicc-bench-tui-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    char *ir = big_ir();
    if (write(fd, ir, strlen(ir)) != (ssize_t)strlen(ir)) {
        perror("write");
        return 1;
    }
    close(fd);
    free(ir);
    McSession s;
    mc_session_init(&s);
    FILE *err = stderr;
    if (!mc_session_load(&s, path, err)) return 1;
    unlink(path);
    char *argv[] = {(char *)"1000", NULL};
    if (!mc_session_set_args(&s, 1, argv, err)) return 1;
    const int steps = 2000;
    printf("function: %d blocks, %d values; %d steps, redraw after each\n", s.input->nblocks, s.input->nvalues, steps);
    struct {
        const char *name;
        int w, h, layout;
    } runs[] = {{"step layout 120x40", 120, 40, 0},  {"step layout 80x24", 80, 24, 0},
                {"alloc layout 120x40", 120, 40, 1}, {"step layout 200x60", 200, 60, 0},
                {"alloc layout 200x60", 200, 60, 1}, {"c layout 200x60", 200, 60, 2},
                {"log layout 200x60", 200, 60, 3}};
    /* Baseline: format the whole listing (the uncached cost of the IR pane). */
    double t0 = mc_cpu_now();
    int reps = 200;
    McStr line;
    mc_str_init(&line);
    size_t total = 0;
    for (int r = 0; r < reps; r++)
        for (int32_t b = 0; b < s.input->nblocks; b++) {
            const McBlock *bl = &s.input->blocks[b];
            for (int32_t p = 0; p < bl->nphis; p++) {
                line.len = 0;
                mc_phi_str(s.input, &bl->phis[p], &line);
                total += line.len;
            }
            for (int32_t i = 0; i <= bl->ninsts; i++) {
                line.len = 0;
                if (i < bl->ninsts) mc_inst_str(s.input, &bl->insts[i], &line);
                else mc_term_str(s.input, &bl->term, &line);
                total += line.len;
            }
        }
    mc_str_free(&line);
    double base = (mc_cpu_now() - t0) * 1000.0 / reps;
    printf("%-22s %9.4f ms CPU   (baseline: format the whole listing; %zu bytes)\n", "full listing", base,
           total / (size_t)reps);
    int bad = 0;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        double ms = measure(&s, runs[i].w, runs[i].h, runs[i].layout, runs[i].layout == 1 ? 200 : steps);
        printf("%-22s %9.4f ms CPU per step + redraw   ratio to the 2 ms goal: %.3f   vs full listing: %.2fx\n",
               runs[i].name, ms, ms / GOAL_MS, ms / base);
        if (ms > GOAL_MS) bad = 1;
    }
    printf("goal (< 2 ms per step + redraw): %s\n", bad ? "MISSED" : "met");
    mc_session_free(&s);
    return 0;
}
