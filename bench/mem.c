/* bench/mem.c - memory per function of a module of many small functions
 * (issue 26): 200,000 functions of each of three shapes, parsed from the
 * IR text, and the first shape again from a 4,000-byte path:
 *
 *   none    func fN() {entry: return N}               no parameter, one block
 *   param   func fN(i32 a) {entry: return N}          one parameter
 *   blocks  func fN() {entry: jump x  x: return N}    two blocks
 *   path    none, its file named by a 4,000-byte path
 *
 * Each in a child process of its own. Printed: bytes per function held
 * from malloc by count (mc_func_bytes: the McFunc and its arena's chunks;
 * the file name is shared and not counted), the parse's peak resident set
 * (ru_maxrss) per function, which also holds the text, the parser's
 * function-name map, the module's array and malloc's own overhead, and each
 * shape's ratio to the first in the same run. Before issue 26's fix a
 * function's arena started with a fixed 256-byte chunk and the path was
 * copied into every function: a parameter, a second block or a longer path
 * overflowed it into a 512-byte second chunk (448 -> 960 bytes a function,
 * 126 MB -> 223-248 MB resident). Goal: every shape within 1.5x of the
 * first, by count. Fails otherwise, or when a parse fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/parse.h"
#include "minicc/util.h"

enum { NFUNCS = 200000, NSHAPES = 4 };
static const char *const shape_name[NSHAPES] = {"none", "param", "blocks", "path"};

static char *shape_text(int shape) {
    McStr t;
    mc_str_init(&t);
    for (int i = 0; i < NFUNCS; i++) {
        if (shape == 1) mc_str_printf(&t, "func f%d(i32 a) {\nentry:\n  return %d\n}\n", i, i);
        else if (shape == 2) mc_str_printf(&t, "func f%d() {\nentry:\n  jump x\nx:\n  return %d\n}\n", i, i);
        else mc_str_printf(&t, "func f%d() {\nentry:\n  return %d\n}\n", i, i);
    }
    return t.s;
}

typedef struct Result {
    double counted, rss; /* bytes per function */
    int ok;
} Result;

/* In the child: parse the shape, report through fd. */
static void measure(int shape, int fd) {
    char *text = shape_text(shape);
    char path[4100];
    if (shape == 3) {
        memset(path, 'd', sizeof path);
        for (int k = 200; k < 4000; k += 200) path[k] = '/';
        memcpy(path + 4000, "/f.ir", 6);
    } else {
        snprintf(path, sizeof path, "f.ir");
    }
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    McModule *m = mc_parse(path, text, strlen(text), NULL);
    getrusage(RUSAGE_SELF, &after);
    Result r = {0, 0, m && m->nfuncs == NFUNCS};
    if (r.ok) {
        size_t total = 0;
        for (int32_t i = 0; i < m->nfuncs; i++) total += mc_func_bytes(m->funcs[i]);
        r.counted = (double)total / NFUNCS;
        r.rss = (double)(after.ru_maxrss - before.ru_maxrss) * 1024.0 / NFUNCS;
    }
    if (write(fd, &r, sizeof r) != (ssize_t)sizeof r) _exit(1);
    _exit(0);
}

int main(void) {
    Result res[NSHAPES];
    int fails = 0;
    for (int s = 0; s < NSHAPES; s++) {
        int fds[2];
        memset(&res[s], 0, sizeof res[s]);
        if (pipe(fds) != 0) {
            perror("pipe");
            return 1;
        }
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            measure(s, fds[1]);
        }
        close(fds[1]);
        if (pid < 0 || read(fds[0], &res[s], sizeof res[s]) != (ssize_t)sizeof res[s]) res[s].ok = 0;
        close(fds[0]);
        int status = 0;
        if (pid > 0) waitpid(pid, &status, 0);
        if (!res[s].ok) {
            fprintf(stderr, "bench/mem: shape %s: the parse failed\n", shape_name[s]);
            fails++;
        }
    }
    printf("memory per function, %d functions of each shape parsed from IR text (a child each);\n"
           "counted: McFunc + arena chunks (mc_func_bytes); rss: growth of the peak resident set during\n"
           "the parse, per function; ratio: to the first shape, counted (goal <= 1.5x) and rss\n", NFUNCS);
    printf("%-8s %10s %8s %10s %10s\n", "shape", "counted B", "rss B", "ratio cnt", "ratio rss");
    double worst = 0;
    for (int s = 0; s < NSHAPES; s++) {
        double rc = res[s].counted / res[0].counted, rr = res[s].rss / res[0].rss;
        if (rc > worst) worst = rc;
        printf("%-8s %10.0f %8.0f %9.2fx %9.2fx\n", shape_name[s], res[s].counted, res[s].rss, rc, rr);
    }
    printf("goal: every shape within 1.5x of the first, by count: %.2fx: %s\n", worst,
           worst <= 1.5 ? "met" : "NOT met");
    return fails || worst > 1.5 ? 1 : 0;
}
