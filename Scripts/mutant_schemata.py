"""Mutant schemata: every mutant of the list compiled into one build, chosen at run time.

A mutant of Mutants/mutants.txt is a text edit (find, replace) of one file. Run one at a time, each
costs a rebuild of its module, of everything that depends on it and of the test bundle: 20-60 s in
debug here, against a few seconds for the tests that catch it. A *schema* (Untch, Offutt and
Harrold, "Mutation analysis using mutant schemata", ISSTA 1993) compiles all of them at once: the
body of the function that holds a mutant is written twice, mutated and original, behind a test of
one environment variable,

    func f(...) -> T { if _springbenchMutant(17) { <body with mutant 17> } else { <body> } }

so one build serves every mutant, and `SPRINGBENCH_MUTANT=17` runs the program that mutant 17's
own rebuild would have made: the chosen branch is that program's function body, word for word,
and every other function is unchanged. With no variable set, every test takes the original branch.

The unit written twice is the outermost code block around the mutant: a function, initialiser,
accessor or closure body whose parent is a type, an accessor list or the file. Several mutants in
one body make one chain of `else if` branches. A Swift mutant outside any body that changes one
operand of a stored property's or a global's initial value (a literal, a name, a member chain:
`static let restThreshold = 0.0005`, `var window = 20`) is written as a *value site* instead, the
operand alone chosen at run time:

    static let restThreshold = (_springbenchMutant(23) ? (0.005) : (0.0005))

A stored value is computed when the program first reads it, after the variable is set, so the
chosen operand is again the mutant's own program. A mutant is left to a rebuild of its own (and
`build_schema` says why) when it lies outside both (an enum case's raw value, a default argument,
a signature, an operator), in a file this scanner does not read (only Swift and C are), or when
the schema of its body does not compile (`Scripts/mutants.py` builds, reads the compiler's
errors, and gives those mutants back).

Only the text outside comments and string literals is read for braces, so a brace inside a string
(or an interpolation's closure) never closes a body.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

VARIABLE = "SPRINGBENCH_MUTANT"
SWIFT_TEST = "_springbenchMutant"
C_TEST = "springbench_mutant_active"


def code_mask(text: str, language: str) -> list[bool]:
    """For each character, whether it is code (not inside a comment or a string literal).

    Swift: `//` and nested `/* */` comments; string literals `"…"`, `\"\"\"…\"\"\"` and raw
    `#"…"#` with any number of `#`, whose interpolations `\\(…)` (`\\#(…)` in raw ones) are code
    again, to their matching parenthesis. C: `//` and `/* */` comments, `"…"` and `'…'` literals."""
    mask = [True] * len(text)
    n = len(text)
    # Swift: the open interpolations, innermost last, each [string hashes, multi-line, paren depth].
    stack: list[list] = []

    def blank(start: int, end: int) -> None:
        for k in range(start, min(end, n)):
            mask[k] = False

    def string_body(start: int, j: int, hashes: int, multiline: bool) -> int:
        """Scans a string literal's text from `j` (blanking from `start`) to its end or to an
        interpolation's `(`; returns where code resumes."""
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while j < n:
            if text.startswith(escape, j):
                after = j + len(escape)
                if after < n and text[after] == "(":
                    blank(start, after + 1)
                    stack.append([hashes, multiline, 0])
                    return after + 1
                j = after + 1
                continue
            if text.startswith(close, j):
                blank(start, j + len(close))
                return j + len(close)
            if not multiline and text[j] == "\n":
                blank(start, j)
                return j
            j += 1
        blank(start, n)
        return n

    i = 0
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if language == "swift" and text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
            continue
        if language == "c":
            if c in "\"'":
                j = i + 1
                while j < n and text[j] != c and text[j] != "\n":
                    j += 2 if text[j] == "\\" else 1
                blank(i, j + 1)
                i = j + 1
                continue
            i += 1
            continue
        if stack and c in "()":
            if c == "(":
                stack[-1][2] += 1
            elif stack[-1][2]:
                stack[-1][2] -= 1
            else:
                # The interpolation ends: the string goes on after this parenthesis.
                hashes, multiline, _ = stack.pop()
                i = string_body(i, i + 1, hashes, multiline)
                continue
            i += 1
            continue
        if c in '#"':
            j = i
            while j < n and text[j] == "#":
                j += 1
            if j < n and text[j] == '"':
                multiline = text.startswith('"""', j)
                i = string_body(i, j + (3 if multiline else 1), j - i, multiline)
                continue
        i += 1
    return mask


