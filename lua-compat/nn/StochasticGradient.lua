-- nn.StochasticGradient: plain SGD over a dataset of {input, target} pairs (dataset:size(), dataset[i]).
local SG = torch.class('nn.StochasticGradient')

function SG:__init(module, criterion)
   self.learningRate = 0.01
   self.learningRateDecay = 0
   self.maxIteration = 25
   self.shuffleIndices = true
   self.verbose = true
   self.module = module
   self.criterion = criterion
end

function SG:train(dataset)
   local iteration = 1
   local lr = self.learningRate
   local module, criterion = self.module, self.criterion
   local n = dataset:size()
   local order = self.shuffleIndices and torch.randperm(n) or nil
   if self.verbose then print('# StochasticGradient: training') end
   while true do
      local currentError = 0
      for t = 1, n do
         local example = dataset[order and order[t] or t]
         local input, target = example[1], example[2]
         currentError = currentError + criterion:forward(module:forward(input), target)
         module:updateGradInput(input, criterion:updateGradInput(module.output, target))
         module:accUpdateGradParameters(input, criterion.gradInput, lr)
         if self.hookExample then self.hookExample(self, example) end
      end
      currentError = currentError / n
      if self.hookIteration then self.hookIteration(self, iteration, currentError) end
      if self.verbose then print('# current error = ' .. currentError) end
      iteration = iteration + 1
      lr = self.learningRate / (1 + iteration * self.learningRateDecay)
      if self.maxIteration > 0 and iteration > self.maxIteration then
         if self.verbose then
            print('# StochasticGradient: you have reached the maximum number of iterations')
            print('# training error = ' .. currentError)
         end
         break
      end
   end
end
