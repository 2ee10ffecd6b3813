-- Finite-difference checks of a module's gradients (Double tensors recommended).
--   nn.Jacobian.testJacobian(module, input [, perturbation]) -> max |analytic - numeric| of d output/d input
--   nn.Jacobian.testJacobianParameters(module, input, param, dparam [, perturbation])
local Jacobian = {}

local function flatOutput(module, input)
   local out = module:forward(input)
   return out:clone():view(-1)
end

-- numeric[i][j] = d output_j / d x_i, by central differences on x (a tensor the module reads)
local function numeric(module, input, x, eps)
   local nIn = x:nElement()
   local nOut = flatOutput(module, input):nElement()
   local jac = torch.DoubleTensor(nIn, nOut)
   local flat = x:view(-1)
   for i = 1, nIn do
      local orig = flat[i]
      flat[i] = orig - eps
      local lo = flatOutput(module, input):double()
      flat[i] = orig + eps
      local hi = flatOutput(module, input):double()
      flat[i] = orig
      jac[i]:copy(hi:add(-1, lo):div(2 * eps))
   end
   return jac
end

-- analytic[i][j] by backpropagating each unit vector of the output
local function analytic(module, input, which, grad)
   local out = module:forward(input)
   local nOut = out:nElement()
   local nIn = (which == 'input') and input:nElement() or grad:nElement()
   local jac = torch.DoubleTensor(nIn, nOut)
   local dout = out:clone():zero()
   for j = 1, nOut do
      dout:zero()
      dout:view(-1)[j] = 1
      if which == 'input' then
         module:zeroGradParameters()
         local gi = module:updateGradInput(input, dout)
         jac:select(2, j):copy(gi:contiguous():view(-1))
      else
         grad:zero()
         module:accGradParameters(input, dout, 1)
         jac:select(2, j):copy(grad:contiguous():view(-1))
      end
   end
   return jac
end

function Jacobian.testJacobian(module, input, eps)
   eps = eps or 1e-6
   local a = analytic(module, input, 'input')
   local n = numeric(module, input, input, eps)
   return (a - n):abs():max()
end

function Jacobian.testJacobianParameters(module, input, param, dparam, eps)
   eps = eps or 1e-6
   local a = analytic(module, input, 'param', dparam)
   local n = numeric(module, input, param, eps)
   return (a - n):abs():max()
end

return Jacobian
