/* emit_c.c - `minicc emit-c FILE [--func NAME] [-O0|-O1]`: print the C that
 * the native stage compiles (cgen.h), for reading next to the IR or for
 * building by hand: the output is one C11 translation unit defining the
 * entry wrapper `minicc_entry`.
 *
 * The input goes through the same steps as `--stage native`: pruned SSA
 * construction, then (-O1, the default) the optimizer. Exit 0, or 2 for a
 * bad program or option. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "common.h"
#include "minicc/cgen.h"
#include "minicc/pipeline.h"

int mc_cli_emit_c(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts o;
    int st = mc_cli_opts_parse(argc, argv, MC_CLI_FUNC | MC_CLI_OPT, &o);
    if (st) return st;
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    McDiags d;
    mc_diags_init(&d, o.file, NULL, 0);
    McFunc *ssa = mc_pipeline_prepare(p.func, o.stage.opt_level, &d);
    if (ssa) {
        char *c = mc_cgen_render(ssa);
        fputs(c, stdout);
        fflush(stdout);
        free(c);
        mc_func_free(ssa);
    } else {
        mc_cli_print_diags(&o, &d);
        st = 2;
    }
    mc_diags_free(&d);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return st;
}
