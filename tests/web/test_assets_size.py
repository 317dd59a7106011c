"""The web app's scripts and styles stay within budgets, so a phone on a slow line starts the app quickly.
No browser needed. What a phone fetches before its first screen (the stylesheet and the modules app.js
imports, directly or not) stays under 200 KiB; the screens a start seldom opens (messages, settings, the
calendar, signing in) load later. What a phone downloads for the whole app is the files gzipped as the
server sends them, budgeted separately: the screens loaded later (threads' AI chips, notes, the assistant)
grow it, so it has room for them while what a start needs keeps its own budget."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
LIMIT = 200 * 1024
GZIPPED_LIMIT = 112 * 1024
STATIC_IMPORT = re.compile(r'^import\s[^;]*?from\s+"(\.[^"]+)";', re.MULTILINE)


def shipped_files() -> list[Path]:
    return sorted(WEB.glob("js/**/*.js")) + sorted(WEB.glob("css/*.css"))


def start_modules() -> set[Path]:
    """app.js and every module it imports statically, directly or not (an `import()` loads later)."""
    found: set[Path] = set()
    waiting = [WEB / "js" / "app.js"]
    while waiting:
        module = waiting.pop()
        if module in found:
            continue
        found.add(module)
        waiting += [(module.parent / name).resolve() for name in STATIC_IMPORT.findall(module.read_text())]
    return found


def test_what_a_phone_fetches_to_start_stays_within_the_budget() -> None:
    files = sorted(start_modules()) + sorted(WEB.glob("css/*.css"))
    total = sum(path.stat().st_size for path in files)
    print(f"web app scripts and styles fetched to start: {total:,} bytes in {len(files)} files (limit {LIMIT:,})")
    largest = ", ".join(f"{p.relative_to(WEB)} {p.stat().st_size:,}" for p in sorted(files, key=lambda p: -p.stat().st_size)[:5])
    assert total <= LIMIT, f"the app starts with {total:,} bytes of scripts and styles, over the {LIMIT:,} byte budget; largest: {largest}"


def test_the_page_asks_for_every_start_module_at_once() -> None:
    """Without the hints, a browser finds each module only when its importer arrives: one round trip per level."""
    page = (WEB / "index.html").read_text()
    hinted = set(re.findall(r'<link rel="modulepreload" href="(/js/[^"]+)">', page))
    needed = {f"/{path.relative_to(WEB)}" for path in start_modules()} - {"/js/app.js"}
    assert hinted == needed, f"index.html's modulepreload links: add {sorted(needed - hinted)}, remove {sorted(hinted - needed)}"


def test_what_a_phone_downloads_stays_within_the_budget() -> None:
    """The server gzips each file for a browser that takes it (as zlib's default level does here)."""
    total = sum(len(gzip.compress(path.read_bytes(), compresslevel=6)) for path in shipped_files())
    print(f"web app scripts and styles as sent: {total:,} bytes gzipped (limit {GZIPPED_LIMIT:,})")
    assert total <= GZIPPED_LIMIT, f"the scripts and styles gzip to {total:,} bytes, over the {GZIPPED_LIMIT:,} byte budget"


def test_the_service_worker_keeps_every_script_for_offline_starts() -> None:
    """The modules import each other statically: one missing from the shell and the app cannot start offline."""
    worker = (WEB / "sw.js").read_text()
    files = [f"/{path.relative_to(WEB)}" for path in sorted(WEB.glob("js/**/*.js"))] + ["/css/app.css"]
    missing = [path for path in files if f'"{path}"' not in worker]
    assert missing == [], f"add these to SHELL_FILES in web/sw.js: {missing}"
