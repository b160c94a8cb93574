/* cmd_session.c - the prompt's "session" commands: load, func, args, reset,
 * source (with the nesting check lessons share), help and quit: their
 * handlers and their rows of the command table (commands.c puts the groups
 * together in help order). */
#include "shell/cmd_group.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/limits.h"
#include "minicc/util.h"

static const char *form_name(McForm f) {
    return f == MC_FORM_SSA ? "SSA form" : f == MC_FORM_MUTABLE ? "mutable form" : "unverified";
}

static void func_summary(const McFunc *f, FILE *out) {
    McStr s;
    mc_str_init(&s);
    mc_signature_str(f, &s);
    fprintf(out, "%s: %s, %d block%s\n", s.s + 5, form_name(f->form), f->nblocks, f->nblocks == 1 ? "" : "s");
    mc_str_free(&s);
}

static Status cmd_load(McSession *s, int argc_in, char **argv_in, FILE *out, FILE *err) {
    McLang lang = MC_LANG_AUTO;
    /* `--lang c|ir` before or after FILE; the other words (the caller's
     * argv stays as it is: it frees those words). */
    char *words[3];
    int argc = 0;
    for (int i = 0; i < argc_in; i++)
        if (i > 0 && strcmp(argv_in[i], "--lang") == 0) {
            if (i + 1 >= argc_in) return mc_session_error(s, err, "load: --lang needs a value (c or ir)"), ERR;
            int l = mc_lang_lookup(argv_in[i + 1]);
            if (l < 0) return mc_session_error(s, err, "load: unknown language '%s' (c or ir)", argv_in[i + 1]), ERR;
            lang = (McLang)l;
            i++;
        } else {
            if (argc < 3) words[argc] = argv_in[i];
            argc++; /* more than FILE: reported below, naming the first extra word */
        }
    char **argv = words;
    if (argc < 2) {
        if (!s->module) return mc_session_error(s, err, "load: missing FILE (usage: load FILE [--lang c|ir])"), ERR;
        fprintf(out, "%s\n", s->path);
        return OK;
    }
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    if (!mc_session_load_lang(s, argv[1], lang, err)) return ERR;
    if (s->quiet_load) return OK;
    fprintf(out, "loaded %s: %d function%s\n", s->path, s->module->nfuncs, s->module->nfuncs == 1 ? "" : "s");
    if (s->input) func_summary(s->input, out);
    return OK;
}

static Status cmd_func(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    if (!s->module) return mc_session_need_func(s, err), ERR;
    if (argc < 2) {
        for (int32_t i = 0; i < s->module->nfuncs; i++) {
            fputs(s->module->funcs[i] == s->input ? "* " : "  ", out);
            func_summary(s->module->funcs[i], out);
        }
        return OK;
    }
    bool had = s->have_args && s->input->nparams > 0;
    if (!mc_session_select(s, argv[1], err)) return ERR;
    func_summary(s->input, out);
    if (had && !s->have_args) fputs("args: (not set: the old arguments do not fit these parameters)\n", out);
    return OK;
}

static Status cmd_args(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (!mc_session_need_func(s, err)) return ERR;
    if (argc >= 2 && !mc_session_set_args(s, argc - 1, argv + 1, err)) return ERR;
    if (s->input->nparams == 0) {
        fprintf(out, "args: (%s takes no arguments)\n", s->input->name);
    } else if (!s->have_args) {
        fputs("args: (not set)\n", out);
    } else {
        fputs("args: ", out);
        mc_args_format(&s->args, out);
        fputc('\n', out);
    }
    return OK;
}

static Status cmd_reset(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    mc_session_stop(s);
    mc_session_drop_views(s, MC_VIEW_SSA);
    s->exec = MC_VIEW_INPUT;
    fputs("reset: execution stopped, pipeline products dropped\n", out);
    return OK;
}

bool mc_session_nest_check(McSession *s, FILE *err) {
    if (s->source_depth < MC_MAX_NESTING) return true;
    /* Stop every enclosing script and lesson too: a script that sources
     * itself twice would otherwise run 2^16 times. */
    s->nest_abort = true;
    return mc_session_error(s, err, "%s: nested too deeply (more than %d)", s->cmd, MC_MAX_NESTING);
}

static Status cmd_source(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "source: missing FILE (usage: source FILE)"), ERR;
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    if (!mc_session_nest_check(s, err)) return ERR;
    char why[256];
    FILE *in = mc_open_input(argv[1], why, sizeof why); /* a regular file only (util.h) */
    if (!in) return mc_session_error(s, err, "source: cannot open '%s': %s", argv[1], why), ERR;
    char *name = mc_xstrdup(argv[1]);
    const char *wf = s->where_file;
    int wl = s->where_line;
    s->source_depth++;
    bool quit = false;
    int failed = mc_command_script(s, in, name, false, out, err, &quit);
    s->source_depth--;
    s->where_file = wf;
    s->where_line = wl;
    fclose(in);
    free(name);
    if (quit) return MC_CMD_QUIT;
    return failed ? ERR : OK;
}


