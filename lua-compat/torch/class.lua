-- torch.class and the type registry: Torch7's class system for Lua classes (nn.Module, ...) and
-- the names of the FFI tensor/storage classes.
local ffi = require 'ffi'
local torch = torch

local registry = {}      -- typename -> metatable (methods table)
local ctors = {}         -- typename -> constructor table (the callable class, e.g. nn.Linear)
local factories = {}     -- typename -> function creating an empty instance
local isCtor = setmetatable({}, { __mode = 'k' })
torch._registry, torch._ctors, torch._factories = registry, ctors, factories

-- ctype id of a cdata -> T record (filled by Storage.lua)
local cdataTypes = {}
torch._cdataTypes = cdataTypes

local function ctid(obj)
   return tonumber(ffi.typeof(obj))
end

-- torch._typeOf(obj) -> the type record of a tensor or storage, kind ('tensor'|'storage'); or nil
function torch._typeOf(obj)
   if type(obj) == 'cdata' then
      local e = cdataTypes[ctid(obj)]
      if e then return e[1], e[2] end
   end
   return nil
end

-- Places `value` at the dotted `name` inside `module` (default _G), creating namespace tables.
local function place(name, value, module)
   local parent = module or _G
   local path, last = {}, nil
   for part in name:gmatch('[^%.]+') do path[#path + 1] = part end
   if module then
      -- Torch7: with a module table, the last component is the key
      parent[path[#path]] = value
      return
   end
   for i = 1, #path - 1 do
      local p = parent[path[i]]
      if p == nil then
         p = {}
         parent[path[i]] = p
      elseif type(p) ~= 'table' then
         error(string.format('while creating metatable %s: bad argument #1 (%s is an invalid module name)',
                             name, path[i]), 3)
      end
      parent = p
   end
   last = path[#path]
   parent[last] = value
end

local function defaultTostring(self)
   local mt = getmetatable(self)
   local f = mt and mt.__tostring__
   if f then return f(self) end
   return mt.__typename
end

-- torch.newmetatable(name, parentName, ctor, dtor, factory, module) -> metatable
-- (the primitive under torch.class, also used for the tensor and storage classes)
function torch.newmetatable(name, parentName, ctor, dtor, factory, module, mt)
   assert(type(name) == 'string', 'torch.newmetatable: name expected')
   if registry[name] then
      error(name .. ' has been already assigned a factory', 2)
   end
   mt = mt or {}
   mt.__typename = name
   if rawget(mt, '__index') == nil then mt.__index = mt end
   if rawget(mt, '__tostring') == nil then mt.__tostring = defaultTostring end
   if parentName then
      local pmt = registry[parentName]
      if not pmt then
         error(string.format('while creating metatable %s: bad argument #2 (parent class %s unknown)',
                             name, parentName), 2)
      end
      setmetatable(mt, { __index = pmt })
      -- metamethods are looked up raw: inherit those the parent defines
      for _, k in ipairs({ '__tostring', '__len', '__call__', '__add', '__sub', '__mul', '__div',
                           '__unm', '__eq', '__lt', '__le', '__concat', '__gc' }) do
         if rawget(mt, k) == nil and rawget(pmt, k) ~= nil then mt[k] = pmt[k] end
      end
   end
   registry[name] = mt
   if factory then factories[name] = factory end
   local ctorTable = setmetatable({}, {
      __index = mt, __newindex = mt, __metatable = mt, __typename = name,
      __call = function(_, ...) return ctor(...) end,
      __tostring = function() return name end,
   })
   isCtor[ctorTable] = true
   ctors[name] = ctorTable
   place(name, ctorTable, module)
   return mt
end

-- torch.class(name [, parentName] [, module]) -> class metatable, parent metatable
function torch.class(...)
   local n = select('#', ...)
   local a, b, c = ...
   local name, parentName, module
   if n == 3 and type(a) == 'string' and type(b) == 'string' and type(c) == 'table' then
      name, parentName, module = a, b, c
   elseif n == 2 and type(a) == 'string' and type(b) == 'string' then
      name, parentName = a, b
   elseif n == 2 and type(a) == 'string' and type(b) == 'table' then
      name, module = a, b
   elseif n == 1 and type(a) == 'string' then
      name = a
   else
      error('<class name> [<parent class name>] [<module table>] expected', 2)
   end
   local mt
   local function ctor(...)
      local self = setmetatable({}, mt)
      if self.__init then self:__init(...) end
      return self
   end
   local function factory()
      return setmetatable({}, mt)
   end
   mt = torch.newmetatable(name, parentName, ctor, nil, factory, module)
   return mt, parentName and registry[parentName] or nil
end

function torch.getmetatable(name)
   if type(name) ~= 'string' then error('string expected', 2) end
   return registry[name]
end

function torch.getconstructortable(name)
   return ctors[name]
end

function torch.setmetatable(obj, name)
   local mt = type(name) == 'string' and registry[name] or name
   if type(mt) ~= 'table' then
      error(string.format('unknown class <%s>', tostring(name)), 2)
   end
   return setmetatable(obj, mt)
end

function torch.factory(name)
   return factories[name]
end

function torch.typename(obj)
   local t = type(obj)
   if t == 'cdata' then
      local e = cdataTypes[ctid(obj)]
      if e then return e[3] end
      return nil
   elseif t == 'table' or t == 'userdata' then
      if isCtor[obj] then return nil end
      local mt = getmetatable(obj)
      if type(mt) == 'table' then
         local n = rawget(mt, '__typename')
         if type(n) == 'string' and registry[n] == mt then return n end
      end
   end
   return nil
end

function torch.type(obj)
   return torch.typename(obj) or type(obj)
end

function torch.isTypeOf(obj, spec)
   if type(spec) ~= 'string' then
      local mt = getmetatable(spec)
      spec = mt and mt.__typename
      assert(type(spec) == 'string', 'type must be provided as [regexp] string, or factory')
   end
   local name = torch.typename(obj)
   if name == nil then return false end
   local mt = registry[name]
   while type(mt) == 'table' do
      local tn = rawget(mt, '__typename')
      if tn then
         local m = tn:match(spec)
         -- a plain name must match the whole typename; a pattern may match a part
         if m and (m ~= spec or m == tn) then return true end
      end
      local mmt = getmetatable(mt)
      mt = mmt and mmt.__index
   end
   return false
end

function torch.isTensor(obj)
   local _, kind = torch._typeOf(obj)
   return kind == 'tensor'
end

function torch.isStorage(obj)
   local _, kind = torch._typeOf(obj)
   return kind == 'storage'
end

-- torch.pointer(obj): the address of a tensor/storage's C struct, or of any Lua object
function torch.pointer(obj)
   if type(obj) == 'cdata' then
      return tonumber(ffi.cast('intptr_t', ffi.cast('void *', obj)))
   end
   local s = tostring(obj)
   local hex = s:match('0x(%x+)')
   if hex then return tonumber(hex, 16) end
   return nil
end

return torch
