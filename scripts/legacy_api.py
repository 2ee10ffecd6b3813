#!/usr/bin/env python3
"""Generates build files from the legacy prototype lists (abi/*.txt), which stay
the single source of truth for the C ABI.

  legacy_api.py redeclare OUT.c HEADER LIST...   every prototype re-declared after #include HEADER:
                                                 a changed type or argument is a compile error
  legacy_api.py exports OUT.c LIST...            a table of every legacy symbol name, for the
                                                 test that looks each one up with dlsym
  legacy_api.py rename OUT.h PREFIX LIST...      #define NAME PREFIX##NAME for every function, so
                                                 the library's own code defines the implementations
  legacy_api.py guards OUT.c HEADER PREFIX [--null-checks] LIST...
                                                 the exported NAME of every function: calls the
                                                 implementation under a guard (THSetGuardedMode);
                                                 with --null-checks, a NULL handle argument that is
                                                 not optional (OPTIONAL_HANDLES) is an argument error
  legacy_api.py nullsweep OUT.c LIST...          the test calls that pass each non-optional handle
                                                 argument NULL in turn (tests/common/null_sweep.c)
  legacy_api.py structs OUT.c STRUCTS.txt        offsetof/sizeof assertions for every field
"""
import re
import sys

TYPE_WORDS = {"char", "short", "int", "long", "float", "double", "unsigned", "signed", "void",
              "size_t", "ptrdiff_t", "const", "volatile", "struct", "bool"}
VARIADIC_OR_NORETURN = {"_THError", "_THArgCheck", "_THAssertionFailed"}

# The legacy objects a function works on through a pointer: tensors, storages, files, generators,
# allocators and mapping contexts. A NULL one is an argument error unless OPTIONAL_HANDLES lists it.
# libTHC's: THCuda<Type>Tensor/Storage (THCudaTensor is float) and the THCState every function takes.
HANDLE_TYPE = re.compile(r"^(?:const )?(?:struct )?(TH(?:Byte|Char|Short|Int|Long|Float|Double|Half)"
                         r"(?:Tensor|Storage)|THCuda(?:Byte|Char|Short|Int|Long|Double|Half)?(?:Tensor|Storage)"
                         r"|THCState|THFile|THGenerator|THAllocator|THMapAllocatorContext)\* @$")
REAL_PREFIX = re.compile(r"^TH(?:Byte|Char|Short|Int|Long|Float|Double"
                         r"|Cuda(?:Byte|Char|Short|Int|Long|Double)?)(?=(?:Tensor|Storage)_)")

