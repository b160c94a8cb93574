/* stops.c - conditions, one-shot breakpoints, hit counts, watches and
 * displays over the session's breakpoints (stops.h). */
#include "shell/stops.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/interp.h"
#include "minicc/ir.h"
#include "minicc/util.h"
#include "shell/session.h"

static const char *const cond_ops[] = {"<=", ">=", "==", "!=", "<", ">"};
enum { NOPS = sizeof cond_ops / sizeof cond_ops[0] };

/* ---- conditions ------------------------------------------------------------ */

void mc_cond_free(McCond *c) {
    for (int i = 0; i < c->n; i++) {
        free(c->cmp[i].name[0]);
        free(c->cmp[i].name[1]);
    }
    free(c->cmp);
    free(c->or_next);
    memset(c, 0, sizeof *c);
}

static bool name_char(char ch, bool first) {
    return isalpha((unsigned char)ch) || ch == '_' || ch == '$' || ch == '.' || (!first && isdigit((unsigned char)ch));
}

/* One operand at *p: a value name or an integer constant. */
static bool cond_operand(const char **p, McCondCmp *c, int side, char *why, size_t size) {
    const char *q = *p;
    while (*q == ' ' || *q == '\t') q++;
    if (isdigit((unsigned char)*q) || (*q == '-' && isdigit((unsigned char)q[1]))) {
        char *end;
        long long v = strtoll(q, &end, 10);
        if (v < INT32_MIN || v > INT32_MAX || name_char(*end, false)) {
            snprintf(why, size, "bad constant '%.*s' (an i32)", (int)strcspn(q, " \t<>=!"), q);
            return false;
        }
        c->k[side] = (int32_t)v;
        *p = end;
        return true;
    }
    if (!name_char(*q, true)) {
        snprintf(why, size, *q ? "expected a value or a constant at '%s'" : "expected a value or a constant at the end",
                 q);
        return false;
    }
    const char *s = q;
    while (name_char(*q, false)) q++;
    c->name[side] = mc_xstrndup(s, (size_t)(q - s));
    if (strcmp(c->name[side], "and") == 0 || strcmp(c->name[side], "or") == 0) {
        snprintf(why, size, "expected a value or a constant before '%s'", c->name[side]);
        return false;
    }
    *p = q;
    return true;
}

bool mc_cond_parse(const char *text, McCond *c, char *why, size_t size) {
    memset(c, 0, sizeof *c);
    const char *p = text;
    int cap = 0;
    for (;;) {
        if (c->n == cap) { /* two arrays, one capacity */
            cap = (int)mc_grow_cap((size_t)cap, (size_t)c->n + 1, 4);
            c->cmp = mc_xrealloc(c->cmp, (size_t)cap * sizeof *c->cmp);
            c->or_next = mc_xrealloc(c->or_next, (size_t)cap * sizeof *c->or_next);
        }
        McCondCmp *m = &c->cmp[c->n++];
        memset(m, 0, sizeof *m);
        c->or_next[c->n - 1] = false;
        if (!cond_operand(&p, m, 0, why, size)) goto fail;
        while (*p == ' ' || *p == '\t') p++;
        m->op = -1;
        for (int o = 0; o < NOPS; o++)
            if (strncmp(p, cond_ops[o], strlen(cond_ops[o])) == 0) {
                m->op = o;
                p += strlen(cond_ops[o]);
                break;
            }
        if (m->op < 0) {
            snprintf(why, size, *p ? "expected a comparison (< <= > >= == !=) at '%s'"
                                   : "expected a comparison (< <= > >= == !=) at the end", p);
            goto fail;
        }
        if (!cond_operand(&p, m, 1, why, size)) goto fail;
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) return true;
        bool is_or = strncmp(p, "or", 2) == 0 && !name_char(p[2], false);
        bool is_and = strncmp(p, "and", 3) == 0 && !name_char(p[3], false);
        if (!is_or && !is_and) {
            snprintf(why, size, "expected 'and', 'or' or the end at '%s'", p);
            goto fail;
        }
        c->or_next[c->n - 1] = is_or;
        p += is_or ? 2 : 3;
    }
fail:
    mc_cond_free(c);
    return false;
}

/* An operand's value: a constant, or the named value of the running
 * function (false when it has none or it is not assigned yet). */