@dataclass
class Block:
    open: int  # index of `{`
    close: int  # index of the matching `}`
    parent: int | None  # index into the block list
    children: list[int] = field(default_factory=list)


def blocks(text: str, mask: list[bool]) -> list[Block]:
    """The brace blocks of `text`'s code, in order of their opening brace. Raises ValueError
    when the braces do not balance (a file this scanner cannot read)."""
    found: list[Block] = []
    open_stack: list[int] = []
    for index, char in enumerate(text):
        if not mask[index] or char not in "{}":
            continue
        if char == "{":
            parent = open_stack[-1] if open_stack else None
            found.append(Block(index, -1, parent))
            if parent is not None:
                found[parent].children.append(len(found) - 1)
            open_stack.append(len(found) - 1)
        else:
            if not open_stack:
                raise ValueError(f"unbalanced '}}' at offset {index}")
            found[open_stack.pop()].close = index
    if open_stack:
        raise ValueError(f"unclosed '{{' at offset {found[open_stack[-1]].open}")
    return found


_SWIFT_KEYWORDS = {
    "struct", "class", "enum", "extension", "protocol", "actor", "func", "init", "deinit", "subscript", "var",
    "let", "get", "set", "willSet", "didSet", "_read", "_modify", "if", "else", "while", "for", "repeat", "do",
    "catch", "switch", "guard", "defer", "in", "case", "default", "return", "macro", "typealias", "operator",
    "precedencegroup",
}
_TYPE_KEYWORDS = {"struct", "class", "enum", "extension", "protocol", "actor"}
_ACCESSOR_LIST = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s*)*(?:(?:mutating|nonmutating|borrowing|consuming)\s+)?"
    r"(?:get|set|_read|_modify|willSet|didSet|unsafeAddress|unsafeMutableAddress|init)\b\s*[({a-z]")
_SWITCH_BODY = re.compile(r"^\s*(?:case\b|default\s*:|@unknown\b)")
_CLOSURE_SIGNATURE = re.compile(
    r"^\s*(?:\[[^\]]*\]\s*)?"
    r"(?:\((?:[^()]|\([^()]*\))*\)|[A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)"
    r"\s*(?:async\s*)?(?:throws(?:\s*\([^)]*\))?\s*)?(?:->\s*[^{}\n]*?)?\s*\bin\b")
_C_NOT_FUNCTION = re.compile(r"(\b(?:struct|union|enum)\b[^;(){}]*$)|(=\s*$)")


def _code_text(text: str, mask: list[bool], start: int, end: int) -> str:
    return "".join(ch if mask[k] else " " for k, ch in enumerate(text[start:end], start))


def _header(text: str, mask: list[bool], found: list[Block], index: int) -> str:
    """The code before block `index`'s brace, back to its previous sibling or its parent's brace."""
    block = found[index]
    start = 0 if block.parent is None else found[block.parent].open + 1
    siblings = found[block.parent].children if block.parent is not None else [
        k for k, b in enumerate(found) if b.parent is None]
    for sibling in siblings:
        if found[sibling].close < block.open:
            start = max(start, found[sibling].close + 1)
    return _code_text(text, mask, start, block.open)


