-- calls.lua - the call kernels of bench/calls.c in Lua (run by lua5.4 and
-- luajit): `calls.lua KERNEL ROUNDS ARGS...` prints the result and the
-- fastest round's CPU seconds (os.clock). The sort's data come from the
-- generator bench/calls.c uses (Park-Miller, exact in doubles too).
local kernel, rounds = arg[1], tonumber(arg[2])
local a1, a2, a3 = tonumber(arg[3]), tonumber(arg[4]), tonumber(arg[5])

local function fib(n)
  if n < 2 then return n end
  return fib(n - 1) + fib(n - 2)
end

local function ack(m, n)
  if m == 0 then return n + 1 end
  if n == 0 then return ack(m - 1, 1) end
  return ack(m - 1, ack(m, n - 1))
end

local function tak(x, y, z)
  if not (y < x) then return z end
  return tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y))
end

-- b[0..n) sorted as qsort.ir does (the table is indexed from 0)
local function qsort(b, lo, hi)
  if hi - lo < 2 then return end
  local last = hi - 1
  local p = b[last]
  local i = lo
  for j = lo, last - 1 do
    local x = b[j]
    if x < p then
      b[j] = b[i]
      b[i] = x
      i = i + 1
    end
  end
  b[last] = b[i]
  b[i] = p
  qsort(b, lo, i)
  qsort(b, i + 1, hi)
end

local function data(n)
  local b, x = {}, 20261202
  for i = 0, n - 1 do
    x = (x * 16807) % 2147483647
    b[i] = x % 100000
  end
  return b
end

local best, result = math.huge, nil
for _ = 1, rounds do
  local b = kernel == "qsort" and data(a1) or nil
  local t0 = os.clock()
  if kernel == "fib" then result = fib(a1)
  elseif kernel == "ack" then result = ack(a1, a2)
  elseif kernel == "tak" then result = tak(a1, a2, a3)
  else
    qsort(b, 0, a1)
    result = b[0] + b[math.floor(a1 / 2)] + b[a1 - 1]
  end
  local t = os.clock() - t0
  if t < best then best = t end
end
print(string.format("%d %.6f", result, best))
