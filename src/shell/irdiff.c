/* irdiff.c - the before/after view of optimizer passes (`diff PASS...`,
 * issue 29 §5, Compiler Explorer's opt pipeline view): each pass runs once,
 * in order, on a copy of the SSA function, and the listing after it is
 * compared with the listing before it line by line (a longest common
 * subsequence), printed as `- ` removed and `+ ` added lines among a few
 * unchanged ones. The session's opt is not touched. */
#include <stdlib.h>
#include <string.h>

#include "minicc/opt.h"
#include "shell/irdiff.h"

/* Split text into lines (pointers into it, newlines replaced by NULs). */
static char **split_lines(char *text, int *n) {
    int cap = 16, k = 0;
    char **v = mc_xmalloc((size_t)cap * sizeof *v);
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        if (k == cap) {
            cap *= 2;
            v = mc_xrealloc(v, (size_t)cap * sizeof *v);
        }
        v[k++] = p;
        if (!nl) break;
        *nl = 0;
        p = nl + 1;
    }
    *n = k;
    return v;
}

/* Print the line diff of a and b: `- `, `+ ` and, within `context` lines of
 * a change, `  ` lines; longer unchanged runs as one `  ... N unchanged
 * lines`. Returns the lines removed plus added, or -1 when the texts are too
 * long to compare (more than MC_DIFF_MAX_CELLS line pairs). */
int mc_ir_diff(const char *a, const char *b, int context, FILE *out) {
    char *ta = mc_xstrdup(a), *tb = mc_xstrdup(b);
    int n, m;
    char **la = split_lines(ta, &n), **lb = split_lines(tb, &m);
    int changed = -1;
    if ((int64_t)(n + 1) * (m + 1) <= MC_DIFF_MAX_CELLS) {
        /* lcs[i][j]: the longest common subsequence of la[i..] and lb[j..] */
        int32_t *lcs = mc_xcalloc((size_t)(n + 1) * (size_t)(m + 1), sizeof *lcs);
#define L(i, j) lcs[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
        for (int i = n - 1; i >= 0; i--)
            for (int j = m - 1; j >= 0; j--)
                L(i, j) = strcmp(la[i], lb[j]) == 0 ? L(i + 1, j + 1) + 1
                          : L(i + 1, j) >= L(i, j + 1) ? L(i + 1, j) : L(i, j + 1);
        /* The edit script: tag and text per output line. */
        int cap = n + m + 1, k = 0;
        char *tag = mc_xmalloc((size_t)cap);
        const char **text = mc_xmalloc((size_t)cap * sizeof *text);
        int i = 0, j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && strcmp(la[i], lb[j]) == 0) tag[k] = ' ', text[k++] = la[i++], j++;
            else if (i < n && (j == m || L(i + 1, j) >= L(i, j + 1))) tag[k] = '-', text[k++] = la[i++];
            else tag[k] = '+', text[k++] = lb[j++];
        }
#undef L
        free(lcs);
        changed = 0;
        for (int x = 0; x < k; x++) changed += tag[x] != ' ';
        for (int x = 0; x < k;) {
            if (tag[x] != ' ') {
                fprintf(out, "%c %s\n", tag[x], text[x]);
                x++;
                continue;
            }
            int end = x;
            while (end < k && tag[end] == ' ') end++;
            /* unchanged x..end-1: context after the change before, before the next */
            int head = x == 0 ? 0 : context, tail = end == k ? 0 : context;
            if (end - x <= head + tail + 1) head = end - x, tail = 0;
            for (int y = x; y < x + head; y++) fprintf(out, "  %s\n", text[y]);
            if (end - x > head + tail) fprintf(out, "  ... %d unchanged line%s\n", end - x - head - tail, end - x - head - tail == 1 ? "" : "s");
            for (int y = end - tail; y < end && tail; y++) fprintf(out, "  %s\n", text[y]);
            x = end;
        }
        free(tag);
        free(text);
    }
    free(la);
    free(lb);
    free(ta);
    free(tb);
    return changed;
}

static char *listing(const McFunc *f) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    mc_func_print(f, m);
    fclose(m);
    return buf;
}

bool mc_show_pass_diffs(const McFunc *ssa, int npasses, char **passes, const McInterrupt *interrupt, FILE *out,
                        McDiags *d) {
    int ntable;
    const McPass *table = mc_pass_table(&ntable);
    int count = npasses ? npasses : ntable;
    McFunc *f = mc_func_clone(ssa);
    char *before = listing(f);
    bool ok = true;
    for (int p = 0; p < count && ok; p++) {
        const char *name = npasses ? passes[p] : table[p].name;
        McOptOptions o;
        mc_opt_options_default(&o);
        o.passes = name;
        o.interrupt = interrupt;
        if (!mc_opt_run(f, &o, NULL, d)) {
            ok = false;
            break;
        }
        char *after = listing(f);
        char *dbuf = NULL;
        size_t dlen = 0;
        FILE *m = open_memstream(&dbuf, &dlen);
        int changed = mc_ir_diff(before, after, 2, m);
        fclose(m);
        if (changed < 0) fprintf(out, "== %s: the listings are too long to compare here\n", name);
        else if (changed == 0) fprintf(out, "== %s: no change\n", name);
        else fprintf(out, "== %s: %d line%s changed\n%s", name, changed, changed == 1 ? "" : "s", dbuf);
        free(dbuf);
        free(before);
        before = after;
    }
    free(before);
    mc_func_free(f);
    return ok;
}
