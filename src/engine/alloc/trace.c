/* trace.c - the allocator's switches by name (McAllocOptions) and the
 * allocation trace drawn as text and replayed (regalloc.h).
 *
 * Each switch is a NAME with a small list of values, the first of which is
 * the default; `no-NAME` means NAME=off. The table below is the only place
 * that spells them: the one-shot commands' --alloc-opt, the prompt's
 * `set alloc`, sweep's `--vary` and the help texts all read it.
 *
 * The trace (McAllocTrace) is filled by regalloc.c as it decides; here it
 * is only read. mc_alloc_trace_matches replays the decisions on the path
 * that produced the allocation - merges, colours, recolourings, slots - and
 * compares the assignment it arrives at with the one the machine uses. */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "alloc_common.h"

/* ---- the switches ---------------------------------------------------------- */

enum {
    SW_SPLIT,
    SW_COPIES,
    SW_COPY_EXCEPTION,
    SW_COALESCE,
    SW_BIAS,
    SW_RECOLOUR,
    SW_SLOT_SHARING,
    SW_METRIC,
    SW_VARIANT,
    SW_DESTROY,
    SW_PARAM_EDGES,
    SW_SAVES,
    SW_CALLS,
    SW_TWO_ADDRESS,
    SW_COUNT
};

typedef struct Switch {
    const char *name;
    const char *values[6]; /* the default first; NULL-terminated */
} Switch;

static const Switch switches[SW_COUNT] = {
    {"split", {"critical", "all", NULL}},
    {"copies", {"parallel", "temps", NULL}},
    {"copy-exception", {"on", "off", NULL}},
    {"coalesce", {"conservative", "off", "aggressive", NULL}},
    {"bias", {"on", "off", NULL}},
    {"recolour", {"on", "off", NULL}},
    {"slot-sharing", {"on", "off", NULL}},
    {"metric", {"best", "cost/degree", "cost/degree2", "cost", "chapter", NULL}},
    {"variant", {"best", "coalesce", "no-coalesce", "degree", NULL}},
    {"destroy", {"correct", "naive", "sequential", NULL}},
    {"param-edges", {"on", "off", NULL}},
    {"saves", {"correct", "no-caller", "no-callee", NULL}},
    {"calls", {"save", "interfere", NULL}},
    {"two-address", {"target", "copies", "emitter", NULL}},
};

void mc_alloc_options_default(McAllocOptions *o) { memset(o, 0, sizeof *o); }

int mc_alloc_option_count(void) { return SW_COUNT; }

const char *mc_alloc_option_name(int i) { return i >= 0 && i < SW_COUNT ? switches[i].name : NULL; }

const char *const *mc_alloc_option_values(int i) { return i >= 0 && i < SW_COUNT ? switches[i].values : NULL; }

/* The value index of switch i in o. */
static int get(const McAllocOptions *o, int i) {
    switch (i) {
    case SW_SPLIT: return o->split_all;
    case SW_COPIES: return o->save_all;
    case SW_COPY_EXCEPTION: return o->no_copy_exception;
    case SW_COALESCE: return (int)o->coalesce;
    case SW_BIAS: return o->no_bias;
    case SW_RECOLOUR: return o->no_recolour;
    case SW_SLOT_SHARING: return o->no_slot_sharing;
    case SW_METRIC: return (int)o->metric;
    case SW_VARIANT: return (int)o->variant;
    case SW_DESTROY: return (int)o->destroy;
    case SW_PARAM_EDGES: return o->no_param_edges;
    case SW_SAVES: return (int)o->saves;
    case SW_CALLS: return (int)o->calls;
    case SW_TWO_ADDRESS: return (int)o->two_address;
    default: return 0;
    }
}