static bool cond_value(const McSession *s, const McCondCmp *c, int side, int32_t *out) {
    if (!c->name[side]) {
        *out = c->k[side];
        return true;
    }
    if (!s->interp) return false;
    int32_t v = mc_func_find_value(s->interp_func, c->name[side]);
    if (v == MC_NONE || s->interp_func->values[v].kind == MC_VAL_BUF) return false;
    return mc_interp_value(s->interp, v, out);
}

static bool cond_cmp(const McSession *s, const McCondCmp *c) {
    int32_t a, b;
    if (!cond_value(s, c, 0, &a) || !cond_value(s, c, 1, &b)) return false;
    switch (c->op) {
    case 0: return a <= b;
    case 1: return a >= b;
    case 2: return a == b;
    case 3: return a != b;
    case 4: return a < b;
    default: return a > b;
    }
}

/* `and` binds tighter than `or`: an or of and-groups. */
static bool cond_eval(const McSession *s, const McCond *c) {
    bool any = false, group = true;
    for (int i = 0; i < c->n; i++) {
        group = group && cond_cmp(s, &c->cmp[i]);
        if (i == c->n - 1 || c->or_next[i]) {
            any = any || group;
            group = true;
        }
    }
    return any;
}

/* ---- breakpoints ------------------------------------------------------------- */

static void break_free(McStopBreak *b) {
    free(b->block);
    free(b->cond_text);
    mc_cond_free(&b->cond);
}

void mc_stops_free(McStops *st) {
    for (int i = 0; i < st->nb; i++) break_free(&st->b[i]);
    free(st->b);
    for (int i = 0; i < st->nw; i++) free(st->w[i].name);
    free(st->w);
    for (int i = 0; i < st->ndisp; i++) free(st->disp[i]);
    free(st->disp);
    memset(st, 0, sizeof *st);
}

/* Is b of kind once with the condition cond (as typed, blanks collapsed)? */
static bool same_break(const McStopBreak *b, int32_t line, const char *cond, bool once) {
    if (b->once != once || b->line != line) return false;
    if (!cond || !b->cond_text) return !cond && !b->cond_text;
    return strcmp(b->cond_text, cond) == 0;
}

static McStopBreak *new_break(McStops *st, const char *block) {
    st->b = mc_xrealloc(st->b, (size_t)(st->nb + 1) * sizeof *st->b);
    McStopBreak *b = &st->b[st->nb++];
    memset(b, 0, sizeof *b);
    b->block = mc_xstrdup(block);
    b->number = ++st->next_number;
    return b;
}

int mc_session_break_put(McSession *s, const char *block, const char *cond, bool once, bool *existed, FILE *err) {
    return mc_session_break_put_line(s, block, 0, cond, once, existed, err);
}

int mc_session_break_put_line(McSession *s, const char *block, int32_t line, const char *cond, bool once,
                              bool *existed, FILE *err) {
    McCond c = {0};
    char why[256];
    *existed = false;
    if (cond && !mc_cond_parse(cond, &c, why, sizeof why))
        return mc_session_error(s, err, "%s: bad condition: %s", once ? "tbreak" : "break", why), -1;
    McStops *st = &s->stops;
    for (int i = 0; i < st->nb; i++)
        if (strcmp(st->b[i].block, block) == 0 && same_break(&st->b[i], line, cond, once)) {
            mc_cond_free(&c);
            *existed = true;
            return st->b[i].number;
        }
    if (!mc_session_has_break(s, block)) {
        if (!mc_session_break_add(s, block, err)) {
            mc_cond_free(&c);
            return -1;
        }
        /* break_add made the plain one: it becomes this one. */
        McStopBreak *b = &st->b[st->nb - 1];
        b->cond = c;
        b->cond_text = cond ? mc_xstrdup(cond) : NULL;
        b->once = once;
        b->line = line;
        return b->number;
    }
    McStopBreak *b = new_break(st, block);
    b->cond = c;
    b->cond_text = cond ? mc_xstrdup(cond) : NULL;
    b->once = once;
    b->line = line;
    return b->number;
}

void mc_session_break_describe(const McSession *s, const char *block, int except, FILE *out) {
    const McStops *st = &s->stops;
    int n = 0;
    for (int i = 0; i < st->nb; i++) {
        const McStopBreak *b = &st->b[i];
        if (b->number == except || strcmp(b->block, block) != 0) continue;
        fprintf(out, "%s%s %d", n++ ? ", " : "", b->once ? "tbreak" : "breakpoint", b->number);
        if (b->cond_text) fprintf(out, " if %s", b->cond_text);
    }
}

