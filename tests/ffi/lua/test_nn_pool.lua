-- The poolings, padding and criterion of nn/pooling.lua: values captured from real Torch7 for the
-- same calls (check.golden), finite-difference gradients in Double, Float against Double, bad
-- inputs, index tensors across type conversion.
require 'nn'
local check = require 'check'
torch.manualSeed(12)

-- the helpers det, params, input and fb (nnutil.lua)
local nnutil = require 'nnutil'
local setup = nnutil.setup

-- Captured from Torch7 (torch/nn 87268255) with the same setup and code.
check.golden(setup, {
   {[=[local m = nn.SpatialDilatedMaxPooling(2, 2, 1, 1, 0, 0, 2, 2)
return fb(m, input(1, 2, 5, 5)), m.indices]=],
    "torch.DoubleTensor[2x3x3]{0.991665,0.675463,0.0415807,0.859162,0.986772,0.989358,0.662969,0.0247754,-0.342481,0.983907,0.980763,0.983907,-0.310697,0.3747,0.88387,0.977343,0.980763,0.624377} | torch.LongTensor[2x3x3]{1,2,3,18,19,10,11,12,25,3,12,3,18,19,20,21,12,13}"},
   {[=[local m = nn.SpatialDilatedMaxPooling(3, 2, 2, 1, 1, 0, 1, 2):ceil()
return fb(m, input(2, 2, 2, 5, 6))]=],
    "torch.DoubleTensor[2x2x3x4]{0.42738,0.592074,0.972008,0.894791,0.96792,0.96792,0.412118,-0.0495356,0.975821,0.975821,0.972008,0.894791,0.982618,0.982618,0.979358,0.879273,0.365653,0.644897,0.9856,0.862761,0.982618,0.982618,0.349951,0.0177019,0.988304,0.988304,0.318257,0.0513097,0.992873,0.992873,0.990728,0.845273,0.302272,0.694804,0.994736,0.826829,0.270051,0.718593,0.997619,0.80745,0.996318,0.996318,0.253823,0.118313,0.998638,0.998638,0.997619,0.80745} | torch.DoubleTensor[2x2x5x6]{-0.550686,0,0,0,0,0,0,1.02138,0,-0.457536,0,0,0,0,0,0.116549,0.862201,1.73892,0,0,0,0,0,-0.922775,0,-1.49059,0,0,0,0,0,0,0,0,0.206467,-0.472422,-0.929124,0,0,0,0,0,0,3.53893,0,0.777794,0,0,0,0,0,-0.948844,-0.522309,0.149877,0,0,0,0,0,0.189987,0,-1.42238,0,-0.943401,0,0,0,0,0,0,0.999994,0.767116,0.173452,0,0,0,0,-0.507897,0,0.929038,0,0,0,0,0,0,0,-0.501789,-0.941031,-0.937692,-0.493341,0,0,0,0,0,0,0.91309,0,-0.516262,0,0,0,0,0,0.183036,0.972868,1.78379,0,0,0,0,0,-0.946587,0,-1.41036,0,0,0,0} | nil | nil"},
   {[=[return tostring(nn.SpatialDilatedMaxPooling(2, 2, 1, 1, 0, 0, 2, 2)), tostring(nn.SpatialDilatedMaxPooling(3, 3, 2, 2, 1, 1, 2, 1))]=],
    "nn.SpatialDilatedMaxPooling(2x2, 1,1, 2,2) | nn.SpatialDilatedMaxPooling(3x3, 2,2, 1,1, 2,1)"},
   {[=[local m = nn.VolumetricDilatedMaxPooling(2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 1, 2)
return fb(m, input(3, 2, 4, 4, 5))]=],
    "torch.DoubleTensor[2x2x2x4]{0.99155,0.993591,0.993591,0.803784,0.998941,0.998941,0.734397,0.850904,0.989229,0.823333,0.995351,0.99683,0.711161,0.868085,0.983748,0.986628,0.913669,0.960661,0.965195,0.965195,0.977154,0.980589,0.980589,0.623683,0.955855,0.955855,0.899486,0.969456,0.973443,0.597048,0.933001,0.945435} | torch.DoubleTensor[2x4x4x5]{0,0,0,0,0,0,1.02138,-0.457536,0,0,0,0,0,0,0.998543,0,0,0,0,0,0,0,0,0,0.740376,0.999309,0,0,0,0,0,0,-0.536573,0.133232,0,0,0,0,0,0,0,0,0.845518,0,0,0,0,0,0,0,0,-0.550686,0,0,0,0,0,0,0,-0.922775,-0.954019,0,0,0,0,0,0,0,0,-0.472422,0,0,0,0,0,0,0,0.788252,0.206467,0,0,0,0,0,0,0,0,1.77759,0.189987,0,0,0,0,0,0,0,0.751573,0,0,0,0,0,0,0,0,0.16648,0.762558,0,0,0,0,0,0,-0.943401,-0.507897,0,0,0,0,0,0,0,0,-0.372431,0,0,0,0,0,0,0,-0.929124,-0.948844,0,0,0,0,0,0,0,0,-1.42238,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0.999994,0.767116} | nil | nil"},
   {[=[local m = nn.VolumetricDilatedMaxPooling(2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1)
return fb(m, input(4, 2, 1, 4, 4, 4))]=],
    "torch.DoubleTensor[2x1x3x3x3]{-0.999923,-0.182163,0.494113,0.938,0.940731,-0.165604,0.508661,0.943696,0.486399,0.922433,0.456746,-0.750987,0.959176,0.949125,0.928795,-0.739779,0.537322,0.954285,0.565375,0.963795,0.426577,-0.0822043,0.968142,0.901788,0.411309,-0.272615,-0.99446,-0.692885,0.592789,0.972216,0.894394,0.395925,0.606246,0.976014,0.886747,-0.304811,0.349119,-0.336661,-0.0318477,0.862311,0.979537,0.98575,-0.0150378,0.982782,0.870704,0.988439,0.853675,-0.368131,0.670888,0.990849,0.301425,-0.383712,-0.888384,-0.603417} | torch.DoubleTensor[2x1x4x4x4]{-0.550686,0,0.116549,0.728969,0.998543,0.798487,0,0,0,0,0,0.22289,-0.457536,-0.922775,0,-0.954019,0,0,0,0.740376,0,0,0.788252,0.206467,0,0,0,0,-0.472422,0,-0.929124,-0.948844,-0.536573,0.133232,0,0,0,0,0,0,0.999309,0,0,0,0,0,0,0,-0.522309,0.149877,0,0.751573,0,0,0,0,0.999793,0,0.777794,0.189987,-0.487175,-0.93521,0,-0.943401,-0.507897,0,0.16648,0.762558,0.999994,0.767116,0,0,0,0,0,0.173452,-0.501789,-0.941031,0,-0.937692,0,0,0,0.773328,0,0.756222,0,0,0,0,0,0,-0.516262,0,-0.946587,-0.931717,-0.493341,0.183036,0,0,0,0,0,0.156869,0.999912,0,0,0,0,0,0,0,-0.478646,0.19954,0,0.783879,0,0,0,0,0.999547,0.745113,0,0.140241,-0.530589,-0.951875,0,-0.925479} | nil | nil"},
   {[=[return tostring(nn.VolumetricDilatedMaxPooling(2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 1, 2)), tostring(nn.VolumetricDilatedMaxPooling(2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1))]=],
    "nn.VolumetricDilatedMaxPooling(2x2x2, 1,1,1, 2,1,2) | nn.VolumetricDilatedMaxPooling(2x2x2, 2,2,2, 1,1,1, 1,1,1)"},
   {[=[local p = nn.SpatialMaxPooling(2, 2)
local u = nn.SpatialMaxUnpooling(p)
local x = input(5, 2, 4, 6)
local y = p:forward(x)
return fb(u, y)]=],
    "torch.DoubleTensor[2x4x6]{0,0.116549,0,0.998543,0.798487,0,0,0,0,0,0,0,0.999309,0,0,0,0,0,0,0,0,0.999793,0.777794,0,0,0,0,0,0,0.762558,0.999994,0,0.173452,0,0,0,0,0.183036,0,0.999912,0,0,0,0,0,0,0,0.783879} | torch.DoubleTensor[2x2x3]{0.116549,0.998543,0.798487,0.999309,0.999793,0.777794,0.999994,0.173452,0.762558,0.183036,0.999912,0.783879} | nil | nil"},
   {[=[local p = nn.SpatialMaxPooling(2, 2)
local u = nn.SpatialMaxUnpooling(p)
local x = input(6, 2, 2, 4, 4)
return fb(u, p:forward(x)), tostring(u)]=],
    "torch.DoubleTensor[2x2x4x4]{0,0.898708,0.96989,0,0,0,0,0,0,0,0,0.965658,0.571197,0,0,0,0,0,0,0.912945,0.961153,0,0,0,0,0,0,0,0,0.956376,0.543276,0,0,0,0,0,0,0.92615,0.951329,0,0,0,0,0,0,0.480205,0,0.946013,0.51474,0,0,0,0,0,0,0.938307,0.940429,0,0,0,0,0,0,0.509426} | nn.SpatialMaxUnpooling associated to nn.SpatialMaxPooling(2x2, 2,2)"},
   {[=[local p = nn.VolumetricMaxPooling(2, 2, 2)
local u = nn.VolumetricMaxUnpooling(p)
local x = input(7, 2, 4, 4, 4)
return fb(u, p:forward(x)), tostring(u)]=],
    "torch.DoubleTensor[2x4x4x4]{0.988168,0,0,0,0,0,0,0,0,0.990607,0,0,0,0,0,0,0,0,0.992766,0,0,0,0,0,0,0,0,0.994645,0,0,0,0,0,0,0,0,0.996242,0,0,0,0,0,0,0,0,0.997557,0,0,0,0,0,0,0,0,0.998591,0,0,0,0,0,0,0,0,0.999342,0,0,0,0,0,0,0,0,0.999811,0,0,0,0,0,0,0,0,0.999996,0.766546,0,0,0,0,0,0,0,0.9999,0,0,0,0,0,0,0,0,0.99952,0,0,0,0,0,0,0,0,0.998858,0,0,0,0,0,0,0,0,0.997914,0,0,0,0,0,0,0,0,0.996687,0} | nn.VolumetricMaxUnpooling associated to nn.VolumetricMaxPooling(2x2x2, 2,2,2)"},
   {[=[local m = nn.SpatialFractionalMaxPooling(2, 2, 4, 3)
m.randomSamples = torch.Tensor({{{0.1, 0.7}, {0.5, 0.25}}})
m:fixPoolingRegions()
return fb(m, input(8, 2, 7, 9)), m.indices]=],
    "torch.DoubleTensor[2x3x4]{0.662969,-0.625071,-0.342481,0.986772,0.624377,-0.663634,-0.294672,0.977343,0.59776,-0.688411,-0.262375,0.969673,0.570468,-0.712409,-0.229781,0.960907,0.528329,-0.746888,-0.180416,0.945724,0.499483,-0.768823,-0.147242,0.949682} | torch.LongTensor[2x3x4]{1,3,15,9,28,30,42,36,46,48,60,54,1,3,15,9,28,30,42,36,46,48,60,62}"},
   {[=[local m = nn.SpatialFractionalMaxPooling(3, 2, 0.5, 0.75)
m.randomSamples = torch.Tensor({{{0.3, 0.9}}, {{0.6, 0.05}}})
m:fixPoolingRegions()
return fb(m, input(9, 2, 1, 8, 10))]=],
    "torch.DoubleTensor[2x1x6x5]{-0.271761,0.60554,0.975821,0.975821,0.894791,-0.0327354,0.979358,0.979358,0.975821,0.38125,0.631955,0.982618,0.979358,0.879273,-0.31994,0.9856,0.9856,0.87114,0.349951,0.0177019,0.988304,0.9856,0.334151,-0.351615,0.670229,0.990728,0.302272,0.0680942,0.694804,0.994736,0.270051,-0.413736,0.718593,0.997619,0.996318,-0.428985,0.118313,0.998638,0.998638,0.80745,0.134992,0.741569,0.999374,0.998638,0.221158,0.752744,0.999827,0.999827,0.787158,-0.473987,0.999998,0.999998,0.999827,0.188242,0.184782,0.999887,0.999887,0.155114,0.217721,0.998815} | torch.DoubleTensor[2x1x8x10]{-0.550686,0,0,0,0,0,0,0.798487,0,0,0,0,0,0,0.116549,0.773493,0,-0.536573,0,0,0,0,0.22289,0,-0.381002,0.788252,0,0.206467,0,0,0,0,0.133232,0.740376,-0.948844,-0.522309,0,0,0,0,0,0,-0.401753,0,0.777794,0.189987,0,0,0,0.149877,0,0.751573,0,0,0,0,0,0,0,-0.487175,-0.93521,0,-0.943401,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.507897,0.16648,0.762558,0,0.999994,0.767116,0,0,0,0,0,-0.941031,0,0,-0.937692,0,0,0,0,0.173452,-0.501789,0.999912,0,0,0,0,0,-0.493341,0,0.00977677,0,-0.931717,0,0,0,0,0.756222,0.156869,-0.516262,0.999547,0,0.745113,0,0,0,0,-0.478646,0.0315437,0,-0.925479,0,0,0,0,0,0,-0.390348,0,0,0,0,0,0,-0.463816,0,1.0102,0,0.9989,0,0,0,0,0,0,0,0,0,0,0,0,0,0.733794,0,0.123573} | nil | nil"},
   {[=[return tostring(nn.SpatialFractionalMaxPooling(2, 2, 4, 3))]=],
    "nn.SpatialFractionalMaxPooling(4x3, 2,2)"},
   {[=[local m = nn.VolumetricFractionalMaxPooling(2, 2, 2, 3, 3, 2)
m.randomSamples = torch.Tensor({{{0.1, 0.7, 0.4}, {0.5, 0.25, 0.8}}})
m:fixPoolingRegions()
return fb(m, input(10, 2, 6, 5, 7))]=],
    "torch.DoubleTensor[2x2x3x3]{0.674808,0.23151,0.998027,0.99683,0.662304,0.813674,0.823333,0.995351,0.983748,0.95078,0.955078,-0.196057,0.933001,0.955078,0.914736,0.907813,-0.162976,0.964502,0.968806,0.983271,0.860959,-0.0627767,0.972836,0.98884,0.991205,0.843369,0.621622,0.706777,0.188272,0.999827,0.999373,0.694782,0.787176,0.797435,0.998636,0.990724} | torch.DoubleTensor[2x6x5x7]{0,0,0,0.116549,0,0.728969,0,0,0,0,0,0,0,0.22289,0.998543,0,0,0,0,0,0,0,-0.457536,-0.922775,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.550686,0,0,0,0,0,0,0,0,0.798487,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.954019,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.536573,0,0,0,0,0,0.740376,0,0.999309,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.929124,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0.921484,0,0,0,0,0,0,0,0,0,0.206467,0,0,0,0,0,0,0,-0.948844,-0.472422,0,0,0,0,0,0,0,-0.522309,0,0,0,0,0,0,0.999793,0,0.777794,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.943401,0,0,0,0,0,0,0,0,0,0.149877,0,0,0,0,0,0,0,0,0,0.751573,0,0,0,0,0,0,0,0.189987,0,0,0,0,0,0,0,0,-0.487175,-0.93521,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0.16648,0,0.762558,0,0,0,0,0,0,0,0.173452,0.999994,0,0,0,0,0,0,0,-0.501789,-0.941031,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.507897,0,0,0,0,0,0,0,0,0.767116,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-0.937692,0} | nil | nil"},
   {[=[return tostring(nn.VolumetricFractionalMaxPooling(2, 2, 2, 3, 3, 2))]=],
    "nn.VolumetricFractionalMaxPooling(3x3x2, 2,2,2)"},
   {[=[local m = nn.VolumetricReplicationPadding(1, 0, 2, 1, 0, 1)
return fb(m, input(11, 2, 2, 2, 3))]=],
    "torch.DoubleTensor[2x3x5x4]{-0.761984,-0.761984,-0.165604,0.508661,-0.761984,-0.761984,-0.165604,0.508661,-0.761984,-0.761984,-0.165604,0.508661,0.943696,0.943696,0.934895,0.486399,0.943696,0.943696,0.934895,0.486399,-0.190859,-0.190859,-0.778352,-0.999774,-0.190859,-0.190859,-0.778352,-0.999774,-0.190859,-0.190859,-0.778352,-0.999774,-0.750987,-0.750987,-0.148999,0.523066,-0.750987,-0.750987,-0.148999,0.523066,-0.190859,-0.190859,-0.778352,-0.999774,-0.190859,-0.190859,-0.778352,-0.999774,-0.190859,-0.190859,-0.778352,-0.999774,-0.750987,-0.750987,-0.148999,0.523066,-0.750987,-0.750987,-0.148999,0.523066,0.949125,0.949125,0.928795,0.471639,0.949125,0.949125,0.928795,0.471639,0.949125,0.949125,0.928795,0.471639,-0.207336,-0.207336,-0.788798,-0.999276,-0.207336,-0.207336,-0.788798,-0.999276,-0.739779,-0.739779,-0.132352,0.537322,-0.739779,-0.739779,-0.132352,0.537322,-0.739779,-0.739779,-0.132352,0.537322,0.954285,0.954285,0.922433,0.456746,0.954285,0.954285,0.922433,0.456746,-0.739779,-0.739779,-0.132352,0.537322,-0.739779,-0.739779,-0.132352,0.537322,-0.739779,-0.739779,-0.132352,0.537322,0.954285,0.954285,0.922433,0.456746,0.954285,0.954285,0.922433,0.456746} | torch.DoubleTensor[2x2x2x3]{-0.903351,0.404665,0.816144,-0.0904071,-0.315841,-0.322545,2.50541,0.657905,-0.244091,-0.722888,0.102275,0.401781,-0.916892,-0.88265,-0.638806,0.615603,0.241536,0.030641,-0.990944,0.800001,1.29923,-0.293927,-0.501229,-0.452391} | nil | nil"},
   {[=[local m = nn.VolumetricReplicationPadding(1)
return fb(m, input(12, 1, 1, 2, 2, 2)), tostring(m)]=],
    "torch.DoubleTensor[1x1x4x4x4]{0.133232,0.133232,0.740376,0.740376,0.133232,0.133232,0.740376,0.740376,0.999309,0.999309,0.788252,0.788252,0.999309,0.999309,0.788252,0.788252,0.133232,0.133232,0.740376,0.740376,0.133232,0.133232,0.740376,0.740376,0.999309,0.999309,0.788252,0.788252,0.999309,0.999309,0.788252,0.788252,0.206467,0.206467,-0.472422,-0.472422,0.206467,0.206467,-0.472422,-0.472422,-0.929124,-0.929124,-0.948844,-0.948844,-0.929124,-0.929124,-0.948844,-0.948844,0.206467,0.206467,-0.472422,-0.472422,0.206467,0.206467,-0.472422,-0.472422,-0.929124,-0.929124,-0.948844,-0.948844,-0.929124,-0.929124,-0.948844,-0.948844} | nn.VolumetricReplicationPadding(left=1, right=1, top=1, bottom=1, front=1, back=1)"},
   {[=[local m = nn.FeatureLPPooling(2, 1, 2, false)
return fb(m, input(13, 5, 3))]=],
    "torch.DoubleTensor[4x3]{0.910605,1.19964,1.14895,0.818335,0.753415,1.08782,1.22258,0.992376,0.707208,0.919386,1.20302,1.14314} | torch.DoubleTensor[5x3]{-0.547874,0.0938171,0.362406,-0.0565656,-0.823519,-0.836762,-0.687911,-0.0320965,-0.498101,-0.874474,-0.787296,-0.390859,0.0634026,-0.0801255,-0.646427} | nil | nil"},
   {[=[local m = nn.FeatureLPPooling(3, 2, 3, true)
return fb(m, input(14, 2, 7, 2, 2):abs())]=],
    "torch.DoubleTensor[2x3x2x2]{1.35939,0.941575,0.430087,1.02573,1.26626,1.35493,0.927053,0.436241,0.740164,1.27474,1.35016,0.912409,0.897649,0.453182,1.06559,1.38496,1.33967,0.882779,0.463677,1.07851,1.29847,1.33395,0.867808,0.475307} | torch.DoubleTensor[2x7x2x2]{-0.213156,0.0120788,0.575288,0.747655,-0.283651,0.0480917,0.0100195,0.441389,0.197112,0.177009,0.280861,-0.616371,0.399074,0.114659,-0.186173,-0.0219021,-0.599158,-0.206567,-0.314368,-0.290591,-0.296926,-0.268989,0.0684412,0.296825,-0.0122799,-0.164666,0.0725387,0.594746,0.0804424,0.703683,0.150464,-0.228557,0.394372,0.0389337,0.0937315,-0.245092,0.471653,0.148922,-0.441711,-0.0986538,-0.475795,-0.368237,-0.0335014,0.068585,-0.0717304,-0.417503,-0.0688439,0.20372,0.37986,0.511093,0.296524,0.0151256,0.244745,0.561121,0.640833,0.0355479} | nil | nil"},
   {[=[local c = nn.SpatialClassNLLCriterion()
local x = input(15, 2, 3, 2, 2)
local t = torch.LongTensor({{{1, 2}, {3, 1}}, {{2, 2}, {3, 3}}})
return c:forward(x, t), c:backward(x, t)]=],
    "-0.0627821 | torch.DoubleTensor[2x3x2x2]{-0.125,0,0,-0.125,0,-0.125,0,0,0,0,-0.125,0,0,0,0,0,-0.125,-0.125,0,0,0,0,-0.125,-0.125}"},
   {[=[local c = nn.SpatialClassNLLCriterion(torch.Tensor({0.5, 1, 2}), false)
local x = input(16, 1, 3, 2, 3)
local t = torch.Tensor({{{1, 2, 3}, {3, 2, 1}}})
local out, total = c:forward(x, t)
return out, total, c:backward(x, t)]=],
    "-3.17737 | 7 | torch.DoubleTensor[1x3x2x3]{-0.5,0,0,0,0,-0.5,0,-1,0,0,-1,0,0,0,-2,-2,0,0}"},
})

