-- Shared by the nn tests whose values were captured from real Torch7 (test_nn_conv, test_nn_pool,
-- test_nn_sparse). nnutil.setup is the Lua chunk every captured case ran after, in Torch7 and here
-- alike (check.golden runs it before each case); it defines the globals
--   det(t, s)          t filled with deterministic values sin(0.7 i + s) in [-1, 1]
--   params(m, s)       m's weight and bias filled by det
--   input(s, ...)      a DoubleTensor of the given sizes, filled by det
--   fb(m, x)           output, gradInput, gradWeight, gradBias of one forward and backward pass
-- nnutil.install() defines them for the rest of a test file.
local nnutil = {}

nnutil.setup = [=[
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

function nnutil.install() assert(loadstring(nnutil.setup))() end

return nnutil
