-- The convolutions beyond layers.lua's: locally connected, connection-table, transposed (full),
-- dilated, depth-wise, temporal sub-sampling and row convolutions, and the volumetric full and
-- dilated ones. Constructor arguments, defaults, field names and printed forms are torch/nn's, so
-- .t7 models that hold them load and run.
local THNN = require 'nn.THNN'
local K = THNN.for_

local new, uniformInit = nn.utils.emptyLike, nn.utils.uniformInit

local function noBias(self)
   self.bias, self.gradBias = nil, nil
   return self
end

-- Buffers are scratch space: forget them on a type change (a fresh one of the new type is made on
-- the next pass) and on clearState.
local function buffers(self, input, ...)
   for _, name in ipairs({...}) do self[name] = self[name] or new(input) end
end
local function dropBuffers(cls, ...)
   local names = {...}
   function cls:type(t, cache)
      for _, name in ipairs(names) do self[name] = nil end
      return nn.Module.type(self, t, cache)
   end
   function cls:clearState()
      for _, name in ipairs(names) do self[name] = nil end
      return nn.Module.clearState(self)
   end
end

-- "(nIn -> nOut, kWxkH[, dW,dH][, padW,padH]" as torch/nn prints the 2D convolutions.
local function head2d(self, extra)
   local s = string.format('%s(%d -> %d, %s%dx%d', torch.typename(self), self.nInputPlane,
      self.nOutputPlane, extra or '', self.kW, self.kH)
   if self.dW ~= 1 or self.dH ~= 1 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d', self.dW, self.dH)
   end
   if self.padW ~= 0 or self.padH ~= 0 then s = s .. string.format(', %d,%d', self.padW, self.padH) end
   return s
end
local function head3d(self)
   local s = string.format('%s(%d -> %d, %dx%dx%d', torch.typename(self), self.nInputPlane,
      self.nOutputPlane, self.kT, self.kW, self.kH)
   if self.dT ~= 1 or self.dW ~= 1 or self.dH ~= 1 or self.padT ~= 0 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.dT, self.dW, self.dH)
   end
   if self.padT ~= 0 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.padT, self.padW, self.padH)
   end
   return s
end
local function tail(self) return self.bias and ')' or ') without bias' end

-- SpatialConvolutionLocal: a different kernel at every output position ----------------------------
local Local, parentLocal = torch.class('nn.SpatialConvolutionLocal', 'nn.Module')

function Local:__init(nInputPlane, nOutputPlane, iW, iH, kW, kH, dW, dH, padW, padH)
   parentLocal.__init(self)
   self.nInputPlane, self.nOutputPlane = nInputPlane, nOutputPlane
   self.iW, self.iH, self.kW, self.kH = iW, iH, kW, kH
   self.dW, self.dH = dW or 1, dH or 1
   self.padW = padW or 0
   self.padH = padH or self.padW
   self.oW = math.floor((2 * self.padW + iW - kW) / self.dW) + 1
   self.oH = math.floor((2 * self.padH + iH - kH) / self.dH) + 1
   assert(self.oW >= 1 and self.oH >= 1, 'illegal configuration: output width or height less than 1')
   self.weight = torch.Tensor(self.oH, self.oW, nOutputPlane, nInputPlane, kH, kW)
   self.bias = torch.Tensor(nOutputPlane, self.oH, self.oW)
   self.gradWeight = torch.Tensor():resizeAs(self.weight)
   self.gradBias = torch.Tensor():resizeAs(self.bias)
   self:reset()
end

function Local:reset(stdv) return uniformInit(self, stdv, self.kW * self.kH * self.nInputPlane) end

-- The module is built for one input size: say so in torch/nn's words before the kernel sees it.
local function localCheck(self, t, nPlanes, h, w, what)
   local d = t:dim()
   if d ~= 3 and d ~= 4 then error('3D or 4D(batch mode) tensor expected', 3) end
   local o = d - 3
   if t:size(o + 1) ~= nPlanes or t:size(o + 2) ~= h or t:size(o + 3) ~= w then
      local got = {}
      for i = 1, d do got[i] = t:size(i) end
      error(string.format('Given %s size: (%s) inconsistent with expected %s size: (%s%dx%dx%d).', what,
         table.concat(got, 'x'), what, d == 4 and 'batchsize x' or '', nPlanes, h, w), 3)
   end
