-- Torch7's object serialization (docs/t7-format.md): File:writeObject / File:readObject with the
-- reference table, the write/read methods of every tensor and storage class, torch.save,
-- torch.load, torch.serialize, torch.deserialize.
local ffi = require 'ffi'
local libs = require 'torch.libs'
local torch = torch
local TH = libs.TH
local File = torch.getmetatable('torch.File')
local handle = torch._fileHandle

local TYPE_NIL, TYPE_NUMBER, TYPE_STRING, TYPE_TABLE, TYPE_TORCH, TYPE_BOOLEAN = 0, 1, 2, 3, 4, 5
local TYPE_FUNCTION, LEGACY_TYPE_RECUR_FUNCTION, TYPE_RECUR_FUNCTION = 6, 7, 8

local loadstring = loadstring or load

local check = libs.check

-- The bookkeeping of one file: what was written / read, by reference number.
local function env(self)
   local e = rawget(self, '_serialize')
   if not e then
      e = {
         written = {},      -- identity key -> ref
         keep = {},         -- ref -> object (keeps written objects alive, so addresses stay unique)
         nwritten = 0,
         read = {},         -- ref -> object
         names = {},        -- the stack of field names, for error messages
         upvalueIds = {},   -- upvalue cell (debug.upvalueid) -> id
         nUpvalueIds = 0,
         upvalueCells = {}, -- id -> {func, index} of the first closure that had it
         force = false,
      }
      rawset(self, '_serialize', e)
   end
   return e
end

function File:referenced(ref)
   env(self).force = not ref
   return self
end

function File:isReferenced()
   return not env(self).force
end

-- Identity of an object for the reference table: tensors and storages by their C struct's
-- address (two Lua handles can hold one THTensor*), anything else by itself.
local function identity(obj)
   -- (handles may be pointers or struct references: both cast to void*)
   if type(obj) == 'cdata' then return tonumber(ffi.cast('intptr_t', ffi.cast('void*', obj))) end
   return obj
end

-- The class record of an object: typename and its metatable.
local function classOf(obj)
   local name = torch.typename(obj)
   if not name then return nil end
   local T, kind = torch._typeOf(obj)
   if kind == 'tensor' then return name, T.methods end
   if kind == 'storage' then return name, T.smethods end
   return name, torch.getmetatable(name)
end

-- An empty instance of class name, or nil if the class is unknown.
local function factory(name)
   local T = torch._typeByName(name)
   if T then
      if name == T.tensor then return T.new() end
      if name == T.storage then return T.newStorage(0) end
   end
   local f = torch.factory(name)
   return f and f()
end

local function classMethod(mt, name)
   if type(mt) ~= 'table' then return nil end
   local f = mt['__' .. name]
   if type(f) ~= 'function' then f = mt[name] end
   if type(f) == 'function' then return f end
end

-- torch.version(obj): the version number a class writes in its "V <n>" header (1 unless the
-- class sets __version), nil for what is not an instance of a torch class.
if not torch.version then
   function torch.version(obj)
      local name, mt = classOf(obj)
      if not name then return nil end
      return type(mt) == 'table' and rawget(mt, '__version') or 1
   end
end

function File:isWritableObject(object)
   local t = type(object)
   if t ~= 'boolean' and not object then return TYPE_NIL end
   local name = torch.typename(object)
   if name and (torch._typeByName(name) or torch.factory(name)) then return TYPE_TORCH end
   if t == 'table' then return TYPE_TABLE
   elseif t == 'number' then return TYPE_NUMBER
   elseif t == 'string' then return TYPE_STRING
   elseif t == 'boolean' then return TYPE_BOOLEAN
   elseif t == 'function' and pcall(string.dump, object) then return TYPE_RECUR_FUNCTION
   end
   return nil
end

local UPVALUES = {} -- marks the upvalue list in the name stack

