-- torch.libs: finds and loads ember's libTH / libTHNN through the LuaJIT FFI, declares TH's
-- types and functions once (the cdef generated from abi/ by gen_cdef.py), turns guarded mode on,
-- and turns a TH error into a Lua error (libs.check).
local ffi = require 'ffi'

local libs = {}

local SONAME = { TH = 'libTH.so.0', THNN = 'libTHNN.so.0' }
local LEGACY = { TH = 'libTH.so', THNN = 'libTHNN.so' }

-- Directory holding this file (…/share/lua/5.1/torch or lua-compat/torch in a checkout).
local function thisdir()
   local src = debug.getinfo(1, 'S').source
   if src:sub(1, 1) == '@' then
      return (src:sub(2):match('^(.*)/[^/]*$')) or '.'
   end
   return '.'
end

local function exists(path)
   local f = io.open(path, 'rb')
   if f then f:close() return true end
   return false
end

-- Candidate library paths, in search order.
function libs.candidates(name)
   local list = {}
   local env = os.getenv('EMBER_LIB_DIR')
   if env and env ~= '' then
      for dir in env:gmatch('[^:]+') do
         list[#list + 1] = dir .. '/' .. SONAME[name]
         list[#list + 1] = dir .. '/' .. LEGACY[name]
         -- a build tree: <build>/TH/libTH.so.0, <build>/THNN/libTHNN.so.0
         list[#list + 1] = dir .. '/' .. name .. '/' .. SONAME[name]
      end
   end
   -- installed: <prefix>/share/lua/5.1/torch -> <prefix>/lib
   local d = thisdir()
   for _, rel in ipairs({ '/../../../../lib/', '/../../../../lib64/' }) do
      list[#list + 1] = d .. rel .. SONAME[name]
   end
   return list
end

local cache = {}
local cdefDone = false

-- LuaJIT dlcloses an ffi.load-ed library when its clib object is collected (at the latest when the
-- Lua state closes). libTH runs OpenMP loops: its worker threads live on after a parallel loop, and
-- unloading libTH (and with it libgomp) under them crashed the process at exit. A second dlopen
-- with RTLD_NODELETE keeps each library mapped until the process ends.
local RTLD_NOW, RTLD_GLOBAL, RTLD_NODELETE = 0x2, 0x100, 0x1000 -- glibc's values (Linux)
local dlopenDeclared = pcall(ffi.cdef, 'void *dlopen(const char *file, int mode);')
   or pcall(function() return ffi.C.dlopen end)
local function pin(path)
   if not dlopenDeclared or ffi.os ~= 'Linux' then return end
   pcall(function() ffi.C.dlopen(path, RTLD_NOW + RTLD_GLOBAL + RTLD_NODELETE) end)
end

local function declareTH()
   if cdefDone then return end
   local ok, src = pcall(require, 'torch.TH_h')
   if not ok then
      error('torch: cannot load the generated TH declarations (torch/TH_h.lua): ' .. tostring(src)
            .. '\n(build the project, or generate them: see lua-compat/README.md)')
   end
   ffi.cdef(src)
   cdefDone = true
end

-- libs.load('TH' | 'THNN') -> ffi clib (cached)
function libs.load(name)
   if cache[name] then return cache[name] end
   assert(SONAME[name], 'torch.libs.load: unknown library ' .. tostring(name))
   declareTH()
   local lib, errs = nil, {}
   for _, path in ipairs(libs.candidates(name)) do
      if exists(path) then
         local ok, l = pcall(ffi.load, path, true)
         if ok then lib = l; libs.path = libs.path or {}; libs.path[name] = path; break end
         errs[#errs + 1] = l
      end
   end
   if not lib then
      -- the system loader, by SONAME (LD_LIBRARY_PATH, ld.so.cache)
      local ok, l = pcall(ffi.load, SONAME[name], true)
      if ok then lib = l; libs.path = libs.path or {}; libs.path[name] = SONAME[name] else errs[#errs + 1] = l end
   end
   if not lib then
      error('torch: cannot find ' .. SONAME[name] .. ' (set EMBER_LIB_DIR to the directory that holds it)\n'
            .. table.concat(errs, '\n'), 2)
   end
   pin(libs.path and libs.path[name] or SONAME[name])
   if name == 'TH' then lib.THSetGuardedMode(1) end
   cache[name] = lib
   return lib
end

libs.TH = libs.load('TH')
local TH = libs.TH

-- Raise a Lua error carrying TH's message if the last TH/THNN call failed.
-- level: error level (default 3: the caller of the function that called check).
function libs.check(level)
   local msg = TH.THGetLastError()
   if msg ~= nil then
      local s = ffi.string(msg)
      TH.THClearLastError()
      error(s, level or 3)
   end
end

-- libs.call(f, ...) -> f(...) followed by check (error points at the caller's caller).
function libs.call(f, ...)
   local r = f(...)
   libs.check(4)
   return r
end

return libs
