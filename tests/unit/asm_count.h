/* bench/asm_count.h - dynamic instruction counts of rv64 programs under
 * qemu-user (bench/asm_rv64.c; tests/unit/test_asm_count.c checks it).
 *
 * Debian's qemu-user 7.2 has no plugins (no libinsn.so), but
 * `qemu-riscv64 -singlestep -d exec,nochain -D LOG prog` logs one line
 *
 *     Trace 0: 0x7f.. [0000000000000000/00000000000100b0/00207600/00000201]
 *
 * per executed translation block, and with -singlestep every block is one
 * guest instruction (nochain: a chained jump from block to block would skip
 * the log); the second field in brackets is the guest pc. The log goes to
 * /dev/fd/3, a pipe read here while the program runs (no log file: a few
 * million instructions are a few hundred megabytes of log); every line is
 * counted, and those whose pc lies in one of the given ranges (symbols'
 * [address, address + size) from riscv64-linux-gnu-nm -S) are counted
 * apart: the kernel's instructions without the harness's or libc's. About
 * 1.5 million logged instructions a second on the development machine.
 * Static functions: include once. */
#ifndef BENCH_ASM_COUNT_H
#define BENCH_ASM_COUNT_H

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/util.h"

typedef struct CountRange {
    uint64_t lo, hi; /* [lo, hi) */
} CountRange;

typedef struct CountResult {
    int64_t total;    /* every logged instruction */
    int64_t in_range; /* those with the pc in one of the ranges */
    int64_t other;    /* log lines that are not `Trace` lines (0 expected) */
    int status;       /* the program's wait status */
} CountResult;

/* Whether the symbol name matches: exactly `name`, or (digits) `name`
 * followed by one or more digits only (minicc_f0, minicc_f12). */
static bool count_name_matches(const char *sym, const char *name, bool digits) {
    size_t n = strlen(name);
    if (strncmp(sym, name, n) != 0) return false;
    if (!digits) return sym[n] == 0;
    if (!sym[n]) return false;
    for (const char *p = sym + n; *p; p++)
        if (*p < '0' || *p > '9') return false;
    return true;
}

/* The ranges of exe's sized symbols named as count_name_matches says, from
 * `riscv64-linux-gnu-nm -S`; the number found (at most max), or -1 with
 * the reason in why. */
static int count_symbol_ranges(const char *exe, const char *name, bool digits, CountRange *r, int max, char *why,
                               size_t whysize) {
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "riscv64-linux-gnu-nm -S '%s'", exe);
    FILE *p = popen(cmd, "r");
    if (!p) {
        snprintf(why, whysize, "cannot run riscv64-linux-gnu-nm: %s", strerror(errno));
        return -1;
    }
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, p)) {
        unsigned long long addr = 0, size = 0;
        char type[8], sym[512];
        if (sscanf(line, "%llx %llx %7s %511s", &addr, &size, type, sym) != 4) continue; /* no size */
        if (!count_name_matches(sym, name, digits)) continue;
        if (n < max) r[n++] = (CountRange){addr, addr + size};
    }
    int st = pclose(p);
    if (st != 0) {
        snprintf(why, whysize, "riscv64-linux-gnu-nm -S failed (status %d) on %.200s", st, exe);
        return -1;
    }
    return n;
}

/* One log line (without its newline). */
static void count_line(const char *s, size_t len, const CountRange *r, int nr, CountResult *c) {
    if (len < 6 || memcmp(s, "Trace ", 6) != 0) {
        if (len) c->other++;
        return;
    }
    c->total++;
    const char *b = memchr(s, '[', len);
    const char *slash = b ? memchr(b, '/', len - (size_t)(b - s)) : NULL;
    if (!slash) {
        c->other++;
        return;
    }
    uint64_t pc = strtoull(slash + 1, NULL, 16);
    for (int i = 0; i < nr; i++)
        if (pc >= r[i].lo && pc < r[i].hi) {
            c->in_range++;
            return;
        }
}

/* The log as it arrives, in pieces cut anywhere: whole lines go to
 * count_line (a line longer than the buffer is not a Trace line). */
typedef struct CountStream {
    char line[512];
    size_t len;
    bool long_line;
} CountStream;

static void count_feed(CountStream *s, const char *buf, size_t n, const CountRange *r, int nr, CountResult *c) {
    for (size_t j = 0; j < n; j++) {
        if (buf[j] == '\n') {
            if (s->long_line)
                c->other++;
            else
                count_line(s->line, s->len, r, nr, c);
            s->len = 0;
            s->long_line = false;
        } else if (s->len < sizeof s->line) {
            s->line[s->len++] = buf[j];
        } else {
            s->long_line = true;
        }
    }
}

