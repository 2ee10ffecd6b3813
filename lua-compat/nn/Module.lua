-- nn.Module: the base class of every layer and container.
local Module = torch.class('nn.Module')

function Module:__init()
   self.gradInput = torch.Tensor()
   self.output = torch.Tensor()
   self._type = self.output:type()
   self.train = true
end

function Module:parameters()
   if self.weight and self.bias then
      return {self.weight, self.bias}, {self.gradWeight, self.gradBias}
   elseif self.weight then
      return {self.weight}, {self.gradWeight}
   elseif self.bias then
      return {self.bias}, {self.gradBias}
   end
end

function Module:updateOutput(input) return self.output end

function Module:forward(input) return self:updateOutput(input) end

function Module:backward(input, gradOutput, scale)
   scale = scale or 1
   self:updateGradInput(input, gradOutput)
   self:accGradParameters(input, gradOutput, scale)
   return self.gradInput
end

function Module:backwardUpdate(input, gradOutput, lr)
   self:updateGradInput(input, gradOutput)
   self:accUpdateGradParameters(input, gradOutput, lr)
   return self.gradInput
end

function Module:updateGradInput(input, gradOutput) return self.gradInput end

function Module:accGradParameters(input, gradOutput, scale) end

-- Updates the parameters straight from gradOutput. The default accumulates -lr times the
-- gradient into weight and bias themselves (gradWeight and gradBias are left alone); a module whose
-- parameters are shared (share() sets .shared) goes through zeroed gradients instead, since its
-- accGradParameters may write the gradient of the shared tensor elsewhere.
function Module:accUpdateGradParameters(input, gradOutput, lr)
   if self.shared then
      self:sharedAccUpdateGradParameters(input, gradOutput, lr)
   else
      self:defaultAccUpdateGradParameters(input, gradOutput, lr)
   end
end

function Module:defaultAccUpdateGradParameters(input, gradOutput, lr)
   local gw, gb = self.gradWeight, self.gradBias
   self.gradWeight, self.gradBias = self.weight, self.bias
   local ok, err = pcall(self.accGradParameters, self, input, gradOutput, -lr)
   self.gradWeight, self.gradBias = gw, gb
   if not ok then error(err, 0) end
end

function Module:sharedAccUpdateGradParameters(input, gradOutput, lr)
   if self:parameters() then
      self:zeroGradParameters()
      self:accGradParameters(input, gradOutput, 1)
      self:updateParameters(lr)
   end
end

function Module:zeroGradParameters()
   local _, grads = self:parameters()
   if grads then for _, g in ipairs(grads) do g:zero() end end
end

function Module:updateParameters(learningRate)
   local params, grads = self:parameters()
   if params then
      for i = 1, #params do params[i]:add(-learningRate, grads[i]) end
   end
end

function Module:training() self.train = true end
function Module:evaluate() self.train = false end

-- Makes this module's named tensors views of mlp's (weights tied to another module).
function Module:share(mlp, ...)
   for _, name in ipairs({...}) do
      if self[name] ~= nil and mlp[name] ~= nil then
         self[name]:set(mlp[name])
         self.shared, mlp.shared = true, true
      end
   end
   return self
end

-- A deep copy through serialization (shared storages stay shared inside the copy); with names,
-- those fields are then shared with the original.
function Module:clone(...)
   local clone
   if torch.MemoryFile then
      local f = torch.MemoryFile('rw'):binary()
      f:writeObject(self)
      f:seek(1)
      clone = f:readObject()
      f:close()
   else
      clone = nn.utils.deepCopy(self)
   end
   if select('#', ...) > 0 then clone:share(self, ...) end
   return clone
end

function Module:type(typename, tensorCache)
   if not typename then return self._type end
   tensorCache = tensorCache or {}
   for key, value in pairs(self) do
      self[key] = nn.utils.recursiveType(value, typename, tensorCache)
   end
   self._type = typename
   return self
end

function Module:float(...) return self:type('torch.FloatTensor', ...) end
function Module:double(...) return self:type('torch.DoubleTensor', ...) end

function Module:cuda()
   error('CUDA tensors do not exist in lua-compat (CPU only)', 2)
end

function Module:reset() end

function Module:write(file)
   local var = {}
   for k, v in pairs(self) do var[k] = v end
   file:writeObject(var)
end

function Module:read(file)
   local var = file:readObject()
   for k, v in pairs(var) do self[k] = v end
end

-- Empties the buffers and outputs (the module stays usable; they are resized on the next pass).
function Module:clearState()
   return nn.utils.clear(self, 'output', 'gradInput')
