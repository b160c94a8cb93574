/* emit_asm.c - `minicc emit-asm FILE [--target T] [--allocator A] [-O0|-O1]
 * [--no-comments] [--trace-select]` and `minicc print FILE --stage selected`:
 * the assembly a real target's stage asm runs (asm.h), without the harness,
 * and the tiles instruction selection chose.
 *
 * The input goes through the same steps as `--stage asm`: SSA, the
 * optimizer (-O1, the default), the program allocated for the target (every
 * function the selected one reaches), tiled. --trace-select prints one line
 * per tile before the text: the IR it covers, the tile, its cost and why.
 * Exit 0, or 2 for a bad program, option or target. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "common.h"
#include "minicc/asm.h"
#include "minicc/pipeline.h"

/* Allocate and tile o's function; the text (NULL on failure, diagnostics printed) and the listing. */
static char *select_program(const McCliOpts *o, const McFunc *f, bool comments, McProgram *p, McFunc **prepared,
                            McAsmListing *listing) {
    McAsmOptions ao;
    mc_asm_options_default(&ao);
    ao.target = o->stage.target == MC_TARGET_CHAPTER ? MC_TARGET_X64 : o->stage.target;
    ao.allocator = o->stage.allocator;
    ao.alloc = &o->alloc;
    ao.opt_level = o->stage.opt_level;
    ao.max_depth = o->stage.max_depth;
    ao.comments = comments;
    ao.bug = o->stage.asm_bug;
    McDiags d;
    mc_diags_init(&d, o->file, NULL, 0);
    char *text = NULL;
    if (mc_asm_allocate(f, &ao, p, prepared, &d)) {
        text = mc_asm_emit(p, &ao, NULL, listing, &d);
        if (!text) {
            mc_program_free(p);
            mc_func_free(*prepared);
            *prepared = NULL;
        }
    }
    if (!text) mc_cli_print_diags(o, &d);
    mc_diags_free(&d);
    return text;
}

static int emit_or_print(int argc, char **argv, unsigned accepted, bool print_selected) {
    McCliOpts o;
    int st = mc_cli_opts_parse(argc, argv, accepted, &o);
    if (st) return st;
    McCliProgram prog;
    if ((st = mc_cli_load(&o, &prog))) {
        mc_cli_opts_free(&o);
        return st;
    }
    if (o.stage.asm_bug != MC_ASM_BUG_NONE && o.stage.target == MC_TARGET_RV64)
        fprintf(stderr, "minicc %s: note: --asm-bug plants a bug of x86-64's emitter: rv64's text is unchanged\n",
                o.cmd);
    McProgram p;
    McFunc *prepared = NULL;
    McAsmListing listing = {0};
    /* print --stage selected: the tiles' instructions without the comments (the IR is the tile's heading) */
    char *text = select_program(&o, prog.func, !o.no_comments && !print_selected, &p, &prepared, &listing);
    if (!text) {
        st = 2;
    } else {
        if (print_selected) {
            mc_asm_listing_print(&listing, &p, !o.no_comments, stdout);
        } else {
            if (o.trace_select) mc_asm_listing_trace(&listing, &p, stdout);
            if (o.trace_select && text[0]) fputc('\n', stdout);
            fputs(text, stdout);
        }
        fflush(stdout);
        free(text);
        mc_program_free(&p);
        mc_func_free(prepared);
    }
    mc_asm_listing_free(&listing);
    mc_cli_program_free(&prog);
    mc_cli_opts_free(&o);
    return st;
}

int mc_cli_emit_asm(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    return emit_or_print(argc, argv,
                         MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_ALLOCATOR | MC_CLI_ALLOC_OPT | MC_CLI_TARGET | MC_CLI_ASM_BUG |
                             MC_CLI_NO_COMMENTS | MC_CLI_TRACE_SELECT | MC_CLI_MAX_DEPTH,
                         false);
}

int mc_cli_print_selected(int argc, char **argv) {
    /* --no-comments leaves out each tile's reason */
    return emit_or_print(argc, argv,
                         MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_ALLOCATOR | MC_CLI_ALLOC_OPT | MC_CLI_TARGET | MC_CLI_ASM_BUG |
                             MC_CLI_NO_COMMENTS | MC_CLI_MAX_DEPTH,
                         true);
}

/* `minicc patterns [--target x86-64|rv64]`: the target's instruction
 * patterns in the order maximal munch tries them (mc_asm_patterns_print),
 * the table `target T patterns` prints at the prompt. */
int mc_cli_patterns(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts o;
    int st = mc_cli_opts_parse(argc, argv, MC_CLI_TARGET | MC_CLI_NO_FILE, &o);
    if (st) return st;
    if (o.file) {
        st = mc_cli_error(&o, "unexpected argument '%s' (patterns takes no FILE; see: minicc patterns --help)",
                          o.file);
    } else if ((o.given & MC_CLI_TARGET) && o.stage.target == MC_TARGET_CHAPTER) {
        st = mc_cli_error(&o, "target chapter (the abstract machine) has no instruction patterns; choose x86-64 or "
                              "rv64");
    } else {
        mc_asm_patterns_print(o.stage.target == MC_TARGET_CHAPTER ? MC_TARGET_X64 : o.stage.target, stdout);
        fflush(stdout);
    }
    mc_cli_opts_free(&o);
    return st;
}
