-- Noise and dropout by feature map, k-means, dynamic k-max pooling, spatial softmaxes and the
-- weight-normalised layers: torch/nn modules written in Lua over tensor operations.
local THNN = require 'nn.THNN'
local K = THNN.for_

-- WhiteNoise([mean [, std]]): adds Gaussian noise while training; adds only the mean otherwise.
local WhiteNoise, parentWN = torch.class('nn.WhiteNoise', 'nn.Module')
function WhiteNoise:__init(mean, std)
   parentWN.__init(self)
   self.mean = mean or 0
   self.std = std or 0.1
   self.noise = torch.Tensor()
end
function WhiteNoise:updateOutput(input)
   self.output:resizeAs(input):copy(input)
   if self.train ~= false then
      self.noise = self.noise:typeAs(input)
      self.noise:resizeAs(input):normal(self.mean, self.std)
      self.output:add(self.noise)
   elseif self.mean ~= 0 then
      self.output:add(self.mean)
   end
   return self.output
end
function WhiteNoise:updateGradInput(input, gradOutput)
   if self.train == false then error('backprop only defined while training', 2) end
   self.gradInput:resizeAs(gradOutput):copy(gradOutput)
   return self.gradInput
end
function WhiteNoise:clearState()
   self.noise:set()
   return nn.Module.clearState(self)
end
function WhiteNoise:__tostring__()
   return string.format('%s mean: %f, std: %f', torch.typename(self), self.mean, self.std)
end

