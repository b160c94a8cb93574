/* chk_ref.h - Cooper-Harvey-Kennedy's dominator iteration, the algorithm
 * cfg.c used before Lengauer-Tarjan (quadratic on a wide join), kept as a
 * reference: test_cfg.c checks the engine's dominators against it and
 * bench/dom.c times it as the baseline. idom over c's predecessors and
 * reverse postorder (MC_NONE for unreachable blocks). */
#ifndef MINICC_TESTS_CHK_REF_H
#define MINICC_TESTS_CHK_REF_H

#include <stdbool.h>

#include "minicc/cfg.h"

static void chk_idom(const McCfg *c, int32_t *idom) {
    for (int32_t b = 0; b < c->nblocks; b++) idom[b] = MC_NONE;
    if (c->nrpo == 0) return;
    idom[c->rpo[0]] = c->rpo[0];
    const int32_t *ri = c->rpo_index;
    for (bool changed = true; changed;) {
        changed = false;
        for (int32_t i = 1; i < c->nrpo; i++) {
            int32_t b = c->rpo[i], nd = MC_NONE;
            for (int32_t k = 0; k < c->npreds[b]; k++) {
                int32_t p = c->preds[b][k];
                if (idom[p] == MC_NONE) continue;
                if (nd == MC_NONE) {
                    nd = p;
                    continue;
                }
                int32_t x = p, y = nd;
                while (x != y) {
                    while (ri[x] > ri[y]) x = idom[x];
                    while (ri[y] > ri[x]) y = idom[y];
                }
                nd = x;
            }
            if (nd != idom[b]) idom[b] = nd, changed = true;
        }
    }
}

#endif
