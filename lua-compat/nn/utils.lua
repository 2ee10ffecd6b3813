-- Helpers shared by the modules: type conversion of nested tables, deep copies, buffer clearing.
local ffi = require 'ffi'
local utils = {}

-- The address of a tensor's or storage's C struct (a key for sharing). Our tensors are cdata
-- references; Torch7's own are userdata, for which torch.pointer knows the address.
function utils.pointer(x)
   if type(x) == 'cdata' then return tonumber(ffi.cast('intptr_t', ffi.cast('void *', x))) end
   return torch.pointer(x)
end

local function tensorClass(typename)
   return torch[typename:match('^torch%.(%w+)$') or ''] or error('unknown tensor type ' .. tostring(typename))
end
utils.tensorClass = tensorClass

-- Converts every tensor in a nested value to `typename`. Tensors that shared a storage still share
-- one after the conversion, and a tensor met twice becomes one converted tensor (tensorCache maps
-- old storages and tensors to new ones, by address, across calls).
function utils.recursiveType(value, typename, tensorCache)
   tensorCache = tensorCache or {}
   if torch.isTensor(value) then
      if value:type() == typename then return value end
      local tkey = 'tensor' .. utils.pointer(value)
      if tensorCache[tkey] then return tensorCache[tkey] end
      tensorCache[tkey] = utils._recursiveType(value, typename, tensorCache)
      return tensorCache[tkey]
   end
   return utils._recursiveType(value, typename, tensorCache)
end

function utils._recursiveType(value, typename, tensorCache)
   if torch.isTensor(value) then
      local key = utils.pointer(value:storage() or value)
      local Class = tensorClass(typename)
      local converted
      if value:storage() == nil then
         converted = Class()
      else
         local storage = tensorCache[key]
         if not storage then
            local whole = tensorClass(value:type())(value:storage(), 1, value:storage():size())
            storage = whole:type(typename):storage()
            tensorCache[key] = storage
         end
         converted = Class(storage, value:storageOffset(), value:size(), value:stride())
      end
      return converted
   elseif type(value) == 'table' then
      if tensorCache[value] then return tensorCache[value] end
      tensorCache[value] = value
      if torch.typename(value) and value.type and torch.isTypeOf(value, 'nn.Module') then
         value:type(typename, tensorCache)
      elseif torch.typename(value) and value.type and torch.isTypeOf(value, 'nn.Criterion') then
         value:type(typename, tensorCache)
      else
         for k, v in pairs(value) do value[k] = utils.recursiveType(v, typename, tensorCache) end
      end
      return value
   end
   return value
end

-- A deep copy of nested tables and tensors; shared storages and repeated tables stay shared.
function utils.deepCopy(value, memo)
   memo = memo or {}
   if torch.isTensor(value) then
      local Class = tensorClass(value:type())
      local s = value:storage()
      if s == nil then return Class() end
      local key = utils.pointer(s)
      local copy = memo[key]
      if not copy then
         copy = Class(s:size())
         copy:copy(Class(s, 1, s:size()))
         copy = copy:storage()
         memo[key] = copy
      end
      return Class(copy, value:storageOffset(), value:size(), value:stride())
   elseif type(value) == 'table' then
      if memo[value] then return memo[value] end
      local copy = {}
      memo[value] = copy
      for k, v in pairs(value) do copy[utils.deepCopy(k, memo)] = utils.deepCopy(v, memo) end
      return setmetatable(copy, getmetatable(value))
   end
   return value
end

-- A fresh, empty tensor of t's type.
function utils.emptyLike(t) return tensorClass(t:type())() end

-- self[name]: a buffer of like's type, created on first use (and again after a type change).
function utils.buffer(self, name, like)
   local b = self[name]
   if not torch.isTensor(b) or b:type() ~= like:type() then
      b = tensorClass(like:type())()
      self[name] = b
   end
   return b
end

-- torch/nn's initialisation: t uniform in [-s, s], with s = stdv * sqrt(3) when stdv is given (a
-- standard deviation), otherwise 1 / sqrt(fanIn). uniformInit does so for self.weight and self.bias.
function utils.uniformReset(t, stdv, fanIn)
   local s = stdv and stdv * math.sqrt(3) or 1 / math.sqrt(fanIn)
   t:uniform(-s, s)
