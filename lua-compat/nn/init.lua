-- nn: Torch7's neural-network package over libTHNN, through the LuaJIT FFI.
require 'torch'

nn = nn or {}
local nn = nn

nn.utils = require 'nn.utils'
nn.THNN = require 'nn.THNN'

require 'nn.Module'
require 'nn.containers'
require 'nn.layers'
require 'nn.simple'
require 'nn.tables'
require 'nn.criteria'
require 'nn.elementwise'
require 'nn.shape'
require 'nn.distance'
require 'nn.criteria_more'
require 'nn.misc'
require 'nn.normalization'
require 'nn.convolution'
require 'nn.pooling'
require 'nn.sparse'
require 'nn.hessian'
require 'nn.StochasticGradient'
nn.Jacobian = require 'nn.Jacobian'
nn.SparseJacobian = require 'nn.SparseJacobian'

return nn
