/* batch.c - the workbench without a terminal: `minicc --tui-script KEYS
 * [--size WxH] [--attrs] [--flags] [--theme NAME] [--lesson LESSON] [FILE [ARG...]]` applies a key
 * script (keys.c notation) to a workbench of the given size (default 80x24)
 * and prints the final screen as text, then with --attrs the attribute layer
 * and with --flags the bold/reverse/dim layer (frame.h). The tests under tests/tui/ are transcripts of this; the screen
 * is the same frame the terminal front end copies to curses. Also the
 * start-up shared with the terminal front end. */
#include <stdlib.h>
#include <string.h>

#include "minicc/limits.h"
#include "shell/commands.h"
#include "tui.h"
#include "wb.h"

int mc_tui_run_line(McSession *s, const char *line, bool bail, FILE *out, FILE *err) {
    return (int)mc_command_line(s, line, bail, out, err);
}

bool mc_tui_setup(McSession *s, int argc, char **argv, int first, const char **lesson, const char **theme, FILE *err) {
    const char *file = NULL;
    int i = first;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--lesson") == 0) {
            if (i + 1 >= argc) {
                fprintf(err, "minicc: --lesson needs a lesson file\n");
                return false;
            }
            *lesson = argv[++i];
        } else if (strcmp(a, "--theme") == 0) {
            if (i + 1 >= argc) {
                fprintf(err, "minicc: --theme needs a theme (default, projector, light, projector-light)\n");
                return false;
            }
            *theme = argv[++i];
            bool known = false;
            for (int t = 0; t < WB_NTHEMES; t++) known = known || strcmp(*theme, wb_theme_names[t]) == 0;
            if (!known) {
                fprintf(err, "minicc: unknown theme '%s' (default, projector, light, projector-light)\n", *theme);
                return false;
            }
        } else if (strcmp(a, "--write-here") == 0) {
            s->lesson_write_here = true;
        } else if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9')) {
            fprintf(err, "minicc: unknown option '%s' for the workbench (try minicc --help)\n", a);
            return false;
        } else if (!file) {
            file = a;
        } else {
            break; /* the arguments of the function */
        }
    }
    if (!file && i < argc) file = argv[i++];
    if (file) {
        if (!mc_session_load(s, file, err)) return false;
    }
    if (i < argc) {
        if (!file) {
            fprintf(err, "minicc: arguments given but no file\n");
            return false;
        }
        if (!mc_session_set_args(s, argc - i, argv + i, err)) return false;
    }
    return true;
}

int mc_tui_script_main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: minicc --tui-script KEYS [--size WxH] [--attrs] [--flags] [--theme NAME] [--lesson LESSON] [FILE [ARG...]]\n");
        return 2;
    }
    const char *script = argv[1];
    int w = 80, h = 24;
    bool attrs = false, flags = false;
    char **rest = mc_xmalloc((size_t)argc * sizeof *rest);
    int nrest = 0;
    rest[nrest++] = argv[0];
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            char extra;
            if (sscanf(argv[i + 1], "%dx%d%c", &w, &h, &extra) != 2 || w < MC_MIN_COLS || h < MC_MIN_ROWS ||
                w > MC_MAX_COLS || h > MC_MAX_ROWS) {
                fprintf(stderr, "minicc: error: bad --size '%s' (WxH, from %dx%d to %dx%d)\n", argv[i + 1], MC_MIN_COLS,
                        MC_MIN_ROWS, MC_MAX_COLS, MC_MAX_ROWS);
                free(rest);
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "--attrs") == 0) {
            attrs = true;
        } else if (strcmp(argv[i], "--flags") == 0) {
            flags = true;
        } else {
            rest[nrest++] = argv[i];
        }
    }
    char why[256];
    int nkeys = 0;
    int *keys = wb_keys_parse(script, &nkeys, why, sizeof why);
    if (!keys) {
        fprintf(stderr, "minicc: --tui-script: %s\n", why);
        free(rest);
        return 2;
    }
    McSession s;
    mc_session_init(&s);
    const char *lesson = NULL, *theme = NULL;
    if (!mc_tui_setup(&s, nrest, rest, 1, &lesson, &theme, stderr)) {
        free(keys);
        free(rest);
        mc_session_free(&s);
        return 2;
    }
    Wb wb;
    wb_init(&wb, &s, mc_tui_run_line, w, h);
    wb.own_session = true; /* as --tui: `q` asks when a run would be lost (`qq` or `qy` quits) */
    McFrame fr;
    mc_frame_init(&fr, w, h);
    wb_start(&wb, lesson, theme);
    wb_render(&wb, &fr);
    for (int k = 0; k < nkeys && !wb.quit; k++) {
        if (keys[k] & 0x100000) {
            wb_resize(&wb, (keys[k] >> 10) & 0x3ff, keys[k] & 0x3ff);
            wb_key(&wb, WB_KEY_RESIZE);
        } else {
            wb_key(&wb, keys[k]);
        }
        wb_render(&wb, &fr); /* as the terminal would after every key */
    }
    mc_frame_dump(&fr, stdout);
    if (attrs) {
        puts("--");
        mc_frame_dump_attrs(&fr, stdout);
    }
    if (flags) {
        puts("--");
        mc_frame_dump_flags(&fr, stdout);
    }
    mc_frame_free(&fr);
    wb_free(&wb);
    mc_session_free(&s);
    free(keys);
    free(rest);
    return 0;
}