end

function Module:apply(callback)
   callback(self)
   if self.modules then
      for _, m in ipairs(self.modules) do m:apply(callback) end
   end
end

-- Calls callback on this module and, depth first, on every child; each child is replaced by
-- what callback returns for it. Returns what callback returned for this module.
function Module:replace(callback)
   local out = callback(self)
   if self.modules then
      for i, m in ipairs(self.modules) do self.modules[i] = m:replace(callback) end
   end
   return out
end

function Module:findModules(typename, container)
   container = container or self
   local found, containers = {}, {}
   if torch.typename(self) == typename then
      found[#found + 1] = self
      containers[#containers + 1] = container
   end
   if self.modules then
      for _, child in ipairs(self.modules) do
         local f, c = child:findModules(typename, self)
         for i = 1, #f do
            found[#found + 1] = f[i]
            containers[#containers + 1] = c[i]
         end
      end
   end
   return found, containers
end

function Module:listModules()
   local list = {self}
   if self.modules then
      for _, child in ipairs(self.modules) do
         for _, m in ipairs(child:listModules()) do list[#list + 1] = m end
      end
   end
   return list
end

function Module:__call__(input, gradOutput)
   self:forward(input)
   if gradOutput then
      self:backward(input, gradOutput)
      return self.output, self.gradInput
   end
   return self.output
end

function Module:__tostring__()
   return torch.typename(self)
end

-- True when a tensor covers one gap-free run of its storage, in some order of its dimensions
-- (dimensions of stride 0 or size 1 do not count).
local function isCompact(t)
   local dims = {}
   for d = 1, t:dim() do
      if t:stride(d) > 0 and t:size(d) > 1 then dims[#dims + 1] = {t:stride(d), t:size(d)} end
   end
   table.sort(dims, function(a, b) return a[1] < b[1] end)
   local expected = 1
   for _, ds in ipairs(dims) do
      if ds[1] ~= expected then return false end
      expected = expected * ds[2]
   end
   return true
end

-- Flattens tensors into one new storage; returns the flat tensor. Tensors that shared a storage
-- still share inside the flat one; unused gaps between them are squeezed out, which needs every
-- tensor to be compact (a tensor with holes inside cannot be moved into a gap-free storage).
local function flatten(tensors)
   if not tensors or #tensors == 0 then return torch.Tensor() end
   local Tensor = torch[tensors[1]:type():match('torch%.(%w+)')]
   local base, order, total = {}, {}, 0
   for _, t in ipairs(tensors) do
      local key = nn.utils.pointer(t:storage())
      if not base[key] then
         base[key] = total
         order[#order + 1] = t:storage()
         total = total + t:storage():size()
      end
   end
   local flat = Tensor(total):zero()
   local used = torch.ByteTensor(total):zero()
   for _, t in ipairs(tensors) do
      local offset = base[nn.utils.pointer(t:storage())] + t:storageOffset()
      local view = Tensor(flat:storage(), offset, t:size(), t:stride())
      view:copy(t)
      torch.ByteTensor(used:storage(), offset, t:size(), t:stride()):fill(1)
      t:set(flat:storage(), offset, t:size(), t:stride())
   end
   local nUsed = used:double():sum()
   if nUsed == total then return flat end
   for _, t in ipairs(tensors) do
      if not isCompact(t) then error('Cannot gather tensors that are not compact', 3) end
   end
   -- squeeze the gaps: each tensor moves down by the number of unused slots before it
   local compact = Tensor(nUsed)
   local holesBefore, holes, j = {}, 0, 0
   local u = used:storage()
   local fs, cs = flat:storage(), compact:storage()
   for i = 1, total do
      holesBefore[i] = holes
      if u[i] == 0 then holes = holes + 1 else j = j + 1; cs[j] = fs[i] end
   end
   for _, t in ipairs(tensors) do
      local offset = t:storageOffset()
      t:set(compact:storage(), offset - holesBefore[offset], t:size(), t:stride())
   end
   return compact
end

Module.flatten = flatten

function Module:getParameters()
   local params, grads = self:parameters()
   local flatParams = flatten(params)
   local flatGrads = flatten(grads)
   if flatParams:nElement() ~= flatGrads:nElement() then
      error('check that you are sharing parameters and gradParameters', 2)
   end
   for i = 1, params and #params or 0 do
      if params[i]:storageOffset() ~= grads[i]:storageOffset() then
         error('misaligned parameter at ' .. i, 2)
      end
   end
   return flatParams, flatGrads
end

return Module
