/* lesson.c - the lesson format (see lesson.h) and its three players:
 * --check (every command and expectation, no interaction), interactive
 * playback with pause/ask/back, and the Markdown handout. The workbench uses
 * the cursor API to advance one pause at a time. */
#include "lesson.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

/* ---- text helpers ---------------------------------------------------------- */

/* Collapse runs of blanks to one space and trim both ends. */
static char *normalize(const char *s, size_t n) {
    char *r = mc_xmalloc(n + 1);
    size_t k = 0;
    bool blank = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            blank = k > 0;
            continue;
        }
        if (blank) r[k++] = ' ';
        blank = false;
        r[k++] = (char)c;
    }
    r[k] = 0;
    return r;
}

/* Does some line of `text` equal `want` after normalization? With
 * `substring`, containing it is enough. */
static bool has_line(const char *text, const char *want, bool substring) {
    char *w = normalize(want, strlen(want));
    bool found = false;
    const char *p = text;
    while (p && *p && !found) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *l = normalize(p, n);
        found = substring ? strstr(l, w) != NULL : strcmp(l, w) == 0;
        free(l);
        p = e ? e + 1 : NULL;
    }
    if (!found && !*w) found = true;
    free(w);
    return found;
}

static const char *const directives[] = {"expect", "ask", "answer", "hint", "shows", "pause", "screen", "reveal", "exercise"};

const char *const mc_lesson_screen_layouts[] = {"step", "alloc", "c", "log", "asm", "lesson", NULL};
const char *const mc_lesson_screen_stages[] = {"input", "ssa", "opt", "destroyed", "allocated", NULL};
const char *const mc_lesson_screen_panes[] = {"ir", "values", "edge", "interference", "regs", "c", "log", "lesson", "asm", NULL};
static const char *const screen_keys[] = {"layout", "stage", "focus", "zoom", NULL};

static bool in_list(const char *const *list, const char *w, size_t n) {
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == n && memcmp(list[i], w, n) == 0) return true;
    return false;
}

/* The names of a list, comma-separated, for a diagnostic. */
static void list_names(const char *const *list, char *buf, size_t size) {
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; list[i] && at < size; i++) at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? ", " : "", list[i]);
}

/* ---- parsing ------------------------------------------------------------- */

static void add_step(McLesson *l, McLessonStepKind kind, const char *text, size_t n, int line) {
    MC_GROW(l->steps, l->cap, l->nsteps + 1, 32);
    McLessonStep *s = &l->steps[l->nsteps++];
    s->kind = kind;
    /* Text only shown (never run or matched) is kept visible: an escape
     * sequence in a lesson file must not reach the terminal (diag.h). */
    bool shown = kind == MC_LS_HEADING || kind == MC_LS_NARRATE || kind == MC_LS_ASK;
    s->text = shown ? mc_visible_dup(text, n) : mc_xstrndup(text, n);
    s->answer = NULL;
    s->hint = NULL;
    s->field = NULL;
    s->answer_kind = MC_ANS_EXACT;
    s->line = line;
}

/* Is [p, p+n) the keyword `kw` followed by end or a blank? */
static bool word_is(const char *p, size_t n, const char *kw) {
    size_t k = strlen(kw);
    return n >= k && memcmp(p, kw, k) == 0 && (n == k || p[k] == ' ' || p[k] == '\t');
}

static const char *skip_blanks(const char *p, const char *e) {
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    return p;
}

/* The loader's state between lines: the lesson so far and what the next line may need. */
typedef struct LoadState {
    McLesson *l;
    McDiags *d;
    int last_command; /* line of the last command (0 none), for 'expect' */
    int pending_ask;  /* line of an 'ask' still waiting for its 'answer' (0 none) */
    int hint_ask;     /* step of the ask whose answer the last line gave (-1 none), for 'hint' */
    int open_ask;     /* line of the section's last question not yet revealed (0 none), for 'reveal' */
    bool open_ran;    /* a command has run since that question (it is what reveals the answer) */
    bool in_exercise; /* an `exercise` block is open (exercise.c) */
} LoadState;

/* `reveal` (n bytes of line from the word): the point where the answer of
 * the section's last question is out; the student's handout hides the
 * lesson from that question to here. It needs a question before it in the
 * section, and the command that answers it in between. */
static void load_reveal(LoadState *st, size_t n, int line, int col) {
    if (n > 6)
        mc_diag(st->d, (McLoc){line, col + 7}, "'reveal' takes no text");
    else if (!st->open_ask)
        mc_diag(st->d, (McLoc){line, col},
                "'reveal' marks where a question's answer is revealed, but no question of this section waits for one");
    else if (!st->open_ran)
        mc_diag(st->d, (McLoc){line, col}, "'reveal' comes before the command that answers the question on line %d",
                st->open_ask);
    else {
        add_step(st->l, MC_LS_REVEAL, "", 0, line);
        st->open_ask = 0;
    }
}

/* `answer [KIND] TEXT` (TEXT from t to e at column col): the expected answer of the ask just read. */
static void load_answer(LoadState *st, const char *t, const char *e, int line, int col) {
    McLessonStep *ask = &st->l->steps[st->l->nsteps - 1];
    size_t k = 0;
    int kind = mc_lesson_answer_kind_word(t, (size_t)(e - t), &k);
    const char *a = t;
    if (kind >= 0) {
        a = skip_blanks(t + k, e);
        if (a == e) {
            mc_diag(st->d, (McLoc){line, col}, "'answer %.*s' needs the expected answer after the kind", (int)k, t);
            return;
        }
    }
    ask->answer_kind = kind >= 0 ? (McAnswerKind)kind : MC_ANS_EXACT;
    ask->answer = mc_visible_dup(a, (size_t)(e - a));
    const char *why = mc_lesson_answer_invalid(ask->answer_kind, ask->answer);
    if (why) mc_diag(st->d, (McLoc){line, col + (int)(a - t)}, "%s, not '%s'", why, ask->answer);
}

