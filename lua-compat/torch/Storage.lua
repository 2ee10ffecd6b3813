-- Per-type records (torch._types) and the storage classes torch.<T>Storage.
local ffi = require 'ffi'
local libs = require 'torch.libs'
local torch = torch
local TH = libs.TH
local check = libs.check

local TYPES = {
   { 'Byte', 'unsigned char', 'long' },
   { 'Char', 'char', 'long' },
   { 'Short', 'short', 'long' },
   { 'Int', 'int', 'long' },
   { 'Long', 'long', 'long' },
   { 'Float', 'float', 'double' },
   { 'Double', 'double', 'double' },
}
torch._typeNames = { 'Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double' }

local types = {}
torch._types = types

for _, def in ipairs(TYPES) do
   local name, real, accreal = def[1], def[2], def[3]
   local T = {
      name = name,
      tensor = 'torch.' .. name .. 'Tensor',
      storage = 'torch.' .. name .. 'Storage',
      ctensor = 'TH' .. name .. 'Tensor',
      cstorage = 'TH' .. name .. 'Storage',
      real = real,
      accreal = accreal,
      isFloat = (name == 'Float' or name == 'Double'),
      methods = {},
      smethods = {},
   }
   T.ctptr = ffi.typeof(T.ctensor .. '*')
   T.sctptr = ffi.typeof(T.cstorage .. '*')
   T.tref = ffi.typeof(T.ctensor .. '&')
   T.sref = ffi.typeof(T.cstorage .. '&')
   T.realptr = ffi.typeof(real .. '*')
   T.realarr = ffi.typeof(real .. '[?]')

   local fncache, sfncache = {}, {}
   -- T.fn('add') -> TH<T>Tensor_add
   function T.fn(suffix)
      local f = fncache[suffix]
      if f == nil then
         f = TH[T.ctensor .. '_' .. suffix]
         fncache[suffix] = f
      end
      return f
   end
   function T.sfn(suffix)
      local f = sfncache[suffix]
      if f == nil then
         f = TH[T.cstorage .. '_' .. suffix]
         sfncache[suffix] = f
      end
      return f
   end

   local tfree, sfree = TH[T.ctensor .. '_free'], TH[T.cstorage .. '_free']
   local tnew, snew = TH[T.ctensor .. '_new'], TH[T.cstorage .. '_newWithSize']
   local tretain, sretain = TH[T.ctensor .. '_retain'], TH[T.cstorage .. '_retain']
   T.tfree, T.sfree = tfree, sfree

   -- Tensors and storages handed to Lua are struct references (`THFloatTensor &`, made from the
   -- pointer C returned by ptr[0]): the FFI passes them wherever C expects a `THFloatTensor *`,
   -- and, unlike a pointer, indexing one with a number reaches the metatype's __index (a pointer
   -- cdata would do pointer arithmetic).
   -- new empty tensor, freed when collected
   function T.new()
      return ffi.gc(tnew()[0], tfree)
   end
   -- takes ownership of a THTensor* a C function returned (nil for NULL)
   function T.wrap(ptr)
      if ptr == nil then return nil end
      return ffi.gc(ptr[0], tfree)
   end
   -- a borrowed THTensor*: retain it, then wrap
   function T.wrapRetain(ptr)
      if ptr == nil then return nil end
      tretain(ptr)
      return ffi.gc(ptr[0], tfree)
   end
   function T.newStorage(n)
      local s = snew(n or 0)
      check(2)
      return ffi.gc(s[0], sfree)
   end
   function T.wrapStorage(ptr)
      if ptr == nil then return nil end
      return ffi.gc(ptr[0], sfree)
   end
   function T.wrapStorageRetain(ptr)
      if ptr == nil then return nil end
      sretain(ptr)
      return ffi.gc(ptr[0], sfree)
   end
   -- Lua number -> real (Long: exact for |v| < 2^53; the ffi converts on store)
   types[name] = T
   torch._cdataTypes[tonumber(T.tref)] = { T, 'tensor', T.tensor }
   torch._cdataTypes[tonumber(T.sref)] = { T, 'storage', T.storage }
   -- raw pointers (from C, or t:cdata()) are recognised too
   torch._cdataTypes[tonumber(T.ctptr)] = { T, 'tensor', T.tensor }
   torch._cdataTypes[tonumber(T.sctptr)] = { T, 'storage', T.storage }
end

-- Resolves a type given as short name, typename ('torch.FloatTensor'), or object.
function torch._typeByName(name)
   if types[name] then return types[name] end
   local short = type(name) == 'string' and (name:match('^torch%.(%a+)Tensor$') or name:match('^torch%.(%a+)Storage$'))
   return short and types[short]
end

local function argerror(fname, msg, level)
   error(fname .. ': ' .. msg, (level or 2) + 1)
end
torch._argerror = argerror

----------------------------------------------------------------------------------------------------
-- Storages
----------------------------------------------------------------------------------------------------
for _, name in ipairs(torch._typeNames) do
   local T = types[name]
   local M = T.smethods
   local cname = T.storage
   local sfn = T.sfn
   local s_new, s_newWithSize = sfn('new'), sfn('newWithSize')
   local s_resize, s_fill, s_free = sfn('resize'), sfn('fill'), sfn('free')
   local s_newWithData = sfn('newWithData')
   local isLong = (name == 'Long')
   local isChar = (name == 'Char' or name == 'Byte')
   local realptr = T.realptr

   local function size(s) return tonumber(s._size) end

   local function new(a, b, c, ...)
      if a == nil then
         return ffi.gc(s_new()[0], s_free)
      elseif type(a) == 'number' then
         if a < 0 or a ~= math.floor(a) then argerror(cname, 'invalid size ' .. a, 2) end
         local s = s_newWithSize(a)
         check(3)
         return ffi.gc(s[0], s_free)
      elseif type(a) == 'table' then
         local n = #a
         local s = ffi.gc(s_newWithSize(n)[0], s_free)
         local d = s._data
         for i = 1, n do
            local v = a[i]
            if type(v) ~= 'number' then argerror(cname, 'table must contain numbers', 2) end
            d[i - 1] = v
         end
         return s
      elseif type(a) == 'string' and isChar then
         local n = #a
         local s = ffi.gc(s_newWithSize(n)[0], s_free)
         if n > 0 then ffi.copy(s._data, a, n) end
         return s
      elseif type(a) == 'cdata' and torch._typeOf(a) == T and select(2, torch._typeOf(a)) == 'storage' then
         -- storage view: Storage(storage [, offset [, size]])
         local off = b or 1
         local total = size(a)
         local n = c or (total - off + 1)
         if off < 1 or off > math.max(total, 1) then argerror(cname, 'offset out of bounds', 2) end
         if n < 0 or off - 1 + n > total then argerror(cname, 'size out of bounds', 2) end
         local s = s_newWithData(a._data + (off - 1), n)
         check(3)
         -- a view: the new storage must not free the memory, and must keep `a` alive
         s._flag = 1 + 8 -- REFCOUNTED | VIEW
         s._view = a
         sfn('retain')(a)
         return ffi.gc(s[0], s_free)
      end
      argerror(cname, 'expected [size | table | storage [offset [size]]]', 2)
   end
   T.newStorageFrom = new

   torch.newmetatable(cname, nil, new, nil, function() return ffi.gc(s_new()[0], s_free) end, nil, M)
   M.__index = nil
   M.__tostring = nil

   function M.size(s) return tonumber(s._size) end
   M.__len = M.size
   function M.data(s) return s._data end
   function M.cdata(s) return ffi.cast(T.sctptr, s) end
   function M.elementSize() return ffi.sizeof(T.real) end
   function M.resize(s, n)
      if type(n) ~= 'number' or n < 0 then argerror('resize', 'size expected', 2) end
      s_resize(s, n)
      check(3)
      return s
   end
   function M.fill(s, v)
      s_fill(s, v)
      check(3)
      return s
   end
   function M.zero(s) return M.fill(s, 0) end
   function M.copy(s, src)
      local ST, kind = torch._typeOf(src)
      if kind == 'storage' then
         local f = sfn('copy' .. (ST == T and '' or ST.name))
         f(s, src)
         check(3)
      elseif type(src) == 'table' then
         if #src ~= size(s) then argerror('copy', 'size mismatch', 2) end
         for i = 1, #src do s._data[i - 1] = src[i] end
      else
         argerror('copy', 'storage expected', 2)
      end
      return s
   end
   function M.totable(s)
      local t, d = {}, s._data
      for i = 0, size(s) - 1 do t[i + 1] = tonumber(d[i]) end
      return t
   end
   function M.type(s, tname)
      if tname == nil then return cname end
      local TT = torch._typeByName(tname)
      if not TT then argerror('type', 'unknown type ' .. tostring(tname), 2) end
      if TT == T then return s end
      local r = TT.newStorage(size(s))
      r:copy(s)
      return r
   end
   for _, other in ipairs(torch._typeNames) do
      M[other:lower()] = function(s) return M.type(s, 'torch.' .. other .. 'Storage') end
   end
   if isChar then
      function M.string(s, str)
         if str ~= nil then
            s_resize(s, #str)
            if #str > 0 then ffi.copy(s._data, str, #str) end
            return s
         end
         return ffi.string(s._data, size(s))
      end
   end
   function M.retain(s) sfn('retain')(s); return s end
   function M.free(s) sfn('free')(s) end
   function M.isShared(s) return false end

   local mtype = {
      __index = function(s, k)
         if type(k) == 'number' then
            local n = tonumber(s._size)
            if k < 1 or k > n then error('index out of bounds', 2) end
            local v = s._data[k - 1]
            if isLong then return tonumber(v) end
            return v
         end
         return M[k]
      end,
      __newindex = function(s, k, v)
         if type(k) == 'number' then
            local n = tonumber(s._size)
            if k < 1 or k > n then error('index out of bounds', 2) end
            if type(v) ~= 'number' then error('number expected', 2) end
            s._data[k - 1] = v
            return
         end
         error('invalid storage field ' .. tostring(k), 2)
      end,
      __len = function(s) return tonumber(s._size) end,
      __tostring = function(s) return M.__tostring__(s) end,
   }
   function M.__tostring__(s) return cname .. ' of size ' .. size(s) end
   ffi.metatype(T.cstorage, mtype)
end

torch.Storage = torch.DoubleStorage

return torch
