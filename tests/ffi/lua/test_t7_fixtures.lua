-- .t7 files written byte by byte from docs/t7-format.md (data/gen_t7.py) and by a real Torch7
-- (data/make_oracle_fixtures.lua) load into lua-compat; what lua-compat writes is byte-identical
-- to the hand-written files where pair order is fixed.
require 'torch'
local check = require 'check'
local ffi = require 'ffi'

-- the address of a tensor's or storage's C struct (handles may be pointers or references)
local function addr(x) return tonumber(ffi.cast('intptr_t', ffi.cast('void*', x))) end

local DATA = 'data/'
local MODES = { bin = 'binary', asc = 'ascii' }

local slurp = check.slurp

local function st(s) return s:totable() end

-- storage[i] = i + i/8 (i = 1..12); a 2x3 view with strides (1, 4) starting at element 3
local function noncontigValue(r, c) local i = 3 + (r - 1) + 4 * (c - 1); return i + i / 8 end

local function checkNoncontig(t, tag)
   check.eq(torch.type(t), 'torch.DoubleTensor', tag .. ' type')
   check.eq(t:dim(), 2, tag .. ' dim')
   check.eq(st(t:size()), { 2, 3 }, tag .. ' size')
   check.eq(st(t:stride()), { 1, 4 }, tag .. ' stride')
   check.eq(t:storageOffset(), 3, tag .. ' storageOffset')
   check.eq(t:isContiguous(), false, tag .. ' not contiguous')
   check.eq(t:storage():size(), 12, tag .. ' whole storage kept')
   for r = 1, 2 do
      for c = 1, 3 do check.eq(t[r][c], noncontigValue(r, c), tag .. ' t[' .. r .. '][' .. c .. ']') end
   end
end