# The handle arguments that may be NULL: (function, 1-based position) -> what NULL means there. A
# function is named without its type (Tensor_narrow stands for THFloatTensor_narrow and the six
# others) or in full when it has no type. Torch7's semantics unless marked "ember".
OPTIONAL_HANDLES = {
    ("Tensor_free", 1): "freeing NULL does nothing",
    ("Storage_free", 1): "freeing NULL does nothing",
    ("Storage_retain", 1): "retaining NULL does nothing",
    ("THFile_free", 1): "ember: freeing NULL does nothing, as for tensors",
    ("THGenerator_free", 1): "freeing NULL does nothing (it is THFree)",
    ("THMapAllocatorContext_free", 1): "ember: freeing NULL does nothing, as for tensors",
    ("THGenerator_isValid", 1): "ember: NULL is not a valid generator, the answer is 0",
    ("THRefcountedMapAllocator_incref", 1): "the context is unused: the count lives in the mapping",
    ("THRefcountedMapAllocator_decref", 1): "the context is unused: the count lives in the mapping",
    ("THMemoryFile_newWithStorage", 1): "no storage: the file starts empty (THMemoryFile_new)",
    ("Tensor_newWithStorage", 1): "no storage: one is made when the tensor has elements",
    ("Tensor_newWithStorage", 3): "no sizes: as many dimensions as strides given, else none",
    ("Tensor_newWithStorage", 4): "no strides: contiguous",
    ("Tensor_newWithStorage1d", 1): "no storage: one is made when the tensor has elements",
    ("Tensor_newWithStorage2d", 1): "no storage: one is made when the tensor has elements",
    ("Tensor_newWithStorage3d", 1): "no storage: one is made when the tensor has elements",
    ("Tensor_newWithStorage4d", 1): "no storage: one is made when the tensor has elements",
    ("Tensor_newWithSize", 1): "no sizes: as many dimensions as strides given, else none",
    ("Tensor_newWithSize", 2): "no strides: contiguous",
    ("Tensor_resize", 3): "no strides: contiguous",
    ("Tensor_setStorage", 2): "no storage: the tensor drops its own, one is made when it has elements",
    ("Tensor_setStorage", 4): "no sizes: as many dimensions as strides given, else none",
    ("Tensor_setStorage", 5): "no strides: contiguous",
    ("Tensor_setStorageNd", 2): "no storage: the tensor drops its own, one is made when it has elements",
    ("Tensor_setStorage1d", 2): "no storage: the tensor drops its own, one is made when it has elements",
    ("Tensor_setStorage2d", 2): "no storage: the tensor drops its own, one is made when it has elements",
    ("Tensor_setStorage3d", 2): "no storage: the tensor drops its own, one is made when it has elements",
    ("Tensor_setStorage4d", 2): "no storage: the tensor drops its own, one is made when it has elements",
    ("Tensor_narrow", 2): "no source: self, in place",
    ("Tensor_select", 2): "no source: self, in place",
    ("Tensor_transpose", 2): "no source: self, in place",
    ("Tensor_unfold", 2): "no source: self, in place",
    ("Tensor_squeeze", 2): "no source: self, in place",
    ("Tensor_squeeze1d", 2): "no source: self, in place",
    ("Tensor_unsqueeze1d", 2): "no source: self, in place",
    ("Tensor_gesv", 3): "no B: rb_, in place",
    ("Tensor_gesv", 4): "no A: ra_, in place",
    ("Tensor_trtrs", 3): "no B: rb_, in place",
    ("Tensor_trtrs", 4): "no A: ra_, in place",
    ("Tensor_gels", 3): "no B: rb_, in place",
    ("Tensor_gels", 4): "no A: ra_, in place",
    ("Tensor_syev", 3): "no A: rv_, in place",
    ("Tensor_geev", 2): "ember: no eigenvector result, allowed with jobvr \"N\" (checked inside)",
    ("Tensor_gesvd2", 4): "ember: no result for the overwritten A (what gesvd passes)",
    ("Tensor_gesvd2", 5): "no A: ra_, in place",
    ("Tensor_getri", 2): "no A: ra_, in place",
    ("Tensor_potrf", 2): "no A: ra_, in place",
    ("Tensor_potrs", 2): "no B: rb_, in place",
    ("Tensor_potri", 2): "no A: ra_, in place",
    ("Tensor_pstrf", 3): "ember: no A: ra_, in place, as potrf",
    ("Tensor_geqrf", 3): "ember: no A: ra_, in place (Torch7 meant it and crashed)",
    ("Tensor_orgqr", 2): "no A: ra_, in place",
    ("Tensor_ormqr", 4): "no C: ra_, in place",
    ("Tensor_btrifact", 3): "no info result: a singular matrix is an error instead",
    ("Tensor_btrisolve", 2): "ember: no B: rb_, in place",
}


def read_lists(paths):
    protos = []
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line and not line.startswith("#"):
                    protos.append(line)
    return protos


def parse(proto):
    """(return type, name, [param types], [param names]) of a function prototype, None for a
    variable. A type has its name replaced by the placeholder @; an unnamed parameter's name is ""."""
    m = re.match(r"^(.*?)([A-Za-z_]\w*)\((.*)\);$", proto)
    if not m:
        return None
    ret, name, params = m.group(1).strip(), m.group(2), m.group(3).strip()
    if params in ("", "void"):
        return ret, name, [], []
    types, names = [], []
    depth, cur = 0, ""
    for ch in params + ",":
        if ch == "," and depth == 0:
            ptype, pname = param_type(cur.strip())
            types.append(ptype)
            names.append(pname)
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    return ret, name, types, names


