#!/usr/bin/env python3
"""Derives abi/THC.<Type>.txt for the CUDA types other than Float from abi/THC.Float.txt, by the
rules cutorch's generic headers followed (THCTensor_(NAME) names the generic type, THCReal stands for
the element type), and writes them next to it:

  python3 scripts/derive_thc_lists.py abi

- Double: every prototype; the generic tensor and storage types become THCudaDouble*, float becomes
  double, and the CPU side of the host copies (THFloat*_copyCuda..., copyCPU) becomes THDouble*.
- Long: the prototypes whose TH counterpart exists for Long (abi/TH.Long.txt: no transcendental
  math, no LAPACK, no floating-point random or statistics) and the CUDA-only ones that cutorch
  declared for every type (device queries, copies, the *Byte/*_long variants, sorting helpers);
  float becomes long (accreal is long for Long).
- Byte, Char, Short, Int: the storage, tensor and copy families only (lines 1-156 of the Float list
  less getTextureObject): the types that THC.Float.txt names as masks, pivots and copy sources.

The type named in a function's own name stays fixed: copyCudaFloat's source is a THCudaTensor for
every destination type, bernoulli_FloatTensor's p a THCudaTensor, bernoulli_DoubleTensor's a
THCudaDoubleTensor.

THCUNN.Double.txt comes from THCUNN.Float.txt: THNN_Cuda<Name> becomes THNN_CudaDouble<Name>,
THCudaTensor becomes THCudaDoubleTensor, and float becomes double (cunn declared those scalars as
accreal, float for THCudaTensor and double for THCudaDoubleTensor); index tensors stay
THCudaLongTensor and the scalars declared double stay double.
"""
import os
import re
import sys

TYPES = {  # name: (C type, CUDA prefix)
    "Double": ("double", "CudaDouble"), "Long": ("long", "CudaLong"), "Byte": ("unsigned char", "CudaByte"),
    "Char": ("char", "CudaChar"), "Short": ("short", "CudaShort"), "Int": ("int", "CudaInt"),
}
COPY_FAMILIES_END = 156  # the last line of the storage, tensor and copy families in THC.Float.txt
CUDA_ONLY_FOR_EVERY_TYPE = {
    "calculateAdvancedIndexingOffsets", "checkGPU", "copyAsyncCPU", "copyCPU", "copyCuda",
    "copyAsyncCuda", "copyIgnoringOverlaps", "getDevice", "indexAdd_long", "indexCopy_long", "indexFill_long",
    "indexSelect_long", "maskedCopyByte", "maskedFillByte", "maskedSelectByte", "sortKeyValueInplace",
} | {"copyCuda" + t for t in ("Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Half")}


def derive(line, real, ctype, cuda):
    m = re.match(r"^(.*?)(\w+)\((.*)\);$", line)
    ret, name, params = m.groups()
    fixed = None  # a parameter whose type the function's name fixes
    if re.match(r"THCuda(Tensor|Storage)_copyCuda\w+$", name) or name.endswith("_FloatTensor") \
            or name.endswith("_DoubleTensor"):
        fixed = params.rsplit(",", 1)[1]
        params = params.rsplit(",", 1)[0]
    host_copy = not name.startswith("THCuda") and re.match(r"TH(\w+?)(Tensor|Storage)_copy(Async)?Cuda(Float)?$", name)

    def subst(text):
        text = re.sub(r"\bTHCuda(Tensor|Storage)\b", r"TH%s\1" % cuda, text)
        text = re.sub(r"\bfloat\b", ctype, text)
        return text

    ret, params = subst(ret), subst(params)
    if host_copy:  # TH<Cpu>Storage_copyCudaFloat -> TH<Cpu>Storage_copyCuda<Real>; THFloat*_copyCuda -> TH<Real>*
        cpu, kind, asyn, suffix = host_copy.groups()
        if suffix:
            name = "TH%s%s_copy%sCuda%s" % (cpu, kind, asyn or "", real)
        else:
            name = "TH%s%s_copy%sCuda" % (real, kind, asyn or "")
            params = params.replace("THFloat", "TH" + real)
    else:
        name = re.sub(r"^THCuda(Tensor|Storage)_", r"TH%s\1_" % cuda, name)
        params = params.replace("THFloat%s" % "Storage", "TH%sStorage" % real) \
            if name.endswith("_copyCPU") else params
        if name.endswith("_copyCPU") or name.endswith("_copyAsyncCPU"):
            params = params.replace("THFloatTensor", "TH%sTensor" % real)
    return "%s%s(%s%s);" % (ret, name, params, "," + fixed if fixed else "")


def derive_thcunn(abi):
    out = ["# Derived from THCUNN.Float.txt by scripts/derive_thc_lists.py (see its rules): do not edit."]
    for line in open(os.path.join(abi, "THCUNN.Float.txt")):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        line = re.sub(r"\bTHNN_Cuda(?=[A-Z])", "THNN_CudaDouble", line)
        line = re.sub(r"\bTHCudaTensor\b", "THCudaDoubleTensor", line)
        out.append(re.sub(r"\bfloat\b", "double", line))
    with open(os.path.join(abi, "THCUNN.Double.txt"), "w") as f:
        f.write("\n".join(out) + "\n")


def main(abi):
    lines = [l.rstrip("\n") for l in open(os.path.join(abi, "THC.Float.txt")) if l.strip() and not l.startswith("#")]
    th_long = open(os.path.join(abi, "TH.Long.txt")).read()
    long_has = set(re.findall(r"THLong(?:Tensor|Storage)_(\w+)\(", th_long))
    for real, (ctype, cuda) in TYPES.items():
        out = ["# Derived from THC.Float.txt by scripts/derive_thc_lists.py (see its rules): do not edit."]
        for i, line in enumerate(lines, 1):
            fn = re.search(r"(\w+)\(", line).group(1)
            generic = re.sub(r"^TH\w*?(Tensor|Storage)_", "", fn)
            if real == "Long" and generic not in long_has and generic not in CUDA_ONLY_FOR_EVERY_TYPE:
                continue
            if real in ("Byte", "Char", "Short", "Int") and (i > COPY_FAMILIES_END or generic == "getTextureObject"):
                continue
            if real != "Double" and generic == "getTextureObject":
                continue
            out.append(derive(line, real, ctype, cuda))
        with open(os.path.join(abi, "THC.%s.txt" % real), "w") as f:
            f.write("\n".join(out) + "\n")
    derive_thcunn(abi)


if __name__ == "__main__":
    main(sys.argv[1])
