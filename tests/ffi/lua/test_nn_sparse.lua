-- nn/sparse.lua (SparseLinear, IndexLinear) and LookupTable:accUpdateOnly: values captured from real
-- Torch7 for the same calls (check.golden), agreement with the dense nn.Linear, Float, bad inputs.
require 'nn'
local check = require 'check'
torch.manualSeed(13)

-- det(t, s): deterministic values in [-1, 1]; params(m): deterministic weights and biases.
local setup = [=[
function det(t, s)
   local i = 0
   s = s or 0
   t:apply(function() i = i + 1; return math.sin(i * 0.7 + s) end)
   return t
end
function params(m, s)
   s = s or 1
   if m.weight then det(m.weight, s) end
   if m.bias then det(m.bias, s + 1) end
   return m
end
function input(s, ...) return det(torch.DoubleTensor(...), s) end
function fb(m, x)
   local y = m:forward(x):clone()
   local g = det(y:clone(), 5)
   m:zeroGradParameters()
   local gi = m:backward(x, g)
   return y, gi, m.gradWeight, m.gradBias
end
]=]

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

assert(loadstring(setup))()

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

check.run()
