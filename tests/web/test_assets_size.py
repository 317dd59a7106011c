"""The web app's scripts and styles stay under a budget together, so a phone on a slow line loads the whole
app quickly. No browser needed. The budget was 200 KiB; it grew to 216 KiB with the account screens (password,
API token, export and account deletion), filters and mutes, and to 240 KiB with list management, the user's
order, Done sections and the Completed view, quick add everywhere, the capture review's fields and group
messaging. What a phone downloads is the files gzipped as the server sends them, budgeted separately."""

from __future__ import annotations

import gzip
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
LIMIT = 240 * 1024
GZIPPED_LIMIT = 96 * 1024


def shipped_files() -> list[Path]:
    return sorted(WEB.glob("js/**/*.js")) + sorted(WEB.glob("css/*.css"))


def test_scripts_and_styles_stay_within_the_budget() -> None:
    files = shipped_files()
    assert files, f"no scripts or styles found under {WEB}"
    total = sum(path.stat().st_size for path in files)
    print(f"web app scripts and styles: {total:,} bytes in {len(files)} files (limit {LIMIT:,})")
    largest = ", ".join(f"{p.relative_to(WEB)} {p.stat().st_size:,}" for p in sorted(files, key=lambda p: -p.stat().st_size)[:5])
    assert total <= LIMIT, f"web/js and web/css hold {total:,} bytes, over the {LIMIT:,} byte budget; largest: {largest}"


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
