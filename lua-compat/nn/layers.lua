-- Layers computed by THNN kernels.
local THNN = require 'nn.THNN'
local K = THNN.for_

local new, uniformInit = nn.utils.emptyLike, nn.utils.uniformInit

-- Pointwise activations ------------------------------------------------------------------------
-- define(name, fwd(self, k, input), bwd(self, k, input, gradOutput), init(self, ...), tostring)
local function pointwise(name, init, fwd, bwd, str)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init(...)
      parent.__init(self)
      if init then init(self, ...) end
   end
   function cls:updateOutput(input)
      fwd(self, K(input), input)
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      bwd(self, K(input), input, gradOutput)
      return self.gradInput
   end
   if str then cls.__tostring__ = str end
   return cls
end

pointwise('Tanh', nil,
   function(self, k, x) k.Tanh_updateOutput(x, self.output) end,
   function(self, k, x, g) k.Tanh_updateGradInput(x, g, self.gradInput, self.output) end)
pointwise('Sigmoid', nil,
   function(self, k, x) k.Sigmoid_updateOutput(x, self.output) end,
   function(self, k, x, g) k.Sigmoid_updateGradInput(x, g, self.gradInput, self.output) end)
pointwise('SoftMax', nil,
   function(self, k, x) k.SoftMax_updateOutput(x, self.output) end,
   function(self, k, x, g) k.SoftMax_updateGradInput(x, g, self.gradInput, self.output) end)
pointwise('LogSoftMax', nil,
   function(self, k, x) k.LogSoftMax_updateOutput(x, self.output) end,
   function(self, k, x, g) k.LogSoftMax_updateGradInput(x, g, self.gradInput, self.output) end)
pointwise('Abs', nil,
   function(self, k, x) k.Abs_updateOutput(x, self.output) end,
   function(self, k, x, g) k.Abs_updateGradInput(x, g, self.gradInput) end)
pointwise('Square', nil,
   function(self, k, x) k.Square_updateOutput(x, self.output) end,
   function(self, k, x, g) k.Square_updateGradInput(x, g, self.gradInput) end)
pointwise('Sqrt', function(self, eps) self.eps = eps or 0 end,
   function(self, k, x) k.Sqrt_updateOutput(x, self.output, self.eps) end,
   function(self, k, x, g) k.Sqrt_updateGradInput(x, g, self.gradInput, self.output) end)
pointwise('SoftPlus', function(self, beta) self.beta = beta or 1; self.threshold = 20 end,
   function(self, k, x) k.SoftPlus_updateOutput(x, self.output, self.beta, self.threshold) end,
   function(self, k, x, g) k.SoftPlus_updateGradInput(x, g, self.gradInput, self.output, self.beta, self.threshold) end)
pointwise('LogSigmoid', nil,
   function(self, k, x) self.buffer = self.buffer or new(x); k.LogSigmoid_updateOutput(x, self.output, self.buffer) end,
   function(self, k, x, g) k.LogSigmoid_updateGradInput(x, g, self.gradInput, self.buffer) end)
pointwise('HardShrink', function(self, l) self.lambda = l or 0.5 end,
   function(self, k, x) k.HardShrink_updateOutput(x, self.output, self.lambda) end,
   function(self, k, x, g) k.HardShrink_updateGradInput(x, g, self.gradInput, self.lambda) end)
pointwise('SoftShrink', function(self, l) self.lambda = l or 0.5 end,
   function(self, k, x) k.SoftShrink_updateOutput(x, self.output, self.lambda) end,
   function(self, k, x, g) k.SoftShrink_updateGradInput(x, g, self.gradInput, self.lambda) end)

-- In-place activations write their output into the input (and gradInput into gradOutput).
local function inplaceTail(self, input)
   if self.inplace then self.output:set(input) end
end

local function inplaceGrad(self, gradOutput)
   if self.inplace then self.gradInput:set(gradOutput) end
end

pointwise('Threshold',
   function(self, th, v, ip)
      self.threshold = th or 1e-6
      self.val = v or 0
      self.inplace = ip or false
      if self.inplace and self.val > self.threshold then
         error('in-place processing requires value (' .. self.val .. ') not exceed threshold (' .. self.threshold .. ')')
      end
   end,
   function(self, k, x) k.Threshold_updateOutput(x, self.output, self.threshold, self.val, self.inplace); inplaceTail(self, x) end,
   function(self, k, x, g) k.Threshold_updateGradInput(x, g, self.gradInput, self.threshold, self.val, self.inplace); inplaceGrad(self, g) end,
   nil)

local ReLU = torch.class('nn.ReLU', 'nn.Threshold')
function ReLU:__init(ip) nn.Threshold.__init(self, 0, 0, ip) end
function ReLU:__tostring__() return torch.typename(self) end

