/* outfile.c - the files prompt commands write, and the one directory a
 * lesson's commands may write in (see outfile.h). */
#include "shell/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "minicc/util.h"

void mc_outdir_init_temp(McOutDir *d, bool announce) {
    memset(d, 0, sizeof *d);
    d->temp = true;
    d->announce = announce;
}

bool mc_outdir_init_dir(McOutDir *d, const char *dir) {
    memset(d, 0, sizeof *d);
    struct stat st;
    if (stat(dir, &st) != 0) return false;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return false;
    }
    McStr p;
    mc_str_init(&p);
    if (dir[0] != '/') {
        char cwd[4096];
        if (!getcwd(cwd, sizeof cwd)) return false;
        mc_str_printf(&p, "%s/", strcmp(cwd, "/") == 0 ? "" : cwd);
    }
    /* "./x/." reads better as "x" in messages */
    while (dir[0] == '.' && dir[1] == '/') dir += 2;
    if (strcmp(dir, ".") == 0) {
        if (p.len > 1) p.s[--p.len] = 0;
    } else {
        mc_str_puts(&p, dir);
    }
    d->path = p.s ? p.s : mc_xstrdup("/");
    return true;
}

void mc_outdir_finish(McOutDir *d, bool remove) {
    /* A temporary directory nothing was written into goes too (it was made
     * for a write that was then refused, and never named to the user). */
    if (d->temp && d->path && !d->wrote && !remove) rmdir(d->path);
    if (remove && d->temp && d->path) {
        /* Only files are ever written here (no command makes a directory or
         * a link), and unlinkat never follows a link. */
        DIR *dir = opendir(d->path);
        if (dir) {
            struct dirent *e;
            while ((e = readdir(dir)))
                if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) unlinkat(dirfd(dir), e->d_name, 0);
            closedir(dir);
        }
        rmdir(d->path);
    }
    free(d->path);
    memset(d, 0, sizeof *d);
}

/* Make the temporary directory on the first write (it is announced only
 * when a file is really being written there: see mc_outfile_open). */
static bool outdir_ready(McSession *s, McOutDir *d, FILE *err) {
    if (d->path) return true;
    const char *base = getenv("TMPDIR");
    if (!base || base[0] != '/') base = "/tmp";
    McStr t;
    mc_str_init(&t);
    mc_str_printf(&t, "%s/minicc-lesson-XXXXXX", base);
    if (!mkdtemp(t.s)) {
        int e = errno;
        mc_session_error(s, err, "%s: cannot make a temporary directory for the lesson's files in %s: %s", s->cmd,
                         base, strerror(e));
        mc_str_free(&t);
        return false;
    }
    d->path = t.s; /* absolute: base is */
    return true;
}

static bool refuse(McSession *s, FILE *err, const char *why, const char *name, const char *detail) {
    return mc_session_error(s, err, "%s: a lesson may write only inside %s: %s%s%s", s->cmd, s->outdir->path, why,
                            name, detail);
}

/* Walk NAME's directories from the lesson's directory without following a
 * link; *dirfd and *last on success. */
static bool walk(McSession *s, const char *name, int *dirfd, char **last, FILE *err) {
    McOutDir *d = s->outdir;
    if (name[0] == '/') return refuse(s, err, "'", name, "' is an absolute path (use a name relative to it)");
    for (const char *p = name; *p;) { /* before looking at anything on the way */
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.') return refuse(s, err, "'", name, "' leaves it through '..'");
        p += n + (p[n] == '/');
    }
    int fd = open(d->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return mc_session_error(s, err, "%s: cannot open the lesson's directory for files %s: %s", s->cmd, d->path,
                                strerror(errno));
    const char *p = name;
    for (;;) {
        const char *e = strchr(p, '/');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *comp = mc_xstrndup(p, n);
        if (!e) {
            if (n == 0 || strcmp(comp, ".") == 0) {
                free(comp);
                close(fd);
                return mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(EISDIR));
            }
            *dirfd = fd;
            *last = comp;
            return true;
        }
        if (n > 0 && strcmp(comp, ".") != 0) {
            int sub = openat(fd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub < 0) {
                int err_no = errno;
                struct stat st;
                bool link = fstatat(fd, comp, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
                close(fd);
                if (link) {
                    McStr m;
                    mc_str_init(&m);
                    mc_str_printf(&m, "' passes through '%.*s', a symbolic link", (int)(e - name), name);
                    refuse(s, err, "'", name, m.s);
                    mc_str_free(&m);
                } else {
                    mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(err_no));
                }
                free(comp);
                return false;
            }
            close(fd);
            fd = sub;
        }
        free(comp);
        p = e + 1;
    }
}

