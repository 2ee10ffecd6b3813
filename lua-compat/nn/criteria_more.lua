-- Criteria written in Lua over tensor math (and THNN's MSECriterion): HingeEmbedding,
-- CosineEmbedding, MarginRanking, DistanceRatio, ClassSimplex, MultiLabelSoftMargin, WeightedMSE,
-- SpatialAutoCropMSE; the combinators ModuleCriterion, MultiCriterion, ParallelCriterion; and the
-- L1Penalty module. Field names follow torch/nn's, so saved criteria load both ways.
local THNN = require 'nn.THNN'
local K = THNN.for_
local distance = require 'nn.distance'

local emptyLike, buffer = nn.utils.emptyLike, nn.utils.buffer

-- a label given as a number becomes a one-element tensor of like's type (kept in self[name])
local function labels(self, name, y, like)
   if torch.isTensor(y) then return y end
   local t = buffer(self, name, like)
   t:resize(1)
   t[1] = y
   return t
end

local function mse(input, target, sizeAverage)
   local out = emptyLike(input):resize(1)
   K(input).MSECriterion_updateOutput(input, target, out, sizeAverage)
   return out[1]
end

local function mseGrad(self, input, target)
   K(input).MSECriterion_updateGradInput(input, target, self.gradInput, self.sizeAverage)
   return self.gradInput
end

-- HingeEmbeddingCriterion([margin]): x for y = 1, max(0, margin - x) for y = -1 ----------------
local Hinge, parentH = torch.class('nn.HingeEmbeddingCriterion', 'nn.Criterion')
function Hinge:__init(margin)
   parentH.__init(self)
   self.margin = margin or 1
   self.sizeAverage = true
end
function Hinge:updateOutput(input, y)
   y = labels(self, 'ty', y, input)
   local b = buffer(self, 'buffer', input)
   local pos = torch.eq(y, 1):typeAs(input)
   local neg = torch.eq(y, -1):typeAs(input)
   local total = b:resizeAs(input):copy(input):cmul(pos):sum()
   b:fill(self.margin):add(-1, input):cmax(0):cmul(neg)
   total = total + b:sum()
   if self.sizeAverage == nil or self.sizeAverage then total = total / input:nElement() end
   self.output = total
   return self.output
end
function Hinge:updateGradInput(input, y)
   -- 1 where y = 1; -1 where y = -1 and x <= margin; 0 elsewhere
   y = labels(self, 'ty', y, input)
   self.gradInput:resizeAs(input):copy(y)
   local inactive = torch.eq(y, -1):cmul(torch.gt(input, self.margin))
   self.gradInput:maskedFill(inactive, 0)
   if self.sizeAverage == nil or self.sizeAverage then self.gradInput:mul(1 / input:nElement()) end
   return self.gradInput
end

-- CosineEmbeddingCriterion([margin]): {x1, x2}, y -> 1 - cos for y = 1, max(0, cos - margin)
-- for y = -1, per row ---------------------------------------------------------------------------
local CosEmb, parentCE = torch.class('nn.CosineEmbeddingCriterion', 'nn.Criterion')
function CosEmb:__init(margin)
   parentCE.__init(self)
   self.margin = margin or 0
   self.gradInput = {torch.Tensor(), torch.Tensor()}
   self.sizeAverage = true
end
local function rows(x)
   if x:dim() == 1 then return x:contiguous():view(1, x:size(1)), true end
   return x:contiguous(), false
end
function CosEmb:updateOutput(input, y)
   local x1 = rows(input[1])
   local x2 = rows(input[2])
   y = labels(self, '_y', y, x1)
   distance.cosineParts(self, x1, x2)
   -- per-row loss, kept in _outputs (its sign decides which rows have a gradient)
   local cos = emptyLike(x1):cmul(self.w1, self.w):select(2, 1)
   self._outputs = buffer(self, '_outputs', x1)
   local l = self._outputs:resizeAs(cos):zero()
   local isPos = torch.eq(y, 1)
   local isNeg = torch.eq(y, -1)
   l:maskedCopy(isPos, cos:clone():mul(-1):add(1):maskedSelect(isPos))
   l:maskedCopy(isNeg, cos:clone():add(-self.margin):cmax(0):maskedSelect(isNeg))
   self.output = l:sum()
   if self.sizeAverage then self.output = self.output / y:size(1) end
   return self.output
end
function CosEmb:updateGradInput(input, y)
   local x1, single = rows(input[1])
   local x2 = rows(input[2])
   y = labels(self, '_y', y, x1)
   for i = 1, 2 do self.gradInput[i] = self.gradInput[i] or emptyLike(x1) end
   distance.cosineGrads(self, x1, x2, nil, self.gradInput)
   local g1, g2 = self.gradInput[1], self.gradInput[2]
   -- rows with no loss get no gradient; rows with y = 1 minimise 1 - cos
   local sign = emptyLike(x1):resize(x1:size(1)):fill(1)
   sign:maskedFill(torch.eq(y, 1), -1)
   sign:maskedFill(torch.le(self._outputs, 0), 0)
   local s = sign:view(-1, 1):expandAs(g1)
   g1:cmul(s)
   g2:cmul(s)
   if self.sizeAverage then
      g1:div(y:size(1))
      g2:div(y:size(1))
   end
   if single then
      g1:resize(x1:size(2))
      g2:resize(x2:size(2))
   end
   return self.gradInput
end
function CosEmb:type(t, cache)
   self._idx = nil
   parentCE.type(self, t, cache)
   self._idx = torch.ByteTensor()
   return self
end

-- MarginRankingCriterion([margin]): {x1, x2}, y -> max(0, -y (x1 - x2) + margin) ---------------
local MR, parentMR = torch.class('nn.MarginRankingCriterion', 'nn.Criterion')
function MR:__init(margin)
   parentMR.__init(self)
   self.margin = margin or 1
   self.gradInput = {torch.Tensor(1), torch.Tensor(1)}
   self.sizeAverage = true
end
function MR:updateOutput(input, y)
   if torch.type(y) == 'number' then
      self.output = math.max(0, -y * (input[1][1] - input[2][1]) + self.margin)
      return self.output
   end
   local d = buffer(self, '_output', input[1])
   d:resizeAs(input[1]):copy(input[1]):add(-1, input[2]):mul(-1):cmul(y):add(self.margin):cmax(0)
   self.output = d:sum()
   if self.sizeAverage then self.output = self.output / y:size(1) end
   return self.output
end
function MR:updateGradInput(input, y)
   if torch.type(y) == 'number' then
      local active = -y * (input[1][1] - input[2][1]) + self.margin >= 0
      self.gradInput[1][1] = active and -y or 0
      self.gradInput[2][1] = active and y or 0
      return self.gradInput
   end
   local dist = buffer(self, 'dist', input[1])
   dist:resizeAs(input[1]):copy(input[1]):add(-1, input[2]):mul(-1):cmul(y):add(self.margin)
   self.mask = buffer(self, 'mask', input[1])
   self.mask:resizeAs(dist):copy(torch.ge(dist, 0))
   self.gradInput[1]:resizeAs(dist):copy(self.mask):cmul(y):mul(-1)
   self.gradInput[2]:resizeAs(dist):copy(self.mask):cmul(y)
   if self.sizeAverage then
      self.gradInput[1]:div(y:size(1))
      self.gradInput[2]:div(y:size(1))
   end
   return self.gradInput
end

-- DistanceRatioCriterion([sizeAverage]): {X, Y} (distances to a similar and a dissimilar
-- sample) -> -log(exp(-X) / (exp(-X) + exp(-Y))) = X + log(exp(-X) + exp(-Y)) ------------------
local DR, parentDR = torch.class('nn.DistanceRatioCriterion', 'nn.Criterion')
function DR:__init(sizeAverage)
   parentDR.__init(self)
   if sizeAverage ~= nil then self.sizeAverage = sizeAverage else self.sizeAverage = true end
end
local function checkDistances(input)
   assert(#input == 2, 'Invalid number of inputs')
   local X, Y = input[1], input[2]
   assert(X:nElement() == Y:nElement(), "Number of distances don't match.")
   assert(X:size(1) == Y:size(1), "Invalid distances' size.")
   return X, Y
end
function DR:updateOutput(input)
   local X, Y = checkDistances(input)
   self._expMinusX = buffer(self, '_expMinusX', X)
   self._expMinusY = buffer(self, '_expMinusY', Y)
   self._expMinusX:resizeAs(X):copy(X):mul(-1):exp()
   self._expMinusY:resizeAs(Y):copy(Y):mul(-1):exp()
   self._sumExpMinusXY = buffer(self, '_sumExpMinusXY', X)
   self._sumExpMinusXY:resizeAs(X):copy(self._expMinusX):add(self._expMinusY)
   self._logSumExpMinusXY = buffer(self, '_logSumExpMinusXY', X)
   self._logSumExpMinusXY:resizeAs(X):copy(self._sumExpMinusXY):log()
   self.loss = buffer(self, 'loss', X)
   self.loss:resizeAs(X):copy(X):add(self._logSumExpMinusXY)
   self.output = self.loss:sum()
   if self.sizeAverage then self.output = self.output / X:size(1) end
   return self.output
end
function DR:updateGradInput(input)
   -- dL/dX = 1 - exp(-X) / S, dL/dY = -exp(-Y) / S, S = exp(-X) + exp(-Y)
   local X, Y = checkDistances(input)
   self.dX = buffer(self, 'dX', X)
   self.dY = buffer(self, 'dY', Y)
   self.dX:resizeAs(X):copy(self._expMinusX):mul(-1):cdiv(self._sumExpMinusXY):add(1)
   self.dY:resizeAs(Y):copy(self._expMinusY):mul(-1):cdiv(self._sumExpMinusXY)
   if self.sizeAverage then
      self.dX:div(X:size(1))
      self.dY:div(X:size(1))
   end
   self.gradInput = {self.dX, self.dY}
   return self.gradInput
end
function DR:type(t, cache)
   if t then
      for _, n in ipairs({'_expMinusX', '_expMinusY', '_sumExpMinusXY', '_logSumExpMinusXY', 'loss', 'dX', 'dY'}) do
         self[n] = nil
      end
   end
   return parentDR.type(self, t, cache)
end

-- ClassSimplexCriterion(nClasses): MSE between the input and the vertex of a regular simplex
-- (centred at the origin, unit vertices) that stands for the target class -----------------------
-- The (n+1) x n vertices: row k gets a diagonal entry making it a unit vector, and every later row
-- gets the value in column k that makes their dot product with row k equal to -1/n.
local function simplexVertices(n)
   local a = torch.zeros(n + 1, n)
   for k = 1, n do
      local sq = 0
      for j = 1, k - 1 do sq = sq + a[k][j] * a[k][j] end
      local diag = k == 1 and 1 or math.sqrt(1 - sq)
      a[k][k] = diag
      local c = (diag * diag - 1 - 1 / n) / diag
      for r = k + 1, n + 1 do a[r][k] = c end
   end
   return a
end

local CS, parentCS = torch.class('nn.ClassSimplexCriterion', 'nn.MSECriterion')
function CS:__init(nClasses)
   parentCS.__init(self)
   assert(nClasses and nClasses > 1 and nClasses == math.floor(nClasses),
      'Required positive integer argument nClasses > 1')
   self.nClasses = nClasses
   local v = simplexVertices(nClasses - 1)
   self.simplex = torch.cat(v, torch.zeros(v:size(1), nClasses - v:size(2)), 2)
   self._target = torch.Tensor(nClasses)
end
local function simplexTarget(self, target)
   if torch.type(target) == 'number' then
      self._target:resize(self.nClasses):copy(self.simplex[target])
   elseif torch.isTensor(target) then
      assert(target:dim() == 1, '1D tensors only!')
      self._target:resize(target:size(1), self.nClasses)
      for i = 1, target:size(1) do self._target[i]:copy(self.simplex[target[i]]) end
   end
end
function CS:updateOutput(input, target)
   simplexTarget(self, target)
   assert(input:nElement() == self._target:nElement(), 'input has ' .. input:nElement() ..
      ' elements, the simplex target ' .. self._target:nElement())
   self.output = mse(input, self._target:typeAs(input), self.sizeAverage)
   return self.output
end
function CS:updateGradInput(input, target)
   assert(input:nElement() == self._target:nElement(), 'input has ' .. input:nElement() ..
      ' elements, the simplex target ' .. self._target:nElement())
   return mseGrad(self, input, self._target:typeAs(input))
end
function CS:getPredictions(input)
   if input:dim() == 1 then input = input:view(1, -1) end
   return torch.mm(input, self.simplex:typeAs(input):t())
end
function CS:getTopPrediction(input)
   local scores = self:getPredictions(input)
   local _, best = scores:max(scores:dim())
   return best:view(-1)
end

-- MultiLabelSoftMarginCriterion([weights [, sizeAverage]]): the binary cross-entropy of
-- sigmoid(input) against 0/1 targets, optionally weighted per class ---------------------------
local MLSM, parentML = torch.class('nn.MultiLabelSoftMarginCriterion', 'nn.Criterion')
function MLSM:__init(weights, sizeAverage)
   parentML.__init(self)
   if sizeAverage ~= nil then self.sizeAverage = sizeAverage else self.sizeAverage = true end
   if weights ~= nil then
      assert(weights:dim() == 1, 'weights input should be 1-D Tensor')
      self.weights = weights
   end
   self.sigmoid = nn.Sigmoid()
end
local function classWeights(self, target)
   local w = self.weights
   if w ~= nil and target:dim() ~= 1 then w = w:view(1, target:size(2)):expandAs(target) end
   return w
end
function MLSM:updateOutput(input, target)
   local w = classWeights(self, target)
   local x = input:contiguous():view(input:nElement())
   local t = target:contiguous():view(target:nElement())
   self.sigmoid:updateOutput(x)
   -- log(1 + exp(-|x|)) + max(x, 0) - t x, which is -t log s(x) - (1 - t) log(1 - s(x))
   self._buffer1 = buffer(self, '_buffer1', input)
   self._buffer2 = buffer(self, '_buffer2', input)
   self._buffer2:resizeAs(x):copy(x):abs():mul(-1):exp():add(1):log()
   self._buffer1:resizeAs(x):copy(x):cmax(0)
   self._buffer2:add(self._buffer1):addcmul(-1, t, x)
   if w ~= nil then self._buffer2:cmul(w:contiguous():view(-1)) end
   self.output = self._buffer2:sum()
   if self.sizeAverage then self.output = self.output / input:nElement() end
   return self.output
end
function MLSM:updateGradInput(input, target)
   local w = classWeights(self, target)
   self.gradInput:resizeAs(input):copy(self.sigmoid.output):add(-1, target)
   if w ~= nil then self.gradInput:cmul(w) end
   if self.sizeAverage then self.gradInput:div(target:nElement()) end
   return self.gradInput
end

-- WeightedMSECriterion(w): MSE between the input and the target scaled componentwise by w (per
-- row of a batch when w has one dimension fewer than the input) ---------------------------------
local WMSE, parentW = torch.class('nn.WeightedMSECriterion', 'nn.MSECriterion')
function WMSE:__init(w)
   parentW.__init(self)
   self.weight = w:clone()
end
local function weightedTarget(self, input, target)
   self.buffer = buffer(self, 'buffer', input)
   self.buffer:resizeAs(input):copy(target)
   if input:dim() - 1 == self.weight:dim() then
      for i = 1, input:size(1) do self.buffer[i]:cmul(self.weight) end
   else
      self.buffer:cmul(self.weight)
   end
   return self.buffer
end
function WMSE:updateOutput(input, target)
   self.output = mse(input, weightedTarget(self, input, target), self.sizeAverage)
   return self.output
end
function WMSE:updateGradInput(input, target)
   return mseGrad(self, input, weightedTarget(self, input, target))
end

-- SpatialAutoCropMSECriterion([sizeAverage]): MSE against the target centre-cropped to the
-- input's height and width (3D or 4D) ---------------------------------------------------------------
local SAC, parentSAC = torch.class('nn.SpatialAutoCropMSECriterion', 'nn.MSECriterion')
function SAC:__init(sizeAverage) parentSAC.__init(self, sizeAverage) end
local function cropTarget(input, target)
   assert(input:dim() == target:dim(), 'input and target should have the same number of dimensions')
   local nd = input:dim()
   assert(nd == 4 or nd == 3, 'input and target must have 3 or 4 dimensions')
   local c = nd - 2
   assert(input:size(c) == target:size(c), 'Target and input must have same number of channels')
   if nd == 4 then assert(input:size(1) == target:size(1), 'Target and input must have same batch size') end
   local h, w = input:size(nd - 1), input:size(nd)
   local th, tw = target:size(nd - 1), target:size(nd)
   assert(h <= th and w <= tw,
      'input resolution must be smaller or equal to the spatial resolution of the target')
   local top = 1 + math.floor((th - h) / 2)
   local left = 1 + math.floor((tw - w) / 2)
   return target:narrow(nd - 1, top, h):narrow(nd, left, w)
end
function SAC:updateOutput(input, target)
   return nn.MSECriterion.updateOutput(self, input, cropTarget(input, target))
end
function SAC:updateGradInput(input, target)
   return nn.MSECriterion.updateGradInput(self, input, cropTarget(input, target))
end

-- ModuleCriterion(criterion [, inputModule [, targetModule [, castTarget]]]): the criterion on
-- inputModule(input) and targetModule(target) -------------------------------------------------------
local MC, parentMC = torch.class('nn.ModuleCriterion', 'nn.Criterion')
function MC:__init(criterion, inputModule, targetModule, castTarget)
   self.inputModule = inputModule
   self.targetModule = targetModule
   self.castTarget = castTarget == nil and true or castTarget
   if inputModule then
      local params = inputModule:parameters()
      if params and #params > 0 then print("Warning: nn.ModuleCriterion doesn't support parameter updates") end
   end
   self.criterion = criterion
end
function MC:updateOutput(input, target)
   if self.inputModule then self.input = self.inputModule:forward(input) end
   if self.targetModule then self.target = self.targetModule:forward(target) end
   self.output = self.criterion:forward(self.input or input, self.target or target)
   return self.output
end
function MC:updateGradInput(input, target)
   self.gradInput = self.criterion:backward(self.input or input, self.target or target)
   if self.inputModule then self.gradInput = self.inputModule:backward(input, self.gradInput) end
   return self.gradInput
end
function MC:type(t, cache)
   cache = cache or {}
   if self.inputModule then self.inputModule:type(t, cache) end
   if self.castTarget and self.targetModule then self.targetModule:type(t, cache) end
   self.criterion:type(t, cache)
   -- the modules are converted (or deliberately left alone): convert the other fields only
   local keep = {inputModule = self.inputModule, targetModule = self.targetModule, criterion = self.criterion}
   for k in pairs(keep) do self[k] = nil end
   parentMC.type(self, t, cache)
   for k, v in pairs(keep) do self[k] = v end
   return self
end

-- MultiCriterion: a weighted sum of criteria on the same input and target -----------------------
local Multi, parentMu = torch.class('nn.MultiCriterion', 'nn.Criterion')
function Multi:__init()
   parentMu.__init(self)
   self.criterions = {}
   self.weights = torch.DoubleStorage()
end
function Multi:add(criterion, weight)
   assert(criterion, 'no criterion provided')
   table.insert(self.criterions, criterion)
   local n = #self.criterions
   local w = torch.DoubleStorage(n)
   for i = 1, n - 1 do w[i] = self.weights[i] end
   w[n] = weight or 1
   self.weights = w
   return self
end
function Multi:updateOutput(input, target)
   self.output = 0
   for i, c in ipairs(self.criterions) do
      self.output = self.output + self.weights[i] * c:updateOutput(input, target)
   end
   return self.output
end
function Multi:updateGradInput(input, target)
   self.gradInput = nn.utils.recursiveResizeAs(self.gradInput, input)
   nn.utils.recursiveFill(self.gradInput, 0)
   for i, c in ipairs(self.criterions) do
      nn.utils.recursiveAdd(self.gradInput, self.weights[i], c:updateGradInput(input, target))
   end
   return self.gradInput
end
function Multi:type(t, cache)
   for _, c in ipairs(self.criterions) do c:type(t, cache) end
   return parentMu.type(self, t, cache)
end

-- ParallelCriterion([repeatTarget]): a weighted sum of criteria, the i-th on input[i] and
-- target[i] (or the whole target with repeatTarget) -------------------------------------------------
local Par, parentPa = torch.class('nn.ParallelCriterion', 'nn.Criterion')
function Par:__init(repeatTarget)
   parentPa.__init(self)
   self.criterions = {}
   self.weights = {}
   self.gradInput = {}
   self.repeatTarget = repeatTarget
end
function Par:add(criterion, weight)
   assert(criterion, 'no criterion provided')
   table.insert(self.criterions, criterion)
   table.insert(self.weights, weight or 1)
   return self
end
function Par:updateOutput(input, target)
   self.output = 0
   for i, c in ipairs(self.criterions) do
      local t = self.repeatTarget and target or target[i]
      self.output = self.output + self.weights[i] * c:updateOutput(input[i], t)
   end
   return self.output
end
function Par:updateGradInput(input, target)
   self.gradInput = nn.utils.recursiveResizeAs(self.gradInput, input)
   nn.utils.recursiveFill(self.gradInput, 0)
   for i, c in ipairs(self.criterions) do
      local t = self.repeatTarget and target or target[i]
      nn.utils.recursiveAdd(self.gradInput[i], self.weights[i], c:updateGradInput(input[i], t))
   end
   return self.gradInput
end
function Par:type(t, cache)
   self.gradInput = {}
   return parentPa.type(self, t, cache)
end

-- L1Penalty(l1weight [, sizeAverage [, provideOutput]]): a module that passes its input on and
-- adds the gradient of l1weight * |input|_1 (the loss is kept in .loss) ---------------------------
local L1, parentL1 = torch.class('nn.L1Penalty', 'nn.Module')
function L1:__init(l1weight, sizeAverage, provideOutput)
   parentL1.__init(self)
   self.l1weight = l1weight
   self.sizeAverage = sizeAverage or false
   if provideOutput == nil then self.provideOutput = true else self.provideOutput = provideOutput end
end
local function l1Scale(self, input)
   local m = self.l1weight
   if self.sizeAverage == true then m = m / input:nElement() end
   return m
end
function L1:updateOutput(input)
   self.loss = l1Scale(self, input) * input:norm(1)
   self.output = input
   return self.output
end
function L1:updateGradInput(input, gradOutput)
   self.gradInput:resizeAs(input):copy(input):sign():mul(l1Scale(self, input))
   if self.provideOutput == true then self.gradInput:add(gradOutput) end
   return self.gradInput
end
