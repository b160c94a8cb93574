/* cmd_pictures.c - the prompt's "pictures" command, dot: Graphviz DOT text
 * of a graph, or a picture drawn by Graphviz's dot; its handler and its row
 * of the command table. */
#include "shell/cmd_group.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "shell/outfile.h"
#include "shell/show.h"

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Run Graphviz's `dot -Tfmt` with standard input and output on the given
 * files: no file name is ever on its command line, so a name such as
 * `-O.png` cannot become an option. 0 ok, 127 when dot is missing, else
 * dot's status. */
static int run_dot(const char *fmt, FILE *in, FILE *picture) {
    char t[16];
    snprintf(t, sizeof t, "-T%s", fmt);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (dup2(fileno(in), STDIN_FILENO) < 0 || dup2(fileno(picture), STDOUT_FILENO) < 0) _exit(126);
        execlp("dot", "dot", t, (char *)NULL);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void write_dot(const char *what, const McFunc *f, const McAllocation *a, FILE *fp) {
    if (a) {
        mc_dot_interference(a, fp);
    } else if (strcmp(what, "cfg") == 0) {
        mc_dot_cfg(f, fp);
    } else {
        McCfg *c = mc_cfg_build(f);
        mc_dot_dom(f, c, fp);
        mc_cfg_free(c);
    }
}

/* Copy the rest of `from` into the open output. */
static bool copy_stream(FILE *from, FILE *to) {
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n) return false;
    return !ferror(from);
}

static Status cmd_dot(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "dot: missing picture (usage: dot cfg|interference|dom [FILE])"), ERR;
    if (mc_cmd_too_many(s, err, argc, argv, 2)) return ERR;
    const char *what = argv[1];
    const McFunc *f = NULL;
    const McAllocation *a = NULL;
    if (strcmp(what, "cfg") == 0 || strcmp(what, "dom") == 0) {
        if (!(f = mc_cmd_exec_func(s, err))) return ERR;
    } else if (strcmp(what, "interference") == 0) {
        if (!(a = mc_session_allocation(s, err))) return ERR;
    } else {
        return mc_session_error(s, err, "dot: unknown picture '%s' (cfg, interference, dom)", what), ERR;
    }
    const char *file = argc >= 3 ? argv[2] : NULL;
    if (!file) {
        write_dot(what, f, a, out);
        return OK;
    }
    const char *fmt = NULL;
    if (!ends_with(file, ".dot") && !ends_with(file, ".gv")) {
        /* A picture: the extension names Graphviz's output format. */
        static const char *const formats[] = {"png", "svg", "pdf", "jpg", "jpeg", "gif", "bmp", "ps", "eps",
                                              "tif", "tiff", "webp", "ico", "json", "xdot", "plain", "fig",
                                              "imap", "cmapx", "vml", "svgz"};
        const char *dot = strrchr(file, '.');
        const char *slash = strrchr(file, '/');
        if (dot && (!slash || dot > slash))
            for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
                if (strcmp(dot + 1, formats[i]) == 0) fmt = formats[i];
        if (!fmt)
            return mc_session_error(s, err,
                                    "dot: cannot tell the picture format of '%s': name it .dot or .gv for DOT "
                                    "text, or .png, .svg, .pdf, .jpg, .gif, ... for a picture",
                                    file), ERR;
    }
    McOutFile o; /* in a lesson: only inside the lesson's directory for files */
    if (!fmt) {
        if (!mc_outfile_open(s, file, &o, out, err)) return ERR;
        write_dot(what, f, a, o.fp);
        if (!mc_outfile_commit(s, &o, err)) return ERR;
        fprintf(out, "wrote %s\n", file);
        return OK;
    }
    /* Graphviz reads the DOT text from one anonymous temporary file and
     * draws into another; FILE is replaced (by a file written beside it and
     * renamed) only when it succeeded and Ctrl-C did not come: Graphviz
     * answers SIGINT by drawing what it has and exiting with status 0. */
    FILE *text = tmpfile(), *picture = tmpfile();
    if (!text || !picture) {
        if (text) fclose(text);
        if (picture) fclose(picture);
        return mc_session_error(s, err, "dot: cannot create a temporary file: %s", strerror(errno)), ERR;
    }
    write_dot(what, f, a, text);
    bool written = fflush(text) == 0 && !ferror(text);
    rewind(text);
    fflush(out);
    /* Ctrl-C before Graphviz started: do not start it */
    int st = written && !mc_session_interrupted(s) ? run_dot(fmt, text, picture) : -1;
    fclose(text);
    Status r = OK;
    if (!written) {
        r = ERR, mc_session_error(s, err, "dot: cannot write a temporary file");
    } else if (mc_session_interrupted(s)) {
        r = ERR, mc_session_error(s, err, "dot: %s", MC_INTERRUPTED_MSG);
    } else if (st == 127) {
        r = ERR, mc_session_error(s, err,
                                  "dot: Graphviz's `dot` is not installed, so %s cannot be drawn (install it with "
                                  "`apt-get install graphviz`, or write the DOT text with `dot %s %s.dot`)",
                                  file, what, what);
    } else if (st != 0) {
        r = ERR, mc_session_error(s, err, "dot: Graphviz failed to draw %s (status %d)", file, st);
    } else if (!mc_outfile_open_replace(s, file, &o, out, err)) {
        r = ERR;
    } else {
        rewind(picture);
        if (!copy_stream(picture, o.fp)) {
            mc_outfile_abort(&o);
            r = ERR, mc_session_error(s, err, "dot: cannot write '%s': %s", file, strerror(errno ? errno : EIO));
        } else if (mc_session_interrupted(s)) {
            mc_outfile_abort(&o);
            r = ERR, mc_session_error(s, err, "dot: %s", MC_INTERRUPTED_MSG);
        } else if (!mc_outfile_commit(s, &o, err)) {
            r = ERR;
        }
    }
    fclose(picture);
    if (r == OK) fprintf(out, "wrote %s\n", file);
    return r;
}

/* ---- the rows, in help order ------------------------------------------------ */

const McCommand mc_cmds_pictures[] = {
    {"dot", "", "pictures", "dot cfg|interference|dom [FILE]", "Graphviz DOT of a graph (FILE.png/.svg... draws it)",
     "Writes DOT text to the screen or FILE. The interference graph is coloured\n"
     "by register; spilled values are dashed boxes. A FILE ending in .dot or .gv\n"
     "gets the DOT text; any other extension Graphviz knows (.png, .svg, .pdf,\n"
     ".jpg, .gif, .ps, ...) runs Graphviz's dot with that output format, when\n"
     "it is installed (DOT text on its standard input, the picture on its\n"
     "standard output, so a name such as -O.png is never an option; FILE is\n"
     "replaced only when it succeeds: Ctrl-C leaves it as it was). Other names\n"
     "are refused. In a lesson,\n"
     "FILE must be a relative name inside the lesson's directory for files.\n",
     "cfg|interference|dom file", cmd_dot},
};
const int mc_ncmds_pictures = (int)(sizeof mc_cmds_pictures / sizeof mc_cmds_pictures[0]);
