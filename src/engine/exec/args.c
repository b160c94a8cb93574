/* args.c - command-line style arguments and execution outcomes (docs/ir.md §5).
 *
 * An argument is an integer for an `i32` parameter and a bracketed list such
 * as `[3,-1,4]` for a `buf` parameter. Every mistake becomes a positionless
 * diagnostic that names the argument by position and parameter name, so the
 * same messages serve `minicc run`, `minicc check` and the prompt. Outcomes
 * are printed exactly as docs/ir.md §5 shows them: `return V` or `trap: MESSAGE`,
 * then one `NAME = [a, b, c]` line per buffer parameter. */
#include <stdlib.h>
#include <string.h>

#include "minicc/outcome.h"
#include "minicc/util.h"

/* ---- parsing -------------------------------------------------------------- */

static const char *param_name(const McFunc *f, int32_t i) { return mc_shown_name(f, f->values[f->params[i]].name); }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Parse one list `[a, b, ...]` from s into arg. On error appends a diagnostic
 * naming argument `pos` (1-based) and returns false. */
static bool parse_list(const McFunc *f, int32_t pos, const char *s, McArg *arg, McDiags *d) {
    const char *pname = param_name(f, pos - 1);
    size_t n = strlen(s), i = 0, cap = 0;
    arg->is_buf = true;
    arg->data = NULL;
    arg->len = 0;
    while (i < n && is_space(s[i])) i++;
    MC_ASSERT(i < n && s[i] == '[');
    i++;
    while (i < n && is_space(s[i])) i++;
    if (i < n && s[i] == ']') {
        i++;
    } else {
        for (;;) {
            while (i < n && is_space(s[i])) i++;
            size_t start = i;
            if (i < n && (s[i] == '-' || s[i] == '+')) i++;
            while (i < n && !is_space(s[i]) && s[i] != ',' && s[i] != ']' && s[i] != '[') i++;
            if (i == start) {
                if (i >= n)
                    mc_diag(d, (McLoc){0, 0}, "argument %d (%s): malformed list '%s': missing ']'", pos, pname, s);
                else
                    mc_diag(d, (McLoc){0, 0}, "argument %d (%s): malformed list '%s': expected a number before '%c'",
                            pos, pname, s, s[i]);
                goto fail;
            }
            int32_t v;
            int r = mc_parse_i32(s + start, i - start, &v);
            if (r == 1) {
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): malformed list '%s': '%.*s' is not an integer", pos,
                        pname, s, (int)(i - start), s + start);
                goto fail;
            }
            if (r == 2) {
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): element %ld: %.*s is out of range for i32", pos, pname,
                        (long)arg->len + 1, (int)(i - start), s + start);
                goto fail;
            }
            if ((size_t)arg->len == cap) {
                if (cap >= (size_t)INT32_MAX / 2) {
                    mc_diag(d, (McLoc){0, 0}, "argument %d (%s): list is too long", pos, pname);
                    goto fail;
                }
                cap = cap ? cap * 2 : 8;
                arg->data = mc_xrealloc(arg->data, cap * sizeof *arg->data);
            }
            arg->data[arg->len++] = v;
            while (i < n && is_space(s[i])) i++;
            if (i < n && s[i] == ',') {
                i++;
                continue;
            }
            if (i < n && s[i] == ']') {
                i++;
                break;
            }
            if (i >= n)
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): malformed list '%s': missing ']'", pos, pname, s);
            else
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): malformed list '%s': expected ',' or ']' before '%c'",
                        pos, pname, s, s[i]);
            goto fail;
        }
    }
    while (i < n && is_space(s[i])) i++;
    if (i < n) {
        mc_diag(d, (McLoc){0, 0}, "argument %d (%s): malformed list '%s': unexpected '%s' after ']'", pos, pname, s,
                s + i);
        goto fail;
    }
    if (arg->len == 0) {
        free(arg->data);
        arg->data = NULL;
    }
    return true;
fail:
    free(arg->data);
    arg->data = NULL;
    arg->len = 0;
    return false;
}

