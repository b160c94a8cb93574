build/obj/src/engine/arena.o: src/engine/arena.c include/minicc/ir.h \
 include/minicc/util.h
include/minicc/ir.h:
include/minicc/util.h:
