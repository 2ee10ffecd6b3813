-- nn/sparse.lua (SparseLinear, IndexLinear) and LookupTable:accUpdateOnly: values captured from real
-- Torch7 for the same calls (check.golden), agreement with the dense nn.Linear, Float, bad inputs.
require 'nn'
local check = require 'check'
torch.manualSeed(13)

-- the helpers det, params, input and fb (nnutil.lua)
local nnutil = require 'nnutil'
local setup = nnutil.setup

-- Captured from Torch7 (torch/nn 87268255) with the same setup and code.
check.golden(setup, {
   {[=[local m = params(nn.SparseLinear(6, 3))
local x = torch.Tensor({{1, 0.5}, {4, -1}, {6, 2}})
local y = m:forward(x):clone()
m:zeroGradParameters()
m:backward(x, torch.Tensor({1, -2, 0.5}))
return y, m.gradWeight, m.gradBias]=],
    "torch.DoubleTensor[3]{-0.231839,-1.38229,0.94574} | torch.DoubleTensor[3x6]{0.5,0,0,-1,0,2,-1,0,0,2,0,-4,0.25,0,0,-0.5,0,1} | torch.DoubleTensor[3]{1,-2,0.5}"},
   {[=[local m = params(nn.SparseLinear(5, 2, true))
local x = {torch.Tensor({{2, 1}, {5, -0.5}}), torch.Tensor({{1, 3}}), torch.Tensor({{3, 1}, {4, 1}, {2, -2}})}
local y = m:forward(x):clone()
m:zeroGradParameters()
local gi = m:backward(x, det(torch.Tensor(3, 2), 2))
return y, m.gradWeight, m.gradBias, gi[1], gi[3]]=],
    "torch.DoubleTensor[3x2]{1.59161,-1.1241,3.40237,-2.90591,-1.49382,1.65419} | torch.DoubleTensor[2x5]{-2.45483,1.83846,-0.70554,-0.70554,-0.21369,-2.98849,-0.0893623,-0.0830894,-0.0830894,0.127771} | torch.DoubleTensor[2]{-1.09644,-1.3348} | torch.DoubleTensor[5x2]{1,0.649577,2,0.38422,3,-0.0618409,4,-0.478817,5,-0.670598} | torch.DoubleTensor[5x2]{1,-0.626254,2,-0.445501,3,-0.0552226,4,0.361028,5,0.607482}"},
   {[=[local m = params(nn.SparseLinear(5, 2))
local x = torch.Tensor({{{2, 1}, {5, -0.5}}, {{1, 3}, {3, 2}}})
local y = m:forward(x):clone()
m:zeroGradParameters()
m:backward(x, det(torch.Tensor(2, 2), 3))
return y, m.gradWeight, m.gradBias]=],
    "torch.DoubleTensor[2x2]{1.59161,-1.1241,3.48554,-2.28282} | torch.DoubleTensor[2x5]{-2.77744,-0.529836,-1.85163,0,0.264918,-1.39381,-0.951602,-0.929204,0,0.475801} | torch.DoubleTensor[2]{-1.45565,-1.4162}"},
   {[=[local m = params(nn.SparseLinear(5, 2))
local x = {torch.Tensor({{2, 1}, {5, -0.5}}), torch.Tensor({{1, 3}})}
m:zeroGradParameters()
m:forward(x)
m:backward(x, det(torch.Tensor(2, 2), 4))
m:updateParameters(0.1)
local w = m.weight:clone()
m:zeroGradParameters()
return w, m.bias, m.gradWeight]=],
    "torch.DoubleTensor[2x5]{1.04631,0.775456,0.0415807,-0.611858,-1.02753,-1.03169,-0.2966,0.311541,0.850437,0.95072} | torch.DoubleTensor[2]{0.545588,-0.227676} | torch.DoubleTensor[2x5]{0,0,0,0,0,0,0,0,0,0}"},
   {[=[local m = nn.IndexLinear(6, 3)
det(m.weight, 1); det(m.bias, 2)
local x = {torch.LongTensor({1, 4, 6}), torch.Tensor({0.5, -1, 2})}
local y = m:forward(x):clone()
m:zeroGradParameters()
m:accGradParameters(x, torch.Tensor({1, -2, 0.5}))
m:updateParameters(0.1)
return y, m.weight, m.bias]=],
    "torch.DoubleTensor[3]{-0.782605,0.0741701,0.896061} | torch.DoubleTensor[6x3]{0.941665,0.775463,0.0165807,-0.611858,-0.97753,-0.883455,-0.373877,0.311541,0.850437,1.08936,0.462969,0.0747754,-0.625071,-0.980936,-0.875452,-0.558229,0.727474,0.759162} | torch.DoubleTensor[3]{0.32738,-0.0555411,-0.868277}"},
   {[=[local m = nn.IndexLinear(5, 2)
det(m.weight, 3); det(m.bias, 4)
local x = {{torch.LongTensor({2, 5}), torch.LongTensor({1})}, {torch.Tensor({1, -0.5}), torch.Tensor({3})}}
local y = m:forward(x):clone()
m:zeroGradParameters()
m:backward(x, det(torch.Tensor(2, 2), 2))
m:updateParameters(0.5)
return y, m.weight, m.bias]=],
    "torch.DoubleTensor[2x2]{-1.98797,-0.965356,-2.58943,-3.62757} | torch.DoubleTensor[5x2]{0.69758,0.542645,-1.1395,-0.336832,0.21512,0.793668,0.998941,0.734397,0.231299,-0.607906} | torch.DoubleTensor[2]{-0.804475,-0.146912}"},
   {[=[local m = nn.IndexLinear(5, 2)
det(m.weight, 5); det(m.bias, 6)
local x = {torch.LongTensor({2, 5, 1, 3}), torch.Tensor({1, -0.5, 3, 2}), torch.LongTensor({2, 2})}
local y = m:forward(x):clone()
m:zeroGradParameters()
m:backward(x, det(torch.Tensor(2, 2), 2))
m:forward(x)
m:backward(x, det(torch.Tensor(2, 2), 3))
m:updateParameters(0.5)
return y, m.weight, m.bias]=],
    "torch.DoubleTensor[2x2]{1.61083,2.16554,0.349768,1.69414} | torch.DoubleTensor[5x2]{2.06545,2.3077,0.780197,1.60211,2.54258,1.68366,-0.457536,-0.922775,-0.979633,-0.838359} | torch.DoubleTensor[2]{1.32812,2.23266}"},
   {[=[local m = nn.LookupTable(5, 3)
det(m.weight, 1)
m:accUpdateOnly()
local x = torch.LongTensor({2, 4, 2})
local y = m:forward(x):clone()
m:backwardUpdate(x, det(y:clone(), 2), 0.1)
return y, m.weight, m.gradWeight == nil]=],
    "torch.DoubleTensor[3x3]{-0.611858,-0.97753,-0.883455,0.989358,0.662969,0.0247754,-0.611858,-0.97753,-0.883455} | torch.DoubleTensor[5x3]{0.991665,0.675463,0.0415807,-0.71244,-1.04877,-0.891844,-0.373877,0.311541,0.850437,1.08897,0.733523,0.0330844,-0.625071,-0.980936,-0.875452} | true"},
})

nnutil.install()

-- a dense Linear with the same parameters, and the dense form of a list of (feature, value) pairs
local function denseTwin(m)
   local l = nn.Linear(m.weight:size(2), m.weight:size(1))
   l.weight:copy(m.weight)
   l.bias:copy(m.bias)
   return l
end
local function dense(pairs, n)
   local d = torch.zeros(n)
   for i = 1, pairs:size(1) do d[pairs[i][1]] = d[pairs[i][1]] + pairs[i][2] end
   return d
end
local function randomPairs(n, nnz)
   local p = torch.Tensor(nnz, 2)
   p:select(2, 1):copy(torch.randperm(n):narrow(1, 1, nnz))
   p:select(2, 2):uniform(-1, 1)
   return p
end

check.test('SparseLinear equals Linear on the dense input', function()
   local m = nn.SparseLinear(20, 4, true)
   local l = denseTwin(m)
   local batch = {randomPairs(20, 5), randomPairs(20, 1), randomPairs(20, 8)}
   local d = torch.Tensor(3, 20)
   for i = 1, 3 do d[i]:copy(dense(batch[i], 20)) end
   check.near(m:forward(batch), l:forward(d), 1e-12, 'batch output')
   check.near(m:forward(batch[1]), l:forward(d[1]), 1e-12, 'one example')
   local g = torch.randn(3, 4)
   m:zeroGradParameters()
   l:zeroGradParameters()
   m:forward(batch)
   local gi = m:backward(batch, g)
   l:backward(d, g)
   check.near(m.gradWeight, l.gradWeight, 1e-12, 'gradWeight')
   check.near(m.gradBias, l.gradBias, 1e-12, 'gradBias')
   for i = 1, 3 do check.near(dense(gi[i], 20), l.gradInput[i], 1e-12, 'gradInput ' .. i) end
   -- one accumulation: the sparse update touches only the columns used, with the dense result
   m:updateParameters(0.1)
   l:updateParameters(0.1)
   check.near(m.weight, l.weight, 1e-12, 'sparse update')
   m:zeroGradParameters()
   check.eq(m.gradWeight:abs():max(), 0, 'sparse zeroing')
   -- no examples: the bias
   check.near(m:forward({}), m.bias, 0, 'empty batch')
   -- Float
   local mf = m:clone():float()
   check.near(mf:forward({batch[1]:float()}):double(), m:forward({batch[1]}), 1e-5, 'Float')
end)

