-- nn's shape modules (Select, Squeeze, Unsqueeze, Replicate, Padding, Collapse, Contiguous, Copy,
-- Index, MaskedSelect, PixelShuffle, OneHot, UpSampling): forward and backward values captured
-- from Torch7 running the same calls, gradient checks in Double, Float, bad input.
require 'nn'
local check = require 'check'
torch.manualSeed(12)

check.golden([[
x = torch.Tensor({{0.5, -1, 2, 0.25}, {-0.75, 1.5, -0.2, 1}, {3, -2, 0.125, 4}})
function run(m, input, grad)
   local y = m:forward(input)
   y = torch.isTensor(y) and y:clone() or y
   local gi = m:backward(input, grad or y)
   return y, gi
end
]], {
   {"return run(nn.Select(2, 3), x, torch.Tensor{1, 2, 3})",
    "torch.DoubleTensor[3]{2,-0.2,0.125} | torch.DoubleTensor[3x4]{0,0,1,0,0,0,2,0,0,0,3,0}"},
   {"return run(nn.Select(-1, -2), x, torch.Tensor{1, 2, 3})",
    "torch.DoubleTensor[3]{2,-0.2,0.125} | torch.DoubleTensor[3x4]{0,0,1,0,0,0,2,0,0,0,3,0}"},
   {"return run(nn.Select(1, 2), x, torch.Tensor{1, 2, 3, 4})",
    "torch.DoubleTensor[4]{-0.75,1.5,-0.2,1} | torch.DoubleTensor[3x4]{0,0,0,0,1,2,3,4,0,0,0,0}"},
   {"local y = x:view(3, 1, 4, 1); return run(nn.Squeeze(), y, x)",
    "torch.DoubleTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[3x1x4x1]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local y = x:view(3, 1, 4, 1); return run(nn.Squeeze(2), y, x:view(3, 4, 1))",
    "torch.DoubleTensor[3x4x1]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[3x1x4x1]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local y = x:view(1, 1, 12); return run(nn.Squeeze(nil, 2), y, x:view(1, 12))",
    "torch.DoubleTensor[1x12]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[1x1x12]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local y = x:view(1, 3, 1, 4); return run(nn.Squeeze(2, 3), y, x:view(1, 3, 4))",
    "torch.DoubleTensor[1x3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[1x3x1x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local y, gi = run(nn.Unsqueeze(2), x, x:view(3, 1, 4)); return y:size(), gi",
    " 3\
 1\
 4\
[torch.LongStorage of size 3]\
 | torch.DoubleTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local y, gi = run(nn.Unsqueeze(1, 1), x, x:view(3, 1, 4)); return y:size(), gi",
    " 3\
 1\
 4\
[torch.LongStorage of size 3]\
 | torch.DoubleTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local y, gi = run(nn.Unsqueeze(3), x, x:view(3, 4, 1)); return y:size(), gi",
    " 3\
 4\
 1\
[torch.LongStorage of size 3]\
 | torch.DoubleTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"return run(nn.Replicate(2), x[1], torch.Tensor{{1, 2, 3, 4}, {10, 20, 30, 40}})",
    "torch.DoubleTensor[2x4]{0.5,-1,2,0.25,0.5,-1,2,0.25} | torch.DoubleTensor[4]{11,22,33,44}"},
   {"return run(nn.Replicate(2, 2), x:narrow(1, 1, 2), torch.range(1, 16):view(2, 2, 4))",
    "torch.DoubleTensor[2x2x4]{0.5,-1,2,0.25,0.5,-1,2,0.25,-0.75,1.5,-0.2,1,-0.75,1.5,-0.2,1} | torch.DoubleTensor[2x4]{6,8,10,12,22,24,26,28}"},
   {"return run(nn.Replicate(2, 1, 1), x:narrow(1, 1, 2), torch.range(1, 16):view(2, 2, 4))",
    "torch.DoubleTensor[2x2x4]{0.5,-1,2,0.25,0.5,-1,2,0.25,-0.75,1.5,-0.2,1,-0.75,1.5,-0.2,1} | torch.DoubleTensor[2x4]{6,8,10,12,22,24,26,28}"},
   {"return run(nn.Padding(1, 2), x, torch.range(1, 20):view(5, 4))",
    "torch.DoubleTensor[5x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4,0,0,0,0,0,0,0,0} | torch.DoubleTensor[3x4]{1,2,3,4,5,6,7,8,9,10,11,12}"},
   {"return run(nn.Padding(1, -2), x, torch.range(1, 20):view(5, 4))",
    "torch.DoubleTensor[5x4]{0,0,0,0,0,0,0,0,0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[3x4]{9,10,11,12,13,14,15,16,17,18,19,20}"},
   {"return run(nn.Padding(1, -1, 1, 7), x, torch.range(1, 15):view(3, 5))",
    "torch.DoubleTensor[3x5]{7,0.5,-1,2,0.25,7,-0.75,1.5,-0.2,1,7,3,-2,0.125,4} | torch.DoubleTensor[3x4]{2,3,4,5,7,8,9,10,12,13,14,15}"},
   {"return run(nn.Padding(1, -1, 1, 9, 3), x, torch.range(1, 15):view(3, 5))",
    "torch.DoubleTensor[3x5]{0.5,-1,9,2,0.25,-0.75,1.5,9,-0.2,1,3,-2,9,0.125,4} | torch.DoubleTensor[3x4]{1,2,4,5,6,7,9,10,11,12,14,15}"},
   {"return run(nn.Padding(2, 2, 2, -1, 2), x, torch.range(1, 18):view(3, 6))",
    "torch.DoubleTensor[3x6]{0.5,-1,2,-1,-1,0.25,-0.75,1.5,-0.2,-1,-1,1,3,-2,0.125,-1,-1,4} | torch.DoubleTensor[3x4]{1,2,3,6,7,8,9,12,13,14,15,18}"},
   {"return run(nn.Padding(1, 1, 2, 0, 2), x, torch.range(1, 16):view(4, 4))",
    "torch.DoubleTensor[4x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,0,0,0,0,3,-2,0.125,4} | torch.DoubleTensor[3x4]{1,2,3,4,5,6,7,8,13,14,15,16}"},
   {"local y = torch.range(1, 24):view(2, 3, 4); return run(nn.Collapse(2), y, torch.range(1, 24):view(2, 12))",
    "torch.DoubleTensor[2x12]{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24} | torch.DoubleTensor[2x3x4]{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24}"},
   {"local y = torch.range(1, 24):view(2, 3, 4):transpose(2, 3); return run(nn.Collapse(2), y, torch.range(1, 24):view(2, 12))",
    "torch.DoubleTensor[2x12]{1,5,9,2,6,10,3,7,11,4,8,12,13,17,21,14,18,22,15,19,23,16,20,24} | torch.DoubleTensor[2x4x3]{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24}"},
   {"return run(nn.Collapse(2), x, torch.range(1, 12))",
    "torch.DoubleTensor[12]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[3x4]{1,2,3,4,5,6,7,8,9,10,11,12}"},
   {"local y = x:t(); local m = nn.Contiguous(); local o = m:forward(y); return o:isContiguous(), o, m:backward(y, x:t())",
    "true | torch.DoubleTensor[4x3]{0.5,-0.75,3,-1,1.5,-2,2,-0.2,0.125,0.25,1,4} | torch.DoubleTensor[4x3]{0.5,-0.75,3,-1,1.5,-2,2,-0.2,0.125,0.25,1,4}"},
   {"local m = nn.Copy('torch.DoubleTensor', 'torch.FloatTensor'); local o = m:forward(x); local gi = m:backward(x, o); return o, gi",
    "torch.FloatTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4} | torch.DoubleTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local m = nn.Copy('torch.FloatTensor', 'torch.FloatTensor'); local f = x:float(); local o = m:forward(f); return torch.pointer(o:storage()) == torch.pointer(f:storage())",
    "true"},
   {"local m = nn.Copy('torch.FloatTensor', 'torch.FloatTensor', true); local f = x:float(); local o = m:forward(f); return torch.pointer(o:storage()) == torch.pointer(f:storage()), o",
    "false | torch.FloatTensor[3x4]{0.5,-1,2,0.25,-0.75,1.5,-0.2,1,3,-2,0.125,4}"},
   {"local m = nn.Index(1); local idx = torch.LongTensor{3, 1, 3}; local o = m:forward({x, idx}):clone(); local gi = m:backward({x, idx}, torch.range(1, 12):view(3, 4)); return o, gi[1], gi[2]",
    "torch.DoubleTensor[3x4]{3,-2,0.125,4,0.5,-1,2,0.25,3,-2,0.125,4} | torch.DoubleTensor[3x4]{5,6,7,8,0,0,0,0,10,12,14,16} | torch.DoubleTensor[3]{0,0,0}"},
   {"local m = nn.Index(2); local idx = torch.LongTensor{4, 2}; local o = m:forward({x, idx}):clone(); local gi = m:backward({x, idx}, torch.range(1, 6):view(3, 2)); return o, gi[1], gi[2]",
    "torch.DoubleTensor[3x2]{0.25,-1,1,1.5,4,-2} | torch.DoubleTensor[3x4]{0,2,0,1,0,4,0,3,0,6,0,5} | torch.DoubleTensor[2]{0,0}"},
   {"local m = nn.MaskedSelect(); local mask = torch.gt(x, 0.3); local o = m:forward({x, mask}):clone(); local gi = m:backward({x, mask}, torch.range(1, o:nElement())); return o, gi[1], gi[2]",
    "torch.DoubleTensor[6]{0.5,2,1.5,1,3,4} | torch.DoubleTensor[3x4]{1,0,2,0,0,3,0,4,5,0,0,6} | torch.ByteTensor[3x4]{0,0,0,0,0,0,0,0,0,0,0,0}"},
   {"local m = nn.PixelShuffle(2); local y = torch.range(1, 32):view(1, 8, 2, 2); local o = m:forward(y):clone(); return o, m:backward(y, torch.range(1, 32):view(1, 2, 4, 4))",
    "torch.DoubleTensor[1x2x4x4]{1,5,2,6,9,13,10,14,3,7,4,8,11,15,12,16,17,21,18,22,25,29,26,30,19,23,20,24,27,31,28,32} | torch.DoubleTensor[1x8x2x2]{1,3,9,11,2,4,10,12,5,7,13,15,6,8,14,16,17,19,25,27,18,20,26,28,21,23,29,31,22,24,30,32}"},
   {"local m = nn.PixelShuffle(2); local y = torch.range(1, 16):view(4, 2, 2); local o = m:forward(y):clone(); return o, m:backward(y, o)",
    "torch.DoubleTensor[1x4x4]{1,5,2,6,9,13,10,14,3,7,4,8,11,15,12,16} | torch.DoubleTensor[4x2x2]{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16}"},
   {"local m = nn.OneHot(5); local o = m:forward(torch.LongTensor{2, 5, 1}):clone(); return o, m:backward(torch.LongTensor{2, 5, 1}, o)",
    "torch.DoubleTensor[3x5]{0,1,0,0,0,0,0,0,0,1,1,0,0,0,0} | torch.DoubleTensor[3]{0,0,0}"},
   {"local m = nn.OneHot(4); return m:forward(3):clone(), m:forward(torch.Tensor{{1, 2}, {4, 4}}):clone()",
    "torch.DoubleTensor[4]{0,0,1,0} | torch.DoubleTensor[2x2x4]{1,0,0,0,0,1,0,0,0,0,0,1,0,0,0,1}"},
   {"local m = nn.UpSampling(2); local y = torch.range(1, 8):view(1, 2, 2, 2); local o = m:forward(y):clone(); return o, m:backward(y, torch.range(1, 32):view(1, 2, 4, 4))",
    "torch.DoubleTensor[1x2x4x4]{1,1,2,2,1,1,2,2,3,3,4,4,3,3,4,4,5,5,6,6,5,5,6,6,7,7,8,8,7,7,8,8} | torch.DoubleTensor[1x2x2x2]{14,22,46,54,78,86,110,118}"},
   {"local m = nn.UpSampling({oheight = 3, owidth = 4}, 'bilinear'); local y = torch.range(1, 8):view(1, 2, 2, 2); local o = m:forward(y):clone(); return o, m:backward(y, torch.range(1, 24):view(1, 2, 3, 4))",
    "torch.DoubleTensor[1x2x3x4]{1,1.33333,1.66667,2,2,2.33333,2.66667,3,3,3.33333,3.66667,4,5,5.33333,5.66667,6,6,6.33333,6.66667,7,7,7.33333,7.66667,8} | torch.DoubleTensor[1x2x2x2]{9,14,25,30,45,50,61,66}"},
   {"local m = nn.UpSampling(2, 'linear'); local y = torch.range(1, 8):view(1, 1, 2, 2, 2); local o = m:forward(y):clone(); return o:size(), o:sum(), m:backward(y, torch.ones(1, 1, 4, 4, 4))",
    " 1\
 1\
 4\
 4\
 4\
[torch.LongStorage of size 5]\
 | 288 | torch.DoubleTensor[1x1x2x2x2]{8,8,8,8,8,8,8,8}"},
   {"local m = nn.UpSampling(2); local y = torch.range(1, 8):view(1, 1, 2, 2, 2); local o = m:forward(y):clone(); return o:size(), o:sum(), m:backward(y, torch.ones(1, 1, 4, 4, 4))",
    " 1\
 1\
 4\
 4\
 4\
[torch.LongStorage of size 5]\
 | 288 | torch.DoubleTensor[1x1x2x2x2]{8,8,8,8,8,8,8,8}"},
   {"return tostring(nn.UpSampling(2)), tostring(nn.UpSampling({oheight = 3, owidth = 4}, 'linear')), tostring(nn.UpSampling({odepth = 2, oheight = 3, owidth = 4}, 'trilinear')), tostring(nn.Unsqueeze(2)), tostring(nn.Select(1, 2)), tostring(nn.Padding(1, 2))",
    "nn.UpSampling(2x, nearest) | nn.UpSampling(3x4, linear) | nn.UpSampling(2x3x4, linear) | nn.Unsqueeze(dim 2) | nn.Select | nn.Padding"},
})

