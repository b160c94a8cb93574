/* cfg.c - control-flow-graph analyses over one function: distinct
 * predecessors and successors, reverse postorder, dominators
 * (Lengauer-Tarjan, near-linear on every shape), the
 * dominator tree with pre/post numbers for O(1) dominance queries, dominance
 * frontiers (Cooper-Harvey-Kennedy's runner algorithm, each pair found once),
 * natural-loop depth, and the bit sets the
 * dataflow passes share.
 *
 * Every walk uses an explicit stack or a worklist, never recursion, so a
 * 100k-block chain costs memory proportional to its size, not stack depth.
 * Storage is malloc'd per analysis (flat arrays with per-block slices), so an
 * McCfg is one snapshot that a pass drops when it edits the CFG.
 * mc_cfg_build_dom and mc_cfg_build_loops stop short of the dominance
 * frontiers (and loops) for callers that never read them: the verifier, which
 * the optimizer runs after every pass, the run path and spill costs;
 * mc_cfg_build_domtree also leaves out the pre/post numbers, for GVN, which
 * only walks the tree.
 *
 * The builder tolerates malformed input (blocks without a terminator, targets
 * out of range): such edges are ignored, so the verifier can build a CFG for
 * diagnostics without first proving the function well formed. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"

/* ---- bit sets ---------------------------------------------------------------- */

void mc_bs_init(McBitset *s, int32_t nbits) {
    MC_ASSERT(nbits >= 0);
    s->nbits = nbits;
    s->nwords = (nbits + 63) / 64;
    s->w = mc_xcalloc((size_t)(s->nwords ? s->nwords : 1), sizeof *s->w);
}

void mc_bs_free(McBitset *s) {
    free(s->w);
    s->w = NULL;
    s->nbits = s->nwords = 0;
}

void mc_bs_copy(McBitset *dst, const McBitset *src) {
    MC_ASSERT(dst->nwords == src->nwords);
    if (src->nwords) memcpy(dst->w, src->w, (size_t)src->nwords * sizeof *src->w);
}

bool mc_bs_union(McBitset *dst, const McBitset *src) {
    MC_ASSERT(dst->nwords == src->nwords);
    uint64_t changed = 0;
    for (int32_t i = 0; i < src->nwords; i++) {
        uint64_t n = dst->w[i] | src->w[i];
        changed |= n ^ dst->w[i];
        dst->w[i] = n;
    }
    return changed != 0;
}

void mc_bs_clear(McBitset *s) {
    if (s->nwords) memset(s->w, 0, (size_t)s->nwords * sizeof *s->w);
}

int32_t mc_bs_count(const McBitset *s) {
    int32_t n = 0;
    for (int32_t i = 0; i < s->nwords; i++)
        for (uint64_t x = s->w[i]; x; x &= x - 1) n++;
    return n;
}

int32_t mc_bs_next(const McBitset *s, int32_t from) {
    if (from < 0) from = 0;
    if (from >= s->nbits) return -1;
    int32_t i = from >> 6;
    uint64_t x = s->w[i] & (~(uint64_t)0 << (from & 63));
    for (;;) {
        if (x) {
#if defined(__GNUC__)
            int32_t bit = __builtin_ctzll(x);
#else
            int32_t bit = 0;
            while (!((x >> bit) & 1)) bit++;
#endif
            int32_t r = (i << 6) + bit;
            return r < s->nbits ? r : -1;
        }
        if (++i >= s->nwords) return -1;
        x = s->w[i];
    }
}

/* ---- phi entries --------------------------------------------------------- */

