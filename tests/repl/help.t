Help is data: `help` lists every command by group, `help COMMAND` gives its
usage, aliases and details; unique prefixes and aliases work everywhere.

  $ minicc -c help
  Session:
    load FILE [--lang c|ir]            load an IR or MiniC file (the old one stays if this one has errors)
    func [NAME]                        select a function of the loaded file, or list them
    args [ARG...]                      set the arguments: integers, buffers as [1,2,3]
    reset                              stop execution and drop the pipeline products
    source FILE                        run the commands of a script file
    save-session FILE                  save the commands typed and the notes as a lesson
    note TEXT                          a line of narration for save-session
    lesson [OPTION] LESSON             play a scripted lesson (or check, list them)
    tui [LESSON]                       open the full-screen workbench on this session
    help [COMMAND]                     list the commands, or explain one
    quit                               leave minicc (also Ctrl-D)
  Showing:
    list [BLOCK|ir|c]                  list the function being executed, with the position
    show [WHAT]                        print input, ssa, opt, destroyed, allocated or c
    cfg [FORM]                         predecessors, successors, loop depth, reverse postorder
    dom [FORM]                         immediate dominators, dominance frontiers, dominator tree
    live [--points] [FORM]             live-in and live-out values of every block
    passes                             the optimizer's passes, and what the last opt did
  Pipeline:
    ssa [minimal|semi|pruned]          build SSA form (default pruned)
    opt [PASS...]                      optimize the SSA (-O1, or the passes named, once each)
    diff [PASS...]                     what each optimizer pass changes in the IR (before/after)
    destroy [MODE]                     replace phis by copies on edges
    alloc K|target [ALLOCATOR] [--trace] allocate registers with K registers
    interference [--why X Y]           the interference graph: adjacency, degrees, colouring order
    regs                               where each value lives: register or spill slot
    intervals [WIDTH]                  live intervals as bars over the linear order
    sweep [LIST] [ALLOC|all|A,B] [vary NAME] the register-budget table of minicc sweep
    emit [FILE]                        the C backend's code (to FILE or the screen)
  Execution:
    run                                run from the start to the end or a breakpoint
    start                              start the interpreter before the entry block
    step [N|line]                      execute N whole blocks, showing each edge's phi table
    stepi [N]                          execute N instructions (a block entry with its phis counts as one)
    continue                           run to the next breakpoint or the end
    break [BLOCK|LINE... | BLOCK if COND] stop before entering BLOCK (no BLOCK: list)
    tbreak BLOCK [if COND]             a breakpoint deleted after its first stop
    watch NAME...                      stop run/continue when a value changes (old -> new)
    display [NAME...]                  values shown after every step, run and continue
    undisplay [NAME...]                stop displaying NAME (all without NAME)
    info breakpoints                   breakpoints and watches: numbers, hit counts, conditions
    delete [BLOCK...|N...]             delete breakpoints or watches (all without BLOCK)
    back [N]                           step back N whole blocks (replays from the nearest checkpoint)
    reverse-step                       back to the start of the C line run before this one (MiniC)
    reverse-stepi                      back one instruction (a block entry with its phis is one)
    where                              where the interpreter stands
    print NAME...                      the current value of a value or buffer
    values                             every value assigned so far, and the buffers
    set [SETTING VALUE]                phi-mode, stage, max-steps, max-depth, regs, allocator, alloc, convention, cc, target, asm-bug
    machine                            execute the allocation, with spill counts
    native [--timeout S]               compile with the C backend and run natively
    check                              run every stage and compare (like `minicc check`)
  Calls:
    next [N]                           like step, but a call runs as one instruction
    nexti [N]                          like stepi, but a call runs as one instruction
    finish                             run until the selected frame returns; print its result
    backtrace                          the frames: function, arguments, block, instruction
    frame [N]                          select frame N (from backtrace) for print and values
    up                                 select the caller of the selected frame
    down                               select the callee of the selected frame
  Targets:
    target [NAME] [patterns]           the machine asm and select emit for (alone: describe it; patterns: its table)
    asm [FUNC] [--run] | asm --regs    the function's assembly for the target
    select [FUNC] [--block B] [--brief] instruction selection: tiles, costs and why
  Pictures:
    dot cfg|interference|dom [FILE]    Graphviz DOT of a graph (FILE.png/.svg... draws it)
  Commands may be shortened to a unique prefix; `help COMMAND` tells more.
  $ minicc -c 'help step'
  usage: step [N|line]
  execute N whole blocks, showing each edge's phi table
  aliases: s
  
  Each block entered shows the edge's phi assignment as one simultaneous
  table (each phi, what it reads, old -> new value), then every instruction
  with its result and the branch taken. Ctrl-C stops a long step between
  two blocks (`step: interrupted` and the position).
  With a MiniC (C) file loaded, the step ends with the C line reached
  (`at line N: ...`), and `step line` runs instruction by instruction to
  the next C line (a loop written on one line runs to its end).
  In a program with calls, step enters a call and stops before the
  callee's entry block (next runs it as one instruction: see help next).
  $ minicc -c 'help s; help interf; h q'
  usage: step [N|line]
  execute N whole blocks, showing each edge's phi table
  aliases: s
  
  Each block entered shows the edge's phi assignment as one simultaneous
  table (each phi, what it reads, old -> new value), then every instruction
  with its result and the branch taken. Ctrl-C stops a long step between
  two blocks (`step: interrupted` and the position).
  With a MiniC (C) file loaded, the step ends with the C line reached
  (`at line N: ...`), and `step line` runs instruction by instruction to
  the next C line (a loop written on one line runs to its end).
  In a program with calls, step enters a call and stops before the
  callee's entry block (next runs it as one instruction: see help next).
  usage: interference [--why X Y]
  the interference graph: adjacency, degrees, colouring order
  aliases: ig
  
  Adjacency list with each value's degree and location, the adjacency matrix
  for small graphs (numbered rows and columns, `x` where two values interfere,
  `name!` a spilled value; the workbench draws the same matrix), and the order
  in which values got their location. A graph
  of more than 20000 edges is summarised (its first 100 nodes, no neighbours).
  Allocation refuses a graph over $MINICC_MAX_INTERFERENCES interferences
  (default 150000000) with an error.
  --why X Y names the point where one of them is defined while the other is
  live (the earliest), or the rule that binds parameters together, or why
  they do not interfere: never live at once, or only at a copy between
  them (Chaitin's copy exception: every allocator but baseline).
  usage: quit
  leave minicc (also Ctrl-D)
  aliases: q exit
  $ minicc -c 'help st'
  -c:1: error: help: ambiguous command 'st': start, step, stepi
  [1]

`minicc --help` names the prompt's options and the one-shot commands.

  $ minicc --help | head -29
  usage: minicc [--bail] [-x SCRIPT]... [-c 'CMD; CMD']... [FILE]
         minicc --tui [--lesson LESSON] [--write-here] [--theme NAME] [FILE [ARG...]]
         minicc COMMAND ...
  
  Without COMMAND, minicc opens the minicc> prompt on FILE (when given);
  when stdin is not a terminal it reads prompt commands from stdin instead
  (batch mode: no prompt, errors as `<stdin>:LINE: error: ...`). Type `help`
  at the prompt, or see minicc(1).
  
  options (the prompt and batch mode):
    -x SCRIPT    run the prompt commands in SCRIPT (- for stdin), then exit;
                 errors as `SCRIPT:LINE: error: ...`
    -c 'CMDS'    run prompt commands separated by `;`, then exit; errors as
                 `-c:N: error: ...`, N counting the commands
    --bail       stop at the first command that fails
    --tui        the full-screen workbench (--lesson LESSON plays a lesson in it;
                 --theme projector|light|projector-light, or MINICC_THEME=NAME)
    -h, --help   this text
    --version    print the version
  Batch runs exit with status 1 when any command failed.
  
  A one-shot COMMAND comes first. `minicc COMMAND --help` prints its usage;
  FILE is IR, or MiniC (C) when its name ends in .c (--lang c|ir says which);
  FILE may be - for stdin; mistakes read `FILE:LINE:COL: error: ...` or
  `minicc COMMAND: error: ...`. Exit status: 0 ok, 1 check or sweep diverged,
  2 bad program, arguments or options, 3 the program trapped.
  
  one-shot commands:
    run      execute a function at one stage of the pipeline
