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
#include "minicc/parse.h"
#include "minicc/util.h"

/* All of standard input; NULL on a read error. */
static char *read_stdin(size_t *len) {
    McStr b;
    mc_str_init(&b);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) mc_str_putn(&b, chunk, n);
    if (ferror(stdin)) {
        mc_str_free(&b);
        return NULL;
    }
    *len = b.len;
    return mc_str_take(&b);
}

int mc_cli_parse(int argc, char **argv) {
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
        src = read_stdin(&len);
        if (!src) {
            fprintf(stderr, "minicc: cannot read standard input: %s\n", strerror(errno));
            mc_diags_free(&d);
            return 2;
        }
        d.src = src;
        d.srclen = len;
        m = mc_parse("<stdin>", src, len, &d);
    } else {
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
