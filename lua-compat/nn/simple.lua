-- Layers written in Lua over tensor operations (no THNN kernel).
local tensorOf = nn.utils.emptyLike

-- Identity --------------------------------------------------------------------------------------
local Identity = torch.class('nn.Identity', 'nn.Module')
function Identity:updateOutput(input) self.output = input; return input end
function Identity:updateGradInput(input, gradOutput) self.gradInput = gradOutput; return gradOutput end
function Identity:clearState() self.output, self.gradInput = torch.Tensor(), torch.Tensor(); return self end

-- Dropout ---------------------------------------------------------------------------------------
local Dropout, parentD = torch.class('nn.Dropout', 'nn.Module')
function Dropout:__init(p, v1, inplace)
   parentD.__init(self)
   self.p = p or 0.5
   self.v2 = not v1
   self.inplace = inplace or false
   self.train = true
   if self.p >= 1 or self.p < 0 then error('<Dropout> illegal percentage, must be 0 <= p < 1') end
   self.noise = torch.Tensor()
end
function Dropout:updateOutput(input)
   if self.inplace then self.output:set(input) else self.output:resizeAs(input):copy(input) end
   if self.p > 0 then
      if self.train then
         self.noise = torch.isTensor(self.noise) and self.noise:type() == input:type() and self.noise or tensorOf(input)
         self.noise:resizeAs(input):bernoulli(1 - self.p)
         if self.v2 then self.noise:div(1 - self.p) end
         self.output:cmul(self.noise)
      elseif not self.v2 then
         self.output:mul(1 - self.p)
      end
   end
   return self.output
end
function Dropout:updateGradInput(input, gradOutput)
   if self.inplace then self.gradInput:set(gradOutput) else self.gradInput:resizeAs(gradOutput):copy(gradOutput) end
   if self.train then
      if self.p > 0 then self.gradInput:cmul(self.noise) end
   elseif not self.v2 and self.p > 0 then
      self.gradInput:mul(1 - self.p)
   end
   return self.gradInput
end
function Dropout:setp(p) self.p = p end
function Dropout:__tostring__() return string.format('%s(%f)', torch.typename(self), self.p) end
function Dropout:clearState() return nn.utils.clear(self, 'output', 'gradInput', 'noise') end

