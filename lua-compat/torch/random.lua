-- torch.random: generators, seeding and random draws with Torch7's Lua signatures.
-- The numbers come from libTH's Mersenne Twister, seeded and drawn as Torch7 did: the same seed
-- gives Torch7's sequence.
local ffi = require 'ffi'
local libs = require 'torch.libs'
local TH = libs.TH
local check = libs.check
local torch = rawget(_G, 'torch') or error('torch.random: load it through require "torch"')
local M = require 'torch.TensorMath'

local def, call, NONE = M.def, M.call, M.NONE
local ALL, FLT = M.ALL, M.FLOATING

---------------------------------------------------------------------------------------------
-- torch.Generator: a THGenerator* with its own state (freed when collected)

local GENPTR = ffi.typeof('THGenerator*')
local Generator = {}
local genmt = {
   __index = Generator,
   __tostring = function() return 'torch.Generator' end,
}
ffi.metatype('THGenerator', genmt)

local function newGenerator()
   local g = TH.THGenerator_new()
   check(3)
   return ffi.gc(g, TH.THGenerator_free)
end

torch.Generator = setmetatable({}, {
   __index = Generator,
   __newindex = Generator,
   __call = function() return newGenerator() end,
   __tostring = function() return 'torch.Generator' end,
})

-- torch.typename(g) == 'torch.Generator' (the class registry keys cdata by ctype id)
if torch._cdataTypes then
   torch._cdataTypes[tonumber(ffi.typeof(GENPTR))] = { Generator, 'generator', 'torch.Generator' }
end

-- The default generator, as in Torch7: a fresh one (initial seed 5489) until seeded.
torch._gen = newGenerator()

---------------------------------------------------------------------------------------------
-- seeding and state: plain torch functions (no tensor type)

local Byte = torch._types.Byte
local function plain(name, variants)
   -- reuse TensorMath's variant preparation through a one-type def on a private table
   M.def(name, { 'Byte' }, variants, { fn = true })
   local f = M.FUNCS.Byte[name]
   M.FUNCS.Byte[name] = nil
   torch[name] = f
end

local GEN = { k = 'gen', d = true }
local function toSeed(x)
   -- Torch7 read the seed as a C long
   return ffi.cast('long', x)
end

-- seeds come back as Torch7 gave them: the C unsigned long read as a long
local function seedOf(cfn)
   return function(_, a)
      local r = cfn(a[1])
      check()
      return tonumber(ffi.cast('long', r))
   end
end
plain('seed', { { args = { GEN, { k = 'num', cret = true } }, f = seedOf(TH.THRandom_seed) } })
plain('initialSeed', { { args = { GEN, { k = 'num', cret = true } },
                         f = seedOf(TH.THRandom_initialSeed) } })
plain('manualSeed', { { args = { GEN, { k = 'num' } }, f = function(_, a)
   TH.THRandom_manualSeed(a[1], toSeed(a[2]))
   check()
end } })
local STATE = { k = 'Byte', d = true, ret = true, md = NONE }
plain('getRNGState', { { cg = 'THByteTensor_getRNGState', args = { GEN, STATE } } })
plain('setRNGState', { { cg = 'THByteTensor_setRNGState', args = { GEN, STATE } } })

---------------------------------------------------------------------------------------------
-- scalar and tensor draws

local function drawRandom(gen)
   return TH.THRandom_random(gen)
end

-- torch.random([gen,] [a,] [b]) and t:random([gen,] [a,] [b]): integers in [a, b] / [1, b]
def('random', ALL, {
   { args = { GEN, { k = 'num' }, { k = 'num' }, { k = 'num', cret = true } }, f = function(_, a)
      local lo, hi = a[2], a[3]
      if not (hi >= lo) then error('upper bound must be larger than lower bound', 2) end
      local r = drawRandom(a[1])
      return tonumber(r % (hi + 1 - lo)) + lo
   end },
   { args = { GEN, { k = 'num' }, { k = 'num', cret = true } }, f = function(_, a)
      local hi = a[2]
      if not (hi > 0) then error('upper bound must be strictly positive', 2) end
      return tonumber(drawRandom(a[1]) % hi) + 1
   end },
   { args = { GEN, { k = 'num', cret = true } }, f = function(_, a)
      return tonumber(ffi.cast('long', drawRandom(a[1])))
   end },
   { args = { { k = 'T', ret = true }, GEN, { k = 'num' }, { k = 'num' } }, f = function(T, a)
      T.fn('clampedRandom')(a[1], a[2], a[3], a[4] + 1)
      check()
      return a[1]
   end },
   { args = { { k = 'T', ret = true }, GEN, { k = 'num' } }, f = function(T, a)
      T.fn('clampedRandom')(a[1], a[2], 1, a[3] + 1)
      check()
      return a[1]
   end },
   { c = 'random', args = { { k = 'T', ret = true }, GEN } } })

def('geometric', ALL, {
   { cg = 'THRandom_geometric', args = { GEN, { k = 'num' }, { k = 'num', cret = true } } },
   { c = 'geometric', args = { { k = 'T', ret = true }, GEN, { k = 'num' } } } })

def('bernoulli', ALL, {
   { cg = 'THRandom_bernoulli', args = { GEN, { k = 'num', d = 0.5 }, { k = 'num', cret = true } } },
   { c = 'bernoulli', args = { { k = 'T', ret = true }, GEN, { k = 'num', d = 0.5 } } },
   { c = 'bernoulli_FloatTensor', args = { { k = 'T', ret = true }, GEN, { k = 'Float' } } },
   { c = 'bernoulli_DoubleTensor', args = { { k = 'T', ret = true }, GEN, { k = 'Double' } } } })

-- randperm: TH draws 0..n-1; Torch7's Lua gave 1..n
local RES = { k = 'T', d = true, ret = true, md = NONE }
def('randperm', ALL, { { c = 'randperm', args = { RES, GEN, { k = 'num' } },
   post = function(T, a) T.fn('add')(a[1], a[1], 1) end } })

def('rand', FLT, { { c = 'rand', args = { RES, GEN, { k = 'size' } } } })
def('randn', FLT, { { c = 'randn', args = { RES, GEN, { k = 'size' } } } })

-- multinomial: indices into the distribution, 1-based
def('multinomial', FLT, { { c = 'multinomial', args = {
   { k = 'idx', d = true, ret = true, md = NONE }, GEN, { k = 'T' }, { k = 'num' },
   { k = 'bool', d = false } } } })

for _, f in ipairs({ { 'uniform', 0, 1 }, { 'normal', 0, 1 }, { 'cauchy', 0, 1 },
                     { 'logNormal', 1, 2 } }) do
   local name, a, b = f[1], f[2], f[3]
   def(name, FLT, {
      { cg = 'THRandom_' .. name, args = { GEN, { k = 'num', d = a }, { k = 'num', d = b },
                                           { k = 'num', cret = true } } },
      { c = name, args = { { k = 'T', ret = true }, GEN, { k = 'real', d = a },
                           { k = 'real', d = b } } } })
end

def('exponential', FLT, {
   { cg = 'THRandom_exponential', args = { GEN, { k = 'num' }, { k = 'num', cret = true } } },
   { c = 'exponential', args = { { k = 'T', ret = true }, GEN, { k = 'real' } } } })

return torch
