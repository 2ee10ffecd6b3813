-- Linear layers on sparse inputs: SparseLinear (lists of (feature, value) pairs) and IndexLinear
-- (keys and values, with dense gradients accumulated per batch and applied sparsely). torch/nn's
-- constructors, input formats, fields and update rules.
local THNN = require 'nn.THNN'
local K = THNN.for_

-- SparseLinear ----------------------------------------------------------------------------------
-- Inputs: one example as an [nnz x 2] tensor of (feature index, value) rows; a batch as a table of
-- those; or the legacy [batch x nnz x 2] tensor. gradInput (with doGradInput) is dense, in the same
-- pair format over every feature.
local SparseLinear, parentSL = torch.class('nn.SparseLinear', 'nn.Module')

-- sparseUpdate: whether the last input alone explains gradWeight (then zeroing and updating touch
-- only its columns), or gradients were accumulated more than once (then the dense rules apply)
local NO_LAST_INPUT, ONE_LAST_INPUT, ACC_MULTIPLE_TIMES = 0, 1, 2

function SparseLinear:__init(inputSize, outputSize, doGradInput)
   parentSL.__init(self)
   self.weightDecay = 0
   self.doGradInput = doGradInput or false
   assert(type(self.doGradInput) == 'boolean')
   self.weight = torch.Tensor(outputSize, inputSize):zero()
   self.bias = torch.Tensor(outputSize):zero()
   self.gradWeight = torch.Tensor(outputSize, inputSize):zero()
   self.gradBias = torch.Tensor(outputSize):zero()
   self.lastInput = nil
   self.sparseUpdate = NO_LAST_INPUT
   self.formatted_input = nil
   self.gradInput = {}
   self.output:resize(outputSize)
   self:reset()
end

function SparseLinear:reset(stdv)
   stdv = stdv and stdv * math.sqrt(3) or 1 / math.sqrt(self.weight:size(2))
   self.weight:uniform(-stdv, stdv)
   self.bias:uniform(-stdv, stdv):mul(0.000001)
   return self
end

-- returns the input as a list of examples (or the legacy tensor), batchMode, legacyMode
function SparseLinear:reshapeInput(input)
   if torch.type(input) == 'table' then return input, true, false end
   if input:dim() == 2 then return {input}, false, false end
   return input, true, true
end

function SparseLinear:updateOutput(input)
   if self.sparseUpdate == ONE_LAST_INPUT then self.sparseUpdate = ACC_MULTIPLE_TIMES end
   local list, batchMode, legacyMode = self:reshapeInput(input)
   self.legacyMode = legacyMode
   if legacyMode then
      K(list).SparseLinear_legacyUpdateOutput(list, self.output, self.weight, self.bias)
      return self.output
   end
   local nbatches = #list
   if nbatches == 0 then
      self.output:resizeAs(self.bias):copy(self.bias)
      return self.output
   end
   -- one [nnz x 3] tensor of (example, feature, value) rows
   local total = 0
   for i = 1, nbatches do total = total + list[i]:size(1) end
   self.formatted_input = self.formatted_input or list[1].new()
   if self.formatted_input:type() ~= list[1]:type() then self.formatted_input = list[1].new() end
   self.formatted_input:resize(total, 3)
   local row = 1
   for i = 1, nbatches do
      local n = list[i]:size(1)
      if n > 0 then
         local part = self.formatted_input:narrow(1, row, n)
         part:select(2, 1):fill(i)
         part:narrow(2, 2, 2):copy(list[i])
      end
      row = row + n
   end
   self.output:resize(nbatches, self.weight:size(1))
   K(list[1]).SparseLinear_updateOutput(self.formatted_input, self.output, self.weight, self.bias)
   if not batchMode then self.output = self.output[1] end
   return self.output
end

function SparseLinear:accGradParameters(input, gradOutput, scale)
   local list, batchMode, legacyMode = self:reshapeInput(input)
   self.legacyMode = legacyMode
   self.lastInput = self.lastInput or gradOutput.new()
   if self.sparseUpdate == NO_LAST_INPUT then
      local v = legacyMode and list or self.formatted_input
      self.lastInput:resizeAs(v):copy(v)
      self.sparseUpdate = ONE_LAST_INPUT
   elseif self.sparseUpdate == ONE_LAST_INPUT then
      self.sparseUpdate = ACC_MULTIPLE_TIMES
   end
   if legacyMode then
      K(list).SparseLinear_legacyAccGradParameters(list, gradOutput, self.gradWeight, self.gradBias, self.weight,
         self.bias, self.weightDecay or 0, scale or 1)
      return
   end
   if not batchMode then gradOutput = gradOutput:view(1, gradOutput:size(1)) end
   -- the kernel walks the entries column by column: sort them by (feature, example)
   local rows = self.formatted_input:select(2, 1)
   local cols = self.formatted_input:select(2, 2)
   local _, order = (cols * gradOutput:size(1) + rows):sort(1, false)
   local sorted = self.formatted_input:index(1, order)
   K(list[1]).SparseLinear_accGradParameters(sorted, gradOutput, self.gradWeight, self.gradBias, self.weight,
      self.bias, self.weightDecay or 0, scale or 1)
