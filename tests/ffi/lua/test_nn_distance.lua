-- nn's distance and product modules (Cosine, CosineDistance, DotProduct, Euclidean,
-- WeightedEuclidean, PairwiseDistance, MM, MV, Bilinear, Normalize, PartialLinear): forward and
-- backward values captured from Torch7 running the same calls, finite-difference gradient checks
-- in Double, Float, bad input.
require 'nn'
local check = require 'check'
torch.manualSeed(13)

check.golden([[
a = torch.Tensor({{0.5, -1, 2}, {-0.75, 1.5, -0.2}})
b = torch.Tensor({{1, 0.25, -0.5}, {2, -1, 0.5}})
W = torch.Tensor({{1, -2, 0.5}, {0.25, 1, -1}, {2, 0, 1}, {-1, 0.5, 0.5}})
]], {
   {"local m = nn.Cosine(3, 4); m.weight:copy(W); m:zeroGradParameters(); local y = m:forward(a):clone(); local gi = m:backward(a, torch.Tensor{{1, -1, 0.5, 2}, {0.5, 0.25, -1, 1}}); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{0.666667,-0.873698,0.58554,0,-0.994874,0.623571,-0.450144,0.676814} | torch.DoubleTensor[2x3]{-0.577598,0.0206695,0.154734,-0.651541,-0.326633,-0.00646979} | torch.DoubleTensor[4x3]{-0.0338994,0.0677989,0.338994,-0.354048,-0.0406962,-0.129208,-0.0497777,-0.494776,0.0995554,0.444979,-0.213143,1.1031}"},
   {"local m = nn.Cosine(3, 4); m.weight:copy(W); m:zeroGradParameters(); local y = m:forward(a[1]):clone(); local gi = m:backward(a[1], torch.Tensor{1, -1, 0.5, 2}); return y, gi, m.gradWeight",
    "torch.DoubleTensor[4]{0.666667,-0.873698,0.58554,0} | torch.DoubleTensor[3]{-0.577598,0.0206695,0.154734} | torch.DoubleTensor[4x3]{-0.031746,0.0634921,0.31746,-0.25785,-0.119716,-0.184179,-0.068313,-0.09759,0.136626,0.356348,-0.712697,1.42539}"},
   {"local m = nn.CosineDistance(); local y = m:forward({a, b}):clone(); local gi = m:backward({a, b}, torch.Tensor{1, -2}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2]{-0.285714,-0.801068} | torch.DoubleTensor[2x3]{0.408163,0.0408163,-0.0816327,-0.612391,-0.325672,-0.146077} | torch.DoubleTensor[2x3]{0.408163,-0.326531,0.653061,-0.222724,-0.470058,-0.0492207}"},
   {"local m = nn.CosineDistance(); local y = m:forward({a[1], b[1]}):clone(); local gi = m:backward({a[1], b[1]}, torch.Tensor{2}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[1]{-0.285714} | torch.DoubleTensor[3]{0.816327,0.0816327,-0.163265} | torch.DoubleTensor[3]{0.816327,-0.653061,1.30612}"},
   {"local m = nn.DotProduct(); local y = m:forward({a, b}):clone(); local gi = m:backward({a, b}, torch.Tensor{1, -2}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2]{-0.75,-3.1} | torch.DoubleTensor[2x3]{1,0.25,-0.5,-4,2,-1} | torch.DoubleTensor[2x3]{0.5,-1,2,1.5,-3,0.4}"},
   {"local m = nn.DotProduct(); local y = m:forward({a[2], b[2]}):clone(); local gi = m:backward({a[2], b[2]}, torch.Tensor{3}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[1]{-3.1} | torch.DoubleTensor[3]{6,-3,1.5} | torch.DoubleTensor[3]{-2.25,4.5,-0.6}"},
   {"local m = nn.Euclidean(3, 4); m.weight:copy(W:t()); m:zeroGradParameters(); local y = m:forward(a):clone(); local gi = m:backward(a, torch.Tensor{{1, -1, 0.5, 2}, {0.5, 0.25, -1, 1}}):clone(); return y, gi, m.gradWeight",
    "torch.DoubleTensor[2x4]{1.87083,3.61421,2.06155,2.59808,3.97524,1.37477,3.35447,1.24599} | torch.DoubleTensor[2x3]{0.454464,-0.309342,1.36896,0.618483,0.886558,-0.146636} | torch.DoubleTensor[3x4]{0.487374,0.25102,-0.455997,-1.35534,-0.974748,-0.644296,0.6897,0.352128,-0.713739,0.684579,-0.600267,-0.5929}"},
   {"local m = nn.Euclidean(3, 4); m.weight:copy(W:t()); m:zeroGradParameters(); local y = m:forward(a[1]):clone(); local gi = m:backward(a[1], torch.Tensor{1, -1, 0.5, 2}):clone(); return y, gi, m.gradWeight",
    "torch.DoubleTensor[4]{1.87083,3.61421,2.06155,2.59808} | torch.DoubleTensor[3]{0.454464,-0.309342,1.36896} | torch.DoubleTensor[3x4]{0.267261,0.0691714,0.363803,-1.1547,-0.534522,-0.553372,0.242536,1.1547,-0.801784,0.830057,-0.242536,-1.1547}"},
   {"local m = nn.WeightedEuclidean(3, 4); m.weight:copy(W:t()); m.diagCov:copy(W:t():abs():add(0.5)); m:zeroGradParameters(); local y = m:forward(a):clone(); local gi = m:backward(a, torch.Tensor{{1, -1, 0.5, 2}, {0.5, 0.25, -1, 1}}):clone(); return y, gi, m.gradWeight, m.gradDiagCov",
    "torch.DoubleTensor[2x4]{3.0104,5.41158,4.06971,3.09233,9.16205,1.60156,7.1462,1.27696} | torch.DoubleTensor[2x3]{0.631327,1.90683,0.497522,2.54294,2.10003,0.0724208} | torch.DoubleTensor[3x4]{0.588586,0.113791,-1.25332,-2.62332,-3.26992,-1.00716,0.0831902,0.187032,-0.460072,0.96635,-0.654256,-0.421965} | torch.DoubleTensor[3x4]{0.375263,0.108411,-1.95456,2.25624,2.50175,-1.0502,-0.0959969,2.23832,0.77415,-2.3448,-0.11797,1.83894}"},
   {"local m = nn.WeightedEuclidean(3, 4); m.weight:copy(W:t()); m.diagCov:copy(W:t():abs():add(0.5)); m:zeroGradParameters(); local y = m:forward(a[2]):clone(); local gi = m:backward(a[2], torch.Tensor{1, -1, 0.5, 2}):clone(); return y, gi, m.gradWeight, m.gradDiagCov",
    "torch.DoubleTensor[4]{9.16205,1.60156,7.1462,1.27696} | torch.DoubleTensor[3]{-0.400106,3.27759,-2.48557} | torch.DoubleTensor[3x4]{0.429762,-0.35122,1.20256,-0.880999,-2.38757,0.702439,-0.0262377,-1.56622,0.0764021,1.1239,0.188912,1.09635} | torch.DoubleTensor[3x4]{0.501389,-0.468293,1.32282,0.146833,3.34259,-0.234146,0.0787132,1.56622,0.0534815,-0.599415,0.151129,0.767448}"},
   {"local m = nn.PairwiseDistance(2); local y = m:forward({a, b}):clone(); local gi = m:backward({a, b}, torch.Tensor{1, -2}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2]{2.83945,3.78186} | torch.DoubleTensor[2x3]{-0.17609,-0.440225,0.880451,1.45431,-1.3221,0.370188} | torch.DoubleTensor[2x3]{0.17609,0.440225,-0.880451,-1.45431,1.3221,-0.370188}"},
   {"local m = nn.PairwiseDistance(1); local y = m:forward({a, b}):clone(); local gi = m:backward({a, b}, torch.Tensor{1, -2}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2]{4.25,5.95} | torch.DoubleTensor[2x3]{-1,-1,1,2,-2,2} | torch.DoubleTensor[2x3]{1,1,-1,-2,2,-2}"},
   {"local m = nn.PairwiseDistance(3); local y = m:forward({a[1], b[1]}):clone(); local gi = m:backward({a[1], b[1]}, torch.Tensor{2}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[1]{2.60625} | torch.DoubleTensor[3]{-0.0736099,-0.460062,1.84025} | torch.DoubleTensor[3]{0.0736099,0.460062,-1.84025}"},
   {"local m = nn.MM(); local y = m:forward({a, W:t()}):clone(); local gi = m:backward({a, W:t()}, torch.ones(2, 4)); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2x4]{3.5,-2.875,3,0,-3.85,1.5125,-1.7,1.4} | torch.DoubleTensor[2x3]{2.25,-0.5,1,2.25,-0.5,1} | torch.DoubleTensor[3x4]{-0.25,-0.25,-0.25,-0.25,0.5,0.5,0.5,0.5,1.8,1.8,1.8,1.8}"},
   {"local m = nn.MM(true, true); local y = m:forward({a:t(), W}):clone(); local gi = m:backward({a:t(), W}, torch.range(1, 8):view(2, 4)); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2x4]{3.5,-2.875,3,0,-3.85,1.5125,-1.7,1.4} | torch.DoubleTensor[3x2]{3.5,12.5,2,0,3.5,7.5} | torch.DoubleTensor[4x3]{-3.25,6.5,1,-3.5,7,2.8,-3.75,7.5,4.6,-4,8,6.4}"},
   {"local m = nn.MM(false, true); local A = torch.range(1, 12):view(2, 2, 3); local B = torch.range(1, 18):view(2, 3, 3):div(10); local y = m:forward({A, B}):clone(); local gi = m:backward({A, B}, torch.range(1, 12):view(2, 2, 3)); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2x2x3]{1.4,3.2,5,3.2,7.7,12.2,26.6,33.8,41,36.5,46.4,56.3} | torch.DoubleTensor[2x2x3]{3,3.6,4.2,6.6,8.1,9.6,31.8,34.2,36.6,43.5,46.8,50.1} | torch.DoubleTensor[2x3x3]{17,22,27,22,29,36,27,36,45,149,166,183,166,185,204,183,204,225}"},
   {"local m = nn.MM(true, false); local A = torch.range(1, 12):view(2, 3, 2); local B = torch.range(1, 18):view(2, 3, 3):div(10); local y = m:forward({A, B}):clone(); local gi = m:backward({A, B}, torch.range(1, 12):view(2, 2, 3)); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2x2x3]{4.8,5.7,6.6,6,7.2,8.4,36.3,39,41.7,40.2,43.2,46.2} | torch.DoubleTensor[2x3x2]{1.4,3.2,3.2,7.7,5,12.2,26.6,36.5,33.8,46.4,41,56.3} | torch.DoubleTensor[2x3x3]{9,12,15,19,26,33,29,40,51,129,144,159,163,182,201,197,220,243}"},
   {"local m = nn.MV(); local y = m:forward({W, a[1]}):clone(); local gi = m:backward({W, a[1]}, torch.Tensor{1, 2, 3, 4}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[4]{3.5,-2.875,3,0} | torch.DoubleTensor[4x3]{0.5,-1,2,1,-2,4,1.5,-3,6,2,-4,8} | torch.DoubleTensor[3]{3.5,2,3.5}"},
   {"local m = nn.MV(true); local y = m:forward({W, torch.Tensor{1, 2, 3, 4}}):clone(); local gi = m:backward({W, torch.Tensor{1, 2, 3, 4}}, a[1]); return y, gi[1], gi[2]",
    "torch.DoubleTensor[3]{3.5,2,3.5} | torch.DoubleTensor[4x3]{0.5,-1,2,1,-2,4,1.5,-3,6,2,-4,8} | torch.DoubleTensor[4]{3.5,-2.875,3,0}"},
   {"local m = nn.MV(); local M = torch.range(1, 12):view(2, 2, 3); local y = m:forward({M, a}):clone(); local gi = m:backward({M, a}, torch.Tensor{{1, 2}, {3, 4}}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2x2]{4.5,9,4.95,6.6} | torch.DoubleTensor[2x2x3]{0.5,-1,2,1,-2,4,-2.25,4.5,-0.6,-3,6,-0.8} | torch.DoubleTensor[2x3]{9,12,15,61,68,75}"},
   {"local m = nn.MV(true); local M = torch.range(1, 12):view(2, 3, 2); local y = m:forward({M, a}):clone(); local gi = m:backward({M, a}, torch.Tensor{{1, 2}, {3, 4}}); return y, gi[1], gi[2]",
    "torch.DoubleTensor[2x2]{7.5,9,6.05,6.6} | torch.DoubleTensor[2x3x2]{0.5,1,-1,-2,2,4,-2.25,-3,4.5,6,-0.6,-0.8} | torch.DoubleTensor[2x3]{5,11,17,53,67,81}"},
   {"local m = nn.Bilinear(3, 3, 2); m.weight:copy(torch.range(1, 18):view(2, 3, 3):div(10)); m.bias:copy(torch.Tensor{0.5, -1}); m:zeroGradParameters(); local y = m:forward({a, b}):clone(); local gi = m:backward({a, b}, torch.Tensor{{1, -1}, {2, 0.5}}); return y, gi[1], gi[2], m.gradWeight, m.gradBias",
    "torch.DoubleTensor[2x2]{1.175,0.6875,1.0775,0.32} | torch.DoubleTensor[2x3]{-0.675,-0.675,-0.675,1.05,2.175,3.3} | torch.DoubleTensor[2x3]{-1.35,-1.35,-1.35,1.21,1.3475,1.485} | torch.DoubleTensor[2x3x3]{-2.5,1.625,-1,5,-3.25,2,1.2,0.9,-1.2,-1.25,0.25,0.0625,2.5,-0.5,-0.125,-2.2,-0.4,0.95} | torch.DoubleTensor[2]{3,-0.5}"},
   {"local m = nn.Normalize(2); local y = m:forward(a):clone(); return y, m:backward(a, b)",
    "torch.DoubleTensor[2x3]{0.218218,-0.436436,0.872872,-0.444067,0.888134,-0.118418} | torch.DoubleTensor[2x3]{0.46761,0.046761,-0.093522,0.701582,0.373104,0.167352}"},
   {"local m = nn.Normalize(1); local y = m:forward(a):clone(); return y, m:backward(a, b)",
    "torch.DoubleTensor[2x3]{0.142857,-0.285714,0.571429,-0.306122,0.612245,-0.0816327} | torch.DoubleTensor[2x3]{0.346939,0.0102041,-0.0816327,0.299875,0.108288,-0.31237}"},
   {"local m = nn.Normalize(3); local y = m:forward(a[1]):clone(); return y, m:backward(a[1], b[1])",
    "torch.DoubleTensor[3]{0.239272,-0.478545,0.957089} | torch.DoubleTensor[3]{0.488378,0.0803037,-0.0819426}"},
   {"local m = nn.Normalize(4); local y = m:forward(a):clone(); return y, m:backward(a, b)",
    "torch.DoubleTensor[2x3]{0.246014,-0.492027,0.984055,-0.492442,0.984885,-0.131318} | torch.DoubleTensor[2x3]{0.494731,0.101379,-0.0729931,1.15359,0.620162,0.325269}"},
   {"local m = nn.Normalize(1.5); local y = m:forward(a):clone(); return y, m:backward(a, b)",
    "torch.DoubleTensor[2x3]{0.192626,-0.385252,0.770505,-0.399106,0.798212,-0.106428} | torch.DoubleTensor[2x3]{0.434107,0.0272216,-0.0949161,0.509708,0.252146,-0.0203105}"},
   {"local m = nn.Normalize(math.huge); local y = m:forward(a):clone(); return y, m:backward(a, b)",
    "torch.DoubleTensor[2x3]{0.25,-0.5,1,-0.5,1,-0.133333} | torch.DoubleTensor[2x3]{0.5,0.125,-0.0625,1.33333,0.711111,0.333333}"},
   {"local m = nn.PartialLinear(3, 4); m.network:get(1):get(2).weight:copy(W); m.bias:copy(torch.Tensor{{1, 2, 3, 4}}); m:zeroGradParameters(); local y = m:forward(a):clone(); local gi = m:backward(a, torch.range(1, 8):view(2, 4)):clone(); return y, gi, m.network:get(1):get(2).gradWeight, m.gradBias",
    "torch.DoubleTensor[2x4]{4.5,-0.875,6,4,-2.85,3.5125,1.3,5.4} | torch.DoubleTensor[2x3]{3.5,2,3.5,12.5,0,7.5} | torch.DoubleTensor[4x3]{-3.25,6.5,1,-3.5,7,2.8,-3.75,7.5,4.6,-4,8,6.4} | torch.DoubleTensor[1x4]{6,8,10,12}"},
   {"local m = nn.PartialLinear(3, 4); m.network:get(1):get(2).weight:copy(W); m.bias:copy(torch.Tensor{{1, 2, 3, 4}}); m:setPartition(torch.Tensor{4, 2}); m:zeroGradParameters(); local y = m:forward(a):clone(); local gi = m:backward(a, torch.range(1, 4):view(2, 2)):clone(); return y, gi, m.network:get(1):get(2).gradWeight, m.gradBias",
    "torch.DoubleTensor[2x2]{4,-0.875,5.4,3.5125} | torch.DoubleTensor[2x3]{-0.5,2.5,-1.5,-2,5.5,-2.5} | torch.DoubleTensor[4x3]{0,0,0,-2,4,3.2,0,0,0,-1.75,3.5,1.4} | torch.DoubleTensor[1x4]{0,6,0,4}"},
   {"return tostring(nn.Bilinear(3, 4, 5)), tostring(nn.Bilinear(3, 4, 5, false)), tostring(nn.Normalize(2)), tostring(nn.Normalize(1.5)), tostring(nn.PartialLinear(3, 4)), tostring(nn.PartialLinear(3, 4, false)), tostring(nn.Cosine(2, 3))",
    "nn.Bilinear(3x4 -> 5)  | nn.Bilinear(3x4 -> 5)  without bias | nn.Normalize(2) | nn.Normalize(1.500000) | nn.PartialLinear(3 -> 4) | nn.PartialLinear(3 -> 4) without bias | nn.Cosine"},
})

