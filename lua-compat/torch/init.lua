-- require 'torch': Torch7's torch package on LuaJIT's FFI over ember's libTH.
if rawget(_G, 'torch') and rawget(_G.torch, '_emberLoaded') then return _G.torch end

torch = rawget(_G, 'torch') or {}
torch._emberLoaded = true
torch._VERSION = 'ember lua-compat'

-- Torch7's torch made Lua 5.2's table.unpack available on LuaJIT too (scripts rely on it)
if table.unpack == nil then table.unpack = unpack end

-- Loads a part of the package. `optional` parts may not exist yet (during development): they are
-- skipped when their file is absent, but an error inside an existing file propagates.
local function load(name, optional)
   if optional and not package.searchpath(name, package.path) then return end
   require(name)
end

load('torch.libs')
load('torch.class')
load('torch.Storage')
load('torch.Tensor')
load('torch.TensorMath', true)
load('torch.random', true)
load('torch.print', true)
load('torch.Timer', true)
load('torch.File', true)

-- package utilities of Torch7's torch (each only if no part above defined it)
local libs = require 'torch.libs'
local function define(name, f) if torch[name] == nil then torch[name] = f end end

define('setnumthreads', function(n)
   if type(n) ~= 'number' then error('torch.setnumthreads: number expected', 2) end
   libs.TH.THSetNumThreads(n)
end)
define('getnumthreads', function() return libs.TH.THGetNumThreads() end)
define('getnumcores', function() return libs.TH.THGetNumCores() end)
-- Torch7 used these to manage Lua's GC against TH's heap and its error handlers. Heap tracking
-- (TH asking Lua for a full GC when its heap grew) is not done over the FFI (a callback into Lua
-- from inside a TH call is unsafe under LuaJIT): the flag is only recorded in torch._heaptracking.
define('setheaptracking', function(enabled)
   if type(enabled) ~= 'boolean' then
      error('torch.setheaptracking: boolean expected, got ' .. type(enabled), 2)
   end
   torch._heaptracking = enabled
end)
if torch._heaptracking == nil then torch._heaptracking = true end -- Torch7 turned it on at load
define('updateerrorhandlers', function() end)
define('updatethreadlocals', function() end)

-- torch.isequal(a, b): the same torch object (for tensors and storages: the same C object)
define('isequal', function(a, b)
   if type(a) == 'cdata' and type(b) == 'cdata' then
      if not torch.typename(a) or not torch.typename(b) then return false end
      return torch.pointer(a) == torch.pointer(b)
   elseif type(a) == 'table' and type(b) == 'table' then
      return rawequal(a, b)
   end
   return false
end)
-- torch.isatty(file): whether io.stdin/io.stdout/io.stderr is a terminal (other files: false;
-- LuaJIT gives no portable way to get the FILE* of another Lua file)
pcall(require('ffi').cdef, 'int isatty(int fd);')
define('isatty', function(f)
   if io.type(f) ~= 'file' then error('torch.isatty: file expected', 2) end
   local fd = (f == io.stdin and 0) or (f == io.stdout and 1) or (f == io.stderr and 2)
   if not fd then return false end
   return require('ffi').C.isatty(fd) == 1
end)

-- the directory of an installed Lua package ('nn' -> .../share/lua/5.1/nn)
define('packageLuaPath', function(name)
   local path = package.searchpath(name, package.path)
   if not path then return nil end
   return (path:gsub('/init%.lua$', ''):gsub('/[^/]*%.lua$', ''))
end)
define('include', function(pkg, file)
   dofile(torch.packageLuaPath(pkg) .. '/' .. file)
end)
-- include('file.lua'): runs a file next to the calling file (Torch7's global `include`)
if rawget(_G, 'include') == nil then
   rawset(_G, 'include', function(file, depth)
      local src = debug.getinfo(2 + (depth or 0), 'S').source
      local dir = src:sub(1, 1) == '@' and src:sub(2):match('^(.*)/[^/]*$')
      return dofile(dir and (dir .. '/' .. file) or file)
   end)
end

return torch