end

function SparseLinear:updateGradInput(input, gradOutput)
   if self.legacyMode then
      if torch.type(self.gradInput) ~= torch.type(gradOutput) then self.gradInput = gradOutput.new() end
      self.gradInput:resizeAs(input)
   else
      self.gradInput = {}
   end
   if not self.doGradInput then return self.gradInput end
   local nIn = self.weight:size(2)
   local gi, batchMode
   if gradOutput:dim() == 1 then
      gi, batchMode = (self.weight:t() * gradOutput):view(1, nIn), false
   else
      gi, batchMode = gradOutput * self.weight, true
   end
   if self.legacyMode then
      local batches = self.gradInput:size(1)
      self.gradInput:resize(batches, nIn, 2)
      self.gradInput:select(3, 1):copy(torch.repeatTensor(torch.range(1, nIn), batches, 1))
      self.gradInput:select(3, 2):copy(gi)
   else
      for i = 1, gi:size(1) do
         self.gradInput[i] = gradOutput.new(nIn, 2)
         self.gradInput[i]:select(2, 2):copy(gi[i])
         self.gradInput[i]:select(2, 1):range(1, nIn)
      end
   end
   return self.gradInput
end

function SparseLinear:updateParameters(learningRate)
   if self.lastInput and self.sparseUpdate == ONE_LAST_INPUT then
      local name = self.legacyMode and 'SparseLinear_legacyUpdateParameters' or 'SparseLinear_updateParameters'
      K(self.lastInput)[name](self.weight, self.bias, self.gradWeight, self.gradBias, self.lastInput, learningRate)
   else
      parentSL.updateParameters(self, learningRate)
   end
end

function SparseLinear:zeroGradParameters()
   if self.lastInput and self.sparseUpdate == ONE_LAST_INPUT then
      local name = self.legacyMode and 'SparseLinear_legacyZeroGradParameters' or 'SparseLinear_zeroGradParameters'
      K(self.lastInput)[name](self.gradWeight, self.gradBias, self.lastInput)
   else
      parentSL.zeroGradParameters(self)
   end
   self.sparseUpdate = NO_LAST_INPUT
end

function SparseLinear:clearState()
   if self.lastInput then self.lastInput:set() end
   self.formatted_input = nil
   self.output = self.output.new()
   self.gradInput = {}
   return self
end

-- IndexLinear -----------------------------------------------------------------------------------
-- Inputs: {keys, values} for one example (LongTensor keys, 1-based features); {{keys...},
-- {values...}} for a batch; or flat {keys, values, sizes} with the batch's keys concatenated.
-- gradWeight is not kept dense: each accGradParameters writes the rows of its keys into a running
-- buffer, and updateParameters applies them; zeroGradParameters starts a new accumulation.
local IndexLinear, parentIL = torch.class('nn.IndexLinear', 'nn.Module')

function IndexLinear:__init(inputSize, outputSize, doGradInput, keysOffset, weight, bias, normalize)
   parentIL.__init(self)
   -- with normalize, 4 leading weight columns per feature hold the normalisation state
   self.normalize = normalize and 4 or 0
   self.weight = weight or torch.Tensor(inputSize, outputSize + self.normalize):zero()
   self.bias = bias or torch.Tensor(outputSize):zero()
   self.inputSize = self.weight:size(1)
   self.outputSize = self.weight:size(2) - self.normalize
   self.gradWeight = torch.Tensor()
   self.gradBias = torch.Tensor(self.outputSize):zero()
   self.gradWeightBuffer = torch.Tensor()
   self.valuesBuffer = torch.Tensor()
   self.normalizedValues = torch.Tensor()
   self.running = {cumSumSizes = {}, keys = {}, gradWeight = {}, counter = 1}
   self.sizesCache = {}
   self.cumSumSizesCache = {}
   self.weightDecay = 0
   self.doGradInput = doGradInput or false
   -- added to a (1-based) key to give its 0-based weight row
   self.offset = keysOffset and keysOffset - 1 or -1
end

function IndexLinear:reset(stdv)
   stdv = stdv and stdv * math.sqrt(3) or 1 / math.sqrt(self.weight:size(2))
   self.weight:uniform(-stdv, stdv)
   self.bias:uniform(-stdv, stdv):mul(0.000001)
   if self.normalize > 0 then self.weight:narrow(2, 1, self.normalize):zero() end
   return self
