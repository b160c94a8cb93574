/* minic_lex.c - the MiniC lexer (see minic_lex.h): the whole text to an
 * array of tokens, positions 1-based (a tab counts as one column, as in
 * the IR parser), comments and whitespace skipped.
 *
 * Integer literals are decimal or 0x hexadecimal; their range is the
 * parser's business (2147483648 is fine after a unary minus), so the value
 * is kept exactly up to 2^32 and saturates there. Octal, floating-point and
 * suffixed literals are CT_ERROR tokens, as are strings, character
 * constants and characters that start no token. */
#include "minic_lex.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

/* Preprocessor lines reported at most (the parser stops at 20 errors too). */
#define MAX_LEX_DIAGS 20

const char *const mc_c_punct_text[CP_COUNT] = {
#define MC_X_P(e, s) s,
    MC_C_PUNCTS(MC_X_P)
#undef MC_X_P
};

typedef struct Lx {
    const char *src;
    size_t len, pos, line_start;
    int32_t line;
    const McLoc *map; /* after line splicing: the source position of each byte of src, else NULL */
    McDiags *d;
    int ndiags;      /* reported: at most MAX_LEX_DIAGS (the parser's limit) */
    CTok *v;
    int32_t n, cap;
} Lx;

static bool is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }
static bool is_hex(unsigned char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

static McLoc loc_at(const Lx *x, size_t pos) {
    if (x->map) return x->map[pos];
    size_t col = pos - x->line_start + 1;
    return (McLoc){x->line, col > INT32_MAX ? INT32_MAX : (int32_t)col};
}

static void newline(Lx *x) {
    x->line_start = x->pos;
    if (x->line < INT32_MAX) x->line++;
}

static CTok *push(Lx *x, CTokKind k, size_t start, McLoc loc) {
    if (x->n == x->cap) {
        x->cap = x->cap ? x->cap * 2 : 256;
        x->v = mc_xrealloc(x->v, (size_t)x->cap * sizeof *x->v);
    }
    CTok *t = &x->v[x->n++];
    memset(t, 0, sizeof *t);
    t->kind = k;
    t->s = x->src + start;
    t->len = (uint32_t)(x->pos - start > UINT32_MAX ? UINT32_MAX : x->pos - start);
    t->loc = loc;
    return t;
}

static void error_tok(Lx *x, size_t start, McLoc loc, const char *msg, int quote) {
    CTok *t = push(x, CT_ERROR, start, loc);
    t->msg = msg;
    t->quote = quote;
}

/* Whether only blanks precede pos on its line (a '#' there starts a
 * preprocessor line). */
static bool line_start_blank(const Lx *x, size_t pos) {
    for (size_t i = x->line_start; i < pos; i++)
        if (x->src[i] != ' ' && x->src[i] != '\t' && x->src[i] != '\r' && x->src[i] != '\f' && x->src[i] != '\v')
            return false;
    return true;
}

/* A '#' line: report it by its directive and skip it with its
 * continuation lines. */
static void preprocessor_line(Lx *x) {
    McLoc at = loc_at(x, x->pos);
    size_t p = x->pos + 1;
    while (p < x->len && (x->src[p] == ' ' || x->src[p] == '\t')) p++;
    size_t w = p;
    while (p < x->len && is_alnum((unsigned char)x->src[p])) p++;
    if (x->ndiags++ >= MAX_LEX_DIAGS)
        ;
    else if (p > w)
        mc_diag(x->d, at, "preprocessor line '#%.*s' is not supported: MiniC has no preprocessor", (int)(p - w),
                x->src + w);
    else
        mc_diag(x->d, at, "preprocessor line '#' is not supported: MiniC has no preprocessor");
    while (x->pos < x->len && x->src[x->pos] != '\n') {
        if (x->src[x->pos] == '\\' && x->pos + 1 < x->len && x->src[x->pos + 1] == '\n') {
            x->pos += 2;
            newline(x);
            continue;
        }
        x->pos++;
    }
}

/* A NUL byte inside a comment: an error, as everywhere else (reported once
 * per comment, straight away: comments leave no token). */
static void nul_in_comment(Lx *x, size_t pos) {
    if (x->ndiags++ < MAX_LEX_DIAGS) mc_diag(x->d, loc_at(x, pos), "unexpected character U+0000 in a comment");
}

/* Skip blanks and comments; false at an unterminated comment (reported at
 * its start; the rest of the text is gone). */
static bool skip_space(Lx *x) {
    const char *s = x->src;
    while (x->pos < x->len) {
        char c = s[x->pos];
        if (c == '\n') {
            x->pos++;
            newline(x);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            x->pos++;
        } else if (c == '/' && x->pos + 1 < x->len && s[x->pos + 1] == '/') {
            bool nul = false;
            for (; x->pos < x->len && s[x->pos] != '\n'; x->pos++)
                if (s[x->pos] == 0 && !nul) nul = true, nul_in_comment(x, x->pos);
        } else if (c == '/' && x->pos + 1 < x->len && s[x->pos + 1] == '*') {
            McLoc at = loc_at(x, x->pos);
            x->pos += 2;
            bool nul = false;
            for (;;) {
                if (x->pos >= x->len) {
                    mc_diag(x->d, at, "unterminated comment: '/*' without '*/'");
                    return false;
                }
                if (s[x->pos] == '*' && x->pos + 1 < x->len && s[x->pos + 1] == '/') {
                    x->pos += 2;
                    break;
                }
                if (s[x->pos] == 0 && !nul) nul = true, nul_in_comment(x, x->pos);
                if (s[x->pos++] == '\n') newline(x);
            }
        } else if (c == '#' && line_start_blank(x, x->pos)) {
            preprocessor_line(x);
        } else {
            break;
        }
    }
    return true;
}

/* A number: digits and whatever letters, digits, '.' and exponent signs
 * run on from them, judged as a whole. */
static void lex_number(Lx *x) {
    size_t start = x->pos;
    McLoc at = loc_at(x, start);
    const char *s = x->src;
    while (x->pos < x->len) {
        unsigned char c = (unsigned char)s[x->pos];
        if (is_alnum(c) || c == '.') x->pos++;
        else if ((c == '+' || c == '-') && (s[x->pos - 1] == 'e' || s[x->pos - 1] == 'E') &&
                 !(s[start] == '0' && x->pos > start + 1 && (s[start + 1] == 'x' || s[start + 1] == 'X')))
            x->pos++;
        else break;
    }
    size_t n = x->pos - start;
    const char *t = s + start;
    bool hex = n >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
    size_t i = hex ? 2 : 0;
    uint64_t v = 0;
    size_t digits = 0;
    for (; i < n && (hex ? is_hex((unsigned char)t[i]) : is_digit((unsigned char)t[i])); i++, digits++) {
        unsigned d = is_digit((unsigned char)t[i]) ? (unsigned)(t[i] - '0') : (unsigned)((t[i] | 0x20) - 'a' + 10);
        v = v * (hex ? 16 : 10) + d;
        if (v > (UINT64_C(1) << 32)) v = UINT64_C(1) << 32;
    }
    if (i < n) {
        bool flt = false;
        for (size_t k = 0; k < n; k++)
            if (t[k] == '.' || (!hex && (t[k] == 'e' || t[k] == 'E'))) flt = true;
        bool suffix = true;
        for (size_t k = i; k < n; k++)
            if (!strchr("uUlL", t[k])) suffix = false;
        if (flt) error_tok(x, start, at, "floating-point numbers are not supported: MiniC has only int:", 1);
        else if (suffix && digits) error_tok(x, start, at, "integer suffixes are not supported in MiniC:", 1);
        else error_tok(x, start, at, "malformed number", 1);
        return;
    }
    if (hex && digits == 0) {
        error_tok(x, start, at, "malformed number", 1);
        return;
    }
    if (!hex && n > 1 && t[0] == '0') {
        error_tok(x, start, at, "octal literals are not supported in MiniC (write the number in decimal):", 1);
        return;
    }
    CTok *k = push(x, CT_INT, start, at);
    k->val = v;
}

/* A string or character constant, up to its closing quote on the line. */
static void lex_quoted(Lx *x) {
    size_t start = x->pos;
    McLoc at = loc_at(x, start);
    char q = x->src[x->pos++];
    while (x->pos < x->len && x->src[x->pos] != q && x->src[x->pos] != '\n') {
        if (x->src[x->pos] == '\\' && x->pos + 1 < x->len && x->src[x->pos + 1] != '\n') x->pos++;
        x->pos++;
    }
    if (x->pos < x->len && x->src[x->pos] == q) x->pos++;
    error_tok(x, start, at,
              q == '"' ? "string literals are not supported in MiniC"
                       : "character constants are not supported in MiniC (write the number)",
              0);
}

/* C's line splicing: every backslash at the end of a line goes with the
 * newline, before tokens are made (so a name or an operator may be split
 * across lines). The spliced text in *out (malloc'd) and the source
 * position of each of its bytes (and of its end) in *map, its length in
 * *outlen; false when there is nothing to splice. */
static bool splice_lines(const char *src, size_t len, char **out, size_t *outlen, McLoc **map) {
    bool any = false;
    for (size_t i = 0; i + 1 < len && !any; i++)
        any = src[i] == '\\' && (src[i + 1] == '\n' || (src[i + 1] == '\r' && i + 2 < len && src[i + 2] == '\n'));
    if (!any) return false;
    char *t = mc_xmalloc(len + 1);
    McLoc *m = mc_xmalloc((len + 1) * sizeof *m);
    size_t n = 0, line_start = 0;
    int32_t line = 1;
    for (size_t i = 0; i < len;) {
        size_t k = src[i] == '\\' && i + 1 < len && src[i + 1] == '\n'                        ? 2
                   : src[i] == '\\' && i + 2 < len && src[i + 1] == '\r' && src[i + 2] == '\n' ? 3
                                                                                            : 0;
        if (k == 0) {
            size_t col = i - line_start + 1;
            m[n] = (McLoc){line, col > INT32_MAX ? INT32_MAX : (int32_t)col};
            t[n++] = src[i++];
            if (src[i - 1] != '\n') continue;
        } else {
            i += k;
        }
        line_start = i;
        if (line < INT32_MAX) line++;
    }
    size_t col = len - line_start + 1;
    m[n] = (McLoc){line, col > INT32_MAX ? INT32_MAX : (int32_t)col};
    t[n] = 0;
    *out = t;
    *outlen = n;
    *map = m;
    return true;
}

CTok *mc_minic_lex(const char *src, size_t len, McDiags *d, int32_t *ntok, char **text) {
    Lx x;
    memset(&x, 0, sizeof x);
    x.src = src ? src : "";
    x.len = src ? len : 0;
    x.line = 1;
    x.d = d;
    char *spliced = NULL;
    McLoc *map = NULL;
    if (splice_lines(x.src, x.len, &spliced, &x.len, &map)) {
        x.src = spliced;
        x.map = map;
    }
    *text = spliced;
    bool open_comment = false;
    while (x.pos < x.len) {
        if (!skip_space(&x)) {
            open_comment = true;
            break;
        }
        if (x.pos >= x.len) break;
        unsigned char c = (unsigned char)x.src[x.pos];
        size_t start = x.pos;
        McLoc at = loc_at(&x, start);
        if (is_alpha(c)) {
            while (x.pos < x.len && is_alnum((unsigned char)x.src[x.pos])) x.pos++;
            push(&x, CT_NAME, start, at);
        } else if (is_digit(c) || (c == '.' && x.pos + 1 < x.len && is_digit((unsigned char)x.src[x.pos + 1]))) {
            lex_number(&x);
        } else if (c == '"' || c == '\'') {
            lex_quoted(&x);
        } else {
            int found = -1;
            for (int p = 0; p < CP_COUNT && found < 0; p++) {
                size_t n = strlen(mc_c_punct_text[p]);
                if (n <= x.len - x.pos && memcmp(x.src + x.pos, mc_c_punct_text[p], n) == 0) found = p;
            }
            if (found >= 0) {
                x.pos += strlen(mc_c_punct_text[found]);
                push(&x, CT_PUNCT, start, at)->punct = (CPunct)found;
            } else {
                x.pos++;
                if (c >= 0x80)
                    while (x.pos < x.len && ((unsigned char)x.src[x.pos] & 0xc0) == 0x80) x.pos++;
                if (c == '\\') error_tok(&x, start, at, "stray '\\' (a backslash continues a line only as the line's last character)", 0);
                else if (c < 0x20 || c == 0x7f) error_tok(&x, start, at, "unexpected character", 2); /* U+XXXX */
                else error_tok(&x, start, at, "unexpected character", 1);
            }
        }
    }
    /* End of file: just after the last token, on a line that exists. */
    McLoc end = x.n ? x.v[x.n - 1].loc : (McLoc){1, 1};
    if (x.n) end.col += (int32_t)x.v[x.n - 1].len;
    CTok *eof = push(&x, CT_EOF, x.pos, end);
    eof->len = 0;
    if (open_comment) eof->msg = "inside an unterminated comment"; /* already reported */
    free(map);
    *ntok = x.n;
    return x.v;
}
