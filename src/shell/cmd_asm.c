/* cmd_asm.c - the prompt's "targets" commands: target, asm and select,
 * their handlers and their rows of the command table. The program on a
 * real target is built by asm_view.c (asmview.h) with the session's
 * allocator, switches and -O level; `set target NAME` (cmd_exec.c) goes
 * through mc_cmd_set_target here. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/asm.h"
#include "minicc/util.h"
#include "shell/asmview.h"

bool mc_cmd_set_target(McSession *s, const char *name, FILE *out, FILE *err) {
    int t = mc_target_lookup(name);
    if (t < 0)
        return mc_session_error(s, err, "%s: unknown target '%s' (%s)",
                                s->cmd && strcmp(s->cmd, "set") == 0 ? "set target" : "target", name,
                                mc_target_names());
    s->target = (McTarget)t;
    const McTargetDesc *td = mc_target_desc(s->target);
    if (!td)
        fprintf(out, "target chapter: the abstract machine r0..r(K-1) (K = %d); asm and select need a real target\n",
                s->regs);
    else
        fprintf(out, "target %s: asm and select emit for %d allocatable registers (%s ... %s)\n", td->name,
                (int)td->nregs, td->reg[0], td->reg[td->nregs - 1]);
    return true;
}

/* `target [NAME] patterns`: the instruction patterns of NAME (the session's
 * target without it) in munch order; the session's target is not changed. */
static Status target_patterns(McSession *s, const char *name, FILE *out, FILE *err) {
    McTarget t = s->target;
    if (name) {
        int k = mc_target_lookup(name);
        if (k < 0) return mc_session_error(s, err, "target: unknown target '%s' (%s)", name, mc_target_names()), ERR;
        t = (McTarget)k;
    }
    if (!mc_target_desc(t))
        return mc_session_error(s, err,
                                "target: %s (the abstract machine) has no instruction patterns; `target x86-64 "
                                "patterns` or `target rv64 patterns`",
                                mc_target_name(t)),
               ERR;
    mc_asm_patterns_print(t, out);
    return OK;
}

static Status cmd_target(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 2)) return ERR;
    if (argc < 2) {
        mc_target_describe(s->target, out);
        return OK;
    }
    if (strcmp(argv[argc - 1], "patterns") == 0) return target_patterns(s, argc == 3 ? argv[1] : NULL, out, err);
    if (argc == 3) return mc_session_error(s, err, "target: unexpected argument '%s' (see: help target)", argv[2]), ERR;
    return mc_cmd_set_target(s, argv[1], out, err) ? OK : ERR;
}

/* The function FUNC names (the session's when name is NULL), or NULL
 * after an error. */
static const McFunc *asm_func(McSession *s, const char *name, FILE *err) {
    if (!mc_session_need_func(s, err)) return NULL;
    if (!name) return s->input;
    const McFunc *f = mc_module_find(s->module, name);
    if (!f) {
        McStr names;
        mc_str_init(&names);
        for (int32_t i = 0; i < s->module->nfuncs; i++)
            mc_str_printf(&names, "%s%s", i ? ", " : "",
                          mc_shown_name(s->module->funcs[i], s->module->funcs[i]->name));
        mc_session_error(s, err, "%s: no function '%s' in %s (available: %s)", s->cmd, name, s->path,
                         names.s ? names.s : "");
        mc_str_free(&names);
    }
    return f;
}

/* `asm --run`: the whole program with the harness, assembled, linked and
 * run with the session's arguments. */