int32_t *mc_phi_arg_hints(const McFunc *f) {
    int32_t n = f->nblocks;
    int32_t *h = mc_xmalloc(((size_t)n * 2 + 1) * sizeof *h);
    for (int32_t i = 0; i < 2 * n; i++) h[i] = -1;
    for (int32_t t = 0; t < n; t++) {
        if (f->blocks[t].nphis == 0) continue;
        const McPhi *phi = &f->blocks[t].phis[0];
        for (int32_t q = 0; q < phi->nargs; q++) {
            int32_t b = phi->args[q].block, s[2];
            if (b < 0 || b >= n) continue;
            int ns = mc_block_succs(&f->blocks[b], s);
            for (int k = 0; k < ns; k++)
                if (s[k] == t && h[2 * b + k] < 0) h[2 * b + k] = q; /* the first, as a scan finds */
        }
    }
    return h;
}

/* ---- CFG ------------------------------------------------------------------- */

/* Successors of block b that are valid handles, duplicates removed. */
static int valid_succs(const McFunc *f, int32_t b, int32_t out[2]) {
    int32_t s[2];
    int ns = mc_block_succs(&f->blocks[b], s), n = 0;
    for (int i = 0; i < ns; i++) {
        if (s[i] < 0 || s[i] >= f->nblocks) continue;
        if (n == 1 && out[0] == s[i]) continue;
        out[n++] = s[i];
    }
    return n;
}

/* Per-block slices of one flat array: turn counts into slice pointers. */
static int32_t **slices(int32_t *flat, const int32_t *count, int32_t n) {
    int32_t **v = mc_xmalloc((size_t)(n ? n : 1) * sizeof *v);
    int32_t off = 0;
    v[0] = flat; /* slice 0 always owns the flat array, even with no blocks */
    for (int32_t b = 0; b < n; b++) {
        v[b] = flat + off;
        off += count[b];
    }
    return v;
}

/* One scan of the terminators: each block's successors are written into a
 * flat array with room for two per block as they are found (their slices
 * are then read back instead of decoding every terminator twice), then the
 * predecessor lists are filled from them. */
static void build_edges(McCfg *c, const McFunc *f) {
    int32_t n = c->nblocks, total = 0;
    c->nsuccs = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->nsuccs);
    c->npreds = mc_xcalloc((size_t)(n ? n : 1), sizeof *c->npreds);
    int32_t *sflat = mc_xmalloc((size_t)(n ? 2 * n : 1) * sizeof *sflat);
    c->succs = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->succs);
    c->succs[0] = sflat; /* slice 0 always owns the flat array, even with no blocks */
    for (int32_t b = 0; b < n; b++) {
        int32_t *out = sflat + total;
        int ns = valid_succs(f, b, out);
        c->succs[b] = out;
        c->nsuccs[b] = ns;
        total += ns;
        for (int i = 0; i < ns; i++) c->npreds[out[i]]++;
    }
    int32_t *pflat = mc_xmalloc((size_t)(total ? total : 1) * sizeof *pflat);
    c->preds = slices(pflat, c->npreds, n);
    int32_t *fill = mc_xcalloc((size_t)(n ? n : 1), sizeof *fill);
    /* Visiting b in handle order appends it to each successor's list in block order. */
    for (int32_t b = 0; b < n; b++)
        for (int i = 0; i < c->nsuccs[b]; i++) {
            int32_t t = c->succs[b][i];
            c->preds[t][fill[t]++] = b;
        }
    free(fill);
}

/* Depth-first search from the entry with an explicit stack of (block, next
 * successor). Successors are explored last-first so that the reverse
 * postorder lists a branch's nonzero target before its zero target, which
 * reads like the source. The same walk gives the depth-first preorder and
 * spanning-tree parents that Lengauer-Tarjan needs: num[b] is block b's
 * preorder number (-1 unreachable), pre[i] the i-th block reached, parent[i]
 * the preorder number of the block it was reached from. All of them, and
 * scratch (3 * nblocks), are the caller's. */
