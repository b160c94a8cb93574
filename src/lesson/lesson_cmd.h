/* lesson_cmd.h - lessons driven through the prompt's command layer. */
#ifndef MINICC_LESSON_CMD_H
#define MINICC_LESSON_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "lesson.h"
#include "minicc/util.h"
#include "shell/commands.h"

/* McLessonExec over a McSession (ctx): runs one prompt line, output and
 * errors in order into out; interrupted when the session's interrupt flag
 * is set (before or after it). */
McLessonRun mc_lesson_exec_session(void *ctx, const char *line, McStr *out);
/* McLessonReset over a McSession: start from an empty session. */
void mc_lesson_reset_session(void *ctx);
/* `minicc lesson --grade DIR [--csv FILE] [LESSON...]` (grade.c): the
 * submissions DIR/STUDENT/EXERCISE.ir graded against the exercises of the
 * lessons named (none: every lesson minicc finds); the exit status. */
int mc_lesson_grade_dir(const char *dir, const char *csv, char **lessons, int nlessons);
/* Does every exercise's model solution of l pass it? Failures to err as
 * `FILE:LINE: error: ...` (--check). */
bool mc_lesson_check_models(const McLesson *l, FILE *err);
/* `minicc lesson ...` (cli.h handler). */
int mc_cli_lesson(int argc, char **argv);
/* The `lesson [--check] FILE` prompt command. */
McCmdStatus mc_cmd_lesson(McSession *s, int argc, char **argv, FILE *out, FILE *err);
/* Its row of the command table, with the help text; main.c registers it
 * (mc_command_register), since the shell knows no front end. */
extern const McCommand mc_lesson_command;

#endif
