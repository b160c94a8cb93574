/* cli.h - the one-shot commands (`minicc run FILE ...`, docs/ir.md §5).
 *
 * Every command is one row of MC_CLI_COMMANDS: name, handler, usage, summary.
 * A handler gets argv with argv[0] = the command name and returns the process
 * exit status (0 ok, 1 check diverged, 2 bad program or arguments, 3 trap).
 * Handlers never call exit(). */
#ifndef MINICC_CLI_H
#define MINICC_CLI_H

typedef int (*McCliFn)(int argc, char **argv);

/* X(name, handler, usage, summary) */
#define MC_CLI_COMMANDS(X)                                                                      \
    X("run", mc_cli_run,                                                                        \
      "run FILE [--func NAME] [--stage STAGE] [--regs K] [--allocator baseline|improved|linear|ssa] "      \
      "[--alloc-opt LIST] [--trace-alloc] [-O0|-O1] [--max-steps N] [--max-depth N] [--stats] [--timeout S] "  \
      "[--keep-c DIR] [--cc system|tcc] [--target x86-64|rv64] [--keep-asm DIR] [--asm-bug NAME] [--] ARG...",      \
      "execute a function at one stage of the pipeline")                                        \
    X("check", mc_cli_check,                                                                    \
      "check FILE [--func NAME] [-O0|-O1] [--max-steps N] [--allocator A] [--alloc-opt LIST] "  \
      "[--timeout S] [--keep-c DIR] [--cc system|tcc] [--targets x86-64,rv64|all] [--asm-bug NAME] [--] ARG...", \
      "run every stage on fresh copies of the arguments and compare the outcomes")             \
    X("print", mc_cli_print,                                                                    \
      "print FILE [--func NAME] [--stage input|ssa|opt|destroyed|allocated|selected] [--target T] "                  \
      "[--ssa minimal|semi|pruned] [--passes a,b,c|help] [--regs K] [--allocator A] "            \
      "[--alloc-opt LIST] [--trace-alloc] [-O0|-O1] [--stats] [--live] [--why X,Y]",             \
      "print the IR after a stage (SSA construction, optimizer passes)")                       \
    X("emit-c", mc_cli_emit_c, "emit-c FILE [--func NAME] [-O0|-O1]",                           \
      "print the C that --stage native compiles (bounds-checked C11)")                        \
    X("emit-asm", mc_cli_emit_asm,                                                              \
      "emit-asm FILE [--func NAME] [--target x86-64|rv64] [--allocator A] [--alloc-opt LIST] [-O0|-O1] " \
      "[--no-comments] [--trace-select] [--asm-bug NAME]",                                   \
      "print the assembly that --stage asm runs (without its harness); --trace-select: the tiles chosen") \
    X("patterns", mc_cli_patterns, "patterns [--target x86-64|rv64]",                           \
      "print the target's instruction patterns in munch order (name, IR shape, instructions, cost, when)") \
    X("parse", mc_cli_parse, "parse FILE|-",                                                      \
      "check an IR file and print it in canonical form")                                       \
    X("sweep", mc_cli_sweep,                                                                    \
      "sweep FILE [--regs 1..16|N|a,b,c] [--allocators all|A,B] [--vary SWITCH [--allocator A] [--alloc-opt LIST]] " \
      "[--convention NAME] [--target x86-64|rv64] [--func NAME] [-O0|-O1] [--max-steps N] [--] ARG...",                                     \
      "the register-budget experiment: both allocators at every K, traffic and agreement")      \
    X("gen", mc_cli_gen, "gen [--lang ir|c] [--seed S] [--form mutable|ssa|either] [--size N] [--loops D] [--vars N] [--calls N] [--no-traps]", \
      "print one random valid program and its arguments (as a comment line)")                 \
    X("fuzz", mc_cli_fuzz,                                                                      \
      "fuzz [--lang ir|c] [--count N] [--seed S] [--stages input,ssa,opt,alloc,native,asm] [--form F] [--size N] " \
      "[--loops D] [--vars N] [--calls N] [--no-traps] [--max-shrink N] [--no-shrink] [--no-fork] "         \
      "[--timeout S] [--cc system|tcc] [--mutant seqphi|crash|destroy-naive|destroy-sequential|param-edge|no-caller-saves|no-callee-saves|asm-two-address|asm-no-cdq|asm-shift-count|asm-no-caller-saves|asm-no-callee-saves] [-q]", \
      "differential fuzzing of every stage (asm on x86-64 and rv64; with --calls, under each calling convention); shrinks and prints the first divergence")         \
    X("lesson", mc_cli_lesson, "lesson [--check FILE... | --export md [-o OUT] FILE | --grade DIR [--csv F] | FILE]", \
      "play a scripted lesson, check lessons non-interactively, export a handout, or grade exercises")

#define MC_X_DECL(name, fn, usage, summary) int fn(int argc, char **argv);
MC_CLI_COMMANDS(MC_X_DECL)
#undef MC_X_DECL

/* `print FILE --stage selected ...` (emit_asm.c): argv without the --stage words. */
int mc_cli_print_selected(int argc, char **argv);

#endif
