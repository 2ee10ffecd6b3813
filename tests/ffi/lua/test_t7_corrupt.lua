-- Truncated or corrupt .t7 data gives a Lua error (never a crash, never a huge allocation), and
-- the library keeps working afterwards.
require 'torch'
local check = require 'check'

local DATA = 'data/'

local slurp = check.slurp

local FIXTURES = { 'tensor_noncontig', 'storages', 'tables', 'model', 'shared_views', 'oracle_mixed', 'oracle_model' }

-- the start of the last line: an ascii prefix cut inside the last number still parses
local function lastLineStart(s)
   local i = #s - 1
   while i > 0 and s:sub(i, i) ~= '\n' do i = i - 1 end
   return i + 1
end

-- Without nn, model files fail on their class names: register stand-in classes so that the
-- corruption tests reach the tensors inside them.
if package.searchpath('nn', package.path) then
   require 'nn'
else
   for _, name in ipairs({ 'nn.Sequential', 'nn.Linear', 'nn.Tanh' }) do torch.class(name) end
end

check.test('truncations are errors', function()
   for _, name in ipairs(FIXTURES) do
      for ext, mode in pairs({ bin = 'binary', asc = 'ascii' }) do
         local s = slurp(DATA .. name .. '.' .. ext .. '.t7')
         local ok = pcall(torch.deserialize, s, mode)
         check.ok(ok, name .. ' ' .. mode .. ': the whole file loads')
         local limit = mode == 'binary' and #s - 1 or lastLineStart(s) - 1
         local bad = 0
         for n = 0, limit do
            -- every prefix of small files; of larger ones, the first 600, then every 7th, the last 64
            if n < 600 or n % 7 == 0 or n > limit - 64 then
            local okn, err = pcall(torch.deserialize, s:sub(1, n), mode)
            -- ascii cannot tell a number cut short ("4" of "43") from a whole one: a prefix ending
            -- inside a number may load (a reference to an earlier object, say); others may not
            local cutNumber = mode == 'ascii' and s:sub(n, n):match('[%d.eE+-]') and s:sub(n + 1, n + 1):match('[%d.eE+-]')
            if (okn and not cutNumber) or (not okn and type(err) ~= 'string') then bad = bad + 1 end
            end
         end
         check.eq(bad, 0, name .. ' ' .. mode .. ': prefixes that did not raise a Lua error')
      end
   end
end)

check.test('truncated file on disk', function()
   local tmp = os.tmpname()
   local s = slurp(DATA .. 'tensor_noncontig.bin.t7')
   local f = assert(io.open(tmp, 'wb'))
   f:write(s:sub(1, #s - 10))
   f:close()
   check.errors(function() torch.load(tmp) end, 'read error', 'torch.load of a truncated file')
   os.remove(tmp)
end)

check.test('corrupt bytes: errors or objects, never a crash', function()
   local loads, errors = 0, 0
   -- oracle_mixed holds LuaJIT bytecode, which LuaJIT does not verify: not flipped here
   for _, name in ipairs({ 'tensor_noncontig', 'storages', 'tables', 'model', 'shared_views', 'oracle_model' }) do
      for ext, mode in pairs({ bin = 'binary', asc = 'ascii' }) do
         local s = slurp(DATA .. name .. '.' .. ext .. '.t7')
         local step = #s < 1000 and 1 or 3 -- (every byte of small files, every 3rd of larger ones)
         for i = 1, #s, step do
            local b = s:byte(i)
            for _, v in ipairs({ 0, 255, (b + 1) % 256 }) do
               local c = s:sub(1, i - 1) .. string.char(v) .. s:sub(i + 1)
               local ok, err = pcall(torch.deserialize, c, mode)
               if ok then loads = loads + 1 else errors = errors + 1 end
               if not ok and type(err) ~= 'string' then
                  check.ok(false, 'error is not a message: ' .. tostring(err))
               end
            end
         end
      end
   end
   check.ok(errors > 1000, 'most corruptions are detected (' .. errors .. ' errors, ' .. loads .. ' loads)')
end)

check.test('specific corruptions name the problem', function()
   local f = torch.MemoryFile():binary()
   f:writeInt(9)
   check.errors(function() torch.deserialize(f:storage():string():sub(1, 4)) end, 'unknown object',
                'unknown type tag')
   local function build(fn)
      local m = torch.MemoryFile():binary()
      fn(m)
      local st = m:storage()
      return st:string():sub(1, st:size() - 1)
   end
   local function header(m, class)
      m:writeInt(4); m:writeInt(1)
      m:writeInt(3); m:writeChar(torch.CharStorage('V 1'))
      m:writeInt(#class); m:writeChar(torch.CharStorage(class))
   end
   check.errors(function()
      torch.deserialize(build(function(m) header(m, 'torch.NoSuchTensor') end))
   end, 'unknown Torch class <torch.NoSuchTensor>', 'unknown class')
   check.errors(function()
      torch.deserialize(build(function(m) header(m, 'torch.DoubleStorage'); m:writeLong(2 ^ 40) end))
   end, 'corrupt or truncated', 'a huge storage size is refused before allocating')
   check.errors(function()
      torch.deserialize(build(function(m) header(m, 'torch.DoubleStorage'); m:writeLong(-1) end))
   end, 'negative size', 'negative storage size')
   check.errors(function()
      torch.deserialize(build(function(m) m:writeInt(2); m:writeInt(2 ^ 30) end))
   end, 'corrupt or truncated', 'a huge string length')
   check.errors(function()
      torch.deserialize(build(function(m) m:writeInt(2); m:writeInt(-5) end))
   end, 'negative string length', 'negative string length')
   check.errors(function()
      torch.deserialize(build(function(m) header(m, 'torch.DoubleTensor'); m:writeInt(100) end))
   end, '100 dimensions', 'too many dimensions')
   -- a view past the end of its storage
   check.errors(function()
      torch.deserialize(build(function(m)
         header(m, 'torch.DoubleTensor')
         m:writeInt(1); m:writeLong(5); m:writeLong(1); m:writeLong(1)
         m:writeInt(4); m:writeInt(2)
         m:writeInt(3); m:writeChar(torch.CharStorage('V 1'))
         m:writeInt(19); m:writeChar(torch.CharStorage('torch.DoubleStorage'))
         m:writeLong(3); m:writeDouble(torch.DoubleStorage({ 1, 2, 3 }))
      end))
   end, 'does not fit', 'view outside its storage')
   -- a tensor whose storage is of another type
   check.errors(function()
      torch.deserialize(build(function(m)
         header(m, 'torch.DoubleTensor')
         m:writeInt(1); m:writeLong(1); m:writeLong(1); m:writeLong(1)
         m:writeInt(2); m:writeInt(1); m:writeChar(torch.CharStorage('x'))
      end))
   end, 'the storage is a string', 'storage of the wrong kind')
   -- nil table key
   check.errors(function()
      torch.deserialize(build(function(m) m:writeInt(3); m:writeInt(1); m:writeInt(1); m:writeInt(0); m:writeInt(0) end))
   end, 'key is nil', 'nil key')
end)

check.test('the library works after all these errors', function()
   local t = torch.DoubleTensor(3):fill(2)
   local o = torch.deserialize(torch.serialize({ t = t, s = 'ok' }))
   check.eq(o.s, 'ok', 'round trip after errors')
   check.eq(o.t, t, 'tensor after errors')
end)

check.run()
