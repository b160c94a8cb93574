/* outfile.h - where prompt commands may write files.
 *
 * At the prompt, `emit FILE` and `dot ... FILE` write where the user says.
 * A lesson is data handed from one person to another, so while a lesson
 * plays, its commands write only inside one directory the user chose
 * (McSession.outdir): a fresh temporary directory (made on the first write
 * and named to the user then), or with --write-here the lesson's own
 * directory. Inside it a file name must be relative, must not contain a
 * `..` component and must not pass through a symbolic link; the new file
 * is written beside the old one and renamed over it, so an existing entry
 * (a link, a hard link to a file elsewhere) is replaced, never written
 * through. Relative names resolve inside that directory, not in the
 * working directory (which is the lesson's, for reading its programs). */
#ifndef MINICC_REPL_OUTFILE_H
#define MINICC_REPL_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "shell/session.h"

typedef struct McOutDir {
    char *path;    /* absolute; NULL while a temporary one is not made yet */
    bool temp;     /* a fresh temporary directory, made on the first write */
    bool announce; /* say where the temporary directory is when the first file goes there */
    bool announced;
    bool wrote;    /* a file was written into it */
} McOutDir;

/* A temporary directory under $TMPDIR (else /tmp), made when the first
 * file is written; with `announce` the command that first writes a file
 * there (not one whose file is refused) prints `(files written by this
 * lesson go to DIR)`. */
void mc_outdir_init_temp(McOutDir *d, bool announce);
/* An existing directory the user chose (--write-here: the lesson's);
 * false with errno set when it is none. */
bool mc_outdir_init_dir(McOutDir *d, const char *dir);
/* Forget the directory; with `remove` and a temporary directory, delete
 * the files written into it and the directory itself (`--check`); a
 * temporary directory with no file written into it is removed anyway. */
void mc_outdir_finish(McOutDir *d, bool remove);

/* A file being written for the command s->cmd. */
typedef struct McOutFile {
    FILE *fp;      /* write here, then mc_outfile_commit */
    const char *name; /* as the command was given it */
    int dirfd;     /* in a lesson: the directory the file goes in, else -1 */
    char *last;    /* in a lesson: the final component */
    char *tmp;     /* in a lesson: the temporary name beside it */
} McOutFile;

/* Open NAME for writing. Outside a lesson this is fopen(NAME, "w"); in a
 * lesson the rules above apply, and a refusal reads
 * `CMD: a lesson may write only inside DIR: REASON`. Reports and returns
 * false on failure. `out` gets the announcement of a new temporary
 * directory. */
bool mc_outfile_open(McSession *s, const char *name, McOutFile *f, FILE *out, FILE *err);
/* Like mc_outfile_open, but outside a lesson too the file is written
 * beside NAME (a fresh `.minicc-*` in NAME's directory) and renamed over it
 * by mc_outfile_commit: NAME stays as it was until the file is complete,
 * and mc_outfile_abort leaves nothing behind (`dot ... FILE.png`). */
bool mc_outfile_open_replace(McSession *s, const char *name, McOutFile *f, FILE *out, FILE *err);
/* Finish the file (close; when written beside NAME, rename it into place). Reports and
 * returns false when writing failed; nothing is left behind then. */
bool mc_outfile_commit(McSession *s, McOutFile *f, FILE *err);
/* Give up: close and remove what was written (when written beside NAME;
 * else the opened file stays, as fopen left it). */
void mc_outfile_abort(McOutFile *f);

#endif