static void build_rpo(McCfg *c, int32_t *num, int32_t *pre, int32_t *parent, int32_t *scratch) {
    int32_t n = c->nblocks;
    c->rpo = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->rpo);
    c->rpo_index = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->rpo_index);
    for (int32_t b = 0; b < n; b++) c->rpo_index[b] = -1;
    c->nrpo = 0;
    if (n == 0) return;
    int32_t *stack = scratch, *next = scratch + n, *post = scratch + 2 * n; /* next: successors left to try */
    for (int32_t b = 0; b < n; b++) num[b] = -1;
    int32_t sp = 0, npost = 0, npre = 0;
    stack[sp++] = 0;
    num[0] = npre;
    pre[npre] = 0;
    parent[npre++] = 0;
    next[0] = c->nsuccs[0];
    while (sp > 0) {
        int32_t b = stack[sp - 1];
        if (next[b] > 0) {
            int32_t s = c->succs[b][--next[b]];
            if (num[s] < 0) {
                num[s] = npre;
                pre[npre] = s;
                parent[npre++] = num[b];
                next[s] = c->nsuccs[s];
                stack[sp++] = s;
            }
        } else {
            post[npost++] = b;
            sp--;
        }
    }
    for (int32_t i = 0; i < npost; i++) {
        c->rpo[i] = post[npost - 1 - i];
        c->rpo_index[c->rpo[i]] = i;
    }
    c->nrpo = npost;
}

/* Lengauer-Tarjan's EVAL of a linked vertex v (anc[v] >= 0): the vertex of
 * least semidominator on v's forest path, below the path's root. Compresses
 * the path with an explicit stack, from the top down. */
static int32_t lt_eval(int32_t v, int32_t *anc, int32_t *label, const int32_t *semi, int32_t *stack) {
    int32_t sp = 0;
    for (int32_t x = v; anc[anc[x]] >= 0; x = anc[x]) stack[sp++] = x;
    while (sp > 0) {
        int32_t y = stack[--sp], a = anc[y];
        if (semi[label[a]] < semi[label[y]]) label[y] = label[a];
        anc[y] = anc[a];
    }
    return label[v];
}

/* Lengauer and Tarjan, "A Fast Algorithm for Finding Dominators in a
 * Flowgraph" (1979), the simple version: semidominators computed in reverse
 * preorder with an EVAL over a forest LINKed along the spanning tree, path
 * compression without balancing: O(m log n) on every shape. (Cooper, Harvey
 * and Kennedy's iteration, used before, is quadratic on a wide join: each of
 * a join's k predecessors walked the idom chain up to the join's dominator,
 * k^2/2 steps for an if-else-if chain of k arms, 98% of `check` at 16k
 * arms.) The dominator tree is unique, so the answer is the same.
 *
 * Everything below works on preorder numbers (num, pre and parent from
 * build_rpo); compression walks use an explicit stack. scratch holds
 * 7 * nblocks entries. */
static void build_idom(McCfg *c, const int32_t *num, const int32_t *pre, const int32_t *parent, int32_t *scratch) {
    int32_t n = c->nblocks, m = c->nrpo;
    c->idom = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->idom);
    for (int32_t b = 0; b < n; b++) c->idom[b] = MC_NONE;
    if (m == 0) return;
    int32_t *semi = scratch;      /* semidominator (a preorder number) */
    int32_t *label = semi + m;    /* least-semi vertex on the compressed path */
    int32_t *anc = label + m;     /* forest parent, -1 when not linked */
    int32_t *dom = anc + m;       /* idom, once the final pass has run */
    int32_t *bucket = dom + m;    /* first vertex with this semidominator */
    int32_t *bnext = bucket + m;
    int32_t *stack = bnext + m;
    for (int32_t i = 0; i < m; i++) {
        semi[i] = label[i] = i;
        anc[i] = bucket[i] = -1;
        dom[i] = 0;
    }
    for (int32_t w = m - 1; w > 0; w--) {
        int32_t b = pre[w];
        for (int32_t k = 0; k < c->npreds[b]; k++) {
            int32_t v = num[c->preds[b][k]];
            if (v < 0) continue; /* unreachable predecessor */
            int32_t u = anc[v] >= 0 ? lt_eval(v, anc, label, semi, stack) : v;
            if (semi[u] < semi[w]) semi[w] = semi[u];
        }
        bnext[w] = bucket[semi[w]];
        bucket[semi[w]] = w;
        int32_t p = parent[w];
        anc[w] = p; /* LINK(parent, w) */
        for (int32_t v = bucket[p]; v >= 0; v = bnext[v]) {
            int32_t u = lt_eval(v, anc, label, semi, stack); /* v is linked */
            dom[v] = semi[u] < semi[v] ? u : p;
        }
        bucket[p] = -1;
    }
    for (int32_t w = 1; w < m; w++)
        if (dom[w] != semi[w]) dom[w] = dom[dom[w]];
    for (int32_t w = 0; w < m; w++) c->idom[pre[w]] = pre[dom[w]];
}

