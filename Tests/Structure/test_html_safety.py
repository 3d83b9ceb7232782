"""HTML is safe by type (issue 38, item 7): a value reaches a page only escaped.

The compiler is the proof: these tests type-check small programs against the debug build's
WebSupport module (`swift build` first, as scripts/test does) and expect a string passed as markup to
be refused. The views are held to the element API: markup is written as elements, not as literals.
"""

import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / ".build" / "debug"


@pytest.fixture(scope="module")
def typecheck(tmp_path_factory):
    modules = BUILD / "Modules"
    assert (modules / "WebSupport.swiftmodule").exists(), "build first: swift build --build-tests"
    # The C modules under WebSupport's dependencies (SwiftNIO's shims and the like).
    maps = [p for p in BUILD.resolve().glob("*.build/module.modulemap") if "-tool.build" not in str(p)]
    maps += (ROOT / ".build" / "checkouts").glob("**/include/module.modulemap")
    flags = [f"-fmodule-map-file={p}" for p in maps]
    folder = tmp_path_factory.mktemp("typecheck")

    def check(body: str) -> subprocess.CompletedProcess:
        source = folder / "Check.swift"
        source.write_text("import WebSupport\n" + body + "\n")
        command = ["swiftc", "-typecheck", "-I", str(modules), str(source)]
        for flag in flags:
            command += ["-Xcc", flag]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    return check


def test_markup_written_as_a_literal_type_checks(typecheck):
    result = typecheck(
        'func page(_ title: String) -> String {\n'
        '    var html = HTMLWriter()\n'
        '    html.raw("<!doctype html>\\n")\n'
        '    html.element("h1", .class("title"), .attribute("data-n", 1), text: title)\n'
        '    html.append(HTMLWriter.fragment { $0.text(title) })\n'
        '    return html.html\n'
        '}'
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "statement",
    [
        "html.raw(title)",  # a value as markup
        'html.raw("<h1>\\(title)</h1>")',  # a value interpolated into markup
        'html.raw(title.isEmpty ? "<p>" : title)',
        "html.append(SafeHTML(markup: title))",  # a string passed off as a fragment
        "html.append(SafeHTML(sanitized: title))",  # the sanitiser's door, outside the package
        "html.element(title, text: title)",  # a value as an element's name
        "html.voidElement(\"img\", .attribute(title, title))",  # a value as an attribute's name
    ],
)
def test_a_value_cannot_be_written_as_markup(typecheck, statement):
    result = typecheck(
        "func page(_ title: String) -> String {\n"
        "    var html = HTMLWriter()\n"
        f"    {statement}\n"
        "    return html.html\n"
        "}"
    )
    assert result.returncode != 0, f"compiled: {statement}"
    assert "error:" in result.stderr


def swift_files(*folders):
    for folder in folders:
        yield from sorted((ROOT / "Sources" / folder).rglob("*.swift"))


def test_only_the_news_sanitiser_makes_markup_of_a_string():
    users = [
        p.relative_to(ROOT).as_posix()
        for p in swift_files(".")
        if "SafeHTML(sanitized:" in p.read_text() and p.name != "HTMLWriter.swift"
    ]
    assert users == ["Sources/FinnkinoWeb/News/HTMLSanitizer.swift"]


def test_views_write_elements_not_markup_literals():
    """`raw` is left for what elements cannot say: the doctype and line breaks."""
    allowed = {'"<!doctype html>\\n"', '"\\n"'}
    found = []
    for path in swift_files("FinnkinoWeb", "MusicifyWeb"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for literal in re.findall(r'\.raw\(("(?:[^"\\]|\\.)*")\)', line):
                if literal not in allowed:
                    found.append(f"{path.relative_to(ROOT)}:{number}: {literal}")
            if re.search(r"\.raw\(\s*$", line):
                found.append(f"{path.relative_to(ROOT)}:{number}: a literal over several lines")
    assert found == []
