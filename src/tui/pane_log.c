/* pane_log.c - the log: commands typed at the command line with their
 * output (captured through the command layer), one line per block entered,
 * outcomes and errors. It sticks to the end until scrolled back. */
#include "wb.h"

int wb_draw_log(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    snprintf(title, tsize, "log");
    return wb_draw_lines(wb, WB_LOG, &wb->log, fr, r);
}