static void set(McAllocOptions *o, int i, int v) {
    switch (i) {
    case SW_SPLIT: o->split_all = v; break;
    case SW_COPIES: o->save_all = v; break;
    case SW_COPY_EXCEPTION: o->no_copy_exception = v; break;
    case SW_COALESCE: o->coalesce = (McCoalesceMode)v; break;
    case SW_BIAS: o->no_bias = v; break;
    case SW_RECOLOUR: o->no_recolour = v; break;
    case SW_SLOT_SHARING: o->no_slot_sharing = v; break;
    case SW_METRIC: o->metric = (McSpillMetric)v; break;
    case SW_VARIANT: o->variant = (McAllocVariant)v; break;
    case SW_DESTROY: o->destroy = (McDestroyBug)v; break;
    case SW_PARAM_EDGES: o->no_param_edges = v; break;
    case SW_SAVES: o->saves = (McSaveBug)v; break;
    case SW_CALLS: o->calls = (McCallsMode)v; break;
    case SW_TWO_ADDRESS: o->two_address = (McTwoAddress)v; break;
    default: break;
    }
}

static int find_switch(const char *name, size_t len) {
    for (int i = 0; i < SW_COUNT; i++)
        if (strlen(switches[i].name) == len && strncmp(switches[i].name, name, len) == 0) return i;
    return -1;
}

int mc_alloc_option_lookup(const char *name) { return find_switch(name, strlen(name)); }

static int find_value(int i, const char *v) {
    for (int k = 0; switches[i].values[k]; k++)
        if (strcmp(switches[i].values[k], v) == 0) return k;
    return -1;
}

