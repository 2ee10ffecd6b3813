-- Writes the oracle_*.t7 fixtures with a REAL Torch7 (torch7 + nn on LuaJIT 2.1), not with
-- lua-compat. Run from this directory under Torch7's runtime:   th make_oracle_fixtures.lua
-- (or luajit with Torch7's LUA_PATH/LUA_CPATH). See README.md.
require 'nn'

local types = { 'Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double' }

-- Every type: a transposed 3x4 view (t[i][j] = (j-1)*4 + i), a narrowed 1-d view of its
-- storage (offset 3, elements 3..7), and a storage with extreme values of the type.
local extremes = {
   Byte = { 0, 1, 255 }, Char = { -128, 0, 127 }, Short = { -32768, 7, 32767 },
   Int = { -2147483648, 7, 2147483647 }, Long = { -2 ^ 40, 7, 2 ^ 50 },
   Float = { 0.1, -2.5, 3e38 }, Double = { 0.1, -1e300, 5e-324 },
}
local mixed = { tensors = {}, views = {}, storages = {} }
for _, T in ipairs(types) do
   local base = torch.range(1, 12):type('torch.' .. T .. 'Tensor'):resize(3, 4)
   mixed.tensors[T] = base:t()
   mixed.views[T] = base:view(12):narrow(1, 3, 5)
   mixed.storages[T] = torch[T .. 'Storage'](extremes[T])
end
mixed.numbers = { 0.1, -0.0, math.huge, -math.huge, 2 ^ 53, 1e-310, -3.25 }
mixed.str = 'bin\0ary\nline'
mixed.empty = ''
mixed.flags = { yes = true, no = false }
local shared = { 'shared' }
mixed.a, mixed.b = shared, { inner = shared, root = mixed }
mixed.self = mixed
mixed.emptyTensor = torch.FloatTensor()

local k = 10
local function add(x) k = k + x; return k end
local function get() return k end
mixed.add, mixed.get = add, get

torch.manualSeed(7)
local model = nn.Sequential():add(nn.Linear(4, 5)):add(nn.Tanh()):add(nn.Linear(5, 2))
local input = torch.randn(3, 4)
local output = model:forward(input):clone()
model:evaluate()
local m = { model = model, input = input, output = output }

for _, mode in ipairs({ 'binary', 'ascii' }) do
   local ext = mode == 'binary' and 'bin' or 'asc'
   torch.save('oracle_mixed.' .. ext .. '.t7', mixed, mode)
   torch.save('oracle_model.' .. ext .. '.t7', m, mode)
end
print('wrote oracle_mixed.{bin,asc}.t7 and oracle_model.{bin,asc}.t7')
