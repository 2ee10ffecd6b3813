-- torch.File (abstract), torch.DiskFile and torch.MemoryFile: Torch7's file objects, over libTH's
-- THFile API through the FFI. A file object is a Lua table holding the THFile* (freed when the
-- object is collected); every call into TH is followed by a check that turns TH's error into a
-- Lua error. Object serialization (writeObject/readObject, torch.save/load, ...) is in
-- torch/serialize.lua, loaded at the end.
local ffi = require 'ffi'
local libs = require 'torch.libs'
local torch = torch
local TH = libs.TH

-- Raises TH's error, if the last call failed, at the caller of the method that called it.
local check = libs.check
-- (constructors run under the class's __call: their caller is one level further up)
local CTOR_LEVEL = 4

-- The THFile* of a file object (an error for anything else, or a freed file).
local function handle(self)
   local f = type(self) == 'table' and rawget(self, '_thfile')
   if f == nil then error('torch.File expected', 3) end
   return f
end

local function freeFile(f) TH.THFile_free(f) end

local function newFileMeta(name, parent, ctor)
   return torch.newmetatable(name, parent, ctor, nil, nil)
end

local File = newFileMeta('torch.File', nil, function()
   error('torch.File is abstract: use torch.DiskFile or torch.MemoryFile', 2)
end)

-- Wraps a new THFile* into an object of class mt.
local function wrap(ptr, mt)
   return setmetatable({ _thfile = ffi.gc(ptr, freeFile) }, mt)
end

----------------------------------------------------------------------------------------------------
-- flags
for _, name in ipairs({ 'isQuiet', 'isReadable', 'isWritable', 'isBinary', 'isAutoSpacing',
                        'hasError', 'isOpened' }) do
   local f = TH['THFile_' .. name]
   File[name] = function(self)
      local r = f(handle(self))
      check()
      return r ~= 0
   end
end

-- setters returning the file (so that file:binary():writeObject(x) chains)
for _, name in ipairs({ 'binary', 'ascii', 'autoSpacing', 'noAutoSpacing', 'quiet', 'pedantic',
                        'clearError', 'synchronize', 'seekEnd', 'close' }) do
   local f = TH['THFile_' .. name]
   File[name] = function(self)
      f(handle(self))
      check()
      return self
   end
end

-- positions are 1-based in Lua
function File:seek(pos)
   if type(pos) ~= 'number' or pos < 1 or pos ~= math.floor(pos) then
      error('seek: position has to be an integer greater than 0', 2)
   end
   TH.THFile_seek(handle(self), pos - 1)
   check()
   return self
end

function File:position()
   local p = TH.THFile_position(handle(self))
   check()
   return tonumber(p) + 1
end

----------------------------------------------------------------------------------------------------
-- read<T> / write<T>: readInt() -> number, readInt(n) -> IntStorage of what was read,
-- readInt(storage) -> count read into it; writeInt(number), writeInt(storage) -> count written.
for _, tname in ipairs(torch._typeNames) do
   local T = torch._types[tname]
   local readScalar, writeScalar = TH['THFile_read' .. tname .. 'Scalar'], TH['THFile_write' .. tname .. 'Scalar']
   local readStorage, writeStorage = TH['THFile_read' .. tname], TH['THFile_write' .. tname]
   local isStorage = function(x)
      local XT, kind = torch._typeOf(x)
      return XT == T and kind == 'storage'
   end

   File['read' .. tname] = function(self, arg)
      local f = handle(self)
      if arg == nil then
         local v = readScalar(f)
         check()
         return tonumber(v)
      elseif type(arg) == 'number' then
         if arg < 0 or arg ~= math.floor(arg) then
            error('read' .. tname .. ': invalid number of elements ' .. arg, 2)
         end
         self:_checkRoom(arg, 1, 'read' .. tname)
         local s = T.newStorage(arg)
         local n = readStorage(f, s)
         check()
         if tonumber(n) ~= arg then s:resize(tonumber(n)) end
         return s
      elseif isStorage(arg) then
         local n = readStorage(f, arg)
         check()
         return tonumber(n)
      end
      error('read' .. tname .. ': nothing, number, or ' .. T.storage .. ' expected', 2)
   end

   File['write' .. tname] = function(self, arg)
      local f = handle(self)
      if type(arg) == 'number' then
         writeScalar(f, arg)
         check()
         return
      elseif isStorage(arg) then
         local n = writeStorage(f, arg)
         check()
         return tonumber(n)
      end
      error('write' .. tname .. ': number, or ' .. T.storage .. ' expected', 2)
   end
end

-- readString('*a') reads the rest of the file, readString('*l') the next line.
function File:readString(format)
   if type(format) ~= 'string' then error('readString: format string expected ("*a" or "*l")', 2) end
   local out = ffi.new('char*[1]')
   local n = TH.THFile_readStringRaw(handle(self), format, out)
   check()
   if out[0] == nil then return '' end
   local s = ffi.string(out[0], n)
   TH.THFree(out[0])
   return s
end

function File:writeString(str)
   if type(str) ~= 'string' then error('writeString: string expected', 2) end
   local n = TH.THFile_writeStringRaw(handle(self), str, #str)
   check()
   return tonumber(n)
end

function File:writeBool(value)
   self:writeInt(value and 1 or 0)
end

function File:readBool()
   return self:readInt() == 1
end

-- Internal: raises an error if fewer than n * minBytes bytes are left to read (a corrupt count
-- must not make us allocate gigabytes). Only checked when the size of the file can be told.
function File:_remaining()
   local f = handle(self)
   local kind = rawget(self, '_kind')
   if kind == 'memory' then
      local s = TH.THMemoryFile_storage(f)
      if TH.THGetLastError() ~= nil then TH.THClearLastError(); return nil end
      local pos = TH.THFile_position(f)
      return tonumber(s._size) - 1 - tonumber(pos)
   elseif kind == 'disk' then
      local pos = TH.THFile_position(f)
      if TH.THGetLastError() ~= nil then TH.THClearLastError(); return nil end
      TH.THFile_seekEnd(f)
      local size = TH.THFile_position(f)
      TH.THFile_seek(f, pos)
      if TH.THGetLastError() ~= nil then TH.THClearLastError(); return nil end
      return tonumber(size) - tonumber(pos)
   end
   return nil
end

function File:_checkRoom(n, minBytes, what)
   if n * minBytes <= 4096 then return end
   local left = self:_remaining()
   if left and n * minBytes > left then
      error(string.format('%s: corrupt or truncated file: %.0f elements announced, %d bytes left',
                          what, n, left), 3)
   end
end

----------------------------------------------------------------------------------------------------
-- torch.DiskFile(path [, mode = 'r' [, quiet = false]]); a quiet file that cannot be opened is nil.
local DiskFile
DiskFile = newFileMeta('torch.DiskFile', 'torch.File', function(path, mode, quiet)
   if type(path) ~= 'string' then error('torch.DiskFile: file name (string) expected', 2) end
   mode = mode or 'r'
   if type(mode) ~= 'string' then error('torch.DiskFile: mode (string) expected', 2) end
   local f = TH.THDiskFile_new(path, mode, quiet and 1 or 0)
   check(CTOR_LEVEL)
   if f == nil then return nil end
   local self = wrap(f, DiskFile)
   self._kind = 'disk'
   return self
end)

function DiskFile.isLittleEndianCPU() return TH.THDiskFile_isLittleEndianCPU() ~= 0 end
function DiskFile.isBigEndianCPU() return TH.THDiskFile_isLittleEndianCPU() == 0 end

for _, name in ipairs({ 'nativeEndianEncoding', 'littleEndianEncoding', 'bigEndianEncoding', 'noBuffer' }) do
   local f = TH['THDiskFile_' .. name]
   DiskFile[name] = function(self)
      f(handle(self))
      check()
      return self
   end
end

function DiskFile:longSize(n)
   TH.THDiskFile_longSize(handle(self), n or 0)
   check()
   return self
end

function DiskFile:name()
   local s = TH.THDiskFile_name(handle(self))
   check()
   return s ~= nil and ffi.string(s) or nil
end

function DiskFile:__tostring__()
   local f = handle(self)
   return string.format('torch.DiskFile on <%s> [status: %s -- mode %s%s]', self:name(),
                        TH.THFile_isOpened(f) ~= 0 and 'open' or 'closed',
                        TH.THFile_isReadable(f) ~= 0 and 'r' or ' ',
                        TH.THFile_isWritable(f) ~= 0 and 'w' or ' ')
end

----------------------------------------------------------------------------------------------------
-- torch.PipeFile(command [, mode = 'r' [, quiet = false]]): a DiskFile on a pipe from (mode 'r')
-- or to (mode 'w') a shell command; it cannot seek or tell its position.
local PipeFile
PipeFile = newFileMeta('torch.PipeFile', 'torch.DiskFile', function(command, mode, quiet)
   if type(command) ~= 'string' then error('torch.PipeFile: command (string) expected', 2) end
   mode = mode or 'r'
   if type(mode) ~= 'string' then error('torch.PipeFile: mode (string) expected', 2) end
   local f = TH.THPipeFile_new(command, mode, quiet and 1 or 0)
   check(CTOR_LEVEL)
   if f == nil then return nil end
   local self = wrap(f, PipeFile)
   self._kind = 'pipe'
   return self
end)

----------------------------------------------------------------------------------------------------
-- torch.MemoryFile([mode = 'rw']) or torch.MemoryFile(charStorage [, mode = 'rw']): the storage
-- holds the contents followed by a NUL byte (as Torch7's).
local MemoryFile
local CharT = torch._types.Char
MemoryFile = newFileMeta('torch.MemoryFile', 'torch.File', function(a, b)
   local f
   local AT, akind = torch._typeOf(a)
   if AT == CharT and akind == 'storage' then
      f = TH.THMemoryFile_newWithStorage(a, b or 'rw')
   elseif a == nil or type(a) == 'string' then
      f = TH.THMemoryFile_new(a or 'rw')
   else
      error('torch.MemoryFile: [torch.CharStorage] [mode] expected', 2)
   end
   check(CTOR_LEVEL)
   local self = wrap(f, MemoryFile)
   self._kind = 'memory'
   return self
end)

-- The file's CharStorage (shared, not copied): the contents and a final NUL.
function MemoryFile:storage()
   local s = TH.THMemoryFile_storage(handle(self))
   check()
   return CharT.wrapStorageRetain(s)
end

function MemoryFile:longSize(n)
   TH.THMemoryFile_longSize(handle(self), n or 0)
   check()
   return self
end

function MemoryFile:__tostring__()
   local f = handle(self)
   return string.format('torch.MemoryFile [status: %s -- mode: %s%s]',
                        TH.THFile_isOpened(f) ~= 0 and 'open' or 'closed',
                        TH.THFile_isReadable(f) ~= 0 and 'r' or ' ',
                        TH.THFile_isWritable(f) ~= 0 and 'w' or ' ')
end

torch._fileHandle = handle
require 'torch.serialize'

return torch