def param_type(param):
    """(the declaration with its name replaced by the placeholder @, the name or "")."""
    fp = re.match(r"^(.*\(\s*\*)\s*(\w*)\s*(\).*)$", param)
    if fp:
        return fp.group(1) + "@" + fp.group(3), fp.group(2)
    if param == "...":
        return param, ""
    toks = re.findall(r"[A-Za-z_]\w*|\S", param)
    pname = ""
    if len(toks) > 1 and re.match(r"[A-Za-z_]\w*$", toks[-1]) and toks[-1] not in TYPE_WORDS:
        pname = toks.pop()
    text = " ".join(toks).replace(" *", "*").replace("* ", "*")
    return text + " @", pname


def declare(ptype, name):
    return ptype.replace("@", name)


def cmd_redeclare(out, header, lists):
    with open(out, "w") as f:
        f.write("/* Generated by scripts/legacy_api.py from the legacy lists: do not edit. */\n")
        f.write("#include <stdbool.h>\n#include \"%s\"\n\n" % header)
        for proto in read_lists(lists):
            f.write(("extern " if parse(proto) is None else "") + proto + "\n")
        f.write("\nint legacy_api_redeclared = 1;\n")


def symbol_names(lists):
    names = []
    for proto in read_lists(lists):
        p = parse(proto)
        names.append(p[1] if p else re.findall(r"(\w+);$", proto)[0])
    return sorted(set(names))


def cmd_exports(out, lists):
    names = symbol_names(lists)
    with open(out, "w") as f:
        f.write("/* Generated by scripts/legacy_api.py from the legacy lists: do not edit. */\n")
        f.write("const char *const legacy_symbols[] = {\n")
        for n in names:
            f.write('  "%s",\n' % n)
        f.write("};\nconst int legacy_symbol_count = %d;\n" % len(names))


def handle_type(ptype):
    """The handle type named by a parameter type (THFloatTensor), or None."""
    m = HANDLE_TYPE.match(ptype)
    return m.group(1) if m else None


# libTHC's functions take the state first, so their argument k + 1 is TH's argument k. Only the
# tensor and storage header functions (whose shared code handles NULL as TH does) take over TH's
# optional arguments; every other THC handle, the state included, must not be NULL.
THC_SHARED_OPTIONAL = {
    "Tensor_free", "Storage_free", "Storage_retain", "Tensor_newWithStorage", "Tensor_newWithStorage1d",
    "Tensor_newWithStorage2d", "Tensor_newWithStorage3d", "Tensor_newWithStorage4d", "Tensor_newWithSize",
    "Tensor_resize", "Tensor_setStorage", "Tensor_setStorageNd", "Tensor_setStorage1d", "Tensor_setStorage2d",
    "Tensor_setStorage3d", "Tensor_setStorage4d", "Tensor_narrow", "Tensor_select", "Tensor_transpose",
    "Tensor_unfold", "Tensor_squeeze", "Tensor_squeeze1d", "Tensor_unsqueeze1d",
}


def is_optional(generic, pos, types):
    if types and handle_type(types[0]) == "THCState":
        return pos > 1 and generic in THC_SHARED_OPTIONAL and (generic, pos - 1) in OPTIONAL_HANDLES
    return (generic, pos) in OPTIONAL_HANDLES


def required_handles(name, types, names):
    """[(0-based index, argument name or "", handle type)] of the handles that must not be NULL."""
    generic = REAL_PREFIX.sub("", name)
    # libTHCUNN's wrappers check only the state: as in THNN, each kernel checks its own tensors (a
    # criterion's weights, a convolution's bias and others may be NULL) with THNN's messages.
    kernel_checks_tensors = name.startswith("THNN_Cuda")
    found = []
    for i, (ptype, pname) in enumerate(zip(types, names)):
        htype = handle_type(ptype)
        if kernel_checks_tensors and i > 0:
            continue
        if htype and not is_optional(generic, i + 1, types):
            found.append((i, pname, htype))
    return found


def guarded_functions(lists):
    for proto in read_lists(lists):
        p = parse(proto)
        if p and p[1] not in VARIADIC_OR_NORETURN and "..." not in p[2]:
            yield p


def cmd_rename(out, prefix, lists):
    with open(out, "w") as f:
        f.write("/* Generated by scripts/legacy_api.py: the library's own code defines and calls the\n"
                " * implementations; the exported legacy names are the guarded wrappers. */\n")
        f.write("#ifndef EMBER_IMPL_NAMES_%s\n#define EMBER_IMPL_NAMES_%s\n" % (prefix, prefix))
        names = [p[1] for p in guarded_functions(lists)]
        for name in names:
            f.write("#define %s %s%s\n" % (name, prefix, name))
        f.write("#ifdef EMBER_DEV_STUBS /* development builds: link with implementations missing */\n")
        for name in names:
            f.write("#pragma weak %s%s\n" % (prefix, name))
        f.write("#endif\n#endif\n")


def failure_value(ret):
    if ret == "void":
        return "return;"
    if "*" in ret or re.match(r"^(const )?(unsigned )?(char|short|int|long|float|double|size_t|ptrdiff_t)$", ret):
        return "return 0;"
    return "{ %s zero_; memset(&zero_, 0, sizeof zero_); return zero_; }" % ret


NULL_ARGUMENT_HELPER = """/* Reports the NULL handle argument `pos` (named `name`, "" when unnamed) of fn through the normal
 * error path. Returns only in guarded mode, where the calling wrapper then returns its failure
 * value; elsewhere the handler takes over (it aborts, throws or longjmps). */
static __attribute__((cold, noinline)) void null_argument(const char *fn, int pos, const char *name,
                                                         const char *type) {
  jmp_buf env;
  if (THGuard_enter(&env)) {
    if (setjmp(env)) return;
  }
  if (*name)
    _THArgCheck(__FILE__, __LINE__, 0, pos, "%s: %s is NULL (expected a %s)", fn, name, type);
  else
    _THArgCheck(__FILE__, __LINE__, 0, pos, "%s: argument %d is NULL (expected a %s)", fn, pos, type);
}

"""


def cmd_guards(out, header, prefix, lists):
    null_checks = lists[:1] == ["--null-checks"]
    if null_checks:
        lists = lists[1:]
    with open(out, "w") as f:
        f.write("/* Generated by scripts/legacy_api.py from the legacy lists: do not edit.\n"
                " * Each legacy function calls its implementation directly, or, in guarded mode,\n"
                " * under a setjmp frame that a failing call returns to (see THGuard.h). */\n")
        f.write("#include <stdbool.h>\n#include <string.h>\n#include \"%s\"\n#include \"THGuard.h\"\n\n" % header)
        f.write("/* EMBER_DEV_STUBS (development builds only): a missing implementation is a weak\n"
                " * reference that raises an error when called, instead of a link error. */\n"
                "#ifdef EMBER_DEV_STUBS\n#define IMPL_DECL __attribute__((weak))\n"
                "#define IMPL_CHECK(f) if (!f) THError(\"%s is not implemented\", #f)\n"
                "#else\n#define IMPL_DECL\n#define IMPL_CHECK(f)\n#endif\n\n")
        if null_checks:
            f.write(NULL_ARGUMENT_HELPER)
        for ret, name, types, names in guarded_functions(lists):
            impl = prefix + name
            params = ", ".join(declare(t, "a%d" % i) for i, t in enumerate(types)) or "void"
            args = ", ".join("a%d" % i for i in range(len(types)))
            f.write("IMPL_DECL %s %s(%s);\n" % (ret, impl, params))
            f.write("%s %s(%s) {\n" % (ret, name, params))
            f.write("  jmp_buf env;\n  IMPL_CHECK(%s);\n" % impl)
            for i, pname, htype in (required_handles(name, types, names) if null_checks else []):
                f.write('  if (!a%d) { null_argument(__func__, %d, "%s", "%s"); %s }\n'
                        % (i, i + 1, pname, htype, failure_value(ret)))
            call = "%s(%s)" % (impl, args)
            if ret == "void":
                f.write("  if (!THGuard_enter(&env)) { %s; return; }\n" % call)
                f.write("  if (setjmp(env)) return;\n")
                f.write("  %s;\n  THGuard_leave();\n}\n\n" % call)
            else:
                f.write("  if (!THGuard_enter(&env)) return %s;\n" % call)
                f.write("  if (setjmp(env)) %s\n" % failure_value(ret))
                f.write("  %s result = %s;\n  THGuard_leave();\n  return result;\n}\n\n" % (ret, call))


