-- nn's elementwise modules (Add, Mul, CMul, CAdd, Power, Clamp, SoftSign, SoftMin, CReLU,
-- GradientReversal, ZeroGrad, Constant): forward and backward values captured from Torch7 running
-- the same calls, finite-difference gradient checks in Double, Float, bad input.
require 'nn'
local check = require 'check'
torch.manualSeed(11)

check.golden([[
x = torch.Tensor({{0.5, -1, 2, 0.25}, {-0.75, 1.5, -0.2, 1}})
g = torch.Tensor({{1, -2, 0.5, 3}, {0.25, 1, -1, 2}})
function run(m, input, grad)
   if m.zeroGradParameters then m:zeroGradParameters() end
   local y = m:forward(input or x)
   y = torch.isTensor(y) and y:clone() or y
   local gi = m:backward(input or x, grad or g)
   return y, gi
end
]], {
   {"local m = nn.Add(4); m.bias:copy(torch.Tensor{1, 2, 3, 4}); local y, gi = run(m); return y, gi, m.gradBias",
    "torch.DoubleTensor[2x4]{1.5,1,5,4.25,0.25,3.5,2.8,5} | torch.DoubleTensor[2x4]{1,-2,0.5,3,0.25,1,-1,2} | torch.DoubleTensor[4]{1.25,-1,-0.5,5}"},
   {"local m = nn.Add(4, true); m.bias:fill(0.5); local y, gi = run(m); return y, gi, m.gradBias",
    "torch.DoubleTensor[2x4]{1,-0.5,2.5,0.75,-0.25,2,0.3,1.5} | torch.DoubleTensor[2x4]{1,-2,0.5,3,0.25,1,-1,2} | torch.DoubleTensor[1]{4.75}"},
   {"local m = nn.Add(4); m.bias:copy(torch.Tensor{1, 2, 3, 4}); local y, gi = run(m, x[2], g[2]); return y, gi, m.gradBias",
    "torch.DoubleTensor[4]{0.25,3.5,2.8,5} | torch.DoubleTensor[4]{0.25,1,-1,2} | torch.DoubleTensor[4]{0.25,1,-1,2}"},
   {"local m = nn.Mul(); m.weight[1] = 1.5; local y, gi = run(m); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{0.75,-1.5,3,0.375,-1.125,2.25,-0.3,1.5} | torch.DoubleTensor[2x4]{1.5,-3,0.75,4.5,0.375,1.5,-1.5,3} | torch.DoubleTensor[1]{7.7625}"},
   {"local m = nn.CMul(4); m.weight:copy(torch.Tensor{1, -2, 0.5, 3}); local y, gi = run(m); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{0.5,2,1,0.75,-0.75,-3,-0.1,3} | torch.DoubleTensor[2x4]{1,4,0.25,9,0.25,-2,-0.5,6} | torch.DoubleTensor[4]{0.3125,3.5,1.2,2.75}"},
   {"local m = nn.CMul(1, 4); m.weight:copy(torch.Tensor{{1, -2, 0.5, 3}}); local y, gi = run(m); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{0.5,2,1,0.75,-0.75,-3,-0.1,3} | torch.DoubleTensor[2x4]{1,4,0.25,9,0.25,-2,-0.5,6} | torch.DoubleTensor[1x4]{0.3125,3.5,1.2,2.75}"},
   {"local m = nn.CMul(2, 1); m.weight:copy(torch.Tensor{{2}, {-1}}); local y, gi = run(m); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{1,-2,4,0.5,0.75,-1.5,0.2,-1} | torch.DoubleTensor[2x4]{2,-4,1,6,-0.25,-1,1,-2} | torch.DoubleTensor[2x1]{4.25,3.5125}"},
   {"local m = nn.CMul(2, 4); m.weight:copy(g); local y, gi = run(m); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{0.5,2,1,0.75,-0.1875,1.5,0.2,2} | torch.DoubleTensor[2x4]{1,4,0.25,9,0.0625,1,1,4} | torch.DoubleTensor[2x4]{0.5,2,1,0.75,-0.1875,1.5,0.2,2}"},
   {"local m = nn.CAdd(4); m.bias:copy(torch.Tensor{1, -2, 0.5, 3}); local y, gi = run(m); return y, gi, m.gradBias",
    "torch.DoubleTensor[2x4]{1.5,-3,2.5,3.25,0.25,-0.5,0.3,4} | torch.DoubleTensor[2x4]{1,-2,0.5,3,0.25,1,-1,2} | torch.DoubleTensor[4]{1.25,-1,-0.5,5}"},
   {"local m = nn.CAdd(2, 1); m.bias:copy(torch.Tensor{{2}, {-1}}); local y, gi = run(m); return y, gi, m.gradBias",
    "torch.DoubleTensor[2x4]{2.5,1,4,2.25,-1.75,0.5,-1.2,0} | torch.DoubleTensor[2x4]{1,-2,0.5,3,0.25,1,-1,2} | torch.DoubleTensor[2x1]{2.5,2.25}"},
   {"return run(nn.Power(3))",
    "torch.DoubleTensor[2x4]{0.125,-1,8,0.015625,-0.421875,3.375,-0.008,1} | torch.DoubleTensor[2x4]{0.75,-6,6,0.5625,0.421875,6.75,-0.12,6}"},
   {"return run(nn.Power(0.5), torch.Tensor{{0.25, 1, 4, 9}}, g:narrow(1, 1, 1))",
    "torch.DoubleTensor[1x4]{0.5,1,2,3} | torch.DoubleTensor[1x4]{1,-1,0.125,0.5}"},
   {"return run(nn.Clamp(-0.5, 1))",
    "torch.DoubleTensor[2x4]{0.5,-0.5,1,0.25,-0.5,1,-0.2,1} | torch.DoubleTensor[2x4]{1,0,0,3,0,0,-1,0}"},
   {"return run(nn.SoftSign())",
    "torch.DoubleTensor[2x4]{0.333333,-0.5,0.666667,0.2,-0.428571,0.6,-0.166667,0.5} | torch.DoubleTensor[2x4]{0.444444,-0.5,0.0555556,1.92,0.0816327,0.16,-0.694444,0.5}"},
   {"return run(nn.SoftMin())",
    "torch.DoubleTensor[2x4]{0.143085,0.641263,0.0319266,0.183725,0.538757,0.0567846,0.310836,0.093622} | torch.DoubleTensor[2x4]{-0.224973,0.91553,-0.034235,-0.656321,-0.0981174,-0.05293,0.331936,-0.180889}"},
   {"return run(nn.SoftMin(), x[1], g[1])",
    "torch.DoubleTensor[4]{0.143085,0.641263,0.0319266,0.183725} | torch.DoubleTensor[4]{-0.224973,0.91553,-0.034235,-0.656321}"},
   {"return run(nn.CReLU(1), x, torch.Tensor(2, 8):copy(torch.range(1, 16)))",
    "torch.DoubleTensor[2x8]{0.5,0,2,0.25,0,1,0,0,0,1.5,0,1,0.75,0,0.2,0} | torch.DoubleTensor[2x4]{1,-6,3,4,-13,10,-15,12}"},
   {"return run(nn.CReLU(1), x[2], torch.Tensor{1, 2, 3, 4, 5, 6, 7, 8})",
    "torch.DoubleTensor[8]{0,1.5,0,1,0.75,0,0.2,0} | torch.DoubleTensor[4]{-5,2,-7,4}"},
   {"return run(nn.GradientReversal(0.5))",
    "torch.DoubleTensor[2x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1} | torch.DoubleTensor[2x4]{-0.5,1,-0.25,-1.5,-0.125,-0.5,0.5,-1}"},
   {"return run(nn.ZeroGrad())",
    "torch.DoubleTensor[2x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1} | torch.DoubleTensor[2x4]{0,0,0,0,0,0,0,0}"},
   {"return run(nn.Constant(torch.Tensor{1, 2}, 1))",
    "torch.DoubleTensor[2x2]{1,2,1,2} | torch.DoubleTensor[2x4]{0,0,0,0,0,0,0,0}"},
   {"return run(nn.Constant(3), x, torch.Tensor{1})",
    "torch.DoubleTensor[1]{3} | torch.DoubleTensor[2x4]{0,0,0,0,0,0,0,0}"},
   {"return run(nn.Constant(torch.Tensor{{1, 2}}, 2), x[1], torch.Tensor{{1, 1}})",
    "torch.DoubleTensor[1x2]{1,2} | torch.DoubleTensor[4]{0,0,0,0}"},
   {"return tostring(nn.CReLU(1)), tostring(nn.Add(3)), tostring(nn.CMul(2, 3))",
    "CReLU() | nn.Add | nn.CMul"},
})

