/* minicc/minic.h - MiniC, the C subset of docs/minic.md, lowered to
 * the IR in mutable form; and loading a file in either language.
 *
 * mc_minic_parse reads MiniC text and returns a module with one function per
 * C function, lowered and verified (mutable form), or NULL with every error
 * it could find in `d` as `FILE:LINE:COL: error: MESSAGE`, in source order:
 * lexical and syntax errors, the unsupported features of docs/minic.md §2 (the
 * names a rejected declaration declares are not reported again), names
 * not declared, a read before assignment (at the C position of the read), a
 * reachable end of an int function without `return` (at its closing brace),
 * and the mistakes of calls and local arrays (docs/minic.md §5, at the call
 * or the declaration). A call names its callee by IR name and is resolved
 * (McCall.callee) to the module's function; prototypes make no function.
 * A void function returns 0; a local array is a `buffer` and the stores of
 * its initializer (a constant 0 needs none).
 *
 * Every instruction, terminator and phi of a lowered function carries the C
 * line it came from (McInst.line, McTerm.line, McPhi.line; McModule.minic is
 * set), and its source positions (McInst.loc, McOperand.loc...) are C
 * positions. Names, of any length: a C variable keeps its name in the IR
 * when it is the first declaration of that name in the function (`$NAME`
 * when NAME is a word of the IR, such as `load`; a function `add` is
 * `$add` the same way, McFunc.c_names is set and mc_shown_name gives the
 * C name back for users); a later one (shadowing, or a second
 * loop's `int i`) becomes `NAME.L<line>`; temporaries are named
 * after their operation and line (`lt.L4`, `load.L7`; a call's result after
 * its callee, `fib.L9`), blocks after their
 * construct and line (`while.L3`, `body.L3`, `end.L3`). C names never contain
 * '.', so none of these can clash with a source name.
 *
 * mc_load / mc_load_file choose the language: MC_LANG_C for MiniC,
 * MC_LANG_IR for the IR text format (parse.h), MC_LANG_AUTO by the file name
 * (a name ending in `.c` is MiniC, anything else IR).
 *
 * Implemented in minic_lex.c, minic.c, minic_lower.c and load.c
 * (src/engine/frontend). */
#ifndef MINICC_MINIC_H
#define MINICC_MINIC_H

#include <stddef.h>

#include "diag.h"
#include "ir.h"

typedef enum McLang { MC_LANG_AUTO = 0, MC_LANG_IR, MC_LANG_C } McLang;

/* "c" -> MC_LANG_C, "ir" -> MC_LANG_IR, anything else -1 (`--lang`). */
int mc_lang_lookup(const char *name);
/* The language of a file: `given` unless it is MC_LANG_AUTO, else by the
 * name (`.c` is MiniC). */
McLang mc_lang_of(const char *file, McLang given);

/* MiniC text to a module of lowered, verified functions (see above). `file`
 * names the source in diagnostics; d's src should be `src` for carets. */
McModule *mc_minic_parse(const char *file, const char *src, size_t len, McDiags *d);

/* Text in the language `lang` (MC_LANG_AUTO: by `file`) to a module. */
McModule *mc_load(const char *file, const char *src, size_t len, McLang lang, McDiags *d);
/* mc_parse_file for either language: reads the file (the text in *src_out,
 * malloc'd, d->src pointing at it) and calls mc_load. */
McModule *mc_load_file(const char *path, McLang lang, McDiags *d, char **src_out);

/* The first block of function f whose C line (mc_block_line) is `line`, in
 * block order, or MC_NONE (`break LINE`). */
int32_t mc_minic_block_at_line(const McFunc *f, int32_t line);

/* Line `line` (1-based) of a source text: its start, its length (without
 * the newline) in *n; NULL when the text has fewer lines. */
const char *mc_source_line(const char *src, size_t len, int32_t line, size_t *n);

/* The C line of a position in f (McInterp's block and pc: pc -1 about to
 * enter the block, 0..ninsts-1 an instruction, ninsts the terminator): the
 * line of that instruction or terminator, else of the block; 0 when the
 * function has no C lines. */
int32_t mc_minic_line_at(const McFunc *f, int32_t block, int32_t pc);

#endif