check.test('SparseLinear bad inputs', function()
   local m = nn.SparseLinear(5, 2)
   check.errors(function() m:forward(torch.Tensor({{7, 1}})) end, 'SparseLinear')
   check.errors(function() m:forward(torch.Tensor({{0, 1}})) end, 'SparseLinear')
   check.eq(m:forward(torch.Tensor({{5, 1}})):nElement(), 2, 'works after the errors')
end)

check.test('IndexLinear equals Linear on the dense input', function()
   local m = nn.IndexLinear(10, 3, true)
   m:reset()
   local l = nn.Linear(10, 3)
   l.weight:copy(m.weight:t())
   l.bias:copy(m.bias)
   local keys = {torch.LongTensor({1, 7, 3}), torch.LongTensor({10})}
   local vals = {torch.Tensor({0.5, -1, 2}), torch.Tensor({3})}
   local d = torch.zeros(2, 10)
   for i = 1, 2 do for j = 1, keys[i]:size(1) do d[i][keys[i][j]] = vals[i][j] end end
   check.near(m:forward({keys, vals}), l:forward(d), 1e-12, 'batch output')
   local g = torch.randn(2, 3)
   m:zeroGradParameters()
   l:zeroGradParameters()
   local gi = m:backward({keys, vals}, g)
   l:backward(d, g)
   check.near(gi[2][1], l.gradInput[1], 1e-12, 'gradInput values')
   check.eq(gi[1][1]:size(1), 10, 'gradInput keys')
   check.near(m.gradBias, l.gradBias, 1e-12, 'gradBias')
   m:updateParameters(0.1)
   l:updateParameters(0.1)
   check.near(m.weight, l.weight:t(), 1e-12, 'the update')
   -- the keys stay longs under a type change
   m:float()
   check.eq(torch.type(m.keys), 'torch.LongTensor', 'keys stay longs')
   check.eq(torch.type(m.weight), 'torch.FloatTensor', 'weight converted')
   local keysF, valsF = {keys[1]}, {vals[1]:float()}
   check.near(m:forward({keysF, valsF}):double(), l:forward(d[{{1}}]), 1e-5, 'Float output')
end)

check.test('IndexLinear bad inputs', function()
   local m = nn.IndexLinear(5, 2)
   check.errors(function() m:forward({torch.LongTensor({6}), torch.Tensor({1})}) end, 'IndexLinear')
   check.errors(function() m:forward({torch.LongTensor({1, 2}), torch.Tensor({1}), torch.LongTensor({2})}) end,
      'Keys and values should be of same size')
   check.errors(function() m:forward(torch.Tensor(2)) end, 'table input')
   check.eq(m:forward({torch.LongTensor({5}), torch.Tensor({1})}):nElement(), 2, 'works after the errors')
end)

check.test('LookupTable:accUpdateOnly', function()
   local m = nn.LookupTable(6, 2)
   m:accUpdateOnly()
   check.eq(m.gradWeight, nil, 'no gradWeight')
   local w = m.weight:clone()
   local x = torch.LongTensor({3, 5, 3})
   m:forward(x)
   local g = torch.Tensor({{1, 2}, {3, 4}, {5, 6}})
   m:backwardUpdate(x, g, 0.5)
   local want = w:clone()
   want[3]:add(-0.5, torch.Tensor({6, 8}))
   want[5]:add(-0.5, torch.Tensor({3, 4}))
   check.near(m.weight, want, 1e-12, 'weight updated in place')
   m:float()
   m:forward(x)
   m:backwardUpdate(x, g:float(), 0.1)
   check.eq(torch.type(m.weight), 'torch.FloatTensor', 'Float after accUpdateOnly')
end)

-- A module on sparse input whose gradInput has the input's {index, value} form: a weighted sum
-- y = sum_r w[index_r] * value_r, written here for nn.SparseJacobian. broken = true scales gradInput.
local SparseDot, parentSD = torch.class('nn.TestSparseDot', 'nn.Module')
function SparseDot:__init(n, broken)
   parentSD.__init(self)
   self.weight = torch.Tensor(n):uniform(-1, 1)
   self.gradWeight = torch.zeros(n)
   self.broken = broken
end
function SparseDot:updateOutput(x)
   self.output:resize(1):zero()
   for r = 1, x:size(1) do self.output[1] = self.output[1] + self.weight[x[r][1]] * x[r][2] end
   return self.output
end
function SparseDot:updateGradInput(x, g)
   self.gradInput:resizeAs(x):copy(x)
   for r = 1, x:size(1) do
      self.gradInput[r][2] = self.weight[x[r][1]] * g[1] * (self.broken and 2 or 1)
   end
   return self.gradInput
end
function SparseDot:accGradParameters(x, g, scale)
   for r = 1, x:size(1) do
      local k = x[r][1]
      self.gradWeight[k] = self.gradWeight[k] + (scale or 1) * x[r][2] * g[1]
   end
end

check.test('nn.SparseJacobian', function()
   local sjac = nn.SparseJacobian
   check.eq(sjac, require('nn.SparseJacobian'), 'nn.SparseJacobian is the module')
   local x = torch.Tensor({{3, 0.5}, {1, -1}, {5, 2}, {3, 1}})
   local m = nn.TestSparseDot(6)
   -- backward: one row per input row, d y / d value_r = w[index_r]; forward agrees numerically
   local want = torch.Tensor(4, 1)
   for r = 1, 4 do want[r][1] = m.weight[x[r][1]] end
   check.near(sjac.backward(m, x), want, 1e-12, 'backward Jacobian')
   check.near(sjac.forward(m, x), want, 1e-8, 'forward Jacobian')
   -- the checks randomize only the values: the indices stay as they were
   local idx = x:select(2, 1):clone()
   check.truthy(sjac.testJacobian(m, x) < 1e-6, 'testJacobian')
   check.eq(x:select(2, 1), idx, 'indices untouched')
   check.truthy(x:select(2, 2):ne(torch.Tensor({0.5, -1, 2, 1})):all(), 'values randomized')
   check.truthy(sjac.testJacobian(m, x, 5, 6) < 1e-6, 'testJacobian in [5, 6]')
   check.truthy(x:select(2, 2):ge(5):all() and x:select(2, 2):le(6):all(), 'values in [minval, maxval]')
   check.truthy(sjac.testJacobianParameters(m, x, m.weight, m.gradWeight) < 1e-6, 'testJacobianParameters')
   check.truthy(sjac.testAllUpdate(m, x, 'weight', 'gradWeight').accGradParameters < 1e-12, 'testAllUpdate')
   local ferr, berr = sjac.testIO(m, x)
   check.eq({ferr, berr}, {0, 0}, 'testIO')
   -- a wrong gradInput is caught
   local bad = nn.TestSparseDot(6, true)
   bad.weight:fill(1)
   check.truthy(sjac.testJacobian(bad, x) > 0.5, 'wrong gradient detected')
   -- a dense module on an n x 2 input: the variable is the second column
   local l = nn.Linear(2, 3)
   local xd = torch.randn(4, 2)
   local jl = sjac.backward(l, xd)
   check.eq(jl:size():totable(), {4, 12}, 'dense: Jacobian size')
   check.near(jl[2]:view(4, 3)[2], l.weight:select(2, 2), 1e-12, 'dense: d y_2 / d x_{2,2}')
   check.eq(jl[2]:view(4, 3)[1]:abs():max(), 0, 'dense: rows independent')
   check.truthy(sjac.testJacobianUpdateParameters(l, xd, l.weight) < 1e-6, 'testJacobianUpdateParameters')
   -- PartialLinear, as torch/nn's suite checks it
   local pl = nn.PartialLinear(5, 15)
   pl:setPartition(torch.randperm(15):narrow(1, 1, 5))
   local xp = torch.randn(10, 5)
   local w = pl.network:get(1):get(2)
   check.truthy(sjac.testJacobian(pl, xp) < 1e-5, 'PartialLinear: input')
   check.truthy(sjac.testJacobianParameters(pl, xp, w.weight, w.gradWeight) < 1e-5, 'PartialLinear: weight')
   check.truthy(sjac.testJacobianParameters(pl, xp, pl.bias, pl.gradBias) < 1e-5, 'PartialLinear: bias')
   check.truthy(sjac.testJacobianUpdateParameters(pl, xp, w.weight) < 1e-5, 'PartialLinear: weight update')
   check.truthy(sjac.testJacobianUpdateParameters(pl, xp, pl.bias) < 1e-5, 'PartialLinear: bias update')
   -- nn.Jacobian is unchanged: the whole input is its variable
   check.eq(nn.Jacobian.backward(l, xd):size():totable(), {8, 12}, 'nn.Jacobian: all inputs')
   -- a module that views a vector input as a batch of one (BatchNormalization) keeps working
   local bn = nn.BatchNormalization(3)
   bn:evaluate()
   check.truthy(nn.Jacobian.testJacobian(bn, torch.rand(4, 3)[2]) < 1e-6, 'nn.Jacobian: a vector row')
   check.errors(function() sjac.testJacobian(m, torch.randn(4)) end, 'matrix of {index, value} rows', nil, true)
   check.errors(function() sjac.testJacobian(m, torch.randn(4, 1)) end, 'matrix of {index, value} rows', nil, true)
   check.truthy(sjac.testJacobian(m, x) < 1e-6, 'works after the errors')
end)

check.run()
