/* minic_lex.h - the MiniC lexer (private to src/engine/frontend).
 *
 * mc_minic_lex turns the whole text into an array of tokens ending with
 * CT_EOF. Comments and whitespace go; a preprocessor line and an
 * unterminated comment are reported straight away (they leave no token);
 * every other lexical mistake (a string, a character constant, a stray
 * character, a malformed number) becomes a CT_ERROR token carrying its
 * message, which the parser reports when it reaches it, so a bad token in
 * an expression does not also produce a syntax error. */
#ifndef MINICC_FRONTEND_MINIC_LEX_H
#define MINICC_FRONTEND_MINIC_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "minicc/diag.h"

typedef enum CTokKind { CT_EOF, CT_NAME, CT_INT, CT_PUNCT, CT_ERROR } CTokKind;

/* Punctuators, longest spellings first within a prefix (see minic_lex.c). */
#define MC_C_PUNCTS(X)                                                                             \
    X(SHL_EQ, "<<=") X(SHR_EQ, ">>=") X(INC, "++") X(DEC, "--") X(ADD_EQ, "+=") X(SUB_EQ, "-=")   \
    X(MUL_EQ, "*=") X(DIV_EQ, "/=") X(MOD_EQ, "%=") X(AND_EQ, "&=") X(OR_EQ, "|=")               \
    X(XOR_EQ, "^=") X(SHL, "<<") X(SHR, ">>") X(LE, "<=") X(GE, ">=") X(EQ, "==") X(NE, "!=")     \
    X(ANDAND, "&&") X(OROR, "||") X(ARROW, "->") X(LPAREN, "(") X(RPAREN, ")") X(LBRACE, "{")     \
    X(RBRACE, "}") X(LBRACK, "[") X(RBRACK, "]") X(SEMI, ";") X(COMMA, ",") X(QUESTION, "?")      \
    X(COLON, ":") X(TILDE, "~") X(PLUS, "+") X(MINUS, "-") X(STAR, "*") X(SLASH, "/")             \
    X(PERCENT, "%") X(AMP, "&") X(PIPE, "|") X(CARET, "^") X(BANG, "!") X(LT, "<") X(GT, ">")     \
    X(ASSIGN, "=") X(DOT, ".")

typedef enum CPunct {
#define MC_X_P(e, s) CP_##e,
    MC_C_PUNCTS(MC_X_P)
#undef MC_X_P
    CP_COUNT
} CPunct;

extern const char *const mc_c_punct_text[CP_COUNT];

typedef struct CTok {
    CTokKind kind;
    const char *s;   /* the token's text in the source */
    uint32_t len;
    McLoc loc;
    CPunct punct;    /* CT_PUNCT */
    uint64_t val;    /* CT_INT: the value, saturated at 2^32 */
    const char *msg; /* CT_ERROR: the message (static text); CT_EOF: set when
                        the end was inside an unterminated comment */
    int quote;       /* CT_ERROR: the message is followed by the token quoted (1)
                        or by its first byte as U+XXXX (2) */
} CTok;

/* Tokens of src[0..len) (malloc'd, *ntok of them, the last CT_EOF).
 * Preprocessor lines, unterminated comments and NUL bytes in comments are
 * reported to d. A backslash at the end of a line splices it to the next
 * (C's translation phase 2): the tokens' text then points into *text, the
 * spliced copy (malloc'd; NULL when nothing was spliced), their positions
 * stay positions in src. */
CTok *mc_minic_lex(const char *src, size_t len, McDiags *d, int32_t *ntok, char **text);

#endif
