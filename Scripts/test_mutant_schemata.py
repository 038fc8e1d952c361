"""Tests of Scripts/mutant_schemata.py: `python3 -m unittest discover -s Scripts -p 'test_*.py'`.

The schema's one promise is that `SPRINGBENCH_MUTANT=n` runs the program mutant n's own rebuild
makes, and no variable runs the original. The end-to-end tests compile a schema with swiftc and
clang and compare each choice's output with the same file mutated and compiled on its own (the
oracle is the plain rebuild, not the schema code)."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutant_schemata as schemata  # noqa: E402


@dataclass
class M:
    ident: str
    path: str
    find: str
    replace: str
    occurrence: int = 1


def apply(mutant: M, text: str) -> str:
    start, end = schemata.find_span(text, mutant.find, mutant.occurrence)
    return text[:start] + mutant.replace + text[end:]


def masked(text: str, language: str = "swift") -> str:
    return "".join(c if k else "." for c, k in zip(text, schemata.code_mask(text, language)))


class CodeMaskTests(unittest.TestCase):
    def test_strings_and_comments_are_not_code(self):
        text = 'let a = "{" // }\n/* { /* } */ } */ let b = 1'
        self.assertEqual(masked(text).count("{") + masked(text).count("}"), 0)
        self.assertIn("let b = 1", masked(text))

    def test_interpolation_is_code_again(self):
        text = 'let s = "x\\(f { 1 })}y"'
        self.assertEqual(masked(text), 'let s = ....f { 1 }....')

    def test_raw_and_multiline_strings(self):
        raw = 'let r = #"\\(not) {"# + g { 2 }'
        self.assertEqual(masked(raw), 'let r = ............ + g { 2 }')
        raw_interpolated = 'let r = #"a\\#(h { 3 })"#'
        self.assertEqual(masked(raw_interpolated), 'let r = ......h { 3 }...')
        multi = 'let m = """\n{ " }\n""" ; k { }'
        self.assertEqual(masked(multi), 'let m = ............. ; k { }')

    def test_c_literals(self):
        text = "char c = '{'; const char *s = \"}\\\"{\"; /* { */ int f(void) { return 0; }"
        self.assertEqual(masked(text, "c").count("{"), 1)


SWIFT = """\
struct Counter<let count: Int> {
    var limit = 3
    static let table: [Int] = { () -> [Int] in
        var rows: [Int] = []
        for i in 0..<4 { rows.append(i * 2) }
        return rows
    }()
    var doubled: Int {
        get { limit * 2 }
        set { limit = newValue / 2 }
    }
    func run(_ x: Int) -> Int {
        var total = 0
        var i = 0
        while i < x {
            switch i % 3 {
            case 0: total += i
            default: total -= 1
            }
            i += 1
        }
        return total + "}".count
    }
    var single: Int { limit + 1 }
}
"""


VALUES = """\
enum Mode: Int { case fast = 1, slow = 2 }
@propertyWrapper struct Wrapped { var wrappedValue: Int; init(wrappedValue: Int, step: Int = 4) { self.wrappedValue = wrappedValue } }
struct Settings {
    static let threshold = 0.0005
    @Wrapped(step: 5) var window = 20
    var table = [1, 2, Mode.fast.rawValue]
    var label: String = "a = 1"
    func scaled(_ x: Int, by factor: Int = 3) -> Int { x * factor }
}
let global = Settings.threshold * 2
"""


class ValueSiteTests(unittest.TestCase):
    def value(self, find: str, replace: str, occurrence: int = 1):
        start, end = schemata.find_span(VALUES, find, occurrence)
        start, end, replacement = schemata.narrowed(find, replace, start)
        return schemata.value_site(VALUES, start, end, replacement)

    def test_an_initial_values_operand_is_chosen_whole(self):
        site = self.value("threshold = 0.0005", "threshold = 0.005")
        self.assertEqual((VALUES[site.start:site.end], site.mutated), ("0.0005", "0.005"))
        site = self.value("var window = 20", "var window = 10")
        self.assertEqual((VALUES[site.start:site.end], site.mutated), ("20", "10"))
        site = self.value("Mode.fast.rawValue]", "Mode.slow.rawValue]")
        self.assertEqual((VALUES[site.start:site.end], site.mutated), ("Mode.fast.rawValue", "Mode.slow.rawValue"))
        site = self.value("Settings.threshold * 2", "Settings.threshold * 3")
        self.assertEqual((VALUES[site.start:site.end], site.mutated), ("2", "3"))

    def test_what_is_not_an_initial_value_is_left(self):
        for find, replace in [("fast = 1", "fast = 3"), ("by factor: Int = 3", "by factor: Int = 4"),
                              ("step: 5", "step: 6"), ("var label: String", "var label: Substring"),
                              ('"a = 1"', '"a = 2"'), ("window = 20", "windows = 20"),
                              ("threshold * 2", "threshold / 2"), ("var table", "let table")]:
            with self.subTest(find=find):
                self.assertIsInstance(self.value(find, replace), str)


class SiteTests(unittest.TestCase):
    def where(self, find: str, replace: str = "", occurrence: int = 1):
        start, end = schemata.find_span(SWIFT, find, occurrence)
        start, end, _ = schemata.narrowed(find, replace or find + " ", start)
        return schemata.site(SWIFT, "swift", start, end)

    def body(self, site) -> str:
        return SWIFT[site.body_start:site.block_close]

    def test_a_loop_inside_a_function_chooses_the_function_body(self):
        site = self.where("total += i")
        self.assertTrue(self.body(site).lstrip().startswith("var total = 0"))
        self.assertTrue(self.body(site).rstrip().endswith('"}".count'))

    def test_a_type_level_value_has_no_body(self):
        self.assertIsInstance(self.where("var limit = 3"), str)

    def test_an_accessor_is_its_own_body(self):
        site = self.where("limit * 2")
        self.assertEqual(self.body(site).strip(), "limit * 2")

    def test_a_closure_body_starts_after_in(self):
        site = self.where("i * 2")
        self.assertTrue(self.body(site).lstrip().startswith("var rows"))

    def test_a_single_expression_property(self):
        site = self.where("limit + 1")
        self.assertEqual(self.body(site).strip(), "limit + 1")

    def test_only_the_changed_characters_must_be_inside(self):
        start, end, replacement = schemata.narrowed("f(a) { g(b) }", "f(a) { g(c) }", 10)
        self.assertEqual((start, end, replacement), (19, 20, "c"))

    def test_a_c_macro_body_is_left(self):
        text = "#define F(x) \\\n    static int f##x(void) { \\\n        return 1; \\\n    }\nint g(void) { return 2; }\n"
        start = text.index("return 1")
        self.assertIsInstance(schemata.site(text, "c", start, start + 8), str)
        start = text.index("return 2")
        self.assertNotIsInstance(schemata.site(text, "c", start, start + 8), str)

    def test_a_c_initialiser_is_not_a_body(self):
        text = "static const int table[] = { 1, 2, 3 };\n"
        start = text.index("2")
        self.assertIsInstance(schemata.site(text, "c", start, start + 1), str)


SWIFT_PROGRAM = """\
enum Step {
    static let one = 1, two = 2
    static let sizes = [16, 64, 256]
}
let offset = 0.5
struct Box<let n: Int> {
    var base = 10
    var step = Step.one
    func value(_ x: Int) -> Int {
        var sum = base
        for i in 0..<x {
            if i % 2 == 0 { sum += i } else { sum -= 1 }
        }
        return sum
    }
    var twice: Int { base * 2 }
}
let words = ["a", "{b}"].map { w in
    w.count + 1
}
print(Box<3>().value(5), Box<3>().twice, words, Box<3>().step, offset, Step.sizes)
"""

C_PROGRAM = """\
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
static int f(int x) {
    int total = 0;
    for (int i = 0; i < x; i++) total += i;
    return total;
}
/* strchrnul is declared only with _GNU_SOURCE, before the first include. */
int main(void) { printf("%d %d %d\\n", f(5), f(3), (int)(strchrnul("ab", 'x') - "ab")); return 0; }
"""


@unittest.skipUnless(shutil.which("swiftc") and shutil.which("clang"), "needs swiftc and clang")
class SchemaRunTests(unittest.TestCase):
    """Each choice of the compiled schema prints what the mutant compiled on its own prints."""

    def run_program(self, directory: str, name: str, text: str, language: str, helper: str = "") -> str:
        """Compiles `text` (as a Swift program's main.swift, with `helper` as a second file) and
        returns what it prints."""
        os.makedirs(os.path.join(directory, name), exist_ok=True)
        source = os.path.join(directory, name, "main.swift" if language == "swift" else "main.c")
        binary = os.path.join(directory, name, "program")
        with open(source, "w") as handle:
            handle.write(text)
        sources = [source]
        if helper:
            sources.append(os.path.join(directory, name, "helper.swift"))
            with open(sources[-1], "w") as handle:
                handle.write(helper)
        compiler = ["swiftc", "-Onone", *sources, "-o", binary] if language == "swift" else \
            ["clang", "-std=c11", "-Werror=implicit-function-declaration", source, "-o", binary]
        subprocess.run(compiler, check=True, capture_output=True)
        return subprocess.run([binary], check=True, capture_output=True, text=True).stdout

    def check(self, text: str, language: str, mutants: list[M], path: str):
        with tempfile.TemporaryDirectory() as directory:
            schema = schemata.build_schema({path: text}, mutants, apply)
            self.assertEqual(set(schema.numbers), {m.ident for m in mutants}, schema.left)
            helper = schema.helpers.get("Sources/Demo/_MutantSchema.swift", "")
            original = self.run_program(directory, "original", text, language)
            self.assertEqual(self.run_program(directory, "schema", schema.files[path], language, helper), original)
            binary = os.path.join(directory, "schema", "program")
            for mutant in mutants:
                alone = self.run_program(directory, "alone", apply(mutant, text), language)
                self.assertNotEqual(alone, original, f"{mutant.ident} changes nothing: a bad test case")
                chosen = subprocess.run([binary], check=True, capture_output=True, text=True,
                                        env=dict(os.environ, **{schemata.VARIABLE: str(schema.numbers[mutant.ident])}))
                self.assertEqual(chosen.stdout, alone, mutant.ident)

    def test_swift(self):
        path = "Sources/Demo/main.swift"
        self.check(SWIFT_PROGRAM, "swift", [
            M("loop-bound", path, "0..<x", "0...x"),
            M("branch", path, "sum += i", "sum += 2 * i"),
            M("start", path, "var sum = base", "var sum = base + 1"),
            M("property", path, "base * 2", "base * 3"),
            M("closure", path, "w.count + 1", "w.count + 2"),
            M("stored-value", path, "var base = 10", "var base = 12"),
            M("instance-value", path, "var step = Step.one", "var step = Step.two"),
            M("first-operand", path, "[16, 64", "[16, 32"),
            M("second-operand", path, "64, 256]", "64, 128]"),
            M("global-operand", path, "let offset = 0.5", "let offset = 1.5"),
        ], path)

    def test_c(self):
        path = "Sources/CDemo/demo.c"
        self.check(C_PROGRAM, "c", [
            M("bound", path, "i < x", "i <= x"),
            M("sum", path, "total += i", "total -= i"),
        ], path)


class ErrorMappingTests(unittest.TestCase):
    def test_an_error_in_a_branch_blames_its_mutant_only(self):
        text = "func f() -> Int {\n    return 1\n}\nfunc g() -> Int {\n    return 2\n}\n"
        path = "Sources/Demo/a.swift"
        mutants = [M("one", path, "return 1", "return x"), M("two", path, "return 2", "return 3")]
        schema = schemata.build_schema({path: text}, mutants, apply)
        written = schema.files[path].splitlines()
        line = next(i for i, content in enumerate(written, start=1) if "return x" in content)
        blamed, stray = schemata.mutants_in_errors(f"/w/{path}:{line}:12: error: cannot find 'x'\n", "/w", schema)
        self.assertEqual((blamed, stray), ({"one"}, []))
        original = next(i for i, content in enumerate(written, start=1) if content.strip() == "return 2")
        blamed, stray = schemata.mutants_in_errors(f"/w/{path}:{original}:5: error: oops\n", "/w", schema)
        self.assertEqual(blamed, {"one", "two"})
        self.assertEqual(len(stray), 1)


if __name__ == "__main__":
    unittest.main()
