-- lua-compat math: call forms, result tensors, 1-based indices, type coverage and errors
-- (hand-computed values; test_math_golden.lua compares many more results with real Torch7's).
local check = require 'check'
require 'torch'

local function same(a, b) return torch.pointer(a) == torch.pointer(b) end

check.test('function form, method form, result tensor', function()
   local t = torch.Tensor{{1, 2}, {3, 4}}
   local r = torch.add(t, 10)
   check.eq(r, torch.Tensor{{11, 12}, {13, 14}}, 'torch.add(t, v) is a new tensor')
   check.eq(t, torch.Tensor{{1, 2}, {3, 4}}, 'torch.add leaves its source alone')
   check.ok(not same(r, t), 'a new result')

   local res = torch.Tensor(7) -- wrong size on purpose: the result is resized
   local x = torch.add(res, t, 1)
   check.ok(same(x, res), 'torch.add(res, t, v) returns res')
   check.eq(res, torch.Tensor{{2, 3}, {4, 5}}, 'res resized and filled')

   local y = t:clone()
   local ret = y:add(5)
   check.ok(same(ret, y), 't:add(v) returns t')
   check.eq(y, torch.Tensor{{6, 7}, {8, 9}}, 't:add(v) in place')
   y:add(-1, t)
   check.eq(y, torch.Tensor{{5, 5}, {5, 5}}, 't:add(v, u) adds v*u')
   local z = torch.Tensor()
   z:add(t, 2, t)
   check.eq(z, torch.Tensor{{3, 6}, {9, 12}}, 'r:add(t, v, u) = t + v*u into r')

   check.eq(torch.mul(t, 2), torch.Tensor{{2, 4}, {6, 8}})
   check.eq(torch.cmul(t, t), torch.Tensor{{1, 4}, {9, 16}})
   check.eq(torch.pow(2, torch.Tensor{1, 2, 3}), torch.Tensor{2, 4, 8}, 'torch.pow(v, t)')
   check.eq(torch.Tensor{1, 2, 3}:pow(2), torch.Tensor{1, 4, 9}, 't:pow(v)')
   check.eq(torch.pow(2, 10), 1024, 'torch.pow on numbers')
   check.near(torch.exp(1), math.exp(1), 1e-12, 'torch.exp on a number')
   check.eq(torch.clamp(torch.Tensor{-5, 0, 5}, -1, 1), torch.Tensor{-1, 0, 1})
   local f = torch.Tensor(3)
   check.ok(same(torch.fill(f, 2), f), 'torch.fill(t, v) returns t')
   check.eq(f, torch.Tensor{2, 2, 2}, 'torch.fill')
   check.eq(torch.zero(f), torch.Tensor{0, 0, 0}, 'torch.zero')
end)

check.test('matrix products', function()
   torch.manualSeed(3)
   local a, b = torch.rand(5, 7), torch.rand(7, 3)
   local c = torch.mm(a, b)
   local ok = true
   for i = 1, 5 do
      for j = 1, 3 do
         local s = 0
         for k = 1, 7 do s = s + a[i][k] * b[k][j] end
         if math.abs(s - c[i][j]) > 1e-12 then ok = false end
      end
   end
   check.ok(ok, 'mm equals the triple loop')
   check.eq(c:size(1), 5); check.eq(c:size(2), 3)
   local v = torch.rand(7)
   local mv = torch.mv(a, v)
   local s = 0
   for k = 1, 7 do s = s + a[2][k] * v[k] end
   check.near(mv[2], s, 1e-12, 'mv row 2')
   local m = torch.Tensor{{1, 2}, {3, 4}}
   local r = torch.Tensor(2, 2):fill(1)
   r:addmm(2, r, 3, m, m) -- 2*1 + 3*(m*m)
   check.eq(r, torch.Tensor{{23, 32}, {47, 68}}, 'addmm(beta, M, alpha, A, B)')
   check.eq(torch.ger(torch.Tensor{1, 2}, torch.Tensor{3, 4}), torch.Tensor{{3, 4}, {6, 8}})
   check.eq(torch.dot(torch.Tensor{1, 2, 3}, torch.Tensor{4, 5, 6}), 32)
   local b3 = torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 3, 4))
   check.eq(b3, torch.Tensor(2, 2, 4):fill(3), 'bmm')
