/* cmd_util.c - the argument checks the command handlers of every group
 * share (cmd_group.h): a count in a range, no extra words, and the function
 * the execution and showing commands work on. */
#include "shell/cmd_group.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

/* A count argument in [lo, hi]; names the command and the bad word. */
bool mc_cmd_parse_count(McSession *s, FILE *err, const char *cmd, const char *word, int64_t lo, int64_t hi,
                        int64_t *out) {
    const char *p = word;
    bool digits = *p != 0;
    if (*p == '-' || *p == '+') p++;
    if (!*p) digits = false;
    for (; *p; p++)
        if (!isdigit((unsigned char)*p)) digits = false;
    if (!digits) {
        mc_session_error(s, err, "%s: '%s' is not a number", cmd, word);
        return false;
    }
    errno = 0;
    long long v = strtoll(word, NULL, 10);
    if (errno == ERANGE || v < lo || v > hi) {
        mc_session_error(s, err, "%s: %s is out of range (%lld..%lld)", cmd, word, (long long)lo, (long long)hi);
        return false;
    }
    *out = v;
    return true;
}

bool mc_cmd_too_many(McSession *s, FILE *err, int argc, char **argv, int max) {
    if (argc - 1 <= max) return false;
    mc_session_error(s, err, "%s: unexpected argument '%s' (see: help %s)", argv[0], argv[max + 1], argv[0]);
    return true;
}

/* The function start/step/list/cfg work on: the running one, else the exec view. */
const McFunc *mc_cmd_exec_func(McSession *s, FILE *err) {
    if (s->interp) return s->interp_func;
    return mc_session_view(s, s->exec, err);
}