end

-- The kernel takes the weights as [oH*oW x nOutputPlane x nInputPlane*kH*kW]; torch/nn viewed them
-- so whatever their shape, and scripts that refill the weight rely on that.
local function localView(self, w)
   return w:view(self.oH * self.oW, self.nOutputPlane, self.nInputPlane * self.kH * self.kW)
end

local function localArgs(self)
   return self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, self.iW, self.iH, self.oW, self.oH
end

function Local:updateOutput(input)
   localCheck(self, input, self.nInputPlane, self.iH, self.iW, 'input')
   buffers(self, input, 'finput', 'fgradInput')
   K(input).SpatialConvolutionLocal_updateOutput(input, self.output, localView(self, self.weight), self.bias, self.finput,
      self.fgradInput, localArgs(self))
   return self.output
end

function Local:updateGradInput(input, gradOutput)
   localCheck(self, input, self.nInputPlane, self.iH, self.iW, 'input')
   if gradOutput:dim() ~= input:dim() then error('inconsistent dimension between output and input.', 2) end
   localCheck(self, gradOutput, self.nOutputPlane, self.oH, self.oW, 'output')
   buffers(self, input, 'finput', 'fgradInput')
   K(input).SpatialConvolutionLocal_updateGradInput(input, gradOutput, self.gradInput, localView(self, self.weight), self.finput,
      self.fgradInput, localArgs(self))
   return self.gradInput
end

function Local:accGradParameters(input, gradOutput, scale)
   localCheck(self, input, self.nInputPlane, self.iH, self.iW, 'input')
   if gradOutput:dim() ~= input:dim() then error('inconsistent dimension between output and input.', 2) end
   localCheck(self, gradOutput, self.nOutputPlane, self.oH, self.oW, 'output')
   buffers(self, input, 'finput', 'fgradInput')
   local k = K(input)
   k.SpatialConvolutionLocal_accGradParameters(input, gradOutput, localView(self, self.gradWeight), self.gradBias, self.finput,
      self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, self.iW, self.iH, self.oW,
      self.oH, scale or 1)
end

dropBuffers(Local, 'finput', 'fgradInput')

function Local:__tostring__()
   local s = string.format('%s(%d -> %d, %dx%d, %dx%d', torch.typename(self), self.nInputPlane,
      self.nOutputPlane, self.iW, self.iH, self.kW, self.kH)
   if self.dW ~= 1 or self.dH ~= 1 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d', self.dW, self.dH)
   end
   if self.padW ~= 0 or self.padH ~= 0 then s = s .. string.format(', %d,%d', self.padW, self.padH) end
   return s .. ')'
end

-- Connection tables: [n x 2] rows of (input plane, output plane), 1-based -------------------------
nn.tables = nn.tables or {}

-- every input plane to every output plane, input varying fastest
function nn.tables.full(nin, nout)
   local t = torch.Tensor(nin * nout, 2)
   local row = 0
   for o = 1, nout do
      for i = 1, nin do
         row = row + 1
         t[row][1], t[row][2] = i, o
      end
   end
   return t
end

function nn.tables.oneToOne(n)
   local t = torch.Tensor(n, 2)
   for i = 1, n do t[i][1], t[i][2] = i, i end
   return t
end

