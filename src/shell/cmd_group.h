/* cmd_group.h - private to src/shell: the command table's groups, one file a
 * group in the order `help` lists them (cmd_session.c, cmd_show.c,
 * cmd_pipeline.c, cmd_exec.c, cmd_frames.c, cmd_asm.c, cmd_pictures.c), each exporting its rows;
 * commands.c puts them together. Also the few helpers their handlers share
 * (cmd_util.c). Front ends use shell/commands.h, never this header. */
#ifndef MINICC_SHELL_CMD_GROUP_H
#define MINICC_SHELL_CMD_GROUP_H

#include <stdint.h>

#include "shell/commands.h"

typedef McCmdStatus Status;
#define OK MC_CMD_OK
#define ERR MC_CMD_ERROR

/* Each group's rows, in help order within the group. */
extern const McCommand mc_cmds_session[], mc_cmds_showing[], mc_cmds_pipeline[], mc_cmds_execution[],
    mc_cmds_calls[], mc_cmds_targets[], mc_cmds_pictures[];
extern const int mc_ncmds_session, mc_ncmds_showing, mc_ncmds_pipeline, mc_ncmds_execution, mc_ncmds_calls,
    mc_ncmds_targets, mc_ncmds_pictures;

/* The groups in help order, with the name `help` prints (commands.c). */
typedef struct McCmdGroup {
    const char *name;
    const McCommand *rows;
    const int *n;
} McCmdGroup;
extern const McCmdGroup mc_cmd_groups[];
extern const int mc_ncmd_groups;

/* Whether c is `set`, whose arguments complete to settings (cmd_exec.c). */
bool mc_cmd_is_set(const McCommand *c);

/* `target NAME` and `set target NAME` (cmd_asm.c): false, with the known
 * names, for an unknown one (the target unchanged). */
bool mc_cmd_set_target(McSession *s, const char *name, FILE *out, FILE *err);

/* Between cmd_exec.c and cmd_frames.c (calls): the outcome and C line
 * after a step, step without frames, and the frame-aware step/continue. */
void mc_cmd_print_outcome(McSession *s, FILE *out, FILE *err);
void mc_cmd_print_c_line(McSession *s, FILE *out);
Status mc_cmd_step_plain(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst);
Status mc_cmd_frames_step(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst, bool into);
Status mc_cmd_frames_continue(McSession *s, FILE *out, FILE *err);

/* ---- shared argument checks (cmd_util.c) ------------------------------------------ */

/* A count argument in [lo, hi]; names the command and the bad word. */
bool mc_cmd_parse_count(McSession *s, FILE *err, const char *cmd, const char *word, int64_t lo, int64_t hi,
                        int64_t *out);
/* More than max arguments: `CMD: unexpected argument 'W' (see: help CMD)`. */
bool mc_cmd_too_many(McSession *s, FILE *err, int argc, char **argv, int max);
/* The function start/step/list/cfg work on: the running one, else the exec view. */
const McFunc *mc_cmd_exec_func(McSession *s, FILE *err);

#endif
