build/obj/src/engine/ir.o: src/engine/ir.c include/minicc/ir.h \
 include/minicc/util.h
include/minicc/ir.h:
include/minicc/util.h:
