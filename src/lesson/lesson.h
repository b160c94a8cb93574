/* lesson.h - scripted lessons: parsing `.lesson` files and playing them back.
 *
 * A lesson is a plain-text file read line by line:
 *
 *     # a comment, never shown
 *     == Phis are simultaneous            a section heading
 *     Any other line is narration.        (blank lines separate paragraphs)
 *     $ load programs/swap.ir             a prompt command, shown and run
 *     expect return 12                    the previous command's output has this line
 *     expect value a = 2                  shortcut: `print a` shows `a = 2`
 *     expect error                        the previous command failed
 *     expect no error                     ... succeeded (the default for every command)
 *     ask What does run print for n = 3?  predict-then-reveal: the student answers,
 *     answer return 21                    then the next command shows the truth
 *     answer number 21                    kinds: exact (the default), number,
 *     answer set a b                      set (any order, complete) and
 *     answer one-of opt | diverge at opt  one-of (alternatives split by '|'),
 *     hint Count the adds.                 direction; a hint after two wrong tries;
 *     shows return {}                      the output field --check holds it to
 *     shows 2 off * {} => 2 on * {}        (direction: from one number to another)
 *     reveal                              the answer is out: the student's handout
 *                                         hides from the question to here
 *     pause                               wait for Enter
 *     screen stage destroyed focus ir     the workbench's screen: layout, stage,
 *                                         focus, zoom (KEY VALUE pairs; the
 *                                         prompt and --check ignore them)
 *     exercise NAME                       a task the tool grades (a block of task,
 *                                         model, $ CMD, need and why lines: below)
 *
 * Lines are compared after collapsing runs of blanks and trimming both ends.
 * Commands run with the lesson file's directory as the working directory, so
 * a lesson and its programs move together.
 *
 * The player does not know the command layer: it runs commands through a
 * callback, so the prompt, the workbench and `minicc lesson --check` all
 * drive it the same way. */
#ifndef MINICC_LESSON_H
#define MINICC_LESSON_H

#include <stdbool.h>
#include <stdio.h>

#include "minicc/diag.h"
#include "minicc/util.h"

typedef enum McLessonStepKind {
    MC_LS_HEADING,   /* text: the heading */
    MC_LS_NARRATE,   /* text: one narration line ("" for a paragraph break) */
    MC_LS_COMMAND,   /* text: the command line */
    MC_LS_EXPECT,    /* text: the expected output line */
    MC_LS_EXPECT_VALUE, /* text: "NAME = V" (runs `print NAME`) */
    MC_LS_EXPECT_ERROR, /* previous command must have failed */
    MC_LS_EXPECT_OK,    /* previous command must have succeeded */
    MC_LS_ASK,       /* text: the question; answer: the expected answer */
    MC_LS_PAUSE,
    MC_LS_SCREEN,    /* text: KEY VALUE pairs for the workbench's screen (checked when loaded) */
    MC_LS_EXERCISE,  /* text: an exercise's task; answer: the file to hand in (NAME.ir or NAME.c) */
    MC_LS_REVEAL,    /* the answer of the section's last question is revealed here: the
                      * student's handout shows the lesson again from this point */
} McLessonStepKind;

/* How a student's answer is compared with the expected one (never by suffix). */
typedef enum McAnswerKind {
    MC_ANS_EXACT,  /* the whole answer, blanks collapsed, case ignored */
    MC_ANS_NUMBER, /* the one integer in the answer equals it ("21", "return 21") */
    MC_ANS_SET,    /* the same words in any order, each once, none missing */
    MC_ANS_ONE_OF, /* exactly one of the alternatives separated by '|' */
    MC_ANS_DIRECTION, /* more, fewer or same, or a synonym of it */
} McAnswerKind;

typedef struct McLessonStep {
    McLessonStepKind kind;
    char *text;   /* malloc'd */
    char *answer; /* MC_LS_ASK: malloc'd, without the kind word */
    McAnswerKind answer_kind; /* MC_LS_ASK */
    char *hint;   /* MC_LS_ASK: malloc'd `hint` line after the answer, or NULL */
    char *field;  /* MC_LS_ASK: malloc'd `shows` pattern, the output field backing the answer */
    int line;     /* 1-based line in the lesson file */
} McLessonStep;

