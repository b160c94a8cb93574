Numbers in options are decimal only (issue 26): every numeric option of every
one-shot command, and `native --timeout` at the prompt, rejects a
hexadecimal `0x10` (strtod read it as 16 seconds), an exponent `1e3` and
blanks before or after the digits, with the standard wording
`--x expects a number, got 'v'` and exit status 2. (sweep's --regs takes
ranges and lists and names them in its message.)

  $ cat > "$CRAMTMP/try.sh" <<'X'
  > # try CMD... -- OPT: each bad value after OPT; prints OPT and what was wrong
  > n=0; bad=""
  > for v in 0x10 1e3 ' 5' '5 '; do
  >   out=$("$@" "$v" 2>&1 </dev/null); st=$?
  >   opt=$(eval "echo \${$#}")
  >   case "$st:$out" in
  >     "2:minicc "*": error: $opt expects a number"*", got '$v'") n=$((n + 1)) ;;
  >     *) bad="$bad [$v: $st: $(printf '%s' "$out" | head -1)]" ;;
  >   esac
  > done
  > echo "$(eval "echo \${$#}"): $n of 4 rejected$bad"
  > X
  $ X=../../share/minicc/examples/swap.ir; for o in --timeout --regs --max-steps; do sh "$CRAMTMP/try.sh" minicc run $X $o; done; for o in --timeout --max-steps; do sh "$CRAMTMP/try.sh" minicc check $X $o; done; sh "$CRAMTMP/try.sh" minicc print $X --regs; sh "$CRAMTMP/try.sh" minicc sweep $X --max-steps
  --timeout: 4 of 4 rejected
  --regs: 4 of 4 rejected
  --max-steps: 4 of 4 rejected
  --timeout: 4 of 4 rejected
  --max-steps: 4 of 4 rejected
  --regs: 4 of 4 rejected
  --max-steps: 4 of 4 rejected
  $ for o in --seed --size --loops --vars --count --max-shrink --timeout; do sh "$CRAMTMP/try.sh" minicc fuzz --count 1 --size 1 $o; done
  --seed: 4 of 4 rejected
  --size: 4 of 4 rejected
  --loops: 4 of 4 rejected
  --vars: 4 of 4 rejected
  --count: 4 of 4 rejected
  --max-shrink: 4 of 4 rejected
  --timeout: 4 of 4 rejected
  $ for o in --seed --size --loops --count --batch --max-shrink; do sh "$CRAMTMP/try.sh" minicc fuzz --lang c --count 1 --size 1 $o; done
  --seed: 4 of 4 rejected
  --size: 4 of 4 rejected
  --loops: 4 of 4 rejected
  --count: 4 of 4 rejected
  --batch: 4 of 4 rejected
  --max-shrink: 4 of 4 rejected
  $ for o in --seed --size --loops --vars; do sh "$CRAMTMP/try.sh" minicc gen $o; done
  --seed: 4 of 4 rejected
  --size: 4 of 4 rejected
  --loops: 4 of 4 rejected
  --vars: 4 of 4 rejected
  $ for o in --seed --size --loops; do sh "$CRAMTMP/try.sh" minicc gen --lang c $o; done
  --seed: 4 of 4 rejected
  --size: 4 of 4 rejected
  --loops: 4 of 4 rejected

The prompt's `native --timeout` reads the same way; a fraction is a number:

  $ minicc -c "load ../../share/minicc/examples/swap.ir; args 5; native --timeout 0x10; native --timeout 1e3; native --timeout ' 5'" 2>&1 | grep error
  -c:3: error: native: --timeout expects a number, got '0x10'
  -c:4: error: native: --timeout expects a number, got '1e3'
  -c:5: error: native: --timeout expects a number, got ' 5'
  $ minicc run --timeout 2.5 ../../share/minicc/examples/swap.ir -- 5 2>/dev/null; minicc run --timeout -1 ../../share/minicc/examples/swap.ir -- 5; minicc run --timeout .5x ../../share/minicc/examples/swap.ir -- 5
  return 21
  minicc run: error: --timeout must be a positive number of seconds, got '-1'
  minicc run: error: --timeout expects a number, got '.5x'
  [2]
