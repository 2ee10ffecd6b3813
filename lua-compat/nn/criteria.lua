-- nn.Criterion and the criteria (THNN kernels where they exist).
local THNN = require 'nn.THNN'
local K = THNN.for_

local Criterion = torch.class('nn.Criterion')
function Criterion:__init()
   self.gradInput = torch.Tensor()
   self.output = 0
end
function Criterion:updateOutput(input, target) end
function Criterion:forward(input, target) return self:updateOutput(input, target) end
function Criterion:backward(input, target) return self:updateGradInput(input, target) end
function Criterion:updateGradInput(input, target) end
function Criterion:clone()
   if torch.MemoryFile then
      local f = torch.MemoryFile('rw'):binary()
      f:writeObject(self)
      f:seek(1)
      local c = f:readObject()
      f:close()
      return c
   end
   return nn.utils.deepCopy(self)
end
function Criterion:type(typename, tensorCache)
   tensorCache = tensorCache or {}
   for k, v in pairs(self) do self[k] = nn.utils.recursiveType(v, typename, tensorCache) end
   return self
end
function Criterion:float() return self:type('torch.FloatTensor') end
function Criterion:double() return self:type('torch.DoubleTensor') end
function Criterion:__call__(input, target)
   self.output = self:forward(input, target)
   self.gradInput = self:backward(input, target)
   return self.output, self.gradInput
end

local function scalarBuffer(self, input)
   local T = nn.utils.tensorClass(input:type())
   if not self.output_tensor or self.output_tensor:type() ~= input:type() then self.output_tensor = T(1) end
   return self.output_tensor
end

local function value(t) return t:storage()[t:storageOffset()] end

-- criteria of the form kernel(input, target, output|gradInput, sizeAverage, extra...)
local function simple(name, init, extra)
   local cls, parent = torch.class('nn.' .. name, 'nn.Criterion')
   function cls:__init(...)
      parent.__init(self)
      self.sizeAverage = true
      if init then init(self, ...) end
   end
   function cls:updateOutput(input, target)
      local out = scalarBuffer(self, input)
      K(input)[name .. '_updateOutput'](input, target, out, self.sizeAverage, extra and extra(self))
      self.output = value(out)
      return self.output
   end
   function cls:updateGradInput(input, target)
      K(input)[name .. '_updateGradInput'](input, target, self.gradInput, self.sizeAverage, extra and extra(self))
      return self.gradInput
   end
   return cls
end

local function sizeAverageArg(self, sizeAverage) if sizeAverage ~= nil then self.sizeAverage = sizeAverage end end

simple('MSECriterion', sizeAverageArg)
simple('AbsCriterion', sizeAverageArg)
simple('SmoothL1Criterion', sizeAverageArg)
simple('DistKLDivCriterion', sizeAverageArg)
simple('SoftMarginCriterion', sizeAverageArg)
simple('MarginCriterion', function(self, margin) self.margin = margin or 1 end, function(self) return self.margin end)

-- Index targets: numbers or any tensor are turned into a LongTensor.
local function longTarget(self, target)
   if type(target) == 'number' then
      self._target = self._target or torch.LongTensor(1)
      self._target:resize(1)
      self._target[1] = target
      return self._target
   elseif torch.type(target) ~= 'torch.LongTensor' then
      self._target = self._target or torch.LongTensor()
      self._target:resize(target:size()):copy(target)
      return self._target
   end
   return target
end

local function keepLongs(cls, ...)
   local names = {...}
   function cls:type(t, cache)
      local saved = {}
      for _, n in ipairs(names) do saved[n], self[n] = self[n], nil end
      nn.Criterion.type(self, t, cache)
      for _, n in ipairs(names) do self[n] = saved[n] end
      return self
   end
end

local ClassNLL, parentC = torch.class('nn.ClassNLLCriterion', 'nn.Criterion')
function ClassNLL:__init(weights, sizeAverage, ignoreIndex)
   parentC.__init(self)
   self.sizeAverage = sizeAverage == nil and true or sizeAverage
   self.ignoreIndex = ignoreIndex or -100
   if weights then assert(weights:dim() == 1, 'weights input should be 1-D Tensor') end
   self.weights = weights
   self.total_weight_tensor = torch.ones(1)
end
function ClassNLL:updateOutput(input, target)
   target = longTarget(self, target)
   local out = scalarBuffer(self, input)
   if self.total_weight_tensor:type() ~= input:type() then self.total_weight_tensor = nn.utils.tensorClass(input:type())(1) end
   K(input).ClassNLLCriterion_updateOutput(input, target, out, self.sizeAverage, THNN.optionalTensor(self.weights),
      self.total_weight_tensor, self.ignoreIndex or -100)
   self.output = value(out)
   return self.output
end
function ClassNLL:updateGradInput(input, target)
   target = longTarget(self, target)
   self.gradInput:resizeAs(input):zero()
   K(input).ClassNLLCriterion_updateGradInput(input, target, self.gradInput, self.sizeAverage,
      THNN.optionalTensor(self.weights), self.total_weight_tensor, self.ignoreIndex or -100)
   return self.gradInput
end
keepLongs(ClassNLL, '_target')

