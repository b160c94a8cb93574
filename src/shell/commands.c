/* commands.c - the command table of the minicc> prompt: the groups' rows
 * (cmd_session.c, cmd_show.c, cmd_pipeline.c, cmd_exec.c, cmd_frames.c,
 * cmd_asm.c, cmd_pictures.c)
 * put together in help order, the front ends' rows, lookup, word splitting,
 * lines, scripts and completion.
 *
 * Help is data: each row carries its usage, summary and detail text, so
 * `help`, the man page and completion all read the same table. Handlers
 * check their arguments before touching the session, report through
 * mc_session_error, and leave the session unchanged on failure. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/util.h"

/* ---- the table ---------------------------------------------------------------------------- */

/* The groups of `help`, in help order; each file holds one group's rows. */
const McCmdGroup mc_cmd_groups[] = {
    {"session", mc_cmds_session, &mc_ncmds_session},       {"showing", mc_cmds_showing, &mc_ncmds_showing},
    {"pipeline", mc_cmds_pipeline, &mc_ncmds_pipeline},    {"execution", mc_cmds_execution, &mc_ncmds_execution},
    {"calls", mc_cmds_calls, &mc_ncmds_calls},          {"targets", mc_cmds_targets, &mc_ncmds_targets},
    {"pictures", mc_cmds_pictures, &mc_ncmds_pictures},
};
const int mc_ncmd_groups = (int)(sizeof mc_cmd_groups / sizeof mc_cmd_groups[0]);

/* The table with the front ends' commands put in (mc_command_register):
 * rebuilt on each registration, which happens at start-up only. */
enum { MAX_BUILTIN = 64, MAX_REGISTERED = 8 };
static McCommand merged[MAX_BUILTIN + MAX_REGISTERED];
static int nmerged, nbuiltin;

const McCommand *mc_commands(int *n) {
    if (nmerged == 0) {
        for (int g = 0; g < mc_ncmd_groups; g++) {
            int k = *mc_cmd_groups[g].n;
            MC_ASSERT(nmerged + k <= MAX_BUILTIN);
            memcpy(&merged[nmerged], mc_cmd_groups[g].rows, (size_t)k * sizeof merged[0]);
            nmerged += k;
        }
        nbuiltin = nmerged;
    }
    *n = nmerged;
    return merged;
}

void mc_command_register(const McCommand *c, const char *before) {
    int n;
    mc_commands(&n);
    MC_ASSERT(n < nbuiltin + MAX_REGISTERED);
    int at = n;
    for (int i = 0; i < n && before; i++)
        if (strcmp(merged[i].name, before) == 0) at = i;
    memmove(&merged[at + 1], &merged[at], (size_t)(n - at) * sizeof merged[0]);
    merged[at] = *c;
    nmerged = n + 1;
}

static bool has_alias(const McCommand *c, const char *w, size_t len, bool prefix) {
    const char *p = c->aliases;
    while (*p) {
        while (*p == ' ') p++;
        const char *e = p;
        while (*e && *e != ' ') e++;
        size_t n = (size_t)(e - p);
        if (n && (prefix ? n >= len : n == len) && strncmp(p, w, len) == 0) return true;
        p = e;
    }
    return false;
}

const McCommand *mc_command_find(const char *word, char *why, size_t size) {
    size_t len = strlen(word);
    int n;
    const McCommand *all = mc_commands(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(all[i].name, word) == 0 || has_alias(&all[i], word, len, false)) return &all[i];
    const McCommand *found = NULL;
    int matches = 0;
    McStr list;
    mc_str_init(&list);
    for (int i = 0; i < n && len > 0; i++) {
        if (strncmp(all[i].name, word, len) == 0 || has_alias(&all[i], word, len, true)) {
            mc_str_printf(&list, "%s%s", matches ? ", " : "", all[i].name);
            found = &all[i];
            matches++;
        }
    }
    if (matches == 1) {
        mc_str_free(&list);
        return found;
    }
    if (why) {
        if (matches > 1) snprintf(why, size, "ambiguous command '%s': %s", word, list.s);
        else snprintf(why, size, "unknown command '%s' (try: help)", word);
    }
    mc_str_free(&list);
    return NULL;
}

/* ---- lines and scripts ------------------------------------------------------------------ */

