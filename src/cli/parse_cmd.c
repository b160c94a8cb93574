/* parse_cmd.c - `minicc parse FILE`: check an IR file's syntax.
 *
 * Parses and verifies every function of FILE (`-` reads standard input) and
 * prints the module in canonical form on stdout, exit 0; on any error prints
 * the diagnostics with their source line and a caret on stderr, exit 2. The
 * parser's cram tests are written against this command. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "minicc/parse.h"
#include "minicc/util.h"

int mc_cli_parse(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    if (argc != 2) {
        fprintf(stderr, "usage: minicc parse FILE   (FILE may be - for standard input)\n");
        return 2;
    }
    const char *path = argv[1];
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    char *src = NULL;
    McModule *m;
    if (strcmp(path, "-") == 0) {
        size_t len = 0;
        src = mc_cli_read_stdin(&len);
        if (!src) {
            fprintf(stderr, "minicc: cannot read standard input: %s\n", strerror(errno));
            mc_diags_free(&d);
            return 2;
        }
        d.src = src;
        d.srclen = len;
        m = mc_parse("<stdin>", src, len, &d);
    } else {
        mc_diags_free(&d); /* named, for `FILE: error: cannot read ...` as in the other commands */
        mc_diags_init(&d, path, NULL, 0);
        m = mc_parse_file(path, &d, &src);
    }
    int status = 0;
    if (m) {
        mc_module_print(m, stdout);
        mc_module_free(m);
    } else {
        fflush(stdout);
        mc_diags_print(&d, stderr, true);
        status = 2;
    }
    mc_diags_free(&d);
    free(src);
    return status;
}