local function where(names)
   local parts = {}
   for i, v in ipairs(names) do
      if v ~= UPVALUES and names[i - 1] ~= UPVALUES then parts[#parts + 1] = tostring(v) end
   end
   return table.concat(parts, '.')
end

local function writeString(self, s)
   self:writeInt(#s)
   if #s > 0 then
      TH.THFile_writeCharRaw(handle(self), ffi.cast('char*', s), #s)
      check()
   end
end

local function readString(self)
   local n = self:readInt()
   if n < 0 then error('readObject: corrupt file: negative string length ' .. n, 3) end
   if n == 0 then return '' end
   self:_checkRoom(n, 1, 'readObject')
   local buf = ffi.new('char[?]', n)
   local got = TH.THFile_readCharRaw(handle(self), buf, n)
   check()
   return ffi.string(buf, got)
end

-- writeObject(object [, debugname [, hook]]): hook(object) may replace what is written (the
-- reference bookkeeping stays on the original object), as in Torch7.
function File:writeObject(object, debugname, hook)
   hook = hook or function(o) return o end
   local e = env(self)
   local original = object
   object = hook(object)
   if type(object) ~= 'boolean' and not object then
      self:writeInt(TYPE_NIL)
      return
   end
   local names = e.names
   names[#names + 1] = debugname or '<?>'
   local tag = self:isWritableObject(object)
   if not tag then
      error(string.format('Unwritable object <%s> at %s', type(object), where(names)), 2)
   end
   self:writeInt(tag)
   if tag == TYPE_NUMBER then
      self:writeDouble(object)
   elseif tag == TYPE_BOOLEAN then
      self:writeBool(object)
   elseif tag == TYPE_STRING then
      writeString(self, object)
   else
      local key = identity(original)
      local ref = e.written[key]
      if ref and not e.force then
         self:writeInt(ref)
      else
         ref = e.nwritten + 1
         e.nwritten = ref
         if not e.force then
            e.written[key] = ref
            e.keep[ref] = original
            e.keep[-ref] = object
         end
         self:writeInt(ref)
         if tag == TYPE_RECUR_FUNCTION then
            local upvalues = {}
            local i = 1
            while true do
               local name, value = debug.getupvalue(object, i)
               if not name then break end
               if name == '_ENV' then value = nil end
               local id
               if debug.upvalueid then
                  local cell = debug.upvalueid(object, i)
                  id = e.upvalueIds[cell]
                  if not id then
                     e.nUpvalueIds = e.nUpvalueIds + 1
                     id = e.nUpvalueIds
                     e.upvalueIds[cell] = id
                  end
               end
               upvalues[i] = { name = name, id = id, value = value }
               i = i + 1
            end
            writeString(self, string.dump(object))
            self:writeObject(upvalues, UPVALUES, hook)
         elseif tag == TYPE_TORCH then
            local name, mt = classOf(object)
            writeString(self, 'V ' .. tostring(torch.version(object)))
            writeString(self, name)
            local write = classMethod(mt, 'write')
            if write then
               write(object, self)
            elseif type(object) == 'table' then
               local fields = {}
               for k, v in pairs(object) do
                  if self:isWritableObject(v) then
                     fields[k] = v
                  else
                     print(string.format('$ Warning: cannot write object field <%s> of <%s> %s',
                                         tostring(k), name, where(names)))
                  end
               end
               self:writeObject(fields, name, hook)
            else
               error(string.format('<%s> is a non-serializable Torch object %s', name, where(names)), 2)
            end
         else -- a table
            local n = 0
            for _ in pairs(object) do n = n + 1 end
            self:writeInt(n)
            for k, v in pairs(object) do
               self:writeObject(k, nil, hook)
               local vname = (type(k) == 'string' or type(k) == 'number') and tostring(k) or nil
               if names[#names - 1] == UPVALUES and vname == 'value' and type(object.name) == 'string' then
                  vname = object.name
               end
               self:writeObject(v, vname, hook)
            end
         end
      end
   end
   names[#names] = nil
end

local function loadFunction(dumped)
   local f, err = loadstring(dumped)
   if not f then error('readObject: cannot load a function from its bytecode: ' .. tostring(err), 3) end
   return f
end

function File:readObject()
   local e = env(self)
   local force = e.force
   local tag = self:readInt()
   if tag == TYPE_NIL then
      return nil
   elseif tag == TYPE_NUMBER then
      return self:readDouble()
   elseif tag == TYPE_BOOLEAN then
      return self:readBool()
   elseif tag == TYPE_STRING then
      return readString(self)
   elseif tag == TYPE_FUNCTION then
      local f = loadFunction(readString(self))
      local upvalues = self:readObject()
      if type(upvalues) == 'table' then
         for i, v in ipairs(upvalues) do debug.setupvalue(f, i, v) end
      end
      return f
   elseif tag == TYPE_TABLE or tag == TYPE_TORCH or tag == TYPE_RECUR_FUNCTION
      or tag == LEGACY_TYPE_RECUR_FUNCTION then
      local ref = self:readInt()
      local objects = e.read
      if objects[ref] ~= nil and not force then return objects[ref] end
      if tag == TYPE_RECUR_FUNCTION or tag == LEGACY_TYPE_RECUR_FUNCTION then
         local f = loadFunction(readString(self))
         if not force then objects[ref] = f end
         local upvalues = self:readObject()
         if type(upvalues) ~= 'table' then
            error('readObject: corrupt file: the upvalues of a function are not a table', 2)
         end
         for i, up in ipairs(upvalues) do
            if tag == LEGACY_TYPE_RECUR_FUNCTION then
               debug.setupvalue(f, i, up)
            elseif type(up) ~= 'table' then
               error('readObject: corrupt file: bad upvalue record', 2)
            elseif up.name == '_ENV' then
               debug.setupvalue(f, i, getfenv and getfenv(0) or _G)
            else
               debug.setupvalue(f, i, up.value)
               if debug.upvaluejoin and up.id then
                  local cell = e.upvalueCells[up.id]
                  if cell then
                     debug.upvaluejoin(f, i, cell[1], cell[2])
                  else
                     e.upvalueCells[up.id] = { f, i }
                  end
               end
            end
         end
         return f
      elseif tag == TYPE_TORCH then
         local version = readString(self)
         local className
         local versionNumber = tonumber(version:match('^V (.*)$'))
         if versionNumber then
            className = readString(self)
         else
            className, versionNumber = version, 0 -- written before classes had versions
         end
         local object = factory(className)
         if object == nil then
            error(string.format('unknown Torch class <%s>', tostring(className)), 2)
         end
         if not force then objects[ref] = object end
         local _, mt = classOf(object)
         local read = classMethod(mt, 'read')
         if read then
            read(object, self, versionNumber)
         elseif type(object) == 'table' then
            local fields = self:readObject()
            if type(fields) ~= 'table' then
               error(string.format('readObject: corrupt file: the fields of <%s> are not a table', className), 2)
            end
            for k, v in pairs(fields) do object[k] = v end
         else
            error(string.format('Cannot load object class <%s>', tostring(className)), 2)
         end
         return object
      else
         local n = self:readInt()
         if n < 0 then error('readObject: corrupt file: negative table size ' .. n, 2) end
         local t = {}
         if not force then objects[ref] = t end
         for _ = 1, n do
            local k = self:readObject()
            local v = self:readObject()
            if k == nil then error('readObject: corrupt file: a table key is nil', 2) end
            if k ~= k then error('readObject: corrupt file: a table key is NaN', 2) end
            t[k] = v
         end
         return t
      end
   end
   error(string.format('readObject: unknown object (type tag %s): corrupt file, or not a .t7 file', tostring(tag)), 2)
end

----------------------------------------------------------------------------------------------------
-- write/read of every storage and tensor class (the payloads of docs/t7-format.md 2.3)
for _, tname in ipairs(torch._typeNames) do
   local T = torch._types[tname]
   local readRaw, writeRaw = TH['THFile_read' .. tname .. 'Raw'], TH['THFile_write' .. tname .. 'Raw']
   local s_resize = T.sfn('resize')
   local setStorageNd = T.fn('setStorageNd')
   local elemBytes = (tname == 'Byte' or tname == 'Char') and 1 or 2

   T.smethods.write = function(s, file)
      local n = tonumber(s._size)
      file:writeLong(n)
      local f = handle(file)
      writeRaw(f, s._data, n)
      check()
   end

   T.smethods.read = function(s, file)
      local n = file:readLong()
      if n < 0 then error(string.format('%s.read: corrupt file: negative size %d', T.storage, n), 2) end
      file:_checkRoom(n, elemBytes, T.storage .. '.read')
      s_resize(s, n)
      check()
      local got = readRaw(handle(file), s._data, n)
      check()
      if tonumber(got) ~= n then error(T.storage .. '.read: read error: file truncated', 2) end
   end

   T.methods.write = function(t, file)
      local nd = t._nDimension
      file:writeInt(nd)
      local f = handle(file)
      TH.THFile_writeLongRaw(f, t._size, nd)
      check()
      TH.THFile_writeLongRaw(f, t._stride, nd)
      check()
      file:writeLong(tonumber(t._storageOffset) + 1)
      local st = t._storage
      file:writeObject(st ~= nil and T.wrapStorageRetain(st) or nil)
   end

   T.methods.read = function(t, file)
      local nd = file:readInt()
      if nd < 0 or nd > 64 then
         error(string.format('%s.read: corrupt file: %d dimensions', T.tensor, nd), 2)
      end
      local size, stride = ffi.new('long[?]', nd + 1), ffi.new('long[?]', nd + 1)
      local f = handle(file)
      if nd > 0 then
         TH.THFile_readLongRaw(f, size, nd)
         check()
         TH.THFile_readLongRaw(f, stride, nd)
         check()
      end
      local offset = file:readLong() - 1
      local st = file:readObject()
      local ST, skind = torch._typeOf(st)
      if st ~= nil and not (ST == T and skind == 'storage') then
         error(string.format('%s.read: corrupt file: the storage is a %s', T.tensor, torch.type(st)), 2)
      end
      -- the view must lie inside the storage: a corrupt file must not make us read past it
      local last, empty = offset, false
      for d = 0, nd - 1 do
         local sz, sd = tonumber(size[d]), tonumber(stride[d])
         if sz < 0 or sd < 0 then
            error(string.format('%s.read: corrupt file: size %d, stride %d in dimension %d',
                                T.tensor, sz, sd, d + 1), 2)
         end
         if sz == 0 then empty = true end
         last = last + (sz - 1) * sd
      end
      if offset < 0 then error(string.format('%s.read: corrupt file: offset %d', T.tensor, offset + 1), 2) end
      if st == nil then
         if nd > 0 and not empty then
            error(string.format('%s.read: corrupt file: a %d-dimensional tensor without storage', T.tensor, nd), 2)
         end
         return
      end
      local n = tonumber(st._size)
      if nd > 0 and not empty and last >= n then
         error(string.format('%s.read: corrupt file: the view (offset %d, last element %d) does not fit in a storage of %d elements',
                             T.tensor, offset + 1, last + 1, n), 2)
      end
      setStorageNd(t, st, offset, nd, size, stride)
      check()
   end
end

----------------------------------------------------------------------------------------------------
-- torch.save / torch.load / torch.serialize / torch.deserialize

local function checkMode(mode, allowed, fn)
   if mode ~= nil and not allowed[mode] then
      local names = {}
      for k in pairs(allowed) do names[#names + 1] = '"' .. k .. '"' end
      table.sort(names)
      error(string.format('%s: mode must be %s (or nil), got %s', fn, table.concat(names, ', '), tostring(mode)), 3)
   end
end

-- Opens a DiskFile for torch.save/torch.load; a failure is reported at their caller.
local function open(filename, mode)
   if type(filename) ~= 'string' then error('file name (string) expected', 3) end
   local ok, file = pcall(torch.DiskFile, filename, mode)
   if not ok then error((tostring(file):gsub('^[^:\n]+:%d+: ', '')), 3) end
   return file
end

-- Closes the file, then re-raises err (an error inside leaves no open file behind).
local function closeAfter(file, ok, ...)
   pcall(file.close, file)
   if not ok then error((...), 0) end
   return ...
end

function torch.save(filename, object, mode, referenced)
   checkMode(mode, { binary = true, ascii = true }, 'torch.save')
   if referenced ~= nil and type(referenced) ~= 'boolean' then
      error('torch.save: referenced must be true or false (or nil)', 2)
   end
   local file = open(filename, 'w')
   file[mode or 'binary'](file)
   file:referenced(referenced ~= false)
   closeAfter(file, pcall(file.writeObject, file, object))
end

function torch.load(filename, mode, referenced)
   checkMode(mode, { binary = true, ascii = true, b32 = true, b64 = true }, 'torch.load')
   if referenced ~= nil and type(referenced) ~= 'boolean' then
      error('torch.load: referenced must be true or false (or nil)', 2)
   end
   local longSize
   if mode == 'b32' or mode == 'b64' then
      longSize = tonumber(mode:match('%d+')) / 8
      mode = 'binary'
   end
   local file = open(filename, 'r')
   file[mode or 'binary'](file)
   file:referenced(referenced ~= false)
   if longSize then file:longSize(longSize) end
   return closeAfter(file, pcall(file.readObject, file))
end

-- A CharStorage holding exactly what torch.save would write.
function torch.serializeToStorage(object, mode)
   checkMode(mode, { binary = true, ascii = true }, 'torch.serializeToStorage')
   local file = torch.MemoryFile()
   file[mode or 'binary'](file)
   return closeAfter(file, pcall(function()
      file:writeObject(object)
      -- a copy without the NUL that ends the file's storage
      local s = file:storage()
      local n = tonumber(s._size) - 1
      local copy = torch._types.Char.newStorage(n)
      if n > 0 then ffi.copy(copy._data, s._data, n) end
      return copy
   end))
end

function torch.serialize(object, mode)
   checkMode(mode, { binary = true, ascii = true }, 'torch.serialize')
   local file = torch.MemoryFile()
   file[mode or 'binary'](file)
   return closeAfter(file, pcall(function()
      file:writeObject(object)
      local s = file:storage()
      return ffi.string(s._data, tonumber(s._size) - 1)
   end))
end

local function fromBytes(ptr, n, mode, fn)
   checkMode(mode, { binary = true, ascii = true }, fn)
   local CharT = torch._types.Char
   local st = CharT.newStorage(n + 1)
   if n > 0 then ffi.copy(st._data, ptr, n) end
   st._data[n] = 0
   local file = torch.MemoryFile(st, 'r')
   file[mode or 'binary'](file)
   return closeAfter(file, pcall(file.readObject, file))
end

function torch.deserialize(str, mode)
   if type(str) ~= 'string' then error('torch.deserialize: string expected', 2) end
   return fromBytes(str, #str, mode, 'torch.deserialize')
end

function torch.deserializeFromStorage(storage, mode)
   local ST, skind = torch._typeOf(storage)
   if not (ST == torch._types.Char and skind == 'storage') then
      error('torch.deserializeFromStorage: torch.CharStorage expected', 2)
   end
   return fromBytes(storage._data, tonumber(storage._size), mode, 'torch.deserializeFromStorage')
end

torch.saveobj = torch.save
torch.loadobj = torch.load

return torch