-- nto distinct input planes for each output plane, drawn from random permutations of the inputs;
-- a permutation is used up in floor(nin / nto) chunks before the next is drawn (the same draws as
-- torch/nn, so a seed gives Torch7's table).
function nn.tables.random(nin, nout, nto)
   local t = torch.Tensor(nto * nout, 2)
   local chunks = math.floor(nin / nto)
   local perm = torch.randperm(nin)
   local chunk = 0
   for o = 1, nout do
      for j = 1, nto do
         local row = (o - 1) * nto + j
         t[row][1] = perm[chunk * nto + j]
         t[row][2] = o
      end
      chunk = chunk + 1
      if chunk == chunks then
         perm:copy(torch.randperm(nin))
         chunk = 0
      end
   end
   return t
end

-- SpatialConvolutionMap and SpatialFullConvolutionMap: one kH x kW kernel per table row ------------
local function defineMap(name, kernel)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   function cls:__init(connTable, kW, kH, dW, dH)
      parent.__init(self)
      self.kW, self.kH = kW, kH
      self.dW, self.dH = dW or 1, dH or 1
      self.connTable = connTable
      self.nInputPlane = connTable:select(2, 1):max()
      self.nOutputPlane = connTable:select(2, 2):max()
      self.weight = torch.Tensor(connTable:size(1), kH, kW)
      self.bias = torch.Tensor(self.nOutputPlane)
      self.gradWeight = torch.Tensor(connTable:size(1), kH, kW)
      self.gradBias = torch.Tensor(self.nOutputPlane)
      self:reset()
   end
   -- without stdv: each kernel and bias scaled by the fan-in of its output plane
   function cls:reset(stdv)
      if stdv then
         stdv = stdv * math.sqrt(3)
         self.weight:uniform(-stdv, stdv)
         self.bias:uniform(-stdv, stdv)
         return self
      end
      local fanIn = {}
      for r = 1, self.connTable:size(1) do
         local o = self.connTable[r][2]
         fanIn[o] = (fanIn[o] or 0) + 1
      end
      for r = 1, self.connTable:size(1) do
         local s = 1 / math.sqrt(self.kW * self.kH * fanIn[self.connTable[r][2]])
         self.weight:select(1, r):uniform(-s, s)
      end
      for o = 1, self.nOutputPlane do
         local s = 1 / math.sqrt(self.kW * self.kH * (fanIn[o] or 0))
         self.bias[o] = torch.uniform(-s, s)
      end
      return self
   end
   function cls:updateOutput(input)
      K(input)[kernel .. '_updateOutput'](input, self.output, self.weight, self.bias, self.connTable,
         self.nInputPlane, self.nOutputPlane, self.dW, self.dH)
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      K(input)[kernel .. '_updateGradInput'](input, gradOutput, self.gradInput, self.weight, self.bias,
         self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH)
      return self.gradInput
   end
   function cls:accGradParameters(input, gradOutput, scale)
      K(input)[kernel .. '_accGradParameters'](input, gradOutput, self.gradWeight, self.gradBias,
         self.connTable, self.nInputPlane, self.nOutputPlane, self.dW, self.dH, scale or 1)
   end
   function cls:decayParameters(decay)
      self.weight:add(-decay, self.weight)
      self.bias:add(-decay, self.bias)
   end
   return cls
end
defineMap('SpatialConvolutionMap', 'SpatialConvolutionMap')
defineMap('SpatialFullConvolutionMap', 'SpatialFullConvolutionMap')

-- Transposed convolutions: the input may be {input, target}, target's size fixing the adjustment ---
local function adjustment(target, k, pad, d) return (target + 2 * pad - k) % d end

-- the tensor input and the adjustments; `dims` names the fields per spatial dimension, last first
local function fullArgs(self, input, dims)
   if torch.type(input) ~= 'table' then
      local adj = {}
      for i, d in ipairs(dims) do adj[i] = self['adj' .. d] or 0 end
      return input, adj
   end
   local target = input[2]
   local n = target:dim()
   local adj = {}
   for i, d in ipairs(dims) do
      adj[i] = adjustment(target:size(n - i + 1), self['k' .. d], self['pad' .. d], self['d' .. d])
   end
   return input[1], adj
end

-- With a table input, gradInput is {grad of input, zeros shaped as the target}.
local function fullGradInput(self, input)
   if torch.type(input) ~= 'table' then return end
   self.zeroScalar = self.zeroScalar or input[2].new(1):zero()
   local ones = {}
   for i = 1, input[2]:dim() do ones[i] = 1 end
   self.gradInput = {self.gradInput, self.zeroScalar:view(unpack(ones)):expandAs(input[2])}
end
local function fullGradTensor(self, input)
   if torch.type(self.gradInput) == 'table' then
      self.gradInput = self.gradInput[1] or new(torch.type(input) == 'table' and input[1] or input)
   end
end

local Full, parentFull = torch.class('nn.SpatialFullConvolution', 'nn.Module')

function Full:__init(nInputPlane, nOutputPlane, kW, kH, dW, dH, padW, padH, adjW, adjH)
   parentFull.__init(self)
   self.nInputPlane, self.nOutputPlane = nInputPlane, nOutputPlane
   self.kW, self.kH = kW, kH
   self.dW, self.dH = dW or 1, dH or 1
   self.padW, self.padH = padW or 0, padH or 0
   self.adjW, self.adjH = adjW or 0, adjH or 0
   if self.adjW > self.dW - 1 or self.adjH > self.dH - 1 then
      error('adjW and adjH must be smaller than self.dW - 1 and self.dH - 1 respectively')
   end
   self.weight = torch.Tensor(nInputPlane, nOutputPlane, kH, kW)
   self.gradWeight = torch.Tensor(nInputPlane, nOutputPlane, kH, kW)
   self.bias = torch.Tensor(nOutputPlane)
   self.gradBias = torch.Tensor(nOutputPlane)
   self.ones = torch.Tensor()
   self:reset()
end
Full.noBias = noBias
function Full:reset(stdv) return uniformInit(self, stdv, self.kW * self.kH * self.nInputPlane) end

local dims2 = {'W', 'H'}
function Full:updateOutput(input)
   local x, adj = fullArgs(self, input, dims2)
   buffers(self, x, 'finput', 'fgradInput')
   K(x).SpatialFullConvolution_updateOutput(x, self.output, self.weight, self.bias, self.finput, self.fgradInput,
      self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, adj[1], adj[2])
   return self.output
end
function Full:updateGradInput(input, gradOutput)
   local x, adj = fullArgs(self, input, dims2)
   buffers(self, x, 'finput', 'fgradInput')
   fullGradTensor(self, input)
   K(x).SpatialFullConvolution_updateGradInput(x, gradOutput, self.gradInput, self.weight, self.finput,
      self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, adj[1], adj[2])
   fullGradInput(self, input)
   return self.gradInput
end
function Full:accGradParameters(input, gradOutput, scale)
   local x, adj = fullArgs(self, input, dims2)
   buffers(self, x, 'finput', 'fgradInput')
   K(x).SpatialFullConvolution_accGradParameters(x, gradOutput, self.gradWeight, self.gradBias, self.finput,
      self.fgradInput, self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, adj[1], adj[2], scale or 1)
end
dropBuffers(Full, 'finput', 'fgradInput')
function Full:__tostring__()
   local s = head2d(self)
   if self.adjW ~= 0 or self.adjH ~= 0 then s = s .. string.format(', %d,%d', self.adjW, self.adjH) end
   return s .. tail(self)
end

-- SpatialDilatedConvolution: SpatialConvolution's weight, fields and defaults, with dilation -------
local Dilated = torch.class('nn.SpatialDilatedConvolution', 'nn.SpatialConvolution')

function Dilated:__init(nInputPlane, nOutputPlane, kW, kH, dW, dH, padW, padH, dilationW, dilationH)
   nn.SpatialConvolution.__init(self, nInputPlane, nOutputPlane, kW, kH, dW, dH, padW, padH)
   self.dilationW, self.dilationH = dilationW or 1, dilationH or 1
end
local function dilatedArgs(s) return s.kW, s.kH, s.dW, s.dH, s.padW, s.padH, s.dilationW, s.dilationH end
function Dilated:updateOutput(input)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).SpatialDilatedConvolution_updateOutput(input, self.output, self.weight, self.bias, self.finput,
      self.fgradInput, dilatedArgs(self))
   return self.output
end
function Dilated:updateGradInput(input, gradOutput)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).SpatialDilatedConvolution_updateGradInput(input, gradOutput, self.gradInput, self.weight,
      self.finput, dilatedArgs(self))
   return self.gradInput
end
function Dilated:accGradParameters(input, gradOutput, scale)
   buffers(self, input, 'finput', 'fgradInput')
   local s = self
   K(input).SpatialDilatedConvolution_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
      self.finput, self.fgradInput, s.kW, s.kH, s.dW, s.dH, s.padW, s.padH, s.dilationW, s.dilationH, scale or 1)
end
function Dilated:__tostring__()
   return head2d(self) .. string.format(', %d,%d', self.dilationW, self.dilationH) .. tail(self)
end

-- SpatialDepthWiseConvolution: nOutputPlane (a multiplier) kernels per input plane -----------------
local DepthWise, parentDW = torch.class('nn.SpatialDepthWiseConvolution', 'nn.Module')

function DepthWise:__init(nInputPlane, nOutputPlane, kW, kH, dW, dH, padW, padH)
   parentDW.__init(self)
   self.nInputPlane, self.nOutputPlane = nInputPlane, nOutputPlane
   self.kW, self.kH = kW, kH
   self.dW, self.dH = dW or 1, dH or 1
   self.padW = padW or 0
   self.padH = padH or self.padW
   self.weight = torch.Tensor(nOutputPlane, nInputPlane * kH * kW)
   self.bias = torch.Tensor(nOutputPlane, nInputPlane)
   self.gradWeight = torch.Tensor(nOutputPlane, nInputPlane * kH * kW)
   self.gradBias = torch.Tensor(nOutputPlane, nInputPlane)
   self:reset()
end
DepthWise.noBias = noBias
function DepthWise:reset(stdv) return uniformInit(self, stdv, self.kW * self.kH * self.nInputPlane) end
local function dwArgs(s)
   if s.padding then -- an old model's single padding field
      s.padW, s.padH, s.padding = s.padding, s.padding, nil
   end
   return s.kW, s.kH, s.dW, s.dH, s.padW, s.padH
end
function DepthWise:updateOutput(input)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).SpatialDepthWiseConvolution_updateOutput(input, self.output, self.weight, self.bias, self.finput,
      self.fgradInput, dwArgs(self))
   return self.output
end
function DepthWise:updateGradInput(input, gradOutput)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).SpatialDepthWiseConvolution_updateGradInput(input, gradOutput, self.gradInput, self.weight,
      self.finput, self.fgradInput, dwArgs(self))
   return self.gradInput
end
function DepthWise:accGradParameters(input, gradOutput, scale)
   buffers(self, input, 'finput', 'fgradInput')
   local kW, kH, dW, dH, padW, padH = dwArgs(self)
   K(input).SpatialDepthWiseConvolution_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
      self.finput, self.fgradInput, kW, kH, dW, dH, padW, padH, scale or 1)
end
dropBuffers(DepthWise, 'finput', 'fgradInput')
function DepthWise:__tostring__() return head2d(self) .. tail(self) end

-- SpatialSubSampling: a learnt scale and bias per plane on each window's sum ------------------------
local SubSampling, parentSS = torch.class('nn.SpatialSubSampling', 'nn.Module')

function SubSampling:__init(nInputPlane, kW, kH, dW, dH)
   parentSS.__init(self)
   self.nInputPlane = nInputPlane
   self.kW, self.kH = kW, kH
   self.dW, self.dH = dW or 1, dH or 1
   self.weight = torch.Tensor(nInputPlane)
   self.bias = torch.Tensor(nInputPlane)
   self.gradWeight = torch.Tensor(nInputPlane)
   self.gradBias = torch.Tensor(nInputPlane)
   self:reset()
end
function SubSampling:reset(stdv) return uniformInit(self, stdv, self.kW * self.kH) end
function SubSampling:updateOutput(input)
   K(input).SpatialSubSampling_updateOutput(input, self.output, self.weight, self.bias, self.kW, self.kH,
      self.dW, self.dH)
   return self.output
end
function SubSampling:updateGradInput(input, gradOutput)
   K(input).SpatialSubSampling_updateGradInput(input, gradOutput, self.gradInput, self.weight, self.kW, self.kH,
      self.dW, self.dH)
   return self.gradInput
end
function SubSampling:accGradParameters(input, gradOutput, scale)
   K(input).SpatialSubSampling_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias, self.kW,
      self.kH, self.dW, self.dH, scale or 1)
end

-- TemporalSubSampling: the same over time, on [T x F] or [N x T x F] --------------------------------
local TSub, parentTS = torch.class('nn.TemporalSubSampling', 'nn.Module')

function TSub:__init(inputFrameSize, kW, dW)
   parentTS.__init(self)
   self.inputFrameSize = inputFrameSize
   self.kW, self.dW = kW, dW or 1
   self.weight = torch.Tensor(inputFrameSize)
   self.bias = torch.Tensor(inputFrameSize)
   self.gradWeight = torch.Tensor(inputFrameSize)
   self.gradBias = torch.Tensor(inputFrameSize)
   self:reset()
end
function TSub:reset(stdv) return uniformInit(self, stdv, self.kW) end
function TSub:updateOutput(input)
   K(input).TemporalSubSampling_updateOutput(input, self.output, self.weight, self.bias, self.kW, self.dW,
      self.inputFrameSize)
   return self.output
end
function TSub:updateGradInput(input, gradOutput)
   K(input).TemporalSubSampling_updateGradInput(input, gradOutput, self.gradInput, self.weight, self.kW, self.dW)
   return self.gradInput
end
function TSub:accGradParameters(input, gradOutput, scale)
   K(input).TemporalSubSampling_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias, self.kW,
      self.dW, scale or 1)
end

-- TemporalRowConvolution: each feature row convolved with its own kernel ----------------------------
local Row, parentRow = torch.class('nn.TemporalRowConvolution', 'nn.Module')

function Row:__init(inputFrameSize, kW, dW, featFirst)
   parentRow.__init(self)
   self.inputFrameSize = inputFrameSize
   self.kW, self.dW = kW, dW or 1
   self.weight = torch.Tensor(inputFrameSize, 1, kW)
   self.bias = torch.Tensor(inputFrameSize)
   self.gradWeight = torch.Tensor(inputFrameSize, 1, kW)
   self.gradBias = torch.Tensor(inputFrameSize)
   -- true: input [batch x] inputFrameSize x nInputFrame
   self.featFirst = featFirst and true or false
   self:reset()
end
Row.noBias = noBias
function Row:reset(stdv) return uniformInit(self, stdv, self.kW * self.inputFrameSize) end
-- torch/nn never padded (padW 0).
function Row:updateOutput(input)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).TemporalRowConvolution_updateOutput(input, self.output, self.weight, self.bias, self.finput,
      self.fgradInput, self.kW, self.dW, 0, self.featFirst)
   return self.output
end
function Row:updateGradInput(input, gradOutput)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).TemporalRowConvolution_updateGradInput(input, gradOutput, self.gradInput, self.weight, self.finput,
      self.fgradInput, self.kW, self.dW, 0, self.featFirst)
   return self.gradInput
end
function Row:accGradParameters(input, gradOutput, scale)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).TemporalRowConvolution_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
      self.finput, self.fgradInput, self.kW, self.dW, 0, self.featFirst, scale or 1)
end
dropBuffers(Row, 'finput', 'fgradInput')
function Row:__tostring__()
   local s = string.format('%s(%d, %d', torch.typename(self), self.inputFrameSize, self.kW)
   if self.dW ~= 1 then s = s .. string.format(', %d', self.dW) end
   return s .. tail(self)
end

-- VolumetricFullConvolution ---------------------------------------------------------------------
local VFull, parentVF = torch.class('nn.VolumetricFullConvolution', 'nn.Module')

function VFull:__init(nInputPlane, nOutputPlane, kT, kW, kH, dT, dW, dH, padT, padW, padH, adjT, adjW, adjH)
   parentVF.__init(self)
   self.nInputPlane, self.nOutputPlane = nInputPlane, nOutputPlane
   self.kT, self.kW, self.kH = kT, kW, kH
   self.dT, self.dW, self.dH = dT or 1, dW or 1, dH or 1
   self.padT, self.padW, self.padH = padT or 0, padW or 0, padH or 0
   self.adjT, self.adjW, self.adjH = adjT or 0, adjW or 0, adjH or 0
   if self.adjW > self.dW - 1 or self.adjH > self.dH - 1 or self.adjT > self.dT - 1 then
      error('adjW, adjH and adjT must be smaller than self.dW - 1, self.dH - 1 and self.dT - 1 respectively')
   end
   self.weight = torch.Tensor(nInputPlane, nOutputPlane, kT, kH, kW)
   self.gradWeight = torch.Tensor(nInputPlane, nOutputPlane, kT, kH, kW)
   self.bias = torch.Tensor(nOutputPlane)
   self.gradBias = torch.Tensor(nOutputPlane)
   self.ones = torch.Tensor()
   self.finput = torch.Tensor()
   self.fgradInput = torch.Tensor()
   self:reset()