end)

check.test('1-based indices in results', function()
   local t = torch.Tensor{{3, 9, 1}, {7, 2, 8}}
   local v, i = torch.max(t, 2)
   check.eq(v, torch.Tensor{{9}, {8}}, 'max values along 2 (dimension kept)')
   check.eq(i, torch.LongTensor{{2}, {3}}, 'max indices 1-based')
   v, i = t:min(1)
   check.eq(v, torch.Tensor{{3, 2, 1}})
   check.eq(i, torch.LongTensor{{1, 2, 1}}, 'min indices 1-based')
   check.eq(t:max(), 9, 'max of all'); check.eq(t:min(), 1)
   v, i = torch.sort(torch.Tensor{30, 10, 20})
   check.eq(i, torch.LongTensor{2, 3, 1}, 'sort indices')
   v, i = torch.sort(torch.Tensor{30, 10, 20}, 1, true)
   check.eq(v, torch.Tensor{30, 20, 10}); check.eq(i, torch.LongTensor{1, 3, 2}, 'descending')
   v, i = torch.topk(torch.Tensor{5, 1, 4, 2, 3}, 2, 1, true, true)
   check.eq(v, torch.Tensor{5, 4}); check.eq(i, torch.LongTensor{1, 3}, 'topk largest')
   v, i = torch.kthvalue(torch.Tensor{5, 1, 4, 2, 3}, 2)
   check.eq(v, torch.Tensor{2}); check.eq(i, torch.LongTensor{4}, 'kthvalue')
   v, i = torch.median(torch.Tensor{5, 1, 4, 2, 3})
   check.eq(v, torch.Tensor{3}); check.eq(i, torch.LongTensor{5}, 'median')
   v, i = torch.mode(torch.Tensor{4, 7, 7, 1})
   check.eq(v, torch.Tensor{7}); check.eq(i[1] == 2 or i[1] == 3, true, 'mode index')
   check.eq(torch.nonzero(torch.Tensor{0, 5, 0, 6}), torch.LongTensor{{2}, {4}}, 'nonzero')
   check.eq(torch.nonzero(torch.Tensor{{0, 1}, {1, 0}}), torch.LongTensor{{1, 2}, {2, 1}})
   -- given index tensors are filled 1-based too
   local vals, idx = torch.Tensor(), torch.LongTensor()
   local rv, ri = torch.max(vals, idx, t, 2)
   check.ok(same(rv, vals) and same(ri, idx), 'results returned')
   check.eq(idx, torch.LongTensor{{2}, {3}})
   -- indices going in are 1-based
   check.eq(t:index(2, torch.LongTensor{3, 1}), torch.Tensor{{1, 3}, {8, 7}}, 'index')
   check.eq(t:gather(2, torch.LongTensor{{1}, {3}}), torch.Tensor{{3}, {8}}, 'gather')
   local s = torch.zeros(2, 3)
   s:scatter(2, torch.LongTensor{{3}, {1}}, 1)
   check.eq(s, torch.Tensor{{0, 0, 1}, {1, 0, 0}}, 'scatter value')
   local z = torch.zeros(3)
   z:indexFill(1, torch.LongTensor{1, 3}, 4)
   check.eq(z, torch.Tensor{4, 0, 4}, 'indexFill')
   z:indexCopy(1, torch.LongTensor{2}, torch.Tensor{9})
   check.eq(z, torch.Tensor{4, 9, 4}, 'indexCopy')
   z:indexAdd(1, torch.LongTensor{2, 2}, torch.Tensor{1, 1})
   check.eq(z, torch.Tensor{4, 11, 4}, 'indexAdd')
end)