int mc_command_split(const char *text, char ***argv, char *why, size_t size) {
    int argc = 0, cap = 8;
    char **v = mc_xmalloc((size_t)cap * sizeof *v);
    const char *p = text;
    McStr w;
    mc_str_init(&w);
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p) break;
        w.len = 0;
        if (w.s) w.s[0] = 0;
        int depth = 0;
        while (*p && (depth > 0 || !(*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))) {
            if (*p == '"' || *p == '\'') {
                char q = *p++;
                while (*p && *p != q) mc_str_putc(&w, *p++);
                if (!*p) {
                    snprintf(why, size, "unterminated %c quote", q);
                    mc_str_free(&w);
                    mc_command_free_words(argc, v);
                    *argv = NULL;
                    return -1;
                }
                p++;
                if (w.len == 0) mc_str_puts(&w, ""); /* "" is an empty word */
                continue;
            }
            if (*p == '[') depth++;
            if (*p == ']' && depth > 0) depth--;
            mc_str_putc(&w, *p++);
        }
        MC_GROW(v, cap, argc + 2, 8); /* and the NULL after the last */
        v[argc++] = mc_xstrdup(w.s ? w.s : "");
    }
    mc_str_free(&w);
    v[argc] = NULL;
    *argv = v;
    return argc;
}

void mc_command_free_words(int argc, char **argv) {
    if (!argv) return;
    for (int i = 0; i < argc; i++) free(argv[i]);
    free(argv);
}

McCmdStatus mc_command_run(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 1) return OK;
    char why[512];
    const McCommand *c = mc_command_find(argv[0], why, sizeof why);
    if (!c) return mc_session_error(s, err, "%s", why), ERR;
    /* Handlers name themselves by their full name in messages. */
    char *typed = argv[0];
    const char *outer = s->cmd;
    argv[0] = (char *)c->name;
    s->cmd = c->name;
    McCmdStatus st = c->fn(s, argc, argv, out, err);
    s->cmd = outer;
    argv[0] = typed;
    if (s->source_depth == 0) s->nest_abort = false; /* back at the top: unwound */
    return st;
}

/* Split a line into `;`-separated commands, dropping a `#` comment; quotes
 * protect both. Returns malloc'd pieces. */
static int split_commands(const char *line, char ***pieces) {
    int n = 0, cap = 4;
    char **v = mc_xmalloc((size_t)cap * sizeof *v);
    const char *p = line, *start = line;
    char q = 0;
    for (;; p++) {
        char ch = *p;
        if (q) {
            if (ch == q) q = 0;
            if (ch) continue;
        } else if (ch == '"' || ch == '\'') {
            q = ch;
            continue;
        }
        if (ch == 0 || (!q && (ch == ';' || ch == '#'))) {
            MC_GROW(v, cap, n + 1, 4);
            v[n++] = mc_xstrndup(start, (size_t)(p - start));
            if (ch == 0 || ch == '#') break;
            start = p + 1;
        }
    }
    *pieces = v;
    return n;
}

McCmdStatus mc_command_line(McSession *s, const char *line, bool bail, FILE *out, FILE *err) {
    char **pieces;
    int n = split_commands(line, &pieces);
    McCmdStatus result = OK;
    for (int i = 0; i < n; i++) {
        char **argv;
        char why[128];
        int argc = mc_command_split(pieces[i], &argv, why, sizeof why);
        McCmdStatus st;
        if (s->where_by_command) s->where_line = i + 1; /* -c:N: */
        if (argc < 0) {
            mc_session_error(s, err, "%s", why);
            st = ERR;
        }
        else {
            if (argc > 0) mc_session_record_begin(s); /* the program and arguments, once (record.c) */
            st = mc_command_run(s, argc, argv, out, err);
            if (st == OK && argc > 0) {
                const McCommand *c = mc_command_find(argv[0], why, sizeof why);
                if (c) mc_session_record(s, c->name, pieces[i]);
            }
        }
        mc_command_free_words(argc, argv);
        fflush(out);
        if (mc_session_interrupted(s)) {
            /* Ctrl-C ends the whole line; a command that finished anyway
             * (its work is not polled) leaves the word to the line. */
            if (st != ERR) mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
            result = ERR;
            break;
        }
        if (st == MC_CMD_QUIT) {
            result = MC_CMD_QUIT;
            break;
        }
        if (st == ERR) {
            result = ERR;
            if (bail || s->nest_abort) break;
        }
    }
    for (int i = 0; i < n; i++) free(pieces[i]);
    free(pieces);
    return result;
}