nnutil.install()

local J = nn.Jacobian
-- io false: skip the save-and-load check (clearState drops a fractional pooling's samples, so the
-- loaded copy draws new windows, in torch/nn too); lo, hi: the range of the random inputs
local function jac(m, x, name, io, lo, hi)
   check.truthy(J.testJacobian(m, x, lo, hi) < 1e-5, name .. ': d/dinput')
   if io == false then return end
   local ferr, berr = J.testIO(m, x, lo, hi)
   check.eq(ferr, 0, name .. ': forward after a save and load')
   check.eq(berr, 0, name .. ': backward after a save and load')
end

check.test('gradients (finite differences, Double)', function()
   jac(nn.SpatialDilatedMaxPooling(2, 2, 1, 1, 0, 0, 2, 2), torch.rand(2, 5, 5), 'SpatialDilatedMaxPooling')
   jac(nn.SpatialDilatedMaxPooling(3, 2, 2, 1, 1, 0, 1, 2):ceil(), torch.rand(2, 2, 5, 6), 'SpatialDilatedMaxPooling ceil')
   jac(nn.VolumetricDilatedMaxPooling(2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 1, 2), torch.rand(2, 4, 4, 5), 'VolumetricDilatedMaxPooling')
   local f = nn.SpatialFractionalMaxPooling(2, 2, 4, 3)
   f:forward(torch.rand(2, 7, 9))
   f:fixPoolingRegions()
   jac(f, torch.rand(2, 7, 9), 'SpatialFractionalMaxPooling', false)
   local v = nn.VolumetricFractionalMaxPooling(2, 2, 2, 0.5, 0.5, 0.5)
   v:forward(torch.rand(2, 2, 6, 6, 6))
   v:fixPoolingRegions()
   jac(v, torch.rand(2, 2, 6, 6, 6), 'VolumetricFractionalMaxPooling', false)
   jac(nn.VolumetricReplicationPadding(1, 0, 2, 1, 0, 1), torch.rand(2, 2, 2, 3), 'VolumetricReplicationPadding')
   jac(nn.VolumetricReplicationPadding(1, 2, 0, 1, 2, 0), torch.rand(2, 1, 2, 2, 2), 'VolumetricReplicationPadding batch')
   -- (an odd power of negative values has no real root: positive inputs)
   jac(nn.FeatureLPPooling(2, 1, 2, false), torch.rand(5, 3), 'FeatureLPPooling', true, 0.1, 1)
   jac(nn.FeatureLPPooling(3, 2, 3, true), torch.rand(2, 7, 2), 'FeatureLPPooling batch', true, 0.1, 1)
   -- the unpooling is linear in its input
   local p = nn.SpatialMaxPooling(2, 2)
   local u = nn.SpatialMaxUnpooling(p)
   p:forward(torch.rand(2, 4, 6))
   check.truthy(J.testJacobian(u, torch.rand(2, 2, 3)) < 1e-5, 'SpatialMaxUnpooling: d/dinput')
   local vp = nn.VolumetricMaxPooling(2, 2, 2)
   local vu = nn.VolumetricMaxUnpooling(vp)
   vp:forward(torch.rand(2, 4, 4, 4))
   check.truthy(J.testJacobian(vu, torch.rand(2, 2, 2, 2)) < 1e-5, 'VolumetricMaxUnpooling: d/dinput')
end)

