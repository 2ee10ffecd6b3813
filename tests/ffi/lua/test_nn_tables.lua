-- nn table modules: values by hand, gradients by finite differences, tables of varying length.
require 'nn'
local check = require 'check'
torch.manualSeed(11)

local function T(t) return torch.DoubleTensor(t) end

-- finite-difference check of d(sum(w .* f(xs)))/dx for a module from a table of tensors to a
-- tensor (w fixed random weights)
local function tableJacobian(m, xs, name)
   local y = m:forward(xs)
   local w = y.new():resizeAs(y):uniform(-1, 1)
   local g = m:backward(xs, w)
   local eps, worst = 1e-6, 0
   for i, x in ipairs(xs) do
      local analytic = g[i]:clone()
      for j = 1, x:nElement() do
         local s = x:storage()
         local off = x:storageOffset() + j - 1
         local keep = s[off]
         s[off] = keep + eps
         local up = torch.cmul(m:forward(xs), w):sum()
         s[off] = keep - eps
         local down = torch.cmul(m:forward(xs), w):sum()
         s[off] = keep
         worst = math.max(worst, math.abs((up - down) / (2 * eps) - analytic:storage()[analytic:storageOffset() + j - 1]))
      end
   end
   check.truthy(worst < 1e-6, name .. ': gradient (worst ' .. worst .. ')')
end

check.test('CSubTable, CDivTable', function()
   local a, b = T({1, 2, 3}), T({4, 5, 6})
   check.near(nn.CSubTable():forward({a, b}), T({-3, -3, -3}), 0, 'sub')
   check.near(nn.CDivTable():forward({a, b}), T({0.25, 0.4, 0.5}), 1e-15, 'div')
   local g = nn.CDivTable():backward({a, b}, T({1, 1, 1}))
   check.near(g[1], T({0.25, 0.2, 1 / 6}), 1e-15, 'div d/da = 1/b')
   check.near(g[2], T({-1 / 16, -2 / 25, -3 / 36}), 1e-15, 'div d/db = -a/b^2')
   tableJacobian(nn.CSubTable(), {torch.randn(2, 3), torch.randn(2, 3)}, 'CSubTable')
   tableJacobian(nn.CDivTable(), {torch.randn(2, 3), torch.rand(2, 3):add(1)}, 'CDivTable')
end)

