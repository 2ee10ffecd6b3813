-- Similarity, distance and product layers written in Lua over tensor math: Cosine,
-- CosineDistance, DotProduct, Euclidean, WeightedEuclidean, PairwiseDistance, MM, MV, Bilinear,
-- Normalize and PartialLinear. Field names follow torch/nn's, so saved models load both ways.

local emptyLike, buffer = nn.utils.emptyLike, nn.utils.buffer
local uniformReset = nn.utils.uniformReset

-- a 1D input as a batch of one row (a view); a 2D input as it is
local function asRows(x)
   if x:dim() == 1 then return x:contiguous():view(1, x:size(1)), true end
   return x, false
end

local function checkRowsInput(x)
   if x:dim() ~= 1 and x:dim() ~= 2 then error('1D or 2D input expected, got ' .. x:dim() .. 'D', 3) end
end

-- Temporarily points the gradient fields at the parameters, so that accGradParameters(-lr)
-- updates them in place (torch/nn's accUpdateGradParameters for modules without a kernel).
local function accUpdateThrough(self, pairs_, input, gradOutput, lr)
   local saved = {}
   for g, p in pairs(pairs_) do saved[g] = self[g]; self[g] = self[p] end
   self:accGradParameters(input, gradOutput, -lr)
   for g in pairs(pairs_) do self[g] = saved[g] end
end

-- Cosine(inputSize, outputSize): y_j = <w_j, x> / (|w_j| |x|) ----------------------------------
local Cosine, parentCos = torch.class('nn.Cosine', 'nn.Module')
function Cosine:__init(inputSize, outputSize)
   parentCos.__init(self)
   self.weight = torch.Tensor(outputSize, inputSize)
   self.gradWeight = torch.Tensor(outputSize, inputSize)
   self:reset()
end
function Cosine:reset(stdv) uniformReset(self.weight, stdv, self.weight:size(1)) end
function Cosine:updateOutput(input)
   checkRowsInput(input)
   local x, single = asRows(input)
   local nOut = self.weight:size(1)
   self._weightNorm = buffer(self, '_weightNorm', self.weight)
   self._inputNorm = buffer(self, '_inputNorm', self.weight)
   self._weightNorm:norm(self.weight, 2, 2):add(1e-12)            -- nOut x 1
   self._inputNorm:norm(x, 2, 2):add(1e-12)                       -- batch x 1
   local out = emptyLike(x):resize(x:size(1), nOut)
   out:mm(x, self.weight:t())
   out:cdiv(self._weightNorm:view(1, nOut):expandAs(out))
   out:cdiv(self._inputNorm:expandAs(out))
   if single then
      self.__norm = self._inputNorm[1][1]
      self.output:resize(nOut):copy(out)
   else
      self.output:resizeAs(out):copy(out)
   end
   return self.output
end
function Cosine:updateGradInput(input, gradOutput)
   -- dy_j/dx = w_j / (|w_j| |x|) - y_j x / |x|^2
   local x = asRows(input)
   local g = asRows(gradOutput)
   local y = asRows(self.output)
   local nOut = self.weight:size(1)
   local gw = emptyLike(g):resizeAs(g):copy(g):cdiv(self._weightNorm:view(1, nOut):expandAs(g))
   local gi = emptyLike(x):resizeAs(x):mm(gw, self.weight)
   local gy = emptyLike(g):resizeAs(g):copy(g):cmul(y):sum(2)      -- batch x 1
   local xn = self._inputNorm:expandAs(x)
   gi:cdiv(xn)
   gi:add(-1, emptyLike(x):resizeAs(x):copy(x):cmul(gy:expandAs(x)):cdiv(xn):cdiv(xn))
   self.gradInput:resizeAs(input):copy(gi)
   return self.gradInput
end
function Cosine:accGradParameters(input, gradOutput, scale)
   -- dy_j/dw_j = x / (|w_j| |x|) - y_j w_j / |w_j|^2
   scale = scale or 1
   local x = asRows(input)
   local g = asRows(gradOutput)
   local y = asRows(self.output)
   local nOut = self.weight:size(1)
   local xs = emptyLike(x):resizeAs(x):copy(x):cdiv(self._inputNorm:expandAs(x))
   local gw = emptyLike(x):resize(nOut, x:size(2)):mm(g:t(), xs)
   local gy = emptyLike(g):resizeAs(g):copy(g):cmul(y):sum(1):view(nOut, 1)
   gw:add(-1, emptyLike(gw):resizeAs(self.weight):copy(self.weight):cmul(gy:expandAs(self.weight))
      :cdiv(self._weightNorm:expandAs(self.weight)))
   gw:cdiv(self._weightNorm:expandAs(gw))
   self.gradWeight:add(scale, gw)
end
function Cosine:type(t, cache)
   if t then self:clearState() end
   return parentCos.type(self, t, cache)
end
function Cosine:clearState()
   nn.utils.clear(self, '_input', '_weight', '_gradOutput', '_sum', '_inputNorm', '_weightNorm')
   return parentCos.clearState(self)
end

-- CosineDistance: {x1, x2} -> <x1, x2> / (|x1| |x2|) per row --------------------------------------
local CosDist, parentCD = torch.class('nn.CosineDistance', 'nn.Module')
function CosDist:__init()
   parentCD.__init(self)
   self.gradInput = {torch.Tensor(), torch.Tensor()}
end
local function cosineParts(self, x1, x2)
   -- w1 = <x1, x2>, w22 = 1 / (|x1|^2 + eps), w32 = 1 / (|x2|^2 + eps), w = sqrt(w22 w32)
   local eps = 1e-12
   self.buffer = buffer(self, 'buffer', x1)
   for _, n in ipairs({'w1', 'w22', 'w', 'w32', 'ones'}) do self[n] = buffer(self, n, x1) end
   self.w1:sum(self.buffer:cmul(x1, x2), 2)
   self.w22:sum(self.buffer:cmul(x1, x1), 2):add(eps)
   self.ones:resizeAs(self.w22):fill(1)
   self.w22:cdiv(self.ones, self.w22)
   self.w32:sum(self.buffer:cmul(x2, x2), 2):add(eps)
   self.w32:cdiv(self.ones, self.w32)
   self.w:resizeAs(self.w22):copy(self.w22):cmul(self.w32):sqrt()
end
local function cosineGrads(self, x1, x2, gradOutput, gradInput)
   -- d/dx1 = (x2 - w1 w22 x1) w ; d/dx2 = (x1 - w1 w32 x2) w
   local g1, g2 = gradInput[1], gradInput[2]
   g1:resizeAs(x1):copy(x2)
   g2:resizeAs(x1):copy(x1)
   self.buffer:cmul(self.w1, self.w22)
   g1:addcmul(-1, self.buffer:expandAs(x1), x1):cmul(self.w:expandAs(x1))
   self.buffer:cmul(self.w1, self.w32)
   g2:addcmul(-1, self.buffer:expandAs(x1), x2):cmul(self.w:expandAs(x1))
   if gradOutput then
      local go = gradOutput:contiguous():view(-1, 1):expandAs(x1)
      g1:cmul(go)
      g2:cmul(go)
   end
end
function CosDist:updateOutput(input)
   local x1, single = asRows(input[1])
   local x2 = asRows(input[2])
   cosineParts(self, x1:contiguous(), x2:contiguous())
   self.output:cmul(self.w1, self.w):resize(x1:size(1))
   return self.output
end
function CosDist:updateGradInput(input, gradOutput)
   local x1, single = asRows(input[1])
   local x2 = asRows(input[2])
   for i = 1, 2 do self.gradInput[i] = self.gradInput[i] or emptyLike(x1) end
   for i = #self.gradInput, 3, -1 do self.gradInput[i] = nil end
   cosineGrads(self, x1:contiguous(), x2:contiguous(), gradOutput, self.gradInput)
   if single then
      self.gradInput[1]:resize(x1:size(2))
      self.gradInput[2]:resize(x2:size(2))
   end
   return self.gradInput
end
function CosDist:clearState()
   nn.utils.clear(self, 'buffer', 'w1', 'w22', 'w', 'w32', 'ones')
   return parentCD.clearState(self)
end

-- DotProduct: {x1, x2} -> <x1, x2> per row -------------------------------------------------------
local Dot, parentDot = torch.class('nn.DotProduct', 'nn.Module')
function Dot:__init()
   parentDot.__init(self)
   self.gradInput = {torch.Tensor(), torch.Tensor()}
end
function Dot:updateOutput(input)
   local x1 = asRows(input[1])
   local x2 = asRows(input[2])
   self.buffer = buffer(self, 'buffer', x1)
   self.buffer:cmul(x1, x2)
   self.output:sum(self.buffer, 2)
   self.output:resize(x1:size(1))
   return self.output
end
function Dot:updateGradInput(input, gradOutput)
   for i = 1, 2 do self.gradInput[i] = self.gradInput[i] or emptyLike(input[i]) end
   for i = #self.gradInput, 3, -1 do self.gradInput[i] = nil end
   local x1, single = asRows(input[1])
   local x2 = asRows(input[2])
   local go = gradOutput:contiguous():view(-1, 1):expandAs(x1)
   local g1, g2 = self.gradInput[1], self.gradInput[2]
   g1:resizeAs(x1):copy(x2):cmul(go)
   g2:resizeAs(x2):copy(x1):cmul(go)
   if single then
      g1:resize(x1:size(2))
      g2:resize(x2:size(2))
   end
   return self.gradInput
end
function Dot:clearState()
   nn.utils.clear(self, 'buffer')
   return parentDot.clearState(self)
end

-- Euclidean(inputSize, outputSize): y_j = |x - w_j|, templates w_j the columns of weight;
-- WeightedEuclidean adds a diagonal scaling per template: y_j = |c_j .* (x - w_j)| ------------
-- diff = (x - w_j) [.* c_j] for every row, as batch x inputSize x outputSize (kept in _repeat)
local function templateDiff(self, x, weighted)
   local b, nIn, nOut = x:size(1), self.weight:size(1), self.weight:size(2)
   local d = buffer(self, '_repeat', x)
   d:resize(b, nIn, nOut):copy(x:contiguous():view(b, nIn, 1):expand(b, nIn, nOut))
   d:add(-1, self.weight:view(1, nIn, nOut):expand(b, nIn, nOut))
   if weighted then
      -- keep x - w_j too: the gradient of diagCov needs it
      self._repeat3 = buffer(self, '_repeat3', x)
      self._repeat3:resizeAs(d):copy(d)
      d:cmul(self.diagCov:view(1, nIn, nOut):expand(b, nIn, nOut))
   end
   return d
end
local function euclidForward(self, input, weighted)
   checkRowsInput(input)
   local x, single = asRows(input)
   local d = templateDiff(self, x, weighted)
   local nOut = self.weight:size(2)
   local y = emptyLike(d):norm(d, 2, 2)                            -- batch x 1 x nOut
   if single then self.output:resize(nOut):copy(y) else self.output:resize(x:size(1), nOut):copy(y) end
   return self.output
end
-- g_j / (y_j + 1e-7), spread over the input dimension: batch x inputSize x outputSize
local function euclidScale(self, input, gradOutput)
   local x = asRows(input)
   local b, nIn, nOut = x:size(1), self.weight:size(1), self.weight:size(2)
   local y = self.output:contiguous():view(b, 1, nOut)
   local s = emptyLike(x):resize(b, 1, nOut):copy(gradOutput:contiguous():view(b, 1, nOut))
   s:cdiv(emptyLike(y):resizeAs(y):copy(y):add(1e-7))
   return s:expand(b, nIn, nOut), b, nIn, nOut
end
local function euclidGradInput(self, input, gradOutput, weighted)
   if not self.fastBackward then self:updateOutput(input) end
   local s, b, nIn, nOut = euclidScale(self, input, gradOutput)
   -- dy_j/dx = c_j^2 (x - w_j) / y_j; _repeat holds c_j (x - w_j)
   local t = buffer(self, '_repeat2', self._repeat)
   t:resizeAs(self._repeat):copy(self._repeat):cmul(s)
   if weighted then t:cmul(self.diagCov:view(1, nIn, nOut):expand(b, nIn, nOut)) end
   self.gradInput:resizeAs(input):copy(t:sum(3))
   return self.gradInput
end

local Euclidean, parentE = torch.class('nn.Euclidean', 'nn.Module')
function Euclidean:__init(inputSize, outputSize)
   parentE.__init(self)
   self.weight = torch.Tensor(inputSize, outputSize)
   self.gradWeight = torch.Tensor(inputSize, outputSize)
   self.gradInput:resize(inputSize)
   self.output:resize(outputSize)
   self.fastBackward = true
   self:reset()
end
function Euclidean:reset(stdv) uniformReset(self.weight, stdv, self.weight:size(1)) end
function Euclidean:updateOutput(input) return euclidForward(self, input, false) end
function Euclidean:updateGradInput(input, gradOutput) return euclidGradInput(self, input, gradOutput, false) end
function Euclidean:accGradParameters(input, gradOutput, scale)
   -- dy_j/dw_j = (w_j - x) / y_j
   local s, b, nIn, nOut = euclidScale(self, input, gradOutput)
   local t = emptyLike(self._repeat):resizeAs(self._repeat):copy(self._repeat):cmul(s)
   self.gradWeight:add(-(scale or 1), t:sum(1):view(nIn, nOut))
end
function Euclidean:type(t, cache)
   if t then self:clearState() end
   return parentE.type(self, t, cache)
end
function Euclidean:clearState()
   nn.utils.clear(self, '_input', '_output', '_gradOutput', '_weight', '_div', '_sum', '_expand',
      '_expand2', '_expand3', '_repeat', '_repeat2')
   return parentE.clearState(self)
end

local WE, parentWE = torch.class('nn.WeightedEuclidean', 'nn.Module')
function WE:__init(inputSize, outputSize)
   parentWE.__init(self)
   self.weight = torch.Tensor(inputSize, outputSize)
   self.gradWeight = torch.Tensor(inputSize, outputSize)
   self.diagCov = torch.Tensor(inputSize, outputSize)
   self.gradDiagCov = torch.Tensor(inputSize, outputSize)
   self:reset()
end
function WE:reset(stdv)
   uniformReset(self.weight, stdv, self.weight:size(1))
   self.diagCov:fill(1)
end
function WE:updateOutput(input) return euclidForward(self, input, true) end
function WE:updateGradInput(input, gradOutput) return euclidGradInput(self, input, gradOutput, true) end
function WE:accGradParameters(input, gradOutput, scale)
   -- dy_j/dw_j = c_j^2 (w_j - x) / y_j ; dy_j/dc_j = c_j (w_j - x)^2 / y_j
   scale = scale or 1
   local s, b, nIn, nOut = euclidScale(self, input, gradOutput)
   local c = self.diagCov:view(1, nIn, nOut):expand(b, nIn, nOut)
   local t = emptyLike(self._repeat):resizeAs(self._repeat):copy(self._repeat):cmul(s)  -- c (x - w) g / y
   local gw = emptyLike(t):resizeAs(t):copy(t):cmul(c)
   self.gradWeight:add(-scale, gw:sum(1):view(nIn, nOut))
   t:cmul(self._repeat3)                                                               -- c (x - w)^2 g / y
   self.gradDiagCov:add(scale, t:sum(1):view(nIn, nOut))
end
function WE:parameters() return {self.weight, self.diagCov}, {self.gradWeight, self.gradDiagCov} end
function WE:accUpdateGradParameters(input, gradOutput, lr)
   accUpdateThrough(self, {gradWeight = 'weight', gradDiagCov = 'diagCov'}, input, gradOutput, lr)
end
function WE:type(t, cache)
   if t then self:clearState() end
   return parentWE.type(self, t, cache)
end
function WE:clearState()
   nn.utils.clear(self, '_input', '_output', '_gradOutput', '_weight', '_diagCov', '_div', '_sum',
      '_expand', '_expand2', '_expand3', '_expand4', '_repeat', '_repeat2', '_repeat3')
   return parentWE.clearState(self)
end

-- PairwiseDistance([p]): {x1, x2} -> |x1 - x2|_p per row --------------------------------------
local PD, parentPD = torch.class('nn.PairwiseDistance', 'nn.Module')
function PD:__init(p)
   parentPD.__init(self)
   self.gradInput = {}
   self.diff = torch.Tensor()
   self.norm = p or 2
end
function PD:updateOutput(input)
   local x1 = input[1]
   if x1:dim() ~= 1 and x1:dim() ~= 2 then error('input must be vector or matrix') end
   local a, single = asRows(x1)
   local b = asRows(input[2])
   self.diff = buffer(self, 'diff', a)
   self.diff:resizeAs(a):copy(a):add(-1, b):abs():pow(self.norm)
   self.output:resize(a:size(1)):copy(self.diff:sum(2)):pow(1 / self.norm)
   return self.output
end
function PD:updateGradInput(input, gradOutput)
   -- d|d|_p / dd_k = sign(d_k) |d_k|^(p-1) / |d|_p^(p-1)
   if input[1]:dim() > 2 then error('input must be vector or matrix') end
   local a = asRows(input[1])
   local b = asRows(input[2])
   local p = self.norm
   for i = 1, 2 do self.gradInput[i] = self.gradInput[i] or emptyLike(input[i]) end
   local d = emptyLike(a):resizeAs(a):copy(a):add(-1, b)
   local g = self.gradInput[1]
   g:resizeAs(a):copy(d):sign()
   if p ~= 1 then
      g:cmul(d:abs():pow(p - 1))
      local y = emptyLike(a):resize(a:size(1), 1):copy(self.output):add(1e-6):pow(-(p - 1))
      g:cmul(y:expandAs(g))
   end
   g:cmul(gradOutput:contiguous():view(-1, 1):expandAs(g))
   g:resizeAs(input[1])
   self.gradInput[2]:resizeAs(input[2]):copy(g):mul(-1)
   return self.gradInput
end
function PD:clearState()
   nn.utils.clear(self, 'diff', 'outExpand', 'grad', 'ones')
   return parentPD.clearState(self)
end

-- MM([transA [, transB]]): {A, B} -> A B (2D), or a batch of products (3D) ----------------------
local MM, parentMM = torch.class('nn.MM', 'nn.Module')
function MM:__init(transA, transB)
   parentMM.__init(self)
   self.transA = transA or false
   self.transB = transB or false
   self.gradInput = {torch.Tensor(), torch.Tensor()}
end
function MM:updateOutput(input)
   assert(#input == 2, 'input must be a pair of minibatch matrices')
   local a, b = input[1], input[2]
   assert(a:dim() == 2 or a:dim() == 3, 'input tensors must be 2D or 3D')
   if a:dim() == 2 then
      assert(b:dim() == 2, 'second input tensor must be 2D')
      if self.transA then a = a:t() end
      if self.transB then b = b:t() end
      assert(a:size(2) == b:size(1), 'matrix sizes do not match')
      self.output:resize(a:size(1), b:size(2)):mm(a, b)
   else
      assert(b:dim() == 3, 'second input tensor must be 3D')
      assert(a:size(1) == b:size(1), 'inputs must contain the same number of minibatches')
      if self.transA then a = a:transpose(2, 3) end
      if self.transB then b = b:transpose(2, 3) end
      assert(a:size(3) == b:size(2), 'matrix sizes do not match')
      self.output:resize(a:size(1), a:size(2), b:size(3)):bmm(a, b)
   end
   return self.output
end
function MM:updateGradInput(input, gradOutput)
   assert(#input == 2, 'input must be a pair of tensors')
   local a, b = input[1], input[2]
   for i = 1, 2 do self.gradInput[i] = self.gradInput[i] or emptyLike(input[i]) end
   local nd = gradOutput:dim()
   assert(nd == 2 or nd == 3, 'arguments must be a 2D or 3D Tensor')
   assert(a:dim() == nd and b:dim() == nd, 'input tensors must be ' .. nd .. 'D like gradOutput')
   local h, w = nd - 1, nd
   local op = nd == 2 and 'mm' or 'bmm'
   local function T(x) return x:transpose(h, w) end
   local ga, gb = self.gradInput[1]:resizeAs(a), self.gradInput[2]:resizeAs(b)
   -- C = op(A) op(B): dA = g op(B)^T (transposed back when transA), dB likewise
   local A = self.transA and T(a) or a
   local B = self.transB and T(b) or b
   if self.transA then ga[op](ga, B, T(gradOutput)) else ga[op](ga, gradOutput, T(B)) end
   if self.transB then gb[op](gb, T(gradOutput), A) else gb[op](gb, T(A), gradOutput) end
   return self.gradInput
end

-- MV([trans]): {M, v} -> M v (2D, 1D), or a batch of products (3D, 2D) --------------------------
local MV, parentMV = torch.class('nn.MV', 'nn.Module')
function MV:__init(trans)
   parentMV.__init(self)
   self.trans = trans or false
   assert(type(self.trans) == 'boolean', 'argument must be a boolean, matrix transpose before multiplication')
   self.gradInput = {torch.Tensor(), torch.Tensor()}
end
function MV:updateOutput(input)
   assert(#input == 2, 'input must be a pair of minibatch matrices')
   local M, v = input[1], input[2]
   assert(M:dim() == 2 or M:dim() == 3, 'input matrix must be 2D or 3D')
   assert(v:dim() == 1 or v:dim() == 2, 'input vector must be 1D or 2D')
   if M:dim() == 2 then
      assert(v:dim() == 1, 'vector must be 1D')
      if self.trans then M = M:t() end
      assert(M:size(2) == v:size(1), 'matrix row count and vector length do not match')
      self.output:resize(M:size(1)):mv(M, v)
   else
      assert(v:dim() == 2, 'vector must be 2D (batch dimension)')
      assert(M:size(1) == v:size(1), 'inputs must contain the same number of minibatches')
      if self.trans then M = M:transpose(2, 3) end
      assert(M:size(3) == v:size(2), 'matrix row count and vector length do not match')
      self.output:resize(M:size(1), M:size(2), 1)
      self.output:bmm(M, v:contiguous():view(v:size(1), v:size(2), 1))
      self.output:resize(M:size(1), M:size(2))
   end
   return self.output
end
function MV:updateGradInput(input, gradOutput)
   assert(#input == 2, 'input must be a pair of tensors')
   local M, v = input[1], input[2]
   local gM, gv = self.gradInput[1]:resizeAs(M), self.gradInput[2]:resizeAs(v)
   assert(gradOutput:dim() == 1 or gradOutput:dim() == 2, 'arguments must be a 1D or 2D Tensor')
   if gradOutput:dim() == 2 then
      assert(M:dim() == 3, 'matrix must must be 3D (batched)')
      assert(v:dim() == 2, 'vector must be 2D (batched)')
      local b, o, i = M:size(1), M:size(2), M:size(3)
      local g = gradOutput:contiguous()
      local vc = v:contiguous()
      if self.trans then -- y = M^T v: dM = v g^T, dv = M g
         gM:bmm(vc:view(b, o, 1), g:view(b, 1, i))
         gv:view(b, o, 1):bmm(M, g:view(b, i, 1))
      else               -- y = M v: dM = g v^T, dv = M^T g
         gM:bmm(g:view(b, o, 1), vc:view(b, 1, i))
         gv:view(b, i, 1):bmm(M:transpose(2, 3), g:view(b, o, 1))
      end
   else
      assert(M:dim() == 2, 'matrix must be 2D')
      assert(v:dim() == 1, 'vector must be 1D')
      if self.trans then
         gM:zero():addr(v, gradOutput)
         gv:mv(M, gradOutput)
      else
         gM:zero():addr(gradOutput, v)
         gv:mv(M:t(), gradOutput)
      end
   end
   return self.gradInput
end

-- Bilinear(inputSize1, inputSize2, outputSize [, bias]): y_k = x1^T W_k x2 + b_k -----------------
local Bilinear, parentBl = torch.class('nn.Bilinear', 'nn.Module')
local function isint(x) return type(x) == 'number' and x == math.floor(x) end
function Bilinear:__assertInput(input)
   assert(input and torch.type(input) == 'table' and #input == 2,
      'input should be a table containing two data Tensors')
   assert(input[1]:dim() == 2 and input[2]:dim() == 2, 'input Tensors should be two-dimensional')
   assert(input[1]:size(1) == input[2]:size(1), 'input Tensors should have the same number of rows (instances)')
   assert(input[1]:size(2) == self.weight:size(2), 'dimensionality of first input is erroneous')
   assert(input[2]:size(2) == self.weight:size(3), 'dimensionality of second input is erroneous')
end
function Bilinear:__assertInputGradOutput(input, gradOutput)
   assert(input[1]:size(1) == gradOutput:size(1), 'number of rows in gradOutput does not match input')
   assert(gradOutput:size(2) == self.weight:size(1), 'number of columns in gradOutput does not output size of layer')
end
function Bilinear:__init(inputSize1, inputSize2, outputSize, bias)
   assert(inputSize1 and inputSize2 and outputSize, 'should specify inputSize1 and inputSize2 and outputSize')
   assert(isint(inputSize1) and isint(inputSize2) and isint(outputSize),
      'inputSize1 and inputSize2 and outputSize should be integer numbers')
   assert(inputSize1 > 0 and inputSize2 > 0 and outputSize > 0,
      'inputSize1 and inputSize2 and outputSize should be positive numbers')
   parentBl.__init(self)
   self.weight = torch.Tensor(outputSize, inputSize1, inputSize2)
   self.gradWeight = torch.Tensor(outputSize, inputSize1, inputSize2)
   if bias == nil or bias then
      self.bias = torch.Tensor(outputSize)
      self.gradBias = torch.Tensor(outputSize)
   end
   self.gradInput = {torch.Tensor(), torch.Tensor()}
   self:reset()
end
function Bilinear:reset(stdv)
   if stdv then
      assert(type(stdv) == 'number' and stdv > 0, 'standard deviation should be a positive number')
      stdv = stdv * math.sqrt(3)
   else
      stdv = 1 / math.sqrt(self.weight:size(2))
   end
   self.weight:uniform(-stdv, stdv)
   if self.bias then self.bias:uniform(-stdv, stdv) end
   return self
end
function Bilinear:updateOutput(input)
   self:__assertInput(input)
   local x1, x2 = input[1], input[2]
   self.buff2 = buffer(self, 'buff2', x1)
   self.output:resize(x1:size(1), self.weight:size(1))
   for k = 1, self.weight:size(1) do
      self.buff2:resizeAs(x2):mm(x1, self.weight[k]):cmul(x2)
      self.output:select(2, k):copy(self.buff2:sum(2))
   end
   if self.bias then self.output:add(self.bias:view(1, -1):expandAs(self.output)) end
   return self.output
end
function Bilinear:updateGradInput(input, gradOutput)
   -- dy_k/dx1 = W_k x2 ; dy_k/dx2 = W_k^T x1
   self:__assertInputGradOutput(input, gradOutput)
   local x1, x2 = input[1], input[2]
   for i = 1, 2 do self.gradInput[i] = self.gradInput[i] or emptyLike(input[i]) end
   local g1 = self.gradInput[1]:resizeAs(x1):zero()
   local g2 = self.gradInput[2]:resizeAs(x2):zero()
   self.buff1 = buffer(self, 'buff1', x1)
   self.buff2 = buffer(self, 'buff2', x1)
   for k = 1, self.weight:size(1) do
      local gk = gradOutput:narrow(2, k, 1)
      self.buff1:resizeAs(x1):mm(x2, self.weight[k]:t()):cmul(gk:expandAs(x1))
      g1:add(self.buff1)
      self.buff2:resizeAs(x2):mm(x1, self.weight[k]):cmul(gk:expandAs(x2))
      g2:add(self.buff2)
   end
   return self.gradInput
end
function Bilinear:accGradParameters(input, gradOutput, scale)
   scale = scale or 1
   self:__assertInputGradOutput(input, gradOutput)
   local x1, x2 = input[1], input[2]
   self.buff1 = buffer(self, 'buff1', x1)
   for k = 1, self.weight:size(1) do
      self.buff1:resizeAs(x1):copy(x1):cmul(gradOutput:narrow(2, k, 1):expandAs(x1))
      self.gradWeight[k]:addmm(scale, self.buff1:t(), x2)
   end
   if self.bias then self.gradBias:add(scale, gradOutput:sum(1):view(-1)) end
end
function Bilinear:__tostring__()
   return torch.typename(self) .. string.format('(%dx%d -> %d) %s', self.weight:size(2),
      self.weight:size(3), self.weight:size(1), self.bias == nil and ' without bias' or '')
end
function Bilinear:clearState()
   if self.buff2 then self.buff2:set() end
   if self.buff1 then self.buff1:set() end
   return parentBl.clearState(self)
end

-- Normalize(p [, eps]): each row divided by its p-norm, (sum |x|^p + eps)^(1/p) (max |x| + eps
-- for p = math.huge) ---------------------------------------------------------------------------------
local Normalize, parentN = torch.class('nn.Normalize', 'nn.Module')
function Normalize:__init(p, eps)
   parentN.__init(self)
   assert(p, 'p-norm not provided')
   assert(p > 0, p .. '-norm not supported')
   self.p = p
   self.eps = eps or 1e-10
end
function Normalize:updateOutput(input)
   assert(input:dim() <= 2, 'only 1d layer supported')
   local x = asRows(input)
   self.norm = buffer(self, 'norm', x)
   self.buffer = buffer(self, 'buffer', x)
   if self.p == math.huge then
      self._indices = self._indices or torch.LongTensor()
      self.buffer:abs(x)
      torch.max(self.norm, self._indices, self.buffer, 2)
      self.norm:add(self.eps)
   else
      self.normp = buffer(self, 'normp', x)
      self.buffer:abs(x):pow(self.p)
      self.normp:sum(self.buffer, 2):add(self.eps)
      self.norm:pow(self.normp, 1 / self.p)
   end
   self._output = buffer(self, '_output', x)
   self._output:resizeAs(x):cdiv(x, self.norm:view(-1, 1):expandAs(x))
   self.output:set(self._output:view(input:size()))
   return self.output
end
function Normalize:updateGradInput(input, gradOutput)
   -- d(x_i / n)/dx_j = delta_ij / n - x_i s_j / n^2, with s_j = dn/dx_j
   assert(input:dim() <= 2, 'only 1d layer supported')
   assert(gradOutput:dim() <= 2, 'only 1d layer supported')
   local x = asRows(input)
   local g = asRows(gradOutput)
   local n, d = x:size(1), x:size(2)
   self.cross = buffer(self, 'cross', x)
   self._gradInput = buffer(self, '_gradInput', x)
   -- buffer = n^(p+1) s / ... : x_j |x_j|^(p-2) (p finite), x_k / n at the arg max (p infinite);
   -- scale = the factor that goes with it: n^p (finite) or n (infinite)
   local scale
   if self.p == math.huge then
      self.buffer:resizeAs(x):zero()
      self.cross:resize(n, 1):gather(x, 2, self._indices):cdiv(self.norm)
      self.buffer:scatter(2, self._indices, self.cross)
      scale = self.norm
   else
      local p = self.p
      if p == 2 then
         self.buffer:resizeAs(x):copy(x)
      elseif p % 2 == 0 then
         self.buffer:pow(x, p - 2):cmul(x)
      elseif p < 2 then
         self.buffer:abs(x):add(self.eps):pow(p - 2):cmul(x) -- eps keeps |x|^(p-2) finite at 0
      else
         self.buffer:abs(x):pow(p - 2):cmul(x)
      end
      scale = self.normp
   end
   -- gradInput = (scale g - buffer <x, g>) / (scale n)
   self._gradInput:resizeAs(x):copy(g):cmul(scale:view(n, 1):expand(n, d))
   local xg = emptyLike(x):resizeAs(x):copy(x):cmul(g):sum(2)
   self.buffer:cmul(xg:expandAs(self.buffer))
   self._gradInput:add(-1, self.buffer)
   self.cross:resize(n, 1):cmul(scale, self.norm)
   self._gradInput:cdiv(self.cross:expand(n, d))
   self.gradInput:set(self._gradInput:view(input:size()))
   return self.gradInput
end
function Normalize:__tostring__()
   local fmt = self.p % 1 == 0 and '%s(%d)' or '%s(%f)'
   if self.p == math.huge then fmt = '%s(%f)' end
   return string.format(fmt, torch.typename(self), self.p)
end
function Normalize:type(t, cache)
   self._indices = nil
   parentN.type(self, t, cache)
   return self
end
function Normalize:clearState()
   nn.utils.clear(self, '_output', '_indices', '_gradInput', 'buffer', 'norm', 'normp', 'cross')
   return parentN.clearState(self)
end

-- PartialLinear(inputSize, outputSize [, bias]): a Linear layer restricted to a chosen set of
-- output columns (setPartition), all parameters kept (resetPartition) ---------------------------
-- Built as torch/nn built it, so saved models load: {input, partition} -> ParallelTable(Identity,
-- LookupTable) -> MM(false, true), the LookupTable's rows being the weight's rows.
local PL, parentPL = torch.class('nn.PartialLinear', 'nn.Module')
function PL:__init(inputsize, outputsize, bias)
   parentPL.__init(self)
   local pt = nn.ParallelTable()
   pt:add(nn.Identity()):add(nn.LookupTable(outputsize, inputsize))
   self.network = nn.Sequential():add(pt):add(nn.MM(false, true))
   if bias == nil or bias then
      self.bias = torch.Tensor(1, outputsize):zero()
      self.gradBias = torch.Tensor(1, outputsize):zero()
   end
   self.inputsize = inputsize
   self.outputsize = outputsize
   self.allcolumns = torch.range(1, self.outputsize)
   self:resetPartition()
end
function PL:setPartition(indices) self.partition = indices:type(self.allcolumns:type()) end
function PL:resetPartition() self.partition = self.allcolumns end
local function lookup(self) return self.network:get(1):get(2) end
function PL:parameters()
   return {lookup(self).weight, self.bias}, {lookup(self).gradWeight, self.gradBias}
end
function PL:updateOutput(input)
   self.output:set(self.network:forward({input, self.partition}))
   if self.bias then
      self.output:add(self.bias:index(2, self.partition:long()):expandAs(self.output))
      self.addBuffer = buffer(self, 'addBuffer', input)
      if self.addBuffer:nElement() ~= input:size(1) then self.addBuffer:resize(input:size(1)):fill(1) end
   end
   return self.output
end
function PL:updateGradInput(input, gradOutput)
   if self.gradInput then
      self.network:updateGradInput({input, self.partition}, gradOutput)
      self.gradInput:set(self.network.gradInput[1])
   end
   return self.gradInput
end
function PL:accGradParameters(input, gradOutput, scale)
   scale = scale or 1
   self.network:accGradParameters({input, self.partition}, gradOutput, scale)
   if self.bias then
      self.buffer = buffer(self, 'buffer', input)
      self.buffer:resize(gradOutput:size(2)):mv(gradOutput:t(), self.addBuffer):mul(scale)
      self.gradBias:indexAdd(2, self.partition:long(), self.buffer:view(1, self.buffer:nElement()))
   end
end
function PL:accUpdateGradParameters(input, gradOutput, lr)
   local lt = lookup(self)
   local gw, gb = lt.gradWeight, self.gradBias
   lt.gradWeight, self.gradBias = lt.weight, self.bias
   self:accGradParameters(input, gradOutput, -lr)
   lt.gradWeight, self.gradBias = gw, gb
end
function PL:zeroGradParameters()
   self.network:zeroGradParameters()
   if self.gradBias then self.gradBias:zero() end
end
function PL:updateParameters(lr)
   self.network:updateParameters(lr)
   if self.bias then self.bias:add(-lr, self.gradBias) end
end
function PL:__tostring__()
   return torch.typename(self) .. string.format('(%d -> %d)', self.inputsize, self.outputsize) ..
      (self.bias == nil and ' without bias' or '')
end

-- the cosine pieces, shared with CosineEmbeddingCriterion
return {cosineParts = cosineParts, cosineGrads = cosineGrads}
