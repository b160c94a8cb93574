/* answer.c - how a lesson grades a student's answer, and how `--check` holds
 * each expected answer to the output of the command that reveals it.
 *
 * Four kinds (lesson.h McAnswerKind), never a suffix match: "b" does not
 * answer "a b", and "1" does not answer "-1".
 *   exact    the whole answer, blanks collapsed, case ignored; the output
 *            shows it as a whole (`3` is not shown by `3rd`, `3x` or `3.5`)
 *   number   an integer with the expected value; the output shows it as a
 *            number of its own (not a part of a name or a longer number)
 *   set      the same words in any order, each once, none missing (commas
 *            count as blanks); the output has a line whose words after its
 *            last ':' or '=' are that set
 *   one-of   exactly one of the alternatives separated by '|'; the output
 *            shows at least one of them
 *   direction more, fewer or same; the student may use a synonym (`less`,
 *            `higher`, `unchanged`, ...) but only words of one direction;
 *            the output shows the expected word
 * Blanks next to punctuation do not count (`[0, 3)` is `[0,3)`, `trap:x` is
 * `trap: x`). A number answer is the one number in the student's words:
 * `35`, `return 35`, `35 accesses` and `K=5` answer numbers; `350`, `3 5`
 * and `r35` do not. A set may be written in braces: `{a, b}`. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lesson.h"

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Lower-cased copy of [s, s+n) with runs of blanks collapsed to one space and
 * both ends trimmed. With `set`, commas and braces count as blanks; without
 * it, a blank that has punctuation on either side is dropped. */
static char *squeeze(const char *s, size_t n, bool set) {
    char *r = mc_xmalloc(n + 1);
    size_t k = 0;
    bool blank = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || (set && (c == ',' || c == '{' || c == '}'))) {
            blank = k > 0;
            continue;
        }
        if (blank && (set || (word_char(r[k - 1]) && word_char((char)c)))) r[k++] = ' ';
        blank = false;
        r[k++] = (char)tolower(c);
    }
    r[k] = 0;
    return r;
}

static bool name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$'; }

/* The one integer standing in a student's words (not part of a name such
 * as r1 or $edge1, nor of a decimal 3.5): false if there is none or more
 * than one. */
static bool number_in_words(const char *s, long long *v) {
    int found = 0;
    for (const char *p = s; *p; p++) {
        bool neg = *p == '-' && isdigit((unsigned char)p[1]) && (p == s || !name_char(p[-1]));
        bool plus = *p == '+' && isdigit((unsigned char)p[1]) && (p == s || !name_char(p[-1]));
        if (!neg && !plus && !isdigit((unsigned char)*p)) continue;
        const char *d = p + (neg || plus);
        if (!neg && !plus && p > s && name_char(p[-1])) {
            while (isdigit((unsigned char)p[1])) p++;
            continue;
        }
        errno = 0;
        char *e;
        long long x = strtoll(d, &e, 10);
        if (errno) return false;
        if (*e == '.' && isdigit((unsigned char)e[1])) return false; /* 3.5 is no integer */
        if (word_char(*e)) {                                          /* 3rd, 35x: part of a word */
            while (word_char(p[1])) p++;
            continue;
        }
        if (found++) return false;
        *v = neg ? -x : x;
        p = e - 1;
    }
    return found == 1;
}

/* The direction a student's words name: 1 more, -1 fewer, 0 same, 2 none or
 * several. */
static int direction_of(const char *s) {
    static const struct {
        const char *word;
        int dir;
    } words[] = {{"more", 1},      {"higher", 1},   {"greater", 1}, {"larger", 1},   {"bigger", 1},
                 {"increases", 1}, {"increase", 1}, {"up", 1},      {"rises", 1},    {"fewer", -1},
                 {"less", -1},     {"lower", -1},   {"smaller", -1}, {"decreases", -1}, {"decrease", -1},
                 {"down", -1},     {"drops", -1},   {"same", 0},    {"unchanged", 0}, {"equal", 0},
                 {"neither", 0},   {"no change", 0}};
    char *w = squeeze(s, strlen(s), true);
    int dir = 2;
    bool any = false;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i].word);
        for (const char *h = strstr(w, words[i].word); h; h = strstr(h + 1, words[i].word)) {
            if ((h > w && h[-1] != ' ') || (h[n] && h[n] != ' ')) continue;
            if (any && dir != words[i].dir) dir = 3;
            else if (!any) dir = words[i].dir;
            any = true;
        }
    }
    free(w);
    return dir == 3 ? 2 : dir;
}

/* Parses a whole integer (blanks around allowed, a sign, decimal digits). */
static bool parse_number(const char *s, long long *v) {
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) return false;
    const char *d = s + (*s == '+' || *s == '-');
    if (!isdigit((unsigned char)*d)) return false;
    errno = 0;
    char *e;
    long long x = strtoll(s, &e, 10);
    if (errno) return false;
    while (*e == ' ' || *e == '\t') e++;
    if (*e) return false;
    *v = x;
    return true;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The words of a squeezed string (modified in place), sorted; returns the count. */
static int sorted_words(char *s, char ***out) {
    int n = 0, cap = 8;
    char **w = mc_xmalloc((size_t)cap * sizeof *w);
    for (char *p = s; *p;) {
        char *e = strchr(p, ' ');
        MC_GROW(w, cap, n + 1, 8);
        w[n++] = p;
        if (!e) break;
        *e = 0;
        p = e + 1;
    }
    qsort(w, (size_t)n, sizeof *w, cmp_str);
    *out = w;
    return n;
}

/* Are the words of want and given the same set, with no word repeated in given? */
static bool same_set(const char *want, size_t wn, const char *given, size_t gn) {
    char *a = squeeze(want, wn, true), *b = squeeze(given, gn, true);
    char **wa, **wb;
    int na = sorted_words(a, &wa), nb = sorted_words(b, &wb);
    bool ok = na == nb && na > 0;
    for (int i = 0; ok && i < na; i++) ok = strcmp(wa[i], wb[i]) == 0 && (i == 0 || strcmp(wb[i], wb[i - 1]) != 0);
    free(wa);
    free(wb);
    free(a);
    free(b);
    return ok;
}

static bool exact(const char *want, size_t wn, const char *given) {
    char *a = squeeze(want, wn, false), *b = squeeze(given, strlen(given), false);
    bool ok = *a && strcmp(a, b) == 0;
    free(a);
    free(b);
    return ok;
}

bool mc_lesson_answer_matches(McAnswerKind kind, const char *want, const char *given) {
    if (!want || !given) return false;
    switch (kind) {
    case MC_ANS_EXACT: return exact(want, strlen(want), given);
    case MC_ANS_NUMBER: {
        long long a, b = 0;
        return parse_number(want, &a) && number_in_words(given, &b) && a == b;
    }
    case MC_ANS_SET: return same_set(want, strlen(want), given, strlen(given));
    case MC_ANS_DIRECTION: {
        int d = direction_of(want);
        return d != 2 && direction_of(given) == d;
    }
    case MC_ANS_ONE_OF:
        for (const char *p = want;;) {
            const char *bar = strchr(p, '|');
            size_t n = bar ? (size_t)(bar - p) : strlen(p);
            if (exact(p, n, given)) return true;
            if (!bar) return false;
            p = bar + 1;
        }
    }
    return false;
}

/* Does the number v stand on its own somewhere in text? */
static bool shows_number(const char *text, long long v) {
    for (const char *p = text; *p; p++) {
        bool neg = *p == '-' && isdigit((unsigned char)p[1]);
        if (!neg && !isdigit((unsigned char)*p)) continue;
        if (p > text && (name_char(p[-1]) || (!neg && p[-1] == '-'))) {
            while (isdigit((unsigned char)p[1])) p++;
            continue;
        }
        errno = 0;
        char *e;
        long long x = strtoll(p, &e, 10);
        if (!errno && x == v && !name_char(*e)) return true;
        p = e - 1;
    }
    return false;
}

/* Does some line of text, after its last ':' or '=' (or all of it), hold the set want? */
static bool shows_set(const char *text, const char *want) {
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *from = p;
        for (const char *q = p; q < p + n; q++)
            if (*q == ':' || *q == '=') from = q + 1;
        if (same_set(want, strlen(want), from, (size_t)(p + n - from))) return true;
        p = e ? e + 1 : p + n;
    }
    return false;
}

static bool digit(char c) { return isdigit((unsigned char)c) != 0; }

/* Does w stand whole at l + at (wn bytes) in the line l of ln bytes? An
 * answer that begins or ends with a letter, digit or '_' must not run on
 * into a word there (`3` is not shown by `3rd` or `x3`); one that begins or
 * ends with a digit not into a longer number either (`3` is not in `3.5`,
 * `2.3` or `-3`). */
static bool whole_at(const char *l, size_t ln, size_t at, const char *w, size_t wn) {
    size_t end = at + wn;
    if (word_char(w[0]) && at > 0) {
        char b = l[at - 1];
        if (word_char(b)) return false;
        if (digit(w[0]) && (b == '-' || (b == '.' && at > 1 && digit(l[at - 2])))) return false;
    }
    if (word_char(w[wn - 1]) && end < ln) {
        char a = l[end];
        if (word_char(a)) return false;
        if (digit(w[wn - 1]) && a == '.' && end + 1 < ln && digit(l[end + 1])) return false;
    }
    return true;
}

/* Does some line of text contain [want, want+wn) as a whole (blanks
 * collapsed, case ignored; whole_at)? */
static bool shows_text(const char *text, const char *want, size_t wn) {
    char *w = squeeze(want, wn, false);
    size_t wl = strlen(w);
    bool found = !*w;
    for (const char *p = text; *p && !found;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *l = squeeze(p, n, false);
        size_t ll = strlen(l);
        for (const char *hit = strstr(l, w); hit && !found; hit = strstr(hit + 1, w))
            found = whole_at(l, ll, (size_t)(hit - l), w, wl);
        free(l);
        p = e ? e + 1 : p + n;
    }
    free(w);
    return found;
}

bool mc_lesson_answer_shown(McAnswerKind kind, const char *want, const char *output) {
    if (!output) output = "";
    switch (kind) {
    case MC_ANS_EXACT:
    case MC_ANS_DIRECTION: return shows_text(output, want, strlen(want));
    case MC_ANS_NUMBER: {
        long long v;
        return parse_number(want, &v) && shows_number(output, v);
    }
    case MC_ANS_SET: return shows_set(output, want);
    case MC_ANS_ONE_OF:
        for (const char *p = want;;) {
            const char *bar = strchr(p, '|');
            size_t n = bar ? (size_t)(bar - p) : strlen(p);
            if (shows_text(output, p, n)) return true;
            if (!bar) return false;
            p = bar + 1;
        }
    }
    return false;
}

/* The kind word at the start of an `answer` line's text, or -1. */
int mc_lesson_answer_kind_word(const char *s, size_t n, size_t *len) {
    static const struct {
        const char *word;
        McAnswerKind kind;
    } kinds[] = {{"exact", MC_ANS_EXACT}, {"number", MC_ANS_NUMBER}, {"set", MC_ANS_SET}, {"one-of", MC_ANS_ONE_OF},
                 {"direction", MC_ANS_DIRECTION}};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        size_t k = strlen(kinds[i].word);
        if (n >= k && memcmp(s, kinds[i].word, k) == 0 && (n == k || s[k] == ' ' || s[k] == '\t')) {
            *len = k;
            return (int)kinds[i].kind;
        }
    }
    return -1;
}

/* Validates an answer of a kind; NULL if fine, else what is wrong. */
const char *mc_lesson_answer_invalid(McAnswerKind kind, const char *want) {
    long long v;
    switch (kind) {
    case MC_ANS_NUMBER: return parse_number(want, &v) ? NULL : "'answer number' needs an integer";
    case MC_ANS_DIRECTION:
        return strcmp(want, "more") == 0 || strcmp(want, "fewer") == 0 || strcmp(want, "same") == 0
                   ? NULL
                   : "'answer direction' needs more, fewer or same";
    case MC_ANS_ONE_OF:
        if (!strchr(want, '|')) return "'answer one-of' needs alternatives separated by '|'";
        for (const char *p = want;;) {
            const char *bar = strchr(p, '|');
            size_t n = bar ? (size_t)(bar - p) : strlen(p);
            if (strspn(p, " \t") >= n) return "'answer one-of' has an empty alternative";
            if (!bar) return NULL;
            p = bar + 1;
        }
    default: return NULL;
    }
}

/* ---- the field that backs an answer (`shows PATTERN`) ----------------------
 * PATTERN matches a whole output line (blanks at its ends ignored): `{}` is
 * the field, `*` one word (non-blanks), `**` any text, a blank one or more
 * blanks, anything else itself. --check takes the first line of the output
 * the pattern matches and requires its field, read some way the pattern
 * allows, to be exactly the answer by its kind (a number is the whole field,
 * a set all of its words). `shows {}` alone wants some line to be the
 * answer as a whole. */

typedef struct FieldMatch {
    McAnswerKind kind;
    const char *want;
    bool number;      /* with want NULL: the field must be an integer, kept in value */
    long long value;
} FieldMatch;

static bool field_is(FieldMatch *fm, const char *f, size_t n) {
    if (!fm->want && fm->number) { /* capturing a number */
        char *c = mc_xstrndup(f, n);
        bool ok = parse_number(c, &fm->value);
        free(c);
        return ok;
    }
    if (!fm->want) return true; /* any field: finding the line */
    switch (fm->kind) {
    case MC_ANS_NUMBER: {
        char *c = mc_xstrndup(f, n);
        long long a, b;
        bool ok = parse_number(fm->want, &a) && parse_number(c, &b) && a == b;
        free(c);
        return ok;
    }
    case MC_ANS_SET: return same_set(fm->want, strlen(fm->want), f, n);
    case MC_ANS_ONE_OF:
        for (const char *p = fm->want;;) {
            const char *bar = strchr(p, '|');
            size_t k = bar ? (size_t)(bar - p) : strlen(p);
            char *c = mc_xstrndup(f, n);
            bool ok = exact(p, k, c);
            free(c);
            if (ok) return true;
            if (!bar) return false;
            p = bar + 1;
        }
    default: {
        char *c = mc_xstrndup(f, n);
        bool ok = exact(fm->want, strlen(fm->want), c);
        free(c);
        return ok;
    }
    }
}

static bool blank(char c) { return c == ' ' || c == '\t'; }

static bool match_field(FieldMatch *fm, const char *p, const char *s, const char *e) {
    if (!*p) return s == e;
    if (p[0] == '{' && p[1] == '}') {
        for (const char *k = e; k > s; k--)
            if (field_is(fm, s, (size_t)(k - s)) && match_field(fm, p + 2, k, e)) return true;
        return false;
    }
    if (p[0] == '*' && p[1] == '*') {
        for (const char *k = s; k <= e; k++)
            if (match_field(fm, p + 2, k, e)) return true;
        return false;
    }
    if (*p == '*') { /* one word: a run of non-blanks */
        for (const char *k = s; k < e && !blank(*k); k++)
            if (match_field(fm, p + 1, k + 1, e)) return true;
        return false;
    }
    if (blank(*p)) {
        if (s == e || !blank(*s)) return false;
        while (s < e && blank(*s)) s++;
        while (blank(*p)) p++;
        return match_field(fm, p, s, e);
    }
    return s < e && *s == *p && match_field(fm, p + 1, s + 1, e);
}

/* The number a side of `shows A => B` stands for: an integer literal, or
 * the integer field of the first line of output matching the pattern,
 * skipping line `skip` (a line number, -1 none) and searching from line
 * `from` on first, then from the start. *line gets the line used. */
static bool side_value(const char *side, size_t n, const char *output, int from, int skip, long long *v, int *line) {
    char *pat = mc_xstrndup(side, n);
    bool ok = false;
    *line = -1;
    if (!strstr(pat, "{}")) {
        ok = parse_number(pat, v);
        free(pat);
        return ok;
    }
    char *tp = pat + strlen(pat);
    while (tp > pat && blank(tp[-1])) *--tp = 0;
    const char *p0 = pat;
    while (blank(*p0)) p0++;
    for (int pass = 0; pass < 2 && !ok; pass++) {
        int ln = 0;
        for (const char *p = output; *p && !ok; ln++) {
            const char *e = strchr(p, '\n');
            const char *end = e ? e : p + strlen(p);
            const char *t = end;
            while (t > p && (blank(t[-1]) || t[-1] == '\r')) t--;
            const char *b = p;
            while (b < t && blank(*b)) b++;
            bool here = pass == 0 ? ln >= from : ln < from;
            FieldMatch cap = {MC_ANS_NUMBER, NULL, true, 0};
            if (here && ln != skip && match_field(&cap, p0, b, t)) {
                *v = cap.value;
                *line = ln;
                ok = true;
            }
            p = e ? e + 1 : end;
        }
    }
    free(pat);
    return ok;
}

/* `shows A => B` for a direction: from the number A to the number B. */
static bool direction_in_fields(const char *want, const char *pattern, const char *output) {
    const char *arrow = strstr(pattern, "=>");
    long long a, b;
    int la, lb;
    if (!side_value(pattern, (size_t)(arrow - pattern), output, 0, -1, &a, &la)) return false;
    if (!side_value(arrow + 2, strlen(arrow + 2), output, la + 1, la, &b, &lb)) return false;
    const char *d = b > a ? "more" : b < a ? "fewer" : "same";
    return strcmp(want, d) == 0;
}

bool mc_lesson_answer_in_field(McAnswerKind kind, const char *want, const char *pattern, const char *output) {
    FieldMatch fm = {kind, want, false, 0}, any = {kind, NULL, false, 0};
    if (!output) output = "";
    if (kind == MC_ANS_DIRECTION && strstr(pattern, "=>")) return direction_in_fields(want, pattern, output);
    for (const char *p = output; *p;) {
        const char *e = strchr(p, '\n');
        const char *end = e ? e : p + strlen(p);
        const char *t = end;
        while (t > p && (blank(t[-1]) || t[-1] == '\r')) t--;
        const char *b = p;
        while (b < t && blank(*b)) b++;
        if (strcmp(pattern, "{}") == 0) { /* some line is the answer, whole */
            if (match_field(&fm, pattern, b, t)) return true;
        } else if (match_field(&any, pattern, b, t))
            return match_field(&fm, pattern, b, t);
        p = e ? e + 1 : end;
    }
    return false;
}

/* One side of `shows A => B`: an integer, or a pattern with one field. */
static const char *side_invalid(const char *s, size_t n) {
    char *c = mc_xstrndup(s, n);
    long long v;
    const char *f = strstr(c, "{}");
    const char *why = NULL;
    if (!f && !parse_number(c, &v)) why = "each side of 'shows A => B' is a number or a pattern with its field marked {}";
    else if (f && strstr(f + 2, "{}")) why = "'shows' marks one field {} per side, not two";
    free(c);
    return why;
}

const char *mc_lesson_field_invalid(const char *pattern) {
    const char *arrow = strstr(pattern, "=>");
    if (arrow) {
        if (strstr(arrow + 2, "=>")) return "'shows A => B' compares two numbers, not three";
        const char *why = side_invalid(pattern, (size_t)(arrow - pattern));
        return why ? why : side_invalid(arrow + 2, strlen(arrow + 2));
    }
    const char *f = strstr(pattern, "{}");
    if (!f) return "'shows' needs a pattern with the field marked {}";
    if (strstr(f + 2, "{}")) return "'shows' marks one field {}, not two";
    return NULL;
}

bool mc_lesson_line_matches(const char *pattern, const char *output) {
    FieldMatch any = {MC_ANS_EXACT, NULL, false, 0};
    const char *p0 = pattern;
    while (blank(*p0)) p0++;
    char *pat = mc_xstrdup(p0);
    char *tp = pat + strlen(pat);
    while (tp > pat && blank(tp[-1])) *--tp = 0;
    bool found = false;
    for (const char *p = output ? output : ""; *p && !found;) {
        const char *e = strchr(p, '\n');
        const char *end = e ? e : p + strlen(p);
        const char *t = end;
        while (t > p && (blank(t[-1]) || t[-1] == '\r')) t--;
        const char *b = p;
        while (b < t && blank(*b)) b++;
        found = match_field(&any, pat, b, t);
        p = e ? e + 1 : end;
    }
    free(pat);
    return found;
}

bool mc_lesson_field_number(const char *pattern, const char *output, long long *v) {
    int line;
    return side_value(pattern, strlen(pattern), output ? output : "", 0, -1, v, &line);
}