check.test('CMaxTable, CMinTable', function()
   local a, b, c = T({1, 5, 3}), T({4, 2, 3}), T({0, 6, 1})
   local mx = nn.CMaxTable()
   check.near(mx:forward({a, b, c}), T({4, 6, 3}), 0, 'max')
   local g = mx:backward({a, b, c}, T({10, 20, 30}))
   check.near(g[1], T({0, 0, 30}), 0, 'a wins the tie (first)')
   check.near(g[2], T({10, 0, 0}), 0, 'b')
   check.near(g[3], T({0, 20, 0}), 0, 'c')
   local mn = nn.CMinTable()
   check.near(mn:forward({a, b, c}), T({0, 2, 1}), 0, 'min')
   check.eq(#mn:backward({a, b}, T({1, 1, 1})), 2, 'gradInput follows a shorter table')
   local f = nn.CMaxTable():float()
   check.near(f:forward({a:float(), b:float()}), T({4, 5, 3}):float(), 0, 'Float')
end)

check.test('CAddTensorTable', function()
   local v = T({1, 2})
   local m = nn.CAddTensorTable()
   local out = m:forward({v, {T({10, 20}), T({30, 40})}})
   check.near(out[1], T({11, 22}), 0, 'first')
   check.near(out[2], T({31, 42}), 0, 'second')
   local g = m:backward({v, {T({10, 20}), T({30, 40})}}, {T({1, 2}), T({3, 4})})
   check.near(g[1], T({4, 6}), 0, 'd/dv sums the gradients')
   check.near(g[2][2], T({3, 4}), 0, 'd/dx_i')
   m:forward({v, {T({1, 1})}})
   check.eq(#m:backward({v, {T({1, 1})}}, {T({1, 1})})[2], 1, 'shorter table')
end)

check.test('NarrowTable', function()
   local xs = {T({1}), T({2}), T({3}), {T({4}), T({5})}}
   local m = nn.NarrowTable(2, 2)
   local out = m:forward(xs)
   check.eq(#out, 2, 'length')
   check.eq(out[1], xs[2], 'same tensors')
   local g = m:backward(xs, {T({7}), T({8})})
   check.near(g[1], T({0}), 0, 'outside: zeros')
   check.near(g[2], T({7}), 0, 'inside')
   check.near(g[4][2], T({0}), 0, 'nested zeros')
   check.errors(function() nn.NarrowTable(3, 3):forward(xs) end, 'entries 3 to 5', 'past the end')
   check.errors(function() nn.NarrowTable() end, 'NarrowTable', 'offset required')
end)

check.test('FlattenTable', function()
   local a, b, c, d = T({1}), T({2}), T({3}), T({4})
   local m = nn.FlattenTable()
   local out = m:forward({a, {b, {c}}, d})
   check.eq(#out, 4, 'flat length')
   check.truthy(out[1] == a and out[2] == b and out[3] == c and out[4] == d, 'depth-first order')
   local g = m:backward({a, {b, {c}}, d}, {T({5}), T({6}), T({7}), T({8})})
   check.near(g[2][2][1], T({7}), 0, 'gradient back in the nested shape')
   check.eq(#m:forward({a, b}), 2, 'rebuilt for a new shape')
end)

check.test('ZipTable, ZipTableOneToMany', function()
   local a1, a2, b1, b2 = T({1}), T({2}), T({3}), T({4})
   local z = nn.ZipTable():forward({{a1, a2}, {b1, b2}})
   check.truthy(z[1][1] == a1 and z[1][2] == b1 and z[2][1] == a2 and z[2][2] == b2, 'zipped')
   local v = T({1, 1})
   local m = nn.ZipTableOneToMany()
   local out = m:forward({v, {a1, a2, b1}})
   check.eq(#out, 3, 'one pair per entry')
   check.truthy(out[2][1] == v and out[2][2] == a2, 'pair')
   local g = m:backward({v, {a1, a2, b1}}, {{T({1, 2}), T({0})}, {T({3, 4}), T({0})}, {T({5, 6}), T({9})}})
   check.near(g[1], T({9, 12}), 0, 'the shared element sums its gradients')
   check.near(g[2][3], T({9}), 0, 'the rest pass through')
   check.errors(function() m:forward({v}) end, 'table of element and table', 'bad input')
end)

check.test('MixtureTable', function()
   local gater = T({{0.25, 0.75}, {1, 0}})
   local e1, e2 = T({{1, 2}, {3, 4}}), T({{5, 6}, {7, 8}})
   local m = nn.MixtureTable()
   check.near(m:forward({gater, {e1, e2}}), T({{4, 5}, {3, 4}}), 1e-15, 'table of experts')
   local g = m:backward({gater, {e1, e2}}, T({{1, 0}, {0, 1}}))
   check.near(g[1], T({{1, 5}, {4, 8}}), 1e-15, 'd/dgater = <gradOutput, expert>')
   check.near(g[2][2], T({{0.75, 0}, {0, 0}}), 1e-15, 'd/dexpert = gate * gradOutput')
   -- experts as one tensor [batch x expert x dim]
   local et = torch.cat(e1:view(2, 1, 2), e2:view(2, 1, 2), 2)
   local m2 = nn.MixtureTable(2)
   check.near(m2:forward({gater, et}), T({{4, 5}, {3, 4}}), 1e-15, 'tensor of experts')
   local g2 = m2:backward({gater, et}, T({{1, 0}, {0, 1}}))
   check.near(g2[1], T({{1, 5}, {4, 8}}), 1e-15, 'tensor: d/dgater')
   check.errors(function() nn.MixtureTable():forward({T({{1, 1, 1}}), {e1, e2}}) end, 'one gater output per expert', 'count mismatch')
   tableJacobian(nn.MixtureTable(2), {torch.rand(3, 4), torch.randn(3, 4, 5)}, 'MixtureTable')
end)

check.test('SelectTable and ConcatTable on tables of varying length', function()
   local s = nn.SelectTable(1)
   local big = {T({1}), {T({2}), T({3}), T({4})}}
   s:forward(big)
   check.eq(#s:backward(big, T({1}))[2], 3, 'nested length')
   local small = {T({1}), {T({2})}}
   s:forward(small)
   check.eq(#s:backward(small, T({1}))[2], 1, 'nested table shrinks')
   local neg = nn.SelectTable(-1)
   check.eq(neg:forward(big), big[2], 'negative index')
   check.errors(function() nn.SelectTable(5):forward(big) end, 'does not exist', 'missing index')
   local named = nn.SelectTable('x')
   check.near(named:forward({x = T({9})}), T({9}), 0, 'string key')
   local c = nn.ConcatTable():add(nn.Identity()):add(nn.Identity())
   c:forward({T({1}), T({2})})
   c:backward({T({1}), T({2})}, {{T({1}), T({1})}, {T({1}), T({1})}})
   c:forward({T({1})})
   local g = c:backward({T({1})}, {{T({1})}, {T({2})}})
   check.eq(#g, 1, 'ConcatTable gradInput shrinks with the input')
   check.near(g[1], T({3}), 0, 'summed')
end)

check.run()