/* `== TITLE ==` from s (at column col) to e: a heading step, the first one also the lesson's title. */
static void load_heading(LoadState *st, const char *s, const char *e, int line, int col) {
    const char *t = skip_blanks(s + 2, e);
    const char *te = e;
    while (te > t && te[-1] == '=') te--;
    while (te > t && (te[-1] == ' ' || te[-1] == '\t')) te--;
    if (te == t)
        mc_diag(st->d, (McLoc){line, col}, "a heading needs text after '=='");
    else {
        add_step(st->l, MC_LS_HEADING, t, (size_t)(te - t), line);
        st->open_ask = 0; /* a section's end reveals its answers */
        if (!st->l->title) st->l->title = mc_visible_dup(t, (size_t)(te - t));
    }
}

/* `$ CMD` (line starting at p, the `$` at s, end e): a command step, without control characters. */
static void load_command(LoadState *st, const char *p, const char *s, const char *e, int line, int col) {
    const char *t = skip_blanks(s + 1, e);
    const char *ctl = t;
    while (ctl < e && ((unsigned char)*ctl >= 0x20 || *ctl == '\t') && *ctl != 0x7f) ctl++;
    if (t == e)
        mc_diag(st->d, (McLoc){line, col}, "empty command after '$'");
    else if (ctl < e)
        mc_diag(st->d, (McLoc){line, (int)(ctl - p) + 1}, "control character in a command");
    else {
        add_step(st->l, MC_LS_COMMAND, t, (size_t)(e - t), line);
        st->last_command = line;
        st->open_ran = true;
    }
}

/* `expect error|no error|value NAME = VALUE|TEXT` (line at p, the word at s, end e): an expectation step. */
static void load_expect(LoadState *st, const char *p, const char *s, const char *e, int line, int col) {
    const char *t = skip_blanks(s + 6, e);
    size_t tn = (size_t)(e - t);
    if (!st->last_command)
        mc_diag(st->d, (McLoc){line, col}, "'expect' before any command");
    else if (tn == 0)
        mc_diag(st->d, (McLoc){line, col}, "'expect' needs the text of an output line");
    else if (tn == 5 && memcmp(t, "error", 5) == 0)
        add_step(st->l, MC_LS_EXPECT_ERROR, "", 0, line);
    else if (tn == 8 && memcmp(t, "no error", 8) == 0)
        add_step(st->l, MC_LS_EXPECT_OK, "", 0, line);
    else if (word_is(t, tn, "value")) {
        const char *v = skip_blanks(t + 5, e);
        const char *eq = memchr(v, '=', (size_t)(e - v));
        const char *ne = eq;
        while (ne && ne > v && (ne[-1] == ' ' || ne[-1] == '\t')) ne--;
        if (!eq || ne == v || skip_blanks(eq + 1, e) == e)
            mc_diag(st->d, (McLoc){line, (int)(v - p) + 1}, "'expect value' needs NAME = VALUE");
        else
            add_step(st->l, MC_LS_EXPECT_VALUE, v, (size_t)(e - v), line);
    } else
        add_step(st->l, MC_LS_EXPECT, t, tn, line);
}

/* Any other line s (n bytes): narration, unless the first word is a near-miss of a directive (reported). */
static void load_narration(LoadState *st, const char *s, size_t n, int line, int col) {
    size_t w = 0;
    while (w < n && islower((unsigned char)s[w])) w++;
    bool typo = false;
    if (w >= 3 && w < 12 && (w == n || s[w] == ' ')) {
        char word[16];
        memcpy(word, s, w);
        word[w] = 0;
        /* One slip away from a directive and starting with the same
         * letter, but not the directive plus an ending: narration
         * that wraps onto "expected", "pauses", "task", "cause" or
         * "except" stays narration. */
        for (size_t k = 0; k < sizeof directives / sizeof directives[0]; k++)
            if (word[0] == directives[k][0] && strncmp(word, directives[k], strlen(directives[k])) != 0 &&
                mc_edit_distance(word, strlen(word), directives[k], strlen(directives[k])) == 1) {
                mc_diag(st->d, (McLoc){line, col}, "unknown directive '%s' (did you mean '%s'?)", word,
                        directives[k]);
                typo = true;
                break;
            }
    }
    if (!typo) add_step(st->l, MC_LS_NARRATE, s, n, line);
}

/* `screen KEY VALUE...`: every key known and every value one of its names. */
static void load_screen(LoadState *st, const char *p, const char *s, const char *e, int line) {
    const char *t = skip_blanks(s + 6, e);
    if (t == e) {
        mc_diag(st->d, (McLoc){line, (int)(s - p) + 1}, "'screen' needs KEY VALUE pairs (layout, stage, focus, zoom)");
        return;
    }
    bool ok = true;
    char names[256];
    while (t < e && ok) {
        const char *k = t;
        while (t < e && *t != ' ' && *t != '\t') t++;
        size_t kn = (size_t)(t - k);
        t = skip_blanks(t, e);
        const char *v = t;
        while (t < e && *t != ' ' && *t != '\t') t++;
        size_t vn = (size_t)(t - v);
        t = skip_blanks(t, e);
        int col = (int)(k - p) + 1;
        const char *const *list = NULL;
        if (!in_list(screen_keys, k, kn)) {
            list_names(screen_keys, names, sizeof names);
            mc_diag(st->d, (McLoc){line, col}, "screen: unknown key '%.*s' (%s)", (int)kn, k, names);
            ok = false;
            break;
        }
        if (vn == 0) {
            mc_diag(st->d, (McLoc){line, col}, "screen: '%.*s' needs a value", (int)kn, k);
            ok = false;
            break;
        }
        list = kn == 6 && memcmp(k, "layout", 6) == 0  ? mc_lesson_screen_layouts
               : kn == 5 && memcmp(k, "stage", 5) == 0 ? mc_lesson_screen_stages
                                                       : mc_lesson_screen_panes;
        bool off = kn == 4 && memcmp(k, "zoom", 4) == 0 && vn == 3 && memcmp(v, "off", 3) == 0;
        if (!off && !in_list(list, v, vn)) {
            list_names(list, names, sizeof names);
            mc_diag(st->d, (McLoc){line, (int)(v - p) + 1}, "screen: unknown %.*s '%.*s' (%s%s)", (int)kn, k, (int)vn,
                    v, names, list == mc_lesson_screen_panes && kn == 4 ? ", off" : "");
            ok = false;
        }
    }
    if (ok) add_step(st->l, MC_LS_SCREEN, skip_blanks(s + 6, e), (size_t)(e - skip_blanks(s + 6, e)), line);
}

