-- Local normalisations over feature maps: SpatialSubtractiveNormalization,
-- SpatialDivisiveNormalization, SpatialContrastiveNormalization, SpatialCrossMapLRN, and
-- SpatialLPPooling. Written over tensor operations and THNN's SpatialConvolutionMM kernel.
local THNN = require 'nn.THNN'
local K = THNN.for_

-- The averaging kernel ---------------------------------------------------------------------------
-- torch/nn's modules take a 2D kernel, or a 1D one applied along rows and then columns (the same
-- as the 2D kernel outer(k, k)). The local sum of a [planes x h x w] map is
--    S(x)[i][j] = sum_p sum_ab W[a][b] x[p][i + a - ch][j + b - cw]   (zero outside the map)
-- with W the 2D kernel (or outer(k, k)) and (ch, cw) its centre; S(x) has one plane.
local function checkKernel(name, kernel)
   local kdim = kernel:dim()
   if kdim ~= 1 and kdim ~= 2 then error('<' .. name .. '> averaging kernel must be 2D or 1D', 3) end
   if kernel:size(1) % 2 == 0 or (kdim == 2 and kernel:size(2) % 2 == 0) then
      error('<' .. name .. '> averaging kernel must have ODD dimensions', 3)
   end
end

-- the convolution weight [1 x planes x kh x kw] of S, built from self.kernel once per type
local function sumWeight(self, like)
   local w = self._sumWeight
   if w and w:type() == like:type() and w:dim() == 4 then return w end
   local k = self.kernel:type(like:type())
   local k2 = k:dim() == 2 and k or torch.ger(k, k)
   w = like.new(1, self.nInputPlane, k2:size(1), k2:size(2))
   for p = 1, self.nInputPlane do w[1][p]:copy(k2) end
   self._sumWeight = w
   self._sumBias = like.new(1):zero()
   return w
end

local function kernelArgs(w) -- kW, kH, dW, dH, padW, padH
   local kh, kw = w:size(3), w:size(4)
   return kw, kh, 1, 1, (kw - 1) / 2, (kh - 1) / 2
end

local function buffers(self, x)
   if not (self._finput and self._finput:type() == x:type()) then
      self._finput, self._fgradInput = x.new(), x.new()
   end
   return self._finput, self._fgradInput
end

-- S(x): [planes x h x w] -> [1 x h x w]; [n x planes x h x w] -> [n x 1 x h x w]
local function localSum(self, x)
   local w = sumWeight(self, x)
   local finput, fgradInput = buffers(self, x)
   local out = x.new()
   K(x).SpatialConvolutionMM_updateOutput(x, out, w, self._sumBias, finput, fgradInput, kernelArgs(w))
   return out
end

-- the transpose of S: given d loss / d S(x) (one plane), d loss / d x (all planes)
local function localSumBack(self, x, gradSum)
   local w = sumWeight(self, x)
   local finput, fgradInput = buffers(self, x)
   local g = x.new()
   K(x).SpatialConvolutionMM_updateGradInput(x, gradSum, g, w, finput, fgradInput, kernelArgs(w))
   return g
end

local function checkInput(name, self, x)
   if x:dim() ~= 3 and x:dim() ~= 4 then
      error(string.format('%s: input must be 3D [planes x h x w] or 4D [batch x planes x h x w], got %dD',
         name, x:dim()), 3)
   end
   if x:size(x:dim() - 2) ~= self.nInputPlane then
      error(string.format('%s: input must have %d planes, got %d', name, self.nInputPlane, x:size(x:dim() - 2)), 3)
   end
end

-- S(ones) for one sample: the number the kernel sums over at each pixel (less at the borders),
-- shaped to divide S(x) of this input
local function coefFor(self, x)
   local one = x:dim() == 4 and x[1] or x
   local c = localSum(self, one.new():resizeAs(one):fill(1))
   if x:dim() == 4 then c = c:view(1, 1, c:size(2), c:size(3)) end
   self.coef = c
   return c
end

-- sum over the planes, keeping the dimension (size 1)
local function planeSum(t) return t:sum(t:dim() - 2) end

