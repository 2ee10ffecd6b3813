-- nn's Lua criteria (HingeEmbedding, CosineEmbedding, MarginRanking, DistanceRatio, ClassSimplex,
-- MultiLabelSoftMargin, WeightedMSE, SpatialAutoCropMSE, ModuleCriterion, MultiCriterion,
-- ParallelCriterion) and L1Penalty: losses and gradients captured from Torch7 running the same
-- calls, finite-difference gradient checks, Float, bad input.
require 'nn'
local check = require 'check'
torch.manualSeed(14)

check.golden([[
a = torch.Tensor({{0.5, -1, 2}, {-0.75, 1.5, -0.2}})
b = torch.Tensor({{1, 0.25, -0.5}, {2, -1, 0.5}})
function crit(c, input, target)
   local l = c:forward(input, target)
   local g = c:backward(input, target)
   if type(g) == 'table' then return l, g[1], g[2] end
   return l, g
end
]], {
   {"return crit(nn.HingeEmbeddingCriterion(), torch.Tensor{0.5, 2, 0.25, 1.5}, torch.Tensor{1, -1, -1, 1})",
    "0.6875 | torch.DoubleTensor[4]{0.25,0,-0.25,0.25}"},
   {"local c = nn.HingeEmbeddingCriterion(0.4); c.sizeAverage = false; return crit(c, torch.Tensor{0.5, 2, 0.25, 1.5}, torch.Tensor{1, -1, -1, 1})",
    "2.15 | torch.DoubleTensor[4]{1,0,-1,1}"},
   {"return crit(nn.HingeEmbeddingCriterion(), torch.Tensor{0.5}, -1)",
    "0.5 | torch.DoubleTensor[1]{-1}"},
   {"return crit(nn.CosineEmbeddingCriterion(), {a, b}, torch.Tensor{1, -1})",
    "0.642857 | torch.DoubleTensor[2x3]{-0.204082,-0.0204082,0.0408163,0,0,0} | torch.DoubleTensor[2x3]{-0.204082,0.163265,-0.326531,0,0,0}"},
   {"return crit(nn.CosineEmbeddingCriterion(0.1), {a, b}, torch.Tensor{-1, -1})",
    "0 | torch.DoubleTensor[2x3]{0,0,0,0,0,0} | torch.DoubleTensor[2x3]{0,0,0,0,0,0}"},
   {"local c = nn.CosineEmbeddingCriterion(-0.5); c.sizeAverage = false; return crit(c, {a, b}, torch.Tensor{-1, 1})",
    "2.01535 | torch.DoubleTensor[2x3]{0.408163,0.0408163,-0.0816327,-0.306195,-0.162836,-0.0730385} | torch.DoubleTensor[2x3]{0.408163,-0.326531,0.653061,-0.111362,-0.235029,-0.0246104}"},
   {"return crit(nn.CosineEmbeddingCriterion(), {a[1], b[1]}, torch.Tensor{1})",
    "1.28571 | torch.DoubleTensor[3]{-0.408163,-0.0408163,0.0816327} | torch.DoubleTensor[3]{-0.408163,0.326531,-0.653061}"},
   {"return crit(nn.MarginRankingCriterion(), {torch.Tensor{0.5, 2, -1}, torch.Tensor{1, 0.25, -0.5}}, torch.Tensor{1, -1, 1})",
    "1.91667 | torch.DoubleTensor[3]{-0.333333,0.333333,-0.333333} | torch.DoubleTensor[3]{0.333333,-0.333333,0.333333}"},
   {"local c = nn.MarginRankingCriterion(0.2); c.sizeAverage = false; return crit(c, {torch.Tensor{0.5, 2, -1}, torch.Tensor{1, 0.25, -0.5}}, torch.Tensor{-1, 1, 1})",
    "0.7 | torch.DoubleTensor[3]{0,0,-1} | torch.DoubleTensor[3]{0,0,1}"},
   {"return crit(nn.MarginRankingCriterion(0.5), {torch.Tensor{0.5}, torch.Tensor{1}}, 1)",
    "1 | torch.DoubleTensor[1]{-1} | torch.DoubleTensor[1]{1}"},
   {"return crit(nn.MarginRankingCriterion(0.5), {torch.Tensor{3}, torch.Tensor{1}}, 1)",
    "0 | torch.DoubleTensor[1]{0} | torch.DoubleTensor[1]{0}"},
   {"return crit(nn.DistanceRatioCriterion(), {torch.Tensor{0.5, 2, 1}, torch.Tensor{1, 0.25, 3}})",
    "0.837076 | torch.DoubleTensor[3]{0.125847,0.283984,0.0397343} | torch.DoubleTensor[3]{-0.125847,-0.283984,-0.0397343}"},
   {"return crit(nn.DistanceRatioCriterion(false), {torch.Tensor{0.5, 2, 1}, torch.Tensor{1, 0.25, 3}})",
    "2.51123 | torch.DoubleTensor[3]{0.377541,0.851953,0.119203} | torch.DoubleTensor[3]{-0.377541,-0.851953,-0.119203}"},
   {"local c = nn.ClassSimplexCriterion(4); return c.simplex, crit(c, torch.Tensor{0.5, -1, 2, 0.25}, 3)",
    "torch.DoubleTensor[4x4]{1,0,0,0,-0.333333,0.942809,0,0,-0.333333,-0.471405,0.816497,0,-0.333333,-0.471405,-0.816497,0} | 0.609259 | torch.DoubleTensor[4]{0.416667,-0.264298,0.591752,0.125}"},
   {"local c = nn.ClassSimplexCriterion(3); local l, g = crit(c, a, torch.Tensor{2, 1}); return l, g, c:getPredictions(a), c:getTopPrediction(a)",
    "2.30576 | torch.DoubleTensor[2x3]{0.333333,-0.622008,0.666667,-0.583333,0.5,-0.0666667} | torch.DoubleTensor[2x3]{0.5,-1.11603,0.616025,-0.75,1.67404,-0.924038} | torch.LongTensor[2]{3,2}"},
   {"return crit(nn.MultiLabelSoftMarginCriterion(), a, torch.Tensor{{1, 0, 1}, {0, 0, 1}})",
    "0.633448 | torch.DoubleTensor[2x3]{-0.0629234,0.0448236,-0.0198672,0.0534702,0.136262,-0.091639}"},
   {"return crit(nn.MultiLabelSoftMarginCriterion(torch.Tensor{1, 2, 0.5}), a, torch.Tensor{{1, 0, 1}, {0, 0, 1}})",
    "0.892139 | torch.DoubleTensor[2x3]{-0.0629234,0.0896471,-0.00993358,0.0534702,0.272525,-0.0458195}"},
   {"return crit(nn.MultiLabelSoftMarginCriterion(torch.Tensor{1, 2, 0.5}, false), a[1], torch.Tensor{1, 0, 1})",
    "1.16406 | torch.DoubleTensor[3]{-0.377541,0.537883,-0.0596015}"},
   {"return crit(nn.WeightedMSECriterion(torch.Tensor{1, 2, 0.5}), a, b)",
    "4.59625 | torch.DoubleTensor[2x3]{-0.166667,-0.5,0.75,-0.916667,1.16667,-0.15}"},
   {"return crit(nn.WeightedMSECriterion(torch.Tensor{{1, 2, 0.5}, {0, 1, 3}}), a, b)",
    "2.8775 | torch.DoubleTensor[2x3]{-0.166667,-0.5,0.75,-0.25,0.833333,-0.566667}"},
   {"local c = nn.WeightedMSECriterion(torch.Tensor{1, 2, 0.5}); c.sizeAverage = false; return crit(c, a[2], b[2])",
    "20.015 | torch.DoubleTensor[3]{-5.5,7,-0.9}"},
   {"local t = torch.range(1, 32):view(2, 4, 4):div(10); local c = nn.SpatialAutoCropMSECriterion(); local x = torch.range(1, 12):view(2, 2, 3):div(5); return c:forward(x, t), c:backward(x, t[{{}, {2, 3}, {1, 3}}])",
    "0.146667 | torch.DoubleTensor[2x2x3]{-0.05,-0.0333333,-0.0166667,-0.0166667,0,0.0166667,-0.116667,-0.1,-0.0833333,-0.0833333,-0.0666667,-0.05}"},
   {"local t = torch.range(1, 50):view(1, 2, 5, 5):div(10); local c = nn.SpatialAutoCropMSECriterion(false); local x = torch.range(1, 12):view(1, 2, 2, 3):div(5); return c:forward(x, t), c:backward(x, t[{{}, {}, {2, 3}, {2, 4}}])",
    "17.18 | torch.DoubleTensor[1x2x2x3]{-1,-0.8,-0.6,-0.8,-0.6,-0.4,-3.6,-3.4,-3.2,-3.4,-3.2,-3}"},
   {"return crit(nn.ModuleCriterion(nn.MSECriterion(), nn.Tanh(), nn.Sigmoid()), a, b)",
    "0.923941 | torch.DoubleTensor[2x3]{-0.0705028,-0.185317,0.0138119,-0.301464,0.0383223,-0.262632}"},
   {"return crit(nn.MultiCriterion():add(nn.MSECriterion(), 0.5):add(nn.AbsCriterion()), a, b)",
    "3.56375 | torch.DoubleTensor[2x3]{-0.25,-0.375,0.583333,-0.625,0.583333,-0.283333}"},
   {"return crit(nn.ParallelCriterion():add(nn.MSECriterion(), 0.5):add(nn.AbsCriterion(), 2), {a, b}, {b, a})",
    "5.26375 | torch.DoubleTensor[2x3]{-0.0833333,-0.208333,0.416667,-0.458333,0.416667,-0.116667} | torch.DoubleTensor[2x3]{0.333333,0.333333,-0.333333,0.333333,-0.333333,0.333333}"},
   {"return crit(nn.ParallelCriterion(true):add(nn.MSECriterion(), 0.5):add(nn.AbsCriterion(), 2), {a, b}, a)",
    "3.4 | torch.DoubleTensor[2x3]{0,0,0,0,0,0} | torch.DoubleTensor[2x3]{0.333333,0.333333,-0.333333,0.333333,-0.333333,0.333333}"},
   {"local m = nn.L1Penalty(0.5); local y = m:forward(a); local gi = m:backward(a, b); return m.loss, y, gi",
    "2.975 | torch.DoubleTensor[2x3]{0.5,-1,2,-0.75,1.5,-0.2} | torch.DoubleTensor[2x3]{1.5,-0.25,0,1.5,-0.5,0}"},
   {"local m = nn.L1Penalty(0.5, true, false); local y = m:forward(a); local gi = m:backward(a, b); return m.loss, gi",
    "0.495833 | torch.DoubleTensor[2x3]{0.0833333,-0.0833333,0.0833333,-0.0833333,0.0833333,-0.0833333}"},
})

-- The largest difference between a criterion's gradient and central differences of its loss;
-- `input` is a tensor or a table of tensors.
local function critGradError(c, input, target)
   local function flat(x) return torch.isTensor(x) and {x} or x end
   c:forward(input, target)
   local analytic = c:backward(input, target)
   analytic = flat(analytic)
   local copies = {}
   for i, g in ipairs(analytic) do copies[i] = g:clone() end
   local err, eps = 0, 1e-6
   for i, x in ipairs(flat(input)) do
      local xs = x:view(-1)
      local gs = copies[i]:view(-1)
      for k = 1, xs:nElement() do
         local v = xs[k]
         xs[k] = v + eps
         local fp = c:forward(input, target)
         xs[k] = v - eps
         local fm = c:forward(input, target)
         xs[k] = v
         err = math.max(err, math.abs((fp - fm) / (2 * eps) - gs[k]))
      end
   end
   return err
end

check.test('gradients', function()
   local TOL = 1e-6
   local x, y = torch.randn(5), torch.Tensor({1, -1, 1, -1, -1})
   check.truthy(critGradError(nn.HingeEmbeddingCriterion(0.3), x, y) < TOL, 'HingeEmbedding')
   local pair = {torch.randn(4, 3), torch.randn(4, 3)}
   check.truthy(critGradError(nn.CosineEmbeddingCriterion(0.1), pair, torch.Tensor({1, -1, 1, -1})) < TOL, 'CosineEmbedding')
   check.truthy(critGradError(nn.CosineEmbeddingCriterion(-1), {torch.randn(3), torch.randn(3)}, torch.Tensor({-1})) < TOL,
      'CosineEmbedding 1D')
   check.truthy(critGradError(nn.MarginRankingCriterion(0.5), {torch.randn(6), torch.randn(6)},
      torch.Tensor({1, -1, 1, -1, 1, 1})) < TOL, 'MarginRanking')
   check.truthy(critGradError(nn.DistanceRatioCriterion(), {torch.rand(5), torch.rand(5)}) < TOL, 'DistanceRatio')
   check.truthy(critGradError(nn.ClassSimplexCriterion(5), torch.randn(3, 5), torch.Tensor({1, 5, 2})) < TOL, 'ClassSimplex')
   check.truthy(critGradError(nn.MultiLabelSoftMarginCriterion(torch.rand(4)), torch.randn(3, 4),
      torch.Tensor(3, 4):bernoulli(0.5)) < TOL, 'MultiLabelSoftMargin')
   check.truthy(critGradError(nn.WeightedMSECriterion(torch.rand(4)), torch.randn(3, 4), torch.randn(3, 4)) < TOL, 'WeightedMSE')
   check.truthy(critGradError(nn.SpatialAutoCropMSECriterion(), torch.randn(2, 3, 4, 3), torch.randn(2, 3, 7, 6)) < TOL,
      'SpatialAutoCropMSE')
   check.truthy(critGradError(nn.ModuleCriterion(nn.AbsCriterion(), nn.Tanh()), torch.randn(3, 4), torch.randn(3, 4)) < TOL,
      'ModuleCriterion')
   check.truthy(critGradError(nn.MultiCriterion():add(nn.MSECriterion(), 0.3):add(nn.SmoothL1Criterion(), 2),
      torch.randn(3, 4), torch.randn(3, 4)) < TOL, 'MultiCriterion')
   check.truthy(critGradError(nn.ParallelCriterion():add(nn.MSECriterion(), 0.3):add(nn.ClassNLLCriterion(), 2),
      {torch.randn(3, 4), torch.randn(2, 5)}, {torch.randn(3, 4), torch.LongTensor({5, 1})}) < TOL, 'ParallelCriterion')
end)

