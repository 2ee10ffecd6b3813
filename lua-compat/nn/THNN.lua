-- Binds every THNN function, for Float and Double, through the LuaJIT FFI.
--
--   local THNN = require 'nn.THNN'
--   THNN.kernels['torch.FloatTensor'].Tanh_updateOutput(input, output)   -- state is implicit
--   THNN.call(input, 'Tanh_updateOutput', input, output)                 -- by the tensor's type
--   input.THNN.Tanh_updateOutput(input:cdata(), output:cdata())          -- as torch/nn wrote it
--
-- Arguments may be tensors or raw THTensor* cdata; nil passes NULL (optional tensors). Every call
-- is followed by torch.libs.check(), which turns a THNN error into a Lua error with its message.
local ffi = require 'ffi'
local torch = require 'torch'
local libs = torch.libs or require 'torch.libs'

local THNN = {}

local cdef = require 'nn.THNN_h'
ffi.cdef(cdef)
THNN.C = libs.load('THNN')
THNN.NULL = ffi.NULL

local check = libs.check
local select, type = select, type

-- The function names declared for each type, in header order.
THNN.names = {Float = {}, Double = {}}
for T, list in pairs(THNN.names) do
   for name in cdef:gmatch('void THNN_' .. T .. '([%w_]+)%(') do table.insert(list, name) end
end

local function arg(v)
   -- Torch7's own tensors are userdata with :cdata(); ours are cdata already.
   if type(v) == 'userdata' then return v:cdata() end
   return v
end

local function bind(cfn)
   return function(...)
      local n = select('#', ...)
      local a = {...}
      for i = 1, n do a[i] = arg(a[i]) end
      cfn(nil, unpack(a, 1, n))
      check()
   end
end

-- LuaJIT rejects surplus arguments to a fixed-arity C function, and trailing nils count: the short
-- ones are bound by their exact arity (no table per call), the long ones through a table.
local function arity(T, name)
   local proto = cdef:match('void THNN_' .. T .. name .. '%((.-)%);')
   local n = 0
   for _ in proto:gmatch(',') do n = n + 1 end
   return n -- arguments after state
end

local function bindN(cfn, n)
   if n > 8 then return bind(cfn) end
   return function(...)
      local a1, a2, a3, a4, a5, a6, a7, a8 = ...
      if n == 1 then cfn(nil, arg(a1))
      elseif n == 2 then cfn(nil, arg(a1), arg(a2))
      elseif n == 3 then cfn(nil, arg(a1), arg(a2), arg(a3))
      elseif n == 4 then cfn(nil, arg(a1), arg(a2), arg(a3), arg(a4))
      elseif n == 5 then cfn(nil, arg(a1), arg(a2), arg(a3), arg(a4), arg(a5))
      elseif n == 6 then cfn(nil, arg(a1), arg(a2), arg(a3), arg(a4), arg(a5), arg(a6))
      elseif n == 7 then cfn(nil, arg(a1), arg(a2), arg(a3), arg(a4), arg(a5), arg(a6), arg(a7))
      else cfn(nil, arg(a1), arg(a2), arg(a3), arg(a4), arg(a5), arg(a6), arg(a7), arg(a8)) end
      check()
   end
end

-- kernels['torch.FloatTensor'].Name and kernels.Float.Name are the same table.
THNN.kernels = {}
for _, T in ipairs({'Float', 'Double'}) do
   local k = {}
   for _, name in ipairs(THNN.names[T]) do
      k[name] = bindN(THNN.C['THNN_' .. T .. name], arity(T, name))
   end
   THNN.kernels[T] = k
   THNN.kernels['torch.' .. T .. 'Tensor'] = k
   -- torch/nn exposed the kernels as torch.FloatTensor.THNN; third-party modules use that.
   for _, cls in ipairs({torch[T .. 'Tensor'], torch.getmetatable('torch.' .. T .. 'Tensor')}) do
      if type(cls) == 'table' then rawset(cls, 'THNN', k) end
   end
end

-- The kernels for a tensor's type; an error names the type when THNN has none for it.
function THNN.for_(t)
   local tn = torch.type(t)
   local k = THNN.kernels[tn]
   if not k then error('THNN has no kernels for ' .. tostring(tn) .. ' (Float and Double only)', 3) end
   return k
end

function THNN.call(t, name, ...)
   local f = THNN.for_(t)[name]
   if not f then error('no THNN function ' .. tostring(name), 2) end
   return f(...)
end

-- torch/nn's helper: a tensor's cdata, or NULL for nil / an empty tensor.
function THNN.optionalTensor(t)
   if t == nil or t:dim() == 0 then return nil end
   return arg(t)
end

return THNN
