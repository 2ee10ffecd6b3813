-- Round trips through torch.save/torch.load and torch.serialize/torch.deserialize, binary and
-- ascii: numbers, strings, booleans, tables with shared references and cycles, functions, tensors
-- and storages of every type, torch classes (with and without their own write/read).
require 'torch'
local check = require 'check'
local ffi = require 'ffi'

local function addr(x) return tonumber(ffi.cast('intptr_t', ffi.cast('void*', x))) end
local MODES = { 'binary', 'ascii' }
local tmp = os.tmpname()

-- both entry points, each mode
local function roundtrips(obj, fn)
   for _, mode in ipairs(MODES) do
      fn(torch.deserialize(torch.serialize(obj, mode), mode), mode .. ' serialize')
      torch.save(tmp, obj, mode)
      fn(torch.load(tmp, mode), mode .. ' save')
   end
end

check.test('numbers, strings, booleans, nil', function()
   local values = { 0, 1, -1, 0.1, 1 / 3, -3.25, 2 ^ 53, -2 ^ 63, 1e300, 1e-300, 5e-324,
                    math.huge, -math.huge, math.pi }
   local long = string.rep('abc\0\n\255', 20000)
   roundtrips(values, function(o, how)
      check.eq(o, values, how .. ': doubles exact')
   end)
   for _, v in ipairs({ 42, 'hello', '', long, true, false }) do
      roundtrips(v, function(o, how) check.eq(o, v, how .. ': ' .. type(v)) end)
   end
   roundtrips(0 / 0, function(o, how) check.ok(o ~= o, how .. ': NaN') end)
   roundtrips(-0.0, function(o, how) check.eq(1 / o, -math.huge, how .. ': -0') end)
   roundtrips(nil, function(o, how) check.eq(o, nil, how .. ': nil') end)
end)

check.test('tables: nesting, shared references, cycles, keys', function()
   local shared = { 'shared', n = 1 }
   local t = { 1, 2, 'three', a = shared, b = { c = shared, d = { e = shared } }, [2.5] = 'float key',
               [true] = 'true key', [false] = 'false key' }
   t.self = t
   t.b.parent = t
   t[shared] = 'table as key'
   roundtrips(t, function(o, how)
      check.eq({ o[1], o[2], o[3] }, { 1, 2, 'three' }, how .. ': array part')
      check.ok(o.self == o, how .. ': self cycle')
      check.ok(o.b.parent == o, how .. ': cycle through a child')
      check.ok(o.a == o.b.c and o.a == o.b.d.e, how .. ': one shared table')
      check.eq(o.a[1], 'shared', how .. ': shared content')
      check.eq(o[o.a], 'table as key', how .. ': table key is the shared table')
      check.eq(o[2.5], 'float key', how .. ': float key')
      check.eq(o[true], 'true key', how .. ': true key')
      check.eq(o[false], 'false key', how .. ': false key')
   end)
end)

check.test('referenced = false writes shared objects again', function()
   local shared = { 1 }
   for _, mode in ipairs(MODES) do
      torch.save(tmp, { shared, shared }, mode, false)
      local o = torch.load(tmp, mode, false)
      check.eq(o[1], { 1 }, mode .. ': content')
      check.ok(o[1] ~= o[2], mode .. ': two copies')
      torch.save(tmp, { shared, shared }, mode)
      local r = torch.load(tmp, mode)
      check.ok(r[1] == r[2], mode .. ': referenced: one table')
   end
   check.errors(function() torch.save(tmp, 1, 'text') end, 'mode', 'bad save mode')
   check.errors(function() torch.load(tmp, 'text') end, 'mode', 'bad load mode')
end)

check.test('functions and upvalues', function()
   local count = 0
   local base = { 100 }
   local function inc(n) count = count + n; return count end
   local function get() return count + base[1] end
   local o = { inc = inc, get = get, base = base, pure = function(a, b) return a * b + 1 end }
   roundtrips(o, function(r, how)
      check.eq(r.pure(3, 4), 13, how .. ': pure function')
      check.eq(r.get(), 100, how .. ': upvalues restored')
      r.inc(5)
      check.eq(r.get(), 105, how .. ': closures share the upvalue')
      r.base[1] = 0
      check.eq(r.get(), 5, how .. ': an upvalue table is the shared table')
      check.eq(count, 0, how .. ': the original is untouched')
   end)
   local same = { f = inc, g = inc }
   roundtrips(same, function(r, how) check.ok(r.f == r.g, how .. ': one function written once') end)
   check.errors(function() torch.serialize(print) end, 'Unwritable object', 'a C function is not writable')
   check.errors(function() torch.serialize({ a = { b = coroutine.create(print) } }) end,
                'Unwritable object <thread> at <%?>%.a%.b', 'the error names the field')
end)

local VALUES = {
   Byte = { 0, 1, 127, 128, 255 }, Char = { -128, -1, 0, 10, 127 },
   Short = { -32768, -1, 0, 1, 32767 }, Int = { -2147483648, -1, 0, 1, 2147483647 },
   Long = { -2 ^ 53, -1, 0, 2 ^ 40, 2 ^ 53 }, Float = { -1.5, 0.25, 0, 1e-7, 3e38 },
   Double = { 0.1, -1e300, 0, 5e-324, 2 ^ 53 + 2 },
}

check.test('storages of every type', function()
   for _, T in ipairs(torch._typeNames) do
      local s = torch[T .. 'Storage'](VALUES[T])
      roundtrips({ s, torch[T .. 'Storage']() }, function(o, how)
         check.eq(torch.type(o[1]), 'torch.' .. T .. 'Storage', how .. ' ' .. T .. ': type')
         check.eq(o[1]:totable(), s:totable(), how .. ' ' .. T .. ': values')
         if T ~= 'Float' then check.eq(o[1]:totable(), VALUES[T], how .. ' ' .. T .. ': exact values') end
         check.eq(o[2]:size(), 0, how .. ' ' .. T .. ': empty storage')
      end)
   end
end)

check.test('tensors of every type, contiguous or not', function()
   for _, T in ipairs(torch._typeNames) do
      local a = torch[T .. 'Tensor'](3, 4, 2)
      local s = a:storage()
      for i = 1, s:size() do s[i] = (i * 7) % 100 end
      local tr = a:transpose(1, 3)              -- non-contiguous
      local nar = a:narrow(2, 2, 2):select(3, 2) -- offset and strides
      local v = torch[T .. 'Tensor'](VALUES[T])
      local obj = { a = a, tr = tr, nar = nar, empty = torch[T .. 'Tensor'](), v = v }
      roundtrips(obj, function(o, how)
         local tag = how .. ' ' .. T
         check.eq(torch.type(o.a), 'torch.' .. T .. 'Tensor', tag .. ': type')
         check.eq(o.a, a, tag .. ': contiguous values')
         check.eq(o.tr, tr, tag .. ': transposed values')
         check.eq(o.tr:stride():totable(), tr:stride():totable(), tag .. ': strides kept')
         check.eq(o.nar, nar, tag .. ': narrowed/selected values')
         check.eq(o.nar:storageOffset(), nar:storageOffset(), tag .. ': offset kept')
         check.eq(addr(o.a:storage()), addr(o.tr:storage()), tag .. ': views share one storage')
         check.eq(addr(o.a:storage()), addr(o.nar:storage()), tag .. ': all three')
         check.eq(o.empty:dim(), 0, tag .. ': empty tensor')
         check.eq(o.v, v, tag .. ': extreme values')
      end)
   end
   -- two Lua handles on one C tensor are one object
   local t = torch.DoubleTensor(2):fill(3)
   local o = torch.deserialize(torch.serialize({ t, t:storage(), t:storage() }))
   check.eq(addr(o[1]:storage()), addr(o[2]), 'tensor and its storage: one storage')
   check.ok(o[2] == o[3], 'two handles on one storage are one object')
end)

-- torch classes
local Point = torch.class('t7test.Point')
function Point:__init(x, y) self.x, self.y = x, y end
function Point:norm2() return self.x * self.x + self.y * self.y end

local Custom = torch.class('t7test.Custom')
Custom.__version = 3
function Custom:__init(v) self.v = v end
function Custom:write(file) file:writeInt(self.v * 2) end
function Custom:read(file, version) self.v = file:readInt() / 2; self.version = version end

local Sub = torch.class('t7test.Sub', 't7test.Point')

