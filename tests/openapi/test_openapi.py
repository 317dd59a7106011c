"""Checks docs/openapi.yaml: it is a valid OpenAPI document, and it lists exactly the routes the
Swift router registers.

The routes are read from the Swift sources, not from a running server:

* ``Sources/KairosServer/Application+build.swift`` defines the router (``buildRouter``) and the
  WebSocket router (``buildWebSocketRouter``, whose ``.ws("path")`` routes are GET upgrades) and their groups
  (``let api = router.group("api/v1")``, ``let signedIn = api.add(middleware: ...).group(context: ...)``),
  may register routes directly (``router.get("health") { ... }``), and hands groups to controllers
  (``accounts.addPublicRoutes(to: api.group("auth"))``, ``ProjectController(...).addRoutes(to: signedIn)``).
* ``Sources/KairosServer/Controllers/*.swift`` register routes inside ``func addXxx(to group: ...)``
  with calls such as ``group.get("tasks/:id") {``.

The parser fails loudly when it finds no routes, a controller file or registering function it cannot
attribute to a path prefix, or a group expression it does not understand.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from openapi_spec_validator import validate

REPO = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO / "docs" / "openapi.yaml"
SERVER_DIR = REPO / "Sources" / "KairosServer"
BUILD_FILE = SERVER_DIR / "Application+build.swift"
CONTROLLERS_DIR = SERVER_DIR / "Controllers"

HTTP_METHODS = ("get", "post", "put", "patch", "delete", "head", "options", "trace")
# Router methods that register a route: `group.get("path") {`, `group.get("path", options: ...)`,
# `group.get() {` or `group.get {` (no path). Any other call of these methods (say, a path held in a
# variable) is counted by ROUTE_ANY and makes the parser fail instead of silently skipping a route.
ROUTE_METHOD = r"\.(get|post|put|patch|delete|head|options|ws)"
ROUTE_CALL = ROUTE_METHOD + r"\s*(?:\(\s*\"([^\"]*)\"|\(\s*\)|(?=\{))"
ROUTE_ANY = ROUTE_METHOD + r"\s*[({]"


class RouteParseError(AssertionError):
    """The Swift sources have a shape this parser does not understand."""


# ---------------------------------------------------------------------------------------------
# Small Swift helpers


def strip_comments(source: str) -> str:
    """Removes // and /* */ comments, keeping string literals (and line structure) intact."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c == '"':
            j = skip_string(source, i)
            out.append(source[i:j])
            i = j
        elif source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j == -1 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            if j == -1:
                raise RouteParseError("Unterminated /* comment in Swift source.")
            out.append("\n" * source.count("\n", i, j))
            i = j + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_string(source: str, start: int) -> int:
    """Index just past the string literal starting at `start` (a `"`); handles escapes and `\\(...)`."""
    if source.startswith('"""', start):
        end = source.find('"""', start + 3)
        if end == -1:
            raise RouteParseError("Unterminated multi-line string literal in Swift source.")
        return end + 3
    i = start + 1
    while i < len(source):
        c = source[i]
        if c == "\\":
            if i + 1 < len(source) and source[i + 1] == "(":
                i = matching_close(source, i + 1) + 1
                continue
            i += 2
            continue
        if c == '"':
            return i + 1
        if c == "\n":
            break
        i += 1
    raise RouteParseError(f"Unterminated string literal in Swift source near: {source[start:start + 60]!r}")