/* Dominator-tree children in rpo order, and (numbers) pre/post numbers
 * from an iterative walk of the tree: a dom b iff pre[a] <= pre[b] &&
 * post[b] <= post[a]. */
static void build_domtree(McCfg *c, bool numbers) {
    int32_t n = c->nblocks;
    c->ndom_children = mc_xcalloc((size_t)(n ? n : 1), sizeof *c->ndom_children);
    for (int32_t i = 1; i < c->nrpo; i++) c->ndom_children[c->idom[c->rpo[i]]]++;
    int32_t *flat = mc_xmalloc((size_t)(c->nrpo ? c->nrpo : 1) * sizeof *flat);
    c->dom_children = slices(flat, c->ndom_children, n);
    int32_t *fill = mc_xcalloc((size_t)(n ? n : 1), sizeof *fill);
    for (int32_t i = 1; i < c->nrpo; i++) {
        int32_t b = c->rpo[i], d = c->idom[b];
        c->dom_children[d][fill[d]++] = b;
    }
    if (!numbers) {
        free(fill);
        return;
    }
    c->dom_pre = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->dom_pre);
    c->dom_post = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->dom_post);
    for (int32_t b = 0; b < n; b++) c->dom_pre[b] = c->dom_post[b] = -1;
    if (c->nrpo == 0) {
        free(fill);
        return;
    }
    /* fill[b] now counts children still to visit; reuse it as the cursor. */
    int32_t *stack = mc_xmalloc((size_t)c->nrpo * sizeof *stack);
    int32_t sp = 0, pre = 0, post = 0;
    for (int32_t b = 0; b < n; b++) fill[b] = 0;
    stack[sp++] = c->rpo[0];
    c->dom_pre[c->rpo[0]] = pre++;
    while (sp > 0) {
        int32_t b = stack[sp - 1];
        if (fill[b] < c->ndom_children[b]) {
            int32_t ch = c->dom_children[b][fill[b]++];
            c->dom_pre[ch] = pre++;
            stack[sp++] = ch;
        } else {
            c->dom_post[b] = post++;
            sp--;
        }
    }
    free(stack);
    free(fill);
}

/* Dominance frontiers by CHK's runner walk: for a join block b, every block on
 * the idom chain from each predecessor up to (not including) idom[b] has b in
 * its frontier. Visiting b in handle order keeps each list sorted, and a
 * repeat of b is always the last element, which makes the lists distinct.
 * A runner stops at a block that already has b: an earlier runner for b went
 * on from there to idom[b]. So each (block, frontier member) pair costs one
 * step, and a join of k arms whose chain of tests runs up to its dominator
 * costs O(k), not the k^2/2 steps of letting every runner climb. */