/* The last line when the log does not end with a newline. */
static void count_end(CountStream *s, const CountRange *r, int nr, CountResult *c) {
    if (s->long_line)
        c->other++;
    else if (s->len)
        count_line(s->line, s->len, r, nr, c);
    s->len = 0;
    s->long_line = false;
}

/* The option that makes every translation block one instruction: qemu
 * renamed -singlestep to -one-insn-per-tb in 8.1 (the old name deprecated,
 * then removed), so ask this qemu's own usage text which it has. */
static const char *count_one_insn_flag(void) {
    static const char *flag;
    if (flag) return flag;
    flag = "-singlestep";
    FILE *p = popen("qemu-riscv64 -h 2>/dev/null", "r");
    if (!p) return flag;
    char line[512];
    while (fgets(line, sizeof line, p))
        if (strstr(line, "-one-insn-per-tb")) flag = "-one-insn-per-tb";
    pclose(p);
    return flag;
}

/* Run exe under qemu-riscv64 -singlestep -d exec,nochain with the log on a
 * pipe, counting as above; the program's standard output into *out (may be
 * NULL: discarded). False with the reason in why when it cannot be started
 * or the log has lines of another kind (the mechanism is not what it
 * claims); the program's own exit status is c->status. */
static bool count_run(const char *exe, const CountRange *r, int nr, CountResult *c, McStr *out, char *why,
                      size_t whysize) {
    memset(c, 0, sizeof *c);
    int po[2], pl[2];
    if (pipe(po) != 0) {
        snprintf(why, whysize, "pipe: %s", strerror(errno));
        return false;
    }
    if (pipe(pl) != 0) {
        snprintf(why, whysize, "pipe: %s", strerror(errno));
        close(po[0]), close(po[1]);
        return false;
    }
    const char *one_insn = count_one_insn_flag(); /* before the fork: it runs qemu itself */
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, whysize, "fork: %s", strerror(errno));
        close(po[0]), close(po[1]), close(pl[0]), close(pl[1]);
        return false;
    }
    if (pid == 0) {
        dup2(po[1], 1);
        int lf = fcntl(pl[1], F_DUPFD, 10); /* out of the way of 3 (which may be a pipe's end here) */
        close(po[0]), close(po[1]), close(pl[0]), close(pl[1]);
        if (lf < 0 || dup2(lf, 3) != 3) _exit(127);
        close(lf);
        int nul = open("/dev/null", O_RDONLY);
        if (nul >= 0) dup2(nul, 0);
        execlp("qemu-riscv64", "qemu-riscv64", one_insn, "-d", "exec,nochain", "-D", "/dev/fd/3", exe,
               (char *)NULL);
        _exit(127);
    }
    close(po[1]);
    close(pl[1]);
    struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pl[0], POLLIN, 0}};
    int open_fds = 2;
    static char buf[1 << 16];
    CountStream cs;
    memset(&cs, 0, sizeof cs);
    while (open_fds > 0) {
        int k = poll(fds, 2, -1);
        if (k < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n <= 0) {
                if (n < 0 && errno == EINTR) continue;
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
                continue;
            }
            if (i == 0) {
                if (out) mc_str_putn(out, buf, (size_t)n);
                continue;
            }
            count_feed(&cs, buf, (size_t)n, r, nr, c);
        }
    }
    count_end(&cs, r, nr, c);
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    c->status = st;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127 && c->total == 0) {
        snprintf(why, whysize, "cannot run qemu-riscv64 on %.200s", exe);
        return false;
    }
    if (c->other) {
        snprintf(why, whysize, "%" PRId64 " log lines of qemu-riscv64 -d exec are not `Trace` lines", c->other);
        return false;
    }
    return true;
}

/* Assemble (rv64im, lp64, as the asm stage's runner does) and link
 * dir/NAME.s into dir/NAME; false with the reason. */
static bool count_build_asm(const char *dir, const char *name, char *why, size_t whysize) {
    char cmd[2400];
    snprintf(cmd, sizeof cmd,
             "riscv64-linux-gnu-as -march=rv64im -mabi=lp64 -o '%s/%s.o' '%s/%s.s' && "
             "riscv64-linux-gnu-ld -static -o '%s/%s' '%s/%s.o'",
             dir, name, dir, name, dir, name, dir, name);
    if (system(cmd) != 0) {
        snprintf(why, whysize, "cannot assemble and link %.100s/%.100s.s", dir, name);
        return false;
    }
    return true;
}

#endif
