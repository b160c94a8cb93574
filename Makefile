# minicc - a teaching workbench for compiler back ends.
#   make            build build/libminicc.a and build/minicc (warnings are errors)
#   make run        install missing packages, build, open the workbench on an example
#   make check      install missing packages, build, run every test: "N passed, N failed"
#   make asan       the whole suite under ASan + UBSan (same as make check SANITIZE=1)
#   make bench      benchmarks; ratios against baselines measured in the same run
#   make install    PREFIX=/usr/local (binary, share/minicc, man page)

CC      ?= cc
PREFIX  ?= /usr/local
VERSION := 0.1.0

WARN    := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Werror
ifeq ($(SANITIZE),1)
BUILD   := build-asan
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDSAN   := -fsanitize=address,undefined
else
BUILD   := build
OPT     ?= -O2 -g
LDSAN   :=
endif

PKGS       := readline ncursesw
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lreadline -lncursesw)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

CPPFLAGS := -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L -DMINICC_VERSION='"$(VERSION)"' \
            -DMINICC_SHARE='"$(PREFIX)/share/minicc"'
CFLAGS   := $(WARN) $(OPT) $(CPPFLAGS)
LDLIBS   := -lm

ENGINE_SRC := $(sort $(wildcard src/engine/*/*.c))
SHELL_SRC  := $(sort $(wildcard src/shell/*.c))
FE_SRC     := $(sort $(wildcard src/cli/*.c src/repl/*.c src/tui/*.c src/lesson/*.c))
TEST_SRC   := $(sort $(wildcard tests/unit/test_*.c))
BENCH_SRC  := $(sort $(wildcard bench/*.c))

ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/obj/%.o)
SHELL_OBJ  := $(SHELL_SRC:%.c=$(BUILD)/obj/%.o)
FE_OBJ     := $(FE_SRC:%.c=$(BUILD)/obj/%.o)
MAIN_OBJ   := $(BUILD)/obj/src/main.o
TEST_BIN   := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCH_BIN  := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

# Three libraries in dependency order: the engine, the shell core (session,
# command table, drawing as text; no front end), the front ends (one-shot
# commands, prompt, workbench, lessons). main.c links them; tests link them too.
LIB       := $(BUILD)/libminicc.a
SHELL_LIB := $(BUILD)/libminicc-shell.a
FE_LIB    := $(BUILD)/libminicc-fe.a
LIBS      := $(FE_LIB) $(SHELL_LIB) $(LIB)
BIN       := $(BUILD)/minicc

.PHONY: all run check asan test tests bench install uninstall clean deps fuzz
all: $(BIN)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(SHELL_LIB): $(SHELL_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(FE_LIB): $(FE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(MAIN_OBJ) $(LIBS)
	$(CC) $(OPT) $(LDSAN) -o $@ $(MAIN_OBJ) $(LIBS) $(PKG_LIBS) $(LDLIBS)

# Tests and benches link the three libraries (an archive gives only what is used).
# -pthread: test_globals runs two pipelines in two threads (glibc < 2.34 needs it).
$(BUILD)/tests/%: tests/unit/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(PKG_CFLAGS) $(LDSAN) -MMD -MP -o $@ $< $(LIBS) $(CMOCKA_LIBS) $(PKG_LIBS) $(LDLIBS) -pthread

# -Itests/unit: benches share reference code with the tests (chk_ref.h).
$(BUILD)/bench/%: bench/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests/unit $(PKG_CFLAGS) $(LDSAN) -MMD -MP -o $@ $< $(LIBS) $(PKG_LIBS) $(LDLIBS)

tests: $(BIN) $(TEST_BIN)

deps:
	@sh tools/deps.sh check

run:
	@sh tools/deps.sh run
	@$(MAKE) --no-print-directory all
	$(BIN) --tui share/minicc/examples/swap.ir 5

check: deps
	@$(MAKE) --no-print-directory tests
	@MINICC=$(abspath $(BIN)) BUILD=$(BUILD) sh tests/run.sh

asan:
	@$(MAKE) --no-print-directory check SANITIZE=1

bench: all $(BENCH_BIN)
	@BUILD=$(BUILD) sh bench/run.sh

# libFuzzer campaign over parse, verify and the pipeline (tests/fuzz/README.md).
# New inputs go to build-fuzz/corpus; the seed corpus is tests/fuzz/corpus and
# tests/ir. Crashes are written to build-fuzz/ as crash-*.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   ?= -std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined \
                -fno-sanitize-recover=all
build-fuzz/fuzz_pipeline: tests/fuzz/fuzz_pipeline.c $(ENGINE_SRC) $(wildcard include/minicc/*.h)
	@mkdir -p build-fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(CPPFLAGS) -o $@ tests/fuzz/fuzz_pipeline.c $(ENGINE_SRC) -lm

fuzz: build-fuzz/fuzz_pipeline
	@mkdir -p build-fuzz/corpus
	cd build-fuzz && ./fuzz_pipeline -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -dict=../tests/fuzz/ir.dict -print_final_stats=1 corpus ../tests/fuzz/corpus ../tests/ir

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/minicc $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/minicc
	cp -R share/minicc/. $(DESTDIR)$(PREFIX)/share/minicc/
	cp -R lessons $(DESTDIR)$(PREFIX)/share/minicc/
	install -m 644 share/man/man1/minicc.1 $(DESTDIR)$(PREFIX)/share/man/man1/minicc.1

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/minicc $(DESTDIR)$(PREFIX)/share/minicc \
	       $(DESTDIR)$(PREFIX)/share/man/man1/minicc.1

clean:
	rm -rf build build-asan build-fuzz

# Test and bench programs may include sources directly: track those too.
-include $(ENGINE_OBJ:.o=.d) $(SHELL_OBJ:.o=.d) $(FE_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_BIN:=.d) $(BENCH_BIN:=.d)