end
function utils.uniformInit(self, stdv, fanIn)
   utils.uniformReset(self.weight, stdv, fanIn)
   if self.bias then utils.uniformReset(self.bias, stdv, fanIn) end
   return self
end

-- Replaces the named fields by empty values of their kind (tensors of the same type, empty tables).
function utils.clear(self, ...)
   local names = {...}
   if type(names[1]) == 'table' then names = names[1] end
   for _, name in ipairs(names) do
      local v = self[name]
      if torch.isTensor(v) then
         self[name] = tensorClass(v:type())()
      elseif type(v) == 'table' then
         self[name] = {}
      else
         self[name] = nil
      end
   end
   return self
end

-- `to` made a zero-filled copy of `like` (nested tables, tensors of like's types), reusing what `to`
-- holds; keys that `like` lacks are removed, so the structure follows inputs of varying length.
function utils.zeroCopy(to, like)
   if torch.isTensor(like) then
      to = (torch.isTensor(to) and to:type() == like:type()) and to or tensorClass(like:type())()
      return to:resizeAs(like):zero()
   elseif type(like) ~= 'table' then
      return nil
   end
   to = type(to) == 'table' and to or {}
   for k, v in pairs(like) do to[k] = utils.zeroCopy(to[k], v) end
   for k in pairs(to) do if like[k] == nil then to[k] = nil end end
   return to
end

function utils.recursiveResizeAs(t1, t2)
   if type(t2) == 'table' then
      t1 = type(t1) == 'table' and t1 or {}
      for k, v in pairs(t2) do t1[k], t2[k] = utils.recursiveResizeAs(t1[k], v) end
      for k in pairs(t1) do if t2[k] == nil then t1[k] = nil end end
   elseif torch.isTensor(t2) then
      t1 = torch.isTensor(t1) and t1 or tensorClass(t2:type())()
      t1:resizeAs(t2)
   else
      error('expecting nested tensors or tables, got ' .. type(t1) .. ' and ' .. type(t2))
   end
   return t1, t2
end

function utils.recursiveFill(t, v)
   if type(t) == 'table' then
      for k in pairs(t) do t[k] = utils.recursiveFill(t[k], v) end
   else
      t:fill(v)
   end
   return t
end

function utils.recursiveAdd(t1, val, t2)
   if not t2 then t2, val = val, 1 end
   if type(t2) == 'table' then
      t1 = type(t1) == 'table' and t1 or {}
      for k in pairs(t2) do t1[k], t2[k] = utils.recursiveAdd(t1[k], val, t2[k]) end
   else
      t1:add(val, t2)
   end
   return t1, t2
end

function utils.recursiveCopy(t1, t2)
   if type(t2) == 'table' then
      t1 = type(t1) == 'table' and t1 or {}
      for k in pairs(t2) do t1[k], t2[k] = utils.recursiveCopy(t1[k], t2[k]) end
   elseif torch.isTensor(t2) then
      t1 = torch.isTensor(t1) and t1 or tensorClass(t2:type())()
      t1:resizeAs(t2):copy(t2)
   else
      error('expecting nested tensors or tables, got ' .. type(t1) .. ' and ' .. type(t2))
   end
   return t1, t2
end

-- utils.addSingletonDimension([view,] t [, dim]) -> view of t with a new dimension of size 1 at
-- dim (default 1); `view` (which may be t itself) is set to it when given.
function utils.addSingletonDimension(...)
   local view, t, dim
   if select('#', ...) < 3 then
      t, dim = ...
   else
      view, t, dim = ...
      assert(torch.isTensor(view), 'output tensor expected, got ' .. torch.type(view))
   end
   assert(torch.isTensor(t), 'input tensor expected')
   dim = dim or 1
   local nd = t:dim()
   assert(dim > 0 and dim <= nd + 1, 'invalid dimension: ' .. dim .. '. Tensor is of ' .. nd .. ' dimensions.')
   local size, stride = torch.LongStorage(nd + 1), torch.LongStorage(nd + 1)
   for d = 1, nd + 1 do
      if d < dim then
         size[d], stride[d] = t:size(d), t:stride(d)
      elseif d == dim then
         size[d], stride[d] = 1, 1
      else
         size[d], stride[d] = t:size(d - 1), t:stride(d - 1)
      end
   end
   view = view or t.new()
   view:set(t:storage(), t:storageOffset(), size, stride)
   return view
end

return utils
