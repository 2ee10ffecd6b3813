-- require 'torch': Torch7's torch package on LuaJIT's FFI over ember's libTH.
if rawget(_G, 'torch') and rawget(_G.torch, '_emberLoaded') then return _G.torch end

torch = rawget(_G, 'torch') or {}
torch._emberLoaded = true
torch._VERSION = 'ember lua-compat'

-- Loads a part of the package. `optional` parts may not exist yet (during development): they are
-- skipped when their file is absent, but an error inside an existing file propagates.
local function load(name, optional)
   if optional and not package.searchpath(name, package.path) then return end
   require(name)
end

load('torch.libs')
load('torch.class')
load('torch.Storage')
load('torch.Tensor')
load('torch.TensorMath', true)
load('torch.random', true)
load('torch.print', true)
load('torch.Timer', true)
load('torch.File', true)

return torch