/* One lesson line [p, e) (trailing blanks already cut), numbered `line`: its step or its diagnostic. */
static void load_line(LoadState *st, const char *p, const char *e, int line) {
    McLesson *l = st->l;
    McDiags *d = st->d;
    const char *s = skip_blanks(p, e);
    size_t n = (size_t)(e - s);
    int hint_ask = st->hint_ask;
    st->hint_ask = n && *s == '#' ? hint_ask : -1; /* a comment may stand between answer and hint */
    int col = (int)(s - p) + 1;
    if (memchr(p, 0, (size_t)(e - p))) {
        mc_diag(d, (McLoc){line, col}, "NUL byte in lesson text");
    } else if (st->pending_ask && !word_is(s, n, "answer") && !(n && *s == '#')) {
        mc_diag(d, (McLoc){line, col}, "expected 'answer ...' right after the 'ask' on line %d", st->pending_ask);
        st->pending_ask = 0;
    } else if (mc_lesson_load_exercise(l, d, &st->in_exercise, s, n, line, col)) {
        /* exercise NAME, or a line of the open exercise */
    } else if (n == 0) {
        if (l->nsteps && l->steps[l->nsteps - 1].kind == MC_LS_NARRATE && l->steps[l->nsteps - 1].text[0])
            add_step(l, MC_LS_NARRATE, "", 0, line);
    } else if (*s == '#') {
        /* comment */
    } else if (n >= 2 && s[0] == '=' && s[1] == '=') {
        load_heading(st, s, e, line, col);
    } else if (*s == '$' && (n == 1 || s[1] == ' ' || s[1] == '\t')) {
        /* `$ CMD`; a line such as `$edge1 is an edge block` is narration. */
        load_command(st, p, s, e, line, col);
    } else if (word_is(s, n, "expect")) {
        load_expect(st, p, s, e, line, col);
    } else if (word_is(s, n, "ask")) {
        const char *t = skip_blanks(s + 3, e);
        if (t == e)
            mc_diag(d, (McLoc){line, col}, "'ask' needs a question");
        else {
            add_step(l, MC_LS_ASK, t, (size_t)(e - t), line);
            st->pending_ask = line;
            st->open_ask = line;
            st->open_ran = false;
        }
    } else if (word_is(s, n, "hint")) {
        const char *t = skip_blanks(s + 4, e);
        if (hint_ask < 0)
            mc_diag(d, (McLoc){line, col}, "'hint' belongs right after an 'answer' line");
        else if (t == e)
            mc_diag(d, (McLoc){line, col}, "'hint' needs the hint");
        else if (l->steps[hint_ask].hint)
            mc_diag(d, (McLoc){line, col}, "a second 'hint' for the question on line %d", l->steps[hint_ask].line);
        else {
            l->steps[hint_ask].hint = mc_visible_dup(t, (size_t)(e - t));
            st->hint_ask = hint_ask;
        }
        return;
    } else if (word_is(s, n, "shows")) {
        const char *t = skip_blanks(s + 5, e);
        char *pat = mc_xstrndup(t, (size_t)(e - t));
        const char *why = t == e ? "'shows' needs the pattern of the output line, its field marked {}" : mc_lesson_field_invalid(pat);
        if (hint_ask < 0)
            mc_diag(d, (McLoc){line, col}, "'shows' belongs right after an 'answer' line");
        else if (why)
            mc_diag(d, (McLoc){line, col}, "%s", why);
        else if (strstr(pat, "=>") && l->steps[hint_ask].answer_kind != MC_ANS_DIRECTION)
            mc_diag(d, (McLoc){line, col}, "'shows A => B' compares two numbers: it backs an 'answer direction'");
        else if (l->steps[hint_ask].field)
            mc_diag(d, (McLoc){line, col}, "a second 'shows' for the question on line %d", l->steps[hint_ask].line);
        else {
            l->steps[hint_ask].field = pat;
            pat = NULL;
            st->hint_ask = hint_ask;
        }
        free(pat);
        return;
    } else if (word_is(s, n, "answer")) {
        const char *t = skip_blanks(s + 6, e);
        if (!st->pending_ask)
            mc_diag(d, (McLoc){line, col}, "'answer' without an 'ask' on the line before");
        else if (t == e)
            mc_diag(d, (McLoc){line, col}, "'answer' needs the expected answer");
        else
            load_answer(st, t, e, line, col + (int)(t - s));
        st->pending_ask = 0;
        st->hint_ask = l->nsteps - 1;
        return;
    } else if (word_is(s, n, "screen")) {
        load_screen(st, p, s, e, line);
    } else if (word_is(s, n, "reveal")) {
        load_reveal(st, n, line, col);
    } else if (word_is(s, n, "pause")) {
        if (n > 5)
            mc_diag(d, (McLoc){line, col + 6}, "'pause' takes no text");
        else
            add_step(l, MC_LS_PAUSE, "", 0, line);
    } else if (!mc_lesson_load_meta(l, d, s, n, line, col)) { /* title:, teaches:, requires: (syllabus.c) */
        load_narration(st, s, n, line, col);
    }
}

