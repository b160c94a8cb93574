/* chk_ir.h - helpers the unit tests share: IR text to a module, and
 * command-line words to arguments, failing the test (cmocka's fail_msg)
 * with the first diagnostic. Include after <cmocka.h>. */
#ifndef MINICC_TESTS_CHK_IR_H
#define MINICC_TESTS_CHK_IR_H

#include <string.h>

#include "minicc/diag.h"
#include "minicc/interp.h"
#include "minicc/parse.h"

/* Parse IR text (as "test.ir"); fails the test on a diagnostic. */
static inline McModule *parse_text(const char *text) {
    McDiags d;
    mc_diags_init(&d, "test.ir", text, strlen(text));
    McModule *m = mc_parse("test.ir", text, strlen(text), &d);
    if (!m) {
        char buf[512];
        fail_msg("parse: %s", d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : "?");
    }
    mc_diags_free(&d);
    return m;
}

/* Arguments of f from words such as "5" and "[1,2]"; fails the test on a bad one. */
static inline McArgs make_args(const McFunc *f, int argc, const char **argv) {
    McArgs a;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_args_parse(f, argc, (char *const *)argv, &a, &d)) {
        char buf[256];
        fail_msg("args: %s", mc_diag_line(&d, 0, buf, sizeof buf));
    }
    mc_diags_free(&d);
    return a;
}

#endif
