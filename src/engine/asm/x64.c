/* x64.c - tiling and assembly text for target x64 (asm.h). Not written yet. */
#include "minicc/asm.h"

char *mc_asm_emit_x64(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing,
                      McDiags *d) {
    (void)p, (void)o, (void)args, (void)listing;
    mc_diag(d, (McLoc){0, 0}, "asm: the x64 emitter is not written yet");
    return NULL;
}