local TOL = 1e-6
local function jac(m, x, name)
   check.truthy(nn.Jacobian.testJacobian(m, x) < TOL, name .. ': d/dinput')
end

check.test('gradients', function()
   jac(nn.Select(2, -1), torch.randn(3, 4, 2), 'Select')
   jac(nn.Squeeze(), torch.randn(3, 1, 4), 'Squeeze')
   jac(nn.Unsqueeze(2), torch.randn(3, 4), 'Unsqueeze')
   jac(nn.Replicate(3, 2), torch.randn(2, 4), 'Replicate')
   jac(nn.Padding(1, -2, 2, 1.5, 2), torch.randn(2, 3, 4), 'Padding')
   jac(nn.Padding(2, 3, 2, 0, 2), torch.randn(3, 4), 'Padding after')
   jac(nn.Collapse(2), torch.randn(2, 3, 4), 'Collapse')
   jac(nn.Contiguous(), torch.randn(4, 3), 'Contiguous')
   jac(nn.PixelShuffle(2), torch.randn(2, 8, 3, 2), 'PixelShuffle')
   jac(nn.PixelShuffle(3), torch.randn(9, 2, 2), 'PixelShuffle 3D')
   jac(nn.UpSampling(2), torch.randn(2, 2, 3, 2), 'UpSampling nearest')
   jac(nn.UpSampling({oheight = 5, owidth = 4}, 'bilinear'), torch.randn(1, 2, 3, 2), 'UpSampling bilinear')
   jac(nn.UpSampling(2, 'trilinear'), torch.randn(1, 1, 2, 3, 2), 'UpSampling trilinear')
   local idx = torch.LongTensor({2, 2, 1})
   local ix = nn.Index(1)
   local x = torch.randn(3, 2)
   local g = torch.randn(3, 2)
   ix:forward({x, idx})
   local expect = torch.zeros(3, 2)
   for i = 1, 3 do expect[idx[i]]:add(g[i]) end
   check.near(ix:backward({x, idx}, g)[1], expect, 1e-15, 'Index accumulates repeated rows')
end)