static void value_list(int i, char *buf, size_t size) {
    size_t at = 0;
    buf[0] = 0;
    for (int k = 0; switches[i].values[k] && at < size; k++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", k ? ", " : "", switches[i].values[k]);
}

/* One word into o. */
static bool parse_word(McAllocOptions *o, const char *word, char *err, size_t size) {
    if (strcmp(word, "default") == 0) {
        McAllocTrace *keep = o->trace;
        mc_alloc_options_default(o);
        o->trace = keep;
        return true;
    }
    const char *eq = strchr(word, '=');
    int i;
    const char *value;
    if (eq) {
        i = find_switch(word, (size_t)(eq - word));
        value = eq + 1;
    } else if (strncmp(word, "no-", 3) == 0) {
        i = find_switch(word + 3, strlen(word + 3));
        value = "off";
    } else {
        i = -1;
        value = NULL;
    }
    if (i < 0) {
        char names[256];
        size_t at = 0;
        for (int k = 0; k < SW_COUNT && at < sizeof names; k++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", k ? ", " : "", switches[k].name);
        snprintf(err, size, "unknown allocator switch '%s' (NAME=VALUE or no-NAME with NAME one of %s; or default)",
                 word, names);
        return false;
    }
    int v = find_value(i, value);
    if (v < 0) {
        char vals[128];
        value_list(i, vals, sizeof vals);
        snprintf(err, size, "%s: unknown value '%s' (%s)", switches[i].name, value, vals);
        return false;
    }
    set(o, i, v);
    return true;
}

bool mc_alloc_option_parse(McAllocOptions *o, const char *list, char *err, size_t size) {
    McAllocOptions t = *o;
    char *copy = mc_xstrdup(list);
    bool ok = true;
    if (!*copy) {
        snprintf(err, size, "empty list of allocator switches");
        ok = false;
    }
    for (char *p = copy; ok && p;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = 0;
        if (!*p) {
            snprintf(err, size, "empty word in the list of allocator switches '%s'", list);
            ok = false;
        } else {
            ok = parse_word(&t, p, err, size);
        }
        p = comma ? comma + 1 : NULL;
    }
    free(copy);
    if (ok) *o = t;
    return ok;
}

void mc_alloc_options_print(const McAllocOptions *o, FILE *out) {
    for (int i = 0; i < SW_COUNT; i++) {
        int v = get(o, i);
        char vals[128];
        value_list(i, vals, sizeof vals);
        fprintf(out, "%-15s %-13s%s  (%s)\n", switches[i].name, switches[i].values[v], v ? " *" : "  ", vals);
    }
}

const char *mc_alloc_options_str(const McAllocOptions *o, char *buf, size_t size) {
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < SW_COUNT && at < size; i++) {
        int v = get(o, i);
        if (v) at += (size_t)snprintf(buf + at, size - at, "%s%s=%s", at ? "," : "", switches[i].name, switches[i].values[v]);
    }
    if (at == 0) snprintf(buf, size, "default");
    return buf;
}

/* ---- the trace ---------------------------------------------------------------- */

void mc_alloc_trace_init(McAllocTrace *t) { memset(t, 0, sizeof *t); }

void mc_alloc_trace_free(McAllocTrace *t) {
    free(t->ev);
    mc_alloc_trace_init(t);
}

bool mc_alloc_trace_on_path(const McAllocTrace *t, int32_t i) {
    const McTraceEvent *e = &t->ev[i];
    if (e->kind == MC_TR_VARIANT || e->kind == MC_TR_ESTIMATE) return e->variant == t->won_variant;
    if (e->variant == 0) return true;
    if (e->variant != t->won_variant) return false;
    return e->metric == 0 || e->metric == t->won_metric;
}

static const char *vname(const McAllocation *a, int32_t v) {
    return v >= 0 && v < a->f->nvalues ? a->f->values[v].name : "?";
}

static const char *variant_name(int v) { return switches[SW_VARIANT].values[v >= 0 && v < 4 ? v : 0]; }
static const char *metric_name(int m) { return switches[SW_METRIC].values[m >= 0 && m < 5 ? m : 0]; }

static const char *test_line(const McTraceEvent *e, const McAllocation *a, char *buf, size_t size) {
    const char *res = e->flag ? "merged" : "refused";
    switch (e->test) {
    case MC_TEST_INTERFERE:
        snprintf(buf, size, "move %s <- %s: they interfere: refused", vname(a, e->v), vname(a, e->w));
        break;
    case MC_TEST_BRIGGS:
        snprintf(buf, size, "move %s <- %s: Briggs: %d significant neighbour%s %s K=%d: %s", vname(a, e->v),
                 vname(a, e->w), (int)e->n1, e->n1 == 1 ? "" : "s", e->flag ? "<" : ">=", (int)e->n2,
                 e->flag ? "merged" : "try George");
        if (e->flag) {
            size_t at = strlen(buf);
            snprintf(buf + at, size - at, " into %s", vname(a, e->reg));
        }
        break;
    case MC_TEST_GEORGE:
        snprintf(buf, size, "move %s <- %s: George (neighbours of %s vs %s): %d significant and not adjacent: %s",
                 vname(a, e->v), vname(a, e->w), vname(a, e->w), vname(a, e->v), (int)e->n1, res);
        if (e->flag) {
            size_t at = strlen(buf);
            snprintf(buf + at, size - at, " into %s", vname(a, e->reg));
        }
        break;
    case MC_TEST_AGGRESSIVE:
        snprintf(buf, size, "move %s <- %s: aggressive: merged into %s", vname(a, e->v), vname(a, e->w),
                 vname(a, e->reg));
        break;
    default: snprintf(buf, size, "move %s <- %s: %s", vname(a, e->v), vname(a, e->w), res); break;
    }
    return buf;
}

const char *mc_alloc_trace_event_str(const McAllocTrace *t, int32_t i, const McAllocation *a, char *buf,
                                     size_t size) {
    const McTraceEvent *e = &t->ev[i];
    char loc[32], ra[32], rb[32];
#define RN(r, b) mc_alloc_reg_str(a, (r), (b), sizeof(b))
    switch (e->kind) {
    case MC_TR_COST:
        if (e->w < 0)
            snprintf(buf, size, "cost %s: + 1 (bound parameter) = %g", vname(a, e->v), e->x);
        else
            snprintf(buf, size, "cost %s: + %d x %g (%s) = %g", vname(a, e->v), (int)e->n1, e->y,
                     e->w < a->f->nblocks ? a->f->blocks[e->w].name : "?", e->x);
        break;
    case MC_TR_COST_TOTAL: snprintf(buf, size, "cost %s = %g", vname(a, e->v), e->x); break;
    case MC_TR_VARIANT: snprintf(buf, size, "variant %s", variant_name(e->n1)); break;
    case MC_TR_MOVE: test_line(e, a, buf, size); break;
    case MC_TR_PUSH:
        if (e->flag)
            snprintf(buf, size, "push %s (degree %d >= K=%d, optimistic, metric %g)", vname(a, e->v), (int)e->n1,
                     (int)e->n2, e->x);
        else
            snprintf(buf, size, "push %s (degree %d < K=%d)", vname(a, e->v), (int)e->n1, (int)e->n2);
        break;
    case MC_TR_ORDER: snprintf(buf, size, "next %s (degree %d)", vname(a, e->v), (int)e->n1); break;
    case MC_TR_COLOUR:
        if (e->reg < 0)
            snprintf(buf, size, "colour %s: no free register", vname(a, e->v));
        else if (e->flag)
            snprintf(buf, size, "colour %s -> %s (biased: copy partner %s holds it)", vname(a, e->v), RN(e->reg, ra),
                     vname(a, e->w));
        else
            snprintf(buf, size, "colour %s -> %s", vname(a, e->v), RN(e->reg, ra));
        break;
    case MC_TR_RECOLOUR:
        if (e->reg < 0)
            snprintf(buf, size, "recolour %s -> spilled (to free a register for %s)", vname(a, e->v), vname(a, e->w));
        else if (e->v == e->w)
            snprintf(buf, size, "recolour %s -> %s (un-spilled)", vname(a, e->v), RN(e->reg, ra));
        else
            snprintf(buf, size, "recolour %s -> %s (to free a register for %s)", vname(a, e->v), RN(e->reg, ra),
                     vname(a, e->w));
        break;
    case MC_TR_SELECTED:
        snprintf(buf, size, "metric %s: spilled cost %g%s", metric_name(e->metric), e->x, e->flag ? " (best so far)" : "");
        break;
    case MC_TR_SLOT:
        snprintf(loc, sizeof loc, "slot%d", (int)e->reg);
        if (e->flag)
            snprintf(buf, size, "spill %s -> %s (shared with %s)", vname(a, e->v), loc, vname(a, e->w));
        else
            snprintf(buf, size, "spill %s -> %s (new)", vname(a, e->v), loc);
        break;
    case MC_TR_ESTIMATE:
        snprintf(buf, size, "variant %s: estimated traffic %g%s", variant_name(e->n1), e->x,
                 e->flag ? " (best so far)" : "");
        break;
    case MC_TR_WINNER:
        snprintf(buf, size, "winner: variant %s, estimated traffic %g", variant_name(e->n1), e->x);
        break;
    case MC_TR_FINAL:
        if (e->n1 == MC_LOC_SLOT)
            snprintf(buf, size, "assign %s -> slot%d", vname(a, e->v), (int)e->reg);
        else
            snprintf(buf, size, "assign %s -> %s", vname(a, e->v), RN(e->reg, ra));
        break;
    case MC_TR_CALL_SAVE: {
        const McInst *in = &a->f->blocks[e->n1].insts[e->n2];
        McLoc at = mc_loc(a->f, in->loc);
        if (e->flag)
            snprintf(buf, size, "call at %d:%d: %s in caller-saved %s is live across it: NOT saved (planted bug)",
                     (int)at.line, (int)at.col, vname(a, e->v), RN(e->reg, ra));
        else
            snprintf(buf, size, "call at %d:%d: %s in caller-saved %s is live across it: saved to save%d, restored after",
                     (int)at.line, (int)at.col, vname(a, e->v), RN(e->reg, ra), (int)e->w);
        break;
    }
    case MC_TR_CALL_SAFE: {
        const McInst *in = &a->f->blocks[e->n1].insts[e->n2];
        McLoc at = mc_loc(a->f, in->loc);
        const char *by = e->flag ? " (calls=interfere: out of the caller-saved registers by interference)" : "";
        if (e->reg >= 0)
            snprintf(buf, size, "call at %d:%d: %s in callee-saved %s is live across it: kept%s", (int)at.line,
                     (int)at.col, vname(a, e->v), RN(e->reg, ra), by);
        else
            snprintf(buf, size, "call at %d:%d: %s in slot%d is live across it: kept%s", (int)at.line, (int)at.col,
                     vname(a, e->v), (int)e->w, by);
        break;
    }
    case MC_TR_FORBID: {
        char why[160], regs[160];
        if (!a->cons) {
            snprintf(buf, size, "?");
            break;
        }
        if (e->n2 > 0) { /* x86-64's fixed registers: kind n2 - 1 at site n1 */
            snprintf(buf, size, "%s interferes with %s: %s", vname(a, e->v),
                     mc_call_cons_mask_str(a, mc_fixed_kind_regs(e->n2 - 1), regs, sizeof regs),
                     mc_call_cons_fixed_str(a->cons, e->v, e->n2 - 1, why, sizeof why));
            break;
        }
        snprintf(buf, size, "%s interferes with %s: %s (caller-saved under %s)", vname(a, e->v),
                 mc_call_cons_regs_str(a, regs, sizeof regs), mc_call_cons_forbid_str(a->cons, e->v, why, sizeof why),
                 mc_convention_name(a->cons->conv));
        break;
    }
    case MC_TR_PREFER: {
        char why[160];
        if (!a->cons) {
            snprintf(buf, size, "?");
            break;
        }
        snprintf(buf, size, "%s prefers %s: %s", vname(a, e->v), RN(e->reg, ra),
                 mc_call_cons_pref_str(a->cons, e->v, why, sizeof why));
        break;
    }
    case MC_TR_PREFER_GOT:
        if (e->n1 == MC_LOC_REG && e->w == e->reg)
            snprintf(buf, size, "preference: %s got %s (no move)", vname(a, e->v), RN(e->reg, ra));
        else if (e->n1 == MC_LOC_REG)
            snprintf(buf, size, "preference: %s wanted %s, got %s (a move)", vname(a, e->v), RN(e->reg, ra), RN(e->w, rb));
        else
            snprintf(buf, size, "preference: %s wanted %s, got slot%d (a move)", vname(a, e->v), RN(e->reg, ra), (int)e->w);
        break;
    case MC_TR_RENAME:
        snprintf(buf, size, "convention: %s -> %s (%s; its values are live across %d call%s)", RN(e->reg, ra),
                 RN(e->w, rb), e->flag ? "callee-saved" : "caller-saved", (int)e->n1, e->n1 == 1 ? "" : "s");
        break;
    case MC_TR_CALLEE_SAVE:
        if (e->flag)
            snprintf(buf, size, "prologue: callee-saved %s is written here: NOT saved (planted bug)", RN(e->reg, ra));
        else
            snprintf(buf, size, "prologue: callee-saved %s is written here: saved to save%d, restored on return",
                     RN(e->reg, ra), (int)e->w);
        break;
    case MC_TR_TWOADDR:
    case MC_TR_TWOADDR_COPY:
    case MC_TR_TWOADDR_SSA: mc_alloc_two_address_event_str(e, a, buf, size); break;
    default: snprintf(buf, size, "?"); break;
    }
#undef RN
    return buf;
}

void mc_alloc_trace_print(const McAllocTrace *t, const McAllocation *a, FILE *out) {
    char buf[512];
    fprintf(out, "# %s allocation trace of %s, K=%d\n", mc_allocator_name(a->allocator), a->f->name,
            (int)a->registers);
    if (a->allocator == MC_ALLOC_BASELINE)
        fprintf(out, "order: descending degree, ties by name; lowest free register, else a new slot\n");
    else if (a->allocator == MC_ALLOC_LINEAR || a->allocator == MC_ALLOC_SSA)
        fprintf(out, "%s: its decisions are not recorded (%s shows them), only the assignment it made\n",
                a->allocator == MC_ALLOC_LINEAR ? "linear scan over live intervals" : "colouring in dominance order",
                a->allocator == MC_ALLOC_LINEAR ? "`intervals`" : "`live --points`");
    else
        fprintf(out, "spill costs: uses + defs, each x its block's weight (10^loop depth x probability), "
                     "+ 1 for a bound parameter\n");
    int metric = -1;
    for (int32_t i = 0; i < t->n; i++) {
        const McTraceEvent *e = &t->ev[i];
        const char *indent = "  ";
        if (e->kind == MC_TR_VARIANT || e->kind == MC_TR_WINNER) {
            indent = "";
            metric = -1;
        } else if (e->kind == MC_TR_ESTIMATE || (e->variant && e->metric == 0)) {
            indent = "  ";
            metric = -1;
        } else if (e->metric) {
            if (e->metric != metric && e->kind != MC_TR_SELECTED)
                fprintf(out, "  metric %s:\n", metric_name(e->metric));
            metric = e->metric;
            indent = e->kind == MC_TR_SELECTED ? "  " : "    ";
            if (e->kind == MC_TR_SELECTED) metric = -1;
        }
        fprintf(out, "%s%s\n", indent, mc_alloc_trace_event_str(t, i, a, buf, sizeof buf));
    }
}

/* ---- replay ------------------------------------------------------------------- */

static int32_t root(int32_t *rep, int32_t v) {
    while (rep[v] != v) v = rep[v];
    return v;
}

bool mc_alloc_trace_matches(const McAllocTrace *t, const McAllocation *a, char *msg, size_t size) {
    int32_t n = a->f->nvalues;
    int32_t *rep = mc_xmalloc((size_t)(n ? n : 1) * sizeof *rep);
    McLocation *loc = mc_xcalloc((size_t)(n ? n : 1), sizeof *loc);
    for (int32_t v = 0; v < n; v++) rep[v] = v;
    /* the convention's renaming (MC_TR_RENAME), applied after the colouring */
    int32_t *rename = mc_xmalloc((size_t)(a->registers ? a->registers : 1) * sizeof *rename);
    for (int32_t r = 0; r < a->registers; r++) rename[r] = r;
    for (int32_t i = 0; i < t->n; i++) {
        if (!mc_alloc_trace_on_path(t, i)) continue;
        const McTraceEvent *e = &t->ev[i];
        if (e->kind == MC_TR_RENAME && e->reg >= 0 && e->reg < a->registers) rename[e->reg] = e->w;
        if (e->v < 0 || e->v >= n) continue; /* not about a value */
        switch (e->kind) {
        case MC_TR_MOVE:
            if (e->flag && e->reg >= 0 && e->reg < n) {
                int32_t other = e->reg == e->v ? e->w : e->v;
                if (other >= 0 && other < n) rep[root(rep, other)] = root(rep, e->reg);
            }
            break;
        case MC_TR_COLOUR:
        case MC_TR_RECOLOUR:
            loc[e->v] = e->reg >= 0 ? (McLocation){MC_LOC_REG, e->reg} : (McLocation){MC_LOC_NONE, 0};
            break;
        case MC_TR_SLOT: loc[e->v] = (McLocation){MC_LOC_SLOT, e->reg}; break;
        case MC_TR_FINAL: loc[e->v] = (McLocation){(McLocKind)e->n1, e->reg}; break;
        default: break;
        }
    }
    bool ok = true;
    for (int32_t v = 0; v < n && ok; v++) {
        if (!a->graph->node[v]) continue;
        McLocation l = loc[root(rep, v)], m = a->loc[v];
        if (l.kind == MC_LOC_REG && l.index >= 0 && l.index < a->registers) l.index = rename[l.index];
        if (l.kind != m.kind || (l.kind != MC_LOC_NONE && l.index != m.index)) {
            char x[32], y[32];
            snprintf(msg, size, "the trace puts %s in %s, the machine in %s", a->f->values[v].name,
                     mc_alloc_location_str(a, l, x, sizeof x), mc_alloc_location_str(a, m, y, sizeof y));
            ok = false;
        }
    }
    free(rep);
    free(loc);
    free(rename);
    return ok;
}
