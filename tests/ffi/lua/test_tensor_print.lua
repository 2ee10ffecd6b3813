-- print(t) / tostring of tensors and storages in Torch7's layout. The expected strings were
-- captured from the real Torch7 (torch7 814ea4a) printing the same expressions.
require 'torch'
local check = require 'check'

function seq(n, m)
   local t = {}
   for i = 1, n do t[i] = i * m end
   return torch.Tensor(t)
end

local cases = (function()
return {
  { "torch.Tensor({{1,2,3},{4,5,6}})",
    " 1  2  3\
 4  5  6\
[torch.DoubleTensor of size 2x3]\
" },
  { "torch.Tensor({1.5,2.25,-3})",
    " 1.5000\
 2.2500\
-3.0000\
[torch.DoubleTensor of size 3]\
" },
  { "torch.Tensor({{0.001,0.002},{0.0035,0.0001}})",
    "0.001 *\
  1.0000  2.0000\
  3.5000  0.1000\
[torch.DoubleTensor of size 2x2]\
" },
  { "torch.Tensor({1e10, 1, 2})",
    " 1.0000e+10\
 1.0000e+00\
 2.0000e+00\
[torch.DoubleTensor of size 3]\
" },
  { "torch.Tensor({123456.5, 1.25})",
    " 1.2346e+05\
 1.2500e+00\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({1e-8, 1e3})",
    " 1.0000e-08\
 1.0000e+03\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({0, 0})",
    " 0\
 0\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({1234567.5, 2.5})",
    " 1.2346e+06\
 2.5000e+00\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor(2,3,2):copy(torch.Tensor({1,2,3,4,5,6,7,8,9,10,11,12.5}))",
    "(1,.,.) = \
   1.0000   2.0000\
   3.0000   4.0000\
   5.0000   6.0000\
\
(2,.,.) = \
   7.0000   8.0000\
   9.0000  10.0000\
  11.0000  12.5000\
[torch.DoubleTensor of size 2x3x2]\
" },
  { "seq(16,0.001):view(2,2,2,2)",
    "(1,1,.,.) = \
 0.01 *\
   0.1000  0.2000\
   0.3000  0.4000\
\
(2,1,.,.) = \
 0.01 *\
   0.9000  1.0000\
   1.1000  1.2000\
\
(1,2,.,.) = \
 0.01 *\
   0.5000  0.6000\
   0.7000  0.8000\
\
(2,2,.,.) = \
 0.01 *\
   1.3000  1.4000\
   1.5000  1.6000\
[torch.DoubleTensor of size 2x2x2x2]\
" },
  { "seq(90,1):view(3,30)",
    "Columns 1 to 20\
  1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20\
 31  32  33  34  35  36  37  38  39  40  41  42  43  44  45  46  47  48  49  50\
 61  62  63  64  65  66  67  68  69  70  71  72  73  74  75  76  77  78  79  80\
\
Columns 21 to 30\
 21  22  23  24  25  26  27  28  29  30\
 51  52  53  54  55  56  57  58  59  60\
 81  82  83  84  85  86  87  88  89  90\
[torch.DoubleTensor of size 3x30]\
" },
  { "seq(24,1000.5):view(2,12)",
    "Columns 1 to 6\
  1000.5000   2001.0000   3001.5000   4002.0000   5002.5000   6003.0000\
 13006.5000  14007.0000  15007.5000  16008.0000  17008.5000  18009.0000\
\
Columns 7 to 12\
  7003.5000   8004.0000   9004.5000  10005.0000  11005.5000  12006.0000\
 19009.5000  20010.0000  21010.5000  22011.0000  23011.5000  24012.0000\
[torch.DoubleTensor of size 2x12]\
" },
  { "seq(24,0.5):view(2,3,4)",
    "(1,.,.) = \
   0.5000   1.0000   1.5000   2.0000\
   2.5000   3.0000   3.5000   4.0000\
   4.5000   5.0000   5.5000   6.0000\
\
(2,.,.) = \
   6.5000   7.0000   7.5000   8.0000\
   8.5000   9.0000   9.5000  10.0000\
  10.5000  11.0000  11.5000  12.0000\
[torch.DoubleTensor of size 2x3x4]\
" },
  { "torch.Tensor()",
    "[torch.DoubleTensor with no dimension]\
" },
  { "torch.FloatTensor({1,2})",
    " 1\
 2\
[torch.FloatTensor of size 2]\
" },
  { "torch.ByteTensor({1,200})",
    "   1\
 200\
[torch.ByteTensor of size 2]\
" },
  { "torch.CharTensor({-1,100})",
    "  -1\
 100\
[torch.CharTensor of size 2]\
" },
  { "torch.LongTensor({{-1,2},{3,-400}})",
    "  -1    2\
   3 -400\
[torch.LongTensor of size 2x2]\
" },
  { "torch.IntTensor({{7}})",
    " 7\
[torch.IntTensor of size 1x1]\
" },
  { "torch.ShortTensor(2,2):fill(-3)",
    "-3 -3\
-3 -3\
[torch.ShortTensor of size 2x2]\
" },
  { "torch.Tensor({0/0, 1})",
    "nan\
1.000000\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({1/0, 1})",
    "        inf\
 1.0000e+00\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({{1/0, 1.5}})",
    "         inf   1.5000e+00\
[torch.DoubleTensor of size 1x2]\
" },
  { "torch.DoubleStorage({1.5, 2})",
    " 1.5000\
 2.0000\
[torch.DoubleStorage of size 2]\
" },
  { "torch.LongStorage({3,4})",
    " 3\
 4\
[torch.LongStorage of size 2]\
" },
  { "torch.FloatStorage({0.001, 0.01})",
    "0.001 *\
 1.0000\
10.0000\
[torch.FloatStorage of size 2]\
" },
  { "torch.ByteStorage()",
    "[torch.ByteStorage of size 0]\
" },
  { "torch.Tensor({{1,2},{3,4}}):t()",
    " 1  3\
 2  4\
[torch.DoubleTensor of size 2x2]\
" },
  { "torch.Tensor({-0.5, 0.25})",
    "-0.5000\
 0.2500\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({1e-3, 5e-3})",
    "0.001 *\
 1.0000\
 5.0000\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor({1e100, 1e-100})",
    " 1.0000e+100\
 1.0000e-100\
[torch.DoubleTensor of size 2]\
" },
  { "torch.Tensor(4,3):zero()[{{2,3},{2}}]",
    " 0\
 0\
[torch.DoubleTensor of size 2x1]\
" },
  { "torch.Tensor({{1e-5, 2e-5}, {3e-5, 4.5e-5}})",
    "1e-05 *\
  1.0000  2.0000\
  3.0000  4.5000\
[torch.DoubleTensor of size 2x2]\
" },
  { "torch.Tensor({12345.678})",
    " 12345.6780\
[torch.DoubleTensor of size 1]\
" },
  { "torch.Tensor({-7.25})",
    "-7.2500\
[torch.DoubleTensor of size 1]\
" },
  { "seq(30,1.5):view(1,30)",
    "Columns 1 to 8\
  1.5000   3.0000   4.5000   6.0000   7.5000   9.0000  10.5000  12.0000\
\
Columns 9 to 16\
 13.5000  15.0000  16.5000  18.0000  19.5000  21.0000  22.5000  24.0000\
\
Columns 17 to 24\
 25.5000  27.0000  28.5000  30.0000  31.5000  33.0000  34.5000  36.0000\
\
Columns 25 to 30\
 37.5000  39.0000  40.5000  42.0000  43.5000  45.0000\
[torch.DoubleTensor of size 1x30]\
" },
  { "seq(6,1):view(2,3):t()",
    " 1  4\
 2  5\
 3  6\
[torch.DoubleTensor of size 3x2]\
" },
  { "torch.Tensor(3,2):fill(1):sub(2,3)",
    " 1  1\
 1  1\
[torch.DoubleTensor of size 2x2]\
" },
  { "torch.Tensor({1,2,3}):size()",
    " 3\
[torch.LongStorage of size 1]\
" },
}
end)()

for _, c in ipairs(cases) do
   local code, expected = c[1], c[2]
   local ok, v = pcall(loadstring('return ' .. code))
   if check.truthy(ok, code .. ' evaluates') then
      check.eq(tostring(v), expected, 'tostring(' .. code .. ')')
   end
end

-- print() writes the same string
check.test('print uses __tostring', function()
   local t = torch.Tensor({{1, 2}, {3, 4}})
   local out = {}
   local oldprint = print
   print = function(...) out[#out + 1] = tostring((...)) end
   print(t)
   print = oldprint
   check.eq(out[1], ' 1  2\n 3  4\n[torch.DoubleTensor of size 2x2]\n')
end)

-- a wide matrix breaks into column blocks that fit 80 characters
check.test('column blocks', function()
   local s = tostring(seq(90, 1):view(3, 30))
   check.truthy(s:find('Columns 1 to 20', 1, true), 'first block')
   check.truthy(s:find('Columns 21 to 30', 1, true), 'second block')
   -- a non-contiguous view prints its own values
   local v = seq(6, 1):view(2, 3):narrow(2, 2, 2)
   check.eq(tostring(v), ' 2  3\n 5  6\n[torch.DoubleTensor of size 2x2]\n')
end)

check.run()
