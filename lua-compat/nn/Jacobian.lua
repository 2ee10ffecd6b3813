-- nn.Jacobian: finite-difference checks of a module's gradients, with torch/nn's API (its own test
-- suite and many user scripts call these). Work in Double: the differences are central, with a
-- perturbation of 1e-6 unless told otherwise.
--
-- Jacobians are (number of inputs or parameters) x (number of outputs) matrices of the default type:
--   Jacobian.backward(module, input [, param, dparam])   by backpropagating each output unit vector
--   Jacobian.forward(module, input [, param [, perturbation]])   by central differences on param
--   Jacobian.backwardUpdate(module, input, param)        the parameters after accUpdateGradParameters
--   Jacobian.forwardUpdate(module, input, param [, perturbation])  the same, predicted numerically
-- Checks (each fills the input, and the parameter when given, with uniform values in
-- [minval, maxval], default [-2, 2], then returns the largest absolute difference):
--   Jacobian.testJacobian(module, input [, minval, maxval, perturbation])
--   Jacobian.testJacobianParameters(module, input, param, dparam [, minval, maxval, perturbation])
--   Jacobian.testJacobianUpdateParameters(module, input, param [, minval, maxval, perturbation])
--   Jacobian.testDiagHessian{Input,Weight,Bias}(module, input [, minval, maxval])  (modules with
--     updateDiagHessianInput / accDiagHessianParameters only)
--   Jacobian.testIO(module, input [, minval, maxval]) -> forward and backward differences after
--     a write/read of the module through a binary DiskFile
--   Jacobian.testAllUpdate(module, input, weightName, gradWeightName) -> table of errors of the
--     update paths (accGradParameters, accUpdateGradParameters, each also with shared weights)
--
-- nn.SparseJacobian (SparseJacobian.lua) is the same set for modules whose input is sparse, an
-- nElement x 2 tensor of {index, value} rows: the input variable is then the value column.
local Jacobian = {}

-- fills x with uniform values in [minval, maxval] (drawn as torch.rand, so seeds give torch/nn's inputs)
local function randomize(x, minval, maxval)
   minval = minval or -2
   maxval = maxval or 2
   x:copy(torch.rand(x:nElement()):mul(maxval - minval):add(minval))
end

-- a 1D view over the elements of t (t contiguous, as parameters and test inputs are)
local function flat(t)
   return t.new(t):resize(t:nElement())
end

local centralRows -- below

-- The checks that differentiate with respect to the input, for a given input variable:
-- variable(t) is the part of an input (and of its gradInput) that is perturbed and compared.
local function inputChecks(J, variable)
   function J.backward(module, input, param, dparam)
      module:forward(input)
      local dout = module.output.new():resizeAs(module.output)
      local dflat = module.output.new(dout:storage(), 1, dout:nElement())
      local nIn = param and param:nElement() or variable(input):nElement()
      local jac = torch.Tensor(nIn, dout:nElement()):zero()
      for j = 1, dflat:nElement() do
         dout:zero()
         dflat[j] = 1
         module:zeroGradParameters()
         local din = module:updateGradInput(input, dout)
         module:accGradParameters(input, dout)
         jac:select(2, j):copy(param and dparam or variable(din))
      end
      return jac
   end

   function J.forward(module, input, param, perturbation)
      return centralRows(module, input, param or variable(input), perturbation)
   end

   function J.testJacobian(module, input, minval, maxval, perturbation)
      randomize(variable(input), minval, maxval)
      local numeric = J.forward(module, input, nil, perturbation)
      local analytic = J.backward(module, input)
      return (numeric - analytic):abs():max()
   end

   function J.testJacobianParameters(module, input, param, dparam, minval, maxval, perturbation)
      randomize(variable(input), minval, maxval)
      randomize(param, minval, maxval)
      local analytic = J.backward(module, input, param, dparam)
      local numeric = J.forward(module, input, param, perturbation)
      return (numeric - analytic):abs():max()
   end

   function J.testJacobianUpdateParameters(module, input, param, minval, maxval, perturbation)
      randomize(variable(input), minval, maxval)
      randomize(param, minval, maxval)
      local analytic = J.backwardUpdate(module, input, param)
      local numeric = J.forwardUpdate(module, input, param, perturbation)
      return (numeric - analytic):abs():max()
   end
   return J
end

function Jacobian.backwardUpdate(module, input, param)
   module:forward(input)
   local dout = module.output.new():resizeAs(module.output)
   local dflat = module.output.new(dout:storage(), 1, dout:nElement())
   local jac = torch.Tensor(param:nElement(), dout:nElement()):zero()
   local params = module:parameters()
   local saved = {}
   for k = 1, #params do saved[k] = params[k]:clone() end
   for j = 1, dflat:nElement() do
      for k = 1, #params do params[k]:copy(saved[k]) end
      dout:zero()
      dflat[j] = 1
      module:updateGradInput(input, dout)
      module:accUpdateGradParameters(input, dout, 1)
      jac:select(2, j):copy(param)
   end
   for k = 1, #params do params[k]:copy(saved[k]) end
   return jac
end

-- rows of d output / d param by central differences (param: a vector, or a contiguous tensor)
centralRows = function(module, input, param, perturbation, eachRow)
   perturbation = perturbation or 1e-6
   local p = param:dim() == 1 and param.new(param) or flat(param) -- own header: modules may reshape input
   local nOut = module:forward(input):nElement()
   local jac = torch.Tensor(p:nElement(), nOut)
   local lo, hi = torch.Tensor(nOut), torch.Tensor(nOut)
   for i = 1, p:nElement() do
      local orig = p[i]
      p[i] = orig - perturbation
      lo:copy(module:forward(input))
      p[i] = orig + perturbation
      hi:copy(module:forward(input))
      p[i] = orig
      hi:add(-1, lo):div(2 * perturbation)
      local row = jac:select(1, i)
      row:copy(hi)
      if eachRow then eachRow(row, p[i]) end
   end
   return jac
end

-- one step of gradient descent with learning rate 1 on each output unit: param - d out_j / d param
function Jacobian.forwardUpdate(module, input, param, perturbation)
   return centralRows(module, input, param, perturbation, function(row, value)
      row:mul(-1):add(value)
   end)
end

-- the whole input is the variable
inputChecks(Jacobian, function(t) return t end)

-- The same checks with another input variable (nn.SparseJacobian: the value column of sparse input);
-- the parameter checks, testIO and testAllUpdate are shared. No diagonal-Hessian checks.
function Jacobian.withInputVariable(variable)
   return inputChecks({
      backwardUpdate = Jacobian.backwardUpdate, forwardUpdate = Jacobian.forwardUpdate,
      testIO = Jacobian.testIO, testAllUpdate = Jacobian.testAllUpdate,
   }, variable)
end

-- diagonal Hessian of F = sum_k y_k^2 / 2 by the module's own second-order backward pass
function Jacobian.backwardDiagHessian(module, input, diagHessianParamName)
   module:forward(input)
   local ones = module.output.new():resizeAs(module.output):fill(1)
   module.diagHessianWeight:zero()
   module.diagHessianBias:zero()
   module:updateDiagHessianInput(input, ones)
   module:accDiagHessianParameters(input, ones)
   return module[diagHessianParamName]
end

-- the same for a module linear in its input and weights: sum_k (d y_k / d x_i)^2
function Jacobian.linearModuleDiagHessian(module, input, gradParamName)
   local grad = module[gradParamName]
   local h = grad.new():resize(grad:nElement()):zero()
   module:forward(input)
   local gout = module.output.new():resizeAs(module.output)
   local gflat = gout:view(gout:nElement())
   for k = 1, gout:nElement() do
      gflat:zero()
      gflat[k] = 1
      module.gradWeight:zero()
      if module.bias then module.gradBias:zero() end
      module:updateGradInput(input, gout)
      module:accGradParameters(input, gout)
      h:addcmul(grad, grad)
   end
   return h
end

function Jacobian.testDiagHessian(module, input, gradParamName, diagHessianParamName, minval, maxval)
   randomize(input, minval, maxval)
   module:initDiagHessianParameters()
   local a = Jacobian.backwardDiagHessian(module, input, diagHessianParamName)
   local b = Jacobian.linearModuleDiagHessian(module, input, gradParamName)
   return (a - b):abs():max()
end
function Jacobian.testDiagHessianInput(module, input, minval, maxval)
   return Jacobian.testDiagHessian(module, input, 'gradInput', 'diagHessianInput', minval, maxval)
end
function Jacobian.testDiagHessianWeight(module, input, minval, maxval)
   return Jacobian.testDiagHessian(module, input, 'gradWeight', 'diagHessianWeight', minval, maxval)
end
function Jacobian.testDiagHessianBias(module, input, minval, maxval)
   return Jacobian.testDiagHessian(module, input, 'gradBias', 'diagHessianBias', minval, maxval)
end

-- the module written to a file and read back computes the same forward and backward results
function Jacobian.testIO(module, input, minval, maxval)
   minval = minval or -2
   maxval = maxval or 2
   local input2 = input:clone()
   module:forward(input)
   local gout = module.output:clone():copy(torch.rand(module.output:nElement()):mul(maxval - minval):add(minval))
   local gout2 = gout:clone()
   module:zeroGradParameters()
   module:updateGradInput(input, gout)
   module:accGradParameters(input, gout)
   local out, gin = module.output:clone(), module.gradInput:clone()

   local path = os.tmpname()
   local f = torch.DiskFile(path, 'w'):binary()
   assert(module == module:clearState(), 'clearState did not return self')
   f:writeObject(module)
   f:close()
   local m = torch.DiskFile(path):binary():readObject()
   os.remove(path)

   m:forward(input2)
   m:zeroGradParameters()
   m:updateGradInput(input2, gout2)
   m:accGradParameters(input2, gout2)
   local ferr = (out - m.output):abs():max()
   local gin2 = m.gradInput
   local berr = gin:nElement() == 0 and 0 or (gin - gin2):abs():max()
   return ferr, berr
end

function Jacobian.testAllUpdate(module, input, weight, gradWeight)
   local lr = torch.uniform(0.1, 1)
   local errors = {}

   -- reference: accGradParameters then updateParameters
   local ref = module:clone()
   local w0 = ref[weight]:clone()
   ref:forward(input)
   local gout = torch.rand(ref.output:size())
   ref:zeroGradParameters()
   ref:updateGradInput(input, gout)
   ref:accGradParameters(input, gout)
   ref:updateParameters(lr)
   errors['accGradParameters'] = (w0 - ref[gradWeight] * lr - ref[weight]):norm()

   local upd = module:clone()
   upd:forward(input)
   upd:updateGradInput(input, gout)
   upd:accUpdateGradParameters(input, gout, lr)
   errors['accUpdateGradParameters'] = (upd[weight] - ref[weight]):norm()

   -- two clones sharing the weight: each step applies twice
   local function sharedPair()
      local a, b = module:clone(), module:clone()
      b:share(a, weight)
      a:forward(input)
      b:forward(input)
      return a, b
   end
   local expect = w0 - ref[gradWeight] * (lr * 2)
   local a, b = sharedPair()
   a:zeroGradParameters()
   b:zeroGradParameters()
   a:updateGradInput(input, gout)
   b:updateGradInput(input, gout)
   a:accGradParameters(input, gout)
   b:accGradParameters(input, gout)
   a:updateParameters(lr)
   b:updateParameters(lr)
   errors['accGradParameters [shared]'] = (expect - a[weight]):norm() + (expect - b[weight]):norm()

   a, b = sharedPair()
   a:updateGradInput(input, gout)
   b:updateGradInput(input, gout)
   a:accUpdateGradParameters(input, gout, lr)
   b:accUpdateGradParameters(input, gout, lr)
   errors['accUpdateGradParameters [shared]'] = (expect - a[weight]):norm() + (expect - b[weight]):norm()

   return errors
end

return Jacobian
