-- XOR with a two-layer perceptron and a hand-written training loop, as Torch7's nn documentation
-- writes it. Run: th examples/lua/xor.lua
require 'nn'
torch.manualSeed(123)

local mlp = nn.Sequential()
local inputs, outputs, HUs = 2, 1, 20
mlp:add(nn.Linear(inputs, HUs))
mlp:add(nn.Tanh())
mlp:add(nn.Linear(HUs, outputs))
print(mlp)

local criterion = nn.MSECriterion()

local sum = 0
for i = 1, 3000 do
   -- a random point; the class is the sign of x1*x2 (XOR of the signs)
   local input = torch.randn(2)
   local output = torch.Tensor(1)
   if input[1] * input[2] > 0 then output[1] = -1 else output[1] = 1 end

   sum = sum + criterion:forward(mlp:forward(input), output)
   mlp:zeroGradParameters()
   mlp:backward(input, criterion:backward(mlp.output, output))
   mlp:updateParameters(0.01)

   if i % 500 == 0 then
      print(string.format('iteration %4d  mean error %.4f', i, sum / 500))
      sum = 0
   end
end

local correct = 0
for _, p in ipairs({{0.5, 0.5}, {0.5, -0.5}, {-0.5, 0.5}, {-0.5, -0.5}}) do
   local x = torch.Tensor(p)
   local y = mlp:forward(x)[1]
   local want = (p[1] * p[2] > 0) and -1 or 1
   if (y > 0) == (want > 0) then correct = correct + 1 end
   print(string.format('input (%5.2f, %5.2f)  output %6.3f  target %2d', p[1], p[2], y, want))
end
print(string.format('XOR: %d/4 correct', correct))
