-- torch.Timer: wall-clock (real) and process CPU (user, sys) time, through the FFI
-- (clock_gettime(CLOCK_MONOTONIC) and getrusage(RUSAGE_SELF)).
local ffi = require 'ffi'
local torch = torch

pcall(ffi.cdef, [[
typedef struct ember_timespec { long tv_sec; long tv_nsec; } ember_timespec;
typedef struct ember_timeval { long tv_sec; long tv_usec; } ember_timeval;
typedef struct ember_rusage {
  ember_timeval ru_utime;
  ember_timeval ru_stime;
  long ru_rest[14];
} ember_rusage;
int clock_gettime(int clk_id, ember_timespec *tp);
int getrusage(int who, ember_rusage *usage);
]])
pcall(ffi.cdef, 'int gettimeofday(ember_timeval *tv, void *tz);')

local C = ffi.C
local CLOCK_MONOTONIC, RUSAGE_SELF = 1, 0
local ts = ffi.new('ember_timespec')
local ru = ffi.new('ember_rusage')

local function now()
   C.clock_gettime(CLOCK_MONOTONIC, ts)
   C.getrusage(RUSAGE_SELF, ru)
   return tonumber(ts.tv_sec) + tonumber(ts.tv_nsec) * 1e-9,
          tonumber(ru.ru_utime.tv_sec) + tonumber(ru.ru_utime.tv_usec) * 1e-6,
          tonumber(ru.ru_stime.tv_sec) + tonumber(ru.ru_stime.tv_usec) * 1e-6
end

local Timer = torch.class('torch.Timer')

function Timer:__init()
   self._total = { 0, 0, 0 }
   self._start = { now() }
   self._running = true
end

function Timer:reset()
   self._total = { 0, 0, 0 }
   self._start = { now() }
   return self
end

function Timer:stop()
   if self._running then
      local r, u, s = now()
      local t, st = self._total, self._start
      t[1], t[2], t[3] = t[1] + r - st[1], t[2] + u - st[2], t[3] + s - st[3]
      self._running = false
   end
   return self
end

function Timer:resume()
   if not self._running then
      self._start = { now() }
      self._running = true
   end
   return self
end

function Timer:time()
   local t = self._total
   if self._running then
      local r, u, s = now()
      local st = self._start
      return { real = t[1] + r - st[1], user = t[2] + u - st[2], sys = t[3] + s - st[3] }
   end
   return { real = t[1], user = t[2], sys = t[3] }
end

-- torch.tic() -> the wall-clock time in seconds (since the epoch, as Torch7's gettimeofday);
-- torch.toc(t) -> seconds elapsed since t
local tv = ffi.new('ember_timeval')
function torch.tic()
   C.gettimeofday(tv, nil)
   return tonumber(tv.tv_sec) + tonumber(tv.tv_usec) / 1e6
end
function torch.toc(t)
   if type(t) ~= 'number' then error('torch.toc: number expected (from torch.tic), got ' .. type(t), 2) end
   return torch.tic() - t
end

return torch