check.test('comparisons and masks', function()
   local t = torch.Tensor{1, 5, 3}
   local b = t:gt(2)
   check.eq(torch.type(b), 'torch.ByteTensor', 'comparison gives a ByteTensor')
   check.eq(b, torch.ByteTensor{0, 1, 1})
   local d = torch.Tensor()
   d:gt(t, 2)
   check.eq(d, torch.Tensor{0, 1, 1}, 'a given DoubleTensor result keeps its type')
   check.eq(torch.eq(t, torch.Tensor{1, 0, 3}), torch.ByteTensor{1, 0, 1})
   check.eq(t:maskedSelect(b), torch.Tensor{5, 3}, 'maskedSelect')
   local w = t:clone()
   w:maskedFill(b, 0)
   check.eq(w, torch.Tensor{1, 0, 0}, 'maskedFill')
   w:maskedCopy(b, torch.Tensor{7, 8})
   check.eq(w, torch.Tensor{1, 7, 8}, 'maskedCopy')
   check.eq(b:all(), false); check.eq(b:any(), true)
end)

check.test('reductions, cat and constructors', function()
   local t = torch.Tensor{{1, 2, 3}, {4, 5, 6}}
   check.eq(t:sum(), 21); check.eq(t:prod(), 720); check.eq(t:mean(), 3.5)
   check.eq(torch.sum(t, 1), torch.Tensor{{5, 7, 9}})
   check.eq(torch.sum(t, 2), torch.Tensor{{6}, {15}})
   check.near(t:std(), math.sqrt(17.5 / 5), 1e-12, 'std unbiased')
   check.near(t:var(true), 17.5 / 6, 1e-12, 'var biased')
   check.near(t:norm(), math.sqrt(91), 1e-12)
   check.eq(torch.cumsum(torch.Tensor{1, 2, 3}), torch.Tensor{1, 3, 6})
   check.eq(torch.cat(torch.Tensor{1}, torch.Tensor{2, 3}), torch.Tensor{1, 2, 3})
   check.eq(torch.cat({torch.ones(1, 2), torch.zeros(1, 2)}, 1), torch.Tensor{{1, 1}, {0, 0}})
   check.eq(torch.zeros(2, 2), torch.Tensor{{0, 0}, {0, 0}})
   check.eq(torch.ones(2, 'torch.FloatTensor'), torch.FloatTensor{1, 1})
   check.eq(torch.type(torch.ones(2, 'torch.FloatTensor')), 'torch.FloatTensor', 'type by name')
   check.eq(torch.range(1, 4), torch.Tensor{1, 2, 3, 4})
   check.eq(torch.linspace(0, 1, 3), torch.Tensor{0, 0.5, 1})
   check.eq(torch.eye(2), torch.Tensor{{1, 0}, {0, 1}})
   check.eq(torch.diag(torch.Tensor{1, 2}), torch.Tensor{{1, 0}, {0, 2}})
   check.eq(torch.trace(t:narrow(2, 1, 2)), 6)
   check.eq(torch.tril(torch.ones(2, 2)), torch.Tensor{{1, 0}, {1, 1}})
   check.eq(torch.histc(torch.Tensor{1, 1, 2, 4}, 3, 1, 4), torch.Tensor{2, 1, 1})
   local old = torch.getdefaulttensortype()
   torch.setdefaulttensortype('torch.FloatTensor')
   check.eq(torch.type(torch.zeros(2)), 'torch.FloatTensor', 'default tensor type followed')
   torch.setdefaulttensortype(old)
end)

