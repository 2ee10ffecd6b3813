-- torch.TensorMath: the math methods (t:add(...)) and functions (torch.add(...)) of Torch7, with
-- Torch7's Lua signatures, over libTH.
--
-- Each function is declared once as a list of variants; a variant is a list of argument specs.
-- A call picks the first variant, and within it the first subset of its optional arguments (in
-- the order of a binary count over them), whose count and types fit the actual arguments: the
-- rule Torch7's generated C wrappers followed, so that ambiguous calls resolve the same way.
--
-- Argument spec fields:
--   k    kind: 'T' (tensor of the type being defined), a type name ('Byte', 'Long', ...: a
--        tensor of that type), 'idx' (a LongTensor of indices returned 1-based), 'real',
--        'acc' (accreal), 'num' (any other C number), 'dim' (a dimension, 1-based in Lua,
--        0-based in C), 'bool', 'gen' (a torch.Generator), 'size' (a LongStorage or a list of
--        numbers, the rest of the arguments), 'arr' (a non-empty table of tensors), 'opt' (a
--        one-letter string option out of v)
--   d    default (the argument is optional): true for a tensor means a new one, a number n for
--        a tensor means "the same as argument n", a function(T, a) computes it
--   inv  invisible: never read from the call, always the default
--   ret  returned (in argument order); cret: the C function's return value, returned last
--   dim  for a tensor: required number of dimensions
--   md   the default in the method form (t:f(...)); NONE removes the default there
local ffi = require 'ffi'
local libs = require 'torch.libs'
local TH = libs.TH
local check = libs.check
local torch = rawget(_G, 'torch') or error('torch.TensorMath: load it through require "torch"')

local M = {}
local NONE = {}
M.NONE = NONE

local NAMES = { 'Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double' }
local PTR = {}
for _, n in ipairs(NAMES) do PTR[n] = true end
local GENPTR = ffi.typeof('THGenerator*')
local function isLongStorage(x)
   if type(x) ~= 'cdata' then return false end
   local T, kind = torch._typeOf(x)
   return kind == 'storage' and T.name == 'Long'
end
M.NAMES = NAMES

-- Short type name ('Double') of a tensor, or nil.
local typeOf = torch._typeOf
local function kindOf(x)
   if type(x) ~= 'cdata' then return nil end
   local T, kind = typeOf(x)
   if kind == 'tensor' then return T.name end
   return nil
end
M.kindOf = kindOf

local function ndim(x)
   return x._nDimension
end
M.ndim = ndim

local function typeRecord(n)
   local T = torch._types[n]
   if not T then error('torch.TensorMath: no tensor type ' .. tostring(n)) end
   return T
end

---------------------------------------------------------------------------------------------
-- argument kinds: check (does the value fit?), read (value as stored), carg (value for C)

local NUMERIC = { real = true, acc = true, num = true }

local function isTensorKind(k)
   return k == 'T' or k == 'idx' or PTR[k] ~= nil
end

local function tensorName(T, k)
   if k == 'T' then return T.name end
   if k == 'idx' then return 'Long' end
   return k
end

-- LongArg: a LongStorage alone, or numbers (possibly none) up to the end of the call.
local function isSizeArgs(argv, j, n)
   if n == j and isLongStorage(argv[j]) then return true end
   for i = j, n do
      if type(argv[i]) ~= 'number' then return false end
   end
   return true
end

local function newSizeStorage(argv, j, n)
   if n == j and isLongStorage(argv[j]) then return argv[j] end
   local s = ffi.gc(TH.THLongStorage_newWithSize(n - j + 1), TH.THLongStorage_free)
   for i = j, n do s._data[i - j] = argv[i] end
   return s
end

local function fits(T, s, v, argv, j, n)
   local k = s.k
   if NUMERIC[k] or k == 'dim' then
      return type(v) == 'number'
   elseif k == 'bool' then
      return type(v) == 'boolean'
   elseif k == 'gen' then
      return type(v) == 'cdata' and ffi.istype(GENPTR, v)
   elseif k == 'size' then
      return isSizeArgs(argv, j, n)
   elseif k == 'arr' then
      return type(v) == 'table' and v[1] ~= nil
   elseif k == 'opt' then
      if type(v) ~= 'string' then return false end
      local c = v:sub(1, 1)
      for _, x in ipairs(s.v) do if c == x then return true end end
      return false
   else -- a tensor
      if kindOf(v) ~= tensorName(T, k) then return false end
      if s.dim and ndim(v) ~= s.dim then return false end
      return true
   end
end

