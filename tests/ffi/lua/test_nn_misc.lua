-- nn decorators and containers (MapTable, Bottle, DepthConcat, Profile, NaN, DontCast), noise and
-- dropout by plane, Kmeans, dynamic k-max pooling, spatial softmaxes, weight normalisation and the
-- local normalisations. Reference numbers were computed with Torch7's own nn on the same inputs.
require 'nn'
local check = require 'check'
torch.manualSeed(5)

local TOL = 1e-5
local function T(t) return torch.DoubleTensor(t) end

local function jac(m, x, name)
   check.truthy(nn.Jacobian.testJacobian(m, x) < TOL, name .. ': d/dinput')
end

-- a fixed input [2 x 4 x 5] and a gradOutput shaped like the output (the reference numbers use them)
local function fixedInput()
   local x = torch.Tensor(2, 4, 5)
   for i = 1, x:nElement() do x:storage()[i] = math.sin(i * 1.7) + 0.3 * math.cos(i * 0.3) end
   return x
end
local function fixedGrad(y)
   local g = y:clone()
   for i = 1, g:nElement() do g:storage()[i] = math.cos(i * 0.9) end
   return g
end
-- sum and norm of the output and of gradInput, against Torch7's
local function against(name, m, want)
   local x = fixedInput()
   local y = m:forward(x):clone()
   local gi = m:backward(x, fixedGrad(y)):clone()
   check.near(T({y:sum(), y:norm(), gi:sum(), gi:norm()}), T(want), 1e-8, name .. ' vs Torch7')
end

check.test('local normalisations against Torch7', function()
   against('SpatialSubtractiveNormalization 2D', nn.SpatialSubtractiveNormalization(2, torch.Tensor(3, 3):fill(1)),
      {1.1175637351, 4.6324155361, 0, 3.6780981852})
   against('SpatialSubtractiveNormalization 1D', nn.SpatialSubtractiveNormalization(2, T({1, 2, 1})),
      {0.5506119204, 4.5344692176, 0, 3.0874246695})
   against('SpatialDivisiveNormalization 2D', nn.SpatialDivisiveNormalization(2, torch.Tensor(3, 3):fill(1)),
      {-1.5963358465, 5.4289214146, -0.9112272700, 5.2296818043})
   against('SpatialDivisiveNormalization 1D', nn.SpatialDivisiveNormalization(2, T({1, 2, 1})),
      {-1.4430298695, 5.5575286979, -1.1001745288, 5.1192122809})
   against('SpatialContrastiveNormalization', nn.SpatialContrastiveNormalization(2, torch.Tensor(3, 5):fill(1)),
      {0.6100818265, 5.0180966226, 0, 4.5300644801})
   against('SpatialCrossMapLRN', nn.SpatialCrossMapLRN(3, 0.5, 0.75, 2),
      {-0.4307860550, 2.5565994726, -0.8555696075, 2.3969210962})
   against('SpatialLPPooling', nn.SpatialLPPooling(2, 2, 2, 2, 1, 1),
      {35.0351661031, 7.2395839696, 0.0485227076, 2.6316643248})
   against('SpatialSoftMax', nn.SpatialSoftMax(), {20, 3.6307157992, 0, 0.6713584649})
   against('SpatialLogSoftMax', nn.SpatialLogSoftMax(), {-36.2683595474, 7.2622914256, 0, 3.6160698086})
end)

check.test('local normalisations: gradients, batches, Float, bad input', function()
   local x = torch.rand(3, 6, 5)
   jac(nn.SpatialSubtractiveNormalization(3, torch.Tensor(3, 3):fill(1)), x, 'Subtractive')
   jac(nn.SpatialDivisiveNormalization(3, T({1, 2, 1})), x, 'Divisive')
   jac(nn.SpatialContrastiveNormalization(3, torch.Tensor(5, 3):fill(1)), x, 'Contrastive')
   jac(nn.SpatialCrossMapLRN(3, 0.3, 0.6, 1.5), x, 'CrossMapLRN')
   local m = nn.SpatialContrastiveNormalization(3)
   local one = m:forward(x):clone()
   local batch = torch.rand(2, 3, 6, 5)
   batch[2]:copy(x)
   check.near(m:forward(batch)[2], one, 1e-12, 'batch sample = single')
   m:float()
   check.near(m:forward(batch:float())[2], one:float(), 1e-5, 'Float')
   check.errors(function() nn.SpatialSubtractiveNormalization(2, torch.ones(2, 2)) end, 'ODD', 'even kernel')
   check.errors(function() nn.SpatialDivisiveNormalization(2, torch.ones(3, 3, 3)) end, '2D or 1D', '3D kernel')
   local s = nn.SpatialSubtractiveNormalization(2, torch.ones(3, 3))
   check.errors(function() s:forward(torch.rand(3, 5, 5)) end, 'must have 2 planes', 'plane count')
   check.near(s:forward(torch.ones(2, 5, 5)), torch.zeros(2, 5, 5), 1e-12, 'usable after the error; constant -> 0')
   check.errors(function() nn.SpatialCrossMapLRN(3):forward(torch.rand(4, 4)) end, '3D or 4D', 'LRN 2D input')
end)

check.test('SpatialSoftMax over planes', function()
   local x = torch.randn(2, 3, 2, 2)
   local y = nn.SpatialSoftMax():forward(x)
   check.near(y:sum(2), torch.ones(2, 1, 2, 2), 1e-12, 'sums to one over the planes')
   local e = torch.exp(x[{1, {}, 1, 2}])
   check.near(y[{1, {}, 1, 2}], e / e:sum(), 1e-12, 'one pixel')
   jac(nn.SpatialLogSoftMax(), torch.randn(3, 2, 2), 'SpatialLogSoftMax')
end)

check.test('WeightNorm and LinearWeightNorm against Torch7', function()
   local x = fixedInput():view(8, 5)
   local wn = nn.WeightNorm(nn.Linear(5, 3))
   wn.v:copy(torch.range(1, 15):view(3, 5):sin())
   wn.g:copy(T({1, 2, 3}))
   local y = wn:forward(x)
   wn:zeroGradParameters()
   wn:backward(x, y)
   check.near(T({y:sum(), wn.gradV:sum(), wn.gradG:sum()}), T({0.8150198043, -39.4988750761, 23.1314374729}), 1e-8, 'WeightNorm')
   local lw = nn.LinearWeightNorm(5, 3)
   lw.v:copy(torch.range(1, 15):view(3, 5):sin())
   lw.g:copy(T({1, 2, 3}))
   lw.bias:fill(0.1)
   y = lw:forward(x)
   lw:zeroGradParameters()
   lw:backward(x, y)
   check.near(T({y:sum(), lw.gradV:sum(), lw.gradG:sum()}), T({3.2150346492, -39.8092025475, 23.1359927134}), 1e-8, 'LinearWeightNorm')
   -- the weight has rows of norm g
   check.near(wn.modules[1].weight:norm(2, 2):view(3), T({1, 2, 3}), 1e-4, 'row norms = g')
end)

check.test('WeightNorm gradients, outputDim, save/load', function()
   local x = torch.rand(4, 5)
   local m = nn.WeightNorm(nn.Linear(5, 3))
   for _, p in ipairs({{m.v, m.gradV}, {m.g, m.gradG}, {m.bias, m.gradBias}}) do
      check.truthy(nn.Jacobian.testJacobianParameters(m, x, p[1], p[2]) < TOL, 'WeightNorm parameter gradient')
   end
   local conv = nn.WeightNorm(nn.SpatialConvolution(2, 3, 3, 3), 2)
   local xi = torch.rand(2, 5, 5)
   check.truthy(nn.Jacobian.testJacobianParameters(conv, xi, conv.v, conv.gradV) < TOL, 'outputDim 2: v')
   check.truthy(nn.Jacobian.testJacobianParameters(conv, xi, conv.g, conv.gradG) < TOL, 'outputDim 2: g')
   local lw = nn.LinearWeightNorm(5, 3)
   check.truthy(nn.Jacobian.testJacobianParameters(lw, x, lw.v, lw.gradV) < TOL, 'LinearWeightNorm v')
   check.truthy(nn.Jacobian.testJacobianParameters(lw, x, lw.g, lw.gradG) < TOL, 'LinearWeightNorm g')
   local y = m:forward(x):clone()
   local back = torch.deserialize(torch.serialize(m))
   check.near(back:forward(x), y, 1e-12, 'WeightNorm through serialization')
   local lin = nn.Linear(5, 3)
   check.near(nn.LinearWeightNorm.fromLinear(lin):forward(x), lin:forward(x), 1e-10, 'fromLinear')
   check.near(nn.LinearWeightNorm.fromLinear(lin):toLinear():forward(x), lin:forward(x), 1e-10, 'toLinear')
   check.eq(tostring(nn.LinearWeightNorm(5, 3, false)), 'nn.LinearWeightNorm(5 -> 3) without bias', 'printing')
   check.errors(function() nn.WeightNorm(nn.Tanh()) end, 'no weight', 'module without weight')
end)

check.test('WhiteNoise, SpatialDropout, VolumetricDropout', function()
   local noise = nn.WhiteNoise(0, 0.1)
   local y = noise:forward(torch.zeros(40, 50))
   check.truthy(math.abs(y:mean()) < 0.01 and math.abs(y:std() - 0.1) < 0.01, 'noise statistics')
   noise:evaluate()
   check.near(noise:forward(torch.ones(3)), torch.ones(3), 0, 'evaluation: no noise')
   local shifted = nn.WhiteNoise(2, 1)
   shifted:evaluate()
   check.near(shifted:forward(torch.ones(3)), torch.Tensor(3):fill(3), 0, 'evaluation: the mean only')
   check.errors(function() noise:backward(torch.ones(3), torch.ones(3)) end, 'only defined while training', 'backward in evaluation')
   local d = nn.SpatialDropout(0.5)
   local out = d:forward(torch.ones(2, 200, 3, 3))
   for s = 1, 2 do
      for p = 1, 5 do
         local plane = out[s][p]
         check.truthy(plane:min() == plane:max(), 'a plane is all kept or all dropped')
      end
   end
   check.truthy(math.abs(out:mean() - 0.5) < 0.1, 'half dropped')
   local g = d:backward(torch.ones(2, 200, 3, 3), torch.ones(2, 200, 3, 3))
   check.near(g, out, 0, 'gradient masked the same way')
   d:evaluate()
   check.near(d:forward(torch.ones(2, 3, 2, 2)), torch.Tensor(2, 3, 2, 2):fill(0.5), 0, 'evaluation scales by 1 - p')
   check.errors(function() nn.SpatialDropout():forward(torch.ones(3, 3)) end, '4D', 'SpatialDropout 2D input')
   local v = nn.VolumetricDropout(0.3)
   check.eq(v:forward(torch.ones(4, 2, 2, 2)):size(1), 4, 'Volumetric 4D')
   check.errors(function() v:forward(torch.ones(3, 3, 3)) end, '5D', 'Volumetric 3D input')
   check.eq(tostring(nn.SpatialDropout(0.25)), 'nn.SpatialDropout(0.250000)', 'printing')
end)

check.test('TemporalDynamicKMaxPooling', function()
   local m = nn.TemporalDynamicKMaxPooling(2)
   local x = T({{1, 9}, {5, 2}, {3, 8}, {4, 1}})
   check.near(m:forward(x), T({{5, 9}, {4, 8}}), 0, 'top 2 of each column, in order')
   local g = m:backward(x, T({{1, 2}, {3, 4}}))
   check.near(g, T({{0, 2}, {1, 0}, {0, 4}, {3, 0}}), 0, 'gradient to the kept places')
   local f = nn.TemporalDynamicKMaxPooling(1, 0.5)
   check.eq(f:forward(torch.randn(2, 6, 3)):size(2), 3, 'k = ceil(factor * length)')
   jac(nn.TemporalDynamicKMaxPooling(2, 0.5), torch.randn(5, 3), 'KMax')
   check.errors(function() nn.TemporalDynamicKMaxPooling(5):forward(torch.randn(3, 2)) end, 'too small', 'short sequence')
   check.errors(function() m:forward(torch.randn(3)) end, '2D or 3D', '1D input')
   m:float()
   check.near(m:forward(x:float()), T({{5, 9}, {4, 8}}):float(), 0, 'Float')
end)