check.test('unpooling puts each maximum back in its place', function()
   local p = nn.SpatialMaxPooling(2, 2)
   local u = nn.SpatialMaxUnpooling(p)
   local x = torch.rand(3, 4, 6)
   local back = u:forward(p:forward(x))
   check.eq(back:size(), x:size(), 'the pooled input size')
   check.near(back:max(), x:max(), 0, 'the largest value survives')
   check.eq(back:ne(0):sum(), 3 * 2 * 3, 'one value per window')
   check.near(nn.SpatialMaxPooling(2, 2):forward(back), p.output, 0, 'pooling the unpooled gives the pooled')
   check.errors(function() nn.SpatialMaxUnpooling(nn.SpatialMaxPooling(3, 3, 2, 2)) end, 'kernel must be equal to its stride')
   check.errors(function() nn.SpatialMaxUnpooling(nn.SpatialAveragePooling(2, 2)) end, 'nn.SpatialMaxPooling')
end)

check.test('fractional pooling windows', function()
   local m = nn.SpatialFractionalMaxPooling(2, 2, 0.5, 0.5)
   local x = torch.rand(2, 3, 8, 10)
   local y = m:forward(x)
   check.eq(y:size(3), 4, 'height from the ratio')
   check.eq(y:size(4), 5, 'width from the ratio')
   check.eq(m.randomSamples:size(1), 2, 'samples per image')
   check.eq(m.randomSamples:size(3), 2, 'two samples per plane')
   -- new windows each call unless fixed
   local s1 = m.randomSamples:clone()
   m:forward(x)
   check.truthy((m.randomSamples - s1):abs():max() > 0, 'new samples')
   m:fixPoolingRegions()
   local s2 = m.randomSamples:clone()
   local y2 = m:forward(x):clone()
   check.near(m.randomSamples, s2, 0, 'samples kept')
   check.near(m:forward(x), y2, 0, 'same windows, same output')
   -- every output is the largest value of a 2x2 window of its plane
   for p = 1, 3 do
      for i = 1, 4 do
         for j = 1, 5 do
            local idx = m.indices[1][p][i][j] -- 1-based position in the plane
            local r, c = math.floor((idx - 1) / 10) + 1, (idx - 1) % 10 + 1
            check.eq(y2[1][p][i][j], x[1][p][r][c], 'the value at its index')
         end
      end
   end
   m:clearState()
   check.eq(m.randomSamples, nil, 'clearState drops the samples')
   check.errors(function() nn.SpatialFractionalMaxPooling(1, 2, 3, 3) end, 'assert')
   check.errors(function() nn.SpatialFractionalMaxPooling(2, 2, 0.5, 1.5) end, 'assert')
end)