check.test('torch classes', function()
   local p = t7test.Point(3, 4)
   local obj = { p = p, again = p, c = t7test.Custom(21), s = t7test.Sub(1, 2) }
   obj.p.owner = obj
   roundtrips(obj, function(o, how)
      check.eq(torch.type(o.p), 't7test.Point', how .. ': class')
      check.eq(o.p:norm2(), 25, how .. ': methods work')
      check.ok(o.p == o.again, how .. ': shared instance')
      check.ok(o.p.owner == o, how .. ': cycle through an instance')
      check.eq(torch.type(o.c), 't7test.Custom', how .. ': custom class')
      check.eq(o.c.v, 21, how .. ': custom write/read used')
      check.eq(o.c.version, 3, how .. ': read gets the class version')
      check.eq(torch.type(o.s), 't7test.Sub', how .. ': subclass')
      check.eq(o.s:norm2(), 5, how .. ': inherited method')
   end)
   check.eq(torch.version(t7test.Custom(1)), 3, 'torch.version of a versioned class')
   check.eq(torch.version(p), 1, 'torch.version defaults to 1')
   check.eq(torch.version(torch.FloatTensor()), 1, 'torch.version of a tensor')
   check.eq(torch.version({}), nil, 'torch.version of a plain table')
   local bytes = torch.serialize(t7test.Custom(1), 'ascii')
   check.ok(bytes:find('V 3\n', 1, true) ~= nil, 'version string written')
   check.ok(bytes:find('\n2\n', 1, true) ~= nil, 'custom payload written')
end)

-- torch.Generator: Torch7 wrote the THGenerator struct as raw bytes (no count), which is what
-- torch.getRNGState returns; the bytes below are built from that description.
check.test('torch.Generator', function()
   local g = torch.Generator()
   torch.manualSeed(g, 99)
   torch.normal(g) -- leaves a cached normal in the state
   local state = torch.getRNGState(g)
   check.eq(state:nElement(), ffi.sizeof('THGenerator'), 'the state is the whole struct')
   local expect = { binary = nil, ascii = nil }
   do -- binary: int 4 (torch object), int 1 (reference), "V 1", class name, the raw bytes
      local function int(n) return ffi.string(ffi.new('int[1]', n), 4) end
      local function str(x) return int(#x) .. x end
      expect.binary = int(4) .. int(1) .. str('V 1') .. str('torch.Generator')
                      .. ffi.string(state:data(), state:nElement())
      -- ascii: the same, numbers on their own lines; the bytes stay raw, then a newline
      expect.ascii = '4\n1\n3\nV 1\n15\ntorch.Generator\n' .. ffi.string(state:data(), state:nElement()) .. '\n'
   end
   for _, mode in ipairs(MODES) do
      local bytes = torch.serialize(g, mode)
      check.eq(bytes, expect[mode], mode .. ': bytes as Torch7 wrote them')
      local back = torch.deserialize(expect[mode], mode)
      check.eq(torch.typename(back), 'torch.Generator', mode .. ': class')
      check.eq(torch.getRNGState(back), state, mode .. ': same state')
      check.eq(torch.normal(back), torch.normal(torch.deserialize(bytes, mode)), mode .. ': same draws')
   end
   -- the generator goes on where the saved one was
   local a = torch.deserialize(torch.serialize(g))
   check.eq({ torch.uniform(a), torch.normal(a) }, { torch.uniform(g), torch.normal(g) }, 'same stream')
   -- shared references and a save to disk
   roundtrips({ g = g, again = g }, function(o, how)
      check.truthy(rawequal(o.g, o.again), how .. ': shared')
      check.eq(torch.getRNGState(o.g), torch.getRNGState(g), how .. ': state')
   end)
   -- a truncated state is an error, and the library keeps working
   check.errors(function() torch.deserialize(expect.binary:sub(1, -100)) end, 'truncated')
   check.eq(torch.typename(torch.deserialize(expect.binary)), 'torch.Generator', 'works after the error')
end)

check.test('serializeToStorage / deserializeFromStorage', function()
   local s = torch.serializeToStorage({ x = 1 })
   check.eq(torch.type(s), 'torch.CharStorage', 'a CharStorage')
   check.eq(s:string(), torch.serialize({ x = 1 }), 'same bytes as serialize')
   check.eq(torch.deserializeFromStorage(s).x, 1, 'reads back')
end)

os.remove(tmp)
check.run()