int mc_command_script(McSession *s, FILE *in, const char *name, bool bail, FILE *out, FILE *err, bool *quit) {
    McStr line;
    mc_str_init(&line);
    int failed = 0, lineno = 0, got = 0;
    if (quit) *quit = false;
    const char *outer_file = s->where_file; /* a read error is reported where the script was run */
    int outer_line = s->where_line;
    bool by_command = s->where_by_command; /* `-c 'source F'`: F's lines count */
    s->where_by_command = false;
    /* Scripts are read line by line (batch mode reads a pipe as it comes),
     * at most the input limit in all (util.h), and a NUL byte ends them: a
     * line is text, and what follows a NUL would be silently dropped. */
    char why[256];
    size_t budget;
    bool limit_ok = mc_input_limit(&budget, why, sizeof why);
    while (limit_ok && (got = mc_read_line(in, &line, &budget, why, sizeof why)) > 0) {
        lineno++;
        s->where_file = name;
        s->where_line = lineno;
        if (mc_session_interrupted(s)) { /* Ctrl-C ends the script (and a batch) */
            mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
            failed++;
            break;
        }
        if (memchr(line.s, 0, line.len)) {
            mc_session_error(s, err, "NUL byte in script (the script is not read further)");
            failed++;
            break;
        }
        while (line.len > 0 && line.s[line.len - 1] == '\r') line.s[--line.len] = 0;
        McCmdStatus st = mc_command_line(s, line.s, bail, out, err);
        if (mc_session_interrupted(s)) { /* mc_command_line said so and failed */
            failed++;
            break;
        }
        if (st == MC_CMD_QUIT) {
            if (quit) *quit = true;
            break;
        }
        if (st == ERR) {
            failed++;
            if (bail || s->nest_abort) break;
        }
    }
    if (!limit_ok || got < 0) {
        s->where_file = outer_file;
        s->where_line = outer_line;
        mc_session_error(s, err, "cannot read %s: %s", name, why);
        failed++;
    }
    mc_str_free(&line);
    s->where_file = NULL;
    s->where_line = 0;
    s->where_by_command = by_command;
    return failed;
}

/* ---- completion ------------------------------------------------------------------------- */

typedef struct Cands {
    char **v;
    int n, cap;
    const char *word;
    size_t len;
} Cands;

static void cand(Cands *c, const char *s) {
    if (strncmp(s, c->word, c->len) != 0) return;
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->v[i], s) == 0) return;
    MC_GROW(c->v, c->cap, c->n + 2, 16); /* and the NULL after the last */
    c->v[c->n++] = mc_xstrdup(s);
    c->v[c->n] = NULL;
}

/* Each word of [spec, spec+len), "a|b|c". */
static void cand_words_n(Cands *c, const char *spec, size_t len) {
    const char *p = spec, *end = spec + len;
    while (p < end) {
        const char *e = p;
        while (e < end && *e != '|') e++;
        char *w = mc_xstrndup(p, (size_t)(e - p));
        cand(c, w);
        free(w);
        p = e < end ? e + 1 : e;
    }
}

static void cand_words(Cands *c, const char *spec) { cand_words_n(c, spec, strlen(spec)); }

void mc_complete_free(char **list) {
    if (!list) return;
    for (char **p = list; *p; p++) free(*p);
    free(list);
}