local CrossEntropy, parentCE = torch.class('nn.CrossEntropyCriterion', 'nn.Criterion')
function CrossEntropy:__init(weights, sizeAverage)
   parentCE.__init(self)
   self.lsm = nn.LogSoftMax()
   self.nll = nn.ClassNLLCriterion(weights, sizeAverage)
   self.sizeAverage = self.nll.sizeAverage
   self.oldSizeAverage = self.sizeAverage
end
-- self.sizeAverage reaches the inner ClassNLLCriterion only when it was changed since the last
-- call, so that scripts which set nll.sizeAverage directly keep working (torch/nn's rule).
local function syncSizeAverage(self)
   if self.sizeAverage ~= self.oldSizeAverage then self.nll.sizeAverage = self.sizeAverage end
   self.oldSizeAverage = self.sizeAverage
end
local function squeezeTarget(target) return type(target) == 'number' and target or target:squeeze() end
function CrossEntropy:updateOutput(input, target)
   syncSizeAverage(self)
   self.lsm:updateOutput(input:squeeze())
   self.output = self.nll:updateOutput(self.lsm.output, squeezeTarget(target))
   return self.output
end
function CrossEntropy:updateGradInput(input, target)
   syncSizeAverage(self)
   self.nll:updateGradInput(self.lsm.output, squeezeTarget(target))
   self.lsm:updateGradInput(input:squeeze(), self.nll.gradInput)
   self.gradInput = self.gradInput:typeAs(self.lsm.gradInput)
   self.gradInput:view(self.lsm.gradInput, input:size())
   return self.gradInput
end

local BCE, parentB = torch.class('nn.BCECriterion', 'nn.Criterion')
function BCE:__init(weights, sizeAverage)
   parentB.__init(self)
   self.sizeAverage = sizeAverage == nil and true or sizeAverage
   if weights then assert(weights:dim() == 1, 'weights input should be 1-D Tensor') end
   self.weights = weights
end
function BCE:__len() return self.weights and #self.weights or 0 end
-- With a batch, one weight per column: the weights are broadcast over the rows.
local function bceWeights(self, input, target)
   assert(input:nElement() == target:nElement(), 'input and target size mismatch')
   local w = self.weights
   if w ~= nil and target:dim() ~= 1 then w = w:view(1, target:size(2)):expandAs(target) end
   return THNN.optionalTensor(w)
end
function BCE:updateOutput(input, target)
   local out = scalarBuffer(self, input)
   K(input).BCECriterion_updateOutput(input, target, out, self.sizeAverage, bceWeights(self, input, target))
   self.output = value(out)
   return self.output
end
function BCE:updateGradInput(input, target)
   K(input).BCECriterion_updateGradInput(input, target, self.gradInput, self.sizeAverage, bceWeights(self, input, target))
   return self.gradInput
end

local MultiMargin, parentMM = torch.class('nn.MultiMarginCriterion', 'nn.Criterion')
function MultiMargin:__init(p, weights, margin)
   parentMM.__init(self)
   self.p = p or 1
   assert(self.p == 1 or self.p == 2, 'only p=1 and p=2 supported')
   self.margin = margin or 1
   self.sizeAverage = true
   self.weights = weights
end
function MultiMargin:updateOutput(input, target)
   target = longTarget(self, target)
   local out = scalarBuffer(self, input)
   K(input).MultiMarginCriterion_updateOutput(input, target, out, self.sizeAverage, self.p,
      THNN.optionalTensor(self.weights), self.margin)
   self.output = value(out)
   return self.output
end
function MultiMargin:updateGradInput(input, target)
   target = longTarget(self, target)
   K(input).MultiMarginCriterion_updateGradInput(input, target, self.gradInput, self.sizeAverage, self.p,
      THNN.optionalTensor(self.weights), self.margin)
   return self.gradInput
end
keepLongs(MultiMargin, '_target')

local MultiLabelMargin, parentML = torch.class('nn.MultiLabelMarginCriterion', 'nn.Criterion')
function MultiLabelMargin:__init()
   parentML.__init(self)
   self.sizeAverage = true
   self.isTarget = torch.Tensor()
end
function MultiLabelMargin:updateOutput(input, target)
   target = longTarget(self, target)
   local out = scalarBuffer(self, input)
   K(input).MultiLabelMarginCriterion_updateOutput(input, target, out, self.isTarget, self.sizeAverage)
   self.output = value(out)
   return self.output
end
function MultiLabelMargin:updateGradInput(input, target)
   target = longTarget(self, target)
   K(input).MultiLabelMarginCriterion_updateGradInput(input, target, self.gradInput, self.isTarget, self.sizeAverage)
   return self.gradInput
end
keepLongs(MultiLabelMargin, '_target')

local L1Cost, parentL1 = torch.class('nn.L1Cost', 'nn.Criterion')
function L1Cost:updateOutput(input)
   local out = scalarBuffer(self, input)
   K(input).L1Cost_updateOutput(input, out)
   self.output = value(out)
   return self.output
end
function L1Cost:updateGradInput(input)
   K(input).L1Cost_updateGradInput(input, nil, self.gradInput)
   return self.gradInput
end
