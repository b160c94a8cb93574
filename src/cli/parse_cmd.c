/* parse_cmd.c - `minicc parse FILE`: check an IR file's syntax.
 *
 * Parses and verifies every function of FILE (`-` reads standard input) and
 * prints the module in canonical form on stdout, exit 0; on any error prints
 * the diagnostics with their source line and a caret on stderr, exit 2. The
 * parser's cram tests are written against this command. Options and words
 * go through the shared parser (common.h), so mistakes read like those of
 * the other commands: `minicc parse: error: missing FILE`. */
#include <stdio.h>

#include "cli.h"
#include "common.h"

int mc_cli_parse(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts o;
    int st = mc_cli_opts_parse(argc, argv, 0, &o);
    if (st) return st;
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    mc_module_print(p.mod, stdout);
    fflush(stdout);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return 0;
}