/* Exercises (exercise.c): a construction task whose file the tool grades.
 *
 *     exercise four-colours               NAME: the student hands in NAME.ir (or .c)
 *     task Write a function whose ...      what to do (shown where the block stands)
 *     model programs/ex/four-colours.ir    a model solution (--check grades it)
 *     $ load {}                           commands; {} is the submitted file
 *     need alloc ** {} spilled ** >= 1    a line with its field compared (= != < <= > >=)
 *     why At K = 3 it spilled {}: ...      the failure in words ({} the field found)
 *     need agree                          some line matches; `need no PATTERN`: none does
 *     need alloc ** {} spilled to {} slot** >   two fields compared with each other
 */
typedef enum McNeedKind {
    MC_NEED_LINE,    /* some output line matches the pattern */
    MC_NEED_NO_LINE, /* no output line matches it */
    MC_NEED_FIELD,   /* the first matching line's {} field compares with value by op */
    MC_NEED_FIELDS,  /* two fields {} of a matching line compare with each other by op */
} McNeedKind;

typedef struct McExerciseStep {
    bool is_need;     /* a `need` (else a command) */
    char *text;       /* malloc'd: the command (with {}) or the need's pattern */
    McNeedKind need;  /* is_need */
    char op[3];       /* MC_NEED_FIELD: "=", "!=", "<", "<=", ">", ">=" */
    long long value;  /* MC_NEED_FIELD */
    char *why;        /* malloc'd `why` text, or NULL */
    int line;
} McExerciseStep;

typedef struct McExercise {
    char *name;  /* malloc'd: lower-case letters, digits, '-' */
    char *task;  /* malloc'd */
    char *model; /* malloc'd: relative to the lesson's directory */
    const char *ext; /* "ir" or "c": the model's, and what a student hands in */
    int line, step;  /* where it starts; its MC_LS_EXERCISE step (-1 none yet) */
    McExerciseStep *steps;
    int nsteps, cap;
} McExercise;

typedef struct McLesson {
    char *path;  /* as given */
    char *shown; /* path as it may be shown on a terminal (diag.h: mc_visible_dup) */
    char *dir;   /* directory of the file, for running commands */
    char *title; /* `title:`, else the first heading, else the file name */
    McLessonStep *steps;
    int nsteps, cap;
    /* The syllabus (syllabus.c): `teaches: CONCEPT...` and `requires:
     * CONCEPT...`, concept names in order, malloc'd; the lines they were on. */
    char **teaches, **requires;
    int nteaches, nrequires;
    int teaches_line, requires_line, title_line;
    McExercise *exercises; /* in the order written */
    int nexercises, excap;
} McLesson;

/* What running one of the lesson's commands came to. */
typedef enum McLessonRun {
    MC_LESSON_FAILED = 0,      /* the command reported an error */
    MC_LESSON_OK = 1,          /* it succeeded */
    MC_LESSON_INTERRUPTED = 2, /* Ctrl-C stopped it: every player stops the lesson there */
} McLessonRun;

/* Run one command line; append everything it prints to *out. */
typedef McLessonRun (*McLessonExec)(void *ctx, const char *line, McStr *out);

/* Parse a lesson file. Malformed lines are diagnostics `FILE:LINE:COL: error:`
 * (d->file is the lesson path). Returns NULL on any error. */
McLesson *mc_lesson_load(const char *path, McDiags *d);
void mc_lesson_free(McLesson *l);

/* Does the student's answer `given` answer a question whose expected answer
 * is `want` of kind `kind`? (Exported for the tests and the workbench.) */
bool mc_lesson_answer_matches(McAnswerKind kind, const char *want, const char *given);
/* Does some line of a command's output show the expected answer? (`--check`
 * holds every answer to the output of the command after its question.) */
bool mc_lesson_answer_shown(McAnswerKind kind, const char *want, const char *output);
/* For the loader: the kind word starting [s, s+n) (its length in *len), or -1;
 * and NULL when an expected answer suits its kind, else what is wrong. */
int mc_lesson_answer_kind_word(const char *s, size_t n, size_t *len);
const char *mc_lesson_answer_invalid(McAnswerKind kind, const char *want);
/* `shows PATTERN`: does a whole line of output match PATTERN (`{}` the field,
 * `*` any text) with the field exactly the answer? For a direction,
 * `shows A => B` compares two numbers, each an integer or the field of the
 * first line a pattern matches (B's line is searched after A's first, and
 * is never A's): more when B is greater, fewer when smaller, else same.
 * And is PATTERN usable (NULL) or what is wrong with it? */