static Status asm_run(McSession *s, const McFunc *f, FILE *out, FILE *err) {
    if (f != s->input && f->nparams > 0)
        return mc_session_error(s, err, "asm: --run runs the loaded function (its arguments: args); `func %s` first",
                                mc_shown_name(f, f->name)),
               ERR;
    if (!mc_session_need_args(s, err)) return ERR;
    McArgs args;
    mc_args_copy(&args, &s->args);
    McShellAsm a;
    if (!mc_shell_asm_build(s, f, &args, &a, err)) {
        mc_args_free(&args);
        return ERR;
    }
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McOutcome o;
    McAsmRunInfo info;
    bool ran = mc_asm_run_text(a.target, a.text, &args, 0, s->interrupt, NULL, &o, &info, &d);
    Status st = OK;
    if (o.kind == MC_INTERRUPTED || mc_session_interrupted(s)) {
        mc_session_error(s, err, "asm: %s", MC_INTERRUPTED_MSG);
        st = ERR;
    } else if (!ran) {
        mc_session_diags_error(s, &d, err, "asm");
        st = ERR;
    } else {
        fprintf(out, "# asm: %s, %s allocator, from %s%s\n", mc_target_name(a.target),
                mc_allocator_name(s->allocator), s->opt ? "opt" : "ssa",
                mc_target_desc(a.target)->emulator ? " (under qemu)" : "");
        mc_outcome_print(f, &o, &args, out);
    }
    mc_diags_free(&d);
    mc_shell_asm_free(&a);
    mc_args_free(&args);
    return st;
}

/* `asm --regs`: the values live into the stepped block, in their locations
 * on the target, with their values at its entry (asmview.h). */
static Status asm_regs(McSession *s, FILE *out, FILE *err) {
    if (!mc_session_need_func(s, err)) return ERR;
    McShellAsm a;
    if (!mc_shell_asm_build(s, s->input, NULL, &a, err)) return ERR;
    McShellLive l;
    mc_shell_live(s, &a, &l);
    mc_shell_live_print(&a, &l, out);
    mc_shell_live_free(&l);
    mc_shell_asm_free(&a);
    return OK;
}

static Status cmd_asm(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    bool run = false, regs = false;
    const char *name = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--run") == 0) run = true;
        else if (strcmp(argv[i], "--regs") == 0) regs = true;
        else if (argv[i][0] == '-')
            return mc_session_error(s, err, "asm: unknown option '%s' (see: help asm)", argv[i]), ERR;
        else if (!name) name = argv[i];
        else return mc_session_error(s, err, "asm: unexpected argument '%s' (see: help asm)", argv[i]), ERR;
    }
    if (!mc_target_desc(s->target)) return mc_session_error(s, err, "asm: %s", mc_shell_asm_no_target), ERR;
    if (regs && (run || name))
        return mc_session_error(s, err, "asm: --regs shows the stepped block; it takes no %s (see: help asm)",
                                run ? "--run" : "function"),
               ERR;
    if (regs) return asm_regs(s, out, err);
    const McFunc *f = asm_func(s, name, err);
    if (!f) return ERR;
    if (run) return asm_run(s, f, out, err);
    McShellAsm a;
    if (!mc_shell_asm_build(s, f, NULL, &a, err)) return ERR;
    fputs(a.text, out);
    mc_shell_asm_free(&a);
    return OK;
}