McLesson *mc_lesson_load(const char *path, McDiags *d) {
    size_t len;
    char why[256];
    char *src = mc_read_input(path, &len, why, sizeof why); /* regular files, the input limit */
    if (!src) {
        mc_diag(d, (McLoc){0, 0}, "cannot read lesson %s: %s", path, why);
        return NULL;
    }
    McLesson *l = mc_xcalloc(1, sizeof *l);
    l->path = mc_xstrdup(path);
    l->shown = mc_visible_dup(path, strlen(path));
    const char *slash = strrchr(path, '/');
    l->dir = slash ? mc_xstrndup(path, (size_t)(slash - path) + (slash == path)) : mc_xstrdup(".");
    int errors = d ? d->n : 0;
    LoadState st = {l, d, 0, 0, -1, 0, false, false};
    const char *p = src, *end = src + len;
    for (int line = 1; p < end || line == 1; line++) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        if (!e) e = end;
        const char *next = e < end ? e + 1 : end;
        while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
        load_line(&st, p, e, line);
        p = next;
        if (p >= end) break;
    }
    if (st.pending_ask)
        mc_diag(d, (McLoc){st.pending_ask, 1}, "'ask' without an 'answer' line after it");
    mc_lesson_exercise_close(l, d, &st.in_exercise);
    free(src);
    if (!l->title) {
        const char *base = slash ? slash + 1 : path;
        l->title = mc_visible_dup(base, strlen(base)); /* a file name is shown like a title */
    }
    if ((d ? d->n : 0) > errors || (!d && false)) {
        mc_lesson_free(l);
        return NULL;
    }
    if (l->nsteps == 0) {
        mc_diag(d, (McLoc){1, 1}, "the lesson is empty");
        mc_lesson_free(l);
        return NULL;
    }
    return l;
}

void mc_lesson_free(McLesson *l) {
    if (!l) return;
    for (int i = 0; i < l->nsteps; i++) {
        free(l->steps[i].text);
        free(l->steps[i].answer);
        free(l->steps[i].hint);
        free(l->steps[i].field);
    }
    free(l->steps);
    mc_lesson_free_meta(l);
    mc_lesson_free_exercises(l);
    free(l->path);
    free(l->shown);
    free(l->dir);
    free(l->title);
    free(l);
}

/* ---- running commands in the lesson's directory ---------------------------- */

static McLessonRun run_in_dir(const McLesson *l, McLessonExec exec, void *ctx, const char *cmd, McStr *out) {
    int here = open(".", O_RDONLY | O_DIRECTORY);
    bool moved = here >= 0 && chdir(l->dir) == 0;
    McLessonRun ok = exec(ctx, cmd, out);
    if (moved && fchdir(here) != 0) {
        /* The old directory vanished; stay where we are. */
    }
    if (here >= 0) close(here);
    return ok;
}

static bool is_expectation(McLessonStepKind kind) {
    return kind == MC_LS_EXPECT || kind == MC_LS_EXPECT_VALUE || kind == MC_LS_EXPECT_ERROR || kind == MC_LS_EXPECT_OK;
}

/* Does the command's success match what the following expectations say? */
static bool expects_error(const McLesson *l, int i) {
    for (int k = i + 1; k < l->nsteps; k++) {
        McLessonStepKind kind = l->steps[k].kind;
        if (kind == MC_LS_EXPECT_ERROR) return true;
        if (kind != MC_LS_EXPECT && kind != MC_LS_EXPECT_VALUE && kind != MC_LS_EXPECT_OK) return false;
    }
    return false;
}

