-- Layers over tables of tensors: CAddTable, CMulTable, JoinTable, SelectTable, SplitTable.
local function zeroLike(x) return nn.utils.tensorClass(x:type())():resizeAs(x):zero() end

local CAddTable, parentA = torch.class('nn.CAddTable', 'nn.Module')
function CAddTable:__init(ip)
   parentA.__init(self)
   self.inplace = ip
   self.gradInput = {}
end
function CAddTable:updateOutput(input)
   if self.inplace then self.output:set(input[1]) else self.output:resizeAs(input[1]):copy(input[1]) end
   for i = 2, #input do self.output:add(input[i]) end
   return self.output
end
function CAddTable:updateGradInput(input, gradOutput)
   for i = 1, #input do
      self.gradInput[i] = self.gradInput[i] or zeroLike(input[i])
      if self.inplace then self.gradInput[i]:set(gradOutput)
      else self.gradInput[i]:resizeAs(input[i]):copy(gradOutput) end
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end

local CMulTable, parentM = torch.class('nn.CMulTable', 'nn.Module')
function CMulTable:__init()
   parentM.__init(self)
   self.gradInput = {}
end
function CMulTable:updateOutput(input)
   self.output:resizeAs(input[1]):copy(input[1])
   for i = 2, #input do self.output:cmul(input[i]) end
   return self.output
end
function CMulTable:updateGradInput(input, gradOutput)
   -- d/dx_i = gradOutput * prod_{j ~= i} x_j (computed without dividing, so zeros are fine)
   for i = 1, #input do
      self.gradInput[i] = self.gradInput[i] or zeroLike(input[i])
      self.gradInput[i]:resizeAs(input[i]):copy(gradOutput)
      for j = 1, #input do
         if j ~= i then self.gradInput[i]:cmul(input[j]) end
      end
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end

local JoinTable, parentJ = torch.class('nn.JoinTable', 'nn.Module')
function JoinTable:__init(dimension, nInputDims)
   parentJ.__init(self)
   self.dimension = dimension
   self.nInputDims = nInputDims
   self.size = torch.LongStorage()
   self.gradInput = {}
end
function JoinTable:_dim(input)
   local d = self.dimension
   if d < 0 then d = input[1]:dim() + d + 1
   elseif self.nInputDims and input[1]:dim() == self.nInputDims + 1 then d = d + 1 end
   return d
end
function JoinTable:updateOutput(input)
   local d = self:_dim(input)
   local sizes = input[1]:size()
   local total = 0
   for i = 1, #input do total = total + input[i]:size(d) end
   sizes[d] = total
   self.output:resize(sizes)
   local offset = 1
   for i = 1, #input do
      local n = input[i]:size(d)
      self.output:narrow(d, offset, n):copy(input[i])
      offset = offset + n
   end
   return self.output
end
function JoinTable:updateGradInput(input, gradOutput)
   local d = self:_dim(input)
   local offset = 1
   for i = 1, #input do
      self.gradInput[i] = self.gradInput[i] or zeroLike(input[i])
      local n = input[i]:size(d)
      self.gradInput[i]:resizeAs(input[i]):copy(gradOutput:narrow(d, offset, n))
      offset = offset + n
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end

local SelectTable, parentS = torch.class('nn.SelectTable', 'nn.Module')
function SelectTable:__init(index)
   parentS.__init(self)
   self.index = index
   self.gradInput = {}
