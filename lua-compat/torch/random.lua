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

local function newGenerator()
   local g = TH.THGenerator_new()
   check(3)
   return ffi.gc(g, TH.THGenerator_free)
end

-- a torch class (torch.Generator() creates one, torch.factory gives the empty instance that
-- torch.load fills through Generator.read)
torch.newmetatable('torch.Generator', nil, newGenerator, nil, newGenerator, nil, Generator)
Generator.__tostring = function() return 'torch.Generator' end
ffi.metatype('THGenerator', Generator)

-- torch.typename(g) == 'torch.Generator' (the class registry keys cdata by ctype id)
if torch._cdataTypes then
   torch._cdataTypes[tonumber(ffi.typeof(GENPTR))] = { Generator, 'generator', 'torch.Generator' }
end

-- Serialization as Torch7: the generator's whole state, sizeof(THGenerator) raw bytes (the bytes
-- torch.getRNGState gives), with no count before them.
function Generator.write(g, file)
   local state = torch.ByteTensor()
   TH.THByteTensor_getRNGState(g, state)
   check()
   file:writeByte(state:storage())
end

function Generator.read(g, file)
   local n = ffi.sizeof('THGenerator')
   local bytes = file:readByte(n)
   if bytes:size() ~= n then
      error(string.format('torch.Generator.read: file truncated (%d of %d bytes)', bytes:size(), n), 2)
   end
   TH.THByteTensor_setRNGState(g, torch.ByteTensor(bytes))
   check()
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

---------------------------------------------------------------------------------------------
-- the alias method: torch.multinomialAliasSetup(probs [, state]) -> state = {J, q};
-- torch.multinomialAlias(output, state) -> output filled with draws.
-- Bases as in Torch7's Lua layer: J comes back 1-based (TH writes it 0-based) and so do the draws;
-- the draw hands TH the 0-based J, which TH's draw reads as Torch7's did (so the numbers for a seed
-- are Torch7's). Torch7 left state[1] decremented after a draw; here J is restored, so a state can
-- be drawn from again.

local Long = torch._types.Long
local longAdd = Long.fn('add')

local function floatingOf(x)
   local T, kind = torch._typeOf(x)
   if kind == 'tensor' and (T.name == 'Float' or T.name == 'Double') then return T end
end

function torch.multinomialAliasSetup(probs, state)
   local T = floatingOf(probs)
   if not T then
      error('torch.multinomialAliasSetup: expected (FloatTensor|DoubleTensor probs [, state table]), got '
            .. torch.type(probs), 2)
   end
   if torch.type(state) ~= 'table' then state = {} end
   local J, q = state[1], state[2]
   if J == nil then J = torch.LongTensor() end
   if q == nil then q = T.new() end
   if torch.type(J) ~= 'torch.LongTensor' or torch._typeOf(q) ~= T then
      error(string.format('torch.multinomialAliasSetup: state must hold {torch.LongTensor, %s}, got {%s, %s}',
                          T.tensor, torch.type(J), torch.type(q)), 2)
   end
   T.fn('multinomialAliasSetup')(probs, J, q)
   check()
   longAdd(J, J, 1)
   check()
   state[1], state[2] = J, q
   return state
end

function torch.multinomialAlias(output, state, gen)
   local g = torch._gen
   if torch.typename(output) == 'torch.Generator' then
      -- extension: a generator first, as the other random functions accept
      g, output, state = output, state, gen
   end
   if torch.type(output) ~= 'torch.LongTensor' or type(state) ~= 'table' then
      error('torch.multinomialAlias: expected ([Generator,] LongTensor output, state table from '
            .. 'torch.multinomialAliasSetup), got ' .. torch.type(output) .. ', ' .. torch.type(state), 2)
   end
   local J, q = state[1], state[2]
   local T = floatingOf(q)
   if torch.type(J) ~= 'torch.LongTensor' or not T then
      error('torch.multinomialAlias: state must hold {LongTensor, FloatTensor|DoubleTensor}, got {'
            .. torch.type(J) .. ', ' .. torch.type(q) .. '}', 2)
   end
   longAdd(J, J, -1)
   check()
   T.fn('multinomialAliasDraw')(output, g, J, q)
   local msg = TH.THGetLastError()
   msg = msg ~= nil and ffi.string(msg) or nil
   longAdd(J, J, 1) -- restore the state before reporting an error
   check()
   if msg then error(msg, 2) end
   longAdd(output, output, 1)
   check()
   return output
end

return torch