char *mc_lesson_answer_text(const McLessonStep *ask) {
    if (ask->answer_kind != MC_ANS_ONE_OF) return mc_xstrdup(ask->answer);
    McStr t;
    mc_str_init(&t);
    for (const char *p = ask->answer;;) {
        const char *bar = strchr(p, '|');
        size_t n = bar ? (size_t)(bar - p) : strlen(p);
        while (n && (*p == ' ' || *p == '\t')) p++, n--;
        while (n && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
        if (t.len) mc_str_puts(&t, " or ");
        mc_str_putn(&t, p, n);
        if (!bar) break;
        p = bar + 1;
    }
    return t.s ? t.s : mc_xstrdup("");
}

/* Check expectation step i against the previous command; on failure write a
 * reason into msg. */
static bool check_expect(const McLesson *l, int i, McLessonExec exec, void *ctx, const McStr *last, bool last_ok,
                         char *msg, size_t size) {
    const McLessonStep *s = &l->steps[i];
    switch (s->kind) {
    case MC_LS_EXPECT:
        if (has_line(last->s ? last->s : "", s->text, false)) return true;
        snprintf(msg, size, "expected a line '%s' in the output", s->text);
        return false;
    case MC_LS_EXPECT_ERROR:
        if (!last_ok) return true;
        snprintf(msg, size, "expected the command to fail, but it succeeded");
        return false;
    case MC_LS_EXPECT_OK:
        if (last_ok) return true;
        snprintf(msg, size, "expected the command to succeed, but it failed");
        return false;
    case MC_LS_EXPECT_VALUE: {
        const char *eq = strchr(s->text, '=');
        char *name = normalize(s->text, (size_t)(eq - s->text));
        McStr cmd, out;
        mc_str_init(&cmd);
        mc_str_init(&out);
        mc_str_printf(&cmd, "print %s", name);
        bool ok = run_in_dir(l, exec, ctx, cmd.s, &out) == MC_LESSON_OK && has_line(out.s ? out.s : "", s->text, false);
        if (!ok) snprintf(msg, size, "expected '%s', but 'print %s' shows: %s", s->text, name, out.s ? out.s : "");
        mc_str_free(&cmd);
        mc_str_free(&out);
        free(name);
        return ok;
    }
    default: return true;
    }
}

bool mc_lesson_check(const McLesson *l, McLessonExec exec, void *ctx, FILE *err) {
    McStr out;
    mc_str_init(&out);
    bool ok = true, last_ok = true;
    int last_cmd = -1;
    const McLessonStep *ask = NULL;
    char msg[1024];
    for (int i = 0; i < l->nsteps && ok; i++) {
        const McLessonStep *s = &l->steps[i];
        switch (s->kind) {
        case MC_LS_COMMAND:
            out.len = 0;
            if (out.s) out.s[0] = 0;
            McLessonRun run = run_in_dir(l, exec, ctx, s->text, &out);
            last_ok = run == MC_LESSON_OK;
            last_cmd = i;
            if (run == MC_LESSON_INTERRUPTED) {
                fprintf(err, "%s:%d: error: '$ %s' was interrupted\n", l->shown, s->line, s->text);
                ok = false;
            } else if (last_ok == expects_error(l, i)) {
                fprintf(err, "%s:%d: error: '$ %s' %s\n", l->shown, s->line, s->text,
                        last_ok ? "succeeded, but the lesson expects an error" : "failed");
                ok = false;
            } else if (ask && ask->field && !mc_lesson_answer_in_field(ask->answer_kind, ask->answer, ask->field, out.s)) {
                if (ask->answer_kind == MC_ANS_DIRECTION && strstr(ask->field, "=>"))
                    fprintf(err, "%s:%d: error: the output of '$ %s' does not show '%s' going '%s'\n", l->shown,
                            ask->line, s->text, ask->field, ask->answer);
                else
                    fprintf(err, "%s:%d: error: no line of the output of '$ %s' is '%s' with the field {} = '%s'\n",
                            l->shown, ask->line, s->text, ask->field, ask->answer);
                ok = false;
            } else if (ask && !ask->field && !mc_lesson_answer_shown(ask->answer_kind, ask->answer, out.s)) {
                fprintf(err, "%s:%d: error: the answer '%s' does not appear in the output of '$ %s'\n", l->shown,
                        ask->line, ask->answer, s->text);
                ok = false;
            }
            ask = NULL;
            break;
        case MC_LS_EXPECT:
        case MC_LS_EXPECT_VALUE:
        case MC_LS_EXPECT_ERROR:
        case MC_LS_EXPECT_OK:
            if (!check_expect(l, i, exec, ctx, &out, last_ok, msg, sizeof msg)) {
                fprintf(err, "%s:%d: error: %s (after '$ %s')\n", l->shown, s->line, msg,
                        last_cmd >= 0 ? l->steps[last_cmd].text : "");
                ok = false;
            }
            break;
        case MC_LS_ASK:
            if (ask) {
                fprintf(err, "%s:%d: error: no command reveals the answer to the question on line %d\n", l->shown,
                        s->line, ask->line);
                ok = false;
            }
            ask = s;
            break;
        default: break;
        }
        if (!ok && out.len) {
            fprintf(err, "  the output was:\n");
            for (const char *p = out.s; *p;) {
                const char *e = strchr(p, '\n');
                size_t n = e ? (size_t)(e - p) : strlen(p);
                fprintf(err, "    %.*s\n", (int)n, p);
                p = e ? e + 1 : p + n;
            }
        }
    }
    if (ok && ask) {
        fprintf(err, "%s:%d: error: no command after the question reveals its answer\n", l->shown, ask->line);
        ok = false;
    }
    mc_str_free(&out);
    return ok;
}

/* ---- interactive playback ------------------------------------------------- */

static void show_output(FILE *out, const McStr *s) {
    if (s->len) {
        fputs(s->s, out);
        if (s->s[s->len - 1] != '\n') fputc('\n', out);
    }
}

static bool read_line(FILE *in, char *buf, size_t size) {
    if (!fgets(buf, (int)size, in)) return false;
    buf[strcspn(buf, "\r\n")] = 0;
    return true;
}

/* The answer at a pause: on a terminal a single key acts at once (Enter or
 * Space: continue, b: back, q or Ctrl-D: quit; other keys are ignored);
 * from a pipe or file a line (its first character). Returns '\n', 'b' or
 * 'q'; EOF at the end of the input. */
static int pause_key(FILE *in) {
    int fd = fileno(in);
    struct termios old, raw;
    if (fd < 0 || !isatty(fd) || tcgetattr(fd, &old) != 0) {
        char buf[512];
        if (!read_line(in, buf, sizeof buf)) return EOF;
        return buf[0] == 'q' ? 'q' : buf[0] == 'b' ? 'b' : '\n';
    }
    raw = old;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    tcsetattr(fd, TCSANOW, &raw);
    int c;
    for (;;) {
        c = fgetc(in);
        if (c == EOF || c == 4 || c == 'q' || c == 'Q') { c = c == EOF ? EOF : 'q'; break; }
        if (c == 'b' || c == 'B') { c = 'b'; break; }
        if (c == '\n' || c == '\r' || c == ' ') { c = '\n'; break; }
    }
    tcsetattr(fd, TCSANOW, &old);
    return c;
}

/* Where a replay starts, as the reader saw it: the section (the last
 * heading at or before step `target`) and the part (pauses divide them). */
static void describe_part(const McLesson *l, int target, int part, char *buf, size_t size) {
    const char *section = NULL;
    for (int i = 0; i <= target && i < l->nsteps; i++)
        if (l->steps[i].kind == MC_LS_HEADING) section = l->steps[i].text;
    if (section) snprintf(buf, size, "back to part %d, in section \"%s\"", part, section);
    else snprintf(buf, size, "back to part %d, the start of the lesson", part);
}

/* Run the commands of steps [0, to) without showing anything, to rebuild
 * the session. Returns the step whose command was interrupted, or -1. */
static int replay_silently(const McLesson *l, McLessonExec exec, void *ctx, int to) {
    McStr out;
    mc_str_init(&out);
    int stopped = -1;
    for (int i = 0; i < to && stopped < 0; i++)
        if (l->steps[i].kind == MC_LS_COMMAND) {
            out.len = 0;
            if (run_in_dir(l, exec, ctx, l->steps[i].text, &out) == MC_LESSON_INTERRUPTED) stopped = i;
        }
    mc_str_free(&out);
    return stopped;
}

/* The line every player shows when Ctrl-C stopped the command of step s. */
static void interrupted_note(const McLessonStep *s, char *buf, size_t size) {
    snprintf(buf, size, "interrupted: '$ %.200s' (line %d) did not finish", s->text, s->line);
}

McLessonGrade mc_lesson_grade(const McLessonStep *ask, const char *given, int *wrong, char *msg, size_t size) {
    const char *a = given ? given + strspn(given, " \t") : "";
    char *truth = mc_lesson_answer_text(ask);
    McLessonGrade g;
    if (!*a) {
        snprintf(msg, size, "(type your answer, or ? to see it)");
        g = MC_GRADE_AGAIN;
    } else if (strcmp(a, "?") == 0) {
        snprintf(msg, size, "The answer is: %s", truth);
        g = MC_GRADE_SHOWN;
    } else if (mc_lesson_answer_matches(ask->answer_kind, ask->answer, given)) {
        size_t n = strlen(a);
        while (n > 0 && (a[n - 1] == ' ' || a[n - 1] == '\t')) n--;
        if (ask->answer_kind == MC_ANS_ONE_OF) snprintf(msg, size, "Right: %.*s", (int)n, a);
        else snprintf(msg, size, "Right: %s", truth);
        g = MC_GRADE_RIGHT;
    } else if (++*wrong >= (ask->hint ? 3 : 2)) {
        snprintf(msg, size, "Not quite. The answer is: %s", truth);
        g = MC_GRADE_SHOWN;
    } else {
        if (*wrong == 2) snprintf(msg, size, "Not quite. Hint: %s", ask->hint);
        else snprintf(msg, size, "Not quite. Try again.");
        g = MC_GRADE_AGAIN;
    }
    free(truth);
    return g;
}

int mc_lesson_play(const McLesson *l, McLessonExec exec, McLessonReset reset, void *ctx, FILE *in, FILE *out) {
    McStr o;
    mc_str_init(&o);
    int *stops = mc_xmalloc(((size_t)l->nsteps + 1) * sizeof *stops); /* steps after each pause */
    char *first = mc_xcalloc((size_t)l->nsteps + 1, 1); /* per ask: 1 right the first time, 2 not */
    int nstops = 0, failures = 0;
    bool last_ok = true, interrupted = false;
    char buf[512], msg[1024];
    bool style = mc_lesson_style_for(out);
    fprintf(out, in ? "Lesson: %s\n(Enter: continue   b: back   q: quit)\n\n" : "Lesson: %s\n\n", l->title);
    stops[nstops++] = 0;
    for (int i = 0; i < l->nsteps; i++) {
        const McLessonStep *s = &l->steps[i];
        switch (s->kind) {
        case MC_LS_HEADING: fprintf(out, "\n== %s ==\n\n", s->text); break;
        case MC_LS_NARRATE:
            mc_lesson_render_inline(out, s->text, style);
            fputc('\n', out);
            break;
        case MC_LS_COMMAND:
            fprintf(out, "minicc> %s\n", s->text);
            fflush(out);
            o.len = 0;
            if (o.s) o.s[0] = 0;
            McLessonRun run = run_in_dir(l, exec, ctx, s->text, &o);
            last_ok = run == MC_LESSON_OK;
            show_output(out, &o);
            if (run == MC_LESSON_INTERRUPTED) { /* Ctrl-C: the lesson stops here */
                interrupted_note(s, msg, sizeof msg);
                fprintf(out, "(%s; the lesson stops here)\n", msg);
                interrupted = true;
                goto done;
            }
            break;
        case MC_LS_EXPECT:
        case MC_LS_EXPECT_VALUE:
        case MC_LS_EXPECT_ERROR:
        case MC_LS_EXPECT_OK:
            if (!check_expect(l, i, exec, ctx, &o, last_ok, msg, sizeof msg)) {
                fprintf(out, "(lesson check at line %d failed: %s)\n", s->line, msg);
                failures++;
            }
            break;
        case MC_LS_ASK: {
            char *truth = mc_lesson_answer_text(s);
            if (!in) {
                fprintf(out, "\n? %s\nThe answer is: %s\n\n", s->text, truth);
                free(truth);
                break;
            }
            /* Two tries, then the hint (if the lesson gives one) and a last
             * try, then the answer. Enter alone asks again; `?` gives up. */
            fprintf(out, "\n? %s\n", s->text);
            int wrong = 0;
            for (;;) {
                fprintf(out, "your answer> ");
                fflush(out);
                if (!read_line(in, buf, sizeof buf)) {
                    fputc('\n', out);
                    free(truth);
                    goto done;
                }
                McLessonGrade g = mc_lesson_grade(s, buf, &wrong, msg, sizeof msg);
                fprintf(out, "%s\n%s", msg, g == MC_GRADE_AGAIN ? "" : "\n");
                if (g == MC_GRADE_AGAIN) continue;
                first[i] = g == MC_GRADE_RIGHT && wrong == 0 ? 1 : 2;
                break;
            }
            free(truth);
            break;
        }
        case MC_LS_SCREEN: break; /* the workbench's screen: nothing to show at the prompt */
        case MC_LS_REVEAL: break; /* the handout's business */
        case MC_LS_EXERCISE:
            fprintf(out, "\nExercise: %s\n(Hand in %s; minicc lesson --grade grades it.)\n\n", s->text, s->answer);
            break;
        case MC_LS_PAUSE:
            if (!in) {
                stops[nstops++] = i + 1;
                break;
            }
            fprintf(out, "-- more (Enter, b, q) --");
            fflush(out);
            int key = pause_key(in);
            fputc('\n', out);
            if (key == EOF || key == 'q') goto done;
            if (key == 'b') {
                /* Back to the start of the part before this one. */
                int target = nstops >= 2 ? stops[nstops - 2] : 0;
                if (nstops >= 2) nstops--;
                if (reset) reset(ctx);
                int stopped = replay_silently(l, exec, ctx, target);
                if (stopped >= 0) {
                    interrupted_note(&l->steps[stopped], msg, sizeof msg);
                    fprintf(out, "(%s while going back; the lesson stops here)\n", msg);
                    interrupted = true;
                    goto done;
                }
                describe_part(l, target, nstops, msg, sizeof msg);
                fprintf(out, "(%s)\n\n", msg);
                i = target - 1;
                continue;
            }
            stops[nstops++] = i + 1;
            break;
        }
    }
    fprintf(out, "\nEnd of lesson%s.\n", failures ? " (some checks failed)" : "");
done:;
    int asked = 0, right = 0;
    for (int i = 0; i < l->nsteps; i++) asked += first[i] != 0, right += first[i] == 1;
    if (asked) fprintf(out, "%d of %d right the first time.\n", right, asked);
    free(first);
    free(stops);
    mc_str_free(&o);
    return interrupted ? 2 : failures ? 1 : 0;
}

/* ---- Markdown handout ------------------------------------------------------ */

/* Is there narration or a command from step i to the end of its section
 * (before the next question, which the student's copy shows anyway, or a
 * `reveal`)? */
static bool more_in_section(const McLesson *l, int i) {
    for (; i < l->nsteps; i++) {
        McLessonStepKind k = l->steps[i].kind;
        if (k == MC_LS_HEADING || k == MC_LS_ASK || k == MC_LS_REVEAL) return false;
        if (k == MC_LS_COMMAND || (k == MC_LS_NARRATE && l->steps[i].text[0])) return true;
    }
    return false;
}

/* Does the section of step i have a `reveal` marker from i on? */
static bool reveal_in_section(const McLesson *l, int i) {
    for (; i < l->nsteps && l->steps[i].kind != MC_LS_HEADING; i++)
        if (l->steps[i].kind == MC_LS_REVEAL) return true;
    return false;
}

bool mc_lesson_export_md(const McLesson *l, McLessonExec exec, void *ctx, FILE *out, FILE *err, bool teacher) {
    McStr o;
    mc_str_init(&o);
    bool ok = true, para = false;
    const McLessonStep *ask = NULL; /* a question whose answer the next command reveals */
    /* The student's copy keeps the answers: after a question's revealing
     * command, what follows (narration, commands, output) gives the answer
     * away and is left out, up to the lesson's `reveal` marker or else the
     * next heading; a later question there is still shown. */
    bool hiding = false;
    fprintf(out, "# %s\n\n", l->title);
    if (!teacher)
        fprintf(out, "*Student handout: answer each question before you run the command after it.*\n\n");
    else
        fprintf(out, "*Teacher's copy: with the answers and every command's output.*\n\n");
    for (int i = 0; i < l->nsteps; i++) {
        const McLessonStep *s = &l->steps[i];
        if (s->kind != MC_LS_NARRATE && para) {
            fputc('\n', out);
            para = false;
        }
        if (s->kind == MC_LS_HEADING) hiding = false;
        if (s->kind == MC_LS_REVEAL) {
            if (hiding && !teacher) fprintf(out, "*The answer is out: the lesson goes on here.*\n\n");
            hiding = false;
            continue;
        }
        if (hiding && s->kind != MC_LS_ASK && s->kind != MC_LS_COMMAND) continue;
        switch (s->kind) {
        case MC_LS_HEADING:
            if (i == 0 && strcmp(s->text, l->title) == 0) break;
            fprintf(out, "## %s\n\n", s->text);
            break;
        case MC_LS_NARRATE:
            if (!s->text[0]) {
                if (para) fputc('\n', out);
                para = false;
            } else {
                fprintf(out, "%s\n", s->text);
                para = true;
            }
            break;
        case MC_LS_COMMAND: {
            o.len = 0;
            if (o.s) o.s[0] = 0;
            McLessonRun run = run_in_dir(l, exec, ctx, s->text, &o);
            bool cmd_ok = run == MC_LESSON_OK;
            if (run == MC_LESSON_INTERRUPTED) { /* Ctrl-C: no handout */
                fprintf(err, "%s:%d: error: '$ %s' was interrupted\n", l->shown, s->line, s->text);
                mc_str_free(&o);
                return false;
            }
            if (cmd_ok == expects_error(l, i)) {
                fprintf(err, "%s:%d: error: '$ %s' %s\n", l->shown, s->line, s->text,
                        cmd_ok ? "succeeded, but the lesson expects an error" : "failed");
                ok = false;
            }
            if (hiding && !ask) break; /* run for the session, not shown */
            fprintf(out, "```\nminicc> %s\n", s->text);
            if (ask && !teacher) {
                hiding = true;
                /* Its output would give the answer away, and so would the rest of the section. */
                fprintf(out, "```\n\n*Run it yourself and compare with your answer.*\n\n");
                if (more_in_section(l, i + 1))
                    fprintf(out, "*%s gives the answer away: it is in the teacher's copy.*\n\n",
                            reveal_in_section(l, i + 1) ? "What follows" : "The rest of this section");
            } else {
                if (o.len) {
                    fputs(o.s, out);
                    if (o.s[o.len - 1] != '\n') fputc('\n', out);
                }
                fprintf(out, "```\n\n");
            }
            ask = NULL;
            break;
        }
        case MC_LS_ASK: {
            static const char *const how[] = {
                [MC_ANS_EXACT] = "", [MC_ANS_NUMBER] = " (a number)",
                [MC_ANS_SET] = " (a set: any order)", [MC_ANS_ONE_OF] = " (any one of these)",
                [MC_ANS_DIRECTION] = " (a direction)"};
            ask = s;
            if (!teacher) {
                fprintf(out, "**Question.** %s\n\nYour answer: ______________________\n\n", s->text);
                break;
            }
            char *truth = mc_lesson_answer_text(s);
            fprintf(out, "**Question.** %s\n\n**Answer%s:** %s\n\n", s->text, how[s->answer_kind], truth);
            free(truth);
            break;
        }
        case MC_LS_EXERCISE:
            fprintf(out, "**Exercise.** %s Hand in `%s`.\n\n", s->text, s->answer);
            break;
        default: break;
        }
    }
    mc_str_free(&o);
    return ok;
}

/* ---- cursor for the workbench ---------------------------------------------- */

void mc_lesson_cursor_init(McLessonCursor *c, const McLesson *l) {
    memset(c, 0, sizeof *c);
    c->lesson = l;
    c->last_ok = true;
    mc_str_init(&c->transcript);
    mc_str_init(&c->kinds);
    mc_str_init(&c->last_output);
}

void mc_lesson_cursor_free(McLessonCursor *c) {
    mc_str_free(&c->transcript);
    mc_str_free(&c->kinds);
    mc_str_free(&c->last_output);
}

/* Append to the transcript and note the kind of each line it adds. */
static void cursor_add(McLessonCursor *c, char kind, const char *text) {
    mc_str_puts(&c->transcript, text);
    for (const char *p = text; *p; p++)
        if (*p == '\n') mc_str_putc(&c->kinds, kind);
}

void mc_lesson_cursor_advance(McLessonCursor *c, McLessonExec exec, void *ctx, const char *answer) {
    const McLesson *l = c->lesson;
    char msg[1024];
    c->message[0] = 0;
    if (c->waiting && c->next > 0 && l->steps[c->next - 1].kind == MC_LS_ASK) {
        /* The same grading as the prompt's player (mc_lesson_grade). */
        const McLessonStep *s = &l->steps[c->next - 1];
        McLessonGrade g = mc_lesson_grade(s, answer, &c->wrong, c->message, sizeof c->message);
        McStr t;
        mc_str_init(&t);
        if (answer && answer[strspn(answer, " \t")]) mc_str_printf(&t, "  your answer: %s\n", answer);
        mc_str_printf(&t, "  %s\n", c->message);
        cursor_add(c, 'A', t.s);
        mc_str_free(&t);
        if (g == MC_GRADE_AGAIN) return; /* still at the question */
        c->asked++;
        if (g == MC_GRADE_RIGHT && c->wrong == 0) c->right_first++;
        c->wrong = 0;
    }
    c->waiting = false;
    while (c->next < l->nsteps && !c->waiting) {
        int i = c->next++;
        const McLessonStep *s = &l->steps[i];
        McStr t;
        mc_str_init(&t);
        switch (s->kind) {
        case MC_LS_HEADING:
            mc_str_printf(&t, "== %s ==\n", s->text);
            cursor_add(c, 'H', t.s);
            break;
        case MC_LS_NARRATE: {
            char *plain = mc_lesson_inline_plain(s->text); /* no raw backticks (markdown.c) */
            mc_str_printf(&t, "%s\n", plain);
            free(plain);
            cursor_add(c, 'N', t.s);
            break;
        }
        case MC_LS_COMMAND:
            c->last_output.len = 0;
            if (c->last_output.s) c->last_output.s[0] = 0;
            McLessonRun run = run_in_dir(l, exec, ctx, s->text, &c->last_output);
            c->last_ok = run == MC_LESSON_OK;
            mc_str_printf(&t, "minicc> %s\n", s->text);
            cursor_add(c, 'C', t.s);
            if (c->last_output.len) {
                cursor_add(c, 'O', c->last_output.s);
                if (c->last_output.s[c->last_output.len - 1] != '\n') cursor_add(c, 'O', "\n");
            }
            if (run == MC_LESSON_INTERRUPTED) {
                /* Ctrl-C: stop after the command as at a pause; its
                 * expectations would only fail, so they are passed over. */
                while (c->next < l->nsteps && is_expectation(l->steps[c->next].kind)) c->next++;
                interrupted_note(s, msg, sizeof msg);
                snprintf(c->message, sizeof c->message, "%.200s; Enter goes on with the lesson", msg);
                t.len = 0;
                mc_str_printf(&t, "(%s)\n", c->message);
                cursor_add(c, 'X', t.s);
                c->waiting = true;
            }
            break;
        case MC_LS_EXPECT:
        case MC_LS_EXPECT_VALUE:
        case MC_LS_EXPECT_ERROR:
        case MC_LS_EXPECT_OK:
            if (!check_expect(l, i, exec, ctx, &c->last_output, c->last_ok, msg, sizeof msg)) {
                c->failed = true;
                snprintf(c->message, sizeof c->message, "check at line %d failed: %.200s", s->line, msg);
                mc_str_printf(&t, "(%s)\n", c->message);
                cursor_add(c, 'X', t.s);
            }
            break;
        case MC_LS_ASK:
            mc_str_printf(&t, "? %s\n", s->text);
            cursor_add(c, 'Q', t.s);
            c->waiting = true;
            break;
        case MC_LS_PAUSE: c->waiting = true; break;
        case MC_LS_REVEAL: break; /* the handout's business */
        case MC_LS_EXERCISE:
            mc_str_printf(&t, "Exercise: %s (hand in %s)\n", s->text, s->answer);
            cursor_add(c, 'N', t.s);
            break;
        case MC_LS_SCREEN: {
            char why[256];
            if (c->screen && !c->screen(ctx, s->text, why, sizeof why)) {
                mc_str_printf(&t, "(screen: %s)\n", why);
                cursor_add(c, 'X', t.s);
            }
            break;
        }
        }
        mc_str_free(&t);
    }
    if (c->next >= l->nsteps && !c->waiting) {
        c->finished = true;
        if (c->asked) { /* the score, as the prompt's player ends */
            McStr t;
            mc_str_init(&t);
            mc_str_printf(&t, "%d of %d right the first time.\n", c->right_first, c->asked);
            cursor_add(c, 'A', t.s);
            mc_str_free(&t);
            if (!c->message[0]) snprintf(c->message, sizeof c->message, "end of the lesson: %d of %d right the first time", c->right_first, c->asked);
        }
    }
}