for ext, mode in pairs(MODES) do
   check.test('tensor_noncontig ' .. mode, function()
      checkNoncontig(torch.load(DATA .. 'tensor_noncontig.' .. ext .. '.t7', mode), mode)
   end)

   check.test('storages ' .. mode, function()
      local o = torch.load(DATA .. 'storages.' .. ext .. '.t7', mode)
      check.eq(torch.type(o.byte), 'torch.ByteStorage', 'byte type')
      check.eq(st(o.byte), { 0, 1, 127, 128, 255 }, 'byte values')
      check.eq(torch.type(o.char), 'torch.CharStorage', 'char type')
      check.eq(o.char:string(), 'a\nb\0c', 'char values (raw bytes, newline and NUL kept)')
      check.eq(st(o.short), { -32768, -1, 0, 32767 }, 'short values')
      check.eq(st(o.int), { -2147483648, -7, 2147483647 }, 'int values')
      check.eq(st(o.long), { -2 ^ 40, 3, 2 ^ 50 }, 'long values')
      check.eq(torch.type(o.float), 'torch.FloatStorage', 'float type')
      check.near(o.float[1], 0.1, 1e-8, 'float 0.1')
      check.eq(o.float[2], -2.5, 'float -2.5')
      check.near(o.float[3], 3e38, 1e31, 'float 3e38')
      check.eq(st(o.double), { 0.1, -1e300, 2 ^ 53, 5e-324 }, 'double values exact')
      check.eq(o.empty:size(), 0, 'empty storage')
      check.eq(torch.type(o.empty), 'torch.FloatStorage', 'empty storage type')
   end)

   check.test('tables ' .. mode, function()
      local o = torch.load(DATA .. 'tables.' .. ext .. '.t7', mode)
      check.eq(o[1], 10, 'array part 1')
      check.eq(o[2], 'x', 'array part 2')
      check.ok(o.self == o, 'cycle: root.self is root')
      check.ok(o.nested.up == o, 'cycle through a child')
      check.ok(o.shared == o.nested.inner, 'shared reference is one table')
      check.ok(o.nested.list[1] == o.shared, 'shared reference deep inside')
      check.eq(o.shared[1], 'one', 'shared content')
      check.eq(o.nested.list[2], 1.5, 'list value')
      check.eq(o[o.shared], 'table key', 'a table as key, shared with a value')
      check.eq(o[true], 'yes', 'boolean key')
      check.eq(o.f, false, 'false value')
      check.eq(o.n, -3.25, 'number value')
   end)

   check.test('shared_views ' .. mode, function()
      local o = torch.load(DATA .. 'shared_views.' .. ext .. '.t7', mode)
      check.ok(o[1] == o[3], 'a tensor written twice is one object')
      check.eq(addr(o[1]:storage()), addr(o[2]:storage()), 'views share one storage')
      check.eq(st(o[2]:stride()), { 1, 2 }, 'transposed view strides')
      check.eq(o[2][1][2], 3, 'transposed view value')
      check.eq(o[4]:storageOffset(), 2, 'offset view')
      check.eq(o[4]:totable(), { 2, 3, 4 }, 'offset view values')
      o[1][1][1] = 42
      check.eq(o[2][1][1], 42, 'a write through one view shows in the other')
      check.eq(o[4]:storage()[1], 42, 'and in the third')
   end)

   -- Without nn the classes are unknown: the error names them. With nn, the model runs.
   check.test('model ' .. mode, function()
      local path = DATA .. 'model.' .. ext .. '.t7'
      if not package.searchpath('nn', package.path) then
         check.errors(function() torch.load(path, mode) end, 'unknown Torch class <nn.Sequential>',
                      'nn classes unknown without nn')
         print('SKIP model forward (' .. mode .. '): lua-compat/nn is not there yet')
         return
      end
      require 'nn'
      local m = torch.load(path, mode)
      check.eq(torch.type(m), 'nn.Sequential', 'model class')
      check.eq(#m.modules, 3, 'three modules')
      check.eq(torch.type(m.modules[1]), 'nn.Linear', 'Linear restored')
      check.eq(torch.type(m.modules[2]), 'nn.Tanh', 'Tanh restored')
      check.eq(m.train, true, 'train field')
      -- by hand: h = tanh(W1 x + b1), y = W2 h + b2, with the parameters of gen_t7.py
      local W1 = { { 0.1, -0.2 }, { 0.3, 0.4 }, { -0.5, 0.6 } }
      local B1 = { 0.01, -0.02, 0.03 }
      local W2 = { 0.7, -0.8, 0.9 }
      local x = { 1, 2 }
      local y = -0.1
      for i = 1, 3 do
         y = y + W2[i] * math.tanh(W1[i][1] * x[1] + W1[i][2] * x[2] + B1[i])
      end
      local out = m:forward(torch.DoubleTensor({ 1, 2 }))
      check.eq(out:nElement(), 1, 'one output')
      check.near(out[1], y, 1e-12, 'forward equals the hand computation')
   end)
end

check.test('b32 (4-byte longs)', function()
   checkNoncontig(torch.load(DATA .. 'tensor_noncontig.b32.t7', 'b32'), 'b32')
end)

check.test('legacy files without class versions', function()
   local o = torch.load(DATA .. 'legacy_noversion.bin.t7')
   checkNoncontig(o[1], 'legacy')
   check.eq(st(o[2].short), { -32768, -1, 0, 32767 }, 'legacy storage')
end)

-- Function tags 6 (unreferenced) and 7 (referenced) of older files: upvalues as a plain list.
check.test('legacy function tags', function()
   local k = 5
   local function f(x) return x * k end
   local code = string.dump(f)
   for _, mode in ipairs({ 'binary', 'ascii' }) do
      local m = torch.MemoryFile()[mode](torch.MemoryFile())
      m:writeInt(3); m:writeInt(1); m:writeInt(2)          -- a table of two pairs
      m:writeInt(1); m:writeDouble(1)                      -- [1] =
      m:writeInt(6); m:writeInt(#code); m:writeChar(torch.CharStorage(code))
      m:writeInt(3); m:writeInt(2); m:writeInt(1); m:writeInt(1); m:writeDouble(1); m:writeInt(1); m:writeDouble(7) -- upvalues {7}
      m:writeInt(1); m:writeDouble(2)                      -- [2] =
      m:writeInt(7); m:writeInt(3); m:writeInt(#code); m:writeChar(torch.CharStorage(code))
      m:writeInt(3); m:writeInt(4); m:writeInt(1); m:writeInt(1); m:writeDouble(1); m:writeInt(1); m:writeDouble(11)
      local st = m:storage()
      local o = torch.deserialize(st:string():sub(1, st:size() - 1), mode)
      check.eq(o[1](2), 14, mode .. ': tag 6 function with its upvalue')
      check.eq(o[2](2), 22, mode .. ': tag 7 function with its upvalue')
      check.eq(f(2), 10, mode .. ': the original is untouched')
   end
end)

-- What we write is what the format description says, byte for byte.
check.test('writer is byte-identical to the hand-written files', function()
   local s = torch.DoubleStorage(12)
   for i = 1, 12 do s[i] = i + i / 8 end
   local t = torch.DoubleTensor(s, 3, torch.LongStorage({ 2, 3 }), torch.LongStorage({ 1, 4 }))
   checkNoncontig(t, 'constructed')
   for ext, mode in pairs(MODES) do
      check.eq(torch.serialize(t, mode), slurp(DATA .. 'tensor_noncontig.' .. ext .. '.t7'),
               'tensor_noncontig ' .. mode .. ' bytes')
   end
   local fs = torch.FloatStorage({ 1, 2, 3, 4 })
   local a = torch.FloatTensor(fs, 1, torch.LongStorage({ 2, 2 }), torch.LongStorage({ 2, 1 }))
   local b = torch.FloatTensor(fs, 1, torch.LongStorage({ 2, 2 }), torch.LongStorage({ 1, 2 }))
   local c = torch.FloatTensor(fs, 2, torch.LongStorage({ 3 }), torch.LongStorage({ 1 }))
   for ext, mode in pairs(MODES) do
      check.eq(torch.serialize({ a, b, a, c }, mode), slurp(DATA .. 'shared_views.' .. ext .. '.t7'),
               'shared_views ' .. mode .. ' bytes')
   end
end)

-- Written by a real Torch7 (see data/README.md).
for ext, mode in pairs(MODES) do
   check.test('oracle_mixed ' .. mode, function()
      local o = torch.load(DATA .. 'oracle_mixed.' .. ext .. '.t7', mode)
      check.ok(o.self == o and o.b.root == o, 'cycles')
      check.ok(o.a == o.b.inner, 'shared table')
      check.eq(o.str, 'bin\0ary\nline', 'binary string')
      check.eq(o.empty, '', 'empty string')
      check.eq(o.flags, { yes = true, no = false }, 'booleans')
      local n = o.numbers
      check.eq({ n[1], n[3], n[4], n[5], n[6], n[7] }, { 0.1, math.huge, -math.huge, 2 ^ 53, 1e-310, -3.25 }, 'numbers')
      check.eq(1 / n[2], -math.huge, 'negative zero')
      local extremes = {
         Byte = { 0, 1, 255 }, Char = { -128, 0, 127 }, Short = { -32768, 7, 32767 },
         Int = { -2147483648, 7, 2147483647 }, Long = { -2 ^ 40, 7, 2 ^ 50 },
         Double = { 0.1, -1e300, 5e-324 },
      }
      for _, T in ipairs(torch._typeNames) do
         local t, v = o.tensors[T], o.views[T]
         check.eq(torch.type(t), 'torch.' .. T .. 'Tensor', T .. ' tensor type')
         check.eq(st(t:stride()), { 1, 4 }, T .. ' transposed strides')
         for i = 1, 4 do
            for j = 1, 3 do check.eq(t[i][j], (j - 1) * 4 + i, T .. ' value') end
         end
         check.eq(addr(v:storage()), addr(t:storage()), T .. ' view shares the storage')
         check.eq(v:storageOffset(), 3, T .. ' view offset')
         check.eq(v:totable(), { 3, 4, 5, 6, 7 }, T .. ' view values')
         if extremes[T] then check.eq(st(o.storages[T]), extremes[T], T .. ' storage extremes') end
      end
      check.near(o.storages.Float[1], 0.1, 1e-8, 'float storage')
      check.eq(o.emptyTensor:dim(), 0, 'empty tensor')
      check.eq(torch.type(o.emptyTensor), 'torch.FloatTensor', 'empty tensor type')
      -- closures sharing an upvalue keep sharing it
      check.eq(o.get(), 10, 'upvalue value')
      check.eq(o.add(5), 15, 'closure runs')
      check.eq(o.get(), 15, 'the other closure sees the shared upvalue')
   end)

   check.test('oracle_model ' .. mode, function()
      local path = DATA .. 'oracle_model.' .. ext .. '.t7'
      if not package.searchpath('nn', package.path) then
         check.errors(function() torch.load(path, mode) end, 'unknown Torch class', 'needs nn')
         print('SKIP oracle model forward (' .. mode .. '): lua-compat/nn is not there yet')
         return
      end
      require 'nn'
      local o = torch.load(path, mode)
      check.eq(torch.type(o.model), 'nn.Sequential', 'model class')
      check.eq(o.model.train, false, 'saved in evaluation mode')
      check.near(o.model:forward(o.input), o.output, 1e-12, 'forward equals what Torch7 computed')
   end)
end

check.run()
