-- XOR trained with nn.StochasticGradient over a dataset table, as Torch7's nn documentation writes
-- it. Run: th examples/lua/xor_sgd.lua
require 'nn'
torch.manualSeed(123)

local dataset = {}
function dataset:size() return 100 end
for i = 1, dataset:size() do
   local input = torch.randn(2)
   local output = torch.Tensor(1)
   if input[1] * input[2] > 0 then output[1] = -1 else output[1] = 1 end
   dataset[i] = {input, output}
end

local mlp = nn.Sequential()
mlp:add(nn.Linear(2, 20))
mlp:add(nn.Tanh())
mlp:add(nn.Linear(20, 1))

local criterion = nn.MSECriterion()
local trainer = nn.StochasticGradient(mlp, criterion)
trainer.learningRate = 0.01
trainer.maxIteration = 30
trainer:train(dataset)

local correct = 0
for _, p in ipairs({{0.5, 0.5}, {0.5, -0.5}, {-0.5, 0.5}, {-0.5, -0.5}}) do
   local y = mlp:forward(torch.Tensor(p))[1]
   local want = (p[1] * p[2] > 0) and -1 or 1
   if (y > 0) == (want > 0) then correct = correct + 1 end
   print(string.format('input (%5.2f, %5.2f)  output %6.3f  target %2d', p[1], p[2], y, want))
end
print(string.format('XOR: %d/4 correct', correct))
