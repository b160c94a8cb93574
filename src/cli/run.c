/* run.c - `minicc run`: placeholder until the interpreter lands. */
#include <stdio.h>

#include "cli.h"

int mc_cli_run(int argc, char **argv) {
    (void)argc;
    (void)argv;
    fprintf(stderr, "minicc run: the interpreter is not built yet\n");
    return 2;
}