McCompleteKind mc_command_complete(McSession *s, const char *line, int start, int end, char ***out) {
    *out = NULL;
    Cands c = {0};
    char *word = mc_xstrndup(line + start, (size_t)(end - start));
    c.word = word;
    c.len = strlen(word);
    /* Only the text after the last `;` matters. */
    int from = 0;
    for (int i = 0; i < start; i++)
        if (line[i] == ';') from = i + 1;
    char *before = mc_xstrndup(line + from, (size_t)(start - from));
    char **argv;
    char why[64];
    int argc = mc_command_split(before, &argv, why, sizeof why);
    free(before);
    McCompleteKind kind = MC_COMPLETE_WORDS;
    int n;
    const McCommand *t = mc_commands(&n);
    if (argc < 0) {
        kind = MC_COMPLETE_NONE;
    } else if (argc == 0) {
        for (int i = 0; i < n; i++) cand(&c, t[i].name);
    } else {
        const McCommand *cmd = mc_command_find(argv[0], NULL, 0);
        /* Which spec word applies to argument number argc (1-based)? */
        const char *spec = cmd ? cmd->complete : "";
        const char *p = spec;
        size_t slen = 0;
        for (int k = 1;; k++) {
            while (*p == ' ') p++;
            const char *e = p;
            while (*e && *e != ' ') e++;
            slen = (size_t)(e - p);
            if (k == argc || !*e) {
                if (k != argc && !(slen > 3 && strncmp(e - 3, "...", 3) == 0)) slen = 0;
                break;
            }
            p = e;
        }
        if (slen > 3 && strncmp(p + slen - 3, "...", 3) == 0) slen -= 3;
        /* Names of the running function, else of the stage that would run
         * (only if already built: completing never builds anything). */
        const McFunc *f = s->input;
        if (s->interp) f = s->interp_func;
        else if (s->exec == MC_VIEW_SSA && s->ssa) f = s->ssa;
        else if (s->exec == MC_VIEW_OPT && s->opt) f = s->opt;
        else if (s->exec == MC_VIEW_DESTROYED && s->destroyed) f = s->destroyed->f;
        if (cmd && mc_cmd_is_set(cmd)) {
            if (argc == 1) cand_words(&c, "phi-mode|stage|max-steps|max-depth|regs|allocator|alloc|cc|target");
            else if (argc >= 2 && strcmp(argv[1], "alloc") == 0) {
                /* every NAME=VALUE word of the allocator's switches */
                for (int i = 0; i < mc_alloc_option_count(); i++)
                    for (const char *const *v = mc_alloc_option_values(i); *v; v++) {
                        char sw[96];
                        snprintf(sw, sizeof sw, "%s=%s", mc_alloc_option_name(i), *v);
                        cand(&c, sw);
                    }
            }
            else if (argc == 2 && strcmp(argv[1], "phi-mode") == 0) cand_words(&c, "parallel|sequential");
            else if (argc == 2 && strcmp(argv[1], "stage") == 0) {
                char views[64];
                mc_stage_name_list(MC_NAME_VIEW, "|", views, sizeof views);
                cand_words(&c, views);
            }
            else if (argc == 2 && strcmp(argv[1], "allocator") == 0) cand_words(&c, "baseline|improved|linear|ssa");
            else if (argc == 2 && strcmp(argv[1], "cc") == 0) cand_words(&c, "system|tcc");
            else if (argc == 2 && strcmp(argv[1], "target") == 0) cand_words(&c, "chapter|x86-64|rv64");
        } else if (slen == 4 && strncmp(p, "file", 4) == 0) {
            kind = MC_COMPLETE_FILE;
        } else if (slen == 5 && strncmp(p, "block", 5) == 0) {
            for (int32_t b = 0; f && b < f->nblocks; b++) cand(&c, f->blocks[b].name);
        } else if (slen == 5 && strncmp(p, "value", 5) == 0) {
            for (int32_t v = 0; f && v < f->nvalues; v++) cand(&c, f->values[v].name);
        } else if (slen == 4 && strncmp(p, "pass", 4) == 0) {
            int np;
            const McPass *ps = mc_pass_table(&np);
            for (int i = 0; i < np; i++) cand(&c, ps[i].name);
        } else if (slen == 4 && strncmp(p, "func", 4) == 0) {
            for (int32_t i = 0; s->module && i < s->module->nfuncs; i++) cand(&c, s->module->funcs[i]->name);
        } else if (slen == 7 && strncmp(p, "command", 7) == 0) {
            for (int i = 0; i < n; i++) cand(&c, t[i].name);
        } else if (slen > 1 || (slen == 1 && *p != '-')) {
            cand_words_n(&c, p, slen);
        }
    }
    mc_command_free_words(argc, argv);
    free(word);
    if (kind == MC_COMPLETE_WORDS && c.n == 0) kind = MC_COMPLETE_NONE;
    *out = c.v;
    return kind;
}