local function helpName(T, s)
   local k, h = s.k, nil
   if isTensorKind(k) then
      h = tensorName(T, k) .. 'Tensor'
      if s.dim then h = h .. '~' .. s.dim .. 'D' end
   elseif k == 'real' then h = T.real
   elseif k == 'acc' then h = T.accreal
   elseif k == 'num' then h = 'number'
   elseif k == 'dim' then h = 'index'
   elseif k == 'bool' then h = 'boolean'
   elseif k == 'gen' then h = 'Generator'
   elseif k == 'size' then h = '(LongStorage | dim1 [dim2...])'
   elseif k == 'arr' then h = '{' .. T.name .. 'Tensor+}'
   elseif k == 'opt' then h = '(' .. table.concat(s.v, '|') .. ')'
   end
   if s.ret then h = '*' .. h .. '*' end
   if s.d ~= nil then h = '[' .. h .. ']' end
   return h
end

-- Torch7's spelling of an argument's type in "invalid arguments" messages
local function argTypeName(v)
   local k = kindOf(v)
   if k then return k .. 'Tensor' end
   if type(v) == 'cdata' then
      local ok, tn = pcall(torch.typename, v)
      if ok and tn then return (tn:gsub('^torch%.', '')) end
   elseif type(v) == 'table' then
      local ok, tn = pcall(torch.typename, v)
      if ok and tn then return (tn:gsub('^torch%.', '')) end
   end
   return type(v)
end

local function invalidArguments(T, variants, argv, n)
   local got, exp = {}, {}
   for i = 1, n do got[i] = argTypeName(argv[i]) .. ' ' end
   if n == 0 then got[1] = 'no arguments provided' end
   for _, v in ipairs(variants) do
      local h = {}
      for _, s in ipairs(v.args) do
         if not s.inv and not s.cret then h[#h + 1] = helpName(T, s) end
      end
      exp[#exp + 1] = table.concat(h, ' ')
   end
   return 'invalid arguments: ' .. table.concat(got) .. '\nexpected arguments: '
      .. table.concat(exp, ' | ')
end

---------------------------------------------------------------------------------------------
-- variants

-- The argument subsets a variant accepts, in Torch7's order: combos[m] lists the indices of the
-- arguments read from the call for the m-th subset of optional arguments.
local function prepare(v)
   local opt = {}
   v.vararg = false
   for i, s in ipairs(v.args) do
      if s.d ~= nil and not s.inv then opt[#opt + 1] = i end
      if s.k == 'size' then v.vararg = true end
      if s.cret then v.cretIndex = i end
   end
   v.combos = {}
   for mask = 0, 2 ^ #opt - 1 do
      local present, combo = {}, {}
      for b, i in ipairs(opt) do
         if math.floor(mask / 2 ^ (b - 1)) % 2 == 1 then present[i] = true end
      end
      for i, s in ipairs(v.args) do
         if not s.cret and not s.inv and (s.d == nil or present[i]) then combo[#combo + 1] = i end
      end
      v.combos[#v.combos + 1] = combo
   end
   return v
end

-- The method form of a variant: the md overrides applied.
local function methodVariant(v)
   local mv = {}
   for k, x in pairs(v) do mv[k] = x end
   mv.args = {}
   for i, s in ipairs(v.args) do
      local c = {}
      for k, x in pairs(s) do c[k] = x end
      if s.md == NONE then c.d = nil elseif s.md ~= nil then c.d = s.md end
      mv.args[i] = c
   end
   return mv
end

local function defaultValue(T, s, a)
   local d = s.d
   if isTensorKind(s.k) then
      if d == true then return typeRecord(tensorName(T, s.k)).new() end
      if type(d) == 'number' then return a[d] end
      if type(d) == 'function' then return d(T, a) end
      error('torch.TensorMath: bad tensor default')
   elseif s.k == 'gen' then
      return torch._gen
   elseif s.k == 'dim' then
      if type(d) == 'function' then return d(T, a) end -- already 0-based
      return d - 1
   elseif type(d) == 'function' then
      return d(T, a)
   end
   return d
end

-- lastdim(n): the default dimension "last dimension of argument n" (0-based)
function M.lastdim(n)
   return function(T, a) return ndim(a[n]) - 1 end
end

local unpack = unpack or table.unpack

local function cretValue(s, r)
   if s.k == 'bool' then return r ~= 0 and r ~= false end
   if type(r) == 'cdata' then return tonumber(r) end
   return r
end

-- Runs the C function of a variant on the filled arguments a; returns what Torch7 returned.
local function invoke(T, v, a, given)
   if v.pre then v.pre(T, a, given) end
   local cargs, nc = {}, 0
   for i, s in ipairs(v.args) do
      if not s.cret then
         local x, k = a[i], s.k
         if k == 'bool' then
            x = x and 1 or 0
         elseif k == 'arr' then
            nc = nc + 1
            cargs[nc] = x.data
            x = x.n
         end
         nc = nc + 1
         cargs[nc] = x
      end
   end
   local r = v.cfn(unpack(cargs, 1, nc))
   check()
   if v.post then v.post(T, a, given) end
   local out, no = {}, 0
   for i, s in ipairs(v.args) do
      if s.ret then
         if s.k == 'idx' then
            TH.THLongTensor_add(a[i], a[i], 1)
         end
         no = no + 1
         out[no] = a[i]
      end
   end
   if v.cretIndex then
      no = no + 1
      out[no] = cretValue(v.args[v.cretIndex], r)
   end
   return unpack(out, 1, no)
end

-- Reads the call's arguments into a for the chosen combo; fills in defaults.
local function fill(T, v, combo, argv, n)
   local a, given = {}, {}
   for j, i in ipairs(combo) do
      local s, x = v.args[i], argv[j]
      local k = s.k
      if k == 'dim' then
         x = x - 1
      elseif k == 'size' then
         x = newSizeStorage(argv, j, n)
      elseif k == 'arr' then
         local cnt = #x
         local data = ffi.new('TH' .. T.name .. 'Tensor*[?]', cnt)
         for e = 1, cnt do
            if kindOf(x[e]) ~= T.name then
               error('expected ' .. T.name .. 'Tensor in tensor array', 4)
            end
            data[e - 1] = x[e]
         end
         x = { data = data, n = cnt, keep = x }
      end
      a[i] = x
      given[i] = true
   end
   for i, s in ipairs(v.args) do
      if not given[i] and not s.cret then a[i] = defaultValue(T, s, a) end
   end
   return a, given
end

-- Calls the variant of variants that fits the arguments. Callers must tail-call it, so that
-- errors (level 2 here, 4 in check above) point at the user's call.
local function call(T, variants, ...)
   local n = select('#', ...)
   local argv = { ... }
   for _, v in ipairs(variants) do
      for _, combo in ipairs(v.combos) do
         local nc = #combo
         if n == nc or (v.vararg and n >= nc) then
            local ok = true
            for j = 1, nc do
               if not fits(T, v.args[combo[j]], argv[j], argv, j, n) then ok = false; break end
            end
            if ok then
               local a, given = fill(T, v, combo, argv, n)
               if v.lua then
                  local vals = {}
                  for i, s in ipairs(v.args) do if not s.cret then vals[#vals + 1] = a[i] end end
                  return v.lua(unpack(vals))
               end
               if v.f then return v.f(T, a, given) end
               return invoke(T, v, a, given)
            end
         end
      end
   end
   error(invalidArguments(T, variants, argv, n), 2)
end
M.call = call

---------------------------------------------------------------------------------------------
-- registration

-- FUNCS[typeName][name]: the function form (torch.name) for one tensor type
local FUNCS = {}
for _, n in ipairs(NAMES) do FUNCS[n] = {} end
M.FUNCS = FUNCS

local function typeFromString(s)
   local n = s:match('^torch%.(%a+)Tensor$')
   if n and FUNCS[n] then return n end
   return nil
end

local function defaultTypeName()
   local tn = torch.getdefaulttensortype and torch.getdefaulttensortype() or 'torch.DoubleTensor'
   return typeFromString(tn) or 'Double'
end

-- torch.name(...): picks the tensor type as Torch7 did (first or second argument, first element
-- of a table, a type name as last argument, else the default type) and calls its function.
local function dispatcher(name)
   return function(...)
      local n = select('#', ...)
      local a1, a2 = ...
      local tn = kindOf(a1)
      if not tn and n >= 2 then tn = kindOf(a2) end
      if not tn and type(a1) == 'table' and a1[1] ~= nil then
         tn = kindOf(a1[1])
      end
      local strip = false
      if not tn and n >= 1 then
         local last = select(n, ...)
         if type(last) == 'string' then
            tn = typeFromString(last)
            strip = tn ~= nil
         end
      end
      tn = tn or defaultTypeName()
      local f = FUNCS[tn][name]
      if not f then
         error(string.format('torch.%sTensor does not implement the torch.%s() function', tn, name), 2)
      end
      if strip then
         local args = { ... }
         return f(unpack(args, 1, n - 1))
      end
      return f(...)
   end
end

local function resolve(T, v)
   if v.lua or v.f then return true end
   local ok, f
   if v.cg then
      ok, f = pcall(function() return TH[v.cg] end)
   else
      ok, f = pcall(T.fn, v.c)
   end
   if not ok or f == nil then return false end
   v.cfn = f
   return true
end

local function instantiate(T, variants, method)
   local out = {}
   for _, v in ipairs(variants) do
      local c = method and methodVariant(v) or {}
      if not method then
         for k, x in pairs(v) do c[k] = x end
      end
      if resolve(T, c) then out[#out + 1] = prepare(c) end
   end
   return out
end

-- M.def(name, typeNames, variants, opts): declares torch.name and t:name for each type.
-- opts.fn: function form only; opts.method: method form only; opts.mvariants: the method form's
-- own variants (instead of deriving them); opts.keep: do not replace an existing method.
function M.def(name, types, variants, opts)
   opts = opts or {}
   local any = false
   for _, tn in ipairs(types) do
      local T = torch._types[tn]
      if T then
         if not opts.method then
            local fv = instantiate(T, variants, false)
            if #fv > 0 then
               FUNCS[tn][name] = function(...) return call(T, fv, ...) end
               any = true
            end
         end
         if not opts.fn and not (opts.keep and rawget(T.methods, name) ~= nil) then
            local mv = instantiate(T, opts.mvariants or variants, not opts.mvariants)
            if #mv > 0 then
               T.methods[name] = function(...) return call(T, mv, ...) end
            end
         end
      end
   end
   if any and not opts.method then torch[name] = dispatcher(name) end
end

M.ALL = NAMES
M.FLOATING = { 'Float', 'Double' }

---------------------------------------------------------------------------------------------
-- the functions

local def, lastdim = M.def, M.lastdim
local ALL, FLT = M.ALL, M.FLOATING

-- common argument specs (never modified)
local RES = { k = 'T', d = true, ret = true, md = NONE } -- [res] in torch.f, self in t:f
local OUT = { k = 'T', d = true, ret = true }          -- [res] in both forms
local SRC = { k = 'T', md = 1 }                          -- the source; self in t:f(...)
local TEN = { k = 'T' }
local REAL = { k = 'real' }
local DIM = { k = 'dim' }
local KEEP = { k = 'bool', d = true, inv = true }        -- keepdim: Torch7 kept the dimension
local IDXOUT = { k = 'idx', d = true, ret = true }
local LASTDIM3 = { k = 'dim', d = lastdim(3) }

-- zero and fill are Tensor.lua's methods; here only their function forms
def('zero', ALL, { { c = 'zero', args = { { k = 'T', ret = true } } } }, { keep = true })
def('fill', ALL, { { c = 'fill', args = { { k = 'T', ret = true }, REAL } } }, { keep = true })
def('zeros', ALL, { { c = 'zeros', args = { RES, { k = 'size' } } } })
def('ones', ALL, { { c = 'ones', args = { RES, { k = 'size' } } } })
def('reshape', ALL, { { c = 'reshape', args = { OUT, TEN, { k = 'size' } } } })

-- gather: a new result takes the index's size
local function resizeToIndex(T, a, given)
   if not given[1] then
      local sz = TH.THLongTensor_newSizeOf(a[4])
      T.fn('resize')(a[1], sz, nil)
      TH.THLongStorage_free(sz)
      check(4)
   end
end
def('gather', ALL, { { c = 'gather', pre = resizeToIndex,
   args = { OUT, TEN, DIM, { k = 'Long' } } } })
def('scatter', ALL, {
   { c = 'scatter', args = { { k = 'T', ret = true }, DIM, { k = 'Long' }, TEN } },
   { c = 'scatterFill', args = { { k = 'T', ret = true }, DIM, { k = 'Long' }, REAL } } })
def('scatterAdd', ALL, {
   { c = 'scatterAdd', args = { { k = 'T', ret = true }, DIM, { k = 'Long' }, TEN } } })

def('dot', ALL, { { c = 'dot', args = { TEN, TEN, { k = 'acc', cret = true } } } })
def('equal', ALL, { { c = 'equal', args = { TEN, TEN, { k = 'bool', cret = true } } } })

def('add', ALL, {
   { c = 'add', args = { RES, SRC, REAL } },
   { c = 'cadd', args = { RES, SRC, { k = 'real', d = 1 }, TEN } } })
def('csub', ALL, {
   { c = 'sub', args = { RES, SRC, REAL } },
   { c = 'csub', args = { RES, SRC, { k = 'real', d = 1 }, TEN } } })

for _, p in ipairs({ { 'mul' }, { 'div' }, { 'lshift' }, { 'rshift' }, { 'fmod' }, { 'remainder' },
                     { 'bitand' }, { 'bitor' }, { 'bitxor' }, { 'mod', 'fmod' } }) do
   def(p[1], ALL, { { c = p[2] or p[1], args = { RES, SRC, REAL } } })
end

def('clamp', ALL, { { c = 'clamp', args = { RES, SRC, REAL, REAL } } })
def('match', ALL, { { c = 'match', args = { RES, TEN, TEN, { k = 'real', d = 1 } } } })

for _, p in ipairs({ { 'cmul' }, { 'cpow' }, { 'cdiv' }, { 'clshift' }, { 'crshift' }, { 'cfmod' },
                     { 'cremainder' }, { 'cbitand' }, { 'cbitor' }, { 'cbitxor' },
                     { 'cmod', 'cfmod' } }) do
   def(p[1], ALL, { { c = p[2] or p[1], args = { RES, SRC, TEN } } })
end

for _, name in ipairs({ 'addcmul', 'addcdiv' }) do
   def(name, ALL, { { c = name, args = { RES, SRC, { k = 'real', d = 1 }, TEN, TEN } } })
end

-- mv, mm, bmm, ger: addmv & co. into a zeroed result (a new result gets the product's size)
local function productInto(resize)
   return function(T, a, given)
      if not given[1] then resize(T, a) end
      T.fn('zero')(a[1])
      check(4)
   end
end
local function sz(t, d) return tonumber(t._size[d]) end
local function product(c, beta, d1, d2, resize)
   return { { c = c, pre = productInto(resize),
      args = { RES, { k = 'real', d = beta, inv = true }, { k = 'T', d = 1, inv = true },
               { k = 'real', d = 1, inv = true }, { k = 'T', dim = d1 }, { k = 'T', dim = d2 } } } }
end
def('mv', ALL, product('addmv', 0, 2, 1, function(T, a)
   T.fn('resize1d')(a[1], sz(a[5], 0)) end))
def('mm', ALL, product('addmm', 0, 2, 2, function(T, a)
   T.fn('resize2d')(a[1], sz(a[5], 0), sz(a[6], 1)) end))
def('bmm', ALL, product('baddbmm', 0, 3, 3, function(T, a)
   T.fn('resize3d')(a[1], sz(a[5], 0), sz(a[5], 1), sz(a[6], 2)) end))
def('ger', ALL, product('addr', 1, 1, 1, function(T, a)
   T.fn('resize2d')(a[1], sz(a[5], 0), sz(a[6], 0)) end))

-- addmv & co.: torch.f([res,] [beta,] M, [alpha,] A, B); t:f([beta,] [M,] [alpha,] A, B)
for _, f in ipairs({ { 'addmv', 1, 2, 1 }, { 'addmm', 2, 2, 2 }, { 'addr', 2, 1, 1 },
                     { 'addbmm', 2, 3, 3 }, { 'baddbmm', 3, 3, 3 } }) do
   local name, d1, d2, d3 = f[1], f[2], f[3], f[4]
   def(name, ALL, { { c = name, args = {
         OUT, { k = 'real', d = 1 }, { k = 'T', dim = d1 }, { k = 'real', d = 1 },
         { k = 'T', dim = d2 }, { k = 'T', dim = d3 } } } },
      { mvariants = {
         { c = name, args = {
            { k = 'T', ret = true, dim = d1 }, { k = 'real', d = 1, inv = true },
            { k = 'T', d = 1, dim = d1 }, { k = 'real', d = 1 },
            { k = 'T', dim = d2 }, { k = 'T', dim = d3 } } },
         { c = name, args = {
            { k = 'T', ret = true, dim = d1 }, REAL, { k = 'T', d = 1, dim = d1 }, REAL,
            { k = 'T', dim = d2 }, { k = 'T', dim = d3 } } } } })
end

def('numel', ALL, { { c = 'numel', args = { TEN, { k = 'num', cret = true } } } })

for _, name in ipairs({ 'cumsum', 'cumprod' }) do
   def(name, ALL, { { c = name, args = { OUT, TEN, { k = 'dim', d = 1 } } } })
end

for _, name in ipairs({ 'sum', 'prod' }) do
   def(name, ALL, {
      { c = name .. 'all', args = { TEN, { k = 'acc', cret = true } } },
      { c = name, args = { OUT, TEN, DIM, KEEP } } })
end

for _, name in ipairs({ 'min', 'max' }) do
   def(name, ALL, {
      { c = name .. 'all', args = { TEN, { k = 'real', cret = true } } },
      { c = name, args = { OUT, IDXOUT, TEN, DIM, KEEP } } })
end

for _, name in ipairs({ 'cmin', 'cmax' }) do
   def(name, ALL, {
      { c = name, args = { OUT, SRC, TEN } },
      { c = name .. 'Value', args = { OUT, SRC, REAL } } })
end

def('trace', ALL, { { c = 'trace', args = { TEN, { k = 'acc', cret = true } } } })
def('cross', ALL, { { c = 'cross', args = { OUT, TEN, TEN, { k = 'dim', d = 0 } } } })
def('diag', ALL, { { c = 'diag', args = { OUT, TEN, { k = 'num', d = 0 } } } })
def('eye', ALL, { { c = 'eye', args = { RES, { k = 'num' }, { k = 'num', d = 0 } } } })
def('range', ALL, { { c = 'range', args = { RES, { k = 'acc' }, { k = 'acc' }, { k = 'acc', d = 1 } } } })

def('sort', ALL, { { c = 'sort', args = { OUT, IDXOUT, TEN, LASTDIM3, { k = 'bool', d = false } } } })
def('topk', ALL, { { c = 'topk', args = { OUT, IDXOUT, TEN, { k = 'num', d = 1 }, LASTDIM3,
   { k = 'bool', d = false }, { k = 'bool', d = false } } } })
def('kthvalue', ALL, { { c = 'kthvalue', args = { OUT, IDXOUT, TEN, { k = 'num' }, LASTDIM3, KEEP } } })
for _, name in ipairs({ 'mode', 'median' }) do
   def(name, ALL, { { c = name, args = { OUT, IDXOUT, TEN, LASTDIM3, KEEP } } })
end

def('tril', ALL, { { c = 'tril', args = { OUT, TEN, { k = 'num', d = 0 } } } })
def('triu', ALL, { { c = 'triu', args = { OUT, TEN, { k = 'num', d = 0 } } } })

def('cat', ALL, {
   { c = 'cat', args = { OUT, TEN, TEN, { k = 'dim', d = -1 } } },
   { c = 'catArray', args = { OUT, { k = 'arr' }, { k = 'dim', d = -1 } } } })

-- squeeze is Tensor geometry; declared here only where Tensor.lua has none (Torch7 returned a
-- number instead of a result of one element).
local function squeezeNumber(T, r)
   if ndim(r) == 1 and sz(r, 0) == 1 then return tonumber(T.fn('data')(r)[0]) end
   return r
end
def('squeeze', ALL, {
   { c = 'squeeze', args = { OUT, TEN }, f = function(T, a)
      T.fn('squeeze')(a[1], a[2]); check()
      return squeezeNumber(T, a[1])
   end },
   { c = 'squeeze1d', args = { OUT, TEN, DIM }, f = function(T, a)
      local hadDims = ndim(a[2]) > 1
      T.fn('squeeze1d')(a[1], a[2], a[3]); check()
      if hadDims then return a[1] end
      return squeezeNumber(T, a[1])
   end } }, { keep = true })

def('sign', ALL, { { c = 'sign', args = { RES, SRC } } })

-- conv2/xcorr2/conv3/xcorr3: 'V'alid or 'F'ull, on one image, a stack, or a stack of stacks
for _, f in ipairs({ { 'conv2', '2', 'C' }, { 'xcorr2', '2', 'X' }, { 'conv3', '3', 'C' },
                     { 'xcorr3', '3', 'X' } }) do
   local name, nd, xc = f[1], tonumber(f[2]), f[3]
   local function variant(c, d1, d2)
      local args = { OUT, { k = 'real', d = 0, inv = true }, { k = 'real', d = 1, inv = true },
                     { k = 'T', dim = d1 }, { k = 'T', dim = d2 } }
      for _ = 1, nd do args[#args + 1] = { k = 'real', d = 1, inv = true } end
      args[#args + 1] = { k = 'opt', v = { 'V', 'F' }, d = 'V' }
      args[#args + 1] = { k = 'opt', v = { xc }, d = xc, inv = true }
      return { c = c, args = args }
   end
   def(name, ALL, {
      variant('conv' .. nd .. 'Dmul', nd, nd),
      variant('conv' .. nd .. 'Dcmul', nd + 1, nd + 1),
      variant('conv' .. nd .. 'Dmv', nd + 1, nd + 2) })
end

for _, name in ipairs({ 'lt', 'gt', 'le', 'ge', 'eq', 'ne' }) do
   def(name, ALL, {
      { c = name .. 'Value', args = { { k = 'Byte', d = true, ret = true }, TEN, REAL } },
      { c = name .. 'ValueT', args = { { k = 'T', ret = true }, TEN, REAL } },
      { c = name .. 'Tensor', args = { { k = 'Byte', d = true, ret = true }, TEN, TEN } },
      { c = name .. 'TensorT', args = { { k = 'T', ret = true }, TEN, TEN } } })
end

def('nonzero', ALL, { { c = 'nonzero', args = { IDXOUT, TEN } } })

for _, name in ipairs({ 'all', 'any' }) do
   def(name, { 'Byte' }, { { c = 'logical' .. name, args = { TEN, { k = 'bool', cret = true } } } })
end

def('abs', { 'Int', 'Long' }, {
   { c = 'abs', args = { RES, SRC } },
   { lua = math.abs, args = { REAL, { k = 'real', cret = true } } } })

-- index, indexCopy, indexAdd, indexFill, masked*: methods only, with Torch7's returns (which
-- were whatever its C function left on top of the Lua stack).
for _, tn in ipairs(ALL) do
   local T = torch._types[tn]
   if T then
      local m = T.methods
      local function isT(x) return kindOf(x) == tn end
      local function isLong(x) return kindOf(x) == 'Long' end
      local function isByte(x) return kindOf(x) == 'Byte' end
      m.index = function(a1, a2, a3, a4)
         local n = (a4 ~= nil) and 4 or 3
         if n == 3 and isT(a1) and type(a2) == 'number' and isLong(a3) then
            local r = T.new()
            T.fn('indexSelect')(r, a1, a2 - 1, a3); check()
            return r
         elseif isT(a1) and isT(a2) and type(a3) == 'number' and isLong(a4) then
            T.fn('indexSelect')(a1, a2, a3 - 1, a4); check()
            return a4
         end
         error(T.tensor .. ', number, torch.LongTensor | ' .. T.tensor .. ', ' .. T.tensor
            .. ', number, torch.LongTensor expected', 2)
      end
      for _, p in ipairs({ { 'indexCopy', isT }, { 'indexAdd', isT },
                           { 'indexFill', function(x) return type(x) == 'number' end } }) do
         local cname, okv = p[1], p[2]
         m[cname] = function(self, dim, index, v, ...)
            if select('#', ...) == 0 and isT(self) and type(dim) == 'number' and isLong(index)
               and okv(v) then
               T.fn(cname)(self, dim - 1, index, v); check()
               return v
            end
            error(T.tensor .. ', number, torch.LongTensor, '
               .. (cname == 'indexFill' and 'number' or T.tensor) .. ' expected', 2)
         end
      end
      m.maskedSelect = function(a1, a2, a3)
         if a3 == nil and isT(a1) and isByte(a2) then
            local r = T.new()
            T.fn('maskedSelect')(r, a1, a2); check()
            return r
         elseif isT(a1) and isT(a2) and isByte(a3) then
            T.fn('maskedSelect')(a1, a2, a3); check()
            return a3
         end
         error(T.tensor .. ', torch.ByteTensor | ' .. T.tensor .. ', ' .. T.tensor
            .. ', torch.ByteTensor expected', 2)
      end
      m.maskedCopy = function(self, mask, src)
         if isT(self) and isByte(mask) and isT(src) then
            T.fn('maskedCopy')(self, mask, src); check()
            return self
         end
         error(T.tensor .. ', torch.ByteTensor, ' .. T.tensor .. ' expected', 2)
      end
      m.maskedFill = function(self, mask, v)
         if isT(self) and isByte(mask) and type(v) == 'number' then
            T.fn('maskedFill')(self, mask, v); check()
            return v
         end
         error(T.tensor .. ', torch.ByteTensor, number expected', 2)
      end
   end
end

---------------------------------------------------------------------------------------------
-- Float and Double only

def('mean', FLT, {
   { c = 'meanall', args = { TEN, { k = 'acc', cret = true } } },
   { c = 'mean', args = { OUT, TEN, DIM, KEEP } } })

for _, name in ipairs({ 'var', 'std' }) do
   def(name, FLT, {
      { c = name .. 'all', args = { TEN, { k = 'bool', d = false }, { k = 'acc', cret = true } } },
      { c = name, args = { OUT, TEN, DIM, { k = 'bool', d = false }, KEEP } } })
end

for _, name in ipairs({ 'histc', 'bhistc' }) do
   def(name, FLT, { { c = name, args = { OUT, TEN, { k = 'num', d = 100 }, { k = 'num', d = 0 },
      { k = 'num', d = 0 } } } })
end

def('norm', FLT, {
   { c = 'normall', args = { TEN, { k = 'real', d = 2 }, { k = 'acc', cret = true } } },
   { c = 'norm', args = { OUT, TEN, REAL, DIM, KEEP } } })
def('renorm', FLT, { { c = 'renorm', args = { RES, SRC, REAL, DIM, REAL } } })
def('dist', FLT, { { c = 'dist', args = { TEN, TEN, { k = 'real', d = 2 }, { k = 'acc', cret = true } } } })
for _, name in ipairs({ 'linspace', 'logspace' }) do
   def(name, FLT, { { c = name, args = { RES, REAL, REAL, { k = 'num', d = 100 } } } })
end

-- C's round (halves away from zero), trunc, log1p for the scalar forms
local function trunc(x) if x >= 0 then return math.floor(x) end return math.ceil(x) end
local function round(x) if x >= 0 then return math.floor(x + 0.5) end return math.ceil(x - 0.5) end
local function log1p(x)
   if math.abs(x) < 1e-4 then return x - x * x / 2 + x * x * x / 3 end
   return math.log(1 + x)
end
local SCALAR = {
   log = math.log, log1p = log1p, exp = math.exp, cos = math.cos, acos = math.acos,
   cosh = math.cosh, sin = math.sin, asin = math.asin, sinh = math.sinh, tan = math.tan,
   atan = math.atan, tanh = math.tanh, sqrt = math.sqrt, round = round, ceil = math.ceil,
   floor = math.floor, trunc = trunc, abs = math.abs,
   frac = function(x) return x - trunc(x) end,
   rsqrt = function(x) return 1 / math.sqrt(x) end,
   sigmoid = function(x) return 1 / (1 + math.exp(-x)) end,
}
for _, name in ipairs({ 'log', 'log1p', 'exp', 'cos', 'acos', 'cosh', 'sin', 'asin', 'sinh', 'tan',
                        'atan', 'tanh', 'sqrt', 'round', 'ceil', 'floor', 'trunc', 'abs', 'frac',
                        'rsqrt', 'sigmoid' }) do
   def(name, FLT, {
      { c = name, args = { RES, SRC } },
      { lua = SCALAR[name], args = { REAL, { k = 'real', cret = true } } } })
end
def('neg', FLT, { { c = 'neg', args = { RES, SRC } } })
def('cinv', FLT, { { c = 'cinv', args = { RES, SRC } } })
def('lerp', FLT, {
   { c = 'lerp', args = { RES, SRC, TEN, REAL } },
   { lua = function(a, b, w) return a + w * (b - a) end,
     args = { REAL, REAL, REAL, { k = 'real', cret = true } } } })
def('atan2', FLT, {
   { c = 'atan2', args = { RES, SRC, TEN } },
   { lua = math.atan2, args = { REAL, REAL, { k = 'real', cret = true } } } })
def('pow', FLT, {
   { c = 'pow', args = { RES, SRC, REAL } },
   { c = 'tpow', args = { RES, REAL, { k = 'T', md = 1 } } },
   { lua = function(a, b) return a ^ b end, args = { REAL, REAL, { k = 'real', cret = true } } } })

-- LAPACK: torch.f([results...,] inputs..., options); function form only
local function lapack(name, c, nres, inputs, opts, resKinds)
   local function args(given)
      local l = {}
      for i = 1, nres do
         local k = resKinds and resKinds[i] or 'T'
         l[#l + 1] = given and { k = k, ret = true } or { k = k, d = true, ret = true, inv = true }
      end
      for _ = 1, inputs do l[#l + 1] = TEN end
      for _, o in ipairs(opts or {}) do l[#l + 1] = o end
      return l
   end
   def(name, FLT, { { c = c, args = args(true) }, { c = c, args = args(false) } }, { fn = true })
end
local UPLO = { k = 'opt', v = { 'U', 'L' }, d = 'U' }
lapack('gesv', 'gesv', 2, 2)
lapack('gels', 'gels', 2, 2)
lapack('trtrs', 'trtrs', 2, 2, { UPLO, { k = 'opt', v = { 'N', 'T' }, d = 'N' },
                                  { k = 'opt', v = { 'N', 'U' }, d = 'N' } })
lapack('symeig', 'syev', 2, 1, { { k = 'opt', v = { 'N', 'V' }, d = 'N' }, UPLO })
lapack('eig', 'geev', 2, 1, { { k = 'opt', v = { 'N', 'V' }, d = 'N' } })
lapack('svd', 'gesvd', 3, 1, { { k = 'opt', v = { 'A', 'S' }, d = 'S' } })
lapack('inverse', 'getri', 1, 1)
lapack('potrf', 'potrf', 1, 1, { UPLO })
lapack('potrs', 'potrs', 1, 2, { UPLO })
lapack('potri', 'potri', 1, 1, { UPLO })
lapack('pstrf', 'pstrf', 2, 1, { UPLO, { k = 'real', d = -1 } }, { 'T', 'Int' })
lapack('qr', 'qr', 2, 1)
lapack('geqrf', 'geqrf', 2, 1)
lapack('orgqr', 'orgqr', 1, 2)
lapack('ormqr', 'ormqr', 1, 3, { { k = 'opt', v = { 'L', 'R' }, d = 'L' },
                                  { k = 'opt', v = { 'N', 'T' }, d = 'N' } })

return M
