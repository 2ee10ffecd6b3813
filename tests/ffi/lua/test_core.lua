-- torch's core: the package, classes and typenames, the default tensor type, Timer, errors, th.
require 'torch'
local check = require 'check'
local ffi = require 'ffi'

check.test('package', function()
   check.eq(type(torch), 'table', 'global torch')
   check.eq(require('torch'), torch, 'require returns the same table')
   check.eq(torch.Tensor, torch.DoubleTensor, 'torch.Tensor is DoubleTensor by default')
   check.eq(torch.getdefaulttensortype(), 'torch.DoubleTensor')
   for _, n in ipairs({ 'Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double' }) do
      check.eq(torch.typename(torch[n .. 'Tensor']()), 'torch.' .. n .. 'Tensor', n .. 'Tensor typename')
      check.eq(torch.typename(torch[n .. 'Storage']()), 'torch.' .. n .. 'Storage', n .. 'Storage typename')
      check.truthy(torch.isTensor(torch[n .. 'Tensor'](2)), 'isTensor ' .. n)
      check.truthy(torch.isStorage(torch[n .. 'Storage'](2)), 'isStorage ' .. n)
      check.eq(torch.isTensor(torch[n .. 'Storage'](2)), false, 'a storage is no tensor')
   end
   check.eq(torch.isTensor(3), false)
   check.eq(torch.isTensor({}), false)
   check.eq(torch.typename(3), nil)
   check.eq(torch.typename({}), nil)
   check.eq(torch.type(3), 'number')
   check.eq(torch.type('x'), 'string')
   check.eq(torch.type(torch.FloatTensor()), 'torch.FloatTensor')
end)

check.test('setdefaulttensortype', function()
   torch.setdefaulttensortype('torch.FloatTensor')
   check.eq(torch.typename(torch.Tensor(2)), 'torch.FloatTensor')
   check.eq(torch.typename(torch.Storage(2)), 'torch.FloatStorage')
   check.eq(torch.getdefaulttensortype(), 'torch.FloatTensor')
   torch.setdefaulttensortype('torch.DoubleTensor')
   check.eq(torch.typename(torch.Tensor(2)), 'torch.DoubleTensor')
   check.errors(function() torch.setdefaulttensortype('torch.NoTensor') end, 'is not a string describing a torch object')
end)

check.test('torch.class', function()
   Ns = {}
   local A = torch.class('Ns.A')
   check.eq(type(Ns.A), 'table', 'constructor table placed in the namespace')
   function A:__init(x) self.x = x end
   function A:get() return self.x end
   local a = Ns.A(3)
   check.eq(a.x, 3, '__init ran')
   check.eq(a:get(), 3, 'method')
   check.eq(torch.typename(a), 'Ns.A')
   check.eq(torch.type(a), 'Ns.A')
   check.eq(getmetatable(a), A, 'instances carry the class metatable')
   check.eq(torch.getmetatable('Ns.A'), A)
   check.eq(getmetatable(Ns.A), A, 'getmetatable(constructor) is the metatable')
   check.eq(tostring(a), 'Ns.A', 'default tostring is the typename')
   local B, parent = torch.class('Ns.B', 'Ns.A')
   check.eq(parent, A, 'parent metatable returned')
   function B:__init(x, y) parent.__init(self, x); self.y = y end
   local b = Ns.B(5, 6)
   check.eq(b:get(), 5, 'inherited method')
   check.eq(b.y, 6)
   check.truthy(torch.isTypeOf(b, 'Ns.A'), 'isTypeOf parent name')
   check.truthy(torch.isTypeOf(b, Ns.A), 'isTypeOf constructor')
   check.truthy(torch.isTypeOf(b, 'Ns.B'))
   check.eq(torch.isTypeOf(a, 'Ns.B'), false)
   check.eq(torch.isTypeOf(b, 'B'), false, 'a plain name must match the whole typename')
   check.truthy(torch.isTypeOf(b, 'Ns%..'), 'a pattern may match a part')
   check.truthy(torch.isTypeOf(torch.Tensor(), 'torch.DoubleTensor'))
   check.errors(function() torch.class('Ns.A') end, 'has been already assigned')
   function A:__tostring__() return 'A(' .. tostring(self.x) .. ')' end
   check.eq(tostring(a), 'A(3)', '__tostring__')
   check.eq(tostring(b), 'A(5)', 'inherited __tostring__')
   -- methods added later through the constructor table
   Ns.A.late = function(self) return 'late' end
   check.eq(b:late(), 'late')
   -- a factory makes an empty instance (for deserialization)
   local f = torch.factory('Ns.B')()
   check.eq(torch.typename(f), 'Ns.B')
   check.eq(f.x, nil)
   local g = torch.setmetatable({ x = 9 }, 'Ns.A')
   check.eq(g:get(), 9, 'torch.setmetatable')
   -- global class, module form
   local C = torch.class('CoreGlobalC')
   check.eq(type(CoreGlobalC), 'table')
   local mod = {}
   torch.class('Mod.D', mod)
   check.eq(type(mod.D), 'table', 'module table form')
   check.errors(function() torch.class(3) end, 'class name')
end)

