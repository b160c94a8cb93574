build/obj/src/cli/run.o: src/cli/run.c src/cli/cli.h
src/cli/cli.h:
