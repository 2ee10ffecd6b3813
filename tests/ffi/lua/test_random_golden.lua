-- lua-compat random: seeded draws against the numbers real Torch7 gave for the same seeds.
-- Each case runs after the setup chunk; the text of its results must equal what real Torch7
-- (torch7 814ea4af, its cwrap-generated TensorMath over ember's libTH) gave for the same code.
local check = require 'check'
require 'torch'

-- canonical text of values: tensors as type[sizes]{values}, numbers with 6 significant digits
local function num(x)
   if x ~= x then return 'nan' end
   if math.abs(x) < 1e-9 then x = 0 end
   return (string.format('%.6g', x):gsub('^%-0$', '0'))
end
local function dump(...)
   local parts = {}
   for i = 1, select('#', ...) do
      local x = select(i, ...)
      if torch.isTensor(x) then
         local sz, vals = {}, {}
         for d = 1, x:dim() do sz[#sz + 1] = x:size(d) end
         local n = x:nElement()
         if n > 0 then
            local c = x:contiguous():view(n)
            for e = 1, n do vals[#vals + 1] = num(c[e]) end
         end
         parts[#parts + 1] = torch.type(x) .. '[' .. table.concat(sz, 'x') .. ']{' .. table.concat(vals, ',') .. '}'
      elseif type(x) == 'number' then
         parts[#parts + 1] = num(x)
      else
         parts[#parts + 1] = tostring(x)
      end
   end
   return table.concat(parts, ' | ')
end

local setup = [=[torch.manualSeed(1)
]=]

local cases = {
   { "return torch.randperm(5), torch.initialSeed()",
     "torch.DoubleTensor[5]{1,5,3,4,2} | 1" },
   { "return torch.random(), torch.random(), torch.random(10), torch.random(3, 5)",
     "1.7911e+09 | 4.28288e+09 | 5 | 5" },
   { "return torch.uniform(), torch.uniform(2, 3), torch.normal(), torch.normal(10, 2)",
     "0.417022 | 2.99718 | -0.430499 | 5.43596" },
   { "return torch.exponential(2), torch.cauchy(), torch.cauchy(1, 2), torch.logNormal(), torch.logNormal(2, 0.5)",
     "0.269803 | 113.066 | 2.65798 | 2.79428 | 7.36611" },
   { "return torch.geometric(0.5), torch.bernoulli(), torch.bernoulli(0.2)",
     "1 | 0 | 0" },
   { "return torch.rand(2,3), torch.randn(3)",
     "torch.DoubleTensor[2x3]{0.417022,0.997185,0.720324,0.932557,0.000114381,0.128124} | torch.DoubleTensor[3]{-1.20386,3.52831,0.443387}" },
   { "return torch.rand(torch.LongStorage{2}), torch.randn(torch.LongStorage{1, 2})",
     "torch.DoubleTensor[2]{0.417022,0.997185} | torch.DoubleTensor[1x2]{-0.430499,-2.28202}" },
   { "return torch.rand(2, 'torch.FloatTensor'), torch.randn(2, 'torch.FloatTensor')",
     "torch.FloatTensor[2]{0.417022,0.997185} | torch.FloatTensor[2]{-0.430499,-2.28202}" },
   { "return torch.Tensor(4):random(5), torch.Tensor(4):random(), torch.Tensor(3):random(1, 3)",
     "torch.DoubleTensor[4]{1,5,5,4} | torch.DoubleTensor[4]{491263,5.5029e+08,1.29851e+09,4.29085e+09} | torch.DoubleTensor[3]{3,1,3}" },
   { "return torch.IntTensor(3):random(7), torch.ByteTensor(4):random(), torch.LongTensor(3):random(), torch.CharTensor(3):random(-2, 2)",
     "torch.IntTensor[3]{1,4,5} | torch.ByteTensor[4]{72,255,137,203} | torch.LongTensor[3]{4.29085e+09,6.30312e+08,1.01399e+09} | torch.CharTensor[3]{1,2,-1}" },
   { "return torch.Tensor(3):uniform(), torch.Tensor(3):uniform(-1, 1), torch.Tensor(3):normal(), torch.Tensor(3):normal(5, 0.1)",
     "torch.DoubleTensor[3]{0.417022,0.997185,0.720324} | torch.DoubleTensor[3]{0.865115,-0.999771,-0.743751} | torch.DoubleTensor[3]{-1.20386,3.52831,0.443387} | torch.DoubleTensor[3]{5.05848,5.08407,5.0551}" },
   { "return torch.FloatTensor(3):normal(), torch.FloatTensor(3):uniform(2, 4)",
     "torch.FloatTensor[3]{-2.97183,1.70695,-0.430499} | torch.FloatTensor[3]{2.00023,2.25625,2.60467}" },
   { "return torch.Tensor(3):exponential(1), torch.Tensor(3):cauchy(0, 1), torch.Tensor(3):logNormal(1, 2), torch.Tensor(3):geometric(0.3)",
     "torch.DoubleTensor[3]{0.539606,5.87272,1.27413} | torch.DoubleTensor[3]{4.64887,-2782.89,-2.34874} | torch.DoubleTensor[3]{0.244699,3154.58,6.59805} | torch.DoubleTensor[3]{1,1,1}" },
   { "return torch.Tensor(4):bernoulli(), torch.Tensor(4):bernoulli(0.9), torch.ByteTensor(4):bernoulli(0.5)",
     "torch.DoubleTensor[4]{1,0,0,0} | torch.DoubleTensor[4]{1,1,1,0} | torch.ByteTensor[4]{1,1,1,1}" },
   { "return torch.Tensor(3):bernoulli(torch.Tensor{0, 1, 0.5}), torch.Tensor(3):bernoulli(torch.FloatTensor{1, 0, 0.5})",
     "torch.DoubleTensor[3]{0,1,0} | torch.DoubleTensor[3]{1,0,1}" },
   { "return torch.multinomial(torch.Tensor{0.1,0.5,0.4}, 5, true), torch.multinomial(torch.Tensor{0.1,0.5,0.4}, 2)",
     "torch.LongTensor[5]{2,3,3,3,1} | torch.LongTensor[2]{2,3}" },
   { "return torch.multinomial(torch.Tensor{{1,0,0},{0,0,1}}, 1), torch.multinomial(torch.Tensor{0, 3, 0, 1}, 2)",
     "torch.LongTensor[2x1]{1,3} | torch.LongTensor[2]{2,4}" },
   { "local r = torch.LongTensor(); local x = torch.DoubleTensor.multinomial(r, torch.Tensor{0, 0, 1}, 2, true); return x, r, x == r",
     "torch.LongTensor[2]{3,3} | torch.LongTensor[2]{3,3} | true" },
   { "local g = torch.Generator(); return torch.initialSeed(g), torch.random(g), torch.random()",
     "5489 | 3.49921e+09 | 1.7911e+09" },
   { "local g = torch.Generator(); torch.manualSeed(g, 42); return torch.random(g), torch.uniform(g), torch.rand(g, 2), torch.Tensor(2):uniform(g), torch.randperm(g, 3), torch.initialSeed(g), torch.random()",
     "1.60864e+09 | 0.796543 | torch.DoubleTensor[2]{0.950714,0.183435} | torch.DoubleTensor[2]{0.731994,0.779691} | torch.DoubleTensor[3]{2,1,3} | 42 | 1.7911e+09" },
   { "local g = torch.Generator(); torch.manualSeed(g, 7); return torch.Tensor(3):random(g, 10), torch.Tensor(2):normal(g, 1, 2), torch.randn(g, 2), torch.multinomial(g, torch.Tensor{1, 1, 1}, 2, true)",
     "torch.DoubleTensor[3]{6,3,2} | torch.DoubleTensor[2]{0.0978053,2.94985} | torch.DoubleTensor[2]{1.5884,-0.218706} | torch.LongTensor[2]{2,3}" },
   { "local s = torch.getRNGState(); local a = torch.rand(3); torch.setRNGState(s); local b = torch.rand(3); return a, b, s:size(1), torch.type(s)",
     "torch.DoubleTensor[3]{0.417022,0.997185,0.720324} | torch.DoubleTensor[3]{0.417022,0.997185,0.720324} | 5048 | torch.ByteTensor" },
   { "local g = torch.Generator(); torch.manualSeed(g, 3); local s = torch.getRNGState(g); local a = torch.uniform(g); torch.setRNGState(g, s); return a, torch.uniform(g)",
     "0.550798 | 0.550798" },
   { "local r = torch.Tensor(); local x = torch.rand(r, 3); return x, r, x == r",
     "torch.DoubleTensor[3]{0.417022,0.997185,0.720324} | torch.DoubleTensor[3]{0.417022,0.997185,0.720324} | true" },
   { "local r = torch.Tensor(); local x = torch.randperm(r, 4); return x, r, x == r",
     "torch.DoubleTensor[4]{2,4,3,1} | torch.DoubleTensor[4]{2,4,3,1} | true" },
   { "return torch.randperm(4, 'torch.LongTensor'), torch.randperm(3, 'torch.FloatTensor')",
     "torch.LongTensor[4]{2,4,3,1} | torch.FloatTensor[3]{3,1,2}" },
   { "torch.manualSeed(123); return torch.rand(5), torch.initialSeed()",
     "torch.DoubleTensor[5]{0.696469,0.712955,0.286139,0.428471,0.226851} | 123" },
   { "torch.manualSeed(2^31 + 5); return torch.random(), torch.initialSeed()",
     "4.09134e+09 | 2.14748e+09" },
   { "torch.manualSeed(0); return torch.uniform(), torch.initialSeed()",
     "0.548814 | 0" },
   { "torch.manualSeed(-1); return torch.random(), torch.initialSeed()",
     "4.19326e+08 | -1" },
   { "local t = torch.Tensor(2, 2); local r = t:uniform(); return r == t, torch.type(r)",
     "true | torch.DoubleTensor" },
   { "return torch.typename(torch.Generator()), tostring(torch.Generator())",
     "torch.Generator | torch.Generator" },
   { "local a = torch.rand(1000); return a:min() >= 0, a:max() < 1, math.abs(a:mean() - 0.5) < 0.05",
     "true | true | true" },
   { "local a = torch.randn(2000); return math.abs(a:mean()) < 0.1, math.abs(a:std() - 1) < 0.1",
     "true | true" },
}

for _, c in ipairs(cases) do
   check.test(c[1], function()
      assert(loadstring(setup))()
      local ok, got = pcall(function() return dump(assert(loadstring(c[1]))()) end)
      check.eq(ok and got or ('error: ' .. tostring(got)), c[2], c[1])
   end)
end

check.run()