pointwise('ELU', function(self, alpha, ip) self.alpha = alpha or 1; self.inplace = ip or false end,
   function(self, k, x) k.ELU_updateOutput(x, self.output, self.alpha, self.inplace); inplaceTail(self, x) end,
   function(self, k, x, g) k.ELU_updateGradInput(x, g, self.gradInput, self.output, self.alpha, self.inplace); inplaceGrad(self, g) end,
   function(self) return string.format('%s (alpha:%f)', torch.typename(self), self.alpha) end)

pointwise('LeakyReLU', function(self, negval, ip)
      if type(negval) == 'boolean' then negval, ip = nil, negval end
      self.negval = negval or 1 / 100
      self.inplace = ip or false
   end,
   function(self, k, x) k.LeakyReLU_updateOutput(x, self.output, self.negval, self.inplace); inplaceTail(self, x) end,
   function(self, k, x, g) k.LeakyReLU_updateGradInput(x, g, self.gradInput, self.negval, self.inplace); inplaceGrad(self, g) end,
   function(self) return string.format('%s(%g)', torch.typename(self), self.negval) end)

pointwise('HardTanh', function(self, lo, hi, ip)
      self.min_val = lo or -1
      self.max_val = hi or 1
      self.inplace = ip or false
      assert(self.max_val > self.min_val, 'max_val must be larger than min_val')
   end,
   function(self, k, x) k.HardTanh_updateOutput(x, self.output, self.min_val, self.max_val, self.inplace); inplaceTail(self, x) end,
   function(self, k, x, g) k.HardTanh_updateGradInput(x, g, self.gradInput, self.min_val, self.max_val, self.inplace); inplaceGrad(self, g) end)

local ReLU6 = torch.class('nn.ReLU6', 'nn.HardTanh')
function ReLU6:__init(ip) nn.HardTanh.__init(self, 0, 6, ip) end

pointwise('GatedLinearUnit', function(self, dim) self.dim = dim end,
   function(self, k, x) k.GatedLinear_updateOutput(x, self.output, self.dim or x:dim()) end,
   function(self, k, x, g) k.GatedLinear_updateGradInput(x, g, self.gradInput, self.dim or x:dim()) end)

local RReLU, _ = pointwise('RReLU', function(self, l, u, ip)
      self.lower = l or 1 / 8
      self.upper = u or 1 / 3
      self.inplace = ip or false
      self.noise = torch.Tensor()
   end,
   function(self, k, x)
      k.RReLU_updateOutput(x, self.output, self.noise, self.lower, self.upper, self.train, self.inplace, torch._gen)
      inplaceTail(self, x)
   end,
   function(self, k, x, g)
      k.RReLU_updateGradInput(x, g, self.gradInput, self.noise, self.lower, self.upper, self.train, self.inplace)
      inplaceGrad(self, g)
   end)

-- PReLU: one learnt slope (nOutputPlane 0) or one per plane -----------------------------------
local PReLU, parentP = torch.class('nn.PReLU', 'nn.Module')
function PReLU:__init(nOutputPlane)
   parentP.__init(self)
   self.nOutputPlane = nOutputPlane or 0
   self.weight = torch.Tensor(math.max(1, self.nOutputPlane)):fill(0.25)
   self.gradWeight = torch.Tensor(math.max(1, self.nOutputPlane)):zero()
end
function PReLU:updateOutput(x)
   K(x).PReLU_updateOutput(x, self.output, self.weight, self.nOutputPlane)
   return self.output
end
function PReLU:updateGradInput(x, g)
   K(x).PReLU_updateGradInput(x, g, self.gradInput, self.weight, self.nOutputPlane)
   return self.gradInput
end
function PReLU:accGradParameters(x, g, scale)
   self.gradWeightBuf = self.gradWeightBuf or new(x)
   self.gradWeightBuf2 = self.gradWeightBuf2 or new(x)
   K(x).PReLU_accGradParameters(x, g, self.gradInput, self.weight, self.gradWeight,
      self.gradWeightBuf, self.gradWeightBuf2, self.nOutputPlane, scale or 1)
end

-- Linear ----------------------------------------------------------------------------------------
local Linear, parentL = torch.class('nn.Linear', 'nn.Module')

function Linear:__init(inputSize, outputSize, bias)
   parentL.__init(self)
   self.weight = torch.Tensor(outputSize, inputSize)
   self.gradWeight = torch.Tensor(outputSize, inputSize)
   if bias ~= false then
      self.bias = torch.Tensor(outputSize)
      self.gradBias = torch.Tensor(outputSize)
   end
   self:reset()
end

function Linear:noBias()
   self.bias, self.gradBias = nil, nil
   return self
end

function Linear:reset(stdv) return uniformInit(self, stdv, self.weight:size(2)) end