check.test('behaviour', function()
   -- the simplex: unit vertices, equal pairwise dot products -1/(n-1)
   local n = 6
   local s = nn.ClassSimplexCriterion(n).simplex
   check.eq({s:size(1), s:size(2)}, {n, n}, 'simplex size')
   check.near(s:norm(2, 2):view(n), torch.ones(n), 1e-12, 'unit vertices')
   local gram = s * s:t()
   check.near(gram[1][2], -1 / (n - 1), 1e-12, 'dot product 1, 2')
   check.near(gram[4][6], -1 / (n - 1), 1e-12, 'dot product 4, 6')
   -- the autocrop criterion's backward also takes the whole target
   local c = nn.SpatialAutoCropMSECriterion()
   local x, t = torch.randn(2, 3, 3), torch.randn(2, 5, 4)
   c:forward(x, t)
   local full = c:backward(x, t):clone()
   check.near(full, nn.MSECriterion():backward(x, t[{{}, {2, 4}, {1, 3}}]), 1e-15, 'autocrop backward crops too')
   -- MultiCriterion and ParallelCriterion on nested tables
   local nested = {torch.randn(2, 3), {torch.randn(2, 3), torch.randn(2, 3)}}
   local tn = {torch.randn(2, 3), {torch.randn(2, 3), torch.randn(2, 3)}}
   local pc = nn.ParallelCriterion():add(nn.MSECriterion()):add(nn.ParallelCriterion():add(nn.AbsCriterion()):add(nn.MSECriterion(), 3))
   local mc = nn.MultiCriterion():add(pc, 0.5):add(pc:clone())
   local l = mc:forward(nested, tn)
   check.near(l, 1.5 * pc:forward(nested, tn), 1e-12, 'MultiCriterion of ParallelCriteria')
   local g = mc:backward(nested, tn)
   check.near(g[2][2], nn.MSECriterion():backward(nested[2][2], tn[2][2]) * 4.5, 1e-12, 'nested gradient')
   -- L1Penalty passes its input through
   local l1 = nn.L1Penalty(2)
   local xi = torch.randn(4)
   check.eq(l1:forward(xi), xi, 'L1Penalty output is the input')
   check.near(l1.loss, 2 * xi:norm(1), 1e-12, 'L1Penalty loss')
end)

check.test('Float and type conversion', function()
   local x, t = torch.randn(3, 4), torch.randn(3, 4)
   local cases = {
      {nn.WeightedMSECriterion(torch.rand(4)), x, t},
      {nn.MultiLabelSoftMarginCriterion(), x, torch.Tensor(3, 4):bernoulli(0.5)},
      {nn.ClassSimplexCriterion(4), x, torch.Tensor({1, 4, 2})},
      {nn.HingeEmbeddingCriterion(), x[1], torch.Tensor({1, -1, -1, 1})},
      {nn.CosineEmbeddingCriterion(), {x, t}, torch.Tensor({1, -1, 1})},
      {nn.MarginRankingCriterion(), {x[1], t[1]}, torch.Tensor({1, -1, 1, 1})},
      {nn.DistanceRatioCriterion(), {x[1]:abs(), t[1]:abs()}},
      {nn.ModuleCriterion(nn.MSECriterion(), nn.Tanh()), x, t},
      {nn.MultiCriterion():add(nn.MSECriterion()):add(nn.AbsCriterion(), 0.5), x, t},
      {nn.ParallelCriterion(true):add(nn.MSECriterion()):add(nn.AbsCriterion(), 0.5), {x, t}, t},
   }
   local function toFloat(v)
      if torch.isTensor(v) then return v:float() end
      if type(v) == 'table' then local r = {} for i, e in ipairs(v) do r[i] = toFloat(e) end return r end
      return v
   end
   for _, cse in ipairs(cases) do
      local c, input, target = cse[1], cse[2], cse[3]
      local name = torch.typename(c)
      local ld = c:forward(input, target)
      c:float()
      local lf = c:forward(toFloat(input), toFloat(target))
      check.near(lf, ld, 1e-4 * math.max(1, math.abs(ld)), name .. ' float loss')
      local g = c:backward(toFloat(input), toFloat(target))
      g = torch.isTensor(g) and g or g[1]
      check.eq(torch.type(g), 'torch.FloatTensor', name .. ' float gradient')
   end
end)

