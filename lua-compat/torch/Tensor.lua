-- torch.<T>Tensor: constructors, geometry, indexing, copies and type conversions, over TH through
-- the LuaJIT FFI. A tensor is a `TH<T>Tensor &` cdata (ffi.gc frees it; see Storage.lua); methods live in the class
-- table (T.methods == torch.getmetatable('torch.<T>Tensor')), reached through the ctype's metatable.
local ffi = require 'ffi'
local libs = require 'torch.libs'
local torch = torch
local TH = libs.TH
local check = libs.check
local types = torch._types
local floor = math.floor

local function argerror(fname, msg, level)
   error(fname .. ': ' .. msg, (level or 1) + 1)
end

----------------------------------------------------------------------------------------------------
-- LongStorage helpers (sizes and strides)
----------------------------------------------------------------------------------------------------
local L = types.Long
local ls_newWithSize, ls_free = TH.THLongStorage_newWithSize, TH.THLongStorage_free

-- torch._longStorage({...}) -> gc'd THLongStorage* holding the numbers
local function longStorage(tbl, n)
   n = n or #tbl
   local s = ffi.gc(ls_newWithSize(n)[0], ls_free)
   local d = s._data
   for i = 1, n do d[i - 1] = tbl[i] end
   return s
end
torch._longStorage = longStorage

local function isLongStorage(x)
   if type(x) ~= 'cdata' then return false end
   local T, kind = torch._typeOf(x)
   return T == L and kind == 'storage'
end

-- Reads sizes given as numbers (from index i of the argument list) or as one LongStorage / table.
-- -> Lua table of sizes, LongStorage of strides or nil
local function readSizes(fname, i, ...)
   local a = select(i, ...)
   if isLongStorage(a) then
      local st = select(i + 1, ...)
      if st ~= nil and not isLongStorage(st) then argerror(fname, 'LongStorage expected for strides', 3) end
      local t = {}
      for k = 1, tonumber(a._size) do t[k] = tonumber(a._data[k - 1]) end
      return t, st
   end
   if type(a) == 'table' and not torch.typename(a) then
      return a
   end
   local t = {}
   local n = select('#', ...)
   for k = i, n do
      local v = select(k, ...)
      if type(v) ~= 'number' then
         argerror(fname, 'invalid arguments: sizes expected as numbers or a LongStorage (got '
                         .. torch.type(v) .. ')', 3)
      end
      t[#t + 1] = v
   end
   return t
end
torch._readSizes = readSizes

----------------------------------------------------------------------------------------------------
-- Per-type classes
----------------------------------------------------------------------------------------------------
local tensorIndex, tensorNewIndex -- defined per type below

local function dimOf(t) return t._nDimension end

for _, tname in ipairs(torch._typeNames) do
   local T = types[tname]
   local M = T.methods
   local cname = T.tensor
   local fn = T.fn
   local isLong = (tname == 'Long')
   local wrap, wrapRetain = T.wrap, T.wrapRetain
   local tfree = T.tfree
   local tnew = fn('new')

   local f_newWithStorage = fn('newWithStorage')
   local f_newWithSize = fn('newWithSize')
   local f_newWithTensor = fn('newWithTensor')
   local f_nElement = fn('nElement')
   local f_newSelect, f_newNarrow = fn('newSelect'), fn('newNarrow')
   local f_newTranspose, f_newUnfold = fn('newTranspose'), fn('newUnfold')
   local f_newContiguous, f_newClone = fn('newContiguous'), fn('newClone')
   local f_resize, f_resizeAs = fn('resize'), fn('resizeAs')
   local f_fill, f_zero = fn('fill'), fn('zero')
   local f_set, f_setStorage = fn('set'), fn('setStorage')
   local f_select, f_narrow, f_transpose, f_unfold = fn('select'), fn('narrow'), fn('transpose'), fn('unfold')
   local f_squeeze, f_squeeze1d, f_unsqueeze1d = fn('squeeze'), fn('squeeze1d'), fn('unsqueeze1d')
   local f_isContiguous, f_isSameSizeAs, f_isSetTo = fn('isContiguous'), fn('isSameSizeAs'), fn('isSetTo')
   local f_newView, f_newExpand = fn('newView'), fn('newExpand')
   local f_storage = fn('storage')
   local f_get1d = fn('get1d')

   local function new() return ffi.gc(tnew()[0], tfree) end

   local function nElement(t)
      return tonumber(f_nElement(t))
   end

   -- Tensor constructor
   local function fromTable(tbl)
      -- nested table: sizes from the first elements
      local sizes, x = {}, tbl
      while type(x) == 'table' and #x > 0 do
         sizes[#sizes + 1] = #x
         x = x[1]
      end
      local t = new()
      if #sizes == 0 then return t end
      f_resize(t, longStorage(sizes), nil)
      check(4)
      local d = t._storage._data
      local pos = 0
      local nd = #sizes
      local function fill(sub, depth)
         if type(sub) ~= 'table' then error('invalid tensor definition', 0) end
         if #sub ~= sizes[depth] then error('invalid tensor sizes', 0) end
         if depth == nd then
            for i = 1, #sub do
               local v = sub[i]
               if type(v) ~= 'number' then error('invalid element (not a number)', 0) end
               d[pos] = v
               pos = pos + 1
            end
         else
            for i = 1, #sub do fill(sub[i], depth + 1) end
         end
      end
      local ok, err = pcall(fill, tbl, 1)
      if not ok then error(err, 4) end
      return t
   end

   -- storage [, offset [, sizes]] as Torch7 reads it: after the offset either a LongStorage of sizes
   -- (and an optional LongStorage of strides) or numbers that alternate size, stride. An explicit nil
   -- where a number is due is an error, as in Torch7 (which told "none" from nil).
   local function withStorage(fname, st, ...)
      local nargs = select('#', ...)
      local off, a = ...
      local size, stride
      if nargs == 0 then
         -- the whole storage as a 1D tensor
         return longStorage({ tonumber(st._size) }), nil, 0
      elseif type(off) ~= 'number' then
         argerror(fname, 'storage offset (number) expected, got ' .. torch.type(off), 3)
      elseif nargs == 1 then
         -- an offset and no sizes: no dimension (as Torch7)
         size = longStorage({}, 0)
      elseif isLongStorage(a) then
         size = a
         stride = select(3, ...)
         if stride ~= nil and not isLongStorage(stride) then
            argerror(fname, 'torch.LongStorage expected for strides, got ' .. torch.type(stride), 3)
         end
         if stride ~= nil and stride._size ~= size._size then
            argerror(fname, 'provided stride and size are inconsistent', 3)
         end
      else
         local sz, sd = {}, {}
         for k = 2, nargs, 2 do
            local s, d = select(k, ...)
            if type(s) ~= 'number' then
               argerror(fname, 'size (number) expected, got ' .. torch.type(s), 3)
            end
            if k + 1 <= nargs and type(d) ~= 'number' then
               argerror(fname, 'stride (number) expected, got ' .. torch.type(d), 3)
            end
            sz[#sz + 1] = s
            sd[#sd + 1] = (k + 1 <= nargs) and d or -1
         end
         size, stride = longStorage(sz), longStorage(sd)
      end
      return size, stride, off - 1
   end
   T.withStorage = withStorage

   -- Torch7's order: a table; nothing; a tensor of this type (shared); a storage of this type
   -- [offset [sizes]] (so a LongTensor's first LongStorage is its storage, not its sizes); then sizes
   -- as numbers or as a LongStorage [with a LongStorage of strides].
   local function construct(a, ...)
      if a == nil and select('#', ...) == 0 then return new() end
      local ta = type(a)
      if ta == 'table' and not torch.typename(a) then
         return fromTable(a)
      end
      local AT, kind
      if ta == 'cdata' then AT, kind = torch._typeOf(a) end
      if AT == T and kind == 'tensor' then
         local t = wrap(f_newWithTensor(a))
         check(3)
         return t
      elseif AT == T and kind == 'storage' then
         local size, stride, off = withStorage(cname, a, ...)
         local t = wrap(f_newWithStorage(a, off, size, stride))
         check(3)
         return t
      elseif ta == 'number' or isLongStorage(a) then
         local sizes, stride = readSizes(cname, 1, a, ...)
         if stride ~= nil and stride._size ~= #sizes then
            argerror(cname, 'provided stride and size are inconsistent', 2)
         end
         for _, s in ipairs(sizes) do
            if s < 0 then argerror(cname, 'invalid size ' .. s .. ' (sizes must be non-negative)', 2) end
         end
         local t = wrap(f_newWithSize(longStorage(sizes), stride))
         check(3)
         return t
      end
      argerror(cname, 'invalid arguments: expected [sizes | LongStorage sizes [, strides] | table | '
                      .. T.storage .. ' [offset [sizes]] | ' .. cname .. '] (got ' .. torch.type(a) .. ')', 2)
   end
   T.construct = construct

   torch.newmetatable(cname, nil, construct, nil, new, nil, M)
   M.__index = nil
   M.__tostring = nil

   ------------------------------------------------------------------------------------------------
   -- basic queries
   ------------------------------------------------------------------------------------------------
   function M.cdata(t) return ffi.cast(T.ctptr, t) end
   -- bytes per element (Torch7's t:elementSize(), also callable on the class)
   local esize = ffi.sizeof(T.real)
   function M.elementSize() return esize end
   function M.data(t)
      if t._storage == nil then return nil end
      return t._storage._data + t._storageOffset
   end
   function M.dim(t) return t._nDimension end
   M.nDimension = M.dim
   M.nElement = nElement
   M.numel = nElement
   -- t:size() / t:stride(): a LongStorage of all dimensions; with d, the one of dimension d.
   local function perDimension(name, field)
      return function(t, d)
         local nd = t._nDimension
         if d ~= nil then
            if type(d) ~= 'number' then argerror(name, 'dimension number expected', 2) end
            if d < 1 or d > nd then
               error(string.format('dimension %d out of range of %dD tensor', d, nd), 2)
            end
            return tonumber(t[field][d - 1])
         end
         local s = L.newStorage(nd)
         for i = 0, nd - 1 do s._data[i] = t[field][i] end
         return s
      end
   end
   M.size = perDimension('size', '_size')
   M.stride = perDimension('stride', '_stride')
   M.__len = function(t) return M.size(t) end
   function M.storage(t)
      local s = f_storage(t)
      if s == nil then return nil end
      return T.wrapStorageRetain(s)
   end
   function M.storageOffset(t) return tonumber(t._storageOffset) + 1 end
   function M.isContiguous(t) return f_isContiguous(t) == 1 end
   function M.isSameSizeAs(t, o)
      local OT, kind = torch._typeOf(o)
      if kind ~= 'tensor' then argerror('isSameSizeAs', 'tensor expected', 2) end
      if t._nDimension ~= o._nDimension then return false end
      for i = 0, t._nDimension - 1 do
         if t._size[i] ~= o._size[i] then return false end
      end
      return true
   end
   function M.isSetTo(t, o)
      if torch._typeOf(o) ~= T then argerror('isSetTo', cname .. ' expected', 2) end
      return f_isSetTo(t, o) == 1
   end
   function M.isSize(t, sz)
      local sizes = readSizes('isSize', 1, sz)
      if #sizes ~= t._nDimension then return false end
      for i = 1, #sizes do if t._size[i - 1] ~= sizes[i] then return false end end
      return true
   end

   ------------------------------------------------------------------------------------------------
   -- set / resize / fill / copy
   ------------------------------------------------------------------------------------------------
   function M.set(t, a, ...)
      if a == nil then
         f_setStorage(t, nil, 0, nil, nil)
      elseif torch._typeOf(a) == T then
         local _, kind = torch._typeOf(a)
         if kind == 'tensor' then
            f_set(t, a)
         else
            local size, stride, off = withStorage('set', a, ...)
            f_setStorage(t, a, off, size, stride)
         end
      else
         argerror('set', 'expected ' .. cname .. ' or ' .. T.storage .. ' [offset [sizes]]', 2)
      end
      check(3)
      return t
   end
   function M.resize(t, ...)
      local sizes, stride = readSizes('resize', 1, ...)
      for _, s in ipairs(sizes) do
         if s < 0 then argerror('resize', 'invalid size ' .. s, 2) end
      end
      f_resize(t, longStorage(sizes), stride)
      check(3)
      return t
   end
   function M.resizeAs(t, o)
      local OT, kind = torch._typeOf(o)
      if kind ~= 'tensor' then argerror('resizeAs', 'tensor expected', 2) end
      if OT == T then
         f_resizeAs(t, o)
      else
         local sizes = {}
         for i = 0, o._nDimension - 1 do sizes[i + 1] = o._size[i] end
         f_resize(t, longStorage(sizes, o._nDimension), nil)
      end
      check(3)
      return t
   end
   function M.fill(t, v)
      if type(v) ~= 'number' then argerror('fill', 'number expected', 2) end
      f_fill(t, v)
      check(3)
      return t
   end
   function M.zero(t)
      f_zero(t)
      check(3)
      return t
   end
   function M.copy(t, src)
      local ST, kind = torch._typeOf(src)
      if kind ~= 'tensor' then argerror('copy', 'tensor expected, got ' .. torch.type(src), 2) end
      fn(ST == T and 'copy' or ('copy' .. ST.name))(t, src)
      check(3)
      return t
   end
   function M.clone(t)
      local r = wrap(f_newClone(t))
      check(3)
      return r
   end
   function M.contiguous(t)
      local r = wrap(f_newContiguous(t))
      check(3)
      return r
   end

   ------------------------------------------------------------------------------------------------
   -- views
   ------------------------------------------------------------------------------------------------
   function M.narrow(t, d, first, size)
      if type(d) ~= 'number' or type(first) ~= 'number' or type(size) ~= 'number' then
         argerror('narrow', 'expected (dimension, firstIndex, size) numbers', 2)
      end
      local r = wrap(f_newNarrow(t, d - 1, first - 1, size))
      check(3)
      return r
   end
   function M.select(t, d, i)
      if type(d) ~= 'number' or type(i) ~= 'number' then
         argerror('select', 'expected (dimension, index) numbers', 2)
      end
      if t._nDimension == 1 then
         -- Torch7: on a vector, select gives the element as a number (the dimension is not used)
         local v = f_get1d(t, i - 1)
         check(3)
         return tonumber(v)
      elseif t._nDimension == 0 then
         argerror('select', 'empty Tensor', 2)
      end
      local r = wrap(f_newSelect(t, d - 1, i - 1))
      check(3)
      return r
   end
   function M.sub(t, ...)
      local args = { ... }
      local nd = t._nDimension
      if #args % 2 ~= 0 or #args == 0 or #args / 2 > nd then
         argerror('sub', 'expected pairs (start, end) for at most ' .. nd .. ' dimensions', 2)
      end
      local r = wrap(f_newWithTensor(t))
      for k = 1, #args / 2 do
         local s, e = args[2 * k - 1], args[2 * k]
         local n = tonumber(r._size[k - 1])
         if s < 0 then s = s + n + 1 end
         if e < 0 then e = e + n + 1 end
         if s < 1 or s > n then error('out of range', 2) end
         if e < 1 or e > n then error('out of range', 2) end
         if e < s then error('end index must be greater or equal to start index', 2) end
         f_narrow(r, nil, k - 1, s - 1, e - s + 1)
         check(3)
      end
      return r
   end
   function M.transpose(t, a, b)
      if type(a) ~= 'number' or type(b) ~= 'number' then argerror('transpose', 'two dimensions expected', 2) end
      local r = wrap(f_newTranspose(t, a - 1, b - 1))
      check(3)
      return r
   end
   function M.t(t)
      if t._nDimension ~= 2 then error('t(): Tensor must have 2 dimensions', 2) end
      return M.transpose(t, 1, 2)
   end
   function M.unfold(t, d, size, step)
      local r = wrap(f_newUnfold(t, d - 1, size, step))
      check(3)
      return r
   end
   -- as Torch7: a result of one element in one dimension is returned as a number (with a
   -- dimension given, only when t had at most one dimension)
   function M.squeeze(t, d)
      local hadDims = t._nDimension > 1
      local r = wrap(f_newWithTensor(t))
      if d == nil then
         f_squeeze(r, nil)
         hadDims = false
      else
         f_squeeze1d(r, nil, d - 1)
      end
      check(3)
      if not hadDims and r._nDimension == 1 and r._size[0] == 1 then
         return tonumber(r._storage._data[r._storageOffset])
      end
      return r
   end
   function M.unsqueeze(t, d)
      local r = wrap(f_newWithTensor(t))
      f_unsqueeze1d(r, nil, d - 1)
      check(3)
      return r
   end
   -- sizes of a tensor as a Lua table
   local function sizesOf(o)
      local sz = {}
      for i = 0, o._nDimension - 1 do sz[i + 1] = tonumber(o._size[i]) end
      return sz
   end

   -- the view of contiguous `src` with `sizes` (a Lua table, one -1 inferred): a new tensor
   local function viewOf(src, given, level)
      level = level + 1
      local sizes = {}
      for i = 1, #given do sizes[i] = given[i] end  -- never modify the caller's table
      if f_isContiguous(src) ~= 1 then error('expecting a contiguous tensor', level) end
      local n, infer = 1, nil
      for i, sz in ipairs(sizes) do
         if sz == -1 then
            if infer then error('Only one of torch.view dimensions can be -1.', level) end
            infer = i
         else
            n = n * sz
         end
      end
      local total = nElement(src)
      if infer then
         if n == 0 or total % n ~= 0 then
            error('The number of covered elements is not a multiple of all elements.', level)
         end
         sizes[infer] = total / n
         n = total
      end
      if n ~= total then
         error('Wrong size for view. Input size: ' .. torch._sizeString(src) .. '. Output size: '
               .. table.concat(sizes, 'x'), level)
      end
      local r = wrap(f_newWithStorage(src._storage, src._storageOffset, longStorage(sizes), nil))
      check(level)
      return r
   end

   -- Torch7's result-first form: result:view(src, ...) sets result to the new view and returns it;
   -- without a result the view itself is returned.
   local function intoResult(result, v)
      if result == nil then return v end
      torch._typeOf(result).methods.set(result, v)
      return result
   end
   -- Torch7's forms: t:view(sizes...), t:view(LongStorage), result:view(src, sizes...),
   -- result:view(src, LongStorage); torch.view(...) alike
   function M.view(result, src, ...)
      local tensor, sizes
      if torch.isTensor(src) then
         tensor = src
         sizes = readSizes('view', 1, ...)
      elseif type(src) == 'number' or isLongStorage(src) or (type(src) == 'table' and not torch.typename(src)) then
         tensor, result = result, nil
         sizes = readSizes('view', 1, src, ...)
      else
         error('torch.view, expected (torch.Tensor, torch.Tensor, number [, number ]*) or '
               .. '(torch.Tensor, torch.Tensor, torch.LongStorage) or (torch.Tensor, torch.LongStorage) '
               .. 'or (torch.Tensor, number [, number ]*)', 2)
      end
      return intoResult(result, viewOf(tensor, sizes, 2))
   end
   function M.viewAs(result, src, template)
      if template == nil then
         if not torch.isTensor(src) then argerror('viewAs', 'tensor expected', 2) end
         return viewOf(result, sizesOf(src), 2)
      end
      if not torch.isTensor(template) then argerror('viewAs', 'template tensor expected', 2) end
      return M.view(result, src, longStorage(sizesOf(template)))
   end
   -- the expanded view of `src` (singleton dimensions repeated with stride 0)
   local function expandOf(src, sizes, level)
      local r = wrap(f_newExpand(src, longStorage(sizes)))
      check(level + 1)
      return r
   end
   -- t:expand(sizes...), t:expand(LongStorage), result:expand(src, sizes...), torch.expand(...)
   function M.expand(result, src, ...)
      local tensor, sizes
      if torch.isTensor(src) then
         tensor = src
         sizes = readSizes('expand', 1, ...)
      else
         tensor, result = result, nil
         sizes = readSizes('expand', 1, src, ...)
      end
      return intoResult(result, expandOf(tensor, sizes, 2))
   end
   function M.expandAs(result, src, template)
      if template == nil then
         if not torch.isTensor(src) then argerror('expandAs', 'tensor expected', 2) end
         return expandOf(result, sizesOf(src), 2)
      end
      return M.expand(result, src, longStorage(sizesOf(template)))
   end
   function M.permute(t, ...)
      local perm = { ... }
      local nd = t._nDimension
      if #perm ~= nd then error('permute: number of dimensions mismatch (' .. #perm .. ' vs ' .. nd .. ')', 2) end
      local seen = {}
      for i = 1, nd do
         local p = perm[i]
         if type(p) ~= 'number' or p < 1 or p > nd or seen[p] then error('permute: invalid permutation', 2) end
         seen[p] = true
      end
      local sz, st = {}, {}
      for i = 1, nd do
         sz[i] = tonumber(t._size[perm[i] - 1]); st[i] = tonumber(t._stride[perm[i] - 1])
      end
      local r = wrap(f_newWithStorage(t._storage, t._storageOffset, longStorage(sz), longStorage(st)))
      check(3)
      return r
   end
   -- t:split(size [, dim]) or torch.split([resultTable,] t, size [, dim])
   function M.split(t, size, d, extra)
      local out = {}
      if type(t) == 'table' and not torch.isTensor(t) then
         out = t
         for k in pairs(out) do out[k] = nil end
         t, size, d = size, d, extra
      end
      d = d or 1
      if type(size) ~= 'number' or size < 1 then argerror('split', 'size must be a positive number', 2) end
      local n = M.size(t, d)
      local i = 1
      while i <= n do
         local len = math.min(size, n - i + 1)
         out[#out + 1] = M.narrow(t, d, i, len)
         i = i + len
      end
      return out
   end
   function M.chunk(t, k, d, extra)
      if type(t) == 'table' and not torch.isTensor(t) then
         local n = M.size(k, extra or 1)
         return M.split(t, k, math.ceil(n / d), extra or 1)
      end
      d = d or 1
      local n = M.size(t, d)
      return M.split(t, math.ceil(n / k), d)
   end
   -- t:repeatTensor(reps...) -> new tensor; result:repeatTensor(src, reps...) fills result
   function M.repeatTensor(result, src, ...)
      local t, reps
      if torch.isTensor(src) then
         t = src
         reps = readSizes('repeatTensor', 1, ...)
      else
         t, result = result, nil
         reps = readSizes('repeatTensor', 1, src, ...)
      end
      local nd = t._nDimension
      if #reps < nd then
         error('Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor', 2)
      end
      local xsz = {}
      local pad = #reps - nd
      for i = 1, pad do xsz[i] = 1 end
      for i = 1, nd do xsz[pad + i] = tonumber(t._size[i - 1]) end
      local TT = torch._typeOf(t)
      local xsrc = TT.methods.contiguous(t)
      xsrc = TT.methods.view(xsrc, longStorage(xsz))
      local outsz = {}
      for i = 1, #reps do outsz[i] = xsz[i] * reps[i] end
      local r = result or TT.new()
      torch._typeOf(r).methods.resize(r, longStorage(outsz))
      -- copy the source into each tile
      local function tile(dst, depth)
         if depth > #reps then dst:copy(xsrc); return end
         for k = 0, reps[depth] - 1 do
            tile(dst:narrow(depth, k * xsz[depth] + 1, xsz[depth]), depth + 1)
         end
      end
      if r:nElement() > 0 then tile(r, 1) end
      return r
   end
   -- Tensor.new(...): the constructor of this type (x.new() is an empty tensor of x's type)
   function M.new(...) return construct(...) end

   ------------------------------------------------------------------------------------------------
   -- type conversion, tables, apply
   ------------------------------------------------------------------------------------------------
   function M.type(t, tn)
      if tn == nil then return cname end
      local TT = torch._typeByName(tn)
      if not TT or TT.tensor ~= tn and TT.name ~= tn then
         error('invalid type ' .. tostring(tn), 2)
      end
      if TT == T then return t end
      local r = TT.new()
      TT.methods.resizeAs(r, t)
      TT.methods.copy(r, t)
      return r
   end
   function M.typeAs(t, o)
      return M.type(t, torch.typename(o))
   end
   for _, other in ipairs(torch._typeNames) do
      M[other:lower()] = function(t) return M.type(t, 'torch.' .. other .. 'Tensor') end
   end
   -- t:real(): to the default tensor type (Torch7's counterpart of t:half(), which needs HalfTensor)
   function M.real(t) return M.type(t, torch.getdefaulttensortype()) end
   -- Torch7 aliased torch.isTensor as torch.Tensor.isTensor
   function M.isTensor(x) return torch.isTensor(x) end
   function M.totable(t)
      local nd = t._nDimension
      if nd == 0 then return {} end
      local c = M.contiguous(t)
      local d = c._storage._data + c._storageOffset
      local sizes = {}
      for i = 1, nd do sizes[i] = tonumber(c._size[i - 1]) end
      local pos = 0
      local function build(depth)
         local out = {}
         if depth == nd then
            for i = 1, sizes[depth] do out[i] = tonumber(d[pos]); pos = pos + 1 end
         else
            for i = 1, sizes[depth] do out[i] = build(depth + 1) end
         end
         return out
      end
      return build(1)
   end
   -- element-wise iteration in row-major order: f(ptr) with ptr the C address of each element
   local function each(t, f)
      local nd = t._nDimension
      if nd == 0 or nElement(t) == 0 then return end
      local d = t._storage._data + t._storageOffset
      local sz, st = {}, {}
      for i = 1, nd do sz[i] = tonumber(t._size[i - 1]); st[i] = tonumber(t._stride[i - 1]) end
      local function rec(depth, off)
         local n, s = sz[depth], st[depth]
         if depth == nd then
            for i = 0, n - 1 do f(d, off + i * s) end
         else
            for i = 0, n - 1 do rec(depth + 1, off + i * s) end
         end
      end
      rec(1, 0)
   end
   T.each = each
   local function store(d, o, v)
      if v == nil then return end
      if type(v) ~= 'number' then error('given function should return a number or nil', 0) end
      d[o] = v
   end
   function M.apply(t, f)
      if type(f) ~= 'function' then argerror('apply', 'function expected', 2) end
      each(t, function(d, o) store(d, o, f(isLong and tonumber(d[o]) or d[o])) end)
      return t
   end
   function M.map(t, src, f)
      if nElement(t) ~= nElement(src) then error('map: tensors must have the same number of elements', 2) end
      local vals = {}
      local k = 0
      each(src, function(d, o) k = k + 1; vals[k] = tonumber(d[o]) end)
      k = 0
      each(t, function(d, o)
         k = k + 1
         store(d, o, f(isLong and tonumber(d[o]) or d[o], vals[k]))
      end)
      return t
   end
   function M.map2(t, s1, s2, f)
      local n = nElement(t)
      if n ~= nElement(s1) or n ~= nElement(s2) then error('map2: tensors must have the same number of elements', 2) end
      local v1, v2 = {}, {}
      local k = 0
      each(s1, function(d, o) k = k + 1; v1[k] = tonumber(d[o]) end)
      k = 0
      each(s2, function(d, o) k = k + 1; v2[k] = tonumber(d[o]) end)
      k = 0
      each(t, function(d, o)
         k = k + 1
         store(d, o, f(isLong and tonumber(d[o]) or d[o], v1[k], v2[k]))
      end)
      return t
   end
   function M.retain(t) fn('retain')(t); return t end
   function M.free(t) tfree(t) end

   ------------------------------------------------------------------------------------------------
   -- indexing
   ------------------------------------------------------------------------------------------------
   -- reads a value at a 0-based element offset
   local function getAt(t, off)
      local v = t._storage._data[t._storageOffset + off]
      if isLong then return tonumber(v) end
      return v
   end

   -- applies a table index {i, {a,b}, {}, ...}: returns a view tensor, or a number when every
   -- dimension got a number
   local function subIndex(t, k, level)
      local nd = t._nDimension
      if #k > nd then error('too many indices provided', level + 1) end
      local r = wrap(f_newWithTensor(t))
      local cdim = 0       -- current dimension in r (0-based)
      local allNumbers = (#k == nd)
      for i = 1, #k do
         local x = k[i]
         local n = tonumber(r._size[cdim])
         if type(x) == 'number' then
            x = floor(x)
            if x < 0 then x = x + n + 1 end
            if x < 1 or x > n then error('index out of bound', level + 1) end
            if r._nDimension == 1 then
               -- last dimension: a number
               if allNumbers then
                  return getAt(r, (x - 1) * tonumber(r._stride[cdim]))
               end
               f_narrow(r, nil, cdim, x - 1, 1)
               cdim = cdim + 1
            else
               f_select(r, nil, cdim, x - 1)
            end
         elseif type(x) == 'table' then
            local s, e = x[1], x[2]
            if s == nil then s = 1 end
            if e == nil then e = (x[1] == nil) and n or s end
            if type(s) ~= 'number' or type(e) ~= 'number' then error('invalid index', level + 1) end
            s, e = floor(s), floor(e)
            if s < 0 then s = s + n + 1 end
            if e < 0 then e = e + n + 1 end
            if s < 1 or s > n then error('start index out of bound', level + 1) end
            if e < 1 or e > n then error('end index out of bound', level + 1) end
            if e < s then error('end index must be greater or equal to start index', level + 1) end
            f_narrow(r, nil, cdim, s - 1, e - s + 1)
            cdim = cdim + 1
         else
            error('invalid index (number or table expected)', level + 1)
         end
      end
      check(level + 1)
      return r
   end
   T.subIndex = subIndex

   local function index(t, k)
      local tk = type(k)
      if tk == 'string' then return M[k] end
      if tk == 'number' then
         local nd = t._nDimension
         if nd == 0 then error('empty tensor', 2) end
         k = floor(k)
         local n = tonumber(t._size[0])
         if k < 0 then k = k + n + 1 end
         if k < 1 or k > n then error('out of range', 2) end
         if nd == 1 then
            return getAt(t, (k - 1) * tonumber(t._stride[0]))
         end
         return wrap(f_newSelect(t, 0, k - 1))
      elseif tk == 'table' then
         return subIndex(t, k, 2)
      elseif tk == 'cdata' then
         local KT, kind = torch._typeOf(k)
         if KT == types.Byte and kind == 'tensor' then
            local r = new()
            fn('maskedSelect')(r, t, k)
            check(2)
            return r
         end
      end
      return nil
   end

   local function assign(dst, v, level)
      if type(v) == 'number' then
         f_fill(dst, v)
      elseif torch.isTensor(v) then
         M.copy(dst, v)
      else
         error('number or tensor expected for assignment, got ' .. torch.type(v), level + 1)
      end
      check(level + 1)
   end

   local function newindex(t, k, v)
      local tk = type(k)
      if tk == 'number' then
         local nd = t._nDimension
         if nd == 0 then error('empty tensor', 2) end
         k = floor(k)
         local n = tonumber(t._size[0])
         if k < 0 then k = k + n + 1 end
         if k < 1 or k > n then error('out of range', 2) end
         if nd == 1 then
            if type(v) == 'number' then
               t._storage._data[t._storageOffset + (k - 1) * t._stride[0]] = v
               return
            end
         end
         local r = wrap(f_newSelect(t, 0, k - 1))
         assign(r, v, 2)
         return
      elseif tk == 'table' then
         local r = subIndex(t, k, 2)
         if type(r) == 'number' then
            -- full index: write the element
            local off = t._storageOffset
            for i = 1, #k do
               local x = floor(k[i])
               local n = tonumber(t._size[i - 1])
               if x < 0 then x = x + n + 1 end
               off = off + (x - 1) * t._stride[i - 1]
            end
            if type(v) ~= 'number' then error('number expected', 2) end
            t._storage._data[off] = v
            return
         end
         assign(r, v, 2)
         return
      elseif tk == 'cdata' then
         local KT, kind = torch._typeOf(k)
         if KT == types.Byte and kind == 'tensor' then
            if type(v) == 'number' then
               fn('maskedFill')(t, k, v)
            elseif torch._typeOf(v) == T then
               fn('maskedCopy')(t, k, v)
            else
               error('number or ' .. cname .. ' expected', 2)
            end
            check(2)
            return
         end
      end
      error('invalid tensor index ' .. tostring(k), 2)
   end

   ------------------------------------------------------------------------------------------------
   -- arithmetic operators (the math methods come from TensorMath.lua)
   ------------------------------------------------------------------------------------------------
   local function isT(x) return type(x) == 'cdata' and torch.isTensor(x) end
   local mt = {
      __index = index,
      __newindex = newindex,
      __len = function(t) return M.size(t) end,
      __tostring = function(t) return M.__tostring__(t) end,
      __concat = function(a, b) return tostring(a) .. tostring(b) end,
      __add = function(a, b)
         if isT(a) and isT(b) then return M.clone(a):add(b)
         elseif isT(a) then return M.clone(a):add(b)
         else return M.clone(b):add(a) end
      end,
      __sub = function(a, b)
         if isT(a) and isT(b) then return M.clone(a):add(-1, b)
         elseif isT(a) then return M.clone(a):add(-b)
         else return M.clone(b):mul(-1):add(a) end
      end,
      __mul = function(a, b)
         if isT(a) and isT(b) then
            local da, db = a._nDimension, b._nDimension
            if da == 1 and db == 1 then return M.dot(a, b) end
            local r = new()
            if da == 2 and db == 1 then
               M.resize(r, tonumber(a._size[0]))
               return M.addmv(M.zero(r), 0, r, 1, a, b)
            elseif da == 2 and db == 2 then
               M.resize(r, tonumber(a._size[0]), tonumber(b._size[1]))
               return M.addmm(M.zero(r), 0, r, 1, a, b)
            end
            error('multiplication between ' .. da .. 'D and ' .. db .. 'D tensors not yet supported', 2)
         elseif isT(a) then return M.clone(a):mul(b)
         else return M.clone(b):mul(a) end
      end,
      __div = function(a, b)
         if isT(a) and type(b) == 'number' then return M.clone(a):div(b) end
         error('invalid arguments for tensor division (tensor / number expected)', 2)
      end,
      __unm = function(a) return M.clone(a):mul(-1) end,
   }
   T.mt = mt
   ffi.metatype(T.ctensor, mt)
end

torch.Tensor = torch.DoubleTensor

function torch._sizeString(t)
   local s = {}
   for i = 0, t._nDimension - 1 do s[#s + 1] = tostring(tonumber(t._size[i])) end
   return table.concat(s, 'x')
end

-- default __tostring__ until print.lua replaces it
for _, tname in ipairs(torch._typeNames) do
   local T = types[tname]
   if not T.methods.__tostring__ then
      T.methods.__tostring__ = function(t)
         return '[' .. T.tensor .. ' of size ' .. torch._sizeString(t) .. ']'
      end
   end
end

-- torch.<fn>(tensor, ...) forms of the geometry methods, dispatched on the first tensor argument
local function dispatcher(name)
   return function(a, ...)
      local T = torch._typeOf(a)
      if not T and type(a) == 'table' then T = torch._typeOf((...)) end
      if not T then error('torch.' .. name .. ': tensor expected, got ' .. torch.type(a), 2) end
      return T.methods[name](a, ...)
   end
end
for _, name in ipairs({ 'view', 'viewAs', 'expand', 'expandAs', 'repeatTensor', 'split', 'chunk',
                        'permute', 'squeeze', 'unsqueeze', 'narrow', 'select', 'transpose', 't',
                        'clone', 'contiguous', 'isSameSizeAs', 'nElement', 'numel' }) do
   if torch[name] == nil then torch[name] = dispatcher(name) end
end

function torch.totable(obj)
   if torch.isTensor(obj) or torch.isStorage(obj) then return obj:totable() end
   error('obj must be a Storage or a Tensor', 2)
end

function torch.setdefaulttensortype(name)
   local T = torch._typeByName(name)
   if type(name) ~= 'string' or not T or T.tensor ~= name then
      error(string.format('<%s> is not a string describing a torch object', tostring(name)), 2)
   end
   torch.Tensor = torch[T.name .. 'Tensor']
   torch.Storage = torch[T.name .. 'Storage']
end

function torch.getdefaulttensortype()
   return torch.typename(torch.Tensor())
end

return torch
