build/obj/src/engine/util.o: src/engine/util.c include/minicc/util.h
include/minicc/util.h:
