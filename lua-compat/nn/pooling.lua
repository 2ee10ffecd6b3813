-- Poolings beyond layers.lua's (dilated, fractional, unpooling, feature LP pooling), volumetric
-- replication padding, and the per-pixel SpatialClassNLLCriterion. torch/nn's constructor
-- arguments, defaults, field names and printed forms.
local THNN = require 'nn.THNN'
local K = THNN.for_

-- Index tensors stay LongTensors whatever type the module is converted to.
local function keepLong(cls, ...)
   local names = {...}
   function cls:type(t, cache)
      local kept = {}
      for _, n in ipairs(names) do kept[n], self[n] = self[n], nil end
      nn.Module.type(self, t, cache)
      for _, n in ipairs(names) do self[n] = kept[n] end
      return self
   end
end

local function longIndices(self)
   if torch.type(self.indices) ~= 'torch.LongTensor' then self.indices = torch.LongTensor() end
   return self.indices
end

-- SpatialDilatedMaxPooling ----------------------------------------------------------------------
local SDMP = torch.class('nn.SpatialDilatedMaxPooling', 'nn.SpatialMaxPooling')

function SDMP:__init(kW, kH, dW, dH, padW, padH, dilationW, dilationH)
   nn.SpatialMaxPooling.__init(self, kW, kH, dW, dH, padW, padH)
   self.dilationW, self.dilationH = dilationW or 1, dilationH or 1
end
function SDMP:updateOutput(input)
   local d = input:dim()
   self.iheight, self.iwidth = input:size(d - 1), input:size(d)
   K(input).SpatialDilatedMaxPooling_updateOutput(input, self.output, longIndices(self), self.kW, self.kH,
      self.dW, self.dH, self.padW, self.padH, self.dilationW, self.dilationH, self.ceil_mode or false)
   return self.output
end
function SDMP:updateGradInput(input, gradOutput)
   K(input).SpatialDilatedMaxPooling_updateGradInput(input, gradOutput, self.gradInput, longIndices(self),
      self.kW, self.kH, self.dW, self.dH, self.padW, self.padH, self.dilationW, self.dilationH,
      self.ceil_mode or false)
   return self.gradInput
end
function SDMP:__tostring__()
   local s = string.format('%s(%dx%d, %d,%d', torch.typename(self), self.kW, self.kH, self.dW, self.dH)
   if self.padW ~= 0 or self.padH ~= 0 then s = s .. string.format(', %d,%d', self.padW, self.padH) end
   return s .. string.format(', %d,%d)', self.dilationW, self.dilationH)
end

-- VolumetricDilatedMaxPooling -------------------------------------------------------------------
local VDMP = torch.class('nn.VolumetricDilatedMaxPooling', 'nn.VolumetricMaxPooling')

function VDMP:__init(kT, kW, kH, dT, dW, dH, padT, padW, padH, dilationT, dilationW, dilationH)
   nn.VolumetricMaxPooling.__init(self, kT, kW, kH, dT, dW, dH, padT, padW, padH)
   self.dilationT, self.dilationW, self.dilationH = dilationT or 1, dilationW or 1, dilationH or 1
end
local function vdmpArgs(s)
   return s.kT, s.kW, s.kH, s.dT, s.dW, s.dH, s.padT, s.padW, s.padH, s.dilationT, s.dilationW, s.dilationH,
      s.ceil_mode or false
end
function VDMP:updateOutput(input)
   local d = input:dim()
   self.itime, self.iheight, self.iwidth = input:size(d - 2), input:size(d - 1), input:size(d)
   K(input).VolumetricDilatedMaxPooling_updateOutput(input, self.output, longIndices(self), vdmpArgs(self))
   return self.output
end
function VDMP:updateGradInput(input, gradOutput)
   K(input).VolumetricDilatedMaxPooling_updateGradInput(input, gradOutput, self.gradInput, longIndices(self),
      vdmpArgs(self))
   return self.gradInput
end
function VDMP:__tostring__()
   local s = string.format('%s(%dx%dx%d, %d,%d,%d', torch.typename(self), self.kT, self.kW, self.kH,
      self.dT, self.dW, self.dH)
   if self.padT ~= 0 or self.padW ~= 0 or self.padH ~= 0 then
      s = s .. string.format(', %d,%d,%d', self.padT, self.padW, self.padH)
   end
   return s .. string.format(', %d,%d,%d)', self.dilationT, self.dilationW, self.dilationH)
end

-- Fractional max pooling: pseudo-random overlapping windows drawn per image and plane ------------
-- `dims` lists the pooled dimensions in the kernel's argument order ('T', 'W', 'H' or 'W', 'H');
-- `last` gives, for each, its position counted from the input's last dimension.
local function defineFractional(name, dims, last)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   local n = #dims
   local nd = n + 1 -- an input's dimensions without the batch
   function cls:__init(...)
      parent.__init(self)
      local a = {...}
      for i, d in ipairs(dims) do
         self['poolSize' .. d] = a[i]
         assert(a[i] >= 2)
      end
      self.randomSamples = nil
      self.newRandomPool = false -- true: keep the windows (fixPoolingRegions)
      local exact = true
      for i = 1, n do exact = exact and a[n + i] >= 1 end
      for i, d in ipairs(dims) do
         if exact then
            self['out' .. d] = a[n + i]
         else
            self['ratio' .. d] = a[n + i]
            assert(a[n + i] > 0 and a[n + i] < 1)
         end
      end
   end
   function cls:fixPoolingRegions(val)
      if val == nil then val = true end
      self.newRandomPool = val
      return self
   end
   local function samples(self, input)
      local d = input:dim()
      if d ~= nd and d ~= nd + 1 then error(string.format('input must be dim %d or %d', nd, nd + 1), 3) end
      local batch, planes = 1, input:size(1)
      if d == nd + 1 then batch, planes = input:size(1), input:size(2) end
      local rs = self.randomSamples
      if rs == nil or rs:type() ~= input:type() then
         self.randomSamples = input.new():resize(batch, planes, n):uniform()
      elseif rs:size(1) ~= batch or rs:size(2) ~= planes then
         rs:resize(batch, planes, n):uniform()
      elseif not self.newRandomPool then
         rs:uniform()
      end
   end
   local function outputSizes(self, input)
      local sizes = {}
      for i, d in ipairs(dims) do
         if self['ratio' .. d] then
            sizes[i] = math.floor(input:size(input:dim() - last[i]) * self['ratio' .. d])
            assert(sizes[i] > 0, 'reduction ratio or input size too small')
         else
            sizes[i] = self['out' .. d]
         end
      end
      return sizes
   end
   local function args(self, sizes)
      local a = {}
      for i, d in ipairs(dims) do a[i], a[n + i] = sizes[i], self['poolSize' .. d] end
      return unpack(a, 1, 2 * n)
   end
   function cls:updateOutput(input)
      samples(self, input)
      local k, sizes = K(input), outputSizes(self, input)
      local idx = longIndices(self)
      if n == 2 then
         k.SpatialFractionalMaxPooling_updateOutput(input, self.output, sizes[1], sizes[2], self.poolSizeW,
            self.poolSizeH, idx, self.randomSamples)
      else
         k.VolumetricFractionalMaxPooling_updateOutput(input, self.output, sizes[1], sizes[2], sizes[3],
            self.poolSizeT, self.poolSizeW, self.poolSizeH, idx, self.randomSamples)
      end
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      assert(self.randomSamples ~= nil, 'must call updateOutput/forward first')
      local k, sizes = K(input), outputSizes(self, input)
      if n == 2 then
         k.SpatialFractionalMaxPooling_updateGradInput(input, gradOutput, self.gradInput, sizes[1], sizes[2],
            self.poolSizeW, self.poolSizeH, self.indices)
      else
         k.VolumetricFractionalMaxPooling_updateGradInput(input, gradOutput, self.gradInput, sizes[1], sizes[2],
            sizes[3], self.poolSizeT, self.poolSizeW, self.poolSizeH, self.indices)
      end
      return self.gradInput
   end
   function cls:clearState()
      self.indices, self.randomSamples = nil, nil
      return parent.clearState(self)
   end
   cls.empty = cls.clearState
   keepLong(cls, 'indices')
   function cls:__tostring__()
      local outs, pools = {}, {}
      for i, d in ipairs(dims) do
         outs[i] = tostring(self['out' .. d] or self['ratio' .. d])
         pools[i] = tostring(self['poolSize' .. d])
      end
      return string.format('%s(%s, %s)', torch.typename(self), table.concat(outs, 'x'), table.concat(pools, ','))
   end
   return cls
end

-- nn.SpatialFractionalMaxPooling(poolSizeW, poolSizeH, outW | ratioW, outH | ratioH)
defineFractional('SpatialFractionalMaxPooling', {'W', 'H'}, {0, 1})
-- nn.VolumetricFractionalMaxPooling(poolSizeT, poolSizeW, poolSizeH, outT, outW, outH | ratios);
-- Torch7's layout puts time last: [N x] C x H x W x T.
defineFractional('VolumetricFractionalMaxPooling', {'T', 'W', 'H'}, {0, 1, 2})

-- Unpooling: scatter back to where a max pooling module found its maxima --------------------------
local SMU, parentSMU = torch.class('nn.SpatialMaxUnpooling', 'nn.Module')

function SMU:__init(poolingModule)
   parentSMU.__init(self)
   assert(torch.type(poolingModule) == 'nn.SpatialMaxPooling', 'Argument must be a nn.SpatialMaxPooling module')
   assert(poolingModule.kH == poolingModule.dH and poolingModule.kW == poolingModule.dW,
      "The size of pooling module's kernel must be equal to its stride")
   self.pooling = poolingModule
end
function SMU:setParams()
   self.indices = self.pooling.indices
   self.oheight, self.owidth = self.pooling.iheight, self.pooling.iwidth
   if not self.oheight then error('the pooling module has not run forward yet', 3) end
end
function SMU:updateOutput(input)
   self:setParams()
   K(input).SpatialMaxUnpooling_updateOutput(input, self.output, self.indices, self.owidth, self.oheight)
   return self.output
end
function SMU:updateGradInput(input, gradOutput)
   self:setParams()
   K(input).SpatialMaxUnpooling_updateGradInput(input, gradOutput, self.gradInput, self.indices, self.owidth,
      self.oheight)
   return self.gradInput
end
SMU.empty = nn.Module.clearState
keepLong(SMU, 'indices')
function SMU:__tostring__() return 'nn.SpatialMaxUnpooling associated to ' .. tostring(self.pooling) end

local VMU, parentVMU = torch.class('nn.VolumetricMaxUnpooling', 'nn.Module')

function VMU:__init(poolingModule)
   parentVMU.__init(self)
   assert(torch.type(poolingModule) == 'nn.VolumetricMaxPooling', 'Argument must be a nn.VolumetricMaxPooling module')
   local p = poolingModule
   assert(p.kT == p.dT and p.kH == p.dH and p.kW == p.dW, "The size of pooling module's kernel must be equal to its stride")
   self.pooling = poolingModule
end
function VMU:setParams()
   local p = self.pooling
   self.indices = p.indices
   self.otime, self.oheight, self.owidth = p.itime, p.iheight, p.iwidth
   if not self.otime then error('the pooling module has not run forward yet', 3) end
   self.dT, self.dH, self.dW = p.dT, p.dH, p.dW
   self.padT, self.padH, self.padW = p.padT, p.padH, p.padW
end
local function vmuArgs(s) return s.otime, s.owidth, s.oheight, s.dT, s.dW, s.dH, s.padT, s.padW, s.padH end
function VMU:updateOutput(input)
   self:setParams()
   K(input).VolumetricMaxUnpooling_updateOutput(input, self.output, self.indices, vmuArgs(self))
   return self.output
end
function VMU:updateGradInput(input, gradOutput)
   self:setParams()
   K(input).VolumetricMaxUnpooling_updateGradInput(input, gradOutput, self.gradInput, self.indices, vmuArgs(self))
   return self.gradInput
end
VMU.empty = nn.Module.clearState
keepLong(VMU, 'indices')
function VMU:__tostring__() return 'nn.VolumetricMaxUnpooling associated to ' .. tostring(self.pooling) end

-- VolumetricReplicationPadding: [N x] C x T x H x W, edges repeated -----------------------------------
local VRP, parentVRP = torch.class('nn.VolumetricReplicationPadding', 'nn.Module')

function VRP:__init(pleft, pright, ptop, pbottom, pfront, pback)
   parentVRP.__init(self)
   self.pleft = pleft
   self.pright = pright or pleft
   self.ptop = ptop or pleft
   self.pbottom = pbottom or pleft
   self.pfront = pfront or pleft
   self.pback = pback or pleft
end
local function vrpArgs(s) return s.pleft, s.pright, s.ptop, s.pbottom, s.pfront, s.pback end
function VRP:updateOutput(input)
   if input:dim() ~= 4 and input:dim() ~= 5 then error('input must be 4 or 5-dimensional', 2) end
   K(input).VolumetricReplicationPadding_updateOutput(input, self.output, vrpArgs(self))
   return self.output
end
function VRP:updateGradInput(input, gradOutput)
   local d = input:dim()
   if (d ~= 4 and d ~= 5) or gradOutput:dim() ~= d then
      error('input and gradOutput must be 4 or 5-dimensional and have equal number of dimensions', 2)
   end
   local o = d - 4
   local ok = gradOutput:size(1) == input:size(1) and (o == 0 or gradOutput:size(2) == input:size(2))
      and gradOutput:size(o + 2) == input:size(o + 2) + self.pfront + self.pback
      and gradOutput:size(o + 3) == input:size(o + 3) + self.ptop + self.pbottom
      and gradOutput:size(o + 4) == input:size(o + 4) + self.pleft + self.pright
   if not ok then error('input and gradOutput must be compatible in size', 2) end
   K(input).VolumetricReplicationPadding_updateGradInput(input, gradOutput, self.gradInput, vrpArgs(self))
   return self.gradInput
end
function VRP:__tostring__()
   return torch.typename(self) .. string.format('(left=%d, right=%d, top=%d, bottom=%d, front=%d, back=%d)',
      self.pleft, self.pright, self.ptop, self.pbottom, self.pfront, self.pback)
end

-- FeatureLPPooling: LP norms of `width` neighbouring features, `stride` apart --------------------
local FLP, parentFLP = torch.class('nn.FeatureLPPooling', 'nn.Module')

function FLP:__init(width, stride, power, batch_mode)
   parentFLP.__init(self)
   if width < 2 or width > 16 then error('width must be within 2 to 16') end
   if stride < 1 or stride > 4 then error('stride must be within 1 to 4') end
   self.width, self.stride, self.power = width, stride, power
   self.batch_mode = batch_mode
end
function FLP:updateOutput(input)
   K(input).FeatureLPPooling_updateOutput(input, self.output, self.power, self.width, self.stride,
      self.batch_mode and true or false)
   return self.output
end
function FLP:updateGradInput(input, gradOutput)
   K(input).FeatureLPPooling_updateGradInput(gradOutput, input, self.output, self.gradInput, self.power,
      self.width, self.stride, self.batch_mode and true or false)
   return self.gradInput
end
function FLP:__tostring__()
   return string.format('%s(w%d s%d power %d batch %d', torch.typename(self), self.width, self.stride,
      self.power, self.batch_mode and 1 or 0)
end

-- SpatialClassNLLCriterion: ClassNLLCriterion at every pixel of [N x C x H x W] ------------------
local SpatialNLL, parentSN = torch.class('nn.SpatialClassNLLCriterion', 'nn.Criterion')

function SpatialNLL:__init(weights, sizeAverage)
   parentSN.__init(self)
   if sizeAverage ~= nil then self.sizeAverage = sizeAverage else self.sizeAverage = true end
   if weights then
      assert(weights:dim() == 1, 'weights input should be 1-D Tensor')
      self.weights = weights
   end
   self.output_tensor = torch.zeros(1)
   self.total_weight_tensor = torch.ones(1)
   self.target = torch.zeros(1):long()
end

function SpatialNLL:__len() return self.weights and #self.weights or 0 end

-- the targets as a LongTensor (the kernel reads 1-based class indices)
local function spatialTarget(self, target)
   if type(target) == 'number' then
      self.target = torch.LongTensor(1)
      self.target[1] = target
   elseif torch.type(target) == 'torch.LongTensor' then
      self.target = target
   else
      self.target = self.target and torch.type(self.target) == 'torch.LongTensor' and self.target or torch.LongTensor()
      self.target:resize(target:size()):copy(target)
   end
   return self.target
end

local function spatialScalars(self, input)
   local T = nn.utils.tensorClass(input:type())
   if torch.type(self.output_tensor) ~= input:type() then self.output_tensor = T(1):zero() end
   if torch.type(self.total_weight_tensor) ~= input:type() then self.total_weight_tensor = T(1):fill(1) end
end

function SpatialNLL:updateOutput(input, target)
   local t = spatialTarget(self, target)
   spatialScalars(self, input)
   K(input).SpatialClassNLLCriterion_updateOutput(input, t, self.output_tensor, self.sizeAverage,
      THNN.optionalTensor(self.weights), self.total_weight_tensor)
   self.output = self.output_tensor[1]
   return self.output, self.total_weight_tensor[1]
end

function SpatialNLL:updateGradInput(input, target)
   local t = spatialTarget(self, target)
   spatialScalars(self, input)
   self.gradInput:resizeAs(input):zero()
   K(input).SpatialClassNLLCriterion_updateGradInput(input, t, self.gradInput, self.sizeAverage,
      THNN.optionalTensor(self.weights), self.total_weight_tensor)
   return self.gradInput
end

-- type conversion leaves the targets as longs
function SpatialNLL:type(t, cache)
   local target = self.target
   self.target = nil
   nn.Criterion.type(self, t, cache)
   self.target = target
   return self
end
