-- Storages of all seven types: constructors, element access, size, resize, fill, copy, views.
require 'torch'
local check = require 'check'

local names = { 'Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double' }

for _, n in ipairs(names) do
   local S = torch[n .. 'Storage']
   check.test(n .. 'Storage', function()
      local s = S()
      check.eq(s:size(), 0, 'empty')
      check.eq(#s, 0)
      s = S(4)
      check.eq(s:size(), 4, 'sized')
      check.eq(#s, 4)
      s:fill(7)
      check.eq(s:totable(), { 7, 7, 7, 7 }, 'fill')
      s[2] = 3
      check.eq(s[2], 3, 'set/get')
      check.eq(type(s[2]), 'number', 'elements are Lua numbers')
      check.errors(function() return s[5] end, 'out of bounds')
      check.errors(function() return s[0] end, 'out of bounds')
      check.errors(function() s[5] = 1 end, 'out of bounds')
      local t = S({ 1, 2, 3 })
      check.eq(t:totable(), { 1, 2, 3 }, 'from table')
      check.eq(t:resize(5):size(), 5, 'resize grows')
      check.eq(t[3], 3, 'resize keeps the values')
      check.eq(t:resize(2):totable(), { 1, 2 }, 'resize shrinks')
      -- copy from every type
      for _, m in ipairs(names) do
         local src = torch[m .. 'Storage']({ 5, 6 })
         check.eq(S(2):copy(src):totable(), { 5, 6 }, 'copy from ' .. m)
      end
      check.errors(function() S(3):copy(torch.FloatStorage(2)) end, nil, 'copy size mismatch')
      -- views on another storage
      local base = S({ 1, 2, 3, 4, 5 })
      local v = S(base, 2, 3)
      check.eq(v:totable(), { 2, 3, 4 }, 'view')
      v[1] = 9
      check.eq(base[2], 9, 'view shares memory')
      check.eq(S(base, 4):totable(), { 4, 5 }, 'view to the end')
      check.errors(function() S(base, 4, 3) end, 'out of bounds')
      check.eq(torch.typename(s), 'torch.' .. n .. 'Storage')
      check.eq(s:type(), 'torch.' .. n .. 'Storage')
      check.eq(torch.typename(s:type('torch.FloatStorage')), 'torch.FloatStorage', 'type conversion')
      check.truthy(s:data() ~= nil, 'data pointer')
      check.eq(s:data()[1], 3, 'data is 0-based')
      check.eq(s:elementSize(), require('ffi').sizeof(torch._types[n].real))
   end)
end

check.test('value conversions', function()
   check.eq(torch.ByteStorage({ 255, 256, -1 }):totable(), { 255, 0, 255 }, 'byte wraps')
   check.eq(torch.CharStorage({ 127, -128 }):totable(), { 127, -128 })
   check.eq(torch.IntStorage({ 1.9, -1.9 }):totable(), { 1, -1 }, 'truncation toward zero')
   check.eq(torch.LongStorage({ 2 ^ 40 })[1], 2 ^ 40, 'long keeps 64-bit values')
   check.eq(torch.FloatStorage({ 0.1 })[1], tonumber(require('ffi').new('float', 0.1)), 'float precision')
   check.eq(torch.DoubleStorage({ 0.1 })[1], 0.1)
end)

check.test('byte and char strings', function()
   local s = torch.ByteStorage():string('hello')
   check.eq(s:size(), 5)
   check.eq(s[1], string.byte('h'))
   check.eq(s:string(), 'hello')
   check.eq(torch.CharStorage('abc'):string(), 'abc')
   check.eq(torch.ByteStorage('\0\1\2'):totable(), { 0, 1, 2 }, 'embedded zeros')
end)

check.test('storages of tensors', function()
   local t = torch.Tensor({ { 1, 2 }, { 3, 4 } })
   local s = t:storage()
   check.eq(s:size(), 4)
   s[4] = 40
   check.eq(t[2][2], 40, 'tensor storage is shared')
   t = nil
   collectgarbage(); collectgarbage()
   check.eq(s[4], 40, 'storage outlives its tensor')
   check.errors(function() torch.FloatStorage(-1) end, 'size')
   check.errors(function() torch.FloatStorage({ 1, 'x' }) end, 'numbers')
end)

check.run()
