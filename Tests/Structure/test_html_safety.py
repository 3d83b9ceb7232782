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


CONTROL = (
    "func page(_ title: String) -> SafeHTML {\n"
    "    var html = HTMLWriter()\n"
    '    html.raw("<!doctype html>\\n")\n'
    '    html.element("h1", .class("title"), .attribute("data-n", 1), text: title)\n'
    "    html.append(HTMLWriter.fragment { $0.text(title) })\n"
    "    return html.fragment\n"
    "}"
)


@pytest.fixture(scope="module")
def control(typecheck):
    """The same kind of program written the safe way: it must compile, or a refusal below proves
    nothing (a missing module would refuse everything)."""
    result = typecheck(CONTROL)
    assert result.returncode == 0, result.stderr
    return result


def test_markup_written_as_a_literal_type_checks(control):
    assert control.returncode == 0


@pytest.mark.parametrize(
    "statement",
    [
        "html.raw(title)",  # a value as markup
        'html.raw("<h1>\\(title)</h1>")',  # a value interpolated into markup
        'html.raw(title.isEmpty ? "<p>" : title)',
        "html.append(SafeHTML(markup: title))",  # a string passed off as a fragment
        "html.append(SafeHTML(utf8: Array(title.utf8)))",
        "html.append(SafeHTML(sanitized: title))",  # the sanitiser's door, outside the package
        "html.element(title, text: title)",  # a value as an element's name
        'html.voidElement("img", .attribute(title, title))',  # a value as an attribute's name
        "html.bytes.append(contentsOf: title.utf8)",  # the writer's buffer
    ],
)
def test_a_value_cannot_be_written_as_markup(typecheck, control, statement):
    result = typecheck(
        "func page(_ title: String) -> String {\n"
        "    var html = HTMLWriter()\n"
        f"    {statement}\n"
        "    return html.html\n"
        "}"
    )
    assert result.returncode != 0, f"compiled: {statement}"
    # Refused for that very line (line 4: the import, then the function's first two lines).
    assert "Check.swift:4:" in result.stderr and "error:" in result.stderr, result.stderr


def swift_files(*folders):
    for folder in folders:
        yield from sorted((ROOT / "Sources" / folder).rglob("*.swift"))


def test_only_the_news_sanitiser_makes_markup_of_a_string():
    users = [
        p.relative_to(ROOT).as_posix()
        for p in swift_files(".")
        if "sanitized:" in p.read_text() and p.relative_to(ROOT).as_posix() != "Sources/WebSupport/HTMLWriter.swift"
    ]
    assert users == ["Sources/FinnkinoWeb/News/HTMLSanitizer.swift"]


def test_views_write_elements_not_markup_literals():
    """`raw` is left for what elements cannot say: the doctype and line breaks."""
    allowed = ('.raw("<!doctype html>\\n")', '.raw("\\n")')
    found = []
    for path in swift_files("FinnkinoWeb", "MusicifyWeb"):
        text = path.read_text()
        for match in re.finditer(r"\.raw\(", text):
            if not text.startswith(allowed, match.start()):
                number = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{number}: {text[match.start():match.start() + 40]!r}")
    assert found == []
