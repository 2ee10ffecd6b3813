-- nn behaviour pinned against torch/nn (values printed by real Torch7 for the same calls):
-- nn.Jacobian's API, Narrow's negative arguments, in-place MulConstant/AddConstant, AddConstant
-- with a tensor, BatchNormalization with a batch of one and with one example in evaluation mode,
-- nn.utils.addSingletonDimension, RReLU in training.
require 'nn'
local check = require 'check'

check.test('nn.Jacobian: torch/nn signatures', function()
   torch.manualSeed(1)
   local m = nn.Linear(3, 2)
   local x = torch.Tensor(4, 3)
   -- testJacobian(module, input, minval, maxval): fills the input in [minval, maxval]
   check.truthy(nn.Jacobian.testJacobian(m, x, 0.5, 1.5) < 1e-6, 'testJacobian')
   check.truthy(x:min() >= 0.5 and x:max() <= 1.5, 'input drawn in [0.5, 1.5]')
   check.truthy(nn.Jacobian.testJacobianParameters(m, x, m.weight, m.gradWeight) < 1e-6, 'weight')
   check.truthy(m.weight:min() >= -2 and m.weight:max() <= 2, 'parameter drawn in [-2, 2]')
   check.truthy(nn.Jacobian.testJacobianUpdateParameters(m, x, m.weight) < 1e-6, 'direct update, weight')
   check.truthy(nn.Jacobian.testJacobianUpdateParameters(m, x, m.bias) < 1e-6, 'direct update, bias')
   local n = 0
   for name, err in pairs(nn.Jacobian.testAllUpdate(m, x, 'weight', 'gradWeight')) do
      check.truthy(err < 1e-10, 'testAllUpdate ' .. name)
      n = n + 1
   end
   check.eq(n, 4, 'four update paths')
   local ferr, berr = nn.Jacobian.testIO(m, x)
   check.eq({ ferr, berr }, { 0, 0 }, 'testIO')
   -- a wrong gradient is caught
   local bad = nn.Tanh()
   function bad:updateGradInput(input, g) self.gradInput:resizeAs(g):copy(g) return self.gradInput end
   check.truthy(nn.Jacobian.testJacobian(bad, torch.Tensor(5)) > 0.01, 'a wrong gradient shows')
   -- the jacobians themselves: d(2x)/dx = 2 I
   local J = nn.Jacobian.forward(nn.MulConstant(2), torch.Tensor({ 1, 2 }))
   check.near(J, torch.Tensor({ { 2, 0 }, { 0, 2 } }), 1e-6, 'forward jacobian')
   check.eq(nn.Jacobian.backward(nn.MulConstant(2), torch.Tensor({ 1, 2 })), torch.Tensor({ { 2, 0 }, { 0, 2 } }))
end)

check.test('nn.Narrow as torch/nn', function()
   local x = torch.Tensor({ { 1, 2, 3, 4, 5 }, { 6, 7, 8, 9, 10 } })
   local cases = {
      { { 2, 2, 2 }, { 2, 3, 7, 8 }, { 0, 1, 1, 0, 0, 0, 1, 1, 0, 0 } },
      { { 2, -2, 1 }, { 1, 2, 3, 4, 6, 7, 8, 9 }, { 1, 1, 1, 1, 0, 1, 1, 1, 1, 0 } },
      { { 2, 2, -1 }, { 2, 3, 4, 5, 7, 8, 9, 10 }, { 0, 1, 1, 1, 1, 0, 1, 1, 1, 1 } },
      { { 2, -1, 2 }, { 1, 2, 3, 6, 7, 8 }, { 1, 1, 1, 0, 0, 1, 1, 1, 0, 0 } },
      { { -1, 3, 2 }, { 3, 4, 8, 9 }, { 0, 0, 1, 1, 0, 0, 0, 1, 1, 0 } },
      { { 1, -1 }, { 1, 2, 3, 4, 5 }, { 1, 1, 1, 1, 1, 0, 0, 0, 0, 0 } },
      { { 2, 1, -2 }, { 1, 2, 3, 4, 6, 7, 8, 9 }, { 1, 1, 1, 1, 0, 1, 1, 1, 1, 0 } },
   }
   for _, c in ipairs(cases) do
      local m = nn.Narrow(unpack(c[1]))
      local o = m:forward(x)
      local g = m:backward(x, o:clone():fill(1))
      local name = table.concat(c[1], ',')
      check.eq(o:clone():view(-1):totable(), c[2], 'Narrow(' .. name .. ') output')
      check.eq(g:clone():view(-1):totable(), c[3], 'Narrow(' .. name .. ') gradInput')
   end
   check.errors(function() nn.Narrow(1) end, 'nn.Narrow%(dimension, offset, length%)')
end)

check.test('MulConstant / AddConstant', function()
   local m = nn.MulConstant(3, true)
   local i = torch.Tensor({ 1, 2 })
   local o = m:forward(i)
   check.eq({ i[1], i[2], o[2] }, { 3, 6, 6 }, 'in place: the input is scaled')
   local g = m:backward(i, torch.Tensor({ 1, 1 }))
   check.eq({ i[1], i[2], g[1] }, { 1, 2, 3 }, 'backward restores the input')
   local a = nn.AddConstant(torch.Tensor({ 1, 2 }))
   check.eq(a:forward(torch.Tensor({ { 1, 1 }, { 2, 2 } })), torch.Tensor({ { 2, 3 }, { 3, 4 } }), 'tensor constant per row')
   local ai = nn.AddConstant(5, true)
   local v = torch.Tensor({ 1, 2 })
   ai:forward(v)
   check.eq(v[1], 6, 'AddConstant in place')
   ai:backward(v, torch.Tensor({ 1, 1 }))
   check.eq(v[1], 1, 'restored')
   check.errors(function() nn.MulConstant(torch.Tensor(1)) end, 'input is not scalar')
   check.errors(function() nn.AddConstant(1, 'x') end, 'in%-place flag must be boolean')
   check.errors(function() nn.AddConstant(torch.Tensor({ 1, 2 })):forward(torch.Tensor(2, 3)) end, 'dimension of constant')
end)

check.test('BatchNormalization: a batch of one, one example in evaluation', function()
   local bn = nn.BatchNormalization(3)
   bn.weight:fill(1)
   bn.bias:zero()
   local out = bn:forward(torch.Tensor({ { 1, 2, 3 } }))
   check.near(out, torch.Tensor({ { 0.9999950000375, 1.999990000075, 2.9999850001125 } }), 1e-12,
              'batch of one: normalized with the running statistics')
   check.eq(bn.running_mean:sum(), 0, 'running statistics untouched')
   bn:backward(torch.Tensor({ { 1, 2, 3 } }), torch.Tensor({ { 1, 1, 1 } }))
   bn:evaluate()
   local ex = torch.Tensor({ 1, 2, 3 })
   check.eq(bn:forward(ex):dim(), 2, 'one example: output has the batch dimension')
   check.eq(ex:dim(), 2, 'and the input got it too (torch/nn)')
   bn:training()
   check.errors(function() bn:forward(torch.Tensor({ 1, 2, 3 })) end, 'only mini%-batch supported')
   check.errors(function() bn:forward(torch.Tensor(2, 4)) end, 'got 4%-feature tensor, expected 3')
   local x = torch.randn(4, 3)
   check.truthy(nn.Jacobian.testJacobian(nn.BatchNormalization(3), x) < 1e-5, 'gradients')
end)

check.test('utils.addSingletonDimension, RReLU', function()
   local s = nn.utils.addSingletonDimension(torch.Tensor(2, 3), 2)
   check.eq(s:size():totable(), { 2, 1, 3 })
   check.eq(s:stride():totable(), { 3, 1, 1 })
   local t = torch.Tensor(4)
   local v = torch.Tensor()
   check.truthy(nn.utils.addSingletonDimension(v, t, 2) == v, 'fills the view given')
   check.eq(v:size():totable(), { 4, 1 })
   check.errors(function() nn.utils.addSingletonDimension(t, 3) end, 'invalid dimension')
   torch.manualSeed(5)
   local r = nn.RReLU()
   check.near(r:forward(torch.Tensor({ -1, -2, 3 })), torch.Tensor({ -0.17124857737023, -0.27299171697814, 3 }),
              1e-12, 'RReLU draws from the default generator (Torch7 numbers)')
end)

check.run()