check.test('types: what each tensor type offers', function()
   check.eq(type(torch.FloatTensor.exp), 'function', 'FloatTensor:exp')
   check.eq(torch.IntTensor.exp, nil, 'no exp on IntTensor (as in Torch7)')
   check.eq(type(torch.IntTensor.abs), 'function', 'IntTensor:abs')
   check.eq(type(torch.ByteTensor.all), 'function', 'ByteTensor:all')
   check.eq(torch.DoubleTensor.all, nil, 'all is ByteTensor only')
   check.eq(torch.FloatTensor{1, 2}:add(1), torch.FloatTensor{2, 3})
   check.eq(torch.IntTensor{1, 2}:cmul(torch.IntTensor{3, 4}):sum(), 11)
   check.eq(torch.LongTensor{5, 6}:max(), 6)
   check.eq(torch.ByteTensor{250}:add(10)[1], 4, 'ByteTensor wraps')
   check.errors(function() return torch.mean(torch.IntTensor{1}) end,
                'torch.IntTensor does not implement the torch.mean%(%) function', 'mean is floating only')
end)

check.test('LAPACK', function()
   local A = torch.Tensor{{4, 1}, {2, 3}}
   local B = torch.Tensor{{1}, {2}}
   local X, LU = torch.gesv(B, A)
   check.near(torch.mm(A, X), B, 1e-12, 'gesv solves A X = B')
   check.eq(LU:size(1), 2)
   check.near(torch.mm(A, torch.inverse(A)), torch.eye(2), 1e-12, 'inverse')
   local S = torch.Tensor{{4, 2}, {2, 3}}
   local U = torch.potrf(S)
   check.near(torch.mm(U:t(), U), S, 1e-12, 'potrf: U^T U = S')
   local e, V = torch.symeig(S, 'V')
   check.near(torch.mm(torch.mm(V, torch.diag(e)), V:t()), S, 1e-12, 'symeig')
   local u, s, v = torch.svd(A)
   check.near(torch.mm(torch.mm(u, torch.diag(s)), v:t()), A, 1e-12, 'svd')
   local q, r = torch.qr(A)
   check.near(torch.mm(q, r), A, 1e-12, 'qr')
   check.errors(function() local _ = torch.inverse(torch.Tensor{{1, 2}, {2, 4}}) end, 'singular',
                'singular matrix')
   check.near(torch.inverse(A), torch.Tensor{{0.3, -0.1}, {-0.2, 0.4}}, 1e-12, 'still works after')
end)

check.test('errors carry TH\'s message and leave the library working', function()
   local t = torch.Tensor{1, 2}
   check.errors(function() local _ = t:cmul(torch.Tensor(3)) end, 'cmul:.*same number of elements',
                'size mismatch from TH')
   check.eq(t:clone():cmul(t), torch.Tensor{1, 4}, 'works after the error')
   check.errors(function() local _ = torch.mm(torch.Tensor(2, 3), torch.Tensor(2, 3)) end,
                'size', 'mm size mismatch')
   check.errors(function() local _ = torch.cat(torch.ones(2, 2), torch.ones(3, 3), 1) end,
                'cat', 'cat size mismatch')
   check.errors(function() local _ = t:index(1, torch.LongTensor{3}) end, 'index 3 out of range',
                'index out of range (1-based in the message)')
   check.errors(function() local _ = t:max(2) end, 'dimension 2 out of range', 'max dimension')
   check.errors(function() local _ = torch.add(t, 'x') end,
                'invalid arguments: DoubleTensor string \nexpected arguments: %[%*DoubleTensor%*%] DoubleTensor double',
                'invalid arguments lists what was expected', false)
   check.errors(function() local _ = torch.multinomial(torch.LongTensor{1}, 1) end,
                'does not implement', 'no multinomial for LongTensor')
   -- the message points at the caller's line
   local ok, err = pcall(function()
      local _ = t:cmul(torch.Tensor(5))
   end)
   check.ok(not ok and err:find('test_math.lua:%d+:') ~= nil, 'error located at the call: ' .. tostring(err))
   ok, err = pcall(function()
      local _ = torch.add(t, {})
   end)
   check.ok(not ok and err:find('test_math.lua:%d+:') ~= nil, 'located: ' .. tostring(err))
   check.eq(t:sum(), 3, 'library still working')
end)

check.run()