end

-- returns keys and values (lists, or flat tensors with sizes); sets isFlat and noBatch
function IndexLinear:reshapeInput(input)
   assert(torch.type(input) == 'table', 'IndexLinear expects a table input')
   local n = #input
   assert(n == 2 or n == 3, 'IndexLinear expects {keys, values} or {keys, values, sizes}')
   if n == 3 then
      local keys, values = input[1], input[2]
      local sizes = torch.isTensor(input[3]) and input[3] or keys.new({input[3]})
      assert(keys:nElement() == values:nElement(), 'Keys and values should be of same size')
      assert(keys:dim() == 1, 'Keys and values should be 1D')
      self.isFlat, self.noBatch = true, false
      return keys, values, sizes
   end
   local keys, values = input[1], input[2]
   local lkeys, lvalues
   if torch.type(keys) == 'table' and torch.type(values) == 'table' then
      lkeys, lvalues = keys, values
      self.isFlat, self.noBatch = false, false
   elseif torch.isTensor(keys) and torch.isTensor(values) then
      lkeys, lvalues = {keys}, {values}
      self.isFlat, self.noBatch = false, true
   else
      error('Wrong input format.')
   end
   for i = 1, #lkeys do
      assert(lvalues[i]:dim() == 1 and lkeys[i]:dim() == 1, 'keys and values should be 1D')
   end
   return lkeys, lvalues
end

function IndexLinear:longTensor(...) return torch.LongTensor(...) end

function IndexLinear:flattenInputs(input)
   local lkeys, lvalues, sizes = self:reshapeInput(input)
   local counter = self.running.counter
   self.running.keys[counter] = self.running.keys[counter] or torch.LongTensor()
   self.keys = self.running.keys[counter]
   if self.isFlat then
      self.values = self.values or lvalues.new()
      self.keys:resize(lkeys:size()):copy(lkeys)
      self.values:resize(lvalues:size()):copy(lvalues)
      self.sizes = torch.type(sizes) == 'torch.LongTensor' and sizes or torch.LongTensor():resize(sizes:size()):copy(sizes)
      self.cumSumSizes = self.cumSumSizes or torch.LongTensor()
      self.cumSumSizes:cumsum(self.sizes)
   else
      self.values = self.values or lvalues[1].new()
      self.lkeys, self.lvalues = lkeys, lvalues
      local batch = #lkeys
      self.sizesCache[1] = self.sizesCache[1] or torch.LongTensor(batch)
      self.cumSumSizesCache[1] = self.cumSumSizesCache[1] or torch.LongTensor(batch)
      self.sizes = self.sizesCache[1]:resize(batch)
      self.cumSumSizes = self.cumSumSizesCache[1]:resize(batch)
      for i = 1, batch do self.sizes[i] = lkeys[i]:size(1) end
      self.cumSumSizes:cumsum(self.sizes)
      self.keys:cat(lkeys, 1)
      self.values:cat(lvalues, 1)
   end
   self.running.cumSumSizes[counter] = self.cumSumSizes
end

function IndexLinear:updateOutput(input)
   self:flattenInputs(input)
   K(self.values).IndexLinear_updateOutput(self.keys, self.offset, self.values, self.sizes, self.cumSumSizes,
      self.output, self.weight, self.bias, self.normalizedValues, self.train and 1 or 0)
   if self.noBatch then self.output:resize(self.output:size(2)) end
   return self.output
end

local function gradOutput2d(gradOutput)
   if gradOutput:dim() == 1 then return gradOutput:view(1, gradOutput:size(1)) end
   return gradOutput
end

function IndexLinear:accUpdateGradParameters(input, gradOutput, scale)
   K(self.values).IndexLinear_accUpdateGradParameters(self.keys, self.offset,
      self.normalize > 0 and self.normalizedValues or self.values, self.sizes, self.cumSumSizes,
      gradOutput2d(gradOutput), self.weight, self.bias, self.weightDecay or 0, scale or 1)
end

function IndexLinear:accGradParameters(input, gradOutput, scale)
   local counter = self.running.counter
   self.running.gradWeight[counter] = self.running.gradWeight[counter] or self.values.new()
   K(self.values).IndexLinear_accGradParameters(self.keys, self.offset,
      self.normalize > 0 and self.normalizedValues or self.values, self.sizes, self.cumSumSizes,
      gradOutput2d(gradOutput), self.running.gradWeight[counter], self.gradBias, self.weight, self.bias,
      self.valuesBuffer, self.weightDecay or 0, scale or 1)
   -- the next accumulation (before zeroGradParameters) gets buffers of its own
   self.running.counter = counter + 1
end

