/* minicc/parse.h - the IR text format (docs/ir.md §1) to McModule.
 *
 * The parser reports every lexical and syntactic error it can recover from
 * and then runs mc_verify on each function, so a module it returns is valid
 * and every function's `form` is set. On any error it returns NULL and the
 * diagnostics say why; nothing is half-built. No recursion: 100k-block files
 * parse in constant stack.
 *
 * Implemented in parse.c (src/engine). */
#ifndef MINICC_PARSE_H
#define MINICC_PARSE_H

#include "diag.h"
#include "ir.h"

/* Parse `len` bytes of `src` (need not be NUL-terminated). `file` names the
 * source in diagnostics. Diagnostics go to `d`, whose src should be `src`. */
McModule *mc_parse(const char *file, const char *src, size_t len, McDiags *d);
/* Read and parse a file; an unreadable file is a positionless diagnostic.
 * The file's text is returned in *src_out (malloc'd, caller frees, may be
 * NULL when unreadable) and d->src points at it so carets can be shown:
 * free it only after printing the diagnostics. */
McModule *mc_parse_file(const char *path, McDiags *d, char **src_out);

#endif
