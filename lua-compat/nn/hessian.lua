-- nn.hessian: estimates of the diagonal of the Hessian (LeCun's "diag Hessian" backpropagation,
-- used to set a learning rate per parameter). Off until nn.hessian.enable() is called, as in
-- torch/nn; enabling adds to the classes that exist:
--   module:updateDiagHessianInput(input, diagHessianOutput)   -> module.diagHessianInput
--   module:accDiagHessianParameters(input, diagHessianOutput) -> diagHessianWeight / diagHessianBias
--   module:initDiagHessianParameters()
-- and makes parameters() / getParameters() return the diagonal Hessians as a third result.
-- The rules: a linear map y = W x gives d2E/dx2 ~ (W.^2)' d2E/dy2 and d2E/dW2 ~ d2E/dy2 (x.^2)';
-- a pointwise f gives d2E/dx2 ~ f'(x)^2 d2E/dy2 (the Gauss-Newton approximation).
nn.hessian = nn.hessian or {}
local hessian = nn.hessian

-- Runs `fn` with the module's fields `names[i]` temporarily replaced by `values[i]`.
local function swapped(module, names, values, fn)
   local saved = {}
   for i, n in ipairs(names) do saved[i], module[n] = module[n], values[i] end
   fn()
   for i, n in ipairs(names) do module[n] = saved[i] end
end

-- d2E/dW2: accGradParameters run on the squared input with the diag Hessian as gradOutput,
-- accumulating into the diag Hessian tensors instead of the gradients.
function hessian.accDiagHessianParameters(module, input, diagHessianOutput, gw, hw)
   if #gw ~= #hw then error('Number of gradients is not equal to number of hessians', 2) end
   module.inputSq = module.inputSq or input.new()
   module.inputSq:resizeAs(input)
   torch.cmul(module.inputSq, input, input)
   local targets = {}
   for i = 1, #gw do
      if module[hw[i]] == nil then module[hw[i]] = module[gw[i]].new():resizeAs(module[gw[i]]) end
      targets[i] = module[hw[i]]
   end
   local output = module.output
   module.output = output.new():resizeAs(output)
   swapped(module, gw, targets, function()
      module:forward(module.inputSq)
      module:accGradParameters(module.inputSq, diagHessianOutput, 1)
   end)
   module.output = output
end

-- d2E/dx2: updateGradInput with each weight w replaced by w.^2, writing into diagHessianInput.
function hessian.updateDiagHessianInput(module, input, diagHessianOutput, w, wsq)
   if #w ~= #wsq then error('Number of weights is not equal to number of weights squares', 2) end
   module.diagHessianInput = module.diagHessianInput or input.new()
   module.diagHessianInput:resizeAs(input):zero()
   local squares = {}
   for i = 1, #w do
      module[wsq[i]] = module[wsq[i]] or module[w[i]].new()
      module[wsq[i]]:resizeAs(module[w[i]])
      torch.cmul(module[wsq[i]], module[w[i]], module[w[i]])
      squares[i] = module[wsq[i]]
   end
   local names, values = {'gradInput'}, {module.diagHessianInput}
   for i = 1, #w do names[i + 1], values[i + 1] = w[i], squares[i] end
   swapped(module, names, values, function() module:updateGradInput(input, diagHessianOutput) end)
end

-- pointwise modules: f'(x)^2 * diagHessianOutput, f'(x) from a backward pass of ones
function hessian.updateDiagHessianInputPointWise(module, input, diagHessianOutput)
   local ones = diagHessianOutput.new():resizeAs(diagHessianOutput):fill(1)
   hessian.updateDiagHessianInput(module, input, ones, {}, {})
   module.diagHessianInput:cmul(module.diagHessianInput)
   module.diagHessianInput:cmul(diagHessianOutput)
end

function hessian.initDiagHessianParameters(module, gw, hw)
   module.diagHessianInput = module.diagHessianInput or module.gradInput.new()
   for i = 1, #gw do
      module[hw[i]] = module[hw[i]] or module[gw[i]].new():resizeAs(module[gw[i]])
   end
end

local grads, diags = {'gradWeight', 'gradBias'}, {'diagHessianWeight', 'diagHessianBias'}

-- the three methods of a module with a weight (and a bias), optionally squaring the bias too
local function weighted(cls, weights)
   if not cls then return end
   local squares = {}
   for i, w in ipairs(weights) do squares[i] = w .. 'Sq' end
   function cls:updateDiagHessianInput(input, diagHessianOutput)
      hessian.updateDiagHessianInput(self, input, diagHessianOutput, weights, squares)
      return self.diagHessianInput
   end
   function cls:accDiagHessianParameters(input, diagHessianOutput)
      hessian.accDiagHessianParameters(self, input, diagHessianOutput, grads, diags)
   end
   function cls:initDiagHessianParameters() hessian.initDiagHessianParameters(self, grads, diags) end
end

local function pointwise(cls)
   if not cls then return end
   function cls:updateDiagHessianInput(input, diagHessianOutput)
      hessian.updateDiagHessianInputPointWise(self, input, diagHessianOutput)
      return self.diagHessianInput
   end
end

local enabled = false

function hessian.enable()
   if enabled then return end
   enabled = true

   function nn.Module:updateDiagHessianInput(input, diagHessianOutput)
      error(torch.typename(self) .. ':updateDiagHessianInput() is undefined', 2)
   end
   function nn.Module:accDiagHessianParameters(input, diagHessianOutput) end
   function nn.Module:initDiagHessianParameters() end

   -- Sequential: back through the modules, each fed its predecessor's output
   function nn.Sequential:initDiagHessianParameters()
      for _, m in ipairs(self.modules) do m:initDiagHessianParameters() end
   end
   function nn.Sequential:updateDiagHessianInput(input, diagHessianOutput)
      local h = diagHessianOutput
      for i = #self.modules, 1, -1 do
         local x = i > 1 and self.modules[i - 1].output or input
         h = self.modules[i]:updateDiagHessianInput(x, h)
      end
      self.diagHessianInput = h
      return h
   end
   function nn.Sequential:accDiagHessianParameters(input, diagHessianOutput)
      local h = diagHessianOutput
      for i = #self.modules, 1, -1 do
         local m = self.modules[i]
         m:accDiagHessianParameters(i > 1 and self.modules[i - 1].output or input, h)
         h = m.diagHessianInput
      end
   end

   function nn.Criterion:updateDiagHessianInput(input, diagHessianOutput)
      error(torch.typename(self) .. ':updateDiagHessianInput() is undefined', 2)
   end
   -- (sum of squares)'' = 2, divided by the element count when averaged
   local function mseDiag(self, input, target)
      self.diagHessianInput = self.diagHessianInput or input.new()
      local v = 2
      if self.sizeAverage then v = v / input:nElement() end
      self.diagHessianInput:resizeAs(input):fill(v)
      return self.diagHessianInput
   end
   nn.MSECriterion.updateDiagHessianInput = mseDiag
   if nn.WeightedMSECriterion then nn.WeightedMSECriterion.updateDiagHessianInput = mseDiag end
   if nn.L1Cost then
      function nn.L1Cost:updateDiagHessianInput(input)
         self.diagHessianInput = self.diagHessianInput or input.new()
         self.diagHessianInput:resizeAs(input):fill(1)
         self.diagHessianInput[torch.eq(input, 0)] = 0
         return self.diagHessianInput
      end
   end

   weighted(nn.Linear, {'weight'})
   weighted(nn.SpatialConvolution, {'weight'})
   weighted(nn.SpatialConvolutionLocal, {'weight'})
   weighted(nn.SpatialFullConvolution, {'weight'})
   weighted(nn.SpatialConvolutionMap, {'weight', 'bias'})
   weighted(nn.SpatialFullConvolutionMap, {'weight'})

   pointwise(nn.Tanh)
   pointwise(nn.Square)
   pointwise(nn.Sqrt)
   if nn.TanhShrink then
      function nn.TanhShrink:updateDiagHessianInput(input, diagHessianOutput)
         hessian.updateDiagHessianInputPointWise(self.tanh, input, diagHessianOutput)
         self.diagHessianInput = self.diagHessianInput or input.new():resizeAs(input)
         torch.add(self.diagHessianInput, self.tanh.diagHessianInput, diagHessianOutput)
         return self.diagHessianInput
      end
   end
   function nn.Reshape:updateDiagHessianInput(input, diagHessianOutput)
      self.diagHessianInput = self.diagHessianInput or input.new()
      self.diagHessianInput:set(diagHessianOutput:contiguous()):resizeAs(input)
      return self.diagHessianInput
   end

   -- parameters(): a third list, the diagonal Hessians, in the order of the weights
   function nn.Module:parameters()
      if self.weight and self.bias then
         return {self.weight, self.bias}, {self.gradWeight, self.gradBias},
            {self.diagHessianWeight, self.diagHessianBias}
      elseif self.weight then
         return {self.weight}, {self.gradWeight}, {self.diagHessianWeight}
      elseif self.bias then
         return {self.bias}, {self.gradBias}, {self.diagHessianBias}
      end
   end
   function nn.Container:parameters()
      local w, gw, hw = {}, {}, {}
      for _, m in ipairs(self.modules) do
         local mw, mgw, mhw = m:parameters()
         if mw then
            for i = 1, #mw do
               w[#w + 1], gw[#gw + 1] = mw[i], mgw[i]
               if mhw and mhw[i] then hw[#hw + 1] = mhw[i] end
            end
         end
      end
      return w, gw, hw
   end

   -- getParameters(): the diagonal Hessians flattened into one tensor as well (when they exist)
   local getParameters = nn.Module.getParameters
   function nn.Module:getParameters()
      local _, _, hw = self:parameters()
      local flatW, flatGW = getParameters(self)
      if not hw or #hw == 0 then return flatW, flatGW end
      local total = 0
      for _, h in ipairs(hw) do total = total + h:nElement() end
      local flat = hw[1].new(total)
      local offset = 1
      for _, h in ipairs(hw) do
         local n = h:nElement()
         local view = flat:narrow(1, offset, n)
         view:copy(h:contiguous():view(n))
         h:set(flat:storage(), flat:storageOffset() + offset - 1, h:size())
         offset = offset + n
      end
      return flatW, flatGW, flat
   end
end

return hessian