function Linear:updateOutput(input)
   self.addBuffer = self.addBuffer or new(input)
   K(input).Linear_updateOutput(input, self.output, self.weight, self.bias, self.addBuffer)
   return self.output
end

function Linear:updateGradInput(input, gradOutput)
   K(input).Linear_updateGradInput(input, gradOutput, self.gradInput, self.weight)
   return self.gradInput
end

function Linear:accGradParameters(input, gradOutput, scale)
   self.addBuffer = self.addBuffer or new(input)
   K(input).Linear_accGradParameters(input, gradOutput, self.gradInput, self.weight, self.bias,
      self.gradWeight, self.gradBias, self.addBuffer, scale or 1)
end

function Linear:clearState()
   return nn.utils.clear(self, 'output', 'gradInput', 'addBuffer')
end

function Linear:__tostring__()
   return string.format('%s(%d -> %d)%s', torch.typename(self), self.weight:size(2), self.weight:size(1),
      self.bias == nil and ' without bias' or '')
end

-- Convolutions ----------------------------------------------------------------------------------

local function convBuffers(self, input)
   self.finput = self.finput or new(input)
   self.fgradInput = self.fgradInput or new(input)
end

local function convString(self, nIn, nOut)
   local s = string.format('%s(%d -> %d, %dx%d', torch.typename(self), nIn, nOut, self.kW, self.kH)
   if self.dW ~= 1 or self.dH ~= 1 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d', self.dW, self.dH)
   end
   if self.padW ~= 0 or self.padH ~= 0 then s = s .. string.format(', %d,%d', self.padW, self.padH) end
   if self.bias == nil then s = s .. ') without bias' else s = s .. ')' end
   return s
end

local function defineSpatialConv(name, weightShape)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init(nInputPlane, nOutputPlane, kW, kH, dW, dH, padW, padH)
      parent.__init(self)
      self.nInputPlane, self.nOutputPlane = nInputPlane, nOutputPlane
      self.kW, self.kH = kW, kH
      self.dW, self.dH = dW or 1, dH or 1
      self.padW = padW or 0
      self.padH = padH or self.padW
      local shape = weightShape(self)
      self.weight = torch.Tensor(unpack(shape))
      self.gradWeight = torch.Tensor(unpack(shape))
      self.bias = torch.Tensor(nOutputPlane)
      self.gradBias = torch.Tensor(nOutputPlane)
      self:reset()
   end
   function cls:noBias()
      self.bias, self.gradBias = nil, nil
      return self
   end
   function cls:reset(stdv) return uniformInit(self, stdv, self.kW * self.kH * self.nInputPlane) end
   function cls:updateOutput(input)
      convBuffers(self, input)
      K(input).SpatialConvolutionMM_updateOutput(input, self.output, self.weight, self.bias,
         self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH)
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      convBuffers(self, input)
      K(input).SpatialConvolutionMM_updateGradInput(input, gradOutput, self.gradInput, self.weight,
         self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH)
      return self.gradInput
   end
   function cls:accGradParameters(input, gradOutput, scale)
      convBuffers(self, input)
      K(input).SpatialConvolutionMM_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
         self.finput, self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, scale or 1)
   end
   function cls:clearState() return nn.utils.clear(self, 'output', 'gradInput', 'finput', 'fgradInput') end
   function cls:__tostring__() return convString(self, self.nInputPlane, self.nOutputPlane) end
   return cls
end

defineSpatialConv('SpatialConvolution', function(s) return {s.nOutputPlane, s.nInputPlane, s.kH, s.kW} end)
defineSpatialConv('SpatialConvolutionMM', function(s) return {s.nOutputPlane, s.nInputPlane * s.kH * s.kW} end)

local TemporalConvolution, parentT = torch.class('nn.TemporalConvolution', 'nn.Module')
function TemporalConvolution:__init(inputFrameSize, outputFrameSize, kW, dW)
   parentT.__init(self)
   self.inputFrameSize, self.outputFrameSize = inputFrameSize, outputFrameSize
   self.kW, self.dW = kW, dW or 1
   self.weight = torch.Tensor(outputFrameSize, inputFrameSize * kW)
   self.bias = torch.Tensor(outputFrameSize)
   self.gradWeight = torch.Tensor(outputFrameSize, inputFrameSize * kW)
   self.gradBias = torch.Tensor(outputFrameSize)
   self:reset()
end
function TemporalConvolution:reset(stdv) return uniformInit(self, stdv, self.kW * self.inputFrameSize) end
function TemporalConvolution:updateOutput(input)
   K(input).TemporalConvolution_updateOutput(input, self.output, self.weight, self.bias,
      self.kW, self.dW, self.inputFrameSize, self.outputFrameSize)
   return self.output
end
function TemporalConvolution:updateGradInput(input, gradOutput)
   K(input).TemporalConvolution_updateGradInput(input, gradOutput, self.gradInput, self.weight, self.kW, self.dW)
   return self.gradInput
end
function TemporalConvolution:accGradParameters(input, gradOutput, scale)
   K(input).TemporalConvolution_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
      self.kW, self.dW, scale or 1)
end

local VolumetricConvolution, parentV = torch.class('nn.VolumetricConvolution', 'nn.Module')
function VolumetricConvolution:__init(nInputPlane, nOutputPlane, kT, kW, kH, dT, dW, dH, padT, padW, padH)
   parentV.__init(self)
   self.nInputPlane, self.nOutputPlane = nInputPlane, nOutputPlane
   self.kT, self.kW, self.kH = kT, kW, kH
   self.dT, self.dW, self.dH = dT or 1, dW or 1, dH or 1
   self.padT, self.padW, self.padH = padT or 0, padW or 0, padH or 0
   self.weight = torch.Tensor(nOutputPlane, nInputPlane, kT, kH, kW)
   self.bias = torch.Tensor(nOutputPlane)
   self.gradWeight = torch.Tensor(nOutputPlane, nInputPlane, kT, kH, kW)
   self.gradBias = torch.Tensor(nOutputPlane)
   self:reset()
end
function VolumetricConvolution:reset(stdv) return uniformInit(self, stdv, self.kT * self.kW * self.kH * self.nInputPlane) end
function VolumetricConvolution:noBias()
   self.bias, self.gradBias = nil, nil
   return self
end
-- On the CPU torch/nn ran the unfolding (MM) kernel; the VolumetricConvolution kernel served CUDA.
local function vconvArgs(s) return s.kT, s.kW, s.kH, s.dT, s.dW, s.dH, s.padT, s.padW, s.padH end
function VolumetricConvolution:updateOutput(input)
   convBuffers(self, input)
   K(input).VolumetricConvolutionMM_updateOutput(input, self.output, self.weight, self.bias, self.finput,
      vconvArgs(self))
   return self.output
end
function VolumetricConvolution:updateGradInput(input, gradOutput)
   convBuffers(self, input)
   K(input).VolumetricConvolutionMM_updateGradInput(input, gradOutput, self.gradInput, self.weight, self.finput,
      self.fgradInput, vconvArgs(self))
   return self.gradInput
end
function VolumetricConvolution:accGradParameters(input, gradOutput, scale)
   convBuffers(self, input)
   local s = self
   K(input).VolumetricConvolutionMM_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
      self.finput, s.kT, s.kW, s.kH, s.dT, s.dW, s.dH, s.padT, s.padW, s.padH, scale or 1)
end
function VolumetricConvolution:clearState() return nn.utils.clear(self, 'output', 'gradInput', 'finput', 'fgradInput') end
function VolumetricConvolution:__tostring__()
   local s = string.format('%s(%d -> %d, %dx%dx%d', torch.typename(self), self.nInputPlane, self.nOutputPlane,
      self.kT, self.kW, self.kH)
   if self.dT ~= 1 or self.dW ~= 1 or self.dH ~= 1 or self.padT ~= 0 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.dT, self.dW, self.dH)
   end
   if self.padT ~= 0 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.padT, self.padW, self.padH)
   end
   return s .. ')'
end

-- Pooling ---------------------------------------------------------------------------------------
local function poolString(self)
   local s = string.format('%s(%dx%d, %d,%d', torch.typename(self), self.kW, self.kH, self.dW, self.dH)
   if self.padW ~= 0 or self.padH ~= 0 then s = s .. string.format(', %d,%d', self.padW, self.padH) end
   return s .. ')'
end

local SpatialMaxPooling, parentMP = torch.class('nn.SpatialMaxPooling', 'nn.Module')
function SpatialMaxPooling:__init(kW, kH, dW, dH, padW, padH)
   parentMP.__init(self)
   self.kW, self.kH = kW, kH
   self.dW, self.dH = dW or kW, dH or kH
   self.padW, self.padH = padW or 0, padH or 0
   self.ceil_mode = false
   self.indices = torch.LongTensor()
end
function SpatialMaxPooling:ceil() self.ceil_mode = true; return self end
function SpatialMaxPooling:floor() self.ceil_mode = false; return self end
function SpatialMaxPooling:updateOutput(input)
   self.indices = self.indices or torch.LongTensor()
   self.iheight, self.iwidth = input:size(input:dim() - 1), input:size(input:dim())
   K(input).SpatialMaxPooling_updateOutput(input, self.output, self.indices, self.kW, self.kH,
      self.dW, self.dH, self.padW, self.padH, self.ceil_mode or false)
   return self.output
