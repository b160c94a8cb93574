/* test_asm_count.c - the dynamic instruction count of bench/asm_rv64.c
 * (tests/unit/asm_count.h, shared with bench/asm_rv64.c): qemu-riscv64 -singlestep -d exec,nochain with its
 * log on a pipe must count exactly the instructions a hand-written rv64
 * program executes, all of them and those inside one sized symbol, for a
 * loop of 10 and of 2,000 iterations (the second's log, about 540 KB, crosses
 * many reads of the pipe); the program's standard output and exit status
 * come through. The log cut anywhere into pieces counts the same. Symbol
 * names match as the bench asks (minicc_f0, not minicc_finish). Without riscv64-linux-gnu-as/ld/nm or qemu-riscv64 the
 * runs are skipped with the reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/asm.h"
#include "minicc/util.h"

#include "asm_count.h"

static bool have_tools;
static char tools_why[256];

/* Every instruction is one (rv64im: nothing compressed; `jal`, not the
 * two-instruction `call`; `lla` is auipc + addi; `li` of N < 2048 is one
 * addi, of a larger N two: lui + addiw):
 *   _start: li, li, jal                                      3
 *   count_loop: (addi, addi, bnez) x N, ret                 3N + 1
 *   then li, lla (2), li, li, ecall (write), mv, li, ecall   9
 * so 3N + 13 in all, 3N + 1 inside count_loop; the exit status is N % 256,
 * the output "ok\n". */
static const char *prog_fmt = "    .option norelax\n"
                              "    .text\n"
                              "    .globl _start\n"
                              "_start:\n"
                              "    li s1, 0\n"
                              "    li s2, %d\n"
                              "    jal ra, count_loop\n"
                              "    li a0, 1\n"
                              "    lla a1, msg\n"
                              "    li a2, 3\n"
                              "    li a7, 64\n"
                              "    ecall\n"
                              "    mv a0, s1\n"
                              "    li a7, 94\n"
                              "    ecall\n"
                              "    .type count_loop, @function\n"
                              "count_loop:\n"
                              "1:  addi s1, s1, 1\n"
                              "    addi s2, s2, -1\n"
                              "    bnez s2, 1b\n"
                              "    ret\n"
                              "    .size count_loop, .-count_loop\n"
                              "    .data\n"
                              "msg: .ascii \"ok\\n\"\n";

static void count_loop(int n) {
    if (!have_tools) {
        print_message("skipped: %s\n", tools_why);
        skip();
    }
    char dir[] = "/tmp/minicc-test-count-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], exe[256], why[256];
    snprintf(path, sizeof path, "%s/loop.s", dir);
    snprintf(exe, sizeof exe, "%s/loop", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, prog_fmt, n);
    assert_int_equal(fclose(f), 0);
    /* build, run and clean up first, then check: a failing check leaves no files */
    bool built = count_build_asm(dir, "loop", why, sizeof why);
    CountRange r[4];
    int nr = built ? count_symbol_ranges(exe, "count_loop", false, r, 4, why, sizeof why) : -1;
    McStr out;
    mc_str_init(&out);
    CountResult c, all;
    memset(&c, 0, sizeof c);
    memset(&all, 0, sizeof all);
    bool ok = nr == 1 && count_run(exe, r, nr, &c, &out, why, sizeof why);
    bool ok_all = ok && count_run(exe, NULL, 0, &all, NULL, why, sizeof why);
    const char *ext[] = {".s", ".o", ""};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/loop%s", dir, ext[i]);
        unlink(path);
    }
    rmdir(dir);
    if (!ok || !ok_all) print_message("%s\n", why);
    assert_true(built);
    assert_int_equal(nr, 1);
    assert_int_equal(r[0].hi - r[0].lo, 16); /* four 4-byte instructions */
    assert_true(ok);
    assert_int_equal(c.total, 3 * (int64_t)n + 13);
    assert_int_equal(c.in_range, 3 * (int64_t)n + 1);
    assert_int_equal(c.other, 0);
    assert_true(WIFEXITED(c.status));
    assert_int_equal(WEXITSTATUS(c.status), n % 256);
    assert_int_equal(out.len, 3);
    assert_memory_equal(out.s, "ok\n", 3);
    /* the same without ranges: everything counted, nothing in range */
    assert_true(ok_all);
    assert_int_equal(all.total, c.total);
    assert_int_equal(all.in_range, 0);
    mc_str_free(&out);
}

