-- ember's C ABI from LuaJIT with the raw FFI (ffi.cdef + ffi.load; no torch package).
-- Run: luajit ffi_example.lua
-- Tensors are opaque handles: this program never looks inside a struct.
local ffi = require 'ffi'

ffi.cdef [[
typedef struct THFloatTensor THFloatTensor;
typedef struct THLongTensor THLongTensor;
typedef void THNNState;
void THSetGuardedMode(int enabled);
const char *THGetLastError(void);
THFloatTensor *THFloatTensor_new(void);
THFloatTensor *THFloatTensor_newWithSize2d(long size0, long size1);
void THFloatTensor_set2d(THFloatTensor *tensor, long x0, long x1, float value);
float THFloatTensor_get2d(const THFloatTensor *tensor, long x0, long x1);
long THFloatTensor_size(const THFloatTensor *self, int dim);
void THFloatTensor_zero(THFloatTensor *self);
void THFloatTensor_max(THFloatTensor *values, THLongTensor *indices, THFloatTensor *t,
                       int dimension, int keepdim);
void THFloatTensor_addmm(THFloatTensor *r, float beta, THFloatTensor *t, float alpha,
                         THFloatTensor *mat1, THFloatTensor *mat2);
void THFloatTensor_free(THFloatTensor *self);
THLongTensor *THLongTensor_new(void);
long THLongTensor_get2d(const THLongTensor *tensor, long x0, long x1);
void THLongTensor_free(THLongTensor *self);
void THNN_FloatTanh_updateOutput(THNNState *state, THFloatTensor *input, THFloatTensor *output);
]]
local TH = ffi.load('libTH.so.0')
local THNN = ffi.load('libTHNN.so.0')

-- In guarded mode a failed call returns early and leaves its message for THGetLastError.
local function check()
  local message = TH.THGetLastError()
  if message ~= nil then error(ffi.string(message), 0) end
end

-- Every handle from new/newWithSize* is ours to free once: ffi.gc frees it with the cdata.
local function float_tensor(handle) return ffi.gc(handle, TH.THFloatTensor_free) end

local function print_matrix(title, t)
  print(title .. ':')
  for i = 0, tonumber(TH.THFloatTensor_size(t, 0)) - 1 do
    local line = {}
    for j = 0, tonumber(TH.THFloatTensor_size(t, 1)) - 1 do
      line[#line + 1] = string.format('%8.4f', TH.THFloatTensor_get2d(t, i, j))
    end
    print(table.concat(line))
  end
end

TH.THSetGuardedMode(1) -- errors come back as messages instead of aborting the process

local xs = {{-1.0, 0.5, 0.25}, {2.0, -0.5, 1.5}}
local ws = {{1.0, 0.5}, {2.0, -1.0}, {-1.0, 0.25}}
local x = float_tensor(TH.THFloatTensor_newWithSize2d(2, 3))
local w = float_tensor(TH.THFloatTensor_newWithSize2d(3, 2))
check()
for i = 1, 2 do
  for j = 1, 3 do
    TH.THFloatTensor_set2d(x, i - 1, j - 1, xs[i][j]) -- set2d/get2d take 0-based positions
    TH.THFloatTensor_set2d(w, j - 1, i - 1, ws[j][i])
  end
end
print_matrix('x', x)

-- A THNN kernel: the output is a tensor we own; the kernel resizes it. THNNState is NULL on CPU.
local y = float_tensor(TH.THFloatTensor_new())
THNN.THNN_FloatTanh_updateOutput(nil, x, y)
check()
print_matrix('tanh(x)', y)

-- Dimensions passed in are 0-based (1 = along each row); returned indices are 0-based too.
local values = float_tensor(TH.THFloatTensor_new())
local indices = ffi.gc(TH.THLongTensor_new(), TH.THLongTensor_free)
TH.THFloatTensor_max(values, indices, y, 1, 1)
check()
print(string.format('argmax of each row (1-based): %d %d',
                    tonumber(TH.THLongTensor_get2d(indices, 0, 0)) + 1,
                    tonumber(TH.THLongTensor_get2d(indices, 1, 0)) + 1))

-- A size mismatch: [2 x 3] times [2 x 3]. The call returns; the message says what went wrong.
local h = float_tensor(TH.THFloatTensor_newWithSize2d(2, 2))
TH.THFloatTensor_zero(h)
TH.THFloatTensor_addmm(h, 0, h, 1, x, x)
local ok, message = pcall(check)
print('error: ' .. (ok and '(none)' or message))

-- The library keeps working: the same function with the right operands, h = x * w.
TH.THFloatTensor_addmm(h, 0, h, 1, x, w)
check()
print_matrix('x * w', h)
