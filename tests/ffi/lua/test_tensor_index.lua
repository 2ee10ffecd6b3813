-- Tensor indexing as Torch7: t[i], t[i][j], t[{...}] with numbers, ranges and {}, negative
-- indices, assignment of numbers and tensors, ByteTensor masks.
require 'torch'
local check = require 'check'

local function M() return torch.Tensor({ { 1, 2, 3 }, { 4, 5, 6 } }) end

check.test('reading', function()
   local t = M()
   check.eq(t[1]:totable(), { 1, 2, 3 }, 't[i] of a matrix is a row')
   check.eq(torch.typename(t[1]), 'torch.DoubleTensor')
   check.eq(t[2][3], 6, 't[i][j]')
   check.eq(t[-1]:totable(), { 4, 5, 6 }, 'negative index')
   check.eq(t[2][-1], 6)
   check.eq(t[1.5][1], 1, 'fractional index floors')
   check.eq(t[{ 2, 3 }], 6, 't[{i,j}] is a number')
   check.eq(t[{ -1, -1 }], 6)
   check.eq(t[{ 2 }]:totable(), { 4, 5, 6 }, 't[{i}]')
   check.eq(t[{ {}, 2 }]:totable(), { 2, 5 }, 't[{{},j}]')
   check.eq(t[{ { 1, 2 }, 3 }]:totable(), { 3, 6 }, 't[{{1,2},3}]')
   check.eq(t[{ { 2 } }]:totable(), { { 4, 5, 6 } }, '{i} keeps the dimension')
   check.eq(t[{ {}, { 2, -1 } }]:totable(), { { 2, 3 }, { 5, 6 } }, 'negative range end')
   check.eq(t[{ { -2, -1 }, 2 }]:totable(), { 2, 5 })
   check.eq(t[{ {}, { -2 } }]:totable(), { { 2 }, { 5 } })
   check.eq(t[{ -1, { 2, 3 } }]:totable(), { 5, 6 })
   local v = torch.Tensor({ 7, 8, 9 })
   check.eq(v[2], 8, 'vector element is a number')
   check.eq(type(v[2]), 'number')
   check.eq(torch.LongTensor({ 5 })[1], 5)
   check.eq(type(torch.LongTensor({ 5 })[1]), 'number', 'LongTensor elements are Lua numbers')
   check.eq(t.nonexistentfield, nil, 'unknown string key')
   -- views share memory
   local row = t[2]
   row[1] = 40
   check.eq(t[2][1], 40, 't[i] is a view')
   local col = t[{ {}, 3 }]
   col[1] = 30
   check.eq(t[1][3], 30, 't[{{},j}] is a view')
end)

check.test('reading errors', function()
   local t = M()
   check.errors(function() return t[3] end, 'out of range')
   check.errors(function() return t[0] end, 'out of range')
   check.errors(function() return torch.Tensor(3)[4] end, 'out of range')
   check.errors(function() return torch.Tensor()[1] end, 'empty tensor')
   check.errors(function() return t[{ 3 }] end, 'index out of bound')
   check.errors(function() return t[{ 1, 4 }] end, 'index out of bound')
   check.errors(function() return t[{ { 1, 3 } }] end, 'end index out of bound')
   check.errors(function() return t[{ 1, 2, 3 }] end, 'too many indices provided')
   check.errors(function() return t[{ { 2, 1 } }] end, 'end index must be greater or equal to start index')
   check.eq(t[2][2], 5, 'usable after errors')
end)

check.test('writing', function()
   local t = M()
   t[{ 1, 2 }] = 9
   check.eq(t[1][2], 9, 't[{i,j}] = n')
   t[1][3] = 8
   check.eq(t[1][3], 8, 't[i][j] = n')
   t[2] = 0
   check.eq(t[2]:totable(), { 0, 0, 0 }, 't[i] = n fills the row')
   t[2] = torch.Tensor({ 7, 8, 9 })
   check.eq(t[2]:totable(), { 7, 8, 9 }, 't[i] = tensor copies')
   t[{ {}, 1 }] = torch.Tensor({ 5, 6 })
   check.eq(t:totable(), { { 5, 9, 8 }, { 6, 8, 9 } }, 't[{{},j}] = tensor')
   t[{ {}, { 2, 3 } }] = 1
   check.eq(t:totable(), { { 5, 1, 1 }, { 6, 1, 1 } }, 't[{{},{a,b}}] = n')
   t[-1] = 2
   check.eq(t[2]:totable(), { 2, 2, 2 }, 'negative index assignment')
   t[{ -1, -1 }] = 3
   check.eq(t[2][3], 3)
   t[{ 1 }] = torch.FloatTensor({ 1, 2, 3 })
   check.eq(t[1]:totable(), { 1, 2, 3 }, 'copy from another type')
   local v = torch.IntTensor(3):zero()
   v[2] = 4.9
   check.eq(v:totable(), { 0, 4, 0 }, 'int truncates')
   check.errors(function() t[3] = 1 end, 'out of range')
   check.errors(function() t[{ 1, 2 }] = 'x' end, 'number')
   check.errors(function() t[1] = 'x' end, 'number or tensor')
   check.errors(function() t[1] = torch.Tensor(5) end, nil)
   check.eq(t[1]:totable(), { 1, 2, 3 }, 'unchanged after failed assignments')
end)

check.test('mask indexing', function()
   local t = M()
   local mask = torch.ByteTensor({ { 0, 1, 0 }, { 1, 0, 1 } })
   check.eq(t[mask]:totable(), { 2, 4, 6 }, 't[mask] selects')
   local u = t:clone()
   u[mask] = 0
   check.eq(u:totable(), { { 1, 0, 3 }, { 0, 5, 0 } }, 't[mask] = n')
   u = t:clone()
   u[mask] = torch.Tensor({ 10, 11, 12 })
   check.eq(u:totable(), { { 1, 10, 3 }, { 11, 5, 12 } }, 't[mask] = tensor')
   check.errors(function() return t[torch.ByteTensor({ 1, 0 })] end, nil)
end)

check.run()