check.test('views share memory', function()
   local x = torch.randn(2, 1, 3)
   local s = nn.Squeeze()
   check.eq(torch.pointer(s:forward(x):storage()), torch.pointer(x:storage()), 'Squeeze output views the input')
   local r = nn.Replicate(4)
   local y = r:forward(x)
   check.eq(y:stride(1), 0, 'Replicate uses stride 0')
   check.eq(#y:size(), 4, 'Replicate adds a dimension')
   local c = nn.Contiguous()
   check.eq(torch.pointer(c:forward(x):storage()), torch.pointer(x:storage()), 'Contiguous keeps a contiguous input')
   check.eq(torch.pointer(nn.Squeeze():forward(torch.ones(1, 1)):storage()) ~= nil, true, 'squeeze of all ones')
   check.eq(nn.Squeeze():forward(torch.ones(1, 1)):dim(), 1, 'one dimension is left')
end)

check.test('Float and type conversion', function()
   local x = torch.randn(2, 8, 2, 2)
   for _, m in ipairs({nn.PixelShuffle(2), nn.UpSampling(2), nn.Padding(2, 1), nn.Select(2, 3),
                       nn.Replicate(2), nn.Collapse(3), nn.Unsqueeze(1)}) do
      local yd = m:forward(x):clone()
      local gd = m:backward(x, yd):clone()
      m:float()
      local yf = m:forward(x:float())
      check.eq(torch.type(yf), 'torch.FloatTensor', torch.typename(m) .. ' float output')
      check.near(yf:double(), yd, 1e-6, torch.typename(m) .. ' float forward')
      check.near(m:backward(x:float(), yd:float()):double(), gd, 1e-6, torch.typename(m) .. ' float backward')
   end
   local ms = nn.MaskedSelect():float()
   local xf = torch.FloatTensor({1, -2, 3})
   local o = ms:forward({xf, torch.gt(xf, 0)})
   check.near(o, torch.FloatTensor({1, 3}), 0, 'MaskedSelect Float')
   check.near(ms:backward({xf, torch.gt(xf, 0)}, torch.FloatTensor({5, 6}))[1], torch.FloatTensor({5, 0, 6}), 0,
      'MaskedSelect Float backward')
   local cp = nn.Copy('torch.DoubleTensor', 'torch.FloatTensor', false, true)
   cp:double()
   check.eq(torch.type(cp.output), 'torch.FloatTensor', 'Copy with dontCast keeps its types')
   local oh = nn.OneHot(3):float()
   check.eq(torch.type(oh:forward(torch.LongTensor({1}))), 'torch.FloatTensor', 'OneHot output follows the module type')
end)

check.test('saved and loaded', function()
   local m = nn.Sequential():add(nn.Padding(1, 2, 1, -1)):add(nn.Unsqueeze(1, 1)):add(nn.Replicate(2, 1, 2))
      :add(nn.Collapse(3)):add(nn.Select(2, 1))
   local x = torch.randn(3, 4)
   local y = m:forward(x):clone()
   local m2 = torch.deserialize(torch.serialize(m))
   check.near(m2:forward(x), y, 0, 'same output after a round trip')
   check.eq(torch.type(m2:get(1).outputSize), 'torch.LongStorage', 'Padding.outputSize kept')
end)

check.test('bad input', function()
   check.errors(function() nn.UpSampling(2):forward(torch.randn(2, 3)) end, 'only supports 4D or 5D')
   check.errors(function() nn.UpSampling(1.5) end, 'must be integer')
   check.errors(function() nn.UpSampling({oheight = 2, owidth = 2}) end, 'requires a scale_factor')
   check.errors(function() nn.Unsqueeze(5):forward(torch.randn(2, 3)) end, 'Invalid position')
   check.errors(function() nn.Unsqueeze() end, 'position')
   check.errors(function() nn.Replicate(2, 4):forward(torch.randn(2)) end, 'Not enough input dimensions')
   check.errors(function() nn.Index(1):forward({torch.randn(3, 2), torch.LongTensor({4})}) end, 'out of range')
   check.errors(function() nn.MaskedSelect():forward({torch.randn(3), torch.ByteTensor(4):fill(1)}) end, '')
   check.errors(function() nn.PixelShuffle(2):forward(torch.randn(1, 3, 2, 2)) end, '')
   check.errors(function() nn.Squeeze():forward({}) end, 'Squeeze only works on tensors')
   check.near(nn.Index(1):forward({torch.Tensor({{1, 2}, {3, 4}}), torch.LongTensor({2})}), torch.Tensor({{3, 4}}), 0,
      'works after the errors')
end)

check.run()