local TOL = 1e-5
local function jac(m, x, name, params)
   check.truthy(nn.Jacobian.testJacobian(m, x) < TOL, name .. ': d/dinput')
   for _, f in ipairs(params or {{'weight', 'gradWeight'}, {'bias', 'gradBias'}}) do
      if m[f[1]] then
         check.truthy(nn.Jacobian.testJacobianParameters(m, x, m[f[1]], m[f[2]]) < TOL, name .. ': d/d' .. f[1])
      end
   end
end

-- A module on a pair of inputs, seen as one on a 2 x n tensor (nn.Jacobian takes tensors).
local function onPair(m, split)
   return nn.Sequential():add(nn.SplitTable(split or 1)):add(m)
end

check.test('gradients', function()
   jac(nn.Cosine(5, 3), torch.randn(4, 5), 'Cosine')
   jac(nn.Cosine(5, 3), torch.randn(5), 'Cosine 1D')
   jac(nn.Euclidean(5, 3), torch.randn(4, 5), 'Euclidean')
   jac(nn.Euclidean(5, 3), torch.randn(5), 'Euclidean 1D')
   local we = nn.WeightedEuclidean(5, 3)
   we.diagCov:uniform(0.5, 1.5)
   jac(we, torch.randn(4, 5), 'WeightedEuclidean', {{'weight', 'gradWeight'}, {'diagCov', 'gradDiagCov'}})
   jac(we, torch.randn(5), 'WeightedEuclidean 1D', {{'weight', 'gradWeight'}, {'diagCov', 'gradDiagCov'}})
   jac(onPair(nn.CosineDistance()), torch.randn(2, 5), 'CosineDistance 1D')
   jac(onPair(nn.CosineDistance()), torch.randn(2, 3, 5), 'CosineDistance')
   jac(onPair(nn.DotProduct()), torch.randn(2, 3, 5), 'DotProduct')
   for p = 1, 4 do
      jac(onPair(nn.PairwiseDistance(p)), torch.randn(2, 3, 5), 'PairwiseDistance p=' .. p)
   end
   jac(onPair(nn.PairwiseDistance(1.5)), torch.randn(2, 5), 'PairwiseDistance p=1.5')
   jac(onPair(nn.MM()), torch.randn(2, 4, 4), 'MM')
   jac(onPair(nn.MM(true, false)), torch.randn(2, 4, 4), 'MM transA')
   jac(onPair(nn.MM(false, true)), torch.randn(2, 3, 4, 4), 'MM batch transB')
   jac(onPair(nn.MM(true, true)), torch.randn(2, 3, 4, 4), 'MM batch both')
   for _, p in ipairs({1, 1.5, 2, 3, 4, math.huge}) do
      jac(nn.Normalize(p), torch.randn(3, 6), 'Normalize p=' .. p)
   end
   jac(nn.Normalize(2), torch.randn(6), 'Normalize 1D')
   local bl = nn.Bilinear(3, 4, 2)
   local blIn = nn.Sequential():add(nn.ConcatTable():add(nn.Narrow(2, 1, 3)):add(nn.Narrow(2, 4, 4))):add(bl)
   jac(blIn, torch.randn(5, 7), 'Bilinear input')
   check.truthy(nn.Jacobian.testJacobianParameters(blIn, torch.randn(5, 7), bl.weight, bl.gradWeight) < TOL, 'Bilinear: d/dweight')
   check.truthy(nn.Jacobian.testJacobianParameters(blIn, torch.randn(5, 7), bl.bias, bl.gradBias) < TOL, 'Bilinear: d/dbias')
   local pl = nn.PartialLinear(5, 6)
   pl:setPartition(torch.Tensor({2, 5, 6}))
   jac(pl, torch.randn(3, 5), 'PartialLinear')
   check.truthy(nn.Jacobian.testJacobianParameters(pl, torch.randn(3, 5), pl.bias, pl.gradBias) < TOL, 'PartialLinear: d/dbias')
   local w = pl.network:get(1):get(2)
   check.truthy(nn.Jacobian.testJacobianParameters(pl, torch.randn(3, 5), w.weight, w.gradWeight) < TOL, 'PartialLinear: d/dweight')
end)

