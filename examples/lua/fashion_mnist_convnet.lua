-- A small convnet on Fashion-MNIST, trained on a few hundred mini-batches with a hand-written SGD
-- loop over getParameters(), then evaluated on test images.
-- Run: th examples/lua/fashion_mnist_convnet.lua [batches] [data dir]
-- The gzip'd IDX files are read through zlib (libz.so.1) with the LuaJIT FFI.
require 'nn'
local ffi = require 'ffi'

local nBatches = tonumber(arg and arg[1]) or 600
local dir = (arg and arg[2]) or os.getenv('FASHION_MNIST_DIR') or '/usr/share/datasets/fashion-mnist'
local batchSize, nTest = 32, 2000
torch.manualSeed(1)

ffi.cdef [[
typedef struct gzFile_s *gzFile;
gzFile gzopen(const char *path, const char *mode);
int gzread(gzFile file, void *buf, unsigned len);
int gzclose(gzFile file);
]]
local zlib = ffi.load('z')
if not pcall(function() return zlib.gzopen end) then zlib = ffi.load('libz.so.1') end

-- Reads an IDX file (big-endian header: magic with the dimension count in its last byte, then one
-- 32-bit size per dimension, then unsigned bytes) into a ByteTensor.
local function readIDX(path)
   local gz = zlib.gzopen(path, 'rb')
   if gz == nil then error('cannot open ' .. path) end
   local function be32()
      local b = ffi.new('uint8_t[4]')
      assert(zlib.gzread(gz, b, 4) == 4, 'truncated IDX header in ' .. path)
      return ((b[0] * 256 + b[1]) * 256 + b[2]) * 256 + b[3]
   end
   local magic = be32()
   assert(math.floor(magic / 256) == 8, path .. ': not an unsigned-byte IDX file')
   local sizes = {}
   for i = 1, magic % 256 do sizes[i] = be32() end
   local t = torch.ByteTensor(torch.LongStorage(sizes))
   local n = t:nElement()
   assert(zlib.gzread(gz, t:data(), n) == n, 'truncated IDX data in ' .. path)
   zlib.gzclose(gz)
   return t
end

local function load(prefix)
   local images = readIDX(dir .. '/' .. prefix .. '-images-idx3-ubyte.gz')
   local labels = readIDX(dir .. '/' .. prefix .. '-labels-idx1-ubyte.gz')
   -- scaled to [0,1], normalised with the training set's mean and std; labels 1-based
   local x = images:float():div(255):add(-0.2860):div(0.3530)
   x = x:view(images:size(1), 1, 28, 28)
   local y = labels:long():add(1)
   return x, y
end

local timer = torch.Timer()
local trainX, trainY = load('train')
local testX, testY = load('t10k')
print(string.format('loaded %d training and %d test images', trainX:size(1), testX:size(1)))

local model = nn.Sequential()
model:add(nn.SpatialConvolution(1, 8, 5, 5))     -- 8 x 24 x 24
model:add(nn.ReLU())
model:add(nn.SpatialMaxPooling(2, 2, 2, 2))      -- 8 x 12 x 12
model:add(nn.SpatialConvolution(8, 16, 5, 5))    -- 16 x 8 x 8
model:add(nn.ReLU())
model:add(nn.SpatialMaxPooling(2, 2, 2, 2))      -- 16 x 4 x 4
model:add(nn.View(16 * 4 * 4))
model:add(nn.Linear(16 * 4 * 4, 10))
model:add(nn.LogSoftMax())
model:float()
print(model)

local criterion = nn.ClassNLLCriterion():float()
local params, grads = model:getParameters()
local velocity = params:clone():zero()
local lr, momentum = 0.02, 0.9

local order = torch.randperm(trainX:size(1)):long()
local inputs = torch.FloatTensor(batchSize, 1, 28, 28)
local targets = torch.LongTensor(batchSize)
local running = 0
for b = 1, nBatches do
   for i = 1, batchSize do
      local k = order[((b - 1) * batchSize + i - 1) % trainX:size(1) + 1]
      inputs[i]:copy(trainX[k])
      targets[i] = trainY[k]
   end
   grads:zero()
   local loss = criterion:forward(model:forward(inputs), targets)
   model:backward(inputs, criterion:backward(model.output, targets))
   velocity:mul(momentum):add(-lr, grads)
   params:add(velocity)
   running = running + loss
   if b % 50 == 0 then
      print(string.format('batch %4d  loss %.4f', b, running / 50))
      running = 0
   end
end

model:evaluate()
local correct = 0
for first = 1, nTest, 500 do
   local n = math.min(500, nTest - first + 1)
   local out = model:forward(testX:narrow(1, first, n))
   local _, pred = out:max(2)
   correct = correct + pred:view(-1):eq(testY:narrow(1, first, n)):sum()
end
print(string.format('test accuracy: %.2f%% (%d/%d) after %d batches of %d, %.1f s',
   100 * correct / nTest, correct, nTest, nBatches, batchSize, timer:time().real))
