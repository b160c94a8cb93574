/* run_exec.h - the run path's interpreter loop (private to run.c, which
 * includes it twice): EXEC_FN is the function's name; EXEC_EXACT 0 gives
 * the plain loop of mc_code_run, EXEC_EXACT 1 the loop of exact code
 * (mc_code_new_exact), which on every edge first tests the target's
 * breakpoint byte (brk) and, once the edge is taken, marks its source block
 * as left (done). Both need run.c's types (CInst, CEdge, Run) and macros. */
#if EXEC_EXACT
#define EXACT_BREAK_TEST if (MC_UNLIKELY(brk[e->dst])) goto at_break;
#define EXACT_LEAVE done_[e->src] = 1;
#else
#define EXACT_BREAK_TEST
#define EXACT_LEAVE
#endif
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-crossjumping", "no-gcse"), aligned(64)))
#elif defined(__GNUC__)
__attribute__((aligned(64)))
#endif
static void EXEC_FN(const McCode *c, McArgs *args, Run *r, const void *const **table, McOutcome *out) {
    int32_t value = 0;
#if MC_DIRECT_THREADED
    static const void *const labels[K_COUNT] = {
#define L3(x) &&L_##x##_SS, &&L_##x##_SI, &&L_##x##_IS,
        MC_ALU_OPS(L3)
#undef L3
#define LB(x) &&L_B##x##_SS, &&L_B##x##_SI, &&L_B##x##_IS, &&L_BN##x##_SS, &&L_BN##x##_SI, &&L_BN##x##_IS,
        MC_CMP_OPS(LB)
#undef LB
        &&L_MOVI, &&L_COPY, &&L_LOAD_S, &&L_LOAD_I,
        &&L_STORE_SS, &&L_STORE_SI, &&L_STORE_IS, &&L_STORE_II,
        &&L_RET_S, &&L_RET_I, &&L_JUMP, &&L_BR_S,
#define LI(x) &&L_I##x##_S, &&L_I##x##_I,
        MC_CMP_OPS(LI)
#undef LI
#define LL(x) &&L_L##x##_L, &&L_L##x##_R,
        MC_ALU_OPS(LL)
#undef LL
#define LD(x) &&L_##x##_SS, &&L_##x##_SI, &&L_##x##_IS,
        DIV_OPS(LD)
#undef LD
#define LJ(x) &&L_J##x##_SS, &&L_J##x##_SI, &&L_J##x##_IS,
        MC_ALU_OPS(LJ)
#undef LJ
        &&L_JMOVI, &&L_JCOPY,
#define LR(x) &&L_R##x##_SS_SS, &&L_R##x##_SS_SI, &&L_R##x##_SI_SS, &&L_R##x##_SI_SI,
        MC_CMP_OPS(LR)
#undef LR
        &&L_CALL, &&L_BUFFER,
    };
    if (table) {
        *table = labels;
        return;
    }
#else
    (void)table;
#endif
    (void)out;
    (void)args;
    int32_t *s = r->s;
    const McInterrupt *stop = r->stop;
#if EXEC_EXACT
    const uint8_t *brk = r->brk;
    uint8_t *done_ = r->done;
#endif
    const CBuf *bufs = r->bufs;
    const CInst *ip = r->ip;
    const CEdge *e = r->e;
    /* Block entries still allowed: `left` before the next look at the
     * interrupt flag, `reserve` after it (run.c's exec sets them up). */
    int64_t left = r->left, reserve = r->reserve;
    int64_t insts = r->insts;
    int32_t index = 0, len = 0;

#if MC_DIRECT_THREADED
#define OP(x) L_##x:
#define NEXT goto *ip->h
    NEXT;
#else
#define OP(x) case K_##x:
#define NEXT goto dispatch
dispatch:
    switch (ip->op) {
#endif
/* Take edge K of the terminator: the budget, the target's count, the phi
 * moves, dispatch. The plain loop reads the counts from the record and the
 * edge only when it has moves (or at a refill); the exact loop needs the
 * edge's blocks anyway. */
#if EXEC_EXACT
#define TAKE(K)                                                              \
    do {                                                                     \
        e = ip->u.e[K];                                                      \
        EXACT_BREAK_TEST                                                     \
        if (MC_UNLIKELY(left == 0)) goto refill;                             \
        left--;                                                              \
        EXACT_LEAVE                                                          \
        insts += e->ninsts;                                                  \
        const int32_t *m_ = e->moves;                                        \
        for (int32_t n_ = e->nmoves; n_ > 0; n_--, m_ += 2) s[m_[0]] = s[m_[1]]; \
        ip = ip->t[K];                                                       \
        NEXT;                                                                \
    } while (0)
#else
#define TAKE(K)                                                              \
    do {                                                                     \
        if (MC_UNLIKELY(left == 0)) {                                        \
            e = ip->u.e[K];                                                  \
            goto refill;                                                     \
        }                                                                    \
        left--;                                                              \
        insts += ip->n[K];                                                   \
        if (ip->m.nm[K]) {                                                     \
            const int32_t *m_ = ip->u.e[K]->moves;                           \
            for (int32_t n_ = ip->m.nm[K]; n_ > 0; n_--, m_ += 2) s[m_[0]] = s[m_[1]]; \
        }                                                                    \
        ip = ip->t[K];                                                       \
        NEXT;                                                                \
    } while (0)
#endif
#define BRANCH(r) do { if (r) TAKE(0); else TAKE(1); } while (0)
#define ALU3(x, fn)                                                          \
    OP(x##_SS) s[ip->d] = fn(s[ip->a], s[ip->b]); ip++; NEXT;                \
    OP(x##_SI) s[ip->d] = fn(s[ip->a], ip->b); ip++; NEXT;                   \
    OP(x##_IS) s[ip->d] = fn(ip->a, s[ip->b]); ip++; NEXT;
/* An operation and the jump after it. */
#define JALU3(x, fn)                                                         \
    OP(J##x##_SS) s[ip->d] = fn(s[ip->a], s[ip->b]); TAKE(0);                \
    OP(J##x##_SI) s[ip->d] = fn(s[ip->a], ip->b); TAKE(0);                   \
    OP(J##x##_IS) s[ip->d] = fn(ip->a, s[ip->b]); TAKE(0);
/* Fused compare + branch; the BN forms skip writing the compare's result
 * when nothing but this branch reads it. */
#define BR3(x, fn)                                                           \
    OP(B##x##_SS) { int32_t r_ = fn(s[ip->a], s[ip->b]); s[ip->d] = r_; BRANCH(r_); } \
    OP(B##x##_SI) { int32_t r_ = fn(s[ip->a], ip->b); s[ip->d] = r_; BRANCH(r_); }    \
    OP(B##x##_IS) { int32_t r_ = fn(ip->a, s[ip->b]); s[ip->d] = r_; BRANCH(r_); }    \
    OP(BN##x##_SS) BRANCH(fn(s[ip->a], s[ip->b]));                           \
    OP(BN##x##_SI) BRANCH(fn(s[ip->a], ip->b));                              \
    OP(BN##x##_IS) BRANCH(fn(ip->a, s[ip->b]));
/* The add's result stays in a register for the compare; the stores keep
 * the sequential order (the compare's operand may be the add's slot). These
 * always write the compare's result: a variant without the store measured
 * slower on the bench kernels (an effect of code layout, not of the work),
 * so it was dropped. */
#define INC3(x, fn)                                                          \
    OP(I##x##_S) { int32_t v_ = mc_i32_add(s[ip->a], ip->b); s[ip->d] = v_;  \
                   int32_t r_ = fn(v_, s[ip->y]); s[ip->c] = r_; BRANCH(r_); } \
    OP(I##x##_I) { int32_t v_ = mc_i32_add(s[ip->a], ip->b); s[ip->d] = v_;  \
                   int32_t r_ = fn(v_, ip->y); s[ip->c] = r_; BRANCH(r_); }
/* Load, then an operation reading the loaded value (written first: the
 * other operand may be the load's own slot). */
#define LOADOP(x, fn)                                                        \
    OP(L##x##_L) CHECK(s[ip->b]) { int32_t v_ = bufs[ip->a].p[index]; s[ip->d] = v_; \
                   s[ip->c] = fn(v_, s[ip->y]); ip++; NEXT; }                \
    OP(L##x##_R) CHECK(s[ip->b]) { int32_t v_ = bufs[ip->a].p[index]; s[ip->d] = v_; \
                   s[ip->c] = fn(s[ip->y], v_); ip++; NEXT; }
/* The add and jump of a loop's latch, then the head's compare and branch
 * (plain code only; no edge has moves). With fewer than two entries left
 * the jump is taken alone and the head's own record runs, so the budget
 * and the poll fall where they do unfused. */
#define ROT(x, fn, addb, cmpb, tag)                                          \
    OP(R##x##_##tag) {                                                       \
        s[ip->d] = mc_i32_add(s[ip->c], addb);                               \
        if (MC_UNLIKELY(left < 2)) {                                         \
            e = ip->m.ej;                                                    \
            if (left == 0) goto refill;                                      \
            left--;                                                          \
            insts += e->ninsts;                                              \
            ip = e->ip;                                                      \
            NEXT;                                                            \
        }                                                                    \
        left -= 2;                                                           \
        if (fn(s[ip->a], cmpb)) {                                            \
            insts += ip->n[0];                                               \
            ip = ip->t[0];                                                   \
        } else {                                                             \
            insts += ip->n[1];                                               \
            ip = ip->t[1];                                                   \
        }                                                                    \
        NEXT;                                                                \
    }
#define ROT4(x, fn)                                                          \
    ROT(x, fn, s[ip->y], s[ip->b], SS_SS)                                    \
    ROT(x, fn, s[ip->y], ip->b, SS_SI)                                       \
    ROT(x, fn, ip->y, s[ip->b], SI_SS)                                       \
    ROT(x, fn, ip->y, ip->b, SI_SI)
/* Division: a zero divisor in a slot traps; an SI divisor is a non-zero immediate. */
#define DIV3(x, fn)                                                          \
    OP(x##_SS) if (MC_UNLIKELY(s[ip->b] == 0)) goto div_trap;                \
               s[ip->d] = fn(s[ip->a], s[ip->b]); ip++; NEXT;                \
    OP(x##_SI) s[ip->d] = fn(s[ip->a], ip->b); ip++; NEXT;                   \
    OP(x##_IS) if (MC_UNLIKELY(s[ip->b] == 0)) goto div_trap;                \
               s[ip->d] = fn(ip->a, s[ip->b]); ip++; NEXT;
#define CHECK(idx)                                                           \
    index = (idx);                                                           \
    len = bufs[ip->a].len;                                                   \
    if (MC_UNLIKELY((uint32_t)index >= (uint32_t)len)) goto bounds_trap;
    ALU3(ADD, mc_i32_add)
    ALU3(SUB, mc_i32_sub)
    ALU3(MUL, mc_i32_mul)
    ALU3(LT, mc_i32_lt)
    ALU3(LE, mc_i32_le)
    ALU3(EQ, mc_i32_eq)
    ALU3(NE, mc_i32_ne)
    ALU3(AND, mc_i32_and)
    ALU3(OR, mc_i32_or)
    ALU3(XOR, mc_i32_xor)
    ALU3(SHL, mc_i32_shl)
    ALU3(SHR, mc_i32_shr)
    DIV3(DIV, mc_i32_div)
    DIV3(REM, mc_i32_rem)
    JALU3(ADD, mc_i32_add)
    JALU3(SUB, mc_i32_sub)
    JALU3(MUL, mc_i32_mul)
    JALU3(LT, mc_i32_lt)
    JALU3(LE, mc_i32_le)
    JALU3(EQ, mc_i32_eq)
    JALU3(NE, mc_i32_ne)
    JALU3(AND, mc_i32_and)
    JALU3(OR, mc_i32_or)
    JALU3(XOR, mc_i32_xor)
    JALU3(SHL, mc_i32_shl)
    JALU3(SHR, mc_i32_shr)
    OP(JMOVI) s[ip->d] = ip->a; TAKE(0);
    OP(JCOPY) s[ip->d] = s[ip->a]; TAKE(0);
    BR3(LT, mc_i32_lt)
    BR3(LE, mc_i32_le)
    BR3(EQ, mc_i32_eq)
    BR3(NE, mc_i32_ne)
    INC3(LT, mc_i32_lt)
    INC3(LE, mc_i32_le)
    INC3(EQ, mc_i32_eq)
    INC3(NE, mc_i32_ne)
    LOADOP(ADD, mc_i32_add)
    LOADOP(SUB, mc_i32_sub)
    LOADOP(MUL, mc_i32_mul)
    LOADOP(LT, mc_i32_lt)
    LOADOP(LE, mc_i32_le)
    LOADOP(EQ, mc_i32_eq)
    LOADOP(NE, mc_i32_ne)
    LOADOP(AND, mc_i32_and)
    LOADOP(OR, mc_i32_or)
    LOADOP(XOR, mc_i32_xor)
    LOADOP(SHL, mc_i32_shl)
    LOADOP(SHR, mc_i32_shr)
    OP(MOVI) s[ip->d] = ip->a; ip++; NEXT;
    OP(COPY) s[ip->d] = s[ip->a]; ip++; NEXT;
    OP(LOAD_S) CHECK(s[ip->b]) s[ip->d] = bufs[ip->a].p[index]; ip++; NEXT;
    OP(LOAD_I) CHECK(ip->b) s[ip->d] = bufs[ip->a].p[index]; ip++; NEXT;
    OP(STORE_SS) CHECK(s[ip->b]) bufs[ip->a].p[index] = s[ip->d]; ip++; NEXT;
    OP(STORE_SI) CHECK(s[ip->b]) bufs[ip->a].p[index] = ip->d; ip++; NEXT;
    OP(STORE_IS) CHECK(ip->b) bufs[ip->a].p[index] = s[ip->d]; ip++; NEXT;
    OP(STORE_II) CHECK(ip->b) bufs[ip->a].p[index] = ip->d; ip++; NEXT;
    OP(RET_S) value = s[ip->a]; goto returned;
    OP(RET_I) value = ip->a; goto returned;
    OP(JUMP) TAKE(0);
    OP(BR_S) BRANCH(s[ip->a]);
    /* Last on purpose: placed before JMOVI, they moved the other handlers
     * and bubble (which does not use them) ran 50% slower. */
    ROT4(LT, mc_i32_lt)
    ROT4(LE, mc_i32_le)
    ROT4(EQ, mc_i32_eq)
    ROT4(NE, mc_i32_ne)
    /* Calls and local buffers: exec (run.c) pushes the frame or makes the
     * buffer and comes back; a callee's return also goes there (returned). */
    OP(CALL) goto call_exit;
    OP(BUFFER) goto call_exit;
#if !MC_DIRECT_THREADED
    default: mc_panic(__FILE__, __LINE__, "bad decoded opcode");
    }
#endif
#undef OP
#undef NEXT
#undef TAKE
#undef BRANCH
#undef ALU3
#undef BR3
#undef INC3
#undef LOADOP
#undef DIV3
#undef JALU3
#undef ROT
#undef ROT4
#undef CHECK

/* The countdown reached 0 on the edge e: either the budget is spent or it
 * is time to look at the interrupt flag; then take the edge as TAKE does. */
refill:
    if (r->handover) goto handover; /* tiering up: exec decides (run.c) */
    if (reserve == 0) goto step_trap;
    if (mc_interrupted(stop)) goto interrupted;
    left = reserve < c->poll_every ? reserve : c->poll_every;
    reserve -= left;
    left--;
    EXACT_LEAVE
    insts += e->ninsts;
    {
        const int32_t *m_ = e->moves;
        for (int32_t n_ = e->nmoves; n_ > 0; n_--, m_ += 2) s[m_[0]] = s[m_[1]];
    }
    ip = e->ip;
#if MC_DIRECT_THREADED
    goto *ip->h;
#else
    goto dispatch;
#endif

/* The exits that end no run (a refill exec does, a call, a local buffer,
 * a callee's return) leave *out alone: exec comes back at once. */
handover:
    r->why = R_REFILL;
    goto leave;

call_exit:
    r->why = R_CALL;
    r->at = ip;
    goto leave;

returned:
    r->why = R_RETURN;
    r->at = ip;
    r->ret = value;
    if (r->depth > 0) goto leave;
    memset(out, 0, sizeof *out);
    out->kind = MC_RETURNED;
    out->value = value;
    goto done;

#if EXEC_EXACT
at_break:
    r->why = R_BREAK;
    memset(out, 0, sizeof *out);
    goto done;
#endif

interrupted:
    r->why = R_INTR;
    memset(out, 0, sizeof *out);
    out->kind = MC_INTERRUPTED;
    snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
    goto done;

step_trap:
    r->why = R_LIMIT;
    memset(out, 0, sizeof *out);
    out->kind = MC_TRAPPED;
    snprintf(out->trap, sizeof out->trap, "execution step limit exceeded");
    goto done;

div_trap:
    r->why = R_BOUNDS; /* a trap inside a block, as a bounds trap */
    r->at = ip;
    insts -= ip->u.rest;
    memset(out, 0, sizeof *out);
    out->kind = MC_TRAPPED;
    snprintf(out->trap, sizeof out->trap, "%s", MC_DIV_ZERO_MSG);
    goto done;

bounds_trap:
    r->why = R_BOUNDS;
    r->at = ip;
    insts -= ip->u.rest;
    memset(out, 0, sizeof *out);
    out->kind = MC_TRAPPED;
    snprintf(out->trap, sizeof out->trap, "buffer index %ld outside [0,%ld)", (long)index, (long)len);

done:
    out->steps = r->limit - left - reserve - r->held;
    out->insts = insts;
leave:
    r->left = left;
    r->reserve = reserve;
    r->insts = insts;
    r->e = e;
}

#undef EXACT_BREAK_TEST
#undef EXACT_LEAVE