bool mc_lesson_answer_in_field(McAnswerKind kind, const char *want, const char *pattern, const char *output);
const char *mc_lesson_field_invalid(const char *pattern);
/* Does some line of output match PATTERN (no field: `*`, `**`, blanks)? And
 * the integer field {} of the first line PATTERN matches, if it is one. */
bool mc_lesson_line_matches(const char *pattern, const char *output);
bool mc_lesson_field_number(const char *pattern, const char *output, long long *v);
/* The expected answer as shown to a student ("opt or diverge at opt" for one-of). */
char *mc_lesson_answer_text(const McLessonStep *ask);

/* Syllabus directives (syllabus.c): is the line [s, s+n) one of `title:
 * TEXT`, `teaches: CONCEPT...` or `requires: CONCEPT...` (concepts are
 * lower-case words with '-', separated by commas or blanks)? If so it is
 * recorded in l (or reported to d) and true is returned. */
bool mc_lesson_load_meta(McLesson *l, McDiags *d, const char *s, size_t n, int line, int col);
void mc_lesson_free_meta(McLesson *l);
/* The lessons ls[0..n-1] taken as a course in that order: a concept a lesson
 * requires that only a later lesson teaches, or that two lessons teach, is
 * reported to err as `FILE:LINE: error: ...`. Returns the number of problems. */
int mc_lesson_syllabus_check(McLesson *const *ls, int n, FILE *err);

/* Exercise lines (exercise.c): the line [s, s+n) is `exercise NAME` or,
 * while an exercise is open (*open), one of its lines (task, model, $ CMD,
 * need, why, a comment or a blank); then it is recorded in l or reported
 * to d and true is returned. A heading or another exercise closes the open
 * one; mc_lesson_exercise_close checks it is complete (also at the end). */
bool mc_lesson_load_exercise(McLesson *l, McDiags *d, bool *open, const char *s, size_t n, int line, int col);
void mc_lesson_exercise_close(McLesson *l, McDiags *d, bool *open);
void mc_lesson_free_exercises(McLesson *l);
/* Grade the file `file` (its directory becomes the working directory, {}
 * its name) against exercise x: runs the commands through exec (a fresh
 * session in ctx) and checks each need in order. True when all hold; else
 * *why (malloc'd) says the first failure in words. */
bool mc_exercise_grade(const McExercise *x, const char *file, McLessonExec exec, void *ctx, char **why);

/* Narration's inline Markdown (markdown.c): `code`, *emphasis* and
 * **strong** written to out with terminal attributes when `style`, else
 * with the markers removed; never raw backticks. */
void mc_lesson_render_inline(FILE *out, const char *text, bool style);
/* The same, plain, into a malloc'd string (the workbench's transcript). */
char *mc_lesson_inline_plain(const char *text);
/* Should narration on `out` be styled: a terminal, NO_COLOR unset, TERM not dumb. */
bool mc_lesson_style_for(FILE *out);

/* Lessons by name (lesson_find.c): a path is taken as it is; a name is
 * looked up in ./lessons, $XDG_DATA_HOME/minicc/lessons (~/.local/share/...)
 * and the installed PREFIX/share/minicc/lessons, in that order. Returns the
 * malloc'd path, or NULL with *why a malloc'd message (not found, ambiguous). */
char *mc_lesson_resolve(const char *name, char **why);
/* The search directories (malloc'd, up to 3); returns how many. */
int mc_lesson_dirs(char *dirs[3]);
/* The lesson names (file names without .lesson, byte order) in dir. */
int mc_lesson_dir_list(const char *dir, char ***out);
/* `minicc lesson --list`: every directory's lessons with their titles. */
void mc_lesson_list(FILE *out);

/* Run every command and check every expectation and answer without
 * interaction. Stops at the first failure, which is reported to `err` as
 * `FILE:LINE: error: ...` with the command's actual output (an interrupted
 * command is one). Returns true when the whole lesson passes. */
bool mc_lesson_check(const McLesson *l, McLessonExec exec, void *ctx, FILE *err);

/* Interactive playback on a terminal-like stream pair: narration and
 * commands are written to `out`; at `pause` and `ask` a line is read from
 * `in` (Enter to go on, `back` to replay the previous part, `quit` to stop).
 * `reset` is called before a replay so the session starts clean. With
 * `in` NULL nothing is read: pauses go straight on and each question is
 * shown with its answer (a prompt script must not feed the lesson).
 * A command that exec reports interrupted ends the lesson with the line
 * `(interrupted: '$ CMD' (line N) did not finish; the lesson stops here)`.
 * Returns 0, 1 when a check failed, 2 when a command was interrupted. */