local function floatAgrees(make, x, name)
   local md = make()
   local mf = make():float()
   local yd = md:forward(x):clone()
   check.near(mf:forward(x:float()):double(), yd, 1e-5, name .. ': Float forward')
   local g = det(yd:clone(), 5)
   check.near(mf:backward(x:float(), g:float()):double(), md:backward(x, g), 1e-5, name .. ': Float gradInput')
end

check.test('Float against Double, indices stay longs', function()
   floatAgrees(function() return nn.SpatialDilatedMaxPooling(2, 2, 1, 1, 1, 1, 2, 2) end, input(1, 2, 5, 5), 'SpatialDilatedMaxPooling')
   floatAgrees(function() return nn.VolumetricDilatedMaxPooling(2, 2, 2, 1, 1, 1, 0, 0, 0, 2, 2, 2) end, input(2, 2, 5, 5, 5), 'VolumetricDilatedMaxPooling')
   floatAgrees(function() return nn.VolumetricReplicationPadding(1, 2, 1, 0, 2, 1) end, input(3, 2, 2, 2, 3), 'VolumetricReplicationPadding')
   floatAgrees(function() return nn.FeatureLPPooling(2, 2, 2, true) end, input(4, 2, 6, 3), 'FeatureLPPooling')
   floatAgrees(function()
      local m = nn.SpatialFractionalMaxPooling(2, 2, 3, 3)
      m.randomSamples = torch.Tensor({{{0.2, 0.6}, {0.9, 0.4}}})
      return m:fixPoolingRegions()
   end, input(5, 2, 6, 6), 'SpatialFractionalMaxPooling')
   for _, m in ipairs({nn.SpatialDilatedMaxPooling(2, 2), nn.VolumetricDilatedMaxPooling(2, 2, 2),
                       nn.SpatialFractionalMaxPooling(2, 2, 2, 2), nn.VolumetricFractionalMaxPooling(2, 2, 2, 2, 2, 2)}) do
      local x = m.kT and torch.rand(1, 4, 4, 4) or (m.poolSizeT and torch.rand(1, 4, 4, 4) or torch.rand(1, 4, 4))
      m:forward(x)
      m:float()
      check.eq(torch.type(m.indices), 'torch.LongTensor', torch.typename(m) .. ': indices stay longs')
      check.eq(torch.type(m:forward(x:float())), 'torch.FloatTensor', torch.typename(m) .. ': Float output')
   end
   local p = nn.SpatialMaxPooling(2, 2)
   local u = nn.SpatialMaxUnpooling(p)
   local s = nn.Sequential():add(p):add(u):float()
   check.eq(torch.type(s:forward(torch.rand(1, 4, 4):float())), 'torch.FloatTensor', 'pooling and unpooling in Float')
   check.eq(torch.type(p.indices), 'torch.LongTensor', 'the pooling indices stay longs')
end)