int mc_session_break_count(const McSession *s, const char *block) {
    int n = 0;
    for (int i = 0; i < s->stops.nb; i++) n += strcmp(s->stops.b[i].block, block) == 0;
    return n;
}

void mc_stops_add_plain(McStops *st, const char *block) { new_break(st, block); }

void mc_session_break_forget(McSession *s, const char *block) {
    McStops *st = &s->stops;
    for (int i = 0; i < st->nb;) {
        if (block && strcmp(st->b[i].block, block) != 0) {
            i++;
            continue;
        }
        break_free(&st->b[i]);
        memmove(&st->b[i], &st->b[i + 1], (size_t)(st->nb - i - 1) * sizeof *st->b);
        st->nb--;
    }
}

/* ---- watches and displays --------------------------------------------------- */

/* The watched value now; false when there is none or it is not assigned. */
static bool watch_value(McSession *s, McWatch *w, int32_t *out) {
    if (!s->interp) return false;
    if (w->func != (const void *)s->interp_func) {
        w->func = s->interp_func;
        w->value = mc_func_find_value(s->interp_func, w->name);
        if (w->value != MC_NONE && s->interp_func->values[w->value].kind == MC_VAL_BUF) w->value = MC_NONE;
    }
    return w->value != MC_NONE && mc_interp_value(s->interp, w->value, out);
}

/* A value of the function (any form built so far), for watch and display. */
static bool known_value(McSession *s, const char *cmd, const char *name, FILE *err) {
    if (!mc_session_need_func(s, err)) return false;
    const McFunc *fs[] = {s->interp_func, s->input, s->ssa, s->opt, s->destroyed ? s->destroyed->f : NULL};
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        if (!fs[i]) continue;
        int32_t v = mc_func_find_value(fs[i], name);
        if (v == MC_NONE) continue;
        if (fs[i]->values[v].kind == MC_VAL_BUF)
            return mc_session_error(s, err, "%s: '%s' is a buffer (conditions, watch and display take i32 values)", cmd,
                                    name);
        return true;
    }
    return mc_session_error(s, err, "%s: no value '%s' in %s", cmd, name, s->input->name);
}

bool mc_session_cond_check(McSession *s, const char *cmd, const McCond *c, FILE *err) {
    for (int i = 0; i < c->n; i++)
        for (int k = 0; k < 2; k++)
            if (c->cmp[i].name[k] && !known_value(s, cmd, c->cmp[i].name[k], err)) return false;
    return true;
}

bool mc_session_watch_add(McSession *s, const char *name, FILE *err) {
    if (!known_value(s, "watch", name, err)) return false;
    McStops *st = &s->stops;
    for (int i = 0; i < st->nw; i++)
        if (strcmp(st->w[i].name, name) == 0) return true;
    st->w = mc_xrealloc(st->w, (size_t)(st->nw + 1) * sizeof *st->w);
    McWatch *w = &st->w[st->nw++];
    memset(w, 0, sizeof *w);
    w->name = mc_xstrdup(name);
    w->number = ++st->next_number;
    w->value = MC_NONE;
    w->had = watch_value(s, w, &w->old);
    return true;
}

bool mc_session_display_add(McSession *s, const char *name, FILE *err) {
    if (!known_value(s, "display", name, err)) return false;
    McStops *st = &s->stops;
    for (int i = 0; i < st->ndisp; i++)
        if (strcmp(st->disp[i], name) == 0) return true;
    st->disp = mc_xrealloc(st->disp, (size_t)(st->ndisp + 1) * sizeof *st->disp);
    st->disp[st->ndisp++] = mc_xstrdup(name);
    return true;
}

