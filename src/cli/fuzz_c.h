/* fuzz_c.h - `--lang c` for gen and fuzz (fuzz_c.c): random MiniC programs
 * and the C-compiler oracle. */
#ifndef MINICC_CLI_FUZZ_C_H
#define MINICC_CLI_FUZZ_C_H

/* Takes `--lang ir|c` (or `--lang=...`) out of argv (before `--`): 1 for c,
 * 0 for ir or no --lang, -1 after reporting an unknown language or a
 * missing value as `minicc CMD: error: ...`. */
int mc_cli_take_lang(const char *cmd, int *argc, char **argv);
int mc_cli_gen_c(int argc, char **argv);
int mc_cli_fuzz_c(int argc, char **argv);

#endif
