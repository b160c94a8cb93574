/* optdiff_gen.c - writes the generated programs that tools/optdiff.sh feeds
 * to two minicc binaries: N programs per option set (defaults, mutable form,
 * SSA form, opaque values in either form, opaque mutable with capped pieces,
 * larger ones), and the 100k-instruction function of bench/pipeline.c.
 * `make tools`, which `make check` runs, builds it as build/tools/optdiff_gen.
 *
 * usage: optdiff_gen DIR [N] [--big]   (--big: also the 100k bench function) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/gen.h"
#include "minicc/ir.h"

static void write_func(const char *dir, const char *name, McFunc *f) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.ir", dir, name);
    FILE *fp = fopen(path, "w");
    if (!fp) {
        perror(path);
        exit(2);
    }
    mc_func_print(f, fp);
    fclose(fp);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: optdiff_gen DIR [N] [--big]\n");
        return 2;
    }
    const char *dir = argv[1];
    int n = argc > 2 && argv[2][0] != '-' ? atoi(argv[2]) : 60;
    bool big = argc > 2 && strcmp(argv[argc - 1], "--big") == 0;
    for (int set = 0; set < 7; set++) {
        for (int i = 0; i < n; i++) {
            McGenOptions o;
            mc_gen_options_default(&o);
            uint64_t seed = 1000u * (uint64_t)(set + 1) + (uint64_t)i;
            switch (set) {
            case 0: break;
            case 1: o.form = MC_GEN_MUTABLE; break;
            case 2: o.form = MC_GEN_SSA; break;
            case 3: o.opaque = true; break;
            case 4:
                o.opaque = true;
                o.form = MC_GEN_MUTABLE;
                o.size = 400;
                o.max_vars = 16;
                o.max_construct = 60;
                break;
            case 5:
                o.size = 300;
                o.max_loop_depth = 3;
                o.max_vars = 24;
                break;
            case 6:
                o.traps = false;
                o.size = 150;
                o.form = MC_GEN_MUTABLE;
                break;
            }
            McFunc *f = mc_gen(seed, &o);
            char name[64];
            snprintf(name, sizeof name, "g%d_%03d", set, i);
            write_func(dir, name, f);
            mc_func_free(f);
        }
    }
    if (big) { /* bench/pipeline.c's function at 100k (and a 20k prefix) */
        int32_t sizes[2] = {20000, 100000};
        for (int k = 0; k < 2; k++) {
            McGenOptions o;
            mc_gen_options_default(&o);
            o.size = sizes[k];
            o.form = MC_GEN_MUTABLE;
            o.max_vars = 16;
            o.max_construct = 300;
            o.opaque = true;
            McFunc *f = mc_gen(20261130u, &o);
            char name[64];
            snprintf(name, sizeof name, "bench%dk", sizes[k] / 1000);
            write_func(dir, name, f);
            mc_func_free(f);
        }
    }
    return 0;
}
