/* wb_frames.c - the workbench's keys for calls (shell/frames.h): S steps
 * into a call, F finishes the selected frame (gdb's step and finish; n
 * steps over a call), each run as the prompt's command so the log shows
 * `entering F, depth D` and `F returned V`; and back across a callee's
 * start (b), which leaves the callee for its caller. */
#include <stdlib.h>
#include <string.h>

#include "shell/frames.h"
#include "wb.h"

void wb_step_into(Wb *wb) { wb_submit(wb, "step"); }

void wb_finish(Wb *wb) { wb_submit(wb, "finish"); }

/* b in a callee: one block back in it, or out of it at its start. */
void wb_back_frames(Wb *wb) {
    McSession *s = wb->s;
    wb_snapshot(wb);
    char *text = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&text, &len);
    if (!err) return;
    int depth = mc_frames_depth(s);
    bool ok = mc_frames_back(s, 1, err);
    fclose(err);
    if (!ok) {
        if (len && text[len - 1] == '\n') text[len - 1] = 0;
        wb_note(wb, "%s", text ? text : "back failed");
        wb_log(wb, wb->status, MC_R_ERROR);
        free(text);
        return;
    }
    free(text);
    wb->edge.valid = false;
    wb->last_from = wb->last_to = MC_NONE;
    wb->quiet_exec = true;
    wb_after_exec(wb);
    wb->quiet_exec = false;
    const McFunc *f = s->interp_func;
    if (mc_frames_depth(s) < depth)
        wb_note(wb, "back out of the call: in %s, depth %d", mc_shown_name(f, f->name), mc_frames_depth(s));
    else
        wb_note(wb, "back in %s to step %lld", mc_shown_name(f, f->name),
                (long long)(mc_interp_steps(s->interp) - mc_interp_call_steps(s->interp)));
    wb_log(wb, wb->status, MC_R_DIM);
}
