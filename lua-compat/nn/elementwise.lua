-- Elementwise layers written in Lua over tensor math: learnable scales and biases (Add, Mul, CMul,
-- CAdd), maps (Power, Clamp, SoftSign, SoftMin, CReLU), gradient tricks (GradientReversal,
-- ZeroGrad) and Constant. Field names follow torch/nn's, so saved models load both ways.
local THNN = require 'nn.THNN'
local K = THNN.for_

local emptyLike, buffer = nn.utils.emptyLike, nn.utils.buffer
local uniformReset = nn.utils.uniformReset

-- sizes given as numbers or as one LongStorage, kept as a LongStorage (torch/nn's `size` field)
local function sizeStorage(...)
   local args = {...}
   if #args == 1 and torch.type(args[1]) == 'torch.LongStorage' then
      local s = torch.LongStorage(#args[1])
      s:copy(args[1])
      return s
   end
   local s = torch.LongStorage(#args)
   for i, v in ipairs(args) do s[i] = v end
   return s
end

-- Add(inputSize [, scalar]): output = input + bias; a scalar bias when `scalar` is true ---------
local Add, parentAdd = torch.class('nn.Add', 'nn.Module')
function Add:__init(inputSize, scalar)
   parentAdd.__init(self)
   local n = scalar and 1 or inputSize
   self.scalar = scalar
   self.bias = torch.Tensor(n)
   self.gradBias = torch.Tensor(n)
   self._ones = torch.Tensor{1}
   self:reset()
end
function Add:reset(stdv) uniformReset(self.bias, stdv, self.bias:size(1)) end
function Add:updateOutput(input)
   self.output:resizeAs(input):copy(input)
   if self.scalar then
      self.output:add(self.bias[1])
   elseif input:isSameSizeAs(self.bias) then
      self.output:add(self.bias)
   else
      -- a batch: the bias is added to every row
      local b = input:size(1)
      local bias = self.bias:view(1, -1)
      local out = self.output:view(b, -1)
      out:add(bias:expand(b, bias:size(2)))
   end
   return self.output
end
function Add:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(gradOutput):copy(gradOutput)
   return self.gradInput
end
function Add:accGradParameters(input, gradOutput, scale)
   scale = scale or 1
   if self.gradBias:size(1) == 1 then
      self.gradBias[1] = self.gradBias[1] + scale * gradOutput:sum()
   elseif input:isSameSizeAs(self.bias) then
      self.gradBias:add(scale, gradOutput)
   else
      local g = gradOutput:contiguous():view(input:size(1), -1)
      self.gradBias:view(1, -1):add(scale, g:sum(1))
   end
end

-- Mul(): output = w * input with one learnable scalar w ------------------------------------------
local Mul, parentMul = torch.class('nn.Mul', 'nn.Module')
function Mul:__init()
   parentMul.__init(self)
   self.weight = torch.Tensor(1)
   self.gradWeight = torch.Tensor(1)
   self:reset()
end
function Mul:reset(stdv) uniformReset(self.weight, stdv, self.weight:size(1)) end
function Mul:updateOutput(input)
   self.output:resizeAs(input):copy(input):mul(self.weight[1])
   return self.output
end
function Mul:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(input):copy(gradOutput):mul(self.weight[1])
   return self.gradInput
end
function Mul:accGradParameters(input, gradOutput, scale)
   scale = scale or 1
   self.gradWeight[1] = self.gradWeight[1] + scale * input:contiguous():dot(gradOutput:contiguous())
end

-- CMul(sizes) and CAdd(sizes): a learnable tensor multiplied or added componentwise ------------
-- The parameter p (weight or bias) meets the input in one of three ways: the same number of
-- elements (elementwise), the same number of dimensions (p is broadcast where its size is 1), or
-- one dimension fewer than a batch (p is broadcast over the rows). `broadcast` returns a view of x
-- and a view of p expanded to it.
local function broadcast(p, x, input)
   if p:nElement() == x:nElement() then
      return x:view(-1), p:contiguous():view(-1)
   elseif p:dim() == input:dim() then
      return x, p:expandAs(x)
   end
   local xv = x:view(input:size(1), -1)
   return xv, p:contiguous():view(1, -1):expandAs(xv)
end

-- The gradient of p: sum of `prod` (same shape as input) over the broadcast dimensions.
local function reduceTo(p, prod, input)
   if p:nElement() == prod:nElement() then return prod:view(p:size()) end
   if p:dim() == input:dim() then
      local r = prod
      for d = 1, p:dim() do
         if p:size(d) ~= input:size(d) then r = r:sum(d) end
      end
      return r
   end
   return prod:view(input:size(1), -1):sum(1):view(p:size())
end

local function elementwiseParam(name, field, gradField, combine)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init(...)
      parent.__init(self)
      self.size = sizeStorage(...)
      self[field] = torch.Tensor(self.size)
      self[gradField] = torch.Tensor(self.size)
      self.output:resize(self.size)
      self:reset()
   end
   function cls:reset(stdv) uniformReset(self[field], stdv, self[field]:nElement()) end
   function cls:updateOutput(input)
      self.output:resizeAs(input):copy(input)
      local out, p = broadcast(self[field], self.output, input)
      combine(out, p)
      return self.output
   end
   function cls:type(t, cache)
      if t then self:clearState() end
      return parent.type(self, t, cache)
   end
   function cls:clearState()
      nn.utils.clear(self, '_repeat')
      return parent.clearState(self)
   end
   return cls
end

local CMul = elementwiseParam('CMul', 'weight', 'gradWeight', function(out, w) out:cmul(w) end)
function CMul:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(input):copy(gradOutput)
   local g, w = broadcast(self.weight, self.gradInput, input)
   g:cmul(w)
   return self.gradInput
end
function CMul:accGradParameters(input, gradOutput, scale)
   local prod = buffer(self, '_repeat', input)
   prod:resizeAs(input):copy(input):cmul(gradOutput:contiguous():viewAs(prod))
   self.gradWeight:add(scale or 1, reduceTo(self.weight, prod, input))
end

local CAdd = elementwiseParam('CAdd', 'bias', 'gradBias', function(out, b) out:add(b) end)
function CAdd:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(gradOutput):copy(gradOutput)
   return self.gradInput
end
function CAdd:accGradParameters(input, gradOutput, scale)
   local g = buffer(self, '_repeat', gradOutput)
   g:resizeAs(gradOutput):copy(gradOutput)
   self.gradBias:add(scale or 1, reduceTo(self.bias, g, input))
end

-- Power(p): output = input ^ p ---------------------------------------------------------------------
local Power, parentPow = torch.class('nn.Power', 'nn.Module')
function Power:__init(p)
   parentPow.__init(self)
   if not p then error('nn.Power(power)') end
   self.pow = p
end
function Power:updateOutput(input)
   self.output:resizeAs(input):copy(input):pow(self.pow)
   return self.output
end
function Power:updateGradInput(input, gradOutput)
   -- d/dx x^p = p x^(p-1)
   self.gradInput:resizeAs(input):copy(input):pow(self.pow - 1):cmul(gradOutput):mul(self.pow)
   return self.gradInput
end

-- Clamp(min, max): HardTanh with the given bounds --------------------------------------------------
local Clamp = torch.class('nn.Clamp', 'nn.HardTanh')
function Clamp:__init(minValue, maxValue) nn.HardTanh.__init(self, minValue, maxValue) end

-- SoftSign: x / (1 + |x|) -------------------------------------------------------------------------
local SoftSign, parentSS = torch.class('nn.SoftSign', 'nn.Module')
function SoftSign:updateOutput(input)
   local denom = buffer(self, 'temp', input)
   denom:resizeAs(input):copy(input):abs():add(1)
   self.output:resizeAs(input):copy(input):cdiv(denom)
   return self.output
end
function SoftSign:updateGradInput(input, gradOutput)
   -- d/dx = 1 / (1 + |x|)^2
   local denom = buffer(self, 'tempgrad', input)
   denom:resizeAs(input):copy(input):abs():add(1)
   denom:cmul(denom)
   self.gradInput:resizeAs(input):copy(gradOutput):cdiv(denom)
   return self.gradInput
end
function SoftSign:clearState()
   nn.utils.clear(self, 'temp', 'tempgrad')
   return parentSS.clearState(self)
end

-- SoftMin: SoftMax of -input ------------------------------------------------------------------------
local SoftMin, parentSM = torch.class('nn.SoftMin', 'nn.Module')
local function negated(self, input)
   local m = buffer(self, 'mininput', input)
   m:resizeAs(input):copy(input):mul(-1)
   return m
end
function SoftMin:updateOutput(input)
   K(input).SoftMax_updateOutput(negated(self, input), self.output)
   return self.output
end
function SoftMin:updateGradInput(input, gradOutput)
   K(input).SoftMax_updateGradInput(negated(self, input), gradOutput, self.gradInput, self.output)
   self.gradInput:mul(-1)
   return self.gradInput
end
function SoftMin:clearState()
   nn.utils.clear(self, 'mininput')
   return parentSM.clearState(self)
end

-- CReLU(nInputDims [, inplace]): the ReLU of [x, -x], joined along the feature dimension ----------
local CReLU, parentCR = torch.class('nn.CReLU', 'nn.Sequential')
function CReLU:__init(nInputDims, inplace)
   parentCR.__init(self)
   self.nInputDims = nInputDims
   self.inplace = inplace or false
   local both = nn.ConcatTable()
   both:add(nn.Identity())
   both:add(nn.MulConstant(-1))
   self:add(both)
   self:add(nn.JoinTable(2))
   self:add(nn.ReLU(self.inplace))
end
-- the input as rows: (batch, features) or (1, features)
local function rows(self, t, input)
   if input:dim() == self.nInputDims + 1 then return t:contiguous():view(input:size(1), -1) end
   return t:contiguous():view(1, -1)
end
function CReLU:updateOutput(input)
   parentCR.updateOutput(self, rows(self, input, input))
   local sizes = input:size()
   local d = input:dim() == self.nInputDims + 1 and 2 or 1
   sizes[d] = sizes[d] * 2
   self.output:resize(sizes)
   return self.output
end
function CReLU:updateGradInput(input, gradOutput)
   parentCR.updateGradInput(self, rows(self, input, input), rows(self, gradOutput, input))
   self.gradInput:resizeAs(input)
   return self.gradInput
end
function CReLU:backward(input, gradOutput) return self:updateGradInput(input, gradOutput) end
function CReLU:accGradParameters() end
function CReLU:__tostring__() return 'CReLU()' end

-- GradientReversal([lambda]): identity forward, -lambda * gradOutput backward -------------------
local GR, parentGR = torch.class('nn.GradientReversal', 'nn.Module')
GR.__version = 2
function GR:__init(lambda)
   parentGR.__init(self)
   self.lambda = lambda or 1
end
function GR:setLambda(lambda) self.lambda = lambda end
function GR:updateOutput(input)
   self.output:set(input)
   return self.output
end
function GR:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(gradOutput):copy(gradOutput):mul(-self.lambda)
   return self.gradInput
end
function GR:read(file, version)
   parentGR.read(self, file)
   if (version or 0) < 2 then self.lambda = 1 end -- files from before lambda existed
end

-- ZeroGrad: identity forward, zero gradient (tensors or nested tables) ---------------------------
local ZeroGrad = torch.class('nn.ZeroGrad', 'nn.Module')
function ZeroGrad:updateOutput(input)
   self.output:set(input)
   return self.output
end
function ZeroGrad:updateGradInput(input, gradOutput)
   self.gradInput = nn.utils.recursiveResizeAs(self.gradInput, input)
   self.gradInput = nn.utils.recursiveFill(self.gradInput, 0)
   return self.gradInput
end

-- Constant(value [, nInputDim]): outputs `value` (a number or tensor), repeated over the batch
-- when the input has more than nInputDim dimensions ------------------------------------------------
local Constant, parentC = torch.class('nn.Constant', 'nn.Module')
function Constant:__init(value, nInputDim)
   if type(value) == 'number' then value = torch.Tensor{value} end
   assert(torch.isTensor(value), 'Expecting number or tensor at arg 1')
   self.value = value
   self.nInputDim = nInputDim
   parentC.__init(self)
end
function Constant:updateOutput(input)
   local v = self.value
   if self.nInputDim and input:dim() > self.nInputDim then
      local sizes = {input:size(1)}
      local one = {1}
      for d = 1, v:dim() do sizes[d + 1] = v:size(d); one[d + 1] = v:size(d) end
      self.output:resize(torch.LongStorage(sizes))
      self.output:copy(v:contiguous():view(torch.LongStorage(one)):expandAs(self.output))
   else
      self.output:resize(v:size()):copy(v)
   end
   return self.output
end
function Constant:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(input):zero()
   return self.gradInput
end