check.test('tensor classes are extensible and share metatables', function()
   torch.FloatTensor.coreTestMethod = function(self) return self:nElement() * 2 end
   check.eq(torch.FloatTensor(3):coreTestMethod(), 6, 'method added through the class table')
   check.eq(torch.getmetatable('torch.FloatTensor').coreTestMethod ~= nil, true)
   check.eq(torch.getmetatable('torch.FloatTensor'), torch._types.Float.methods)
   torch.FloatTensor.coreTestMethod = nil
end)

check.test('package utilities', function()
   local n = torch.getnumthreads()
   torch.setnumthreads(1)
   check.eq(torch.getnumthreads(), 1, 'setnumthreads')
   torch.setnumthreads(n)
   check.truthy(torch.getnumcores() >= 1)
   check.truthy(torch.packageLuaPath('torch'):match('torch$'), 'packageLuaPath')
   local dir = os.getenv('EMBER_TEST_TMPDIR') or '/tmp'
   local f = assert(io.open(dir .. '/core_included.lua', 'w'))
   f:write('coreIncluded = (coreIncluded or 0) + 1\n')
   f:close()
   local g = assert(io.open(dir .. '/core_includer.lua', 'w'))
   g:write("include('core_included.lua')\n")
   g:close()
   dofile(dir .. '/core_includer.lua')
   check.eq(coreIncluded, 1, 'include() runs a file next to the caller')
   os.remove(dir .. '/core_included.lua'); os.remove(dir .. '/core_includer.lua')
   check.errors(function() torch.setnumthreads('x') end, 'number expected')
end)

check.test('pointer and cdata', function()
   local t = torch.Tensor(2)
   check.truthy(torch.pointer(t) > 0)
   check.eq(torch.pointer(t), torch.pointer(t:cdata()), 'pointer of a tensor is its struct address')
   check.eq(torch.pointer(t:cdata()), tonumber(ffi.cast('intptr_t', t:cdata())))
   check.truthy(ffi.istype('THDoubleTensor *', t:cdata()), 'cdata is a THDoubleTensor*')
   check.eq(torch.pointer(t:storage()), torch.pointer(t:storage():cdata()))
   check.truthy(type(torch.pointer({})) == 'number')
   -- raw C calls accept tensors directly
   local TH = require('torch.libs').TH
   check.eq(tonumber(TH.THDoubleTensor_nElement(t)), 2)
   check.eq(tonumber(TH.THDoubleTensor_nElement(t:cdata())), 2)
end)

check.test('Timer', function()
   local timer = torch.Timer()
   check.eq(torch.typename(timer), 'torch.Timer')
   local x = 0
   for i = 1, 2e6 do x = x + math.sin(i) end
   local t1 = timer:time()
   check.truthy(t1.real > 0 and t1.user >= 0 and t1.sys >= 0, 'time() has real, user, sys')
   timer:stop()
   local frozen = timer:time().real
   for i = 1, 1e6 do x = x + math.sin(i) end
   check.eq(timer:time().real, frozen, 'stopped timer does not advance')
   timer:resume()
   for i = 1, 1e6 do x = x + math.sin(i) end
   check.truthy(timer:time().real > frozen, 'resumed timer advances')
   timer:reset()
   check.truthy(timer:time().real < frozen + 1, 'reset restarts from zero')
   timer:stop(); timer:reset()
   check.eq(timer:time().real, 0, 'reset of a stopped timer reads 0')
end)

check.test('Torch7 housekeeping functions are accepted', function()
   -- GC tuning and per-thread setup in Torch7; nothing to do over the FFI
   check.eq(torch._heaptracking, true, 'on after require, as Torch7')
   check.eq(select('#', torch.setheaptracking(false)), 0, 'setheaptracking returns nothing')
   check.eq(torch._heaptracking, false, 'the flag is recorded (Torch7 test suite reads it)')
   torch.setheaptracking(true)
   check.eq(torch._heaptracking, true)
   check.errors(function() torch.setheaptracking(1) end, 'boolean expected')
   torch.updatethreadlocals()
   torch.updateerrorhandlers()
   check.eq(torch.Tensor(2):fill(3):sum(), 6, 'still working')
end)