end
VFull.noBias = noBias
function VFull:reset(stdv) return uniformInit(self, stdv, self.kT * self.kW * self.kH * self.nInputPlane) end

-- Models from before adjT..adjH existed held the weight transposed and named the padding pT..pH.
function VFull:backCompatibility()
   if not self.adjW then self.weight = self.weight:transpose(1, 2):contiguous() end
   self.padT, self.padW, self.padH = self.padT or self.pT, self.padW or self.pW, self.padH or self.pH
   self.adjT, self.adjW, self.adjH = self.adjT or 0, self.adjW or 0, self.adjH or 0
end

local dims3 = {'W', 'H', 'T'}
local function vfullArgs(self, input)
   self:backCompatibility()
   local x, adj = fullArgs(self, input, dims3)
   buffers(self, x, 'finput', 'fgradInput')
   return x, adj[3], adj[1], adj[2]
end
function VFull:updateOutput(input)
   local x, aT, aW, aH = vfullArgs(self, input)
   K(x).VolumetricFullConvolution_updateOutput(x, self.output, self.weight, self.bias, self.finput,
      self.fgradInput, self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, aT, aW, aH)
   return self.output
end
function VFull:updateGradInput(input, gradOutput)
   local x, aT, aW, aH = vfullArgs(self, input)
   fullGradTensor(self, input)
   K(x).VolumetricFullConvolution_updateGradInput(x, gradOutput, self.gradInput, self.weight, self.finput,
      self.fgradInput, self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, aT, aW, aH)
   fullGradInput(self, input)
   return self.gradInput
end
function VFull:accGradParameters(input, gradOutput, scale)
   local x, aT, aW, aH = vfullArgs(self, input)
   K(x).VolumetricFullConvolution_accGradParameters(x, gradOutput, self.gradWeight, self.gradBias, self.finput,
      self.fgradInput, self.dT, self.dW, self.dH, self.padT, self.padW, self.padH, aT, aW, aH, scale or 1)
end
dropBuffers(VFull, 'finput', 'fgradInput')
function VFull:__tostring__()
   local s = head3d(self)
   if self.adjT ~= 0 or self.adjW ~= 0 or self.adjH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.adjT, self.adjW, self.adjH)
   end
   return s .. ')'
end

-- VolumetricDilatedConvolution: VolumetricConvolution's weight and fields, with dilation -----------
local VDilated = torch.class('nn.VolumetricDilatedConvolution', 'nn.VolumetricConvolution')

function VDilated:__init(nInputPlane, nOutputPlane, kT, kW, kH, dT, dW, dH, padT, padW, padH,
                         dilationT, dilationW, dilationH)
   nn.VolumetricConvolution.__init(self, nInputPlane, nOutputPlane, kT, kW, kH, dT, dW, dH, padT, padW, padH)
   self.dilationT, self.dilationW, self.dilationH = dilationT or 1, dilationW or 1, dilationH or 1
end
local function vdArgs(s)
   return s.kT, s.kW, s.kH, s.dT, s.dW, s.dH, s.padT, s.padW, s.padH, s.dilationT, s.dilationW, s.dilationH
end
function VDilated:updateOutput(input)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).VolumetricDilatedConvolution_updateOutput(input, self.output, self.weight, self.bias, self.finput,
      self.fgradInput, vdArgs(self))
   return self.output
end
function VDilated:updateGradInput(input, gradOutput)
   buffers(self, input, 'finput', 'fgradInput')
   K(input).VolumetricDilatedConvolution_updateGradInput(input, gradOutput, self.gradInput, self.weight,
      self.finput, vdArgs(self))
   return self.gradInput
end
function VDilated:accGradParameters(input, gradOutput, scale)
   buffers(self, input, 'finput', 'fgradInput')
   local s = self
   K(input).VolumetricDilatedConvolution_accGradParameters(input, gradOutput, self.gradWeight, self.gradBias,
      self.finput, self.fgradInput, s.kT, s.kW, s.kH, s.dT, s.dW, s.dH, s.padT, s.padW, s.padH,
      s.dilationT, s.dilationW, s.dilationH, scale or 1)
end
function VDilated:__tostring__()
   return head3d(self) .. string.format(', %d,%d,%d', self.dilationT, self.dilationW, self.dilationH) .. tail(self)
end