end
-- the key to select: a negative number counts from the end; any other key (a string) is used as is
local function selectKey(self, input)
   local k = self.index
   if type(k) == 'number' and k < 0 then k = #input + k + 1 end
   if input[k] == nil then
      error('index ' .. tostring(self.index) .. ' does not exist in the input table (of ' .. #input .. ')', 3)
   end
   return k
end
function SelectTable:updateOutput(input)
   self.output = input[selectKey(self, input)]
   return self.output
end
local zeroCopy = nn.utils.zeroCopy
function SelectTable:updateGradInput(input, gradOutput)
   self.gradInput = zeroCopy(self.gradInput, input)
   local k = selectKey(self, input)
   self.gradInput[k] = nn.utils.recursiveCopy(self.gradInput[k], gradOutput)
   return self.gradInput
end
function SelectTable:type(t, cache)
   self.gradInput, self.output = {}, {}
   return parentS.type(self, t, cache)
end
function SelectTable:clearState()
   self.gradInput, self.output = {}, {}
   return self
end
function SelectTable:__tostring__() return torch.typename(self) .. '(' .. tostring(self.index) .. ')' end

local SplitTable, parentSp = torch.class('nn.SplitTable', 'nn.Module')
function SplitTable:__init(dimension, nInputDims)
   parentSp.__init(self)
   self.dimension = dimension
   self.nInputDims = nInputDims
   self.output = {}
end
function SplitTable:_dim(input)
   local d = self.dimension
   if d < 0 then d = input:dim() + d + 1
   elseif self.nInputDims and input:dim() == self.nInputDims + 1 then d = d + 1 end
   return d
end
function SplitTable:updateOutput(input)
   local d = self:_dim(input)
   local n = input:size(d)
   for i = 1, n do self.output[i] = input:select(d, i) end
   for i = n + 1, #self.output do self.output[i] = nil end
   return self.output
end
function SplitTable:updateGradInput(input, gradOutput)
   local d = self:_dim(input)
   self.gradInput:resizeAs(input)
   for i = 1, input:size(d) do self.gradInput:select(d, i):copy(gradOutput[i]) end
   return self.gradInput
end

-- CSubTable, CDivTable: input[1] - input[2], input[1] / input[2] ---------------------------------
local function twoGrads(self, input)
   for i = 1, 2 do
      local g = self.gradInput[i]
      if not (torch.isTensor(g) and g:type() == input[i]:type()) then self.gradInput[i] = input[i].new() end
      self.gradInput[i]:resizeAs(input[i])
   end
   for i = 3, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput[1], self.gradInput[2]
end

local CSubTable, parentCS = torch.class('nn.CSubTable', 'nn.Module')
function CSubTable:__init()
   parentCS.__init(self)
   self.gradInput = {}
end
function CSubTable:updateOutput(input)
   self.output:resizeAs(input[1]):copy(input[1]):add(-1, input[2])
   return self.output
end
function CSubTable:updateGradInput(input, gradOutput)
   local g1, g2 = twoGrads(self, input)
   g1:copy(gradOutput)
   g2:copy(gradOutput):mul(-1)
   return self.gradInput
end

local CDivTable, parentCD = torch.class('nn.CDivTable', 'nn.Module')
function CDivTable:__init()
   parentCD.__init(self)
   self.gradInput = {}
end
function CDivTable:updateOutput(input)
   self.output:resizeAs(input[1]):copy(input[1]):cdiv(input[2])
   return self.output
end
function CDivTable:updateGradInput(input, gradOutput)
   local g1, g2 = twoGrads(self, input)
   -- d(a/b)/da = 1/b; d(a/b)/db = -a/b^2 = -(g/b) * a / b
   g1:copy(gradOutput):cdiv(input[2])
   g2:zero():addcdiv(-1, g1, input[2]):cmul(input[1])
   return self.gradInput
end

-- CMaxTable, CMinTable: the element-wise max (min) of the tensors of a table ---------------------
-- maxIdx records which input won each element (the first one on ties); gradOutput goes there.
local function extremeTable(name, better)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init()
      parent.__init(self)
      self.gradInput = {}
      self.maxIdx = torch.Tensor()
      self.mask = torch.Tensor()
      self.maxVals = torch.Tensor()
      self.gradMaxVals = torch.Tensor()
   end
   function cls:updateOutput(input)
      self.output:resizeAs(input[1]):copy(input[1])
      self.maxIdx = self.maxIdx:typeAs(input[1])
      self.maxIdx:resizeAs(input[1]):fill(1)
      self.maskByteTensor = self.maskByteTensor or torch.ByteTensor()
      self.mask = self.mask:typeAs(input[1])
      for i = 2, #input do
         local mask = self.maskByteTensor
         self.mask[better](self.mask, input[i], self.output)
         mask:resize(self.mask:size()):copy(self.mask)
         self.maxIdx:maskedFill(mask, i)
         self.output:maskedCopy(mask, input[i]:maskedSelect(mask))
      end
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      local mask = self.maskByteTensor or torch.ByteTensor()
      self.maskByteTensor = mask
      for i = 1, #input do
         local g = self.gradInput[i]
         if not (torch.isTensor(g) and g:type() == input[i]:type()) then g = input[i].new(); self.gradInput[i] = g end
         g:resizeAs(input[i]):zero()
         self.mask:eq(self.maxIdx, i)
         mask:resize(self.mask:size()):copy(self.mask)
         g:maskedCopy(mask, gradOutput:maskedSelect(mask))
      end
      for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
      return self.gradInput
   end
   function cls:clearState()
      nn.utils.clear(self, 'maskByteTensor')
      return parent.clearState(self)
   end
   function cls:type(t, cache)
      self.maskByteTensor = nil
      return parent.type(self, t, cache)
   end
end
extremeTable('CMaxTable', 'gt')
extremeTable('CMinTable', 'lt')

-- CAddTensorTable: {v, {x1, x2, ...}} -> {x1 + v, x2 + v, ...} ------------------------------------
local CAddTensorTable, parentCAT = torch.class('nn.CAddTensorTable', 'nn.Module')
function CAddTensorTable:__init()
   parentCAT.__init(self)
   self.gradInput = {}
end
function CAddTensorTable:updateOutput(input)
   local v, xs = input[1], input[2]
   local out = {}
   for i = 1, #xs do out[i] = v.new():resizeAs(v):copy(xs[i]):add(v) end
   self.output = out
   return out
end
function CAddTensorTable:updateGradInput(input, gradOutput)
   local v, xs = input[1], input[2]
   local gv = torch.isTensor(self.gradInput[1]) and self.gradInput[1] or v.new()
   gv = gv:typeAs(v)
   gv:resizeAs(v):copy(gradOutput[1])
   for i = 2, #xs do gv:add(gradOutput[i]) end
   local gx = type(self.gradInput[2]) == 'table' and self.gradInput[2] or {}
   for i = 1, #xs do
      gx[i] = (torch.isTensor(gx[i]) and gx[i]:type() == v:type()) and gx[i] or v.new()
      gx[i]:resizeAs(v):copy(gradOutput[i])
   end
   for i = #xs + 1, #gx do gx[i] = nil end
   self.gradInput[1], self.gradInput[2] = gv, gx
   return self.gradInput
end

-- NarrowTable(offset [, length]): the sub-table input[offset .. offset + length - 1] ------------
local NarrowTable, parentNT = torch.class('nn.NarrowTable', 'nn.Module')
function NarrowTable:__init(offset, length)
   parentNT.__init(self)
   if not offset then error('nn.NarrowTable(offset, length)', 2) end
   self.offset = offset
   self.length = length or 1
   self.output = {}
   self.gradInput = {}
end
function NarrowTable:updateOutput(input)
   if self.offset < 1 or self.offset + self.length - 1 > #input then
      error(string.format('NarrowTable: entries %d to %d asked of a table of %d', self.offset,
         self.offset + self.length - 1, #input), 2)
   end
   for k in pairs(self.output) do self.output[k] = nil end
   for i = 1, self.length do self.output[i] = input[self.offset + i - 1] end
   return self.output
end
function NarrowTable:updateGradInput(input, gradOutput)
   for i = 1, #input do
      if i >= self.offset and i < self.offset + self.length then
         self.gradInput[i] = gradOutput[i - self.offset + 1]
      else
         self.gradInput[i] = nn.utils.zeroCopy(self.gradInput[i], input[i])
      end
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end
function NarrowTable:type(t, cache)
   self.output, self.gradInput = {}, {}
   return parentNT.type(self, t, cache)
end
function NarrowTable:clearState()
   self.output, self.gradInput = {}, {}
   return self
end

-- FlattenTable: a nested table of tensors -> a flat table of them, in depth-first order ---------
-- input_map has the input's shape and holds each tensor's index in the output; the output is
-- rebuilt only when the input's shape or tensors changed.
local FlattenTable, parentFT = torch.class('nn.FlattenTable', 'nn.Module')
function FlattenTable:__init()
   parentFT.__init(self)
   self.output = {}
   self.input_map = {}
   self.gradInput = {}
end
local function flattenInto(out, x)
   if type(x) ~= 'table' then
      out[#out + 1] = x
      return #out
   end
   local map = {}
   for i = 1, #x do map[i] = flattenInto(out, x[i]) end
   return map
end
local function sameShape(flat, x, map)
   if map == nil or flat == nil or x == nil then return false end
   if type(x) == 'table' then
      if type(map) ~= 'table' or #x ~= #map then return false end
      for i = 1, #x do
         if not sameShape(flat, x[i], map[i]) then return false end
      end
      return true
   end
   return type(map) == 'number' and flat[map] == x
end
local function unflatten(flat, map)
   if type(map) == 'number' then return flat[map] end
   local t = {}
   for i = 1, #map do t[i] = unflatten(flat, map[i]) end
   return t
end
function FlattenTable:updateOutput(input)
   assert(type(input) == 'table', 'input must be a table')
   if not sameShape(self.output, input, self.input_map) then
      self.output = {}
      self.input_map = flattenInto(self.output, input)
   end
   return self.output
end
function FlattenTable:updateGradInput(input, gradOutput)
   assert(type(input) == 'table', 'input must be a table')
   assert(type(gradOutput) == 'table', 'gradOutput must be a table')
   if not sameShape(gradOutput, self.gradInput, self.input_map) then
      self.gradInput = unflatten(gradOutput, self.input_map)
   end
   return self.gradInput
end
-- it holds references only: nothing to convert
function FlattenTable:type(t, cache)
   self:clearState()
   return self
end
function FlattenTable:clearState()
   self.input_map = {}
   return parentFT.clearState(self)
end

-- ZipTable: {{a1, a2}, {b1, b2}} -> {{a1, b1}, {a2, b2}} --------------------------------------
local function zip(tables)
   local out = {}
   for i, t in ipairs(tables) do
      for j, x in ipairs(t) do
         out[j] = out[j] or {}
         out[j][i] = x
      end
   end
   return out
end
local ZipTable, parentZ = torch.class('nn.ZipTable', 'nn.Module')
function ZipTable:__init()
   parentZ.__init(self)
   self.output = {}
   self.gradInput = {}
end
function ZipTable:updateOutput(input) self.output = zip(input); return self.output end
function ZipTable:updateGradInput(input, gradOutput) self.gradInput = zip(gradOutput); return self.gradInput end

-- ZipTableOneToMany: {v, {a, b, c}} -> {{v, a}, {v, b}, {v, c}} ---------------------------------
local ZipOne, parentZO = torch.class('nn.ZipTableOneToMany', 'nn.Module')
function ZipOne:__init()
   parentZO.__init(self)
   self.output = {}
   self.gradInput = {}
   self.gradInputEl = torch.Tensor()
end
function ZipOne:updateOutput(input)
   assert(#input == 2, 'input must be table of element and table')
   self.output = {}
   for i, x in ipairs(input[2]) do self.output[i] = {input[1], x} end
   return self.output
end
function ZipOne:updateGradInput(input, gradOutput)
   assert(#input == 2, 'input must be table of element and table')
   self.gradInputEl = self.gradInputEl:typeAs(input[1])
   self.gradInputEl:resizeAs(input[1]):zero()
   local rest = {}
   for i, g in ipairs(gradOutput) do
      self.gradInputEl:add(g[1])
      rest[i] = g[2]
   end
   self.gradInput = {self.gradInputEl, rest}
   return self.gradInput
end

-- MixtureTable([dim]): {gater, experts} -> sum_i gater[i] * expert_i -----------------------------
-- gater is [n] or [batch x n]; experts is a table of n tensors, or one tensor whose dimension
-- `dim` (default 1 without a batch, 2 with one) indexes the experts.
local MixtureTable, parentMT = torch.class('nn.MixtureTable', 'nn.Module')
function MixtureTable:__init(dim)
   parentMT.__init(self)
   self.dim = dim
   self.size = torch.LongStorage()
   self.batchSize = 0
   self.size2 = torch.LongStorage()
   self.backwardSetup = false
   self.gradInput = {}
end
-- the gater viewed with its expert index at `dim` and size 1 elsewhere (batch first when batched)
local function gaterView(self, gater, nd)
   local sizes = {}
   for d = 1, nd do sizes[d] = 1 end
   if self.dimG > 1 then sizes[1] = gater:size(1) end
   sizes[self.dim] = gater:size(self.dimG)
   self.size = torch.LongStorage(sizes)
   return gater:contiguous():view(self.size)
end
function MixtureTable:updateOutput(input)
   local gater, experts = input[1], input[2]
   self.dimG = gater:dim() < 2 and 1 or 2
   self.dim = self.dim or self.dimG
   self.batchSize = self.dimG > 1 and gater:size(1) or 1
   if self.table or type(experts) == 'table' then
      self.table = true
      if gater:size(self.dimG) ~= #experts then error('Should be one gater output per expert', 2) end
      local gv = gaterView(self, gater, experts[1]:dim() + 1)
      self.output:resizeAs(experts[1]):zero()
      for i, e in ipairs(experts) do self.output:addcmul(e, gv:select(self.dim, i):expandAs(e)) end
   else
      if gater:size(self.dimG) ~= experts:size(self.dim) then error('Should be one gater output per expert', 2) end
      local gv = gaterView(self, gater, experts:dim())
      local weighted = torch.cmul(gv:expandAs(experts), experts)
      local s = weighted:sum(self.dim)
      self.output:resizeAs(experts:select(self.dim, 1)):copy(s:viewAs(self.output))
   end
   return self.output
end
function MixtureTable:updateGradInput(input, gradOutput)
   local gater, experts = input[1], input[2]
   local gv = self.table and gaterView(self, gater, experts[1]:dim() + 1) or gaterView(self, gater, experts:dim())
   local gGater = torch.isTensor(self.gradInput[1]) and self.gradInput[1]:typeAs(gater) or gater.new()
   gGater:resizeAs(gater)
   if self.table then
      local gExperts = type(self.gradInput[2]) == 'table' and self.gradInput[2] or {}
      for i, e in ipairs(experts) do
         -- the gate's gradient: <gradOutput, expert_i> over each sample
         local prod = torch.cmul(gradOutput, e)
         if self.dimG == 1 then
            gGater[i] = prod:sum()
         else
            gGater:select(2, i):copy(prod:contiguous():view(gradOutput:size(1), -1):sum(2))
         end
         local ge = (torch.isTensor(gExperts[i]) and gExperts[i]:type() == e:type()) and gExperts[i] or e.new()
         gExperts[i] = ge:resizeAs(e):cmul(gv:select(self.dim, i):expandAs(e), gradOutput)
      end
      for i = #experts + 1, #gExperts do gExperts[i] = nil end
      self.gradInput = {gGater, gExperts}
   else
      local sizes = experts:size()
      sizes[self.dim] = 1
      self.size2 = sizes
      local gO = gradOutput:contiguous():view(sizes):expandAs(experts)
      local prod = torch.cmul(gO, experts):transpose(self.dim, self.dimG):contiguous()
      local flat = self.dimG == 1 and prod:view(gater:size(1), -1) or prod:view(gater:size(1), gater:size(2), -1)
      gGater:copy(flat:sum(self.dimG + 1):viewAs(gater))
      local gExperts = torch.isTensor(self.gradInput[2]) and self.gradInput[2]:typeAs(experts) or experts.new()
      gExperts:resizeAs(experts):cmul(gv:expandAs(experts), gO)
      self.gradInput = {gGater, gExperts}
   end
   return self.gradInput
end
function MixtureTable:clearState()
   self.gradInput = {}
   return parentMT.clearState(self)
end