end
function SpatialMaxPooling:updateGradInput(input, gradOutput)
   K(input).SpatialMaxPooling_updateGradInput(input, gradOutput, self.gradInput, self.indices, self.kW, self.kH,
      self.dW, self.dH, self.padW, self.padH, self.ceil_mode or false)
   return self.gradInput
end
function SpatialMaxPooling:clearState() return nn.utils.clear(self, 'output', 'gradInput', 'indices') end
SpatialMaxPooling.__tostring__ = poolString
-- Type conversion must leave the indices as longs.
function SpatialMaxPooling:type(t, cache)
   local indices = self.indices
   self.indices = nil
   nn.Module.type(self, t, cache)
   self.indices = indices
   return self
end

local SpatialAveragePooling, parentAP = torch.class('nn.SpatialAveragePooling', 'nn.Module')
function SpatialAveragePooling:__init(kW, kH, dW, dH, padW, padH)
   parentAP.__init(self)
   self.kW, self.kH = kW, kH
   self.dW, self.dH = dW or 1, dH or 1
   self.padW, self.padH = padW or 0, padH or 0
   self.ceil_mode = false
   self.count_include_pad = true
   self.divide = true
end
function SpatialAveragePooling:ceil() self.ceil_mode = true; return self end
function SpatialAveragePooling:floor() self.ceil_mode = false; return self end
function SpatialAveragePooling:setCountIncludePad() self.count_include_pad = true; return self end
function SpatialAveragePooling:setCountExcludePad() self.count_include_pad = false; return self end
function SpatialAveragePooling:updateOutput(input)
   K(input).SpatialAveragePooling_updateOutput(input, self.output, self.kW, self.kH, self.dW, self.dH,
      self.padW, self.padH, self.ceil_mode or false, self.count_include_pad ~= false)
   if self.divide == false then self.output:mul(self.kW * self.kH) end
   return self.output
end
function SpatialAveragePooling:updateGradInput(input, gradOutput)
   K(input).SpatialAveragePooling_updateGradInput(input, gradOutput, self.gradInput, self.kW, self.kH,
      self.dW, self.dH, self.padW, self.padH, self.ceil_mode or false, self.count_include_pad ~= false)
   if self.divide == false then self.gradInput:mul(self.kW * self.kH) end
   return self.gradInput
end
SpatialAveragePooling.__tostring__ = poolString

local TemporalMaxPooling, parentTM = torch.class('nn.TemporalMaxPooling', 'nn.Module')
function TemporalMaxPooling:__init(kW, dW)
   parentTM.__init(self)
   self.kW, self.dW = kW, dW or kW
   self.indices = torch.LongTensor()
end
function TemporalMaxPooling:updateOutput(input)
   K(input).TemporalMaxPooling_updateOutput(input, self.output, self.indices, self.kW, self.dW)
   return self.output
end
function TemporalMaxPooling:updateGradInput(input, gradOutput)
   K(input).TemporalMaxPooling_updateGradInput(input, gradOutput, self.gradInput, self.indices, self.kW, self.dW)
   return self.gradInput
end
TemporalMaxPooling.type = SpatialMaxPooling.type

local VolumetricMaxPooling, parentVM = torch.class('nn.VolumetricMaxPooling', 'nn.Module')
function VolumetricMaxPooling:__init(kT, kW, kH, dT, dW, dH, padT, padW, padH)
   parentVM.__init(self)
   self.kT, self.kW, self.kH = kT, kW, kH
   self.dT, self.dW, self.dH = dT or kT, dW or kW, dH or kH
   self.padT, self.padW, self.padH = padT or 0, padW or 0, padH or 0
   self.ceil_mode = false
   self.indices = torch.LongTensor()
end
function VolumetricMaxPooling:ceil() self.ceil_mode = true; return self end
function VolumetricMaxPooling:floor() self.ceil_mode = false; return self end
function VolumetricMaxPooling:updateOutput(input)
   local d = input:dim()
   self.itime, self.iheight, self.iwidth = input:size(d - 2), input:size(d - 1), input:size(d)
   K(input).VolumetricMaxPooling_updateOutput(input, self.output, self.indices, self.kT, self.kW, self.kH,
      self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.ceil_mode)
   return self.output
end
function VolumetricMaxPooling:updateGradInput(input, gradOutput)
   K(input).VolumetricMaxPooling_updateGradInput(input, gradOutput, self.gradInput, self.indices, self.kT, self.kW,
      self.kH, self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.ceil_mode)
   return self.gradInput
end
VolumetricMaxPooling.type = SpatialMaxPooling.type
local function volumetricPoolString(self)
   local s = string.format('%s(%dx%dx%d, %d,%d,%d', torch.typename(self), self.kT, self.kW, self.kH,
      self.dT, self.dW, self.dH)
   if self.padT ~= 0 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.padT, self.padW, self.padH)
   end
   return s .. ')'
end
VolumetricMaxPooling.__tostring__ = volumetricPoolString

local VolumetricAveragePooling, parentVA = torch.class('nn.VolumetricAveragePooling', 'nn.Module')
function VolumetricAveragePooling:__init(kT, kW, kH, dT, dW, dH, padT, padW, padH)
   parentVA.__init(self)
   self.kT, self.kW, self.kH = kT, kW, kH
   self.dT, self.dW, self.dH = dT or kT, dW or kW, dH or kH
   self.padT, self.padW, self.padH = padT or 0, padW or 0, padH or 0
   self.ceil_mode = false
   self.count_include_pad = true
end
function VolumetricAveragePooling:updateOutput(input)
   K(input).VolumetricAveragePooling_updateOutput(input, self.output, self.kT, self.kW, self.kH, self.dT, self.dW,
      self.dH, self.padT, self.padW, self.padH, self.ceil_mode or false, self.count_include_pad ~= false)
   return self.output
end
function VolumetricAveragePooling:updateGradInput(input, gradOutput)
   K(input).VolumetricAveragePooling_updateGradInput(input, gradOutput, self.gradInput, self.kT, self.kW, self.kH,
      self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, self.ceil_mode or false, self.count_include_pad ~= false)
   return self.gradInput
end

VolumetricAveragePooling.__tostring__ = volumetricPoolString

local SpatialAdaptiveMaxPooling, parentAM = torch.class('nn.SpatialAdaptiveMaxPooling', 'nn.Module')
function SpatialAdaptiveMaxPooling:__init(W, H)
   parentAM.__init(self)
   self.W, self.H = W, H
   self.indices = torch.LongTensor()
end
function SpatialAdaptiveMaxPooling:updateOutput(input)
   K(input).SpatialAdaptiveMaxPooling_updateOutput(input, self.output, self.indices, self.W, self.H)
   return self.output
end
function SpatialAdaptiveMaxPooling:updateGradInput(input, gradOutput)
   K(input).SpatialAdaptiveMaxPooling_updateGradInput(input, gradOutput, self.gradInput, self.indices)
   return self.gradInput
end
SpatialAdaptiveMaxPooling.type = SpatialMaxPooling.type

local SpatialAdaptiveAveragePooling, parentAA = torch.class('nn.SpatialAdaptiveAveragePooling', 'nn.Module')
function SpatialAdaptiveAveragePooling:__init(W, H)
   parentAA.__init(self)
   self.W, self.H = W, H
end
function SpatialAdaptiveAveragePooling:updateOutput(input)
   K(input).SpatialAdaptiveAveragePooling_updateOutput(input, self.output, self.W, self.H)
   return self.output
end
function SpatialAdaptiveAveragePooling:updateGradInput(input, gradOutput)
   K(input).SpatialAdaptiveAveragePooling_updateGradInput(input, gradOutput, self.gradInput)
   return self.gradInput
end

-- Batch normalization ---------------------------------------------------------------------------
local BN, parentBN = torch.class('nn.BatchNormalization', 'nn.Module')
BN.nDim = 2

function BN:__init(nOutput, eps, momentum, affine)
   parentBN.__init(self)
   assert(nOutput and nOutput > 0, 'nOutput must be a positive number')
   self.eps = eps or 1e-5
   self.momentum = momentum or 0.1
   self.affine = affine == nil and true or affine
   self.running_mean = torch.Tensor(nOutput):zero()
   self.running_var = torch.Tensor(nOutput):fill(1)
   if self.affine then
      self.weight = torch.Tensor(nOutput)
      self.bias = torch.Tensor(nOutput)
      self.gradWeight = torch.Tensor(nOutput)
      self.gradBias = torch.Tensor(nOutput)
      self:reset()
   end
   self.save_mean = torch.Tensor()
   self.save_std = torch.Tensor()
end

function BN:reset()
   if self.weight then self.weight:uniform() end
   if self.bias then self.bias:zero() end
   self.running_mean:zero()
   self.running_var:fill(1)
end

-- a batch, or (in evaluation mode) one example without the batch dimension
function BN:checkInputDim(input)
   local nd = input:dim()
   if not (nd == self.nDim or (nd == self.nDim - 1 and self.train == false)) then
      error(string.format('only mini-batch supported (%dD tensor), got %dD tensor instead', self.nDim, nd), 3)
   end
   local featDim = (nd == self.nDim - 1) and 1 or 2
   if input:size(featDim) ~= self.running_mean:nElement() then
      error(string.format('got %d-feature tensor, expected %d', input:size(featDim), self.running_mean:nElement()), 3)
   end
end