static void build_df(McCfg *c) {
    int32_t n = c->nblocks;
    int32_t npairs = 0, cap = 64;
    int32_t(*pairs)[2] = mc_xmalloc((size_t)cap * sizeof *pairs);
    int32_t *last = mc_xmalloc((size_t)(n ? n : 1) * sizeof *last);
    c->ndf = mc_xcalloc((size_t)(n ? n : 1), sizeof *c->ndf);
    for (int32_t b = 0; b < n; b++) last[b] = MC_NONE;
    for (int32_t b = 0; b < n; b++) {
        /* The entry (idom[b] == b) is a join whenever something targets it
         * (invalid IR, but the answer stays right): the function start is
         * its other predecessor, so its runners climb to the entry itself. */
        bool entry = c->idom[b] == b;
        if (c->idom[b] == MC_NONE || (c->npreds[b] < 2 && !entry)) continue;
        for (int32_t k = 0; k < c->npreds[b]; k++) {
            int32_t r = c->preds[b][k];
            if (c->idom[r] == MC_NONE) continue;
            for (;;) {
                if (!entry && r == c->idom[b]) break;
                if (last[r] == b) break; /* an earlier runner for b climbed on from here */
                last[r] = b;
                MC_GROW(pairs, cap, npairs + 1, 64);
                pairs[npairs][0] = r;
                pairs[npairs][1] = b;
                npairs++;
                c->ndf[r]++;
                if (r == c->idom[r]) break; /* climbed to the entry */
                r = c->idom[r];
            }
        }
    }
    int32_t *flat = mc_xmalloc((size_t)(npairs ? npairs : 1) * sizeof *flat);
    c->df = slices(flat, c->ndf, n);
    for (int32_t b = 0; b < n; b++) last[b] = 0;
    for (int32_t i = 0; i < npairs; i++) c->df[pairs[i][0]][last[pairs[i][0]]++] = pairs[i][1];
    free(pairs);
    free(last);
}