function IndexLinear:updateGradInput(input, gradOutput)
   self.gradInput = {}
   if self.doGradInput and self.normalize > 0 then
      error('updateGradInput is not implemented in max-normalize mode')
   end
   local nIn = self.weight:size(1)
   if self.doGradInput then
      local gi = gradOutput.new()
      if gradOutput:dim() == 1 then
         gi:resize(nIn):mv(self.weight, gradOutput)
         gi = gi:view(1, nIn)
      else
         gi:resize(gradOutput:size(1), nIn):mm(gradOutput, self.weight:t())
      end
      local features = torch.LongTensor(nIn):range(1, nIn)
      if self.isFlat then
         self.gradInput[1] = torch.repeatTensor(features, gi:size(1), 1)
         self.gradInput[2] = gi
      else
         self.gradInput[1], self.gradInput[2] = {}, {}
         for i = 1, gi:size(1) do
            self.gradInput[1][i] = features:clone()
            self.gradInput[2][i] = gradOutput.new(nIn):copy(gi[i])
         end
      end
      if self.noBatch then
         if self.isFlat then
            self.gradInput = {self.gradInput[1]:resize(nIn), self.gradInput[2]:resize(nIn)}
         else
            self.gradInput = {self.gradInput[1][1], self.gradInput[2][1]}
         end
      end
   end
   return self.gradInput
end

function IndexLinear:updateParameters(lr)
   local counter = self.running.counter
   if counter <= 1 then return end
   if counter == 2 then
      self.updateKeys = self.running.keys[1]
      self.gradWeight = self.running.gradWeight[1]
   else
      -- several accumulations: concatenate their keys, gradient rows and running sizes
      self.updateKeysBuffer = self.updateKeysBuffer or torch.LongTensor()
      local keys, grads, cums = {}, {}, {}
      local total = 0
      for i = 1, counter - 1 do
         keys[i] = self.running.keys[i]
         grads[i] = self.running.gradWeight[i]:contiguous():view(-1)
         cums[i] = self.running.cumSumSizes[i] + total
         total = total + keys[i]:size(1)
      end
      self.updateKeysBuffer:cat(keys, 1)
      self.gradWeightBuffer:cat(grads, 1)
      self.cumSumSizes = torch.LongTensor():cat(cums, 1)
      self.gradWeightBuffer:resize(total, self.outputSize)
      self.gradWeight = self.gradWeightBuffer
      self.updateKeys = self.updateKeysBuffer
   end
   K(self.weight).IndexLinear_updateParameters(self.gradWeight, self.gradBias, self.weight, self.bias,
      self.updateKeys, self.cumSumSizes, self.offset, self.weightDecay or 0,
      lr or error('You must specify a learning rate'))
end

function IndexLinear:zeroGradParameters()
   self.gradBias:zero()
   self.running.counter = 1
end

function IndexLinear:parameters()
   return {self.weight, self.bias}, {self.running, self.gradBias}
end

-- The key buffers stay LongTensors across type changes; the last input's lists (the caller's own
-- tables) are forgotten rather than converted in place.
function IndexLinear:type(t, cache)
   self.lkeys, self.lvalues = nil, nil
   local keep = {keys = self.keys, sizes = self.sizes, cumSumSizes = self.cumSumSizes,
      updateKeys = self.updateKeys, updateKeysBuffer = self.updateKeysBuffer, runningKeys = self.running.keys,
      runningCums = self.running.cumSumSizes, sizesCache = self.sizesCache, cumSumSizesCache = self.cumSumSizesCache}
   self.keys, self.sizes, self.cumSumSizes, self.updateKeys, self.updateKeysBuffer = nil, nil, nil, nil, nil
   self.running.keys, self.running.cumSumSizes, self.sizesCache, self.cumSumSizesCache = {}, {}, {}, {}
   nn.Module.type(self, t, cache)
   self.keys, self.sizes, self.cumSumSizes = keep.keys, keep.sizes, keep.cumSumSizes
   self.updateKeys, self.updateKeysBuffer = keep.updateKeys, keep.updateKeysBuffer
   self.running.keys, self.running.cumSumSizes = keep.runningKeys, keep.runningCums
   self.sizesCache, self.cumSumSizesCache = keep.sizesCache, keep.cumSumSizesCache
   return self
end

function IndexLinear:clearState()
   self.running.keys, self.running.gradWeight = {}, {}
   self.keys, self.updateKeys, self.values, self.sizes, self.updateKeysBuffer = nil, nil, nil, nil, nil
   self.lkeys, self.lvalues = {}, {}
   self.gradWeightBuffer = self.gradWeightBuffer.new()
   self.valuesBuffer = self.valuesBuffer.new()
   return parentIL.clearState(self)
end