static Status cmd_select(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    bool brief = false;
    const char *name = NULL, *block = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--brief") == 0) brief = true;
        else if (strcmp(argv[i], "--block") == 0) {
            if (++i >= argc) return mc_session_error(s, err, "select: --block needs a block name"), ERR;
            block = argv[i];
        }
        else if (argv[i][0] == '-')
            return mc_session_error(s, err, "select: unknown option '%s' (see: help select)", argv[i]), ERR;
        else if (!name) name = argv[i];
        else return mc_session_error(s, err, "select: unexpected argument '%s' (see: help select)", argv[i]), ERR;
    }
    if (!mc_target_desc(s->target)) return mc_session_error(s, err, "select: %s", mc_shell_asm_no_target), ERR;
    const McFunc *f = asm_func(s, name, err);
    if (!f) return ERR;
    McShellAsm a;
    if (!mc_shell_asm_build(s, f, NULL, &a, err)) return ERR;
    /* --block B: the tiles of block B of the function asked for (a view of
     * the listing: the tiles' texts stay the listing's) */
    const McFunc *bf = a.prog.alloc[0]->f;
    int32_t b = block ? mc_func_find_block(bf, block) : MC_NONE;
    if (block && b == MC_NONE) {
        McStr names;
        mc_str_init(&names);
        for (int32_t k = 0; k < bf->nblocks; k++) mc_str_printf(&names, "%s%s", k ? ", " : "", bf->blocks[k].name);
        mc_session_error(s, err, "select: no block '%s' in the allocated %s (blocks: %s)", block,
                         mc_shown_name(bf, bf->name), names.s ? names.s : "");
        mc_str_free(&names);
        mc_shell_asm_free(&a);
        return ERR;
    }
    int64_t cost = 0, covered = 0;
    for (int32_t i = 0; i < a.listing.n; i++) {
        cost += a.listing.tile[i].cost;
        if (a.listing.tile[i].what == MC_TILE_INST || a.listing.tile[i].what == MC_TILE_TERM)
            covered += a.listing.tile[i].ncovered;
    }
    fprintf(out, "# select: %s, %s allocator, from %s: %d tile%s cover %lld IR instruction%s with %lld instruction%s\n",
            mc_target_name(a.target), mc_allocator_name(s->allocator), s->opt ? "opt" : "ssa", (int)a.listing.n,
            a.listing.n == 1 ? "" : "s", (long long)covered, covered == 1 ? "" : "s", (long long)cost,
            cost == 1 ? "" : "s");
    /* the allocation behind the tiles: registers used and the values in slots
     * (their operands are the memory operands and the stores) */
    const McTargetDesc *td = mc_target_desc(a.target);
    for (int32_t k = 0; k < a.prog.n; k++) {
        const McAllocation *al = a.prog.alloc[k];
        const McFunc *af = al->f;
        bool *used = mc_xcalloc((size_t)td->nregs + 1, sizeof *used);
        int32_t nused = 0, nslot = 0;
        McStr names;
        mc_str_init(&names);
        for (int32_t v = 0; v < af->nvalues; v++) {
            McLocation l = al->loc[v];
            if (l.kind == MC_LOC_REG && l.index >= 0 && l.index < td->nregs && !used[l.index]) {
                used[l.index] = true;
                nused++;
            } else if (l.kind == MC_LOC_SLOT) {
                mc_str_printf(&names, " %s", mc_shown_name(af, af->values[v].name));
                nslot++;
            }
        }
        fprintf(out, "# allocation of %s: %d of %d registers used, ", mc_shown_name(af, af->name), (int)nused,
                (int)td->nregs);
        if (nslot) fprintf(out, "%d value%s in slots:%s\n", (int)nslot, nslot == 1 ? "" : "s", names.s);
        else fputs("no value in a slot\n", out);
        mc_str_free(&names);
        free(used);
    }
    if (!block) {
        mc_asm_listing_print(&a.listing, &a.prog, !brief, out);
        mc_shell_asm_free(&a);
        return OK;
    }
    McAsmListing part = {a.listing.target, mc_xcalloc((size_t)a.listing.n + 1, sizeof *part.tile), 0, 0};
    for (int32_t i = 0; i < a.listing.n; i++) {
        const McAsmTile *t = &a.listing.tile[i];
        if (t->func == 0 && t->block == b && (t->what == MC_TILE_INST || t->what == MC_TILE_TERM))
            part.tile[part.n++] = *t;
    }
    mc_asm_listing_print(&part, &a.prog, !brief, out);
    free(part.tile); /* not mc_asm_listing_free: the texts are the listing's */
    mc_shell_asm_free(&a);
    return OK;
}

/* ---- the rows, in help order ------------------------------------------------ */