-- SpatialDropout(p [, stochasticInference]) and VolumetricDropout: drop whole feature maps (the
-- noise has one value per sample and plane, broadcast over the map). Unlike nn.Dropout the kept
-- maps are not rescaled; evaluation multiplies by 1 - p instead.
local function featureDropout(name, mapDims)
   local cls, parent = torch.class('nn.' .. name, 'nn.Module')
   local batched, single = mapDims + 2, mapDims + 1
   function cls:__init(p, stochasticInference)
      parent.__init(self)
      self.p = p or 0.5
      self.train = true
      self.stochastic_inference = stochasticInference or false
      self.noise = torch.Tensor()
   end
   function cls:updateOutput(input)
      self.output:resizeAs(input):copy(input)
      if self.train or self.stochastic_inference then
         local sizes
         if input:dim() == batched then
            sizes = {input:size(1), input:size(2)}
         elseif input:dim() == single then
            sizes = {input:size(1)}
         else
            error(string.format('%s: input must be %dD (batch, planes, ...) or %dD (planes, ...), got %dD',
               name, batched, single, input:dim()), 2)
         end
         for _ = 1, mapDims do sizes[#sizes + 1] = 1 end
         self.noise = self.noise:typeAs(input)
         self.noise:resize(torch.LongStorage(sizes)):bernoulli(1 - self.p)
         self.output:cmul(self.noise:expandAs(input))
      else
         self.output:mul(1 - self.p)
      end
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      if not self.train then error('backprop only defined while training', 2) end
      self.gradInput:resizeAs(gradOutput):copy(gradOutput):cmul(self.noise:expandAs(input))
      return self.gradInput
   end
   function cls:setp(p) self.p = p end
   function cls:__tostring__() return string.format('%s(%f)', torch.typename(self), self.p) end
   function cls:clearState()
      if self.noise then self.noise:set() end
      return parent.clearState(self)
   end
end
featureDropout('SpatialDropout', 2)
featureDropout('VolumetricDropout', 3)

-- SpatialSoftMax, SpatialLogSoftMax: (log-)softmax over the planes at each pixel of a
-- [planes x h x w] or [batch x planes x h x w] input (THNN's SoftMax kernels do the spatial case).
for _, name in ipairs({'SoftMax', 'LogSoftMax'}) do
   local cls = torch.class('nn.Spatial' .. name, 'nn.Module')
   function cls:updateOutput(input)
      K(input)[name .. '_updateOutput'](input, self.output)
      return self.output
   end
   function cls:updateGradInput(input, gradOutput)
      K(input)[name .. '_updateGradInput'](input, gradOutput, self.gradInput, self.output)
      return self.gradInput
   end
end

-- TemporalDynamicKMaxPooling(minK [, factor]): keeps the k largest values of each feature along
-- the sequence ([seq x features] or [batch x seq x features]), in their original order, with
-- k = max(minK, ceil(factor * seqLength)).
local KMax, parentKM = torch.class('nn.TemporalDynamicKMaxPooling', 'nn.Module')
function KMax:__init(minK, factor)
   parentKM.__init(self)
   self.minK = minK
   self.factor = factor or 0
end
function KMax:updateOutput(input)
   if input:dim() ~= 2 and input:dim() ~= 3 then error('Only 2D or 3D(batch mode) accepted', 2) end
   local seqDim = input:dim() - 1
   local len = input:size(seqDim)
   local k = math.max(self.minK, math.ceil(self.factor * len))
   if len < k then
      error('Input sequence length (' .. len .. ') too small for desired k value (' .. k .. ')', 2)
   end
   local _, order = input:sort(seqDim, true)
   self.indices = order:narrow(seqDim, 1, k):sort(seqDim)
   self.output = input:gather(seqDim, self.indices)
   return self.output
end
function KMax:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(input):zero()
   -- the kept positions are distinct, so a scatter puts each gradient in its place
   self.gradInput:scatter(input:dim() - 1, self.indices, gradOutput)
   return self.gradInput
end
function KMax:type(t, cache)
   local idx = self.indices
   self.indices = nil
   parentKM.type(self, t, cache)
   self.indices = idx
   return self
end
function KMax:clearState()
   nn.utils.clear(self, 'indices')
   return parentKM.clearState(self)
end

-- Kmeans(k, dim [, scale]): k-means clustering as a module. forward gives each row's cluster
-- (1-based) and sets .loss (the summed squared distance to it); backward fills gradWeight so that
-- weight:add(-1, gradWeight) moves each centre to the mean of its rows (scale times the step).
local Kmeans, parentK = torch.class('nn.Kmeans', 'nn.Module')
function Kmeans:__init(k, dim, scale)
   parentK.__init(self)
   assert(k > 0, 'Clusters cannot be 0 or negative.')
   assert(dim > 0, 'Dimensionality cannot be 0 or negative.')
   self.k, self.dim, self.scale = k, dim, scale
   self.weight = torch.Tensor(k, dim)
   self.gradWeight = torch.Tensor(k, dim)
   self.loss = 0
   self.clusterSampleCount = torch.Tensor(k)
   self:reset()
end
function Kmeans:reset(stdev)
   stdev = stdev or 1
   self.weight:uniform(-stdev, stdev)
end
local function checkSamples(self, input)
   if input:dim() ~= 2 then error('Incorrect input dimensionality. Expecting 2D.', 3) end
   if input:size(2) ~= self.dim then error("Dimensionality of input and weight don't match.", 3) end
end
-- centres = k rows drawn at random (with replacement)
function Kmeans:initRandom(input)
   checkSamples(self, input)
   local n = input:size(1)
   assert(n >= self.k, 'Need atleast k samples for initialization.')
   local rows = torch.zeros(self.k):random(1, n)
   for i = 1, self.k do self.weight[i]:copy(input[rows[i]]) end
end
-- k-means++ flavour: each next centre is drawn among the (1 - p) fraction of rows farthest from
-- the centres chosen so far
function Kmeans:initKmeansPlus(input, p)
   checkSamples(self, input)
   self.p = p or self.p or 0.95
   assert(self.p >= 0 and self.p <= 1, 'P value should be between 0-1.')
   local n = input:size(1)
   local pcount = math.max(1, math.ceil((1 - self.p) * n))
   self.weight[1]:copy(input[torch.random(n)])
   local nearest = self.weight.new(n):fill(math.huge)
   for c = 2, self.k do
      local diff = input - self.weight[c - 1]:view(1, self.dim):expandAs(input)
      local d2 = diff:cmul(diff):sum(2):view(n)
      nearest:cmin(d2)
      local _, order = nearest:sort(1, true)
      self.weight[c]:copy(input[order[torch.random(pcount)]])
   end
end
function Kmeans:updateOutput(input)
   checkSamples(self, input)
   local n = input:size(1)
   -- squared distances [k x n] = |x|^2 + |w|^2 - 2 w.x, through explicit differences for accuracy
   local dist = self.weight.new(self.k, n)
   for c = 1, self.k do
      local diff = input - self.weight[c]:view(1, self.dim):expandAs(input)
      dist[c]:copy(diff:cmul(diff):sum(2):view(n))
   end
   local minScore, minIndx = dist:min(1)
   self._minIndx = minIndx:view(n)
   self.output:resize(n):copy(self._minIndx)
   self.loss = minScore:sum()
   return self.output
end
function Kmeans:updateGradInput(input, gradOutput)
   self.gradInput:resize(input:size()):zero()
   return self.gradInput
end
function Kmeans:accGradParameters(input, gradOutput, scale)
   scale = self.scale or scale or 1
   assert(scale > 0, 'Scale has to be positive.')
   local n = input:size(1)
   self.clusterSampleCount:zero()
   self.clusterSampleCount:indexAdd(1, self._minIndx, self.weight.new(n):fill(1))
   -- per row: -scale * (x - its centre), then summed per cluster and divided by the count
   local step = self.weight:index(1, self._minIndx):mul(-1):add(input):mul(-scale)
   local perCluster = self.gradWeight.new():resizeAs(self.gradWeight):zero()
   perCluster:indexAdd(1, self._minIndx, step)
   local counts = self.clusterSampleCount:clone():add(1e-7)
   perCluster:cdiv(counts:view(self.k, 1):expandAs(perCluster))
   self.gradWeight:add(perCluster)
end
function Kmeans:clearState()
   self._minIndx = nil
   return parentK.clearState(self)
end
function Kmeans:type(t, cache)
   self:clearState()
   return parentK.type(self, t, cache)
end

-- Weight normalisation: weight = g * v / ||v||, row by row (one row per output) -----------------
-- Given the weight gradient gw of a [rows x cols] weight: dL/dg = sum_j gw * v / ||v||, and
-- dL/dv = (g / ||v||) gw - (g / ||v||^2) (dL/dg) v. Adds them into gradG and gradV.
local function normGradients(gw, v, g, norm, gradG, gradV)
   local rows, cols = v:size(1), v:size(2)
   local normE = norm:contiguous():view(rows, 1):expand(rows, cols)
   local scaleE = torch.cdiv(g:contiguous():view(rows, 1), norm:contiguous():view(rows, 1)):expand(rows, cols)
   local dg = torch.cmul(gw, v):cdiv(normE):sum(2)
   gradG:add(dg:viewAs(gradG))
   local dv = torch.cmul(gw, scaleE)
   dv:add(-1, torch.cmul(v, scaleE):cdiv(normE):cmul(dg:expand(rows, cols)))
   gradV:add(dv:viewAs(gradV))
end

-- WeightNorm(module [, outputDim]): reparametrises module.weight by v and g. outputDim (default
-- 1) is the weight's output dimension; the weight is seen as [size(outputDim) x the rest].
local WeightNorm, parentWNm = torch.class('nn.WeightNorm', 'nn.Decorator')
function WeightNorm:__init(module, outputDim)
   parentWNm.__init(self, module)
   assert(module.weight, 'WeightNorm: the module has no weight')
   if module.bias then
      self.bias = module.bias
      self.gradBias = module.gradBias
   end
   self.weight = module.weight
   self.gradWeight = module.gradWeight
   self.outputDim = outputDim or 1
   self.otherDims = 1
   for d = 1, self.weight:dim() do
      if d ~= self.outputDim then self.otherDims = self.otherDims * self.weight:size(d) end
   end
   self.viewIn = torch.LongStorage({self.weight:size(self.outputDim), self.otherDims})
   -- the weight's sizes with outputDim moved to the front
   self.viewOut = self.weight:size()
   for d = self.outputDim - 1, 1, -1 do
      self.viewOut[d], self.viewOut[d + 1] = self.viewOut[d + 1], self.viewOut[d]
   end
   self.weightSize = self.weight:size()
   self.v = torch.Tensor(self.viewIn[1], self.viewIn[2])
   self.g = torch.Tensor(self.viewIn[1])
   self._norm = torch.Tensor(self.viewIn[1])
   self._scale = torch.Tensor(self.viewIn[1])
   self.gradG = torch.Tensor(self.viewIn[1]):zero()
   self.gradV = torch.Tensor(self.viewIn):zero()
   self:resetInit()
end
-- outputDim to the front (permuteIn) and back (permuteOut), by adjacent transpositions
function WeightNorm:permuteIn(t)
   for d = self.outputDim - 1, 1, -1 do t = t:transpose(d, d + 1) end
   return t
end
function WeightNorm:permuteOut(t)
   for d = 1, self.outputDim - 1 do t = t:transpose(d, d + 1) end
   return t
end
function WeightNorm:resetInit()
   self.v:normal(0, math.sqrt(2 / self.viewIn[2]))
   self.g:norm(self.v, 2, 2)
   if self.bias then self.bias:zero() end
end
-- weight from v and g (||v|| is kept off zero: sqrt(|v|^2 + 1e-4))
function WeightNorm:updateWeight()
   self._norm:norm(self.v, 2, 2):pow(2):add(10e-5):sqrt()
   self._scale:copy(self.g):cdiv(self._norm)
   local rows, cols = self.viewIn[1], self.viewIn[2]
   local w = torch.cmul(self.v, self._scale:view(rows, 1):expand(rows, cols))
   self.weight:copy(self:permuteOut(w:view(self.viewOut)))
end
function WeightNorm:updateOutput(input)
   if self.train ~= false then self:updateWeight() end
   self.output = self.modules[1]:updateOutput(input)
   return self.output
end
function WeightNorm:updateGradInput(input, gradOutput)
   self.gradInput = self.modules[1]:updateGradInput(input, gradOutput)
   return self.gradInput
end
function WeightNorm:accGradParameters(input, gradOutput, scale)
   local m = self.modules[1]
   -- this call's weight gradient, into a zeroed buffer, then added to gradWeight as well
   local saved = m.gradWeight
   local buffer = saved.new():resizeAs(saved):zero()
   m.gradWeight = buffer
   local ok, err = pcall(m.accGradParameters, m, input, gradOutput, scale or 1)
   m.gradWeight = saved
   if not ok then error(err, 0) end
   saved:add(buffer)
   local gw = self:permuteIn(buffer):contiguous():view(self.viewIn)
   normGradients(gw, self.v, self.g, self._norm, self.gradG, self.gradV)
end
function WeightNorm:zeroGradParameters()
   self.modules[1]:zeroGradParameters()
   self.gradV:zero()
   self.gradG:zero()
end
function WeightNorm:updateParameters(lr)
   if self.bias then self.bias:add(-lr, self.gradBias) end
   self.g:add(-lr, self.gradG)
   self.v:add(-lr, self.gradV)
end
function WeightNorm:parameters()
   if self.bias then return {self.v, self.g, self.bias}, {self.gradV, self.gradG, self.gradBias} end
   return {self.v, self.g}, {self.gradV, self.gradG}
end
function WeightNorm:evaluate()
   if self.train ~= false then self:updateWeight() end
   return parentWNm.evaluate(self)
end
-- weight and gradWeight are not saved: read() recomputes them from v and g
function WeightNorm:write(file)
   local m = self.modules[1]
   local w, gw = m.weight, m.gradWeight
   self.weightSize = self.weightSize or w:size()
   self.weight, self.gradWeight, m.weight, m.gradWeight = nil, nil, nil, nil
   local ok, err = pcall(parentWNm.write, self, file)
   self.weight, self.gradWeight, m.weight, m.gradWeight = w, gw, w, gw
   if not ok then error(err, 0) end
end
function WeightNorm:read(file, version)
   parentWNm.read(self, file, version)
   if not self.weight then
      local m = self.modules[1]
      m.weight = self.v.new(self.weightSize)
      m.gradWeight = self.v.new(self.weightSize)
      self.weight, self.gradWeight = m.weight, m.gradWeight
      self:updateWeight()
      self.gradWeight:copy(self:permuteOut(self.gradV:view(self.viewOut)))
   end
end

-- LinearWeightNorm(inputSize, outputSize [, bias [, eps]]): Linear with weight = g * v / ||v||
-- (g is [outputSize x 1]; ||v|| is clamped to at least eps).
local LWN, parentLWN = torch.class('nn.LinearWeightNorm', 'nn.Linear')
function LWN:__init(inputSize, outputSize, bias, eps)
   nn.Module.__init(self)
   bias = bias == nil and true or bias
   self.eps = eps or 1e-16
   self.inputSize, self.outputSize = inputSize, outputSize
   self.v = torch.Tensor(outputSize, inputSize)
   self.gradV = torch.Tensor(outputSize, inputSize)
   self.weight = torch.Tensor(outputSize, inputSize)
   self.g = torch.Tensor(outputSize, 1)
   self.gradG = torch.Tensor(outputSize, 1)
   self.norm = torch.Tensor(outputSize, 1)
   self.scale = torch.Tensor(outputSize, 1)
   if bias then
      self.bias = torch.Tensor(outputSize)
      self.gradBias = torch.Tensor(outputSize)
   end
   self:reset()
end
function LWN:initFromWeight(weight)
   weight = weight or self.weight
   self.g:norm(weight, 2, 2):clamp(self.eps, math.huge)
   self.v:copy(weight)
   return self
end
function LWN.fromLinear(linear)
   local m = nn.LinearWeightNorm(linear.weight:size(2), linear.weight:size(1), torch.isTensor(linear.bias))
   m.weight:copy(linear.weight)
   m:initFromWeight()
   if linear.bias then m.bias:copy(linear.bias) end
   return m
end
function LWN:toLinear()
   self:updateWeightMatrix()
   local m = nn.Linear(self.inputSize, self.outputSize, torch.isTensor(self.bias))
   m.weight:copy(self.weight)
   if self.bias then m.bias:copy(self.bias) end
   return m
end
function LWN:parameters()
   if self.bias then return {self.v, self.g, self.bias}, {self.gradV, self.gradG, self.gradBias} end
   return {self.v, self.g}, {self.gradV, self.gradG}
end
function LWN:reset(stdv)
   stdv = stdv and stdv * math.sqrt(3) or 1 / math.sqrt(self.inputSize)
   self.weight:uniform(-stdv, stdv)
   self:initFromWeight()
   if self.bias then self.bias:uniform(-stdv, stdv) end
end
function LWN:updateWeightMatrix()
   if self.norm:dim() == 0 then self.norm:resizeAs(self.g) end
   if self.scale:dim() == 0 then self.scale:resizeAs(self.g) end
   if self.weight:dim() == 0 then self.weight:resizeAs(self.v) end
   self.norm:norm(self.v, 2, 2):clamp(self.eps, math.huge)
   self.scale:cdiv(self.g, self.norm)
   self.weight:cmul(self.v, self.scale:expandAs(self.v))
end
function LWN:updateOutput(input)
   if self.train ~= false then self:updateWeightMatrix() end
   return parentLWN.updateOutput(self, input)
end
function LWN:accGradParameters(input, gradOutput, scale)
   scale = scale or 1
   local gw = self.v.new():resizeAs(self.v):zero()
   if input:dim() == 1 then
      gw:addr(scale, gradOutput, input)
      if self.bias then self.gradBias:add(scale, gradOutput) end
   elseif input:dim() == 2 then
      gw:addmm(scale, gradOutput:t(), input)
      if self.bias then self.gradBias:add(scale, gradOutput:sum(1):view(self.outputSize)) end
   else
      error('LinearWeightNorm: input must be 1D or 2D, got ' .. input:dim() .. 'D', 2)
   end
   normGradients(gw, self.v, self.g, self.norm, self.gradG, self.gradV)
end
-- one step straight into v, g and bias (their gradients are left alone)
function LWN:defaultAccUpdateGradParameters(input, gradOutput, lr)
   local gv, gg, gb = self.gradV, self.gradG, self.gradBias
   self.gradV, self.gradG, self.gradBias = self.v, self.g, self.bias
   local ok, err = pcall(self.accGradParameters, self, input, gradOutput, -lr)
   self.gradV, self.gradG, self.gradBias = gv, gg, gb
   if not ok then error(err, 0) end
end
function LWN:evaluate()
   if self.train ~= false then self:updateWeightMatrix() end
   return parentLWN.evaluate(self)
end
function LWN:clearState()
   nn.utils.clear(self, 'weight', 'norm', 'scale')
   return parentLWN.clearState(self)
end
function LWN:__tostring__()
   return torch.typename(self) .. string.format('(%d -> %d)', self.inputSize, self.outputSize) ..
      (self.bias == nil and ' without bias' or '')
end

-- Convert([inputShape [, outputShape]]): changes the layout of a tensor between shapes named by
-- letters ('bchw' -> 'bf', 'chw' -> 'hwc', ...; b is the batch, added when missing), and converts
-- its input to the module's own tensor type. Same letters in another order: a transposition;
-- otherwise the named conversions bf, b and bt. The work is done by a child module (the
-- converter, modules[1]) built at the first forward.
local Convert, parentCv = torch.class('nn.Convert', 'nn.Container')
function Convert:__init(inputShape, outputShape)
   if outputShape and not inputShape then error('Expecting non-nil arg 1 when arg 2 is provided', 2) end
   inputShape = inputShape or 'b*'
   outputShape = outputShape or inputShape
   self.inputShape = inputShape:find('b') and inputShape or ('b' .. inputShape)
   self.outputShape = outputShape:find('b') and outputShape or ('b' .. outputShape)
   self.inputBatchDim = self.inputShape:find('b')
   self.outputBatchDim = self.outputShape:find('b')
   if self.inputShape == 'b*' or self.outputShape == 'b*' then
      assert(self.inputShape == 'b*' and self.outputShape == 'b*', 'Both or neither shapes must be b*')
      self.nInputDim, self.nOutputDim = -1, -1
      self.transposition = true
   else
      self.nInputDim, self.nOutputDim = #self.inputShape, #self.outputShape
      if self.nInputDim == self.nOutputDim then
         self.transposition = true
         for i = 1, self.nInputDim do
            if not self.outputShape:find(self.inputShape:sub(i, i), 1, true) then self.transposition = false end
         end
      end
   end
   parentCv.__init(self)
end
function Convert:findAxis(letter, shape, silent)
   shape = shape or self.inputShape
   local pos = shape:find(letter, 1, true)
   if not pos and not silent then error("Provided shape '" .. shape .. "' has no axis '" .. letter .. "'", 2) end
   return pos
end
-- the transpositions that reorder the input's letters into newShape
function Convert:transpose(newShape)
   if newShape == self.inputShape then return nn.Identity() end
   local letters = {}
   for i = 1, #self.inputShape do letters[i] = self.inputShape:sub(i, i) end
   local swaps = {}
   for i = 1, #newShape do
      local j
      for k, l in ipairs(letters) do if l == newShape:sub(i, i) then j = k break end end
      if i ~= j then
         letters[i], letters[j] = letters[j], letters[i]
         swaps[#swaps + 1] = {j, i}
      end
   end
   return nn.Transpose(unpack(swaps))
end
-- batch x features
function Convert:bf(input)
   local dim = #self.inputShape
   if self.inputShape == 'bt' then error('Conversion of shape bt to bf not supported', 2) end
   if dim == 1 then return nn.Reshape(1) end
   local bpos = self:findAxis('b')
   local m = bpos ~= 1 and nn.Transpose({1, bpos}) or nil
   if dim > 2 then
      local reshape = nn.Reshape(input:select(bpos, 1):nElement())
      m = m and nn.Sequential():add(m):add(reshape) or reshape
   end
   return m or nn.Identity()
end
-- one scalar per example
function Convert:b(input)
   if not nn.Select then error('Convert to b needs nn.Select', 2) end
   if self.inputShape == 'bt' or self.inputShape == 'tb' then return nn.Select(self:findAxis('t'), 1) end
   if self.inputShape == 'bf' or self.inputShape == 'fb' then
      local fpos = self:findAxis('f')
      if input:size(fpos) > 1 then error('Cannot convert shape ' .. self.inputShape .. ' to b when feature > 1', 2) end
      return nn.Select(fpos, 1)
   end
   error('Cannot convert shape ' .. self.inputShape .. ' to shape b', 2)
end
function Convert:bt()
   if self.inputShape ~= 'b' then error("cannot convert shape '" .. self.inputShape .. "' to bt", 2) end
   return nn.Reshape(1)
end
function Convert:default() return nn.Identity() end
function Convert:buildConverter(input)
   if self.transposition then
      self.converter = self:transpose(self.outputShape)
   else
      local build = self[self.outputShape]
      if type(build) ~= 'function' then
         error(string.format('Unrecognized conversion of shape %s to %s', self.inputShape, self.outputShape), 3)
      end
      self.converter = build(self, input)
   end
   self.converter:type(torch.type(self.output))
   self.modules[1] = self.converter
end
local function withSize(view, t, sizes) return view:set(t):resize(torch.LongStorage(sizes)) end
function Convert:updateOutput(input)
   assert(torch.isTensor(input), 'expecting Tensor')
   if torch.type(input) ~= torch.type(self.output) then
      self._input = self._input or self.output.new()
      self._input:resize(input:size()):copy(input)
      input = self._input
   end
   self.batchMode = true
   if input:dim() < self.nInputDim then
      local sizes = input:size():totable()
      table.insert(sizes, self.inputBatchDim, 1)
      self.__input = withSize(self.__input or input.new(), input, sizes)
      input = self.__input
      self.batchMode = false
   end
   if not self.converter then self:buildConverter(input) end
   self.output = self.converter:updateOutput(input)
   if not self.batchMode then
      local sizes = self.output:size():totable()
      table.remove(sizes, self.outputBatchDim)
      self.__output = withSize(self.__output or self.output.new(), self.output, sizes)
      self.output = self.__output
   end
   return self.output
end
function Convert:updateGradInput(input, gradOutput)
   local original = input
   input = self._input or input
   if not self.batchMode then
      input = self.__input
      self.__gradOutput = withSize(self.__gradOutput or gradOutput.new(), gradOutput:contiguous(),
         self.converter.output:size():totable())
      gradOutput = self.__gradOutput
   end
   local g = self.converter:updateGradInput(input, gradOutput)
   if not self.batchMode then
      self.__gradInput = withSize(self.__gradInput or g.new(), g:contiguous(), original:size():totable())
      g = self.__gradInput
   end
   if self._input then
      self._gradInput = self._gradInput or original.new()
      self._gradInput:resize(original:size()):copy(g)
      self.gradInput = self._gradInput
   else
      self.gradInput = g
   end
   return self.gradInput
end
function Convert:accGradParameters(input, gradOutput, scale)
   input = self.batchMode and (self._input or input) or self.__input
   gradOutput = self.batchMode and gradOutput or self.__gradOutput
   self.converter:accGradParameters(input, gradOutput, scale)
end
function Convert:clearState()
   self._input, self._gradInput, self.__input, self.__output, self.__gradInput, self.__gradOutput =
      nil, nil, nil, nil, nil, nil
   return self
end
function Convert:type(t, cache)
   if not t then return self._type end
   self:clearState()
   return parentCv.type(self, t, cache)
end
