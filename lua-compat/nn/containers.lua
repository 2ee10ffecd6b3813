-- Containers: Container (base), Sequential, Concat, ConcatTable, Parallel, ParallelTable.
local Container, parent = torch.class('nn.Container', 'nn.Module')

function Container:__init(...)
   parent.__init(self, ...)
   self.modules = {}
end

function Container:add(module)
   table.insert(self.modules, module)
   return self
end

function Container:get(index) return self.modules[index] end
function Container:size() return #self.modules end

function Container:applyToModules(fn)
   for _, m in ipairs(self.modules) do fn(m) end
end

function Container:zeroGradParameters() self:applyToModules(function(m) m:zeroGradParameters() end) end
function Container:updateParameters(lr) self:applyToModules(function(m) m:updateParameters(lr) end) end
function Container:training() parent.training(self); self:applyToModules(function(m) m:training() end) end
function Container:evaluate() parent.evaluate(self); self:applyToModules(function(m) m:evaluate() end) end
function Container:reset(stdv) self:applyToModules(function(m) m:reset(stdv) end) end

-- A container's own weight and bias are none of its children's: step through the children's
-- gradients (containers with a direct route, such as Sequential, override this).
function Container:accUpdateGradParameters(input, gradOutput, lr)
   self:sharedAccUpdateGradParameters(input, gradOutput, lr)
end

function Container:share(mlp, ...)
   for i = 1, #self.modules do self.modules[i]:share(mlp.modules[i], ...) end
   return self
end

