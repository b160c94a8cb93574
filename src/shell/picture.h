/* picture.h - what the registers and interference pictures show, computed
 * once from an allocation for every front end: the prompt's `regs` and
 * `interference` (show.c, text), the workbench's registers and interference
 * panes (pane_regs.c, pane_interf.c, attributed lines) and the Graphviz
 * picture (mc_dot_interference). A picture is plain data: value names,
 * location text and kind, degrees, neighbour handles, counts, the colouring
 * order and what a summary of a big graph leaves out. The renderers only
 * lay it out. Nothing here prints, draws or changes the allocation. */
#ifndef MINICC_REPL_PICTURE_H
#define MINICC_REPL_PICTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "minicc/regalloc.h"

/* One value of the allocated function. */
typedef struct McPicValue {
    const char *name;  /* borrowed from the function; "?" for a handle out of range */
    int name_len;
    McLocation loc;    /* kind MC_LOC_NONE: no location (buffers, dead parameters) */
    bool spilled;      /* loc is a stack slot (the workbench draws `name!`) */
    char where[24];    /* mc_location_str(loc): `r0`, `slot3`, `-` */
} McPicValue;

/* Every value of a->f by handle, with a stand-in for handles out of range. */
typedef struct McPicValues {
    const McFunc *f;
    McPicValue *v;     /* f->nvalues entries */
    int32_t n;
    McPicValue unknown;
} McPicValues;

static inline const McPicValue *mc_pic_value(const McPicValues *t, int32_t v) {
    return v >= 0 && v < t->n ? &t->v[v] : &t->unknown;
}

/* ---- registers: value -> location ---------------------------------------------- */

typedef struct McRegsRow {
    int32_t value;
    int32_t alias;     /* coalesced with this value, or MC_NONE */
} McRegsRow;

typedef struct McRegsPicture {
    McPicValues vals;
    McRegsRow *rows;   /* the located values in handle order */
    int32_t nrows;
    int width;         /* longest name of a row (0 when none) */
    int32_t registers, slots, nspilled;
    int32_t used;      /* distinct registers below K that hold a value */
} McRegsPicture;

void mc_regs_picture(const McAllocation *a, McRegsPicture *p);
void mc_regs_picture_free(McRegsPicture *p);

/* ---- interference graph ------------------------------------------------------- */

/* Above this many edges a graph is a summary: only the first rows (nodes in
 * handle order) and the start of the colouring order are kept, with a few
 * or no neighbours each. A dense graph of 10,000 nodes would otherwise give
 * 50 million names. */
#define MC_PIC_LIST_MAX_EDGES 20000

/* How much of a graph a front end shows. */
typedef struct McIgLimits {
    int32_t summary_rows;       /* rows and colouring-order entries of a summary */
    int32_t summary_neighbours; /* neighbours kept per row of a summary */
    int32_t matrix_max;         /* an adjacency matrix for at most this many nodes */
} McIgLimits;

/* The prompt: a summary lists degrees and locations of 100 nodes, no
 * neighbours; the matrix is printed up to 32 nodes. */
#define MC_PIC_PROMPT_LIMITS ((McIgLimits){100, 0, 32})
/* The workbench pane: a summary lists 500 nodes with the neighbours that fit
 * a line of `width` columns (each takes at least two); matrix up to 60 nodes
 * when the pane is wide enough. */
#define MC_PIC_PANE_LIMITS(width) ((McIgLimits){500, (width) > 0 ? (width) : 1, 60})

typedef struct McIgRow {
    int32_t value;
    int32_t degree;
    const int32_t *neighbours; /* ascending handles, nkept of them */
    int32_t nkept;
    int32_t nneighbours;       /* all of them (> nkept when a summary cut them) */
} McIgRow;

typedef struct McIgPicture {
    McPicValues vals;
    McAllocator allocator;
    int32_t registers, nspilled;
    int32_t graph_nodes;   /* the graph's own node count (the header) */
    int64_t nedges;
    int32_t *node;         /* the graph's nodes among f's values, in handle order */
    int32_t nnodes;
    int width;             /* longest node name (0 when none) */
    int width_marked;      /* the same counting the `!` of a spilled node */
    bool summary;          /* more than MC_PIC_LIST_MAX_EDGES edges */
    McIgRow *rows;         /* node[0 .. nrows): all nodes, or the first of a summary */
    int32_t nrows;
    bool *adj;             /* nrows x nrows adjacency, row major, when !summary and
                              nnodes <= limits.matrix_max; else NULL */
    const int32_t *order;  /* colouring order, its first norder entries (borrowed) */
    int32_t norder;
    int32_t order_more;    /* entries a summary leaves out */
    int32_t *store_;       /* private: neighbour handles */
} McIgPicture;

void mc_ig_picture(const McAllocation *a, McIgLimits lim, McIgPicture *p);
void mc_ig_picture_free(McIgPicture *p);

/* ---- the adjacency matrix, one renderer for the prompt and the workbench ---- */

/* What a piece of the matrix is, so a front end can colour it. */
typedef enum McMatrixPart {
    MC_MX_SPACE,   /* padding */
    MC_MX_NUMBER,  /* a column or row number */
    MC_MX_NAME,    /* the row's node name, `!` when spilled (node: the row) */
    MC_MX_WHERE,   /* its location (node: the row) */
    MC_MX_DIAG,    /* `\` on the diagonal */
    MC_MX_EDGE,    /* `x`: the row and column nodes interfere (node: the column) */
    MC_MX_NONE,    /* `.` */
    MC_MX_NEWLINE, /* the end of a line (text "") */
} McMatrixPart;
typedef void (*McMatrixPut)(void *ctx, McMatrixPart part, int32_t node, const char *text);

/* The matrix of p (p->adj must be set) in at most `width` columns: column
 * numbers on top (a two-digit number in 2-column cells written downwards,
 * tens above ones), then per node its number, name (`a!` spilled), location
 * and cells `\` `x` `.`. Cells are 3 columns once numbers have two digits
 * if that fits. Returns false, putting nothing, when it does not fit. */
bool mc_ig_matrix(const McIgPicture *p, int width, McMatrixPut put, void *ctx);

#endif