def _is_code_block(text: str, mask: list[bool], found: list[Block], index: int, language: str) -> bool:
    """Whether block `index` holds statements (a body), not a type's members or an accessor list."""
    block = found[index]
    content = _code_text(text, mask, block.open + 1, block.close)
    header = _header(text, mask, found, index)
    if language == "c":
        return block.parent is not None or not _C_NOT_FUNCTION.search(header.strip())
    if _ACCESSOR_LIST.match(content):
        return False
    header = re.sub(r"@\w+(?:\([^)]*\))?", " ", header)
    # Generic parameters (`<let count: Int>`) name no declaration.
    while re.search(r"<[^<>]*>", header):
        header = re.sub(r"<[^<>]*>", " ", header)
    keywords = [token for token in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", header) if token in _SWIFT_KEYWORDS]
    return not (keywords and keywords[-1] in _TYPE_KEYWORDS)


_DECLARATIONS = "in a type's or accessor list's declarations, not a body"
_NO_BODY = "not inside any function body"


@dataclass
class Site:
    """Where one mutant's schema goes: the body (block) it lies in."""
    path: str
    block_open: int
    block_close: int
    body_start: int  # first character of the statements (after a closure's `in`)
    start: int  # the mutant's span in the original text
    end: int


def site(text: str, language: str, start: int, end: int, path: str = "") -> Site | str:
    """The body that mutant span [start, end) is written into, or why there is none."""
    mask = code_mask(text, language)
    found = blocks(text, mask)
    inner = None
    for index, block in enumerate(found):
        if block.open < start and end <= block.close:
            inner = index  # blocks are in opening order: the last hit is the innermost
    if inner is None:
        return _NO_BODY
    if not _is_code_block(text, mask, found, inner, language):
        return _DECLARATIONS
    chosen = inner
    while True:
        parent = found[chosen].parent
        if parent is None or not _is_code_block(text, mask, found, parent, language):
            break
        chosen = parent
    block = found[chosen]
    if language == "c" and re.search(r"\\\s*\n", text[block.open:block.close]):
        return "in a preprocessor macro's body"
    content = _code_text(text, mask, block.open + 1, block.close)
    if language == "swift" and _SWITCH_BODY.match(content):
        return "the outermost block is a switch's cases"
    body_start = block.open + 1
    if language == "swift":
        signature = _CLOSURE_SIGNATURE.match(content)
        if signature:
            body_start += signature.end()
    if not body_start <= start:
        return "in a closure's signature"
    return Site(path, block.open, block.close, body_start, start, end)


_OPERAND = re.compile(r"^[A-Za-z_0-9][\w.]*$")
_TOKEN = re.compile(r"[A-Za-z_][\w]*|[=!<>+\-*/%&|^~?]+|\S")
_DECLARATION_ENDS = {"func", "init", "subscript", "case", "typealias", "deinit", "return", "enum", "struct",
                     "class", "extension", "protocol", "actor", "get", "set", "willSet", "didSet", "import"}


@dataclass
class ValueSite:
    """Where a value mutant goes: the operand [start, end) of an initial value it changes."""
    path: str
    start: int
    end: int
    mutated: str  # the operand as the mutant writes it


def value_site(text: str, start: int, end: int, replacement: str, path: str = "") -> ValueSite | str:
    """The operand of a stored property's or a global's initial value that the edit of [start,
    end) by `replacement` changes, or why there is none. The operand is the changed characters
    grown to a whole literal, name or member chain (`4.34e1`, `LengthRule.truncating`); it must lie
    after the `=` of a `let` or `var` declaration, not in a parameter's default, an enum case's raw
    value, a type annotation or an attribute."""
    mask = code_mask(text, "swift")
    word = re.compile(r"[\w.]")
    low, high = start, end
    while low > 0 and mask[low - 1] and word.match(text[low - 1]):
        low -= 1
    while high < len(text) and mask[high] and word.match(text[high]):
        high += 1
    original = text[low:high]
    mutated = text[low:start] + replacement + text[end:high]
    if not all(mask[low:high]):
        return "inside a string literal or a comment"
    for piece in (original, mutated):
        if not _OPERAND.match(piece) or piece.endswith(".") or piece in _SWIFT_KEYWORDS:
            return "changes more than one operand of a declaration"
    # Back from the operand to the declaration that holds it, skipping bracketed groups: the first
    # `=` at the operand's level must come before a `let` or `var`, and nothing else may end the
    # search first (another declaration's keyword, an attribute's `@`, the enclosing brace).
    tokens = _TOKEN.findall(_code_text(text, mask, 0, low))
    depth = 0
    assigned = False
    for token in reversed(tokens):
        if token in (")", "]", "}"):
            depth += 1
        elif token in ("(", "["):
            depth = max(0, depth - 1)
        elif token == "{":
            if depth == 0:
                return "not in a stored value's initial value"
            depth -= 1
        elif depth:
            continue
        elif token == "=":
            assigned = True
        elif token in ("let", "var"):
            if assigned:
                return ValueSite(path, low, high, mutated)
            return "in a declaration's name or type, not its value"
        elif token in _DECLARATION_ENDS or token in ("@", ";"):
            return "not in a stored value's initial value"
    return "not in a stored value's initial value"


def find_span(source: str, find: str, occurrence: int) -> tuple[int, int]:
    """The `occurrence`-th match of `find` in `source` (as Scripts/mutants.py applies it)."""
    index = -1
    for _ in range(occurrence):
        index = source.find(find, index + 1)
        if index < 0:
            raise ValueError(f"'{find}' occurs fewer than {occurrence} time(s)")
    return index, index + len(find)


def narrowed(find: str, replace: str, start: int) -> tuple[int, int, str]:
    """The same edit without the text `find` and `replace` share at either end: the span it
    changes (for `find` at `start`) and what goes there."""
    prefix = 0
    while prefix < min(len(find), len(replace)) and find[prefix] == replace[prefix]:
        prefix += 1
    suffix = 0
    while (suffix < min(len(find), len(replace)) - prefix
           and find[len(find) - 1 - suffix] == replace[len(replace) - 1 - suffix]):
        suffix += 1
    return start + prefix, start + len(find) - suffix, replace[prefix:len(replace) - suffix]


SWIFT_HELPER = f"""// Generated by Scripts/mutant_schemata.py in the mutation scratch copy only: which mutant runs.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@usableFromInline let _springbenchActiveMutant: Int = {{
    guard let value = getenv("{VARIABLE}") else {{ return -1 }}
    return Int(String(cString: value)) ?? -1
}}()

@inlinable func {SWIFT_TEST}(_ id: Int) -> Bool {{ _springbenchActiveMutant == id }}
"""

C_HELPER = f"""#include <stdlib.h>
/* Generated by Scripts/mutant_schemata.py in the mutation scratch copy only: which mutant runs. */
static int {C_TEST}(int id) {{
    static int active = -2;
    if (active == -2) {{
        const char *value = getenv("{VARIABLE}");
        active = value ? atoi(value) : -1;
    }}
    return active == id;
}}
"""


@dataclass
class Schema:
    """The rewritten files, which mutant has which number, and the mutants left to a rebuild."""
    files: dict[str, str]
    numbers: dict[str, int]
    left: dict[str, str]
    # Per rewritten file, each mutant's lines there (1-based, inclusive), to read compiler errors.
    lines: dict[str, list[tuple[int, int, str]]]
    helpers: dict[str, str]  # extra files (path -> text): one helper per Swift module


def language_of(path: str) -> str | None:
    if path.endswith(".swift"):
        return "swift"
    if path.endswith(".c"):
        return "c"
    return None


def build_schema(sources: dict[str, str], mutants: list, apply, exclude: set[str] = frozenset()) -> Schema:
    """The schema of `mutants` (objects with ident, path, find, replace, occurrence) over
    `sources` (path -> text). `apply(mutant, text)` is the list's own edit; `exclude` names
    mutants to leave to a rebuild (a compiler error in their schema)."""
    numbers: dict[str, int] = {}
    left: dict[str, str] = {}
    by_body: dict[tuple[str, int], list[tuple[object, Site]]] = {}
    values: dict[str, list[tuple[object, ValueSite]]] = {}
    for number, mutant in enumerate(mutants, start=1):
        language = language_of(mutant.path)
        if mutant.ident in exclude:
            left[mutant.ident] = "its schema does not compile"
            continue
        if language is None:
            left[mutant.ident] = "not a Swift or C file"
            continue
        if language == "swift" and not mutant.path.startswith("Sources/"):
            left[mutant.ident] = "not a module's source"
            continue
        text = sources[mutant.path]
        try:
            start, end = find_span(text, mutant.find, mutant.occurrence)
            # Only the characters that change must lie in the body: `find` may reach into a
            # signature (a C function on one line) that the edit leaves as it is.
            start, end, _ = narrowed(mutant.find, mutant.replace, start)
            where = site(text, language, start, end, mutant.path)
        except ValueError as error:
            left[mutant.ident] = str(error)
            continue
        if isinstance(where, str) and language == "swift" and where in (_DECLARATIONS, _NO_BODY):
            _, _, replacement = narrowed(mutant.find, mutant.replace, 0)
            value = value_site(text, start, end, replacement, mutant.path)
            if isinstance(value, ValueSite):
                taken = values.setdefault(mutant.path, [])
                if any(value.start < other.end and other.start < value.end for _, other in taken):
                    left[mutant.ident] = "its operand is another mutant's"
                    continue
                numbers[mutant.ident] = number
                taken.append((mutant, value))
                continue
            where = f"{where}, and {value}"
        if isinstance(where, str):
            left[mutant.ident] = where
            continue
        numbers[mutant.ident] = number
        by_body.setdefault((mutant.path, where.block_open), []).append((mutant, where))

    files: dict[str, str] = {}
    lines: dict[str, list[tuple[int, int, str]]] = {}
    for path in sorted({p for p, _ in by_body} | set(values)):
        text = sources[path]
        language = language_of(path)
        # The bodies written twice and the operands chosen at run time, in the file's order (they
        # never overlap: an operand lies outside every body).
        edits = sorted([(key[1], entries) for key, entries in by_body.items() if key[0] == path]
                       + [(value.start, [(mutant, value)]) for mutant, value in values.get(path, [])],
                       key=lambda edit: edit[0])
        pieces: list[str] = []
        cursor = 0
        marks: list[tuple[int, int, str]] = []
        line = 1
        # C's helper goes after the file's last #include (feature macros such as _GNU_SOURCE
        # come before the first one).
        helper_at = 0
        if language == "c":
            for include in re.finditer(r"^[ \t]*#[ \t]*include\b.*\n", text, re.M):
                helper_at = include.end()

        def emit(piece: str, ident: str | None = None) -> None:
            nonlocal line
            first = line
            pieces.append(piece)
            line += piece.count("\n")
            if ident is not None:
                marks.append((first, line, ident))

        if language == "c":
            emit(text[:helper_at])
            emit(C_HELPER)
            cursor = helper_at
        for _, entries in edits:
            where = entries[0][1]
            if isinstance(where, ValueSite):
                mutant = entries[0][0]
                emit(text[cursor:where.start])
                emit(f"({SWIFT_TEST}({numbers[mutant.ident]}) ? ({where.mutated}) : ({text[where.start:where.end]}))",
                     mutant.ident)
                cursor = where.end
                continue
            original = text[where.body_start:where.block_close]
            emit(text[cursor:where.body_start])
            for position, (mutant, spot) in enumerate(entries):
                test = (f"{C_TEST}({numbers[mutant.ident]})" if language == "c"
                        else f"{SWIFT_TEST}({numbers[mutant.ident]})")
                keyword = "if" if position == 0 else "} else if"
                if language == "c":
                    keyword += " ("
                    test += ")"
                _, _, replacement = narrowed(mutant.find, mutant.replace, 0)
                mutated = (original[:spot.start - where.body_start] + replacement
                           + original[spot.end - where.body_start:])
                emit(f"\n{keyword} {test} {{\n")
                emit(mutated, mutant.ident)
            emit("\n} else {\n")
            emit(original, "")
            emit("\n}\n")
            cursor = where.block_close
        emit(text[cursor:])
        files[path] = "".join(pieces)
        lines[path] = marks
    helpers = {}
    for path in files:
        if language_of(path) == "swift":
            module = path.split("/")[1]
            helpers[f"Sources/{module}/_MutantSchema.swift"] = SWIFT_HELPER
    return Schema(files, numbers, left, lines, helpers)


ERROR = re.compile(r"^(/[^:\n]+|[^:\n/][^:\n]*):(\d+):(?:\d+:)? error:", re.M)


def mutants_in_errors(log: str, root: str, schema: Schema) -> tuple[set[str], list[str]]:
    """The mutants whose schema a build log's errors point into, and the errors that point at no
    mutant's branch (a file's original branch or an unrewritten file: the schema's own fault)."""
    blamed: set[str] = set()
    stray: list[str] = []
    for match in ERROR.finditer(log):
        path, line = match.group(1), int(match.group(2))
        relative = path[len(root) + 1:] if path.startswith(root + "/") else path
        marks = schema.lines.get(relative)
        hit = [ident for first, last, ident in (marks or []) if first <= line <= last]
        if hit and hit[0]:
            blamed.add(hit[0])
        elif marks is not None:
            # The original branch or the file around it: every mutant of that file goes back.
            blamed.update(ident for _, _, ident in marks if ident)
            stray.append(match.group(0))
        else:
            stray.append(match.group(0))
    return blamed, stray
