-- nn.SparseJacobian: nn.Jacobian's checks for modules whose input is sparse, an nElement x 2 tensor
-- of {index, value} rows (SparseLinear's form), with torch/nn's API. The indices stay fixed: the
-- input variable is the value column, so testJacobian randomizes and perturbs input[{{}, 2}] only,
-- and its Jacobians have one row per input row (gradInput's value column backpropagated).
--   SparseJacobian.backward(module, input [, param, dparam]), .forward(module, input [, param [, perturbation]])
--   SparseJacobian.testJacobian(module, input [, minval, maxval, perturbation])
--   SparseJacobian.testJacobianParameters(module, input, param, dparam [, minval, maxval, perturbation])
--   SparseJacobian.testJacobianUpdateParameters(module, input, param [, minval, maxval, perturbation])
--   SparseJacobian.backwardUpdate, .forwardUpdate, .testIO, .testAllUpdate: as nn.Jacobian's
return require('nn.Jacobian').withInputVariable(function(t)
   if not (torch.isTensor(t) and t:dim() == 2 and t:size(2) >= 2) then
      error('nn.SparseJacobian: the input must be a matrix of {index, value} rows', 3)
   end
   return t:select(2, 2)
end)