typedef void (*McLessonReset)(void *ctx);
int mc_lesson_play(const McLesson *l, McLessonExec exec, McLessonReset reset, void *ctx, FILE *in,
                   FILE *out);

/* One try at a question, the same in every player: Enter alone (blank)
 * asks again; `?` shows the answer; a right answer is taken; a wrong one
 * asks again twice (the second time with the lesson's hint, when it has
 * one) and then shows the answer (two tries without a hint). *wrong counts
 * the wrong tries so far (0 before the first). The verdict goes to msg
 * ("Right: ...", "Not quite. Try again.", "Not quite. Hint: ...", "Not
 * quite. The answer is: ...", "The answer is: ...", or the ask-again note). */
typedef enum McLessonGrade {
    MC_GRADE_AGAIN, /* ask again */
    MC_GRADE_RIGHT, /* right: go on */
    MC_GRADE_SHOWN, /* the answer was shown: go on */
} McLessonGrade;
McLessonGrade mc_lesson_grade(const McLessonStep *ask, const char *given, int *wrong, char *msg, size_t size);

/* Write a Markdown handout: headings, narration, each command in a fenced
 * block with its real output. A student's handout (teacher false) shows each
 * question with room for the answer and the command that reveals it without
 * its output, and leaves out what follows (narration, commands, output: it
 * states the answer), saying so, up to the question's `reveal` marker, else
 * to the end of its section; a later question of the section is still
 * shown. At a `reveal` the handout says the lesson goes on, and does. The teacher's copy shows the answers and
 * every output.
 * Runs the commands. Returns false if a command fails unexpectedly or is
 * interrupted (the handout then stops there). */
bool mc_lesson_export_md(const McLesson *l, McLessonExec exec, void *ctx, FILE *out, FILE *err, bool teacher);

/* What `screen` may say. Keys: layout, stage, focus, zoom. Values: the
 * workbench's layout names (src/tui/layout.c), the stages input, ssa, opt,
 * destroyed and allocated, its pane names (wb_pane_names in
 * src/tui/workbench.c) and for zoom also `off`. tests/tui/directives.t
 * plays every one of them in the workbench. */
extern const char *const mc_lesson_screen_layouts[];
extern const char *const mc_lesson_screen_stages[];
extern const char *const mc_lesson_screen_panes[];

/* Applies a `screen` step's KEY VALUE pairs (the workbench). Returns false
 * with a reason in why when it cannot. */
typedef bool (*McLessonScreen)(void *ctx, const char *pairs, char *why, size_t size);

/* Incremental playback for the workbench: one step at a time. */
typedef struct McLessonCursor {
    const McLesson *lesson;
    int next;         /* index of the next step to run */
    McStr transcript; /* everything shown so far (narration, commands, output) */
    McStr kinds;      /* one letter per transcript line, what it is: H heading, N narration
                       * ("" separates paragraphs), C command, O its output, Q question,
                       * A answer and verdict, X a failed check (the workbench reflows
                       * narration and leaves output unwrapped) */
    McStr last_output;
    bool last_ok;
    bool waiting;     /* stopped at a pause or ask */
    bool finished;
    bool failed;      /* an expectation failed */
    char message[256];/* status for the last advance (failure or ask result) */
    McLessonScreen screen; /* applies `screen` steps (NULL: they are skipped); its ctx is exec's */
    int wrong;        /* wrong tries at the pending question (mc_lesson_grade) */
    int asked, right_first; /* questions settled so far, and those right at the first try */
} McLessonCursor;

void mc_lesson_cursor_init(McLessonCursor *c, const McLesson *l);
void mc_lesson_cursor_free(McLessonCursor *c);
/* Run steps until the next pause/ask or the end. `answer` is the student's
 * answer to a pending ask (NULL if none), graded by mc_lesson_grade: a
 * blank answer, and a wrong one before the last try, leave the cursor
 * waiting at the question (message says why, the transcript shows the
 * try). At the end the transcript gets the score line "N of M right the
 * first time." A command that exec reports
 * interrupted stops the cursor after it as at a pause (message says so; the
 * command's expectations are passed over). */
void mc_lesson_cursor_advance(McLessonCursor *c, McLessonExec exec, void *ctx, const char *answer);

#endif