check.test('PartialLinear is a Linear on its partition', function()
   local pl = nn.PartialLinear(4, 5)
   pl.bias:uniform()
   local lin = nn.Linear(4, 5)
   lin.weight:copy(pl.network:get(1):get(2).weight)
   lin.bias:copy(pl.bias:view(5))
   local x = torch.randn(3, 4)
   check.near(pl:forward(x), lin:forward(x), 1e-12, 'full partition')
   pl:setPartition(torch.LongTensor({5, 1}))
   check.near(pl:forward(x), lin:forward(x):index(2, torch.LongTensor({5, 1})), 1e-12, 'partial')
   pl:resetPartition()
   check.eq(pl:forward(x):size(2), 5, 'resetPartition')
   local params = pl:parameters()
   check.eq(#params, 2, 'weight and bias')
   pl:zeroGradParameters()
   pl:backward(x, torch.ones(3, 5))
   local before = pl.bias:clone()
   pl:updateParameters(0.1)
   check.near(pl.bias, before - 0.3, 1e-12, 'updateParameters')
end)

check.test('accUpdateGradParameters', function()
   local m = nn.WeightedEuclidean(3, 2)
   local x, g = torch.randn(4, 3), torch.randn(4, 2)
   local ref = m:clone()
   ref:zeroGradParameters()
   ref:forward(x)
   ref:backward(x, g)
   ref:updateParameters(0.1)
   m:forward(x)
   m:updateGradInput(x, g)
   m:accUpdateGradParameters(x, g, 0.1)
   check.near(m.weight, ref.weight, 1e-12, 'WeightedEuclidean weight')
   check.near(m.diagCov, ref.diagCov, 1e-12, 'WeightedEuclidean diagCov')
end)

check.test('Float and type conversion', function()
   local x = torch.randn(3, 4)
   for _, m in ipairs({nn.Cosine(4, 2), nn.Euclidean(4, 2), nn.WeightedEuclidean(4, 2), nn.Normalize(2),
                       nn.Normalize(math.huge), nn.PartialLinear(4, 3)}) do
      local yd = m:forward(x):clone()
      local gd = m:backward(x, yd):clone()
      m:float()
      local yf = m:forward(x:float())
      check.eq(torch.type(yf), 'torch.FloatTensor', torch.typename(m) .. ' float output')
      check.near(yf:double(), yd, 1e-5, torch.typename(m) .. ' float forward')
      check.near(m:backward(x:float(), yd:float()):double(), gd, 1e-4, torch.typename(m) .. ' float backward')
   end
   local pair = {torch.randn(3, 4), torch.randn(3, 4)}
   for _, m in ipairs({nn.CosineDistance(), nn.DotProduct(), nn.PairwiseDistance(2), nn.MM(false, true), nn.Bilinear(4, 4, 2)}) do
      local yd = m:forward(pair):clone()
      m:float()
      local yf = m:forward({pair[1]:float(), pair[2]:float()})
      check.near(yf:double(), yd, 1e-5, torch.typename(m) .. ' float forward')
      local gi = m:backward({pair[1]:float(), pair[2]:float()}, yf:clone())
      check.eq(torch.type(gi[2]), 'torch.FloatTensor', torch.typename(m) .. ' float gradInput')
   end
   local c = nn.Cosine(4, 2)
   c:forward(x)
   c:clearState()
   check.eq(c._weightNorm:nElement(), 0, 'clearState empties the buffers')
   check.eq(c:forward(x):size(2), 2, 'usable after clearState')
end)

check.test('saved and loaded', function()
   local m = nn.Sequential():add(nn.Euclidean(3, 4)):add(nn.Normalize(2)):add(nn.Cosine(4, 2))
   local x = torch.randn(2, 3)
   local y = m:forward(x):clone()
   local m2 = torch.deserialize(torch.serialize(m))
   check.near(m2:forward(x), y, 0, 'same output after a round trip')
   local pl = nn.PartialLinear(3, 4)
   local pl2 = torch.deserialize(torch.serialize(pl))
   check.near(pl2:forward(x), pl:forward(x), 0, 'PartialLinear round trip')
end)

check.test('bad input', function()
   check.errors(function() nn.Cosine(3, 2):forward(torch.randn(2, 2, 3)) end, '1D or 2D')
   check.errors(function() nn.Euclidean(3, 2):forward(torch.randn(2, 2, 3)) end, '1D or 2D')
   check.errors(function() nn.MM():forward({torch.randn(2, 3), torch.randn(2, 3)}) end, 'matrix sizes do not match')
   check.errors(function() nn.MM():forward({torch.randn(2, 3, 3), torch.randn(3, 3)}) end, 'must be 3D')
   check.errors(function() nn.MV():forward({torch.randn(2, 3), torch.randn(2)}) end, 'do not match')
   check.errors(function() nn.Bilinear(3, 3, 2):forward({torch.randn(2, 3), torch.randn(2, 4)}) end, 'second input')
   check.errors(function() nn.Bilinear(3, 0, 2) end, 'positive')
   check.errors(function() nn.Normalize() end, 'p%-norm not provided')
   check.errors(function() nn.Normalize(2):forward(torch.randn(2, 2, 2)) end, 'only 1d layer supported')
   check.errors(function() nn.PairwiseDistance():forward({torch.randn(2, 2, 2), torch.randn(2, 2, 2)}) end, 'vector or matrix')
   check.near(nn.MM():forward({torch.eye(2), torch.Tensor({{1, 2}, {3, 4}})}), torch.Tensor({{1, 2}, {3, 4}}), 0,
      'works after the errors')
end)

check.run()
