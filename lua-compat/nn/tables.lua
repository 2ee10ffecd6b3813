-- Layers over tables of tensors: CAddTable, CMulTable, JoinTable, SelectTable, SplitTable.
local function zeroLike(x) return nn.utils.tensorClass(x:type())():resizeAs(x):zero() end

local CAddTable, parentA = torch.class('nn.CAddTable', 'nn.Module')
function CAddTable:__init(ip)
   parentA.__init(self)
   self.inplace = ip
   self.gradInput = {}
end
function CAddTable:updateOutput(input)
   if self.inplace then self.output:set(input[1]) else self.output:resizeAs(input[1]):copy(input[1]) end
   for i = 2, #input do self.output:add(input[i]) end
   return self.output
end
function CAddTable:updateGradInput(input, gradOutput)
   for i = 1, #input do
      self.gradInput[i] = self.gradInput[i] or zeroLike(input[i])
      if self.inplace then self.gradInput[i]:set(gradOutput)
      else self.gradInput[i]:resizeAs(input[i]):copy(gradOutput) end
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end

local CMulTable, parentM = torch.class('nn.CMulTable', 'nn.Module')
function CMulTable:__init()
   parentM.__init(self)
   self.gradInput = {}
end
function CMulTable:updateOutput(input)
   self.output:resizeAs(input[1]):copy(input[1])
   for i = 2, #input do self.output:cmul(input[i]) end
   return self.output
end
function CMulTable:updateGradInput(input, gradOutput)
   -- d/dx_i = gradOutput * prod_{j ~= i} x_j (computed without dividing, so zeros are fine)
   for i = 1, #input do
      self.gradInput[i] = self.gradInput[i] or zeroLike(input[i])
      self.gradInput[i]:resizeAs(input[i]):copy(gradOutput)
      for j = 1, #input do
         if j ~= i then self.gradInput[i]:cmul(input[j]) end
      end
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end

local JoinTable, parentJ = torch.class('nn.JoinTable', 'nn.Module')
function JoinTable:__init(dimension, nInputDims)
   parentJ.__init(self)
   self.dimension = dimension
   self.nInputDims = nInputDims
   self.size = torch.LongStorage()
   self.gradInput = {}
end
function JoinTable:_dim(input)
   local d = self.dimension
   if d < 0 then d = input[1]:dim() + d + 1
   elseif self.nInputDims and input[1]:dim() == self.nInputDims + 1 then d = d + 1 end
   return d
end
function JoinTable:updateOutput(input)
   local d = self:_dim(input)
   local sizes = input[1]:size()
   local total = 0
   for i = 1, #input do total = total + input[i]:size(d) end
   sizes[d] = total
   self.output:resize(sizes)
   local offset = 1
   for i = 1, #input do
      local n = input[i]:size(d)
      self.output:narrow(d, offset, n):copy(input[i])
      offset = offset + n
   end
   return self.output
end
function JoinTable:updateGradInput(input, gradOutput)
   local d = self:_dim(input)
   local offset = 1
   for i = 1, #input do
      self.gradInput[i] = self.gradInput[i] or zeroLike(input[i])
      local n = input[i]:size(d)
      self.gradInput[i]:resizeAs(input[i]):copy(gradOutput:narrow(d, offset, n))
      offset = offset + n
   end
   for i = #input + 1, #self.gradInput do self.gradInput[i] = nil end
   return self.gradInput
end

local SelectTable, parentS = torch.class('nn.SelectTable', 'nn.Module')
function SelectTable:__init(index)
   parentS.__init(self)
   self.index = index
   self.gradInput = {}
end
-- the key to select: a negative number counts from the end; any other key (a string) is used as is
local function selectKey(self, input)
   local k = self.index
   if type(k) == 'number' and k < 0 then k = #input + k + 1 end
   if input[k] == nil then
      error('index ' .. tostring(self.index) .. ' does not exist in the input table (of ' .. #input .. ')', 3)
   end
   return k
end
function SelectTable:updateOutput(input)
   self.output = input[selectKey(self, input)]
   return self.output
end
local zeroCopy = nn.utils.zeroCopy
function SelectTable:updateGradInput(input, gradOutput)
   self.gradInput = zeroCopy(self.gradInput, input)
   local k = selectKey(self, input)
   self.gradInput[k] = nn.utils.recursiveCopy(self.gradInput[k], gradOutput)
   return self.gradInput
end
function SelectTable:type(t, cache)
   self.gradInput, self.output = {}, {}
   return parentS.type(self, t, cache)
end
function SelectTable:clearState()
   self.gradInput, self.output = {}, {}
   return self
end
function SelectTable:__tostring__() return torch.typename(self) .. '(' .. tostring(self.index) .. ')' end

local SplitTable, parentSp = torch.class('nn.SplitTable', 'nn.Module')
function SplitTable:__init(dimension, nInputDims)
   parentSp.__init(self)
   self.dimension = dimension
   self.nInputDims = nInputDims
   self.output = {}
end
function SplitTable:_dim(input)
   local d = self.dimension
   if d < 0 then d = input:dim() + d + 1
   elseif self.nInputDims and input:dim() == self.nInputDims + 1 then d = d + 1 end
   return d
end
function SplitTable:updateOutput(input)
   local d = self:_dim(input)
   local n = input:size(d)
   for i = 1, n do self.output[i] = input:select(d, i) end
   for i = n + 1, #self.output do self.output[i] = nil end
   return self.output
end
function SplitTable:updateGradInput(input, gradOutput)
   local d = self:_dim(input)
   self.gradInput:resizeAs(input)
   for i = 1, input:size(d) do self.gradInput:select(d, i):copy(gradOutput[i]) end
   return self.gradInput
end