check.test('saved and loaded', function()
   local mc = nn.MultiCriterion():add(nn.MSECriterion(), 0.25):add(nn.WeightedMSECriterion(torch.Tensor({1, 2, 3})))
   local x, t = torch.randn(2, 3), torch.randn(2, 3)
   local mc2 = torch.deserialize(torch.serialize(mc))
   check.near(mc2:forward(x, t), mc:forward(x, t), 0, 'MultiCriterion round trip')
   check.eq(torch.type(mc2.weights), 'torch.DoubleStorage', 'weights kept as a DoubleStorage')
end)

check.test('bad input', function()
   check.errors(function() nn.ClassSimplexCriterion(1) end, 'nClasses > 1')
   check.errors(function() nn.ClassSimplexCriterion(3):forward(torch.randn(4), 2) end, 'elements')
   check.errors(function() nn.SpatialAutoCropMSECriterion():forward(torch.randn(3, 3, 3), torch.randn(4, 3, 3)) end,
      'same number of channels')
   check.errors(function() nn.SpatialAutoCropMSECriterion():forward(torch.randn(2, 3, 3, 3), torch.randn(1, 3, 3, 3)) end,
      'same batch size')
   check.errors(function() nn.SpatialAutoCropMSECriterion():forward(torch.randn(2, 5, 5), torch.randn(2, 5, 4)) end,
      'smaller or equal')
   check.errors(function() nn.DistanceRatioCriterion():forward({torch.randn(3), torch.randn(4)}) end, "don't match")
   check.errors(function() nn.MultiCriterion():add() end, 'no criterion provided')
   check.errors(function() nn.WeightedMSECriterion(torch.ones(3)):forward(torch.randn(4), torch.randn(4)) end, '')
   check.errors(function() nn.MultiLabelSoftMarginCriterion():forward(torch.LongTensor(3), torch.LongTensor(3)) end, '')
   check.near(nn.WeightedMSECriterion(torch.ones(3)):forward(torch.zeros(3), torch.ones(3)), 1, 1e-15, 'works after the errors')
end)

check.run()