local function bnContiguous(self, input, gradOutput)
   if not input:isContiguous() then
      self._input = self._input or input.new()
      self._input:resizeAs(input):copy(input)
      input = self._input
   end
   if gradOutput and not gradOutput:isContiguous() then
      self._gradOutput = self._gradOutput or gradOutput.new()
      self._gradOutput:resizeAs(gradOutput):copy(gradOutput)
      gradOutput = self._gradOutput
   end
   return input, gradOutput
end

-- one example in evaluation mode: given a batch dimension of 1 (in place, as torch/nn did)
local function bnBatch(self, x)
   if self.train == false and x:dim() == self.nDim - 1 then
      return nn.utils.addSingletonDimension(x, x, 1)
   end
   return x
end

function BN:updateOutput(input)
   self:checkInputDim(input)
   input = bnBatch(self, (bnContiguous(self, input)))
   self.save_mean = self.save_mean or input.new()
   self.save_mean:resizeAs(self.running_mean)
   self.save_std = self.save_std or input.new()
   self.save_std:resizeAs(self.running_var)
   -- a batch of one leaves the running statistics alone (and is normalized with them)
   K(input).BatchNormalization_updateOutput(input, self.output, self.weight, self.bias, self.running_mean,
      self.running_var, self.save_mean, self.save_std, self.train ~= false and input:size(1) > 1,
      self.momentum, self.eps)
   return self.output
end

local function bnBackward(self, input, gradOutput, scale, gradInput, gradWeight, gradBias)
   self:checkInputDim(input)
   self:checkInputDim(gradOutput)
   assert(self.save_mean and self.save_std, 'must call :updateOutput() first')
   input, gradOutput = bnContiguous(self, input, gradOutput)
   input, gradOutput = bnBatch(self, input), bnBatch(self, gradOutput)
   if gradInput then gradInput:resizeAs(gradOutput) end
   K(input).BatchNormalization_backward(input, gradOutput, gradInput, gradWeight, gradBias, self.weight,
      self.running_mean, self.running_var, self.save_mean, self.save_std,
      self.train ~= false and input:size(1) > 1, scale or 1, self.eps)
end

function BN:backward(input, gradOutput, scale)
   bnBackward(self, input, gradOutput, scale, self.gradInput, self.gradWeight, self.gradBias)
   return self.gradInput
end
function BN:updateGradInput(input, gradOutput)
   bnBackward(self, input, gradOutput, 1, self.gradInput, nil, nil)
   return self.gradInput
end
function BN:accGradParameters(input, gradOutput, scale)
   bnBackward(self, input, gradOutput, scale, nil, self.gradWeight, self.gradBias)
end
function BN:clearState()
   return nn.utils.clear(self, 'output', 'gradInput', 'save_mean', 'save_std')
end
function BN:__tostring__()
   return string.format('%s (%dD) (%d)', torch.typename(self), self.nDim, self.running_mean:nElement())
end

local SBN = torch.class('nn.SpatialBatchNormalization', 'nn.BatchNormalization')
SBN.nDim = 4
local VBN = torch.class('nn.VolumetricBatchNormalization', 'nn.BatchNormalization')
VBN.nDim = 5

-- LookupTable -----------------------------------------------------------------------------------
local LookupTable, parentLT = torch.class('nn.LookupTable', 'nn.Module')

function LookupTable:__init(nIndex, nOutput, paddingValue, maxNorm, normType)
   parentLT.__init(self)
   self.weight = torch.Tensor(nIndex, nOutput)
   self.gradWeight = torch.Tensor(nIndex, nOutput):zero()
   self.paddingValue = paddingValue or 0
   self.maxNorm = maxNorm
   self.normType = normType
   self:reset()
end

function LookupTable:reset(stdv)
   self.weight:normal(0, stdv or 1)
end

function LookupTable:scaleGradByFreq()
   self.shouldScaleGradByFreq = true
   return self
end

function LookupTable:parameters() return {self.weight}, {self.gradWeight} end

function LookupTable:accUpdateOnly()
   self.gradWeight = nil
   return self
end

-- The kernel accumulates -lr * gradient into the weight itself (the only way once accUpdateOnly
-- dropped gradWeight).
function LookupTable:accUpdateGradParameters(input, gradOutput, lr)
   local gradWeight = self.gradWeight
   self.gradWeight = self.weight
   self:accGradParameters(input, gradOutput, -lr)
   self.gradWeight = gradWeight
end

local function asIndices(self, input)
   if torch.type(input) == 'torch.LongTensor' then return input end
   self._input = self._input or torch.LongTensor()
   self._input:resize(input:size()):copy(input)
   return self._input
end