bool mc_session_stop_delete(McSession *s, int n) {
    McStops *st = &s->stops;
    for (int i = 0; i < st->nb; i++)
        if (st->b[i].number == n) {
            char *block = mc_xstrdup(st->b[i].block);
            break_free(&st->b[i]);
            memmove(&st->b[i], &st->b[i + 1], (size_t)(st->nb - i - 1) * sizeof *st->b);
            st->nb--;
            /* The block stops nothing more once its last breakpoint goes. */
            bool ok = mc_session_break_count(s, block) > 0 || mc_session_break_del(s, block, NULL);
            free(block);
            return ok;
        }
    for (int i = 0; i < st->nw; i++)
        if (st->w[i].number == n) {
            free(st->w[i].name);
            memmove(&st->w[i], &st->w[i + 1], (size_t)(st->nw - i - 1) * sizeof *st->w);
            st->nw--;
            return true;
        }
    return false;
}

/* "watch a: 1 -> 2" ("-" for not assigned). */
static void watch_text(const McWatch *w, bool had, int32_t old, bool has, int32_t now, char *buf, size_t size) {
    char o[16] = "-", n[16] = "-";
    if (had) snprintf(o, sizeof o, "%ld", (long)old);
    if (has) snprintf(n, sizeof n, "%ld", (long)now);
    snprintf(buf, size, "watch %s: %s -> %s", w->name, o, n);
}

/* ---- the stop decision ----------------------------------------------------------- */

/* Inside the block continue started in, after an instruction: a `break LINE`
 * of this block for the C line now reached, another line than the one it
 * started on (two line breakpoints in one block: a stop at the first, then
 * continue stops at the second). Counts the stop as mc_session_stop_check
 * does; true when it stops here. */
bool mc_session_line_stop_check(McSession *s, int32_t from) {
    McInterp *in = s->interp;
    int32_t b = mc_interp_block(in), now = mc_session_c_line(s);
    if (b < 0 || mc_interp_pc(in) < 0 || !now || now == from || mc_interp_finished(in, NULL)) return false;
    McStops *st = &s->stops;
    const char *name = s->interp_func->blocks[b].name;
    bool any = false;
    for (int i = 0; i < st->nb;) {
        McStopBreak *k = &st->b[i];
        if (k->line != now || !mc_session_break_applies(s, k->block, s->interp_func, name) ||
            (k->cond.n && !cond_eval(s, &k->cond))) {
            i++;
            continue;
        }
        any = true;
        k->hits++;
        if (k->once) mc_session_stop_delete(s, k->number);
        else i++;
    }
    if (any) {
        st->last_stop = 1;
        st->stop_line = 0;
        st->hit[0] = 0;
    }
    return any;
}

int mc_session_stop_check(McSession *s, const bool *bp, int32_t block) {
    McStops *st = &s->stops;
    int stop = 0;
    st->hit[0] = 0;
    st->stop_line = 0;
    if (block >= 0 && bp && bp[block]) {
        /* The breakpoints of the block whose condition holds stop here: an
         * entry breakpoint, else the earliest `break LINE` among them (the
         * later lines stop inside the block as continue reaches them,
         * mc_session_line_stop_check). Those that stop count the stop; a
         * tbreak among them goes. */
        const char *name = s->interp_func->blocks[block].name;
        bool any = false, entry = false, listed = false;
        int32_t line = 0;
        for (int i = 0; i < st->nb; i++) {
            McStopBreak *b = &st->b[i];
            if (!mc_session_break_applies(s, b->block, s->interp_func, name)) continue;
            listed = true;
            if (b->cond.n && !cond_eval(s, &b->cond)) continue;
            any = true;
            if (b->line == 0) entry = true;
            else if (!line || b->line < line) line = b->line;
        }
        for (int i = 0; any && i < st->nb;) {
            McStopBreak *b = &st->b[i];
            if (!mc_session_break_applies(s, b->block, s->interp_func, name) || (b->cond.n && !cond_eval(s, &b->cond)) ||
                b->line != (entry ? 0 : line)) {
                i++;
                continue;
            }
            b->hits++;
            if (b->once) mc_session_stop_delete(s, b->number); /* the next one moves to i */
            else i++;
        }
        if (any || !listed) stop = 1;
        st->stop_line = entry || !any ? 0 : line;
    }
    /* The first watched value that changed (the others stay for the next
     * check); also at a breakpoint, so a change is never skipped. */
    for (int i = 0; i < st->nw; i++) {
        McWatch *w = &st->w[i];
        int32_t now = 0;
        bool has = watch_value(s, w, &now);
        if (has == w->had && (!has || now == w->old)) continue;
        watch_text(w, w->had, w->old, has, now, st->hit, sizeof st->hit);
        w->had = has;
        w->old = now;
        w->hits++;
        stop |= 2;
        break;
    }
    if (stop) st->last_stop = stop;
    return stop;
}

