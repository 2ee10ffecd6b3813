-- Layers that select, reshape, pad, copy or rearrange their input: Select, Squeeze, Unsqueeze,
-- Replicate, Padding, Collapse, Contiguous, Copy, Index, MaskedSelect, PixelShuffle, OneHot and
-- UpSampling (over THNN's upsampling kernels). Field names follow torch/nn's.
local THNN = require 'nn.THNN'
local K = THNN.for_

local emptyLike, buffer = nn.utils.emptyLike, nn.utils.buffer

local function storageOf(list)
   local s = torch.LongStorage(#list)
   for i, v in ipairs(list) do s[i] = v end
   return s
end

-- Select(dimension, index): input:select(dimension, index); negative values count from the end --
local Select, parentSel = torch.class('nn.Select', 'nn.Module')
function Select:__init(dimension, index)
   parentSel.__init(self)
   self.dimension = dimension
   self.index = index
end
local function selectArgs(self, input)
   local d = self.dimension < 0 and input:dim() + self.dimension + 1 or self.dimension
   local i = self.index < 0 and input:size(d) + self.index + 1 or self.index
   return d, i
end
function Select:updateOutput(input)
   local d, i = selectArgs(self, input)
   if input:dim() == 1 then
      self.output:resize(1):copy(input:narrow(1, i, 1))
      return self.output
   end
   local v = input:select(d, i)
   self.output:resizeAs(v):copy(v)
   return self.output
end
function Select:updateGradInput(input, gradOutput)
   local d, i = selectArgs(self, input)
   self.gradInput:resizeAs(input):zero()
   if input:dim() == 1 then
      self.gradInput:narrow(1, i, 1):copy(gradOutput)
   else
      self.gradInput:select(d, i):copy(gradOutput)
   end
   return self.gradInput
end
-- Squeeze([dim [, numInputDims]]): removes size-1 dimensions (only `dim` when given) ------------
-- TH's rules: a dimension is only removed while more than one is left.
local function squeezedView(out, input, dim)
   local sizes, strides = {}, {}
   for d = 1, input:dim() do
      local drop = input:size(d) == 1 and (dim == nil or dim == d)
      if not drop then
         sizes[#sizes + 1] = input:size(d)
         strides[#strides + 1] = input:stride(d)
      end
   end
   if #sizes == 0 and input:dim() > 0 then sizes, strides = {1}, {1} end
   out:set(input:storage(), input:storageOffset(), storageOf(sizes), storageOf(strides))
   return out
end

local Squeeze, parentSq = torch.class('nn.Squeeze', 'nn.Module')
function Squeeze:__init(dim, numInputDims)
   parentSq.__init(self)
   self.dim = dim
   self:setNumInputDims(numInputDims)
end
function Squeeze:setNumInputDims(n)
   self.numInputDims = n
   return self
end
function Squeeze:updateOutput(input)
   assert(input and torch.isTensor(input), 'Squeeze only works on tensors')
   local dim, keepBatch = self.dim, false
   if self.numInputDims and input:dim() == self.numInputDims + 1 then
      if dim then dim = dim + 1
      elseif input:size(1) == 1 then keepBatch = true end -- a batch of one stays a batch
   end
   squeezedView(self.output, input, dim)
   if keepBatch then
      local sizes = {1}
      for d = 1, self.output:dim() do sizes[d + 1] = self.output:size(d) end
      self.output:set(self.output:view(storageOf(sizes)))
   end
   return self.output
end
function Squeeze:updateGradInput(input, gradOutput)
   assert(input and torch.isTensor(input), 'Squeeze only works on tensors')
   assert(gradOutput and torch.isTensor(gradOutput), 'Squeeze only works on tensors')
   assert(input:nElement() == gradOutput:nElement(), 'gradOutput has ' .. gradOutput:nElement() ..
      ' elements, the input ' .. input:nElement())
   self.gradInput:set(gradOutput:contiguous():view(input:size()))
   return self.gradInput
end

-- Unsqueeze(pos [, numInputDims]): inserts a dimension of size 1 at pos (after any batch dims) ---
local Unsqueeze, parentUq = torch.class('nn.Unsqueeze', 'nn.Module')
function Unsqueeze:__init(pos, numInputDims)
   parentUq.__init(self)
   self.pos = pos or error('the position to insert singleton dim not specified')
   self:setNumInputDims(numInputDims)
end
function Unsqueeze:setNumInputDims(n)
   self.numInputDims = n
   return self
end
function Unsqueeze:_getActualPosition(input)
   local nd = input:dim()
   self.numInputDims = self.numInputDims or nd
   local batchDims = nd - self.numInputDims
   assert(batchDims >= 0, 'input feature map dim (numInputDims) must be <= input:dim()')
   local pos = self.pos + batchDims
   assert(pos >= 1 and pos <= nd + 1, string.format(
      'Invalid position: %d. input:dim() is %d, input feature map dim (numInputDims) is %d.',
      self.pos, nd, self.numInputDims))
   return pos
end
function Unsqueeze:updateOutput(input)
   assert(torch.isTensor(input), 'This module only works on tensor')
   nn.utils.addSingletonDimension(self.output, input, self:_getActualPosition(input))
   return self.output
end
function Unsqueeze:updateGradInput(input, gradOutput)
   assert(torch.isTensor(input) and torch.isTensor(gradOutput), 'This module only works on tensor')
   assert(input:nElement() == gradOutput:nElement(), 'gradOutput has ' .. gradOutput:nElement() ..
      ' elements, the input ' .. input:nElement())
   self.gradInput:set(gradOutput:contiguous():view(input:size()))
   return self.gradInput
end
function Unsqueeze:__tostring__() return torch.typename(self) .. '(dim ' .. self.pos .. ')' end

-- Replicate(nFeatures [, dim [, nDim]]): nFeatures copies along a new dimension dim (a view with
-- stride 0); with nDim, an input with more dimensions is a batch and dim counts after it ------
local Replicate, parentRep = torch.class('nn.Replicate', 'nn.Module')
function Replicate:__init(nf, dim, ndim)
   parentRep.__init(self)
   self.nfeatures = nf
   self.dim = dim or 1
   self.ndim = ndim
   assert(self.dim > 0, 'Can only replicate across positive integer dimensions.')
end
local function replicateDim(self, input)
   self.dim = self.dim or 1
   assert(self.dim <= input:dim() + 1,
      'Not enough input dimensions to replicate along dimension ' .. tostring(self.dim) .. '.')
   return self.dim + ((self.ndim and input:dim() > self.ndim) and 1 or 0)
end
function Replicate:updateOutput(input)
   local r = replicateDim(self, input)
   local sizes, strides = {}, {}
   for d = 1, input:dim() do
      local at = d < r and d or d + 1
      sizes[at], strides[at] = input:size(d), input:stride(d)
   end
   sizes[r], strides[r] = self.nfeatures, 0
   self.output:set(input:storage(), input:storageOffset(), storageOf(sizes), storageOf(strides))
   return self.output
end
function Replicate:updateGradInput(input, gradOutput)
   local r = replicateDim(self, input)
   self.gradInput:resizeAs(input)
   local sizes = {}
   for d = 1, input:dim() do sizes[d < r and d or d + 1] = input:size(d) end
   sizes[r] = 1
   self.gradInput:view(storageOf(sizes)):sum(gradOutput, r)
   return self.gradInput
end

-- Padding(dim, pad [, nInputDim [, value [, index]]]): |pad| entries of `value` along dim;
-- pad < 0 inserts them before position `index`, pad > 0 counts index from the end -------------
local Padding, parentPad = torch.class('nn.Padding', 'nn.Module')
function Padding:__init(dim, pad, nInputDim, value, index)
   self.value = value or 0
   self.index = index or 1
   self.dim = dim
   self.pad = pad
   self.nInputDim = nInputDim
   self.outputSize = torch.LongStorage()
   parentPad.__init(self)
end
-- the padded dimension, the number of pad entries, and the input position they go before
local function padPlace(self, input)
   local d = self.dim
   if self.nInputDim and input:dim() ~= self.nInputDim then d = d + 1 end
   local n, at = self.pad, self.index
   if n > 0 then at = input:size(d) - at + 2 else n = -n end
   return d, n, at
end
-- copies between the unpadded tensor `small` and the matching parts of `big`
local function padCopy(small, big, d, n, at, toBig)
   local len = small:size(d)
   local before = at - 1 -- input entries that come before the padding
   local function move(s, b) if toBig then b:copy(s) else s:copy(b) end end
   if before > 0 then move(small:narrow(d, 1, before), big:narrow(d, 1, before)) end
   if len - before > 0 then
      move(small:narrow(d, at, len - before), big:narrow(d, at + n, len - before))
   end
end
function Padding:updateOutput(input)
   local d, n, at = padPlace(self, input)
   self.outputSize:resize(input:dim()):copy(input:size())
   self.outputSize[d] = self.outputSize[d] + n
   self.output:resize(self.outputSize):fill(self.value)
   padCopy(input, self.output, d, n, at, true)
   return self.output
end
function Padding:updateGradInput(input, gradOutput)
   local d, n, at = padPlace(self, input)
   self.gradInput:resizeAs(input)
   padCopy(self.gradInput, gradOutput, d, n, at, false)
   return self.gradInput
end

-- Collapse(nInputDim): flattens the non-batch dimensions ---------------------------------------
local Collapse, parentCol = torch.class('nn.Collapse', 'nn.Module')
function Collapse:__init(nInputDim)
   parentCol.__init(self)
   self.nInputDim = nInputDim
end
function Collapse:updateOutput(input)
   if not input:isContiguous() then
      local c = buffer(self, '_input', input)
      c:resize(input:size()):copy(input)
      input = c
   end
   if input:dim() > self.nInputDim then
      self.output:set(input:view(input:size(1), -1))
   else
      self.output:set(input:view(-1))
   end
   return self.output
end
function Collapse:updateGradInput(input, gradOutput)
   self.gradInput:set(gradOutput:contiguous():view(input:size()))
   return self.gradInput
end
function Collapse:clearState()
   self._input = nil
   return parentCol.clearState(self)
end

-- Contiguous: the input itself when contiguous, else a contiguous copy --------------------------
local Contiguous = torch.class('nn.Contiguous', 'nn.Module')
local function contiguousInto(dst, src)
   if src:isContiguous() then
      dst:set(src)
   else
      if dst:storage() ~= nil and src:storage() ~= nil and dst:storage() == src:storage() then dst:set() end
      dst:resizeAs(src):copy(src)
   end
end
function Contiguous:updateOutput(input)
   contiguousInto(self.output, input)
   return self.output
end
function Contiguous:updateGradInput(input, gradOutput)
   contiguousInto(self.gradInput, gradOutput)
   return self.gradInput
end

-- Copy([intype [, outtype [, forceCopy [, dontCast]]]]): converts between tensor types ----------
-- With the same type on both sides (and no forceCopy) the data is shared rather than copied.
local Copy, parentCopy = torch.class('nn.Copy', 'nn.Module')
function Copy:__init(intype, outtype, forceCopy, dontCast)
   intype = intype or torch.Tensor.__typename or torch.getdefaulttensortype()
   outtype = outtype or torch.Tensor.__typename or torch.getdefaulttensortype()
   self.dontCast = dontCast
   parentCopy.__init(self)
   self.gradInput = nn.utils.tensorClass(intype)()
   self.output = nn.utils.tensorClass(outtype)()
   self.shares = (not forceCopy) and intype == outtype or nil
end
function Copy:updateOutput(input)
   if self.shares then
      self.output:set(input)
      return input
   end
   self.output:resize(input:size()):copy(input)
   return self.output
end
function Copy:updateGradInput(input, gradOutput)
   if self.shares then
      self.gradInput:set(gradOutput)
      return gradOutput
   end
   self.gradInput:resize(gradOutput:size()):copy(gradOutput)
   return self.gradInput
end
function Copy:type(t, cache)
   if t and self.dontCast then return self end
   return parentCopy.type(self, t, cache)
end

-- Index(dim): {tensor, LongTensor of indices} -> tensor:index(dim, indices) ---------------------
local Index, parentIdx = torch.class('nn.Index', 'nn.Module')
function Index:__init(dimension)
   parentIdx.__init(self)
   self.dimension = dimension
   self.gradInput = {self.gradInput, self.gradInput.new()}
end
function Index:updateOutput(input)
   self.output:index(input[1], self.dimension, input[2])
   return self.output
end
function Index:updateGradInput(input, gradOutput)
   local t, idx = input[1], input[2]
   self.gradInput[2]:resize(idx:size()):zero() -- the indices get no gradient
   self.gradInput[1]:resizeAs(t):zero()
   self.gradInput[1]:indexAdd(self.dimension, idx, gradOutput)
   return self.gradInput
end
function Index:clearState()
   self.gradInput[1]:set()
   self.gradInput[2]:set()
   self.output:set()
   return self
end

-- MaskedSelect: {tensor, ByteTensor mask} -> the masked elements as a vector --------------------
local MaskedSelect = torch.class('nn.MaskedSelect', 'nn.Module')
function MaskedSelect:__init()
   nn.Module.__init(self)
   self._maskIndices = torch.LongTensor()
   self._maskIndexBuffer = torch.LongTensor()
   self._maskIndexBufferCPU = torch.FloatTensor()
   self._gradBuffer = torch.Tensor()
   self._gradMask = torch.ByteTensor()
end
function MaskedSelect:updateOutput(input)
   self.output:maskedSelect(input[1], input[2])
   return self.output
end
function MaskedSelect:updateGradInput(input, gradOutput)
   local x, mask = input[1], input[2]
   -- positions (1-based, row-major) of the selected elements, scattered back into a flat buffer
   self._maskIndexBuffer:range(1, mask:nElement()):resize(mask:size())
   self._maskIndices:maskedSelect(self._maskIndexBuffer, mask)
   self._gradBuffer = buffer(self, '_gradBuffer', x)
   self._gradBuffer:resize(x:nElement()):zero()
   self._gradBuffer:scatter(1, self._maskIndices, gradOutput:contiguous():view(-1))
   self._gradBuffer:resize(x:size())
   self.gradInput = {self._gradBuffer, self._gradMask:resize(mask:size()):zero()}
   return self.gradInput
end
function MaskedSelect:type(t, cache)
   if not t then return self._type end
   self._gradBuffer = self._gradBuffer:type(t)
   self.output = self.output:type(t)
   if torch.isTensor(self.gradInput) then self.gradInput = self.gradInput:type(t)
   else self.gradInput = nn.utils.recursiveType(self.gradInput, t, cache) end
   self._type = t
   return self
end
function MaskedSelect:clearState()
   return nn.utils.clear(self, 'output', 'gradInput', '_maskIndexBuffer', '_maskIndexBufferCPU',
      '_maskIndices', '_gradBuffer', '_gradMask')
end

-- PixelShuffle(r): [b x c*r*r x h x w] -> [b x c x h*r x w*r] (the batch dimension is optional) --
local PixelShuffle, parentPS = torch.class('nn.PixelShuffle', 'nn.Module')
function PixelShuffle:__init(upscaleFactor)
   parentPS.__init(self)
   self.upscaleFactor = upscaleFactor
   self.upscaleFactorSquared = upscaleFactor * upscaleFactor
end
local function shuffleDims(self, input)
   local batched = input:dim() == 4
   local first = batched and 2 or 1
   local b = batched and input:size(1) or 1
   local c = input:size(first) / self.upscaleFactorSquared
   return batched, b, c, input:size(first + 1), input:size(first + 2)
end
function PixelShuffle:updateOutput(input)
   local r = self.upscaleFactor
   local batched, b, c, h, w = shuffleDims(self, input)
   -- input element (b, c, i, j, y, x) -> output (b, c, y, i, x, j)
   local split = input:contiguous():view(storageOf({b, c, r, r, h, w}))
   self._shuffleOut = buffer(self, '_shuffleOut', input)
   self._shuffleOut:resize(storageOf({b, c, h, r, w, r})):copy(split:permute(1, 2, 5, 3, 6, 4))
   local out = batched and {b, c, h * r, w * r} or {c, h * r, w * r}
   self.output = self._shuffleOut:view(storageOf(out))
   return self.output
end
function PixelShuffle:updateGradInput(input, gradOutput)
   local r = self.upscaleFactor
   local _, b, c, h, w = shuffleDims(self, input)
   local split = gradOutput:contiguous():view(storageOf({b, c, h, r, w, r}))
   self._shuffleIn = buffer(self, '_shuffleIn', input)
   self._shuffleIn:resize(storageOf({b, c, r, r, h, w})):copy(split:permute(1, 2, 4, 6, 3, 5))
   self.gradInput = self._shuffleIn:view(input:size())
   return self.gradInput
end
function PixelShuffle:clearState()
   nn.utils.clear(self, '_intermediateShape', '_outShape', '_shuffleIn', '_shuffleOut')
   return parentPS.clearState(self)
end

-- OneHot(outputSize): class indices (a number or a tensor of any shape) -> one-hot rows ---------
local OneHot, parentOH = torch.class('nn.OneHot', 'nn.Module')
function OneHot:__init(outputSize)
   parentOH.__init(self)
   self.outputSize = outputSize
end
function OneHot:updateOutput(input)
   local sizes
   if type(input) == 'number' then
      self._single = self._single or torch.LongTensor(1)
      self._single[1] = input
      input, sizes = self._single, {}
   else
      sizes = {}
      for d = 1, input:dim() do sizes[d] = input:size(d) end
   end
   sizes[#sizes + 1] = self.outputSize
   self.output:resize(storageOf(sizes)):zero()
   sizes[#sizes] = 1
   local idx = input
   if torch.type(input) ~= 'torch.LongTensor' then
      self._input = self._input or torch.LongTensor()
      self._input:resize(input:size()):copy(input)
      idx = self._input
   end
   self.output:scatter(self.output:dim(), idx:contiguous():view(storageOf(sizes)), 1)
   return self.output
end
function OneHot:updateGradInput(input, gradOutput)
   if type(input) == 'number' then return 0 end
   self.gradInput:resize(input:size()):zero()
   return self.gradInput
end
function OneHot:clearState()
   self._single, self._input = nil, nil
   return parentOH.clearState(self)
end
function OneHot:type(t, cache)
   self._single, self._input = nil, nil
   return parentOH.type(self, t, cache)
end

-- UpSampling(scale | {[odepth,] oheight, owidth} [, mode]): nearest or (bi/tri)linear upsampling
-- of 4D (spatial) or 5D (volumetric) batches ------------------------------------------------------
local UpSampling, parentUp = torch.class('nn.UpSampling', 'nn.Module')
function UpSampling:__init(params, mode)
   parentUp.__init(self)
   local linear = mode == 'linear' or mode == 'bilinear' or mode == 'trilinear'
   self.mode = linear and 'linear' or 'nearest'
   if torch.type(params) == 'table' then
      if not linear then error('Nearest neighbour upsampling requires a scale_factor') end
      self.odepth, self.owidth, self.oheight = params.odepth, params.owidth, params.oheight
      if self.owidth == nil or self.oheight == nil then error('Output height and width parameters are required') end
   else
      self.scale_factor = params
      if type(params) ~= 'number' then error('nn.UpSampling(scale_factor | {oheight=, owidth=} [, mode])') end
      if params < 1 then error('scale_factor must be greater than 1') end
      if math.floor(params) ~= params then error('scale_factor must be integer') end
   end
   self.inputSize = torch.LongStorage(5):fill(0)
   self.outputSize = torch.LongStorage(5):fill(0)
end
function UpSampling:setSize(input)
   local nd = input:dim()
   local x, y = nd, nd - 1
   local z = nd > 4 and nd - 2 or nil
   for d = 1, nd do
      self.inputSize[d] = input:size(d)
      self.outputSize[d] = input:size(d)
   end
   if self.scale_factor then
      for _, d in ipairs({z, y, x}) do self.outputSize[d] = self.outputSize[d] * self.scale_factor end
   else
      if z then
         if self.odepth == nil then error('No output depth dimension was supplied for volumetric upsampling') end
         self.outputSize[z] = self.odepth
      end
      self.outputSize[y], self.outputSize[x] = self.oheight, self.owidth
   end
end
local function upDims(input)
   local nd = input:dim()
   if nd < 4 or nd > 5 then error('UpSampling only supports 4D or 5D tensors', 3) end
   return nd
end
function UpSampling:updateOutput(input)
   local nd = upDims(input)
   self:setSize(input)
   local k, o = K(input), self.outputSize
   if nd == 4 then
      if self.mode == 'nearest' then k.SpatialUpSamplingNearest_updateOutput(input, self.output, self.scale_factor)
      else k.SpatialUpSamplingBilinear_updateOutput(input, self.output, o[3], o[4]) end
   else
      if self.mode == 'nearest' then k.VolumetricUpSamplingNearest_updateOutput(input, self.output, self.scale_factor)
      else k.VolumetricUpSamplingTrilinear_updateOutput(input, self.output, o[3], o[4], o[5]) end
   end
   return self.output
end
function UpSampling:updateGradInput(input, gradOutput)
   local nd = upDims(input)
   if nd ~= gradOutput:dim() then error('Input and gradOutput should be of same dimension') end
   self:setSize(input)
   local k, o, s = K(input), self.outputSize, input:size()
   self.gradInput:resizeAs(input)
   if nd == 4 then
      if self.mode == 'nearest' then
         k.SpatialUpSamplingNearest_updateGradInput(input, gradOutput, self.gradInput, self.scale_factor)
      else
         k.SpatialUpSamplingBilinear_updateGradInput(gradOutput, self.gradInput, s[1], s[2], s[3], s[4], o[3], o[4])
      end
   else
      if self.mode == 'nearest' then
         k.VolumetricUpSamplingNearest_updateGradInput(input, gradOutput, self.gradInput, self.scale_factor)
      else
         k.VolumetricUpSamplingTrilinear_updateGradInput(gradOutput, self.gradInput, s[1], s[2], s[3], s[4], s[5],
            o[3], o[4], o[5])
      end
   end
   return self.gradInput
end
function UpSampling:__tostring__()
   local name = torch.typename(self)
   if self.scale_factor then return string.format('%s(%dx, %s)', name, self.scale_factor, self.mode) end
   if self.odepth then
      return string.format('%s(%dx%dx%d, %s)', name, self.odepth, self.oheight, self.owidth, self.mode)
   end
   return string.format('%s(%dx%d, %s)', name, self.oheight, self.owidth, self.mode)
end
