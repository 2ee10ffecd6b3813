-- tostring() of tensors and storages, laid out as Torch7 printed them: one number format for the
-- whole object (integers, fixed point, or exponent form, with a common "1e-03 *" scale factor when
-- the magnitudes allow), 2D tensors in column blocks that fit 80 characters, higher dimensions as
-- "(i,j,.,.) = " slices, and the "[torch.DoubleTensor of size 2x3]" footer.
local torch = torch
local types = torch._types
local floor, abs = math.floor, math.abs

local function log10(x) return math.log10(x) end

-- chooses the format for a list of values (a Lua array of numbers):
-- returns format string, scale (nil when 1), field width
local function chooseFormat(vals, n)
   if n == 0 then return '', nil, 0 end
   local integral = true
   local lo, hi = math.huge, 0
   local sawNaN = false
   for i = 1, n do
      local v = vals[i]
      if integral and v ~= math.ceil(v) then integral = false end
      local a = abs(v)
      if a ~= a then
         sawNaN = true
      else
         if a < lo then lo = a end
         if a > hi then hi = a end
      end
   end
   if sawNaN then lo, hi = 0 / 0, 0 / 0 end
   -- number of digits left of the point for the smallest and the largest magnitude
   local function digits(x)
      if x ~= x then return x end
      if x == 0 then return 1 end
      return floor(log10(x)) + 1
   end
   local eLo, eHi = digits(lo), digits(hi)
   local width, fmt, scale
   if integral then
      if eHi > 9 then
         width, fmt = 11, '%11.4e'
      else
         width = eHi + 1
         fmt = '%' .. width .. 'd'
      end
   elseif eHi - eLo > 4 then
      width = (abs(eHi) > 99 or abs(eLo) > 99) and 12 or 11
      fmt = '%' .. width .. '.4e'
   elseif eHi > 5 or eHi < 0 then
      width = 7
      fmt = '%7.4f'
      scale = 10 ^ (eHi - 1)
   else
      width = (eHi == 0) and 7 or (eHi + 6)
      fmt = '%' .. width .. '.4f'
   end
   if width ~= width then fmt = '%f' end   -- NaN everywhere: plain %f
   if scale == 1 then scale = nil end
   return fmt, scale, width
end
torch._printFormat = chooseFormat

local function fmtNumber(fmt, v)
   if fmt:sub(-1) == 'd' then
      return string.format(fmt, v)
   end
   return string.format(fmt, v)
end

-- values of a tensor (any type) in row-major order, as Lua numbers
local function values(t)
   local out, k = {}, 0
   local T = torch._typeOf(t)
   T.each(t, function(d, o) k = k + 1; out[k] = tonumber(d[o]) end)
   return out, k
end

-- one matrix (2D view `m` of the values at `base` offset into vals, rows x cols), with indent
local function matrixString(get, rows, cols, fmt, scale, width, indent)
   indent = indent or ''
   scale = scale or 1
   local parts = { indent }
   local perLine = floor((80 - #indent) / (width + 1))
   local first = 1
   while first <= cols do
      local last = math.min(first + perLine - 1, cols)
      if perLine < cols then
         if first ~= 1 then parts[#parts + 1] = '\n' end
         parts[#parts + 1] = 'Columns ' .. first .. ' to ' .. last .. '\n' .. indent
      end
      if scale ~= 1 then
         parts[#parts + 1] = string.format('%g', scale) .. ' *\n ' .. indent
      end
      for r = 1, rows do
         for c = first, last do
            parts[#parts + 1] = fmtNumber(fmt, get(r, c) / scale)
            if c < last then
               parts[#parts + 1] = ' '
            else
               parts[#parts + 1] = '\n'
               if r ~= rows then
                  parts[#parts + 1] = (scale ~= 1) and (indent .. ' ') or indent
               end
            end
         end
      end
      first = last + 1
   end
   return table.concat(parts)
end

local function columnString(vals, n, fmt, scale)
   local parts = {}
   if scale then
      parts[1] = string.format('%g', scale) .. ' *\n'
      for i = 1, n do parts[#parts + 1] = fmtNumber(fmt, vals[i] / scale) .. '\n' end
   else
      for i = 1, n do parts[#parts + 1] = fmtNumber(fmt, vals[i]) .. '\n' end
   end
   return table.concat(parts)
end

local function tensorString(t)
   local name = torch.typename(t)
   local nd = t:dim()
   if nd == 0 then
      return '[' .. name .. ' with no dimension]\n'
   end
   local vals, n = values(t)
   local fmt, scale, width = chooseFormat(vals, n)
   local sizes = {}
   for i = 1, nd do sizes[i] = t:size(i) end
   local body
   if nd == 1 then
      body = columnString(vals, n, fmt, scale)
   else
      local rows, cols = sizes[nd - 1], sizes[nd]
      local plane = rows * cols
      local function matrixAt(base, indent)
         return matrixString(function(r, c) return vals[base + (r - 1) * cols + c] end,
                             rows, cols, fmt, scale, width, indent)
      end
      if nd == 2 then
         body = matrixAt(0)
      else
         -- leading indices, the first varying fastest (as Torch7 walked them)
         local nlead = nd - 2
         local idx = {}
         for i = 1, nlead do idx[i] = 1 end
         local parts = {}
         local count = 1
         for i = 1, nlead do count = count * sizes[i] end
         for _ = 1, count do
            -- row-major offset of this slice
            local off = 0
            for i = 1, nlead do off = off * sizes[i] + (idx[i] - 1) end
            if #parts > 0 then parts[#parts + 1] = '\n' end
            parts[#parts + 1] = '(' .. table.concat(idx, ',') .. ',.,.) = \n'
            parts[#parts + 1] = matrixAt(off * plane, ' ')
            for i = 1, nlead do
               idx[i] = idx[i] + 1
               if idx[i] <= sizes[i] then break end
               idx[i] = 1
            end
         end
         body = table.concat(parts)
      end
   end
   return body .. '[' .. name .. ' of size ' .. table.concat(sizes, 'x') .. ']\n'
end

local function storageString(s)
   local n = s:size()
   local vals = {}
   for i = 1, n do vals[i] = s[i] end
   local fmt, scale = chooseFormat(vals, n)
   return columnString(vals, n, fmt, scale) .. '[' .. torch.typename(s) .. ' of size ' .. n .. ']\n'
end

for _, name in ipairs(torch._typeNames) do
   types[name].methods.__tostring__ = tensorString
   types[name].smethods.__tostring__ = storageString
end
torch._tensorString, torch._storageString = tensorString, storageString

return torch