static void test_loop_10(void **state) {
    (void)state;
    count_loop(10);
}

static void test_loop_2000(void **state) {
    (void)state;
    count_loop(2000);
}

static void test_names(void **state) {
    (void)state;
    assert_true(count_name_matches("minicc_f0", "minicc_f", true));
    assert_true(count_name_matches("minicc_f12", "minicc_f", true));
    assert_false(count_name_matches("minicc_finish", "minicc_f", true));
    assert_false(count_name_matches("minicc_f", "minicc_f", true));
    assert_false(count_name_matches("minicc_f1x", "minicc_f", true));
    assert_true(count_name_matches("fib", "fib", false));
    assert_false(count_name_matches("fib2", "fib", false));
    assert_false(count_name_matches("fi", "fib", false));
}

/* A log line that is not a Trace line makes the count fail (the mechanism
 * would not be what it claims); a Trace line's pc is the second field. */
static void test_lines(void **state) {
    (void)state;
    CountRange r = {0x100b0, 0x100c0};
    CountResult c;
    memset(&c, 0, sizeof c);
    const char *in = "Trace 0: 0x7f9958000100 [0000000000000000/00000000000100b0/00207600/00000201] ";
    const char *out = "Trace 0: 0x7f9958000100 [0000000000000000/00000000000100c0/00207600/00000201] ";
    const char *low = "Trace 0: 0x7f9958000100 [00000000000100b4/00000000000100af/00207600/00000201] ";
    count_line(in, strlen(in), &r, 1, &c);
    count_line(out, strlen(out), &r, 1, &c);
    count_line(low, strlen(low), &r, 1, &c);
    assert_int_equal(c.total, 3);
    assert_int_equal(c.in_range, 1);
    assert_int_equal(c.other, 0);
    count_line("Linking TBs", 11, &r, 1, &c);
    assert_int_equal(c.other, 1);
    assert_int_equal(c.total, 3);
}

/* The same log fed whole and cut at every position into two pieces, and
 * byte by byte: the same counts (a line split across two reads of the
 * pipe is one line); a line too long for the buffer counts as another kind. */
static void test_stream(void **state) {
    (void)state;
    CountRange r = {0x100b0, 0x100c0};
    const char *log = "Trace 0: 0x7f9958000100 [0000000000000000/00000000000100b0/00207600/00000201] \n"
                      "Trace 0: 0x7f9958000240 [0000000000000000/00000000000100c0/00207600/00000201] \n"
                      "Trace 0: 0x7f9958000380 [0000000000000000/00000000000100bc/00207600/00000201] \n"
                      "Trace 0: 0x7f99580004c0 [0000000000000000/00000000000100b8/00207600/00000201] ";
    size_t n = strlen(log);
    for (size_t cut = 0; cut <= n; cut++) {
        CountStream s;
        memset(&s, 0, sizeof s);
        CountResult c;
        memset(&c, 0, sizeof c);
        count_feed(&s, log, cut, &r, 1, &c);
        count_feed(&s, log + cut, n - cut, &r, 1, &c);
        count_end(&s, &r, 1, &c);
        assert_int_equal(c.total, 4);
        assert_int_equal(c.in_range, 3);
        assert_int_equal(c.other, 0);
    }
    CountStream s;
    memset(&s, 0, sizeof s);
    CountResult c;
    memset(&c, 0, sizeof c);
    for (size_t i = 0; i < n; i++) count_feed(&s, log + i, 1, &r, 1, &c);
    count_end(&s, &r, 1, &c);
    assert_int_equal(c.total, 4);
    assert_int_equal(c.in_range, 3);
    char big[1200];
    memset(big, 'x', sizeof big);
    memcpy(big, "Trace ", 6);
    big[sizeof big - 1] = '\n';
    count_feed(&s, big, sizeof big, &r, 1, &c);
    assert_int_equal(c.other, 1);
    assert_int_equal(c.total, 4);
}

static int setup(void **state) {
    (void)state;
    have_tools = mc_target_tools(MC_TARGET_RV64, tools_why, sizeof tools_why);
    if (have_tools && system("command -v riscv64-linux-gnu-nm >/dev/null 2>&1") != 0) {
        have_tools = false;
        snprintf(tools_why, sizeof tools_why,
                 "riscv64-linux-gnu-nm is not installed (Debian package binutils-riscv64-linux-gnu)");
    }
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_stream),
        cmocka_unit_test(test_loop_10),
        cmocka_unit_test(test_loop_2000),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