const McCommand mc_cmds_targets[] = {
    {"target", "", "targets", "target [NAME] [patterns]",
     "the machine asm and select emit for (alone: describe it; patterns: its table)",
     "NAME is chapter, x86-64 or rv64. Alone, describes the session's\n"
     "target: its allocatable registers (K), which are caller- and\n"
     "callee-saved, the argument and result registers,\n"
     "the registers it never allocates, with why, and on x86-64 the fixed\n"
     "registers of idiv and variable shifts: constraints the allocator sees\n"
     "(rax, rcx and rdx are allocated). With a name, sets it\n"
     "(also `set target NAME`; x64 and riscv64 are accepted too). chapter, the\n"
     "default, is the abstract machine r0..r(K-1) of alloc and machine, which\n"
     "has no assembly. The workbench's asm layout (key t cycles the targets)\n"
     "shows the same assembly.\n"
     "`target rv64 patterns` (or `target patterns` for the session's target)\n"
     "prints the target's instruction patterns in the order maximal munch\n"
     "tries them: per row its number, name and cost, the IR it covers, when it\n"
     "applies, its instructions per opcode and case ({x} the destination, {a}\n"
     "and {b} the operands, ...) and what the emitter may add (an operand\n"
     "loaded from its slot). rv64 selects every tile from its table; x86-64's\n"
     "describes what its emitter writes. `emit-asm --trace-select` names the\n"
     "row each tile took (#N). Same as `minicc patterns --target T`.\n",
     "chapter|x86-64|rv64|patterns patterns", cmd_target},
    {"asm", "", "targets", "asm [FUNC] [--run] | asm --regs", "the function's assembly for the target",
     "The loaded function (or FUNC, and every function it calls) allocated on\n"
     "the target's register file (K = its allocatable registers, not set regs)\n"
     "with the session's allocator and switches (set allocator, set alloc),\n"
     "from opt when it was built, else from the SSA; then tiled (see select)\n"
     "and printed as GNU assembler text, each instruction commented with its\n"
     "IR line and C line. --run assembles and links it with a harness that\n"
     "passes the arguments (args), runs it (rv64 under qemu-riscv64) with a\n"
     "5 s time limit and prints the outcome as native does. With target\n"
     "chapter: an error (`target x86-64` or `target rv64` first). `set asm-bug\n"
     "NAME` plants a bug in x86-64's text (see help set).\n"
     "--regs: for the block the paused run is in (step, stepi), each value\n"
     "live into it in the allocated function, where the allocation keeps it\n"
     "on the target (a register by its name, rbx or s1; a slot as the\n"
     "assembly names it, [rbp - 24] or -28(s0)), and the value it holds when\n"
     "the block is entered: the allocated function run beside the stepped\n"
     "stage, matched block by block. `?` with the reason when they took\n"
     "different paths, the block is not in the allocated function, or the\n"
     "run is more than 20000 blocks in. The workbench's asm layout shows the\n"
     "same table in its live pane.\n",
     "func", cmd_asm},
    {"select", "", "targets", "select [FUNC] [--block B] [--brief]", "instruction selection: tiles, costs and why",
     "The tiles maximal munch chose for the function on the target, block by\n"
     "block: the IR each tile covers (with its C line), the pattern's name,\n"
     "its cost (the instructions it emits) and why it was chosen (a compare\n"
     "fused with its branch, a constant as an immediate, a spilled operand as\n"
     "a memory operand), then its instructions. The first line sums the tiles,\n"
     "the IR instructions they cover and the instructions emitted; a line per\n"
     "function gives its allocation on the target's registers (registers used,\n"
     "the values in spill slots). --brief leaves out the reasons; --block B\n"
     "shows only the tiles of block B of the allocated function. On x86-64\n"
     "the tiles carry the planted bug of `set asm-bug`, if any.\n",
     "func", cmd_select},
};
const int mc_ncmds_targets = (int)(sizeof mc_cmds_targets / sizeof mc_cmds_targets[0]);