def matching_close(source: str, open_index: int) -> int:
    """Index of the bracket closing the one at `open_index` (`(`, `{` or `[`), skipping strings."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    opener = source[open_index]
    closer = pairs[opener]
    depth = 0
    i = open_index
    while i < len(source):
        c = source[i]
        if c == '"':
            i = skip_string(source, i)
            continue
        if c == opener:
            depth += 1
        elif c == closer:
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise RouteParseError(f"Unbalanced {opener!r} in Swift source near: {source[open_index:open_index + 60]!r}")


def join_path(*parts: str) -> str:
    segments = [segment for part in parts for segment in part.split("/") if segment]
    return "/" + "/".join(segments)


def to_openapi_path(path: str) -> str:
    """`/api/v1/tasks/:id` → `/api/v1/tasks/{id}`."""
    converted = re.sub(r":([A-Za-z_][A-Za-z0-9_]*)", r"{\1}", path)
    if "*" in converted:
        raise RouteParseError(f"Wildcard route {path!r}: extend the parser and the spec deliberately.")
    return converted


# ---------------------------------------------------------------------------------------------
# Application+build.swift


def evaluate_group(expression: str, groups: dict[str, str]) -> str | None:
    """The path prefix of a router/group expression, or None when it is not one.

    Understands `name`, `name.group("path")`, `name.group(context: X.self)` and
    `name.add(middleware: ...)`, chained in any order.
    """
    expression = expression.strip()
    head = re.match(r"[A-Za-z_][A-Za-z0-9_]*", expression)
    if not head or head.group(0) not in groups:
        return None
    prefix = groups[head.group(0)]
    i = head.end()
    while i < len(expression):
        rest = expression[i:]
        if not rest.strip():
            break
        call = re.match(r"\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(", rest)
        if not call:
            raise RouteParseError(f"Cannot read group expression {expression!r} at {rest!r}.")
        open_index = i + call.end() - 1
        close_index = matching_close(expression, open_index)
        name, args = call.group(1), expression[open_index + 1 : close_index].strip()
        if name == "group":
            literal = re.fullmatch(r"\"([^\"]*)\"", args)
            if literal:
                prefix = join_path(prefix, literal.group(1))
            elif not args.startswith("context:"):
                raise RouteParseError(f"Cannot read group(...) arguments {args!r} in {expression!r}.")
        elif name != "add" or not args.startswith("middleware:"):
            raise RouteParseError(f"Unknown call .{name}(...) in group expression {expression!r}.")
        i = close_index + 1
    return prefix


def http_method(method: str) -> str:
    """A WebSocket route (`.ws`) is reached by a GET that upgrades."""
    return "GET" if method == "ws" else method.upper()


def parse_build_file() -> tuple[set[tuple[str, str]], dict[tuple[str, str], str]]:
    """Routes registered directly in the build file, and (controller type, method) → prefix."""
    if not BUILD_FILE.is_file():
        raise RouteParseError(f"{BUILD_FILE} not found.")
    source = strip_comments(BUILD_FILE.read_text())
    if "func buildRouter(" not in source:
        raise RouteParseError("No `func buildRouter(` in Application+build.swift.")
    routes: set[tuple[str, str]] = set()
    registrations: dict[tuple[str, str], str] = {}
    for function in ("buildRouter", "buildWebSocketRouter"):
        start = source.find(f"func {function}(")
        if start == -1:
            continue
        function_routes, function_registrations = parse_router_function(source, start)
        routes |= function_routes
        for key, prefix in function_registrations.items():
            if key in registrations and registrations[key] != prefix:
                raise RouteParseError(f"{key} is registered on two prefixes; the parser cannot handle that.")
            registrations[key] = prefix
    return routes, registrations


def parse_router_function(
    source: str, start: int
) -> tuple[set[tuple[str, str]], dict[tuple[str, str], str]]:
    """Routes and controller registrations of one router-building function starting at `start`."""
    body_open = source.index("{", start)
    body = source[body_open + 1 : matching_close(source, body_open)]
    # Continuation lines (`    .group(context: ...)`) belong to the statement above.
    body = re.sub(r"\n\s*(?=\.)", "", body)
    router_var = re.search(r"let\s+(\w+)\s*=\s*Router\s*\(", body)
    if not router_var:
        raise RouteParseError("No `let router = Router(...)` in a router-building function.")

    groups: dict[str, str] = {router_var.group(1): "/"}
    controllers: dict[str, str] = {}  # variable name → controller type
    routes: set[tuple[str, str]] = set()
    registrations: dict[tuple[str, str], str] = {}

    for raw in body.split("\n"):
        line = raw.strip()
        if not line:
            continue
        assignment = re.match(r"(?:let|var)\s+(\w+)\s*=\s*(.+)$", line)
        if assignment:
            name, expression = assignment.groups()
            controller = re.match(r"(\w+Controller)\s*\(", expression)
            if controller:
                controllers[name] = controller.group(1)
                continue
            prefix = evaluate_group(expression, groups)
            if prefix is not None:
                groups[name] = prefix
            continue
        direct = re.match(r"(\w+)" + ROUTE_CALL, line)
        if not direct and re.match(r"(\w+)" + ROUTE_ANY, line) and line.split(".")[0] in groups:
            raise RouteParseError(f"Cannot read the route registered in: {line!r}")
        if direct and direct.group(1) in groups:
            method, path = direct.group(2), direct.group(3) or ""
            routes.add((http_method(method), to_openapi_path(join_path(groups[direct.group(1)], path))))
            continue
        registration = re.search(r"\.\s*(add\w*Routes)\s*\(\s*to\s*:", line)
        if registration:
            receiver = line[: registration.start()].strip()
            by_variable = re.fullmatch(r"(\w+)", receiver)
            by_constructor = re.match(r"(\w+Controller)\s*\(", receiver)
            if by_variable and by_variable.group(1) in controllers:
                controller_type = controllers[by_variable.group(1)]
            elif by_constructor:
                controller_type = by_constructor.group(1)
            else:
                raise RouteParseError(f"Cannot tell which controller registers routes in: {line!r}")
            open_index = line.index("(", registration.start())
            argument = line[open_index + 1 : matching_close(line, open_index)]
            argument = re.sub(r"^\s*to\s*:", "", argument)
            prefix = evaluate_group(argument, groups)
            if prefix is None:
                raise RouteParseError(f"Cannot tell the path prefix of {argument.strip()!r} in: {line!r}")
            key = (controller_type, registration.group(1))
            if key in registrations and registrations[key] != prefix:
                raise RouteParseError(f"{key} is registered on two prefixes; the parser cannot handle that.")
            registrations[key] = prefix
    return routes, registrations


# ---------------------------------------------------------------------------------------------
# Controllers/*.swift


def parse_controller_file(path: Path, registrations: dict[tuple[str, str], str]) -> set[tuple[str, str]]:
    source = strip_comments(path.read_text())
    types = re.findall(r"\b(?:struct|final\s+class|class|actor|enum)\s+(\w+)", source)
    if not types:
        raise RouteParseError(f"{path.name}: no type declaration found.")
    routes: set[tuple[str, str]] = set()
    attributed = False
    for func in re.finditer(r"\bfunc\s+(\w+)\s*\(", source):
        params_open = func.end() - 1
        params_close = matching_close(source, params_open)
        params = source[params_open + 1 : params_close]
        body_open = source.index("{", params_close)
        body = source[body_open + 1 : matching_close(source, body_open)]
        owner = enclosing_type(source, func.start())
        param = re.match(r"\s*(?:to\s+)?(\w+)\s*:\s*(?:some\s+|any\s+)?(?:Router\w*|RouterGroup)\b", params)
        found = []
        if param:
            receiver = r"\b" + re.escape(param.group(1))
            found = re.findall(receiver + ROUTE_CALL, body)
            calls = re.findall(receiver + ROUTE_ANY, body)
            if len(calls) != len(found):
                raise RouteParseError(
                    f"{path.name}: {func.group(1)} has {len(calls)} route calls but only {len(found)} "
                    "with a readable path literal; extend the parser.")
        if not found:
            continue
        key = (owner, func.group(1))
        if key not in registrations:
            raise RouteParseError(
                f"{path.name}: {owner}.{func.group(1)}(to:) registers routes but Application+build.swift "
                f"never calls it, so its path prefix is unknown. Registered: {sorted(registrations)}")
        attributed = True
        for method, route in found:
            routes.add((http_method(method), to_openapi_path(join_path(registrations[key], route))))
    if not attributed:
        raise RouteParseError(
            f"{path.name}: found no route registrations the parser can attribute to a prefix "
            f"(types {types}; registrations {sorted(registrations)}).")
    return routes


def enclosing_type(source: str, index: int) -> str:
    """The innermost struct/class/extension whose body contains `index`."""
    best: tuple[int, str] | None = None
    for decl in re.finditer(r"\b(?:struct|final\s+class|class|actor|enum|extension)\s+(\w+)[^{]*\{", source):
        open_index = decl.end() - 1
        if open_index < index < matching_close(source, open_index):
            if best is None or open_index > best[0]:
                best = (open_index, decl.group(1))
    if best is None:
        raise RouteParseError(f"A func at offset {index} is outside any type.")
    return best[1]


def router_routes() -> set[tuple[str, str]]:
    routes, registrations = parse_build_file()
    if not registrations:
        raise RouteParseError("Application+build.swift registers no controllers (no `addRoutes(to:)` calls found).")
    controller_files = sorted(CONTROLLERS_DIR.glob("*.swift"))
    if not controller_files:
        raise RouteParseError(f"No controller files in {CONTROLLERS_DIR}.")
    used: set[tuple[str, str]] = set()
    for path in controller_files:
        file_routes = parse_controller_file(path, registrations)
        routes |= file_routes
        source = path.read_text()
        used |= {key for key in registrations if re.search(r"\b(?:struct|class|actor|enum)\s+" + key[0] + r"\b", source)}
    unused = set(registrations) - used
    if unused:
        raise RouteParseError(f"Controllers registered in Application+build.swift but not found in Controllers/: {sorted(unused)}")
    if not routes:
        raise RouteParseError("Found no routes at all in the Swift sources.")
    return routes


# ---------------------------------------------------------------------------------------------
# Tests


def load_spec() -> dict:
    with SPEC_PATH.open() as handle:
        return yaml.safe_load(handle)


def spec_routes(spec: dict) -> set[tuple[str, str]]:
    return {
        (method.upper(), path)
        for path, item in spec.get("paths", {}).items()
        for method in item
        if method in HTTP_METHODS
    }


def test_spec_is_valid_openapi() -> None:
    spec = load_spec()
    assert spec.get("openapi", "").startswith("3.1"), "docs/openapi.yaml must be OpenAPI 3.1"
    validate(spec)


def test_spec_matches_router() -> None:
    code = router_routes()
    documented = spec_routes(load_spec())
    missing = sorted(code - documented, key=lambda r: (r[1], r[0]))
    extra = sorted(documented - code, key=lambda r: (r[1], r[0]))
    message = []
    if missing:
        message.append("Routes in the router but not in docs/openapi.yaml:")
        message += [f"  {method} {path}" for method, path in missing]
    if extra:
        message.append("Paths in docs/openapi.yaml that the router does not serve:")
        message += [f"  {method} {path}" for method, path in extra]
    assert not missing and not extra, "\n".join(message)


if __name__ == "__main__":  # pragma: no cover - handy for a quick look
    for method, path in sorted(router_routes(), key=lambda r: (r[1], r[0])):
        print(method, path)