local TOL = 1e-5
local function jac(m, x, name, lo, hi)
   check.truthy(nn.Jacobian.testJacobian(m, x, lo, hi) < TOL, name .. ': d/dinput')
   for _, f in ipairs({{'weight', 'gradWeight'}, {'bias', 'gradBias'}}) do
      if m[f[1]] then
         check.truthy(nn.Jacobian.testJacobianParameters(m, x, m[f[1]], m[f[2]], lo, hi) < TOL, name .. ': d/d' .. f[1])
         check.truthy(nn.Jacobian.testJacobianUpdateParameters(m, x, m[f[1]], lo, hi) < TOL, name .. ': update ' .. f[1])
      end
   end
end

check.test('gradients', function()
   local x = torch.randn(3, 5)
   jac(nn.Add(5), x, 'Add')
   jac(nn.Add(5, true), x, 'Add scalar')
   jac(nn.Add(5), torch.randn(5), 'Add 1D')
   jac(nn.Mul(), x, 'Mul')
   jac(nn.CMul(5), x, 'CMul')
   jac(nn.CMul(3, 1), x, 'CMul broadcast')
   jac(nn.CMul(1, 5), x, 'CMul row')
   jac(nn.CMul(1, 5, 1), torch.randn(2, 5, 3), 'CMul 3D broadcast')
   jac(nn.CAdd(5), x, 'CAdd')
   jac(nn.CAdd(1, 5), x, 'CAdd row')
   jac(nn.CAdd(3, 1), x, 'CAdd column')
   jac(nn.Power(2), x, 'Power 2')
   jac(nn.Power(1.5), torch.rand(3, 5), 'Power 1.5', 0.5, 2)
   jac(nn.Clamp(-0.7, 0.6), x, 'Clamp')
   jac(nn.SoftSign(), x, 'SoftSign')
   jac(nn.SoftMin(), x, 'SoftMin')
   jac(nn.CReLU(1), x, 'CReLU')
   jac(nn.CReLU(3), torch.randn(2, 3, 4), 'CReLU 3D')
end)