function LookupTable:updateOutput(input)
   local idx = asIndices(self, input)
   if self.maxNorm then
      K(self.weight).LookupTable_renorm(idx:view(-1), self.weight, self.maxNorm, self.normType or 2)
   end
   if idx:dim() == 1 then
      self.output:index(self.weight, 1, idx)
   elseif idx:dim() == 2 then
      self.output:index(self.weight, 1, idx:view(-1))
      self.output = self.output:view(idx:size(1), idx:size(2), self.weight:size(2))
   else
      error('input must be a vector or matrix')
   end
   return self.output
end

function LookupTable:updateGradInput(input, gradOutput)
   -- the input holds indices: no gradient flows to it (zeros of the input's own type)
   if not torch.isTensor(self.gradInput) or self.gradInput:type() ~= input:type() then
      self.gradInput = nn.utils.tensorClass(input:type())()
   end
   self.gradInput:resizeAs(input):zero()
   return self.gradInput
end

function LookupTable:accGradParameters(input, gradOutput, scale)
   local idx = asIndices(self, input)
   if idx:dim() == 2 then idx = idx:view(-1) end
   self._count = self._count or torch.IntTensor()
   K(self.gradWeight).LookupTable_accGradParameters(idx, gradOutput:contiguous(), self.gradWeight, self._count,
      nil, nil, self.shouldScaleGradByFreq or false, self.paddingValue or 0, scale or 1)
end

function LookupTable:type(t, cache)
   local input, count = self._input, self._count
   self._input, self._count = nil, nil
   nn.Module.type(self, t, cache)
   self._input, self._count = input, count
   return self
end

function LookupTable:clearState() return nn.utils.clear(self, 'output', 'gradInput', '_count', '_input') end

function LookupTable:__tostring__()
   return string.format('%s(%d -> %d)', torch.typename(self), self.weight:size(1), self.weight:size(2))
end

-- Padding and upsampling -----------------------------------------------------------------------
local function definePadding(name, kernel)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init(l, r, t, b)
      parent.__init(self)
      self.pad_l = l
      self.pad_r = r or l
      self.pad_t = t or l
      self.pad_b = b or l
   end
   function cls:updateOutput(input)
      K(input)[kernel .. '_updateOutput'](input, self.output, self.pad_l, self.pad_r, self.pad_t, self.pad_b)
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      K(input)[kernel .. '_updateGradInput'](input, gradOutput, self.gradInput, self.pad_l, self.pad_r, self.pad_t, self.pad_b)
      return self.gradInput
   end
   function cls:__tostring__()
      return string.format('%s(l=%d, r=%d, t=%d, b=%d)', torch.typename(self), self.pad_l, self.pad_r, self.pad_t, self.pad_b)
   end
end
definePadding('SpatialReflectionPadding', 'SpatialReflectionPadding')
definePadding('SpatialReplicationPadding', 'SpatialReplicationPadding')

local UpNearest, parentUN = torch.class('nn.SpatialUpSamplingNearest', 'nn.Module')
function UpNearest:__init(scale)
   parentUN.__init(self)
   self.scale_factor = scale
   if not scale or scale < 1 or math.floor(scale) ~= scale then error('scale_factor must be a positive integer') end
end
function UpNearest:updateOutput(input)
   K(input).SpatialUpSamplingNearest_updateOutput(input, self.output, self.scale_factor)
   return self.output
end
function UpNearest:updateGradInput(input, gradOutput)
   K(input).SpatialUpSamplingNearest_updateGradInput(input, gradOutput, self.gradInput, self.scale_factor)
   return self.gradInput
end

local UpBilinear, parentUB = torch.class('nn.SpatialUpSamplingBilinear', 'nn.Module')
function UpBilinear:__init(params)
   parentUB.__init(self)
   if type(params) == 'table' then
      self.oheight, self.owidth = params.oheight, params.owidth
   else
      self.scale_factor = params
      if not params or params < 1 or math.floor(params) ~= params then error('scale_factor must be a positive integer') end
   end
end
function UpBilinear:outputSize(input)
   local h, w = input:size(input:dim() - 1), input:size(input:dim())
   if self.scale_factor then
      return (h - 1) * self.scale_factor + 1, (w - 1) * self.scale_factor + 1
   end
   return self.oheight, self.owidth
end
function UpBilinear:updateOutput(input)
   local oh, ow = self:outputSize(input)
   K(input).SpatialUpSamplingBilinear_updateOutput(input, self.output, oh, ow)
   return self.output
end
function UpBilinear:updateGradInput(input, gradOutput)
   local oh, ow = self:outputSize(input)
   local batched = input:dim() == 4
   local n, c = batched and input:size(1) or 1, input:size(batched and 2 or 1)
   local h, w = input:size(input:dim() - 1), input:size(input:dim())
   K(input).SpatialUpSamplingBilinear_updateGradInput(gradOutput, self.gradInput, n, c, h, w, oh, ow)
   if not batched then self.gradInput = self.gradInput:view(c, h, w) end
   return self.gradInput
end