-- View / Reshape --------------------------------------------------------------------------------
-- Sizes are kept in a LongStorage (as Torch7 kept them, so saved models load both ways).
local function sizesOf(...)
   local args = {...}
   if #args == 1 and torch.typename(args[1]) == 'torch.LongStorage' then return args[1] end
   local s = torch.LongStorage(#args)
   for i, v in ipairs(args) do s[i] = v end
   return s
end

local function listOf(storage)
   local t = {}
   for i = 1, #storage do t[i] = storage[i] end
   return t
end

-- The batch size View puts in front of its sizes, or nil for none. The trailing numInputDims
-- dimensions (all of them when unset) hold whole views of numElements elements each; with a -1 in
-- the sizes they hold one view and the -1 takes the rest. Every leading dimension is batch too,
-- all collapsed into one.
local function viewBatchSize(self, input)
   local nd = input:dim()
   local inner = math.min(self.numInputDims or nd, nd)
   local n = 1
   for d = nd - inner + 1, nd do n = n * input:size(d) end
   if n % self.numElements ~= 0 then
      error(string.format('input view (%s) and desired view (%s) do not match',
         table.concat(input:size():totable(), 'x'), table.concat(listOf(self.size), 'x')), 3)
   end
   local bsz = n / self.numElements
   for _, s in ipairs(listOf(self.size)) do if s == -1 then bsz = 1 end end
   for d = 1, nd - inner do bsz = bsz * input:size(d) end
   if bsz == 1 and (not self.numInputDims or nd <= self.numInputDims) then return nil end
   return bsz
end

local View, parentV = torch.class('nn.View', 'nn.Module')
function View:__init(...)
   parentV.__init(self)
   self:resetSize(...)
   self.numInputDims = nil
end
function View:resetSize(...)
   self.size = sizesOf(...)
   self.numElements = 1
   local inferred = 0
   for _, s in ipairs(listOf(self.size)) do
      if s == -1 then inferred = inferred + 1 else self.numElements = self.numElements * s end
   end
   if inferred > 1 then error('at most one dimension can be inferred (-1)', 3) end
   return self
end
function View:setNumInputDims(n) self.numInputDims = n; return self end
function View:updateOutput(input)
   local sizes = listOf(self.size)
   local bsz = viewBatchSize(self, input)
   if bsz then table.insert(sizes, 1, bsz) end
   self.output = input:view(torch.LongStorage(sizes))
   return self.output
end
function View:updateGradInput(input, gradOutput)
   self.gradInput = gradOutput:contiguous():view(input:size())
   return self.gradInput
end
function View:__tostring__() return torch.typename(self) .. '(' .. table.concat(listOf(self.size), ', ') .. ')' end

local Reshape, parentR = torch.class('nn.Reshape', 'nn.Module')
function Reshape:__init(...)
   parentR.__init(self)
   local args = {...}
   if type(args[#args]) == 'boolean' then
      self.batchMode = table.remove(args)
   end
   self.size = sizesOf(unpack(args))
   self.nelement = 1
   for _, s in ipairs(listOf(self.size)) do self.nelement = self.nelement * s end
end
function Reshape:updateOutput(input)
   input = input:contiguous()
   local sizes = {}
   -- batch mode unless told otherwise or the input is exactly one sample (a leading size of 1
   -- counts as a batch of one, as in torch/nn)
   if self.batchMode == true or (self.batchMode == nil and (input:nElement() ~= self.nelement or input:size(1) == 1)) then
      sizes[1] = input:size(1)
   end
   for _, s in ipairs(listOf(self.size)) do sizes[#sizes + 1] = s end
   self.output = input:view(torch.LongStorage(sizes))
   return self.output
end
function Reshape:updateGradInput(input, gradOutput)
   self.gradInput = gradOutput:contiguous():view(input:size())
   return self.gradInput
end
function Reshape:__tostring__() return torch.typename(self) .. '(' .. table.concat(listOf(self.size), 'x') .. ')' end

-- Narrow, Transpose -----------------------------------------------------------------------------
local Narrow, parentN = torch.class('nn.Narrow', 'nn.Module')
function Narrow:__init(dimension, offset, length)
   parentN.__init(self)
   if not dimension or not offset then error('nn.Narrow(dimension, offset, length)', 2) end
   self.dimension, self.index, self.length = dimension, offset, length or 1
end
-- torch/nn's rules: a negative dimension counts from the end; a negative length leaves that many
-- (minus one) elements at the end; a negative offset keeps the first size - length elements
local function narrowArgs(self, input)
   local dim = self.dimension < 0 and input:dim() + self.dimension + 1 or self.dimension
   local len = self.length
   if len < 0 then len = input:size(dim) - self.index + self.length + 2 end
   local idx = self.index
   if idx < 0 then
      idx = 1
      len = input:size(dim) - len
   end
   return dim, idx, len
end
function Narrow:updateOutput(input)
   local dim, idx, len = narrowArgs(self, input)
   local v = input:narrow(dim, idx, len)
   self.output = self.output:typeAs(v)
   self.output:resizeAs(v):copy(v)
   return self.output
end
function Narrow:updateGradInput(input, gradOutput)
   local dim, idx, len = narrowArgs(self, input)
   self.gradInput = self.gradInput:typeAs(input)
   self.gradInput:resizeAs(input):zero()
   self.gradInput:narrow(dim, idx, len):copy(gradOutput)
   return self.gradInput
end

local Transpose, parentTr = torch.class('nn.Transpose', 'nn.Module')
function Transpose:__init(...)
   parentTr.__init(self)
   self.permutations = {...}
end
function Transpose:updateOutput(input)
   for _, p in ipairs(self.permutations) do input = input:transpose(p[1], p[2]) end
   self.output:resizeAs(input):copy(input)
   return self.output
end
function Transpose:updateGradInput(input, gradOutput)
   for i = #self.permutations, 1, -1 do
      local p = self.permutations[i]
      gradOutput = gradOutput:transpose(p[1], p[2])
   end
   self.gradInput:resizeAs(gradOutput):copy(gradOutput)
   return self.gradInput
end

-- Reductions along one dimension: Sum, Mean, Max, Min --------------------------------------------
local function reduceDim(self, input)
   local d = self.dimension
   if d < 0 then d = input:dim() + d + 1
   elseif self.nInputDims and input:dim() == self.nInputDims + 1 then d = d + 1 end
   if d > input:dim() then error(string.format('dimension %d out of range (input has %d dimensions)', d, input:dim()), 3) end
   return d
end

local function squeezed(t, d)
   if t:dim() <= 1 then return t end
   local sizes = {}
   for i = 1, t:dim() do if i ~= d then sizes[#sizes + 1] = t:size(i) end end
   return t:view(torch.LongStorage(sizes))
end

local Sum, parentS = torch.class('nn.Sum', 'nn.Module')
function Sum:__init(dimension, nInputDims, sizeAverage, squeeze)
   parentS.__init(self)
   self.dimension = dimension or 1
   self.nInputDims = nInputDims
   self.sizeAverage = sizeAverage or false
   self.squeeze = squeeze == nil and true or squeeze
end
function Sum:updateOutput(input)
   local d = reduceDim(self, input)
   local s = input:sum(d)
   if self.sizeAverage then s:div(input:size(d)) end
   self.output = self.squeeze and squeezed(s, d) or s
   return self.output
end
function Sum:updateGradInput(input, gradOutput)
   local d = reduceDim(self, input)
   local sizes = input:size()
   sizes[d] = 1
   local g = gradOutput:contiguous():view(sizes)
   self.gradInput:resizeAs(input):copy(g:expandAs(input))
   if self.sizeAverage then self.gradInput:div(input:size(d)) end
   return self.gradInput
end

local Mean = torch.class('nn.Mean', 'nn.Sum')
function Mean:__init(dimension, nInputDims) nn.Sum.__init(self, dimension, nInputDims, true) end

local function defineArgReduce(name, method)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init(dimension, nInputDims)
      parent.__init(self)
      self.dimension = dimension or 1
      self.nInputDims = nInputDims
   end
   function cls:updateOutput(input)
      local d = reduceDim(self, input)
      self._indices = self._indices or torch.LongTensor()
      self._output = self._output or tensorOf(input)
      torch[method](self._output, self._indices, input, d)
      self.output = squeezed(self._output, d)
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      local d = reduceDim(self, input)
      local sizes = input:size()
      sizes[d] = 1
      self.gradInput:resizeAs(input):zero()
      self.gradInput:scatter(d, self._indices, gradOutput:contiguous():view(sizes))
      return self.gradInput
   end
   function cls:type(t, cache)
      local idx = self._indices
      self._indices = nil
      nn.Module.type(self, t, cache)
      self._indices = idx
      return self
   end
   function cls:clearState() return nn.utils.clear(self, 'output', 'gradInput', '_indices', '_output') end
end
defineArgReduce('Max', 'max')
defineArgReduce('Min', 'min')

-- Constant scaling and simple maps --------------------------------------------------------------
-- MulConstant(c [, inplace]) and AddConstant(c [, inplace]): in place, the input is changed and
-- restored by updateGradInput (torch/nn's behaviour). AddConstant's constant may also be a 1D
-- tensor added to each row of a 1D/2D input.
local function checkInplaceFlag(ip)
   if ip ~= nil and ip ~= false and type(ip) ~= 'boolean' then error('in-place flag must be boolean', 3) end
   return ip or false
end

local MulConstant, parentMC = torch.class('nn.MulConstant', 'nn.Module')
function MulConstant:__init(c, ip)
   parentMC.__init(self)
   assert(type(c) == 'number', 'input is not scalar!')
   self.constant_scalar = c
   self.inplace = checkInplaceFlag(ip)
end
function MulConstant:updateOutput(input)
   if self.inplace then
      input:mul(self.constant_scalar)
      self.output:set(input)
   else
      self.output:resizeAs(input):copy(input):mul(self.constant_scalar)
   end
   return self.output
end
function MulConstant:updateGradInput(input, g)
   if self.inplace then
      g:mul(self.constant_scalar)
      self.gradInput:set(g)
      input:div(self.constant_scalar)
   else
      self.gradInput:resizeAs(g):copy(g):mul(self.constant_scalar)
   end
   return self.gradInput
end

local AddConstant, parentAC = torch.class('nn.AddConstant', 'nn.Module')
function AddConstant:__init(c, ip)
   parentAC.__init(self)
   self.constant_scalar = c
   self.inplace = checkInplaceFlag(ip)
end
local function addend(self, input)
   local c = self.constant_scalar
   if type(c) == 'number' then return c end
   assert(torch.isTensor(c) and input:dim() <= 2 and input:size(input:dim()) == c:size(1),
          'input is not scalar or doesn\'t match with the dimension of constant!')
   if input:dim() == 2 then
      return c.new():resize(1, c:size(1)):copy(c):expand(input:size(1), c:size(1))
   end
   return c
end
function AddConstant:updateOutput(input)
   local c = addend(self, input)
   if self.inplace then
      input:add(c)
      self.output:set(input)
   else
      self.output:resizeAs(input):copy(input):add(c)
   end
   return self.output
end
function AddConstant:updateGradInput(input, g)
   if self.inplace then
      self.gradInput:set(g)
      local c = addend(self, input)
      if type(c) == 'number' then input:add(-c) else input:add(-1, c) end
   else
      self.gradInput:resizeAs(g):copy(g)
   end
   return self.gradInput
end

local Exp = torch.class('nn.Exp', 'nn.Module')
function Exp:updateOutput(input) self.output:resizeAs(input):copy(input):exp(); return self.output end
function Exp:updateGradInput(input, g) self.gradInput:resizeAs(g):copy(g):cmul(self.output); return self.gradInput end

local Log = torch.class('nn.Log', 'nn.Module')
function Log:updateOutput(input) self.output:resizeAs(input):copy(input):log(); return self.output end
function Log:updateGradInput(input, g) self.gradInput:resizeAs(input):fill(1):cdiv(input):cmul(g); return self.gradInput end

-- SpatialZeroPadding (negative pads crop) -------------------------------------------------------
local ZeroPad, parentZ = torch.class('nn.SpatialZeroPadding', 'nn.Module')
function ZeroPad:__init(l, r, t, b)
   parentZ.__init(self)
   self.pad_l = l
   self.pad_r = r or l
   self.pad_t = t or l
   self.pad_b = b or l
end
local function padRegions(self, input)
   local dh, dw = input:dim() - 1, input:dim()
   local h = input:size(dh) + self.pad_t + self.pad_b
   local w = input:size(dw) + self.pad_l + self.pad_r
   if h < 1 or w < 1 then error('input is too small for the padding', 3) end
   return dh, dw, h, w
end
-- the part of the output that holds (a crop of) the input, and the matching part of the input
local function padViews(self, input, out, dh, dw)
   local o, i = out, input
   if self.pad_t > 0 then o = o:narrow(dh, 1 + self.pad_t, o:size(dh) - self.pad_t) end
   if self.pad_t < 0 then i = i:narrow(dh, 1 - self.pad_t, i:size(dh) + self.pad_t) end
   if self.pad_b > 0 then o = o:narrow(dh, 1, o:size(dh) - self.pad_b) end
   if self.pad_b < 0 then i = i:narrow(dh, 1, i:size(dh) + self.pad_b) end
   if self.pad_l > 0 then o = o:narrow(dw, 1 + self.pad_l, o:size(dw) - self.pad_l) end
   if self.pad_l < 0 then i = i:narrow(dw, 1 - self.pad_l, i:size(dw) + self.pad_l) end
   if self.pad_r > 0 then o = o:narrow(dw, 1, o:size(dw) - self.pad_r) end
   if self.pad_r < 0 then i = i:narrow(dw, 1, i:size(dw) + self.pad_r) end
   return o, i
end
function ZeroPad:updateOutput(input)
   if input:dim() ~= 3 and input:dim() ~= 4 then error('input must be 3 or 4-dimensional') end
   local dh, dw, h, w = padRegions(self, input)
   local sizes = input:size()
   sizes[dh], sizes[dw] = h, w
   self.output:resize(sizes):zero()
   local o, i = padViews(self, input, self.output, dh, dw)
   o:copy(i)
   return self.output
end
function ZeroPad:updateGradInput(input, gradOutput)
   local dh, dw = padRegions(self, input)
   self.gradInput:resizeAs(input):zero()
   local g, gi = padViews(self, self.gradInput, gradOutput, dh, dw)
   gi:copy(g)
   return self.gradInput
end
function ZeroPad:__tostring__()
   return string.format('%s(l=%d, r=%d, t=%d, b=%d)', torch.typename(self), self.pad_l, self.pad_r, self.pad_t, self.pad_b)
end
