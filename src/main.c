/* main.c - argument parsing and dispatch to the one-shot commands (src/cli),
 * the minicc> prompt (src/repl) and the full-screen workbench (src/tui). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const struct {
    const char *name;
    McCliFn fn;
    const char *usage, *summary;
} commands[] = {
#define MC_X_ROW(name, fn, usage, summary) {name, fn, usage, summary},
    MC_CLI_COMMANDS(MC_X_ROW)
#undef MC_X_ROW
};

static void usage(FILE *out) {
    fprintf(out, "usage: minicc COMMAND ...\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n      minicc %s\n", commands[i].name, commands[i].summary, commands[i].usage);
    fprintf(out, "\n  --help     this text\n  --version  print the version\n");
}

int main(int argc, char **argv) {
    if (argc >= 2) {
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[1], "--version") == 0) {
            printf("minicc %s\n", MINICC_VERSION);
            return 0;
        }
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[1], commands[i].name) == 0) return commands[i].fn(argc - 1, argv + 1);
        fprintf(stderr, "minicc: unknown command '%s' (try minicc --help)\n", argv[1]);
        return 2;
    }
    usage(stderr);
    return 2;
}
