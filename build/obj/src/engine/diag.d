build/obj/src/engine/diag.o: src/engine/diag.c include/minicc/diag.h \
 include/minicc/ir.h include/minicc/util.h
include/minicc/diag.h:
include/minicc/ir.h:
include/minicc/util.h:
