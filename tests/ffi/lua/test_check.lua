-- The harness itself: equal infinities are equal, NaN equals NaN only when asked ({nan = true}),
-- and real differences still fail.
require 'torch'
local check = require 'check'

local inf, nan = math.huge, 0 / 0

check.test('infinities are equal to themselves', function()
   check.eq(inf, inf, 'number +inf')
   check.eq(-inf, -inf, 'number -inf')
   check.near(inf, inf, 1e-6, 'near +inf')
   check.near(-inf, -inf, 0, 'near -inf')
   check.eq(torch.Tensor({ inf, -inf, 1 }), torch.Tensor({ inf, -inf, 1 }), 'tensor infinities')
   check.near(torch.FloatTensor({ inf, 2 }), torch.DoubleTensor({ inf, 2 + 1e-9 }), 1e-6, 'near tensors')
   check.near(torch.Tensor({ -inf, -inf }), -inf, 0, 'near tensor and a number')
   check.eq({ inf, { -inf } }, { inf, { -inf } }, 'tables')
end)

check.test('NaN only when asked', function()
   check.eq(nan, nan, 'number NaN', { nan = true })
   check.near(nan, nan, 1e-3, 'near NaN', { nan = true })
   check.eq(torch.Tensor({ nan, 1 }), torch.Tensor({ nan, 1 }), 'tensor NaN', { nan = true })
   check.near(torch.Tensor({ nan, 1 }), torch.Tensor({ nan, 1 + 1e-9 }), 1e-6, 'near tensor NaN', { nan = true })
   check.eq({ nan }, { nan }, 'table NaN', { nan = true })
   -- the predicates behind eq/near: the default is IEEE (NaN differs from everything)
   check.eq(check.same(nan, nan), false, 'NaN ~= NaN by default')
   check.eq(check.same(torch.Tensor({ nan }), torch.Tensor({ nan })), false, 'tensor NaN by default')
   check.eq(check.close(nan, nan, 1), false, 'near NaN by default')
   check.eq(check.same(nan, 1, { nan = true }), false, 'NaN vs a number')
   check.eq(check.same(torch.Tensor({ nan }), torch.Tensor({ 1 }), { nan = true }), false, 'tensor NaN vs 1')
end)

check.test('differences still fail', function()
   check.eq(check.same(inf, -inf), false, '+inf vs -inf')
   check.eq(check.close(inf, 1e308, 1e300), false, 'inf vs a large number')
   check.eq(check.same(torch.Tensor({ inf }), torch.Tensor({ -inf })), false, 'tensor +inf vs -inf')
   check.eq(check.close(torch.Tensor({ inf }), torch.Tensor({ 1 }), 1e9), false, 'tensor inf vs 1')
   check.eq(check.close(torch.Tensor({ 1, 2 }), torch.Tensor({ 1, 2.5 }), 0.1), false, 'tensor 0.5 apart')
   check.eq(check.close(torch.Tensor({ 1, 2 }), torch.Tensor({ 1, 2.05 }), 0.1), true, 'tensor within tol')
   check.eq(check.same(torch.Tensor({ 1, 2 }), torch.Tensor({ 1, 2, 3 })), false, 'size mismatch')
   check.eq(check.same(1, 2), false, 'numbers')
   check.eq(check.same({ 1, { 2 } }, { 1, { 3 } }), false, 'nested tables')
end)

check.run()