check.test('SpatialClassNLLCriterion', function()
   local c = nn.SpatialClassNLLCriterion()
   local x = nn.SpatialLogSoftMax and torch.rand(2, 3, 2, 2) or torch.rand(2, 3, 2, 2):log()
   local t = torch.LongTensor(2, 2, 2):random(1, 3)
   -- the mean of -x[n][t][h][w]
   local sum = 0
   for n = 1, 2 do for h = 1, 2 do for w = 1, 2 do sum = sum - x[n][t[n][h][w]][h][w] end end end
   check.near(c:forward(x, t), sum / 8, 1e-12, 'mean NLL')
   -- gradient by finite differences
   local g = c:backward(x, t):clone()
   local eps = 1e-6
   local flat, gflat = x:view(-1), g:view(-1)
   for i = 1, flat:nElement() do
      local v = flat[i]
      flat[i] = v + eps
      local up = c:forward(x, t)
      flat[i] = v - eps
      local down = c:forward(x, t)
      flat[i] = v
      check.near(gflat[i], (up - down) / (2 * eps), 1e-6, 'gradient ' .. i)
   end
   -- Float, Double targets, a bad class, then normal use again
   local cf = nn.SpatialClassNLLCriterion():float()
   check.near(cf:forward(x:float(), t:double()), sum / 8, 1e-5, 'Float with Double targets')
   t[1][1][1] = 4
   check.errors(function() c:forward(x, t) end, 'SpatialClassNLLCriterion')
   t[1][1][1] = 1
   check.eq(type(c:forward(x, t)), 'number', 'works after the error')
   check.errors(function() nn.SpatialClassNLLCriterion(torch.ones(2, 2)) end, 'weights input should be 1%-D Tensor')
end)

