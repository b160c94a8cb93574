/* load.c - a file in either language to a module: the IR text format
 * (parse.c) or MiniC (minic.c), chosen by `--lang` or by the file name. */
#include <string.h>

#include "minicc/minic.h"
#include "minicc/parse.h"
#include "minicc/util.h"

int mc_lang_lookup(const char *name) {
    if (strcmp(name, "c") == 0) return MC_LANG_C;
    if (strcmp(name, "ir") == 0) return MC_LANG_IR;
    return -1;
}

McLang mc_lang_of(const char *file, McLang given) {
    if (given != MC_LANG_AUTO) return given;
    size_t n = file ? strlen(file) : 0;
    return n > 2 && strcmp(file + n - 2, ".c") == 0 ? MC_LANG_C : MC_LANG_IR;
}

McModule *mc_load(const char *file, const char *src, size_t len, McLang lang, McDiags *d) {
    if (mc_lang_of(file, lang) == MC_LANG_C) return mc_minic_parse(file, src, len, d);
    return mc_parse(file, src, len, d);
}

McModule *mc_load_file(const char *path, McLang lang, McDiags *d, char **src_out) {
    *src_out = NULL;
    size_t len = 0;
    char why[256];
    char *src = mc_read_input(path, &len, why, sizeof why); /* regular files, the input limit */
    if (!src) {
        mc_diag(d, (McLoc){0, 0}, "cannot read %s: %s", path, why);
        return NULL;
    }
    *src_out = src;
    if (d) {
        d->src = src;
        d->srclen = len;
    }
    return mc_load(path, src, len, lang, d);
}