function Container:parameters()
   local w, gw = {}, {}
   for _, m in ipairs(self.modules) do
      local mw, mgw = m:parameters()
      if mw then
         for i = 1, #mw do
            w[#w + 1] = mw[i]
            gw[#gw + 1] = mgw[i]
         end
      end
   end
   return w, gw
end

function Container:clearState()
   parent.clearState(self)
   self:applyToModules(function(m) m:clearState() end)
   return self
end

-- Runs fn(module, ...) and, on an error, names the failing child (as Torch7 did).
function Container:rethrowErrors(module, index, fname, ...)
   local results = {xpcall(function(...) return module[fname](module, ...) end,
      function(err)
         -- every enclosing container adds its line, outermost first
         if type(err) == 'string' then
            err = 'In ' .. index .. ' module of ' .. torch.typename(self) .. ':\n' .. err
         end
         return err
      end, ...)}
   if not results[1] then error(results[2], 0) end
   return unpack(results, 2)
end

-- Printing ------------------------------------------------------------------------------------
local line, tab, next_, last = '\n', '  ', '  |    ', '       '

local function indentChild(m, prefix)
   return tostring(m):gsub(line, line .. prefix)
end

-- Sequential --------------------------------------------------------------------------------
local Sequential, _ = torch.class('nn.Sequential', 'nn.Container')

function Sequential:__len() return #self.modules end

function Sequential:add(module)
   if #self.modules == 0 then self.gradInput = module.gradInput end
   table.insert(self.modules, module)
   self.output = module.output
   return self
end

function Sequential:insert(module, index)
   index = index or (#self.modules + 1)
   if index > #self.modules + 1 or index < 1 then error('index should be contiguous to existing modules') end
   table.insert(self.modules, index, module)
   self.output = self.modules[#self.modules].output
   self.gradInput = self.modules[1].gradInput
end

function Sequential:remove(index)
   index = index or #self.modules
   if index > #self.modules or index < 1 then error('index out of range') end
   table.remove(self.modules, index)
   if #self.modules > 0 then
      self.output = self.modules[#self.modules].output
      self.gradInput = self.modules[1].gradInput
   else
      self.output, self.gradInput = torch.Tensor(), torch.Tensor()
   end
end

function Sequential:updateOutput(input)
   local current = input
   for i = 1, #self.modules do
      current = self:rethrowErrors(self.modules[i], i, 'updateOutput', current)
   end
   self.output = current
   return current
end

function Sequential:updateGradInput(input, gradOutput)
   local current = gradOutput
   for i = #self.modules, 2, -1 do
      current = self:rethrowErrors(self.modules[i], i, 'updateGradInput', self.modules[i - 1].output, current)
   end
   current = self:rethrowErrors(self.modules[1], 1, 'updateGradInput', input, current)
   self.gradInput = current
   return current
end

function Sequential:accGradParameters(input, gradOutput, scale)
   scale = scale or 1
   local current = gradOutput
   for i = #self.modules, 2, -1 do
      local m = self.modules[i]
      self:rethrowErrors(m, i, 'accGradParameters', self.modules[i - 1].output, current, scale)
      current = m.gradInput
   end
   self:rethrowErrors(self.modules[1], 1, 'accGradParameters', input, current, scale)
end

function Sequential:backward(input, gradOutput, scale)
   scale = scale or 1
   local current = gradOutput
   for i = #self.modules, 2, -1 do
      current = self:rethrowErrors(self.modules[i], i, 'backward', self.modules[i - 1].output, current, scale)
   end
   current = self:rethrowErrors(self.modules[1], 1, 'backward', input, current, scale)
   self.gradInput = current
   return current
end

function Sequential:accUpdateGradParameters(input, gradOutput, lr)
   local current = gradOutput
   for i = #self.modules, 2, -1 do
      local m = self.modules[i]
      m:accUpdateGradParameters(self.modules[i - 1].output, current, lr)
      current = m.gradInput
   end
   self.modules[1]:accUpdateGradParameters(input, current, lr)
end

function Sequential:__tostring__()
   local s = 'nn.Sequential {' .. line .. tab .. '[input'
   for i = 1, #self.modules do s = s .. ' -> (' .. i .. ')' end
   s = s .. ' -> output]'
   for i = 1, #self.modules do
      s = s .. line .. tab .. '(' .. i .. '): ' .. indentChild(self.modules[i], line .. tab):sub(1)
   end
   return s .. line .. '}'
end

-- Branching containers share one printing layout --------------------------------------------
local function branchString(self, name, ending)
   local s = name .. ' {' .. line .. tab .. 'input'
   for i = 1, #self.modules do
      local isLast = i == #self.modules
      local arrow = isLast and '   `-> (' or '  |`-> ('
      s = s .. line .. tab .. arrow .. i .. '): ' .. tostring(self.modules[i]):gsub(line, line .. tab .. (isLast and last or next_))
   end
   return s .. line .. tab .. '   ' .. ending .. 'output' .. line .. '}'
end

-- ConcatTable: the same input to every module, a table of their outputs ----------------------
local ConcatTable, _ = torch.class('nn.ConcatTable', 'nn.Container')

function ConcatTable:__init()
   nn.Container.__init(self)
   self.output = {}
end

function ConcatTable:updateOutput(input)
   for i, m in ipairs(self.modules) do
      self.output[i] = self:rethrowErrors(m, i, 'updateOutput', input)
   end
   for i = #self.modules + 1, #self.output do self.output[i] = nil end
   return self.output
end

-- recursiveCopy that also drops entries past the end of each level of `from` (the input table may
-- be shorter than on the previous call)
local function copyTrimmed(to, from)
   if not torch.isTensor(from) then
      to = type(to) == 'table' and to or {}
      for k, v in pairs(from) do to[k] = copyTrimmed(to[k], v) end
      for k = #from + 1, #to do to[k] = nil end
      return to
   end
   return (nn.utils.recursiveCopy(to, from))
end

local function sumGrads(self, input, gradOutput, method, scale)
   local isTable = type(input) == 'table'
   for i, m in ipairs(self.modules) do
      local g = self:rethrowErrors(m, i, method, input, gradOutput[i], scale)
      if isTable and type(g) ~= 'table' then error('currentGradInput is not a table!') end
      if isTable and #g ~= #input then error('table size mismatch: ' .. #input .. ' ~= ' .. #g) end
      if i == 1 then
         if isTable then self.gradInput = copyTrimmed(self.gradInput, g)
         else
            if not torch.isTensor(self.gradInput) then self.gradInput = nn.utils.tensorClass(g:type())() end
            self.gradInput:resizeAs(g):copy(g)
         end
      else
         nn.utils.recursiveAdd(self.gradInput, g)
      end
   end
   return self.gradInput
end

function ConcatTable:updateGradInput(input, gradOutput)
   return sumGrads(self, input, gradOutput, 'updateGradInput')
end

function ConcatTable:backward(input, gradOutput, scale)
   return sumGrads(self, input, gradOutput, 'backward', scale or 1)
end

function ConcatTable:accGradParameters(input, gradOutput, scale)
   for i, m in ipairs(self.modules) do
      self:rethrowErrors(m, i, 'accGradParameters', input, gradOutput[i], scale or 1)
   end
end

function ConcatTable:accUpdateGradParameters(input, gradOutput, lr)
   for i, m in ipairs(self.modules) do
      self:rethrowErrors(m, i, 'accUpdateGradParameters', input, gradOutput[i], lr)
   end
end

function ConcatTable:__tostring__() return branchString(self, 'nn.ConcatTable', '... -> ') end

-- Concat: the same input to every module, outputs joined along `dimension` ------------------
local Concat, _ = torch.class('nn.Concat', 'nn.Container')

function Concat:__init(dimension)
   nn.Container.__init(self)
   self.dimension = dimension
   self.outputSize = torch.LongStorage()
end

-- The part of `output` that child output `o` fills, starting at `offset` along the dimension
-- (DepthConcat centres it in the other dimensions too).
function Concat:window(output, o, offset)
   return output:narrow(self.dimension, offset, o:size(self.dimension))
end

-- The joined size: sizes add along the dimension; elsewhere they must agree (DepthConcat takes
-- the largest and pads).
function Concat:joinedSize(outs)
   local size = outs[1]:size()
   for i = 2, #outs do
      local o = outs[i]
      size[self.dimension] = size[self.dimension] + o:size(self.dimension)
      for d = 1, #size do
         if d ~= self.dimension and self.padded then size[d] = math.max(size[d], o:size(d)) end
      end
   end
   return size
end

function Concat:updateOutput(input)
   local outs = {}
   for i, m in ipairs(self.modules) do outs[i] = self:rethrowErrors(m, i, 'updateOutput', input) end
   self.outputSize = self:joinedSize(outs)
   self.output:resize(self.outputSize)
   if self.padded then self.output:zero() end
   local offset = 1
   for _, o in ipairs(outs) do
      self:window(self.output, o, offset):copy(o)
      offset = offset + o:size(self.dimension)
   end
   return self.output
end

local function concatBack(self, input, gradOutput, method, scale)
   local grads = method ~= 'accGradParameters' and method ~= 'accUpdateGradParameters'
   if grads then self.gradInput:resizeAs(input) end
   local offset = 1
   for i, m in ipairs(self.modules) do
      local o = m.output
      local g = self:rethrowErrors(m, i, method, input, self:window(gradOutput, o, offset), scale)
      if grads and g then
         if i == 1 then self.gradInput:copy(g) else self.gradInput:add(g) end
      end
      offset = offset + o:size(self.dimension)
   end
   return self.gradInput
end

function Concat:updateGradInput(input, gradOutput) return concatBack(self, input, gradOutput, 'updateGradInput') end
function Concat:backward(input, gradOutput, scale) return concatBack(self, input, gradOutput, 'backward', scale or 1) end
function Concat:accGradParameters(input, gradOutput, scale)
   concatBack(self, input, gradOutput, 'accGradParameters', scale or 1)
end
function Concat:accUpdateGradParameters(input, gradOutput, lr)
   concatBack(self, input, gradOutput, 'accUpdateGradParameters', lr)
end

function Concat:__tostring__() return branchString(self, 'nn.Concat', '... -> ') end

-- DepthConcat: Concat for outputs that differ in the other dimensions too; each is centred in the
-- largest size, the rest zero-padded (used by Inception-style networks).
local DepthConcat, _ = torch.class('nn.DepthConcat', 'nn.Concat')

function DepthConcat:__init(dimension)
   nn.Concat.__init(self, dimension)
   self.padded = true
end

function DepthConcat:window(output, o, offset)
   local w = output:narrow(self.dimension, offset, o:size(self.dimension))
   for d = 1, o:dim() do
      local have, want = o:size(d), output:size(d)
      if d ~= self.dimension and have ~= want then
         w = w:narrow(d, math.floor((want - have) / 2) + 1, have)
      end
   end
   return w
end

function DepthConcat:__tostring__() return branchString(self, 'nn.DepthConcat', '... -> ') end

-- Parallel: module i gets slice i of the input along inputDimension; outputs joined ----------
local Parallel, _ = torch.class('nn.Parallel', 'nn.Container')

function Parallel:__init(inputDimension, outputDimension)
   nn.Container.__init(self)
   self.inputDimension = inputDimension
   self.outputDimension = outputDimension
end

-- As in Torch7, slice i of the input goes to module i for every slice; modules past the last
-- slice are not run.
local function sliceCount(self, input)
   local n = input:size(self.inputDimension)
   if n > #self.modules then
      error(string.format('nn.Parallel: the input has %d slices along dimension %d but there are only %d modules',
                          n, self.inputDimension, #self.modules), 3)
   end
   return n
end

function Parallel:updateOutput(input)
   local outs, total = {}, 0
   for i = 1, sliceCount(self, input) do
      local m = self.modules[i]
      local o = self:rethrowErrors(m, i, 'updateOutput', input:select(self.inputDimension, i))
      outs[i] = o
      total = total + o:size(self.outputDimension)
   end
   local size = outs[1]:size()
   size[self.outputDimension] = total
   self.output:resize(size)
   local offset = 1
   for _, o in ipairs(outs) do
      local n = o:size(self.outputDimension)
      self.output:narrow(self.outputDimension, offset, n):copy(o)
      offset = offset + n
   end
   return self.output
end

local function parallelBack(self, input, gradOutput, method, scale)
   if method ~= 'accGradParameters' then self.gradInput:resizeAs(input) end
   local offset = 1
   for i = 1, sliceCount(self, input) do
      local m = self.modules[i]
      local n = m.output:size(self.outputDimension)
      local g = self:rethrowErrors(m, i, method, input:select(self.inputDimension, i),
         gradOutput:narrow(self.outputDimension, offset, n), scale)
      if method ~= 'accGradParameters' then self.gradInput:select(self.inputDimension, i):copy(g) end
      offset = offset + n
   end
   return self.gradInput
end

function Parallel:updateGradInput(input, gradOutput) return parallelBack(self, input, gradOutput, 'updateGradInput') end
function Parallel:accGradParameters(input, gradOutput, scale) parallelBack(self, input, gradOutput, 'accGradParameters', scale or 1) end
function Parallel:backward(input, gradOutput, scale) return parallelBack(self, input, gradOutput, 'backward', scale or 1) end

function Parallel:__tostring__() return branchString(self, 'nn.Parallel', '... -> ') end

-- ParallelTable: module i applied to input[i], a table of outputs ----------------------------
local ParallelTable, _ = torch.class('nn.ParallelTable', 'nn.Container')

function ParallelTable:__init()
   nn.Container.__init(self)
   self.output = {}
   self.gradInput = {}
end

function ParallelTable:updateOutput(input)
   for i, m in ipairs(self.modules) do
      self.output[i] = self:rethrowErrors(m, i, 'updateOutput', input[i])
   end
   return self.output
end

function ParallelTable:updateGradInput(input, gradOutput)
   for i, m in ipairs(self.modules) do
      self.gradInput[i] = self:rethrowErrors(m, i, 'updateGradInput', input[i], gradOutput[i])
   end
   return self.gradInput
end

function ParallelTable:accGradParameters(input, gradOutput, scale)
   for i, m in ipairs(self.modules) do
      self:rethrowErrors(m, i, 'accGradParameters', input[i], gradOutput[i], scale or 1)
   end
end

function ParallelTable:backward(input, gradOutput, scale)
   for i, m in ipairs(self.modules) do
      self.gradInput[i] = self:rethrowErrors(m, i, 'backward', input[i], gradOutput[i], scale or 1)
   end
   return self.gradInput
end

function ParallelTable:__tostring__() return branchString(self, 'nn.ParallelTable', '... -> ') end

-- Decorator: wraps one module (modules[1]) and passes everything to it -------------------------
local Decorator, parentDec = torch.class('nn.Decorator', 'nn.Container')

function Decorator:__init(module)
   parentDec.__init(self)
   self.modules[1] = module
end

function Decorator:updateOutput(input)
   self.output = self.modules[1]:updateOutput(input)
   return self.output
end

function Decorator:updateGradInput(input, gradOutput)
   self.gradInput = self.modules[1]:updateGradInput(input, gradOutput)
   return self.gradInput
end

function Decorator:accGradParameters(input, gradOutput, scale)
   self.modules[1]:accGradParameters(input, gradOutput, scale)
end

function Decorator:accUpdateGradParameters(input, gradOutput, lr)
   self.modules[1]:accUpdateGradParameters(input, gradOutput, lr)
end

function Decorator:sharedAccUpdateGradParameters(input, gradOutput, lr)
   self.modules[1]:sharedAccUpdateGradParameters(input, gradOutput, lr)
end

function Decorator:__tostring__()
   local inner = self.modules[1]
   return torch.typename(self) .. ' @ ' .. (inner.__tostring__ and inner:__tostring__() or torch.typename(inner))
end

-- Gives another class Decorator's forwarding methods (for classes with another parent).
function Decorator.decorate(class)
   for _, name in ipairs({'updateOutput', 'updateGradInput', 'accGradParameters', 'accUpdateGradParameters',
                          'sharedAccUpdateGradParameters', '__tostring__'}) do
      class[name] = Decorator[name]
   end
end

-- MapTable(module [, shared]): module applied to every entry of the input table ------------------
-- Entry i runs through clone i of the module; the clones share weight, bias and their gradients
-- with the first unless shared is false. Clones are made when a longer table arrives.
local MapTable, parentMap = torch.class('nn.MapTable', 'nn.Container')

function MapTable:__init(module, shared)
   parentMap.__init(self)
   self.shared = shared == nil and true or shared
   self.sharedparams = {'weight', 'bias', 'gradWeight', 'gradBias'}
   self.output = {}
   self.gradInput = {}
   self:add(module)
end

function MapTable:add(module)
   assert(not self.module, 'Single module required')
   self.module = module
   self.modules[1] = module
   return self
end

function MapTable:_extend(n)
   self.sharedparams = self.sharedparams or {'weight', 'bias', 'gradWeight', 'gradBias'}
   self.modules[1] = self.module
   for i = 2, n do
      if not self.modules[i] then
         self.modules[i] = self.shared and self.module:clone(unpack(self.sharedparams)) or self.module:clone()
      end
   end
end

function MapTable:resize(n)
   self:_extend(n)
   for i = #self.modules, n + 1, -1 do
      self.modules[i]:clearState()
      self.modules[i] = nil
   end
end

local function mapEach(self, method, input, gradOutput, arg)
   self:_extend(#input)
   local results = {}
   for i = 1, #input do
      results[i] = self:rethrowErrors(self.modules[i], i, method, input[i], gradOutput and gradOutput[i], arg)
   end
   return results
end

function MapTable:updateOutput(input)
   self.output = mapEach(self, 'updateOutput', input)
   return self.output
end

function MapTable:updateGradInput(input, gradOutput)
   self.gradInput = mapEach(self, 'updateGradInput', input, gradOutput)
   return self.gradInput
end

function MapTable:accGradParameters(input, gradOutput, scale)
   mapEach(self, 'accGradParameters', input, gradOutput, scale or 1)
end

function MapTable:accUpdateGradParameters(input, gradOutput, lr)
   mapEach(self, 'accUpdateGradParameters', input, gradOutput, lr or 1)
end

-- shared clones hold views of the first module's tensors: act on that one only
function MapTable:zeroGradParameters()
   if not self.module then return end
   if self.shared then self.module:zeroGradParameters() else parentMap.zeroGradParameters(self) end
end

function MapTable:updateParameters(lr)
   if not self.module then return end
   if self.shared then self.module:updateParameters(lr) else parentMap.updateParameters(self, lr) end
end

function MapTable:clearState()
   for i = #self.modules, 2, -1 do
      self.modules[i]:clearState()
      self.modules[i] = nil
   end
   return parentMap.clearState(self)
end

function MapTable:__tostring__()
   if not self.module then return torch.typename(self) .. ' { }' end
   return torch.typename(self) .. ' {\n  ' .. tostring(self.module):gsub('\n', '\n        ') .. '\n}'
end

-- Bottle(module [, nInputDim [, nOutputDim]]): runs module on inputs with extra leading
-- dimensions, folded into its first one, and unfolds its output the same way.
local Bottle, parentBot = torch.class('nn.Bottle', 'nn.Decorator')

function Bottle:__init(module, nInputDim, nOutputDim)
   parentBot.__init(self, module)
   self.nInputDim = nInputDim or 2
   self.nOutputDim = nOutputDim or self.nInputDim
   self.dimDelta = self.nInputDim - self.nOutputDim
   self.inShape = torch.Tensor(self.nInputDim)
   self.outShape = torch.Tensor(self.nOutputDim)
end

local function shapeOf(t) -- a Tensor of sizes -> a LongStorage
   local s = torch.LongStorage(t:nElement())
   for i = 1, t:nElement() do s[i] = t[i] end
   return s
end

function Bottle:updateOutput(input)
   local lead = input:dim() - self.nInputDim -- the dimensions folded into the first one
   if lead <= 0 then
      self.output = self.modules[1]:updateOutput(input)
      return self.output
   end
   local folded = 1
   for d = 1, lead + 1 do folded = folded * input:size(d) end
   self.inShape:resize(self.nInputDim)
   self.inShape[1] = folded
   for d = 2, self.nInputDim do self.inShape[d] = input:size(lead + d) end
   local out = self.modules[1]:updateOutput(input:view(shapeOf(self.inShape)))
   if out:dim() ~= self.nOutputDim then
      error('Wrong number of output dims on module. Expected: ' .. self.nOutputDim .. ' but got ' .. out:dim(), 2)
   end
   self.outShape:resize(self.nOutputDim)
   for d = 1, self.nOutputDim do self.outShape[d] = out:size(d) end
   local sizes = {}
   for d = 1, lead do sizes[d] = input:size(d) end
   sizes[lead + 1] = out:size(1) / (folded / input:size(lead + 1))
   for d = 2, self.nOutputDim do sizes[lead + d] = out:size(d) end
   self.output = out:view(torch.LongStorage(sizes))
   return self.output
end

function Bottle:updateGradInput(input, gradOutput)
   if input:dim() <= self.nInputDim then
      self.gradInput = self.modules[1]:updateGradInput(input, gradOutput)
      return self.gradInput
   end
   local g = self.modules[1]:updateGradInput(input:view(shapeOf(self.inShape)),
      gradOutput:contiguous():view(shapeOf(self.outShape)))
   self.gradInput = g and g:viewAs(input)
   return self.gradInput
end

function Bottle:accGradParameters(input, gradOutput, scale)
   if input:dim() > self.nInputDim then
      input = input:view(shapeOf(self.inShape))
      gradOutput = gradOutput:contiguous():view(shapeOf(self.outShape))
   end
   self.modules[1]:accGradParameters(input, gradOutput, scale)
end

-- Profile(module [, printInterval [, name]]): prints the time module's forward and backward
-- passes took, every printInterval calls.
local Profile, parentProf = torch.class('nn.Profile', 'nn.Decorator')

function Profile:__init(module, printInterval, name)
   parentProf.__init(self, module)
   self.print_interval = printInterval or 100
   self.name = name or torch.typename(module)
   self.module = module
   self.numFwds, self.numBwds = 0, 0
   self.summedFwdTime, self.summedBwdTime = 0, 0
   self.timer = torch.Timer()
end

local function timed(self, kind, fn, ...)
   self.timer = self.timer or torch.Timer()
   self.timer:reset()
   local result = fn(self.module or self.modules[1], ...)
   local countKey, timeKey = 'num' .. kind .. 's', 'summed' .. kind .. 'Time'
   self[timeKey] = self[timeKey] + self.timer:time().real
   self[countKey] = self[countKey] + 1
   if self[countKey] % self.print_interval == 0 then
      print(string.format('%s took %.3f seconds for %d %s passes', self.name, self[timeKey],
         self.print_interval, kind == 'Fwd' and 'forward' or 'backward'))
      self[countKey], self[timeKey] = 0, 0
   end
   return result
end

function Profile:updateOutput(input)
   local m = self.module or self.modules[1]
   self.output = timed(self, 'Fwd', m.updateOutput, input)
   return self.output
end

function Profile:updateGradInput(input, gradOutput)
   local m = self.module or self.modules[1]
   self.gradInput = timed(self, 'Bwd', m.updateGradInput, input, gradOutput)
   return self.gradInput
end

-- NaN(module [, id]): raises an error naming the module when its output, gradInput or parameter
-- gradients hold a NaN (and says whether the input or parameters already did).
local NaN, parentNaN = torch.class('nn.NaN', 'nn.Decorator')

local nanIds = 0
function NaN.newId()
   nanIds = nanIds + 1
   return nanIds
end

function NaN:__init(module, id)
   parentNaN.__init(self, module)
   self.id = id or NaN.newId()
end

function NaN:recursiveIsNaN(x)
   if type(x) == 'table' then
      for _, v in pairs(x) do
         if self:recursiveIsNaN(v) then return true end
      end
      return false
   elseif torch.isTensor(x) then
      local s = x:sum()
      return s ~= s
   end
   return false
end

function NaN:updateOutput(input)
   self.output = self.modules[1]:updateOutput(input)
   if self:recursiveIsNaN(self.output) then
      local where = 'output'
      if self:recursiveIsNaN(input) then where = 'input'
      elseif self:recursiveIsNaN(self:parameters()) then where = 'parameters' end
      error(string.format('NaN found in %s of module :\n%s', where, self:__tostring__()), 2)
   end
   return self.output
end

function NaN:updateGradInput(input, gradOutput)
   self.gradInput = self.modules[1]:updateGradInput(input, gradOutput)
   if self:recursiveIsNaN(self.gradInput) then
      local where = self:recursiveIsNaN(gradOutput) and 'gradOutput' or 'gradInput'
      error(string.format('NaN found in %s of module :\n%s', where, self:__tostring__()), 2)
   end
   return self.gradInput
end

function NaN:accGradParameters(input, gradOutput, scale)
   self.modules[1]:accGradParameters(input, gradOutput, scale)
   local _, grads = self:parameters()
   if self:recursiveIsNaN(grads) then
      error(string.format('NaN found in gradParameters of module :\n%s', self:__tostring__()), 2)
   end
end

function NaN:__tostring__()
   local inner = self.modules[1]
   return torch.typename(self) .. '(' .. self.id .. ') @ ' ..
      (inner.__tostring__ and inner:__tostring__() or torch.typename(inner))
end

-- DontCast(module [, castin [, castout [, moduleType]]]): module keeps its tensor type through
-- :type()/:float()/:double(). With castin, inputs (and gradInputs back) are converted to and
-- from moduleType; with castout (default castin), outputs and gradOutputs likewise.
local DontCast, parentDC = torch.class('nn.DontCast', 'nn.Decorator')

-- the type of the first tensor found in a nested value
local function firstTensorType(x)
   if torch.isTensor(x) then return torch.typename(x), true end
   if type(x) == 'table' then
      for _, v in pairs(x) do
         local t, found = firstTensorType(v)
         if found then return t, true end
      end
   end
   return torch.type(x), false
end

-- a copy of src with tensors of type typename, reusing dst's tensors
local function typedCopy(dst, src, typename)
   if type(src) == 'table' then
      dst = type(dst) == 'table' and dst or {}
      for k, v in pairs(src) do dst[k] = typedCopy(dst[k], v, typename) end
      return dst
   elseif torch.isTensor(src) then
      dst = torch.typename(dst) == typename and dst or nn.utils.tensorClass(typename)()
      dst:resize(src:size())
      if src:nElement() > 0 then dst:copy(src) end
      return dst
   end
   return dst
end

function DontCast:__init(module, castin, castout, moduleType)
   parentDC.__init(self, module)
   self.castin = castin
   self.castout = castout == nil and castin or castout
   self.moduleType = moduleType
   if (self.castin or self.castout) and not self.moduleType then
      local t, found = firstTensorType(module.output)
      if not found then t, found = firstTensorType(module:parameters()) end
      if not found then error('Cannot extrapolate moduleType. Provide constructor argument 4', 2) end
      self.moduleType = t
   end
end

local function castInput(self, input)
   if self.castin and firstTensorType(input) ~= self.moduleType then return self._input end
   return input
end

function DontCast:updateOutput(input)
   if self.castin and firstTensorType(input) ~= self.moduleType then
      self._input = typedCopy(self._input, input, self.moduleType)
      input = self._input
   end
   local out = self.modules[1]:updateOutput(input)
   self.output = self.castout and typedCopy(self.output, out, (firstTensorType(self.output))) or out
   return self.output
end

function DontCast:updateGradInput(input, gradOutput)
   input = castInput(self, input)
   if self.castout and firstTensorType(gradOutput) ~= self.moduleType then
      self._gradOutput = typedCopy(self._gradOutput, gradOutput, self.moduleType)
      gradOutput = self._gradOutput
   end
   local g = self.modules[1]:updateGradInput(input, gradOutput)
   self.gradInput = self.castin and typedCopy(self.gradInput, g, (firstTensorType(self.gradInput))) or g
   return self.gradInput
end

local function castGradOutput(self, gradOutput)
   if self.castout and firstTensorType(gradOutput) ~= self.moduleType then return self._gradOutput end
   return gradOutput
end

function DontCast:accGradParameters(input, gradOutput, scale)
   self.modules[1]:accGradParameters(castInput(self, input), castGradOutput(self, gradOutput), scale)
end

function DontCast:accUpdateGradParameters(input, gradOutput, lr)
   self.modules[1]:accUpdateGradParameters(castInput(self, input), castGradOutput(self, gradOutput), lr)
end

-- the wrapped module is left alone; only the tensors this module hands out change type
function DontCast:type(typename)
   if not typename then return self._type end
   if self.castout and firstTensorType(self.output) ~= typename then
      self.output = typedCopy(nil, self.output, typename)
   end
   if self.castin and firstTensorType(self.gradInput) ~= typename then
      self.gradInput = typedCopy(nil, self.gradInput, typename)
   end
   return self
end