/* Union-find representative with path halving. */
static int32_t uf_find(int32_t *uf, int32_t x) {
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* Natural loops: an edge t->h is a back edge when h dominates t. The loop of
 * header h is h plus every block that reaches one of its latches without
 * passing through h; loops with the same header are one loop. Two natural
 * loops with different headers are disjoint or nested, so a block's depth
 * (the number of loops containing it) is the depth of its innermost loop in
 * the loop-nesting tree.
 *
 * Headers are visited innermost first (decreasing rpo index: a header comes
 * after every header that dominates it). Each finished loop is collapsed into
 * its header with union-find, so the walk for an enclosing loop steps over a
 * whole inner loop at once; only a loop's header has predecessors outside
 * it. Total cost is near-linear even for thousands of nested loops, where
 * walking every body block per loop would be quadratic. */
static void build_loops(McCfg *c) {
    int32_t n = c->nblocks;
    c->loop_depth = mc_xcalloc((size_t)(n ? n : 1), sizeof *c->loop_depth);
    int32_t *uf = mc_xmalloc((size_t)(n ? n : 1) * sizeof *uf);
    int32_t *inner = mc_xmalloc((size_t)(n ? n : 1) * sizeof *inner);  /* innermost enclosing header */
    int32_t *mark = mc_xmalloc((size_t)(n ? n : 1) * sizeof *mark);   /* header whose walk saw it */
    int32_t *stack = mc_xmalloc((size_t)(n ? n : 1) * sizeof *stack);
    bool *is_header = mc_xcalloc((size_t)(n ? n : 1), sizeof *is_header);
    for (int32_t b = 0; b < n; b++) {
        uf[b] = b;
        inner[b] = mark[b] = MC_NONE;
    }
    for (int32_t i = c->nrpo - 1; i >= 0; i--) {
        int32_t h = c->rpo[i], sp = 0;
        for (int32_t k = 0; k < c->npreds[h]; k++) {
            int32_t t = c->preds[h][k];
            if (c->rpo_index[t] < 0 || !mc_cfg_dominates(c, h, t)) continue;
            is_header[h] = true;
            int32_t x = uf_find(uf, t);
            if (x != h && mark[x] != h) {
                mark[x] = h;
                stack[sp++] = x;
            }
        }
        while (sp > 0) {
            /* x is a plain block or the header of an inner loop, collapsed. */
            int32_t x = stack[--sp];
            if (inner[x] == MC_NONE) inner[x] = h;
            uf[x] = h;
            for (int32_t q = 0; q < c->npreds[x]; q++) {
                int32_t p = c->preds[x][q];
                if (c->rpo_index[p] < 0) continue;
                int32_t y = uf_find(uf, p);
                if (y == h || mark[y] == h) continue;
                mark[y] = h;
                stack[sp++] = y;
            }
        }
    }
    /* Depths down the nesting tree: enclosing headers come first in rpo. For
     * a header, inner[] is its parent loop's header. */
    for (int32_t i = 0; i < c->nrpo; i++) {
        int32_t h = c->rpo[i];
        if (is_header[h]) c->loop_depth[h] = 1 + (inner[h] != MC_NONE ? c->loop_depth[inner[h]] : 0);
    }
    for (int32_t b = 0; b < n; b++)
        if (!is_header[b] && inner[b] != MC_NONE) c->loop_depth[b] = c->loop_depth[inner[b]];
    free(uf);
    free(inner);
    free(mark);
    free(stack);
    free(is_header);
}

static McCfg *build_dom(const McFunc *f, bool numbers) {
    McCfg *c = mc_xcalloc(1, sizeof *c);
    c->nblocks = f->nblocks;
    build_edges(c, f);
    /* One allocation for every temporary of both walks: small functions are
     * the common case, and there separate mallocs cost as much as the work. */
    size_t n = (size_t)(f->nblocks ? f->nblocks : 1);
    int32_t *tmp = mc_xmalloc(10 * n * sizeof *tmp);
    build_rpo(c, tmp, tmp + n, tmp + 2 * n, tmp + 3 * n);
    build_idom(c, tmp, tmp + n, tmp + 2 * n, tmp + 3 * n);
    free(tmp);
    build_domtree(c, numbers);
    return c;
}

McCfg *mc_cfg_build_dom(const McFunc *f) { return build_dom(f, true); }

McCfg *mc_cfg_build_domtree(const McFunc *f) { return build_dom(f, false); }

McCfg *mc_cfg_build(const McFunc *f) {
    McCfg *c = mc_cfg_build_dom(f);
    build_df(c);
    build_loops(c);
    return c;
}

McCfg *mc_cfg_build_df(const McFunc *f) {
    McCfg *c = mc_cfg_build_dom(f);
    build_df(c);
    return c;
}

McCfg *mc_cfg_build_loops(const McFunc *f) {
    McCfg *c = mc_cfg_build_dom(f);
    build_loops(c);
    return c;
}

void mc_cfg_free(McCfg *c) {
    if (!c) return;
    /* Slices point into one flat array each, which slice 0 starts. */
    if (c->preds) free(c->preds[0]);
    free(c->preds);
    free(c->npreds);
    if (c->succs) free(c->succs[0]);
    free(c->succs);
    free(c->nsuccs);
    free(c->rpo);
    free(c->rpo_index);
    free(c->idom);
    if (c->dom_children) free(c->dom_children[0]);
    free(c->dom_children);
    free(c->ndom_children);
    free(c->dom_pre);
    free(c->dom_post);
    if (c->df) free(c->df[0]);
    free(c->df);
    free(c->ndf);
    free(c->loop_depth);
    free(c);
}

bool mc_cfg_dominates(const McCfg *c, int32_t a, int32_t b) {
    if (a < 0 || b < 0 || a >= c->nblocks || b >= c->nblocks) return false;
    if (c->rpo_index[b] < 0) return a == b;
    if (c->rpo_index[a] < 0) return false;
    return c->dom_pre[a] <= c->dom_pre[b] && c->dom_post[b] <= c->dom_post[a];
}