check.test('tic/toc, isequal, isatty, table.unpack (Torch7 utilities)', function()
   local t0 = torch.tic()
   check.truthy(math.abs(t0 - os.time()) < 5, 'tic: seconds since the epoch')
   local dt = torch.toc(t0)
   check.truthy(dt >= 0 and dt < 5, 'toc: elapsed seconds')
   check.errors(function() torch.toc() end, 'number expected')
   local a = torch.Tensor(2)
   check.eq(torch.isequal(a, a), true)
   check.eq(torch.isequal(a, torch.Tensor(a)), false, 'another tensor on the same storage')
   check.eq(torch.isequal({}, {}), false)
   local tb = {}
   check.eq(torch.isequal(tb, tb), true)
   check.eq(type(torch.isatty(io.stdout)), 'boolean')
   check.eq(torch.isatty(io.tmpfile()), false)
   check.errors(function() torch.isatty(3) end, 'file expected')
   check.eq({ table.unpack({ 1, 2, 3 }) }, { 1, 2, 3 }, 'table.unpack')
end)

check.test('TH errors become Lua errors and the library keeps working', function()
   local t = torch.Tensor(2, 3)
   check.errors(function() t:narrow(1, 2, 5) end, 'narrow')
   check.errors(function() t:select(3, 1) end, 'select')
   check.errors(function() t:transpose(1, 3) end, 'transpose')
   check.errors(function() torch.Tensor(2):copy(torch.Tensor(3)) end, 'elements')
   check.errors(function() t:resize(-2) end, 'size')
   -- a guarded error leaves no message behind
   local TH = require('torch.libs').TH
   check.truthy(TH.THGetLastError() == nil, 'no stale error')
   t:fill(4)
   check.eq(t[2][3], 4, 'still works')
   check.eq(t:narrow(2, 2, 2):nElement(), 4)
   -- the error message points at the caller
   local ok, err = pcall(function() t:narrow(1, 3, 1) end)
   check.truthy(not ok and err:find('test_core.lua', 1, true), 'error located at the call site: ' .. tostring(err))
end)

check.test('th launcher passes arg', function()
   local th = os.getenv('EMBER_TH')
   if not th then print('(skip: EMBER_TH not set)'); return end
   local dir = os.getenv('EMBER_TEST_TMPDIR') or '/tmp'
   local script = dir .. '/core_arg_script.lua'
   local f = assert(io.open(script, 'w'))
   f:write("print(arg[0]); print(#arg, arg[1], arg[2]); print(torch.typename(torch.Tensor())); print(select('#', ...))\n")
   f:close()
   local p = io.popen(string.format("'%s' '%s' one 'two words' 2>&1", th, script))
   local out = p:read('*a')
   p:close()
   check.eq(out, script .. '\n2\tone\ttwo words\ntorch.DoubleTensor\n2\n', 'arg table and preloaded torch')
   p = io.popen(string.format("'%s' -e 'print(torch.Tensor(2):fill(3)[2] * 2)' 2>&1", th))
   out = p:read('*a')
   p:close()
   check.eq(out, '6\n', 'th -e')
   -- interactive prompt when no script: reads statements from stdin
   p = io.popen(string.format("echo 'print(torch.typename(torch.FloatTensor()))' | '%s' 2>&1", th))
   out = p:read('*a')
   p:close()
   check.truthy(out:find('torch.FloatTensor', 1, true), 'interactive prompt: ' .. out)
   -- a failing script exits non-zero with the message
   f = assert(io.open(script, 'w'))
   f:write("torch.Tensor(2):narrow(1, 5, 1)\n")
   f:close()
   p = io.popen(string.format("'%s' '%s' 2>&1; echo rc=$?", th, script))
   out = p:read('*a')
   p:close()
   check.truthy(out:find('narrow', 1, true) and out:find('rc=1', 1, true), 'error exit: ' .. out)
   os.remove(script)
end)

-- At exit, LuaJIT unloads the libraries it ffi.load-ed; libTH's OpenMP worker threads (still
-- spinning after a parallel loop) then ran unmapped code and the process died with SIGSEGV after
-- the script had finished. libs.lua pins the libraries (RTLD_NODELETE).
check.test('a script that ran parallel loops exits cleanly', function()
   local th = os.getenv('EMBER_TH')
   if not th then print('(skip: EMBER_TH not set)'); return end
   local code = "local t = torch.rand(1000000); for i = 1, 20 do t:add(1) end; print(t:nElement())"
   for run = 1, 5 do
      local p = io.popen(string.format("OMP_NUM_THREADS=2 '%s' -e '%s' 2>&1; echo rc=$?", th, code))
      local out = p:read('*a')
      p:close()
      check.eq(out, '1000000\nrc=0\n', 'run ' .. run .. ': clean exit')
   end
end)

check.run()