check.test('Kmeans', function()
   local x = torch.Tensor(60, 2)
   for i = 1, 60 do x[i]:fill(((i - 1) % 3) * 10) end
   local km = nn.Kmeans(3, 2)
   km:initKmeansPlus(x)
   for _ = 1, 10 do
      km:zeroGradParameters()
      km:forward(x)
      km:backward(x)
      km.weight:add(-1, km.gradWeight)
   end
   km:forward(x)
   check.truthy(km.loss < 1e-6, 'clusters found (loss ' .. km.loss .. ')')
   local centres = km.weight:select(2, 1):clone():sort()
   check.near(centres, T({0, 10, 20}), 1e-5, 'centres')
   check.eq(km.output[1], km.output[4], 'same rows, same cluster')
   check.errors(function() km:forward(torch.rand(4, 3)) end, "don't match", 'wrong width')
   check.errors(function() nn.Kmeans(0, 2) end, 'Clusters', 'k = 0')
end)

check.test('Decorator, Profile, NaN, DontCast', function()
   local lin = nn.Linear(3, 2)
   local x, g = torch.randn(4, 3), torch.randn(4, 2)
   local d = nn.Decorator(lin)
   check.near(d:forward(x), lin:forward(x), 0, 'Decorator forward')
   check.eq(tostring(d), 'nn.Decorator @ nn.Linear(3 -> 2)', 'Decorator printing')
   local p = nn.Profile(lin, 1000)
   check.near(p:forward(x), lin.output, 0, 'Profile forward')
   check.near(p:backward(x, g), lin.gradInput, 0, 'Profile backward')
   check.eq(p.numFwds, 1, 'Profile counts')
   local nan = nn.NaN(nn.Linear(3, 2))
   check.near(nan:forward(x), nan.modules[1].output, 0, 'NaN: clean pass')
   local bad = x:clone()
   bad[1][1] = 0 / 0
   check.errors(function() nan:forward(bad) end, 'NaN found in input', 'NaN in the input')
   check.near(nan:forward(x), nan.modules[1].output, 0, 'usable afterwards')
   local lf = nn.Linear(3, 2):float()
   local dc = nn.DontCast(lf, true)
   local y = dc:forward(x)
   check.eq(torch.type(y), 'torch.DoubleTensor', 'DontCast: output in the caller type')
   check.near(y:float(), lf:forward(x:float()), 1e-6, 'DontCast: values')
   dc:double()
   check.eq(lf.weight:type(), 'torch.FloatTensor', 'DontCast: module keeps its type')
end)

check.test('MapTable, Bottle, DepthConcat', function()
   local map = nn.MapTable(nn.Linear(3, 2))
   local xs = {torch.randn(3), torch.randn(3), torch.randn(3)}
   local out = map:forward(xs)
   check.eq(#out, 3, 'one output per entry')
   check.near(out[3], map:get(1):forward(xs[3]), 1e-15, 'the same (shared) weights')
   check.eq(map:size(), 3, 'clones made')
   map:resize(1)
   check.eq(map:size(), 1, 'resize')
   local b = nn.Bottle(nn.Linear(4, 2))
   local x = torch.randn(2, 3, 4)
   local y = b:forward(x)
   check.eq(y:size():totable(), {2, 3, 2}, 'Bottle shape')
   check.near(y[2][3], b.modules[1]:forward(x[2][3]), 1e-12, 'Bottle values')
   jac(nn.Bottle(nn.Linear(4, 2)), x, 'Bottle')
   local dc = nn.DepthConcat(1)
   dc:add(nn.SpatialConvolution(2, 3, 1, 1)):add(nn.SpatialConvolution(2, 2, 3, 3))
   local xi = torch.randn(2, 5, 5)
   local o = dc:forward(xi)
   check.eq(o:size():totable(), {5, 5, 5}, 'DepthConcat size')
   check.near(o[{{4, 5}, {2, 4}, {2, 4}}], dc:get(2).output, 0, 'smaller output centred')
   check.near(o[{{4, 5}, 1, {}}], torch.zeros(2, 5), 0, 'padding zero')
   jac(dc, xi, 'DepthConcat')
end)

check.run()
