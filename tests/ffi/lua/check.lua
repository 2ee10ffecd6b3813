-- A tiny test harness for the lua-compat tests.
--   local check = require 'check'
--   check.eq(a, b, msg); check.near(a, b, tol, msg); check.errors(fn, pattern, msg)
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

local function deepeq(a, b, seen)
   if rawequal(a, b) then return true end
   if type(a) == 'table' and type(b) == 'table' then
      seen = seen or {}
      if seen[a] == b then return true end
      seen[a] = b
      for k, v in pairs(a) do if not deepeq(v, b[k], seen) then return false end end
      for k in pairs(b) do if a[k] == nil then return false end end
      return true
   end
   return a == b
end

local function tensorDiff(a, b)
   -- max abs difference, or nil + reason when shapes differ
   if a:nElement() ~= b:nElement() or a:dim() ~= b:dim() then return nil, 'size mismatch' end
   for i = 1, a:dim() do
      if a:size(i) ~= b:size(i) then return nil, 'size mismatch' end
   end
   local fa, fb = a:double():contiguous():view(-1), b:double():contiguous():view(-1)
   local m = 0
   for i = 1, fa:nElement() do
      local d = math.abs(fa[i] - fb[i])
      if d ~= d then
         if fa[i] == fa[i] or fb[i] == fb[i] then return math.huge end
         d = 0
      end
      if d > m then m = d end
   end
   return m
end

-- equality: numbers, strings, booleans, tables (deep), tensors (same size and values)
function check.eq(a, b, msg)
   if isTensor(a) and isTensor(b) then
      if a:nElement() == 0 and b:nElement() == 0 and a:dim() == b:dim() then
         return record(true, msg, nil, 2)
      end
      local d, why = tensorDiff(a, b)
      return record(d == 0, msg, (why or ('max diff ' .. tostring(d))) .. ': ' .. fmt(a) .. ' vs ' .. fmt(b), 2)
   end
   local torch = rawget(_G, "torch")
   if torch and torch.isStorage and torch.isStorage(a) and torch.isStorage(b) then
      local ok = torch.typename(a) == torch.typename(b) and deepeq(a:totable(), b:totable())
      return record(ok, msg, not ok and (tostring(a) .. ' ~= ' .. tostring(b)) or nil, 2)
   end
   local ok = deepeq(a, b)
   return record(ok, msg, not ok and (fmt(a) .. ' ~= ' .. fmt(b)) or nil, 2)
end

-- closeness: |a - b| <= tol for numbers, max element difference for tensors
function check.near(a, b, tol, msg)
   tol = tol or 1e-6
   if isTensor(a) or isTensor(b) then
      if type(b) == 'number' then b = a:clone():fill(b) end
      local d, why = tensorDiff(a, b)
      return record(d ~= nil and d <= tol, msg, why or ('max diff ' .. tostring(d) .. ' > ' .. tol), 2)
   end
   local ok = type(a) == 'number' and type(b) == 'number' and math.abs(a - b) <= tol
   return record(ok, msg, not ok and (fmt(a) .. ' vs ' .. fmt(b) .. ' tol ' .. tol) or nil, 2)
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

return check
