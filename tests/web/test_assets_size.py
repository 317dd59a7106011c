"""The web app's scripts and styles stay under 200 KB (200 KiB) together (issue 6), so a phone on a slow
line loads the whole app quickly. No browser needed."""

from __future__ import annotations

from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
LIMIT = 200 * 1024


def test_scripts_and_styles_stay_under_200_kb() -> None:
    files = sorted(WEB.glob("js/**/*.js")) + sorted(WEB.glob("css/*.css"))
    assert files, f"no scripts or styles found under {WEB}"
    total = sum(path.stat().st_size for path in files)
    print(f"web app scripts and styles: {total:,} bytes in {len(files)} files (limit {LIMIT:,})")
    largest = ", ".join(f"{p.relative_to(WEB)} {p.stat().st_size:,}" for p in sorted(files, key=lambda p: -p.stat().st_size)[:5])
    assert total <= LIMIT, f"web/js and web/css hold {total:,} bytes, over the {LIMIT:,} byte budget; largest: {largest}"