check.test('gradient tricks', function()
   local x, g = torch.randn(2, 3), torch.randn(2, 3)
   local r = nn.GradientReversal()
   check.eq(r.lambda, 1, 'GradientReversal default lambda')
   check.eq(r:forward(x), x, 'GradientReversal forward is the identity')
   check.near(r:backward(x, g), g * -1, 1e-15, 'GradientReversal backward')
   r:setLambda(3)
   check.near(r:backward(x, g), g * -3, 1e-15, 'setLambda')
   local z = nn.ZeroGrad()
   check.eq(z:forward(x), x, 'ZeroGrad forward')
   local gt = z:updateGradInput({x, {x:clone()}}, nil)
   check.eq(gt[2][1]:sum(), 0, 'ZeroGrad on nested tables')
   check.eq(#nn.Constant(torch.ones(2, 3), 2):forward(torch.randn(4, 5, 5)):size(), 3, 'Constant over a batch')
   check.errors(function() nn.Constant('a') end, 'Expecting number or tensor')
end)

check.test('Float and type conversion', function()
   local xd = torch.randn(4, 3)
   for _, mk in ipairs({function() return nn.CMul(3) end, function() return nn.CAdd(1, 3) end,
                        function() return nn.Add(3) end, function() return nn.Mul() end,
                        function() return nn.SoftMin() end, function() return nn.SoftSign() end,
                        function() return nn.Power(2) end, function() return nn.CReLU(1) end}) do
      local m = mk()
      local yd = m:forward(xd):clone()
      local gd = m:backward(xd, yd:clone()):clone()
      m:float()
      local yf = m:forward(xd:float())
      check.eq(torch.type(yf), 'torch.FloatTensor', torch.typename(m) .. ' float output')
      check.near(yf:double(), yd, 1e-5, torch.typename(m) .. ' float forward')
      check.near(m:backward(xd:float(), yd:float()):double(), gd, 1e-4, torch.typename(m) .. ' float backward')
   end
   local m = nn.CMul(3)
   m:forward(torch.randn(2, 3))
   m:backward(torch.randn(2, 3), torch.randn(2, 3))
   m:clearState()
   check.eq(m._repeat:nElement(), 0, 'CMul clearState empties its buffers')
   check.eq(m:forward(torch.ones(1, 3)):nElement(), 3, 'usable after clearState')
end)

check.test('constructor defaults and fields', function()
   local a = nn.Add(4)
   check.eq(a.bias:size(1), 4, 'Add bias')
   check.eq(nn.Add(4, true).bias:size(1), 1, 'Add scalar bias')
   local c = nn.CMul(torch.LongStorage({2, 3}))
   check.eq(torch.type(c.size), 'torch.LongStorage', 'CMul size field')
   check.eq(c.weight:size(1), 2, 'CMul from a LongStorage')
   check.truthy(c.weight:max() <= 1 / math.sqrt(6) and c.weight:min() >= -1 / math.sqrt(6), 'CMul reset range')
   check.errors(function() nn.Power() end, 'nn.Power')
   local cl = nn.Clamp(-2, 3)
   check.eq({cl.min_val, cl.max_val}, {-2, 3}, 'Clamp bounds')
   check.truthy(torch.isTypeOf(cl, 'nn.HardTanh'), 'Clamp is a HardTanh')
   check.eq(nn.GradientReversal.__version, 2, 'GradientReversal version')
end)

check.test('saved and loaded', function()
   local m = nn.Sequential():add(nn.CMul(3)):add(nn.Add(3)):add(nn.GradientReversal(0.25)):add(nn.SoftSign())
   local x = torch.randn(2, 3)
   local y = m:forward(x):clone()
   local m2 = torch.deserialize(torch.serialize(m))
   check.near(m2:forward(x), y, 1e-15, 'same output after a round trip')
   check.eq(m2:get(3).lambda, 0.25, 'lambda kept')
end)

check.test('bad input', function()
   check.errors(function() nn.CMul(5):forward(torch.randn(2, 3)) end, '')
   check.errors(function() nn.Add(4):forward(torch.randn(3, 5)) end, '')
   check.errors(function() nn.SoftMin():forward(torch.randn(2, 2, 2, 2, 2)) end, 'SoftMax')
   check.errors(function() nn.SoftMin():forward(torch.LongTensor(3)) end, 'THNN has no kernels')
   check.near(nn.SoftMin():forward(torch.Tensor{0, 0}), torch.Tensor{0.5, 0.5}, 1e-15, 'works after the errors')
end)

check.run()