char mc_session_break_mark(const McSession *s, const char *block) {
    /* The strongest of the block's breakpoints: one that always stops, else
     * a lasting conditional one, else one-shot ones only. */
    char mark = 0;
    for (int i = 0; i < s->stops.nb; i++) {
        const McStopBreak *b = &s->stops.b[i];
        if (strcmp(b->block, block) != 0) continue;
        char m = b->once ? 't' : b->cond.n ? '?' : '*';
        if (!mark || m == '*' || (m == '?' && mark == 't')) mark = m;
    }
    return mark ? mark : '*';
}

bool mc_session_stops_need_stepping(const McSession *s) {
    if (s->stops.nw) return true;
    for (int i = 0; i < s->stops.nb; i++)
        if (s->stops.b[i].cond.n) return true;
    return false;
}

void mc_session_watch_sync(McSession *s) {
    for (int i = 0; i < s->stops.nw; i++) {
        McWatch *w = &s->stops.w[i];
        w->had = watch_value(s, w, &w->old);
    }
}

void mc_session_watch_report(McSession *s, FILE *out) {
    for (int i = 0; i < s->stops.nw; i++) {
        McWatch *w = &s->stops.w[i];
        int32_t now = 0;
        bool has = watch_value(s, w, &now);
        if (has == w->had && (!has || now == w->old)) continue;
        char buf[256];
        watch_text(w, w->had, w->old, has, now, buf, sizeof buf);
        fprintf(out, "%s\n", buf);
        w->had = has;
        w->old = now;
    }
}

void mc_session_show_displays(McSession *s, FILE *out) {
    if (!s->stops.ndisp || !s->interp) return;
    fputs("display:", out);
    for (int i = 0; i < s->stops.ndisp; i++) {
        const char *name = s->stops.disp[i];
        int32_t v = mc_func_find_value(s->interp_func, name), x;
        if (v != MC_NONE && mc_interp_value(s->interp, v, &x)) fprintf(out, "%s %s = %ld", i ? "," : "", name, (long)x);
        else fprintf(out, "%s %s = -", i ? "," : "", name);
    }
    fputc('\n', out);
}

void mc_session_info_breakpoints(McSession *s, FILE *out) {
    McStops *st = &s->stops;
    if (!st->nb && !st->nw) {
        fputs("no breakpoints or watches\n", out);
        return;
    }
    /* What: a block, a line breakpoint's block and C line (body.L14 (line
     * 16)), or a watched name; the column is as wide as its widest entry. */
    int ww = 13;
    for (int k = 0; k < st->nb; k++) {
        int n = (int)strlen(st->b[k].block) + (st->b[k].line ? snprintf(NULL, 0, " (line %ld)", (long)st->b[k].line) : 0);
        if (n > ww) ww = n;
    }
    for (int k = 0; k < st->nw; k++)
        if ((int)strlen(st->w[k].name) > ww) ww = (int)strlen(st->w[k].name);
    fprintf(out, "Num  Type        %-*s Hits  Condition\n", ww, "What");
    /* In the order they were made: numbers ascend in both lists. */
    int i = 0, j = 0;
    while (i < st->nb || j < st->nw) {
        if (j >= st->nw || (i < st->nb && st->b[i].number < st->w[j].number)) {
            const McStopBreak *b = &st->b[i++];
            char what[160];
            if (b->line) snprintf(what, sizeof what, "%s (line %ld)", b->block, (long)b->line);
            else snprintf(what, sizeof what, "%s", b->block);
            fprintf(out, "%-4d %-11s %-*s %4lld", b->number, b->once ? "tbreak" : "breakpoint", ww, what,
                    (long long)b->hits);
            if (b->cond_text) fprintf(out, "  %s", b->cond_text);
            fputc('\n', out);
        } else {
            const McWatch *w = &st->w[j++];
            fprintf(out, "%-4d %-11s %-*s %4lld\n", w->number, "watch", ww, w->name, (long long)w->hits);
        }
    }
    if (st->ndisp) {
        fputs("display:", out);
        for (int k = 0; k < st->ndisp; k++) fprintf(out, " %s", st->disp[k]);
        fputc('\n', out);
    }
}
