build/obj/src/main.o: src/main.c src/cli/cli.h
src/cli/cli.h:
