/* markdown.c - the inline Markdown of narration, rendered for a terminal.
 *
 * Narration is written in Markdown (the handout copies it as it is). On a
 * terminal the player renders the inline part: `code` in bold, *emphasis*
 * underlined, **strong** in bold; with NO_COLOR set, TERM=dumb or output
 * that is not a terminal, the markers are removed and the text is plain. A
 * `*` opens emphasis only when a non-blank follows it and closes only after
 * a non-blank on the same line (so `65536 * 65536` stays as written); an
 * unclosed backtick or asterisk is shown as it is. Underscores are never
 * markup: names such as `$edge2_copy0` and `hunt_naive.ir` keep theirs. */
#include "lesson.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool mc_lesson_style_for(FILE *out) {
    const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
    if (nc && *nc) return false;
    if (!term || strcmp(term, "dumb") == 0) return false;
    int fd = fileno(out);
    return fd >= 0 && isatty(fd);
}

/* Where the span opened by the marker of length m at p closes (the closing
 * marker's position), or NULL. Code closes at the next backtick; emphasis
 * needs a non-blank after the opener and before the closer. */
static const char *span_end(const char *p, size_t m) {
    const char *b = p + m;
    if (*p == '`') {
        const char *e = strchr(b, '`');
        return e && e > b ? e : NULL;
    }
    if (!*b || *b == ' ' || *b == '\t' || *b == '*') return NULL;
    for (const char *e = b + 1; *e; e++)
        if (strncmp(e, p, m) == 0 && e[-1] != ' ' && e[-1] != '\t' && (m == 2 || e[1] != '*')) return e;
    return NULL;
}

static void render(McStr *plain, FILE *out, const char *text, bool style) {
    const char *p = text;
    while (*p) {
        size_t m = *p == '`' ? 1 : *p == '*' ? (p[1] == '*' ? 2 : 1) : 0;
        const char *e = m ? span_end(p, m) : NULL;
        if (!e) {
            if (plain) mc_str_printf(plain, "%c", *p);
            else fputc(*p, out);
            p++;
            continue;
        }
        int len = (int)(e - p - (ptrdiff_t)m);
        if (plain)
            mc_str_printf(plain, "%.*s", len, p + m);
        else if (style)
            fprintf(out, "%s%.*s\033[0m", *p == '*' && m == 1 ? "\033[4m" : "\033[1m", len, p + m);
        else
            fprintf(out, "%.*s", len, p + m);
        p = e + m;
    }
}

void mc_lesson_render_inline(FILE *out, const char *text, bool style) { render(NULL, out, text, style); }

char *mc_lesson_inline_plain(const char *text) {
    McStr s;
    mc_str_init(&s);
    mc_str_printf(&s, "%s", "");
    render(&s, NULL, text, false);
    return s.s;
}
