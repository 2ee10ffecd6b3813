-- lua-compat random: Torch7's exact sequences for a seed, generators, state, 1-based draws, errors
-- (the exact numbers below are what real Torch7 printed with %.17g for the same calls).
local check = require 'check'
require 'torch'

check.test('the same seed gives Torch7\'s numbers', function()
   torch.manualSeed(1)
   check.eq(torch.random(), 1791095845, 'random')
   check.eq(torch.uniform(), 0.99718480813317001, 'uniform')
   check.eq(torch.normal(), -0.43049897103891599, 'normal')
   check.eq(torch.exponential(1), 0.00011438762250797826, 'exponential')
   torch.manualSeed(42)
   local t = torch.rand(3)
   check.eq(t, torch.Tensor{0.37454011430963874, 0.79654298420064151, 0.95071431156247854}, 'rand')
   check.eq(torch.randperm(6), torch.Tensor{5, 3, 6, 1, 4, 2}, 'randperm 1-based')
   torch.manualSeed(42)
   check.eq(torch.randn(2), torch.Tensor{-1.2582124295117618, 1.2655048495322101}, 'randn')
   check.eq(torch.initialSeed(), 42, 'initialSeed')
   check.eq(torch.manualSeed(7), nil, 'manualSeed returns nothing')
end)

check.test('randperm and multinomial are 1-based', function()
   torch.manualSeed(5)
   for n = 1, 20 do
      local p = torch.randperm(n)
      local seen, ok = {}, true
      for i = 1, n do
         local x = p[i]
         if x < 1 or x > n or seen[x] then ok = false end
         seen[x] = true
      end
      check.ok(ok, 'randperm(' .. n .. ') is a permutation of 1..n')
   end
   check.eq(torch.type(torch.randperm(3)), 'torch.DoubleTensor', 'default type')
   check.eq(torch.type(torch.randperm(3, 'torch.LongTensor')), 'torch.LongTensor')
   local draws = torch.multinomial(torch.Tensor{0, 0, 1, 0}, 5, true)
   check.eq(torch.type(draws), 'torch.LongTensor')
   check.eq(draws, torch.LongTensor{3, 3, 3, 3, 3}, 'multinomial index of the only class')
   local d2 = torch.multinomial(torch.Tensor{{1, 0}, {0, 1}}, 1)
   check.eq(d2, torch.LongTensor{{1}, {2}}, 'one row per distribution')
   local w = torch.multinomial(torch.Tensor{1, 1, 1, 1}, 4)
   check.eq(w:clone():sort(), torch.LongTensor{1, 2, 3, 4}, 'without replacement: each once')
end)

check.test('tensor draws', function()
   torch.manualSeed(11)
   local r = torch.Tensor(200):random(6)
   check.ok(r:min() >= 1 and r:max() <= 6, 'random(b) in [1, b]')
   r = torch.Tensor(200):random(-3, 3)
   check.ok(r:min() >= -3 and r:max() <= 3 and r:min() < 0, 'random(a, b) in [a, b]')
   r = torch.IntTensor(100):random(10)
   check.ok(r:min() >= 1 and r:max() <= 10, 'IntTensor random')
   local u = torch.Tensor(500):uniform(2, 3)
   check.ok(u:min() >= 2 and u:max() < 3, 'uniform(a, b)')
   local n = torch.Tensor(4000):normal(5, 2)
   check.near(n:mean(), 5, 0.15, 'normal mean'); check.near(n:std(), 2, 0.15, 'normal std')
   local b = torch.Tensor(1000):bernoulli(0.25)
   check.near(b:mean(), 0.25, 0.05, 'bernoulli p')
   check.eq(torch.Tensor(3):bernoulli(torch.Tensor{0, 1, 1}), torch.Tensor{0, 1, 1}, 'bernoulli with p tensor')
   local e = torch.Tensor(3000):exponential(2)
   check.near(e:mean(), 0.5, 0.05, 'exponential mean 1/lambda')
   local g = torch.Tensor(3000):geometric(0.5)
   check.ok(g:min() >= 1, 'geometric >= 1')
   local x = torch.Tensor(2, 2)
   check.eq(torch.pointer(x:uniform()), torch.pointer(x), 't:uniform() returns t')
   check.eq(torch.type(torch.rand(2, 'torch.FloatTensor')), 'torch.FloatTensor')
   local res = torch.Tensor()
   local ret = torch.rand(res, 2, 3)
   check.eq(torch.pointer(ret), torch.pointer(res), 'torch.rand(res, ...) fills res')
   check.eq(res:size(1), 2); check.eq(res:size(2), 3)
   check.eq(torch.rand(torch.LongStorage{4}):size(1), 4, 'sizes as a LongStorage')
end)

check.test('generators and state', function()
   local g = torch.Generator()
   check.eq(torch.typename(g), 'torch.Generator')
   check.eq(torch.initialSeed(g), 5489, 'a new generator starts with the default seed')
   torch.manualSeed(g, 42)
   torch.manualSeed(99)
   check.eq(torch.rand(g, 3), torch.Tensor{0.37454011430963874, 0.79654298420064151, 0.95071431156247854},
            'generator g keeps its own sequence')
   torch.manualSeed(42)
   local a = torch.rand(3)
   torch.manualSeed(g, 42)
   check.eq(torch.Tensor(3):uniform(g), a, 't:uniform(g)')
   -- state round trip
   local s = torch.getRNGState()
   check.eq(torch.type(s), 'torch.ByteTensor')
   local x1 = torch.randn(5)
   torch.setRNGState(s)
   check.eq(torch.randn(5), x1, 'setRNGState replays')
   local sg = torch.getRNGState(g)
   local y1 = torch.uniform(g)
   torch.setRNGState(g, sg)
   check.eq(torch.uniform(g), y1, 'per-generator state')
   local seed = torch.seed()
   check.eq(type(seed), 'number')
   check.eq(torch.initialSeed(), seed, 'seed() reseeds with the seed it returns')
end)

check.test('errors', function()
   check.errors(function() local _ = torch.random(5, 1) end, 'upper bound must be larger than lower bound')
   check.errors(function() local _ = torch.random(0) end, 'upper bound must be strictly positive')
   check.errors(function() local _ = torch.multinomial(torch.Tensor{0, 0}, 1) end,
                'multinomial: invalid distribution', 'TH\'s message')
   check.errors(function() local _ = torch.Tensor(3):bernoulli(torch.Tensor{0.5, 2, 0}) end,
                'bernoulli', 'p out of [0, 1]')
   check.errors(function() local _ = torch.rand('x') end, 'invalid arguments')
   torch.manualSeed(1)
   check.eq(torch.random(), 1791095845, 'the generator still works')
end)

check.run()