-- SpatialSubtractiveNormalization(nInputPlane [, kernel]): x - S(x) / S(1), the weighted local
-- mean over a neighbourhood and all planes removed from every plane. kernel defaults to 9x9 ones.
local Sub, parentSub = torch.class('nn.SpatialSubtractiveNormalization', 'nn.Module')
function Sub:__init(nInputPlane, kernel)
   parentSub.__init(self)
   self.nInputPlane = nInputPlane or 1
   self.kernel = kernel or torch.Tensor(9, 9):fill(1)
   checkKernel('SpatialSubtractiveNormalization', self.kernel)
   -- normalised in place, as torch/nn did (the caller's tensor changes too)
   self.kernel:div(self.kernel:sum() * self.nInputPlane)
   self.coef = torch.Tensor(1, 1, 1)
end
function Sub:updateOutput(input)
   checkInput('SpatialSubtractiveNormalization', self, input)
   local coef = coefFor(self, input)
   self.localsums = localSum(self, input)
   self.adjustedsums = torch.cdiv(self.localsums, coef:expandAs(self.localsums))
   self.output:resizeAs(input):copy(input):add(-1, self.adjustedsums:expandAs(input))
   return self.output
end
function Sub:updateGradInput(input, gradOutput)
   local gradSum = planeSum(gradOutput):mul(-1):cdiv(self.coef:expandAs(self.localsums))
   self.gradInput:resizeAs(input):copy(gradOutput):add(localSumBack(self, input, gradSum))
   return self.gradInput
end
function Sub:type(t, cache)
   self._sumWeight, self._sumBias, self._finput, self._fgradInput = nil, nil, nil, nil
   return parentSub.type(self, t, cache)
end
function Sub:clearState()
   nn.utils.clear(self, '_sumWeight', '_sumBias', '_finput', '_fgradInput', 'localsums', 'adjustedsums')
   return parentSub.clearState(self)
end

-- SpatialDivisiveNormalization(nInputPlane [, kernel [, threshold [, thresval]]]): every plane
-- divided by the local standard deviation sqrt(S(x^2)) / S(1); where that is not above threshold
-- (default 1e-4) it is replaced by thresval (default threshold).
local Div, parentDiv = torch.class('nn.SpatialDivisiveNormalization', 'nn.Module')
function Div:__init(nInputPlane, kernel, threshold, thresval)
   parentDiv.__init(self)
   self.nInputPlane = nInputPlane or 1
   self.kernel = kernel or torch.Tensor(9, 9):fill(1)
   self.threshold = threshold or 1e-4
   self.thresval = thresval or threshold or 1e-4
   checkKernel('SpatialDivisiveNormalization', self.kernel)
   -- a 1D kernel is applied twice, so each pass takes the square root of the planes' share
   local planes = self.kernel:dim() == 2 and self.nInputPlane or math.sqrt(self.nInputPlane)
   self.kernel:div(self.kernel:sum() * planes)
   self.coef = torch.Tensor(1, 1, 1)
end
function Div:updateOutput(input)
   checkInput('SpatialDivisiveNormalization', self, input)
   local coef = coefFor(self, input)
   self.localstds = localSum(self, torch.cmul(input, input)):sqrt()
   self.adjustedstds = torch.cdiv(self.localstds, coef:expandAs(self.localstds))
   self._kept = self.adjustedstds:gt(self.threshold)
   self.thresholdedstds = self.adjustedstds:clone()
   self.thresholdedstds:maskedFill(self.adjustedstds:le(self.threshold), self.thresval) -- (returns the value)
   self.output:resizeAs(input):cdiv(input, self.thresholdedstds:expandAs(input))
   return self.output
end
function Div:updateGradInput(input, gradOutput)
   local std = self.thresholdedstds:expandAs(input)
   self.gradInput:resizeAs(input):cdiv(gradOutput, std)
   -- through the divisor: d/d std = -sum_p gradOutput * x / std^2, zero where thresholded
   local gStd = planeSum(torch.cmul(gradOutput, input)):mul(-1)
   gStd:cdiv(self.thresholdedstds):cdiv(self.thresholdedstds)
   gStd:cmul(self._kept:typeAs(gStd))
   -- std = sqrt(S(x^2)) / coef: d/d S(x^2) = gStd / (coef * 2 sqrt(S(x^2))), 0 where S(x^2) = 0
   local gSum = gStd:cdiv(self.coef:expandAs(gStd))
   local denom = self.localstds:clone():mul(2)
   local zero = self.localstds:eq(0)
   denom:maskedFill(zero, 1)
   gSum:cdiv(denom)
   gSum:maskedFill(zero, 0)
   local gSquare = localSumBack(self, input, gSum)
   self.gradInput:add(gSquare:cmul(input):mul(2))
   return self.gradInput
end
function Div:type(t, cache)
   self._sumWeight, self._sumBias, self._finput, self._fgradInput, self._kept = nil, nil, nil, nil, nil
   return parentDiv.type(self, t, cache)
end
function Div:clearState()
   nn.utils.clear(self, '_sumWeight', '_sumBias', '_finput', '_fgradInput', '_kept', 'localstds',
      'adjustedstds', 'thresholdedstds')
   return parentDiv.clearState(self)
end

-- SpatialContrastiveNormalization(nInputPlane [, kernel [, threshold [, thresval]]]): the
-- subtractive then the divisive normalisation, with the same kernel.
local Con, parentCon = torch.class('nn.SpatialContrastiveNormalization', 'nn.Module')
function Con:__init(nInputPlane, kernel, threshold, thresval)
   parentCon.__init(self)
   self.nInputPlane = nInputPlane or 1
   self.kernel = kernel or torch.Tensor(9, 9):fill(1)
   self.threshold = threshold or 1e-4
   self.thresval = thresval or threshold or 1e-4
   checkKernel('SpatialContrastiveNormalization', self.kernel)
   self.normalizer = nn.Sequential()
   self.normalizer:add(nn.SpatialSubtractiveNormalization(self.nInputPlane, self.kernel))
   self.normalizer:add(nn.SpatialDivisiveNormalization(self.nInputPlane, self.kernel, self.threshold, self.thresval))
end
function Con:updateOutput(input)
   self.output = self.normalizer:forward(input)
   return self.output
end
function Con:updateGradInput(input, gradOutput)
   self.gradInput = self.normalizer:backward(input, gradOutput)
   return self.gradInput
end

-- SpatialCrossMapLRN(size [, alpha [, beta [, k]]]): local response normalisation across planes,
--    y_c = x_c * (k + alpha / size * sum_{|c' - c| <= (size - 1) / 2} x_c'^2) ^ -beta
-- on [planes x h x w] or [batch x planes x h x w] inputs.
local LRN, parentLRN = torch.class('nn.SpatialCrossMapLRN', 'nn.Module')
function LRN:__init(size, alpha, beta, k)
   parentLRN.__init(self)
   self.size = size
   self.alpha = alpha or 0.0001
   self.beta = beta or 0.75
   self.k = k or 1
end
-- out[:, c] = sum of t[:, c'] over the window of c (t is 4D)
local function windowSums(self, t, out)
   local planes, half = t:size(2), math.floor((self.size - 1) / 2)
   out:resizeAs(t)
   for c = 1, planes do
      local lo, hi = math.max(1, c - half), math.min(planes, c + half)
      out:select(2, c):copy(t:narrow(2, lo, hi - lo + 1):sum(2):select(2, 1))
   end
   return out
end
local function as4D(x) return x:dim() == 3 and x:view(1, x:size(1), x:size(2), x:size(3)) or x end
function LRN:updateOutput(input)
   if input:dim() ~= 3 and input:dim() ~= 4 then error('Input must be 3D or 4D', 2) end
   local x = as4D(input)
   self.scale = (self.scale and self.scale:type() == x:type()) and self.scale or x.new()
   windowSums(self, torch.cmul(x, x), self.scale)
   self.scale:mul(self.alpha / self.size):add(self.k)
   self.output:resizeAs(x):pow(self.scale, -self.beta):cmul(x)
   if input:dim() == 3 then
      self.output = self.output:view(input:size())
      self.scale = self.scale:view(input:size())
   end
   return self.output
end
-- dx_c = g_c scale_c^-beta - 2 alpha beta / size * x_c * sum_{c' near c} g_c' y_c' / scale_c'
function LRN:updateGradInput(input, gradOutput)
   local x, g = as4D(input), as4D(gradOutput)
   local scale, y = as4D(self.scale), as4D(self.output)
   local ratio = torch.cmul(g, y):cdiv(scale)
   local near = windowSums(self, ratio, x.new())
   self.gradInput:resizeAs(x):pow(scale, -self.beta):cmul(g)
   self.gradInput:addcmul(-2 * self.alpha * self.beta / self.size, x, near)
   if input:dim() == 3 then self.gradInput = self.gradInput:view(input:size()) end
   return self.gradInput
end
function LRN:clearState()
   nn.utils.clear(self, 'scale', 'paddedRatio', 'accumRatio')
   return parentLRN.clearState(self)
end

-- SpatialLPPooling(nInputPlane, p, kW, kH [, dW [, dH]]): the p-norm of each kW x kH window,
-- (sum x^p)^(1/p), as the Sequential x^p, average pooling, times kW*kH, ^(1/p) (torch/nn's
-- layout, so saved models load). p other than 2 needs nn.Power.
local LP, parentLP = torch.class('nn.SpatialLPPooling', 'nn.Sequential')
function LP:__init(nInputPlane, pnorm, kW, kH, dW, dH)
   parentLP.__init(self)
   dW, dH = dW or kW, dH or kH
   self.kW, self.kH, self.dW, self.dH = kW, kH, dW, dH
   if pnorm ~= 2 and not nn.Power then error('SpatialLPPooling: p ~= 2 needs nn.Power', 2) end
   self:add(pnorm == 2 and nn.Square() or nn.Power(pnorm))
   self:add(nn.SpatialAveragePooling(kW, kH, dW, dH))
   self:add(nn.MulConstant(kW * kH))
   self:add(pnorm == 2 and nn.Sqrt() or nn.Power(1 / pnorm))
end
-- no parameters
function LP:reset() end
function LP:accGradParameters() end
function LP:accUpdateGradParameters() end
function LP:zeroGradParameters() end
function LP:updateParameters() end