static Status cmd_help(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    int n;
    const McCommand *t = mc_commands(&n);
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    if (argc >= 2) {
        char why[256];
        const McCommand *c = mc_command_find(argv[1], why, sizeof why);
        if (!c) return mc_session_error(s, err, "help: %s", why), ERR;
        fprintf(out, "usage: %s\n%s\n", c->usage, c->summary);
        if (c->aliases[0]) fprintf(out, "aliases: %s\n", c->aliases);
        if (c->detail[0]) fprintf(out, "\n%s", c->detail);
        return OK;
    }
    for (int g = 0; g < mc_ncmd_groups; g++) {
        const char *name = mc_cmd_groups[g].name;
        fprintf(out, "%c%s:\n", toupper((unsigned char)name[0]), name + 1);
        for (int i = 0; i < n; i++)
            if (strcmp(t[i].group, name) == 0) fprintf(out, "  %-34s %s\n", t[i].usage, t[i].summary);
    }
    fputs("Commands may be shortened to a unique prefix; `help COMMAND` tells more.\n", out);
    return OK;
}

static Status cmd_quit(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    (void)out;
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    return MC_CMD_QUIT;
}

/* `save-session FILE` and `note TEXT` (record.c). */
static Status cmd_save_session(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "save-session: usage: save-session FILE"), ERR;
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    return mc_session_save(s, argv[1], out, err) ? OK : ERR;
}

static Status cmd_note(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    (void)out;
    if (argc < 2) return mc_session_error(s, err, "note: usage: note TEXT (a line of the saved session)"), ERR;
    McStr t;
    mc_str_init(&t);
    for (int i = 1; i < argc; i++) mc_str_printf(&t, "%s%s", i > 1 ? " " : "", argv[i]);
    mc_session_record_note(s, t.s);
    mc_str_free(&t);
    return OK;
}

/* ---- the rows, in help order ------------------------------------------------ */

const McCommand mc_cmds_session[] = {
    {"load", "", "session", "load FILE [--lang c|ir]", "load an IR or MiniC file (the old one stays if this one has errors)",
     "Parses and verifies every function of FILE: IR, or MiniC (C) when FILE ends\n"
     "in .c or with --lang c (lowered to IR; `list` then shows the C source).\n"
     "The function of the same name\n"
     "stays selected (else the first one); its arguments and breakpoints are kept\n"
     "when they still fit. A file with errors is reported with line:column and a\n"
     "caret, and the previously loaded module stays. Without FILE, prints the\n"
     "current file name. The instructions (man minicc, IR FORMAT): add sub mul\n"
     "lt le eq ne div rem and or xor shl shr (NAME = OP a, b), copy, load,\n"
     "store; div and rem by zero trap `division by zero`.\n",
     "file", cmd_load},
    {"func", "", "session", "func [NAME]", "select a function of the loaded file, or list them",
     "Without NAME lists the functions of the loaded file (* marks the current\n"
     "one) with their form and size.\n",
     "func", cmd_func},
    {"args", "", "session", "args [ARG...]", "set the arguments: integers, buffers as [1,2,3]",
     "One argument per parameter, in order: an integer for an i32 parameter, a\n"
     "bracketed list such as [3, -1, 4] (or []) for a buf parameter. Bad\n"
     "arguments are reported and the old ones are kept. Without ARG, prints them.\n",
     "-", cmd_args},
    {"reset", "", "session", "reset", "stop execution and drop the pipeline products",
     "The loaded module, the function, the arguments and the breakpoints stay;\n"
     "the interpreter and ssa/opt/destroyed/allocation are dropped and the\n"
     "stage goes back to input.\n",
     "", cmd_reset},
    {"source", "", "session", "source FILE", "run the commands of a script file",
     "Runs FILE line by line as if typed; `#` comments and blank lines are\n"
     "ignored; errors are reported as FILE:LINE: error: ... and the script goes\n"
     "on with its next line. Scripts and lessons nest at most 16 deep (counted\n"
     "together); deeper, the command fails with `nested too deeply` and every\n"
     "enclosing script and lesson stops.\n",
     "file", cmd_source},
    {"save-session", "", "session", "save-session FILE", "save the commands typed and the notes as a lesson",
     "Writes the commands typed at the prompt that succeeded (not those a\n"
     "script or lesson ran; not help, note, quit), each followed by `where` and\n"
     "the position it reached as an `expect` when the position changed, and the\n"
     "notes of `note TEXT`, as a lesson: `minicc lesson FILE` replays the\n"
     "session, `minicc lesson --check FILE` checks that the replay reaches every\n"
     "position again, `minicc lesson --export md FILE` makes a Markdown handout.\n"
     "The workbench's `:save-session` (key W) writes the same for its keys.\n",
     "file", cmd_save_session},
    {"note", "", "session", "note TEXT", "a line of narration for save-session",
     "TEXT goes into the saved session between the commands, as the lesson's\n"
     "prose (`;` and `#` end it as they end any command).\n",
     "", cmd_note},
    {"help", "h ?", "session", "help [COMMAND]", "list the commands, or explain one", "", "command", cmd_help},
    {"quit", "q exit", "session", "quit", "leave minicc (also Ctrl-D)", "", "", cmd_quit},
};
const int mc_ncmds_session = (int)(sizeof mc_cmds_session / sizeof mc_cmds_session[0]);
