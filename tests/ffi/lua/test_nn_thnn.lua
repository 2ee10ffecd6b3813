-- Every function THNN.h declares is bound from Lua, for Float and Double, and resolves in libTHNN;
-- THNN errors become Lua errors carrying THNN's message, and the library keeps working after them.
require 'torch'
local check = require 'check'
local ffi = require 'ffi'
local THNN = require 'nn.THNN'

-- Parse the header here, independently of gen_thnn_h.py.
local function headerNames()
   local f = assert(io.open('../../../THNN/generic/THNN.h'))
   local text = f:read('*a')
   f:close()
   text = text:gsub('/%*.-%*/', '')
   local names = {}
   for name in text:gmatch('TH_API%s+void%s+THNN_%(([%w_]+)%)%s*%(') do names[#names + 1] = name end
   return names
end

check.test('every declared function is bound and resolves', function()
   local names = headerNames()
   check.truthy(#names > 150, 'header parsed (' .. #names .. ' functions)')
   local missing = {}
   for _, T in ipairs({'Float', 'Double'}) do
      for _, name in ipairs(names) do
         local ok, fn = pcall(function() return THNN.C['THNN_' .. T .. name] end)
         if not ok or fn == nil then missing[#missing + 1] = T .. name .. ' (clib)' end
         if type(THNN.kernels[T][name]) ~= 'function' then missing[#missing + 1] = T .. name .. ' (Lua)' end
         if THNN.kernels['torch.' .. T .. 'Tensor'][name] ~= THNN.kernels[T][name] then
            missing[#missing + 1] = T .. name .. ' (by type name)'
         end
      end
   end
   check.eq(#missing, 0, 'unbound: ' .. table.concat(missing, ', '))
   check.eq(#THNN.names.Float, #names, 'Float count')
   check.eq(#THNN.names.Double, #names, 'Double count')
end)

check.test('calls by type, through tensor.THNN, with NULL optionals', function()
   local x = torch.FloatTensor({-2, 0.5, 3})
   local y = torch.FloatTensor()
   THNN.call(x, 'Abs_updateOutput', x, y)
   check.near(y, torch.FloatTensor({2, 0.5, 3}), 1e-7, 'Abs via THNN.call')
   local d = torch.DoubleTensor({-1, 1})
   local out = torch.DoubleTensor()
   d.THNN.HardTanh_updateOutput(d:cdata(), out:cdata(), -0.5, 0.5, false)
   check.near(out, torch.DoubleTensor({-0.5, 0.5}), 1e-12, 'HardTanh via tensor.THNN with cdata')
   -- Linear without bias: the bias argument is NULL
   local w = torch.DoubleTensor({{1, 2}, {3, 4}})
   local o = torch.DoubleTensor()
   THNN.kernels.Double.Linear_updateOutput(torch.DoubleTensor({{1, 1}}), o, w, nil, torch.DoubleTensor())
   check.near(o, torch.DoubleTensor({{3, 7}}), 1e-12, 'Linear, NULL bias')
   check.errors(function() THNN.call(torch.IntTensor(2), 'Abs_updateOutput') end, 'Float and Double only')
end)

check.test('errors carry THNN message, library keeps working', function()
   local k = THNN.kernels.Double
   local x, y = torch.DoubleTensor(3, 4), torch.DoubleTensor()
   check.errors(function() k.Linear_updateOutput(x, y, torch.DoubleTensor(2, 5), nil, torch.DoubleTensor()) end,
      'Linear_updateOutput')
   check.errors(function()
      k.SpatialConvolutionMM_updateOutput(torch.DoubleTensor(1, 3, 2, 2), y, torch.DoubleTensor(4, 27), nil,
         torch.DoubleTensor(), torch.DoubleTensor(), 3, 3, 1, 1, 0, 0)
   end, 'SpatialConvolutionMM')
   -- after the errors: a correct call works
   k.Linear_updateOutput(torch.DoubleTensor({{1, 2, 3, 4, 5}}), y, torch.DoubleTensor(2, 5):fill(1), nil, torch.DoubleTensor())
   check.near(y, torch.DoubleTensor({{15, 15}}), 1e-12, 'works after errors')
end)

check.run()
