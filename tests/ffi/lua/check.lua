-- A tiny test harness for the lua-compat tests.
--   local check = require 'check'
--   check.eq(a, b, msg [, opts]); check.near(a, b, tol, msg [, opts]); check.errors(fn, pattern, msg)
--   (equal infinities are equal; opts = {nan = true} makes NaN equal to NaN)
--   check.same(a, b [, opts]) / check.close(a, b, tol [, opts]): the predicates, -> ok, detail
--   check.test('name', function() ... end)   -- groups assertions; an error fails the group
--   check.run()                               -- prints the summary, exits non-zero on failure
local check = { passed = 0, failed = 0, failures = {} }

-- the first stack frame outside this file (the test's line)
local function where()
   local me = debug.getinfo(1, 'S').source
   for level = 2, 50 do
      local info = debug.getinfo(level, 'Sl')
      if not info then break end
      if info.source ~= me and info.what ~= 'C' then
         return (info.short_src or '?') .. ':' .. (info.currentline or '?')
      end
   end
   return '?'
end

local function isTensor(x)
   return rawget(_G, 'torch') and torch.isTensor and torch.isTensor(x)
end

local function fmt(x)
   if isTensor(x) then
      local ok, t = pcall(function() return x:totable() end)
      local function ser(v)
         if type(v) == 'table' then
            local p = {}
            for i = 1, #v do p[i] = ser(v[i]) end
            return '{' .. table.concat(p, ',') .. '}'
         end
         return tostring(v)
      end
      return torch.typename(x) .. (ok and ser(t) or '')
   end
   if type(x) == 'string' then return string.format('%q', x) end
   return tostring(x)
end

local function record(ok, msg, detail, level)
   if ok then
      check.passed = check.passed + 1
   else
      check.failed = check.failed + 1
      local line = string.format('FAIL %s: %s%s', where(), msg or '', detail and (' (' .. detail .. ')') or '')
      check.failures[#check.failures + 1] = line
      io.stderr:write(line .. '\n')
   end
   return ok
end

-- two numbers are equal when == says so (so equal infinities are), or when both are NaN and the
-- caller asked for that (opts.nan)
local function numeq(a, b, opts)
   if a == b then return true end
   return opts ~= nil and opts.nan == true and a ~= a and b ~= b
end

local function deepeq(a, b, opts, seen)
   if rawequal(a, b) then return a == a or (opts ~= nil and opts.nan == true) end
   if type(a) == 'number' and type(b) == 'number' then return numeq(a, b, opts) end
   if type(a) == 'table' and type(b) == 'table' then
      seen = seen or {}
      if seen[a] == b then return true end
      seen[a] = b
      for k, v in pairs(a) do if not deepeq(v, b[k], opts, seen) then return false end end
      for k in pairs(b) do if a[k] == nil then return false end end
      return true
   end
   return a == b
end

-- the distance between two numbers: 0 when numeq, otherwise |a - b| (inf when either is NaN)
local function numdist(a, b, opts)
   if numeq(a, b, opts) then return 0 end
   local d = math.abs(a - b)
   if d ~= d then return math.huge end
   return d
end

local function tensorDiff(a, b, opts)
   -- max element distance, or nil + reason when shapes differ
   if a:nElement() ~= b:nElement() or a:dim() ~= b:dim() then return nil, 'size mismatch' end
   for i = 1, a:dim() do
      if a:size(i) ~= b:size(i) then return nil, 'size mismatch' end
   end
   local fa, fb = a:double():contiguous():view(-1), b:double():contiguous():view(-1)
   local m = 0
   for i = 1, fa:nElement() do
      local d = numdist(fa[i], fb[i], opts)
      if d > m then m = d end
   end
   return m
end

local function isStorage(x)
   local torch = rawget(_G, 'torch')
   return torch and torch.isStorage and torch.isStorage(x)
end

-- check.same(a, b [, opts]) -> equal?, detail: the predicate behind check.eq. Numbers, strings,
-- booleans, tables (deep), storages, tensors (same size and values). Equal infinities are equal;
-- NaN equals NaN only with opts.nan.
function check.same(a, b, opts)
   if isTensor(a) and isTensor(b) then
      if a:nElement() == 0 and b:nElement() == 0 and a:dim() == b:dim() then return true end
      local d, why = tensorDiff(a, b, opts)
      return d == 0, (why or ('max diff ' .. tostring(d))) .. ': ' .. fmt(a) .. ' vs ' .. fmt(b)
   end
   if isStorage(a) and isStorage(b) then
      local ok = torch.typename(a) == torch.typename(b) and deepeq(a:totable(), b:totable(), opts)
      return ok, tostring(a) .. ' ~= ' .. tostring(b)
   end
   return deepeq(a, b, opts), fmt(a) .. ' ~= ' .. fmt(b)
end

-- check.close(a, b, tol [, opts]) -> close?, detail: the predicate behind check.near.
-- |a - b| <= tol for numbers, the largest element distance for tensors (b may be a number).
function check.close(a, b, tol, opts)
   tol = tol or 1e-6
   if isTensor(a) or isTensor(b) then
      if type(b) == 'number' then b = a:clone():fill(b) end
      if not (isTensor(a) and isTensor(b)) then return false, 'tensor expected on both sides' end
      local d, why = tensorDiff(a, b, opts)
      return d ~= nil and d <= tol, why or ('max diff ' .. tostring(d) .. ' > ' .. tol)
   end
   if type(a) ~= 'number' or type(b) ~= 'number' then
      return false, fmt(a) .. ' vs ' .. fmt(b) .. ': numbers expected'
   end
   return numdist(a, b, opts) <= tol, fmt(a) .. ' vs ' .. fmt(b) .. ' tol ' .. tol
end

-- equality (see check.same); opts.nan = true makes NaN equal to NaN
function check.eq(a, b, msg, opts)
   local ok, detail = check.same(a, b, opts)
   return record(ok, msg, not ok and detail or nil, 2)
end

-- closeness (see check.close); opts.nan = true makes NaN equal to NaN
function check.near(a, b, tol, msg, opts)
   local ok, detail = check.close(a, b, tol, opts)
   return record(ok, msg, not ok and detail or nil, 2)
end

function check.truthy(v, msg)
   return record(v and true or false, msg, 'expected a true value, got ' .. tostring(v), 2)
end
check.ok = check.truthy

-- fn() must raise an error whose message matches `pattern` (a Lua pattern; plain=true for plain)
function check.errors(fn, pattern, msg, plain)
   local ok, err = pcall(fn)
   if ok then return record(false, msg, 'no error raised', 2) end
   err = tostring(err)
   if pattern and not err:find(pattern, 1, plain) then
      return record(false, msg, 'error ' .. string.format('%q', err) .. ' does not match ' .. pattern, 2)
   end
   return record(true, msg, nil, 2)
end

-- groups: an unexpected error inside fn counts as one failure and the run goes on
function check.test(name, fn)
   local ok, err = xpcall(fn, debug.traceback)
   if not ok then
      check.failed = check.failed + 1
      local line = 'ERROR in ' .. name .. ': ' .. tostring(err)
      check.failures[#check.failures + 1] = line
      io.stderr:write(line .. '\n')
   end
end

function check.run()
   local total = check.passed + check.failed
   print(string.format('%d/%d checks passed', check.passed, total))
   if check.failed > 0 or total == 0 then
      if total == 0 then io.stderr:write('no checks ran\n') end
      os.exit(1)
   end
   os.exit(0)
end

-- check.golden(setup, cases): each case {code, text} runs the Lua chunk `setup`, then `code`; the
-- text of code's results must equal `text` (values captured from real Torch7 for the same code).
-- canonical text of values: tensors as type[sizes]{values}, numbers with 6 significant digits
local function num(x)
   if x ~= x then return 'nan' end
   if math.abs(x) < 1e-9 then x = 0 end
   return (string.format('%.6g', x):gsub('^%-0$', '0'))
end
local function dump(...)
   local parts = {}
   for i = 1, select('#', ...) do
      local x = select(i, ...)
      if torch.isTensor(x) then
         local sz, vals = {}, {}
         for d = 1, x:dim() do sz[#sz + 1] = x:size(d) end
         local n = x:nElement()
         if n > 0 then
            local c = x:contiguous():view(n)
            for e = 1, n do vals[#vals + 1] = num(c[e]) end
         end
         parts[#parts + 1] = torch.type(x) .. '[' .. table.concat(sz, 'x') .. ']{' .. table.concat(vals, ',') .. '}'
      elseif type(x) == 'number' then
         parts[#parts + 1] = num(x)
      else
         parts[#parts + 1] = tostring(x)
      end
   end
   return table.concat(parts, ' | ')
end

function check.golden(setup, cases)
   for _, c in ipairs(cases) do
      check.test(c[1], function()
         assert(loadstring(setup))()
         local ok, got = pcall(function() return dump(assert(loadstring(c[1]))()) end)
         check.eq(ok and got or ('error: ' .. tostring(got)), c[2], c[1])
      end)
   end
end

-- The whole content of a file, read in binary.
function check.slurp(path)
   local f = assert(io.open(path, 'rb'))
   local s = f:read('*a')
   f:close()
   return s
end

return check
