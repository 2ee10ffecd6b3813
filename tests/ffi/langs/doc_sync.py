"""Keeps docs/ffi.md's quoted programs equal to the files they quote.

In docs/ffi.md a line `<!-- file: PATH -->` is followed by a fenced code block holding the whole
file PATH (relative to the repository root). --check fails when a block differs from its file, when
a quoted file is missing, or when an example under examples/ffi/ is not quoted; --update rewrites
the blocks from the files.
Usage: doc_sync.py --check|--update REPOSITORY_ROOT
"""
import os
import re
import sys

MARKER = re.compile(r"^<!-- file: (\S+) -->$")


def blocks(lines):
    """Yields (path, first line of the block's body, line after the body) for each marker."""
    for n, line in enumerate(lines):
        match = MARKER.match(line.rstrip("\n"))
        if not match:
            continue
        if n + 1 >= len(lines) or not lines[n + 1].startswith("```"):
            raise SystemExit("docs/ffi.md:%d: a file marker must be followed by a ``` block" % (n + 1))
        end = n + 2
        while end < len(lines) and lines[end].rstrip("\n") != "```":
            end += 1
        if end == len(lines):
            raise SystemExit("docs/ffi.md:%d: unterminated code block" % (n + 2))
        yield match.group(1), n + 2, end


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("--check", "--update"):
        raise SystemExit(__doc__)
    mode, root = sys.argv[1], sys.argv[2]
    doc_path = os.path.join(root, "docs", "ffi.md")
    with open(doc_path) as f:
        lines = f.readlines()

    failures = []
    quoted = set()
    replacements = []
    for path, start, end in blocks(lines):
        quoted.add(path)
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            failures.append("%s is quoted in docs/ffi.md but does not exist" % path)
            continue
        with open(full) as f:
            text = f.read()
        if "".join(lines[start:end]) != text:
            failures.append("docs/ffi.md's copy of %s differs from the file" % path)
            replacements.append((start, end, text))

    examples = os.path.join(root, "examples", "ffi")
    for lang in sorted(os.listdir(examples)):
        for name in sorted(os.listdir(os.path.join(examples, lang))):
            path = "examples/ffi/%s/%s" % (lang, name)
            if path not in quoted:
                failures.append("%s is not quoted in docs/ffi.md" % path)

    if mode == "--update":
        for start, end, text in sorted(replacements, reverse=True):
            lines[start:end] = [text if text.endswith("\n") else text + "\n"]
        with open(doc_path, "w") as f:
            f.writelines(lines)
        print("docs/ffi.md: %d block(s) rewritten" % len(replacements))
        return
    for failure in failures:
        print("FAIL: " + failure)
    if failures:
        print("(tests/ffi/langs/doc_sync.py --update ROOT rewrites the blocks from the files)")
        sys.exit(1)
    print("ok: docs/ffi.md quotes %d file(s), each equal to the file" % len(quoted))


if __name__ == "__main__":
    main()