def sweep_dummy(ptype):
    """A valid-looking argument of the parameter type, from the dummies of tests/common/null_sweep.c."""
    htype = handle_type(ptype)
    if htype:
        return "dummy_" + htype
    if "(" in ptype:
        return "NULL"
    if "*" in ptype:
        return "(void *)dummy_words"
    if re.match(r"^(const )?THHalf @$", ptype):
        return "dummy_half"
    return "1"


def cmd_nullsweep(out, lists):
    cases = []
    with open(out, "w") as f:
        f.write("/* Generated by scripts/legacy_api.py from the legacy lists: do not edit. Included by\n"
                " * tests/common/null_sweep.c, which defines the dummies. */\n")
        for ret, name, types, names in guarded_functions(lists):
            for i, pname, htype in required_handles(name, types, names):
                args = ", ".join("NULL" if j == i else sweep_dummy(t) for j, t in enumerate(types))
                f.write("static void null_case_%d(void) { (void)%s(%s); }\n" % (len(cases), name, args))
                cases.append((name, i + 1, pname, htype))
        f.write("\nstatic const NullCase null_cases[] = {\n")
        for n, (name, pos, pname, htype) in enumerate(cases):
            f.write('  {"%s", %d, "%s", "%s", null_case_%d},\n' % (name, pos, pname, htype, n))
        f.write("};\n")


def cmd_structs(out, path):
    checks = []
    struct = None
    for line in open(path):
        m = re.match(r"^struct (\w+)\s+\(sizeof (\d+)", line)
        if m:
            struct = m.group(1)
            checks.append(("sizeof(%s)" % struct, m.group(2)))
            continue
        m = re.match(r"^\s+(\d+)\s+(\d+)\s+.*?\s(\w+)$", line)
        if struct and m:
            off, size, field = m.groups()
            checks.append(("offsetof(%s, %s)" % (struct, field), off))
            checks.append(("sizeof(((%s *)0)->%s)" % (struct, field), size))
        elif not line.strip():
            struct = None
    with open(out, "w") as f:
        f.write("/* Generated by scripts/legacy_api.py from structs.txt: do not edit. */\n")
        f.write("#define LEGACY_STRUCT_CHECKS(CHECK) \\\n")
        for expr, value in checks:
            f.write('  CHECK(%s, %s, "%s") \\\n' % (expr, value, expr))
        f.write("\n")


def main(argv):
    cmd = argv[1]
    if cmd == "redeclare":
        cmd_redeclare(argv[2], argv[3], argv[4:])
    elif cmd == "exports":
        cmd_exports(argv[2], argv[3:])
    elif cmd == "rename":
        cmd_rename(argv[2], argv[3], argv[4:])
    elif cmd == "guards":
        cmd_guards(argv[2], argv[3], argv[4], argv[5:])
    elif cmd == "nullsweep":
        cmd_nullsweep(argv[2], argv[3:])
    elif cmd == "structs":
        cmd_structs(argv[2], argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