bool mc_args_parse(const McFunc *f, int argc, char *const *argv, McArgs *out, McDiags *d) {
    out->v = NULL;
    out->n = 0;
    if (argc != f->nparams) {
        McStr names;
        mc_str_init(&names);
        for (int32_t i = 0; i < f->nparams; i++) {
            if (i) mc_str_puts(&names, ", ");
            mc_str_puts(&names, param_name(f, i));
        }
        if (f->nparams == 0)
            mc_diag(d, (McLoc){0, 0}, "expected no arguments, got %d", argc);
        else
            mc_diag(d, (McLoc){0, 0}, "expected %d argument%s (%s), got %d", (int)f->nparams,
                    f->nparams == 1 ? "" : "s", names.s, argc);
        mc_str_free(&names);
        return false;
    }
    McArgs a;
    a.n = f->nparams;
    a.v = mc_xcalloc((size_t)(a.n ? a.n : 1), sizeof *a.v);
    bool ok = true;
    for (int32_t i = 0; i < f->nparams; i++) {
        const char *s = argv[i];
        const char *t = s;
        while (is_space(*t)) t++;
        bool is_list = *t == '[';
        bool want_buf = f->values[f->params[i]].kind == MC_VAL_BUF;
        const char *pname = param_name(f, i);
        if (want_buf) {
            if (!is_list) {
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): expected a list such as [1, 2, 3] for buf, got '%s'",
                        (int)i + 1, pname, s);
                ok = false;
                continue;
            }
            if (!parse_list(f, i + 1, s, &a.v[i], d)) ok = false;
        } else {
            if (is_list) {
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): expected an integer for i32, got the list '%s'",
                        (int)i + 1, pname, s);
                ok = false;
                continue;
            }
            size_t len = strlen(s);
            size_t b = 0;
            while (b < len && is_space(s[b])) b++;
            while (len > b && is_space(s[len - 1])) len--;
            int32_t v = 0;
            int r = mc_parse_i32(s + b, len - b, &v);
            if (r == 1) {
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): '%s' is not an integer", (int)i + 1, pname, s);
                ok = false;
            } else if (r == 2) {
                mc_diag(d, (McLoc){0, 0}, "argument %d (%s): %.*s is out of range for i32", (int)i + 1, pname,
                        (int)(len - b), s + b);
                ok = false;
            }
            a.v[i].is_buf = false;
            a.v[i].scalar = v;
        }
    }
    if (!ok) {
        mc_args_free(&a);
        return false;
    }
    *out = a;
    return true;
}

void mc_args_copy(McArgs *dst, const McArgs *src) {
    dst->n = src->n;
    dst->v = mc_xcalloc((size_t)(src->n ? src->n : 1), sizeof *dst->v);
    for (int32_t i = 0; i < src->n; i++) {
        dst->v[i] = src->v[i];
        dst->v[i].data = NULL;
        if (src->v[i].is_buf && src->v[i].len > 0) {
            dst->v[i].data = mc_xmalloc((size_t)src->v[i].len * sizeof(int32_t));
            memcpy(dst->v[i].data, src->v[i].data, (size_t)src->v[i].len * sizeof(int32_t));
        }
    }
}

void mc_args_free(McArgs *a) {
    if (!a) return;
    for (int32_t i = 0; i < a->n; i++) free(a->v[i].data);
    free(a->v);
    a->v = NULL;
    a->n = 0;
}

static void print_list(const McArg *arg, FILE *out) {
    fputc('[', out);
    for (int32_t k = 0; k < arg->len; k++) fprintf(out, k ? ", %ld" : "%ld", (long)arg->data[k]);
    fputc(']', out);
}

void mc_args_print_buffers(const McFunc *f, const McArgs *a, FILE *out) {
    for (int32_t i = 0; i < f->nparams && i < a->n; i++) {
        if (!a->v[i].is_buf) continue;
        fprintf(out, "%s = ", param_name(f, i));
        print_list(&a->v[i], out);
        fputc('\n', out);
    }
}

void mc_args_format(const McArgs *a, FILE *out) {
    for (int32_t i = 0; i < a->n; i++) {
        if (i) fputc(' ', out);
        if (a->v[i].is_buf)
            print_list(&a->v[i], out);
        else
            fprintf(out, "%ld", (long)a->v[i].scalar);
    }
}

/* ---- outcomes ------------------------------------------------------------- */

const char *mc_outcome_str(const McOutcome *o, char *buf, size_t size) {
    if (o->kind == MC_RETURNED)
        snprintf(buf, size, "return %ld", (long)o->value);
    else if (o->kind == MC_INTERRUPTED)
        snprintf(buf, size, "%s", MC_INTERRUPTED_MSG);
    else
        snprintf(buf, size, "trap: %s", o->trap);
    return buf;
}

void mc_outcome_print(const McFunc *f, const McOutcome *o, const McArgs *a, FILE *out) {
    char buf[192];
    fprintf(out, "%s\n", mc_outcome_str(o, buf, sizeof buf));
    mc_args_print_buffers(f, a, out);
}

bool mc_outcome_same(const McOutcome *x, const McArgs *xa, const McOutcome *y, const McArgs *ya) {
    if (x->kind != y->kind) return false;
    if (x->kind == MC_RETURNED && x->value != y->value) return false;
    if (x->kind == MC_TRAPPED && strcmp(x->trap, y->trap) != 0) return false;
    if (xa->n != ya->n) return false;
    for (int32_t i = 0; i < xa->n; i++) {
        const McArg *p = &xa->v[i], *q = &ya->v[i];
        if (p->is_buf != q->is_buf) return false;
        if (!p->is_buf) continue;
        if (p->len != q->len) return false;
        if (p->len && memcmp(p->data, q->data, (size_t)p->len * sizeof(int32_t)) != 0) return false;
    }
    return true;
}