/* Open a fresh file beside `last` in the directory dfd (both taken over:
 * kept in f on success, released on failure), to be renamed over it by
 * mc_outfile_commit. */
static bool open_beside(McSession *s, const char *name, int dfd, char *last, McOutFile *f, FILE *err) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    unsigned seed = (unsigned)getpid() * 2654435761u ^ (unsigned)(uintptr_t)f;
    for (int attempt = 0; attempt < 100 && !f->fp; attempt++) {
        char tmp[32];
        snprintf(tmp, sizeof tmp, ".minicc-");
        for (int i = 8; i < 20; i++) {
            seed = seed * 1103515245u + 12345u;
            tmp[i] = letters[(seed >> 16) % (sizeof letters - 1)];
        }
        tmp[20] = 0;
        int fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0) {
            if (errno == EEXIST) continue;
            mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(errno));
            break;
        }
        if (!(f->fp = fdopen(fd, "w"))) {
            close(fd);
            unlinkat(dfd, tmp, 0);
            mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(errno));
            break;
        }
        f->tmp = mc_xstrdup(tmp);
    }
    if (!f->fp) {
        free(last);
        close(dfd);
        return false;
    }
    f->dirfd = dfd;
    f->last = last;
    return true;
}

bool mc_outfile_open(McSession *s, const char *name, McOutFile *f, FILE *out, FILE *err) {
    memset(f, 0, sizeof *f);
    f->name = name;
    f->dirfd = -1;
    if (!s->outdir) {
        if (!(f->fp = fopen(name, "w")))
            return mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(errno));
        return true;
    }
    if (!outdir_ready(s, s->outdir, err)) return false;
    int dfd = -1;
    char *last = NULL;
    if (!walk(s, name, &dfd, &last, err)) return false;
    struct stat st;
    if (fstatat(dfd, last, &st, AT_SYMLINK_NOFOLLOW) == 0) {
        const char *why = S_ISLNK(st.st_mode) ? "' is a symbolic link" : !S_ISREG(st.st_mode) ? "' is not a regular file" : NULL;
        if (why) {
            refuse(s, err, "'", name, why);
            free(last);
            close(dfd);
            return false;
        }
    }
    if (!open_beside(s, name, dfd, last, f, err)) return false;
    /* Announce what happens: a file is being written now, not refused. */
    McOutDir *d = s->outdir;
    if (d->temp && d->announce && !d->announced) {
        fprintf(out, "(files written by this lesson go to %s)\n", d->path);
        d->announced = true;
    }
    return true;
}

bool mc_outfile_open_replace(McSession *s, const char *name, McOutFile *f, FILE *out, FILE *err) {
    if (s->outdir) return mc_outfile_open(s, name, f, out, err); /* written beside and renamed already */
    memset(f, 0, sizeof *f);
    f->name = name;
    f->dirfd = -1;
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
        return mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(EISDIR));
    char *dir = slash ? mc_xstrndup(name, slash == name ? 1 : (size_t)(slash - name)) : mc_xstrdup(".");
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int e = errno;
    free(dir);
    if (dfd < 0) return mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(e));
    struct stat st;
    if (fstatat(dfd, base, &st, 0) == 0 && S_ISDIR(st.st_mode)) {
        close(dfd);
        return mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, name, strerror(EISDIR));
    }
    return open_beside(s, name, dfd, mc_xstrdup(base), f, err);
}

static void outfile_release(McOutFile *f) {
    if (f->dirfd >= 0) close(f->dirfd);
    free(f->last);
    free(f->tmp);
    f->dirfd = -1;
    f->last = f->tmp = NULL;
    f->fp = NULL;
}

bool mc_outfile_commit(McSession *s, McOutFile *f, FILE *err) {
    bool bad = ferror(f->fp) != 0;
    int e = errno;
    if (fclose(f->fp) != 0 && !bad) {
        bad = true;
        e = errno;
    }
    f->fp = NULL;
    if (!bad && f->tmp && renameat(f->dirfd, f->tmp, f->dirfd, f->last) != 0) {
        bad = true;
        e = errno;
    }
    if (bad) {
        if (f->tmp) unlinkat(f->dirfd, f->tmp, 0);
        mc_session_error(s, err, "%s: cannot write '%s': %s", s->cmd, f->name, strerror(e ? e : EIO));
    } else if (s->outdir && f->tmp) {
        s->outdir->wrote = true;
    }
    outfile_release(f);
    return !bad;
}

void mc_outfile_abort(McOutFile *f) {
    if (!f->fp) return;
    fclose(f->fp);
    if (f->tmp) unlinkat(f->dirfd, f->tmp, 0);
    outfile_release(f);
}