check.test('bad inputs raise errors and the modules keep working', function()
   local m = nn.SpatialDilatedMaxPooling(3, 3, 1, 1, 0, 0, 2, 2)
   check.errors(function() m:forward(torch.rand(1, 4, 4)) end, 'SpatialDilatedMaxPooling')
   check.eq(m:forward(torch.rand(1, 5, 5)):size(2), 1, 'dilated pooling after the error')
   local f = nn.SpatialFractionalMaxPooling(2, 2, 5, 5)
   check.errors(function() f:forward(torch.rand(1, 4, 4)) end, 'SpatialFractionalMaxPooling')
   check.errors(function() f:forward(torch.rand(4, 4)) end, 'input must be dim 3 or 4')
   check.eq(f:forward(torch.rand(1, 8, 8)):size(2), 5, 'fractional pooling after the error')
   local pad = nn.VolumetricReplicationPadding(1)
   check.errors(function() pad:forward(torch.rand(3, 3)) end, 'input must be 4 or 5%-dimensional')
   check.errors(function() pad:backward(torch.rand(1, 2, 2, 2), torch.rand(1, 3, 3, 3)) end, 'compatible in size')
   check.eq(pad:forward(torch.rand(1, 2, 2, 2)):size(2), 4, 'padding after the error')
   local u = nn.SpatialMaxUnpooling(nn.SpatialMaxPooling(2, 2))
   check.errors(function() u:forward(torch.rand(1, 2, 2)) end, 'has not run forward')
   check.errors(function() nn.FeatureLPPooling(1, 1, 2) end, 'width must be within 2 to 16')
   check.errors(function() nn.FeatureLPPooling(2, 5, 2) end, 'stride must be within 1 to 4')
end)

check.run()
