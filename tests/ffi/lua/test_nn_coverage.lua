-- Every THNN kernel family declared in THNN.h (the Name of THNN_(Name_updateOutput) and the rest)
-- is called by at least one nn module's source in lua-compat/nn, unless it is on the allow-list
-- below of kernels torch/nn itself never wrapped in a module on the CPU. A new kernel therefore
-- needs a module (or a reason here) before this test passes again.
require 'nn'
local check = require 'check'
local THNN = require 'nn.THNN'

-- Name -> why no lua-compat module calls it.
local allowed = {
   GRUFused = 'the fused GRU cell of the CUDA rnn packages (cunn); torch/nn had no CPU module',
   LSTMFused = 'the fused LSTM cell of the CUDA rnn packages (cunn); torch/nn had no CPU module',
   SpatialGridSamplerBilinear = 'added for PyTorch\'s legacy backend (grid_sample); torch/nn had no module',
   SpatialFullDilatedConvolution = 'added for PyTorch\'s legacy backend; torch/nn had no module',
   VolumetricFullDilatedConvolution = 'added for PyTorch\'s legacy backend; torch/nn had no module',
   VolumetricConvolution = 'torch/nn called it for CUDA tensors only; on the CPU nn.VolumetricConvolution ' ..
      'runs VolumetricConvolutionMM, as here',
   unfolded = 'unfolded_copy/unfolded_acc are the im2col helpers other C code links to, not a layer',
}

-- The header: next to this test in the source tree; else the declarations generated from it.
local function slurp(path)
   local f = io.open(path, 'rb')
   if not f then return nil end
   local s = f:read('*a')
   f:close()
   return s
end
local header = slurp('../../../THNN/generic/THNN.h')

local families, functions = {}, {}
local function addFunction(fn)
   local family = fn:match('^(.-)_[%a]+$')
   if family and not functions[fn] then
      functions[fn] = family
      families[family] = families[family] or {}
      table.insert(families[family], fn)
   end
end
if header then
   for fn in header:gmatch('THNN_%(([%w_]+)%)%(') do addFunction(fn) end
else
   for _, fn in ipairs(THNN.names.Float) do addFunction(fn:gsub('^_', '')) end
end

-- The sources of the nn package (this build's own lua-compat/nn).
local layers = assert(package.searchpath('nn.layers', package.path), 'nn sources not found')
local dir = layers:match('^(.*)/[^/]+$')
local sources = {}
local ls = assert(io.popen('ls "' .. dir .. '"'))
for name in ls:lines() do
   -- THNN.lua binds every kernel and Jacobian.lua tests modules: neither is a module's use
   if name:match('%.lua$') and name ~= 'THNN.lua' and name ~= 'THNN_h.lua' and name ~= 'Jacobian.lua' then
      sources[name] = slurp(dir .. '/' .. name)
   end
end
ls:close()

-- A family is used when a source names one of its functions (k.Name_updateOutput), or passes the
-- family's name as a string to code that appends the function suffix (kernel .. '_updateOutput').
local function usedBy(family)
   for file, text in pairs(sources) do
      for _, fn in ipairs(families[family]) do
         if text:find('[^%w_]' .. fn .. '[^%w_]') then return file end
      end
      if text:find("'" .. family .. "'", 1, true) or text:find('"' .. family .. '"', 1, true) then
         if text:find("%.%. *'_updateOutput'") or text:find("%.%. *'_[%a]+'") then return file end
      end
   end
end

check.test('THNN.h was read', function()
   local n = 0
   for _ in pairs(families) do n = n + 1 end
   check.truthy(n > 50, 'kernel families found (' .. n .. ')')
   check.truthy(families.SpatialConvolutionMM ~= nil, 'SpatialConvolutionMM among them')
end)

check.test('every kernel family is used by a module or allowed', function()
   local names = {}
   for family in pairs(families) do names[#names + 1] = family end
   table.sort(names)
   for _, family in ipairs(names) do
      local file = usedBy(family)
      if not file and not allowed[family] then
         check.truthy(false, family .. ': no nn module calls it and it is not on the allow-list')
      else
         check.truthy(true, family)
      end
   end
end)

check.test('the allow-list', function()
   for family, why in pairs(allowed) do
      check.truthy(families[family] ~= nil, family .. ': on the allow-list but not declared in THNN.h')
      check.truthy(type(why) == 'string' and #why > 20, family .. ': a reason')
      check.truthy(families[family] == nil or not usedBy(family),
                   family .. ': a module calls it now: take it off the allow-list')
      -- every family stays reachable through the bindings for both types
      for _, fn in ipairs(families[family] or {}) do
         check.truthy(THNN.kernels.Float[fn] ~= nil and THNN.kernels.Double[fn] ~= nil, fn .. ': bound')
      end
   end
end)

check.test('the modules behind the families exist', function()
   -- the families this package wraps name a torch/nn class of the same name, or are used inside one
   for _, cls in ipairs({'SpatialConvolutionLocal', 'SpatialConvolutionMap', 'SpatialFullConvolutionMap',
                         'SpatialFullConvolution', 'SpatialDilatedConvolution', 'SpatialDepthWiseConvolution',
                         'SpatialSubSampling', 'SpatialDilatedMaxPooling', 'SpatialFractionalMaxPooling',
                         'SpatialMaxUnpooling', 'SpatialClassNLLCriterion', 'TemporalSubSampling',
                         'TemporalRowConvolution', 'VolumetricFullConvolution', 'VolumetricDilatedConvolution',
                         'VolumetricDilatedMaxPooling', 'VolumetricFractionalMaxPooling', 'VolumetricMaxUnpooling',
                         'VolumetricReplicationPadding', 'SparseLinear', 'IndexLinear', 'FeatureLPPooling'}) do
      check.truthy(nn[cls] ~= nil, 'nn.' .. cls)
   end
end)

check.run()
