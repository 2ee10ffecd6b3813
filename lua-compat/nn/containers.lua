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

function Concat:updateOutput(input)
   local outs = {}
   for i, m in ipairs(self.modules) do
      local o = self:rethrowErrors(m, i, 'updateOutput', input)
      outs[i] = o
      if i == 1 then
         self.outputSize = torch.LongStorage(o:dim())
         for d = 1, o:dim() do self.outputSize[d] = o:size(d) end
      else
         self.outputSize[self.dimension] = self.outputSize[self.dimension] + o:size(self.dimension)
      end
   end
   self.output:resize(self.outputSize)
   local offset = 1
   for _, o in ipairs(outs) do
      self.output:narrow(self.dimension, offset, o:size(self.dimension)):copy(o)
      offset = offset + o:size(self.dimension)
   end
   return self.output
end

local function concatBack(self, input, gradOutput, method, scale)
   self.gradInput:resizeAs(input)
   local offset = 1
   for i, m in ipairs(self.modules) do
      local o = m.output
      local g = self:rethrowErrors(m, i, method, input, gradOutput:narrow(self.dimension, offset, o:size(self.dimension)), scale)
      if g then
         if i == 1 then self.gradInput:copy(g) else self.gradInput:add(g) end
      end
      offset = offset + o:size(self.dimension)
   end
   return self.gradInput
end

function Concat:updateGradInput(input, gradOutput) return concatBack(self, input, gradOutput, 'updateGradInput') end
function Concat:backward(input, gradOutput, scale) return concatBack(self, input, gradOutput, 'backward', scale or 1) end

function Concat:accGradParameters(input, gradOutput, scale)
   local offset = 1
   for i, m in ipairs(self.modules) do
      local n = m.output:size(self.dimension)
      self:rethrowErrors(m, i, 'accGradParameters', input, gradOutput:narrow(self.dimension, offset, n), scale or 1)
      offset = offset + n
   end
end

function Concat:__tostring__() return branchString(self, 'nn.Concat', '... -> ') end

-- Parallel: module i gets slice i of the input along inputDimension; outputs joined ----------
local Parallel, _ = torch.class('nn.Parallel', 'nn.Container')

function Parallel:__init(inputDimension, outputDimension)
   nn.Container.__init(self)
   self.inputDimension = inputDimension
   self.outputDimension = outputDimension
end

function Parallel:updateOutput(input)
   local outs, total = {}, 0
   for i, m in ipairs(self.modules) do
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
   for i, m in ipairs(self.modules) do
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
