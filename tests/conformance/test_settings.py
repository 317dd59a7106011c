"""`kairos serve`'s settings: every flag has its variable and config-file key, all listed in the README's
table, and `--check-config` and a served config file behave as documented."""

from __future__ import annotations

import json
import re
import subprocess
import time
from pathlib import Path

import httpx

from conftest import REPO, free_port, server_binary, stop

META_OPTIONS = {"config", "check-config", "help"}


def _serve_options() -> set[str]:
    dumped = subprocess.run(
        [str(server_binary()), "serve", "--experimental-dump-help"], capture_output=True, text=True, check=True
    )
    arguments = json.loads(dumped.stdout)["command"]["arguments"]
    return {name["name"] for argument in arguments for name in argument.get("names", []) if name["kind"] == "long"}


def _readme_table() -> dict[str, tuple[str, str]]:
    """The settings table: flag name -> (variable, file key)."""
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("### Settings"):]
    rows = re.findall(r"^\| `--([a-z-]+)[^`]*` \| `([A-Z_]+)` \| `([a-z-]+)` \|", section, flags=re.MULTILINE)
    return {flag: (variable, key) for flag, variable, key in rows}


def test_the_readme_table_lists_every_setting_with_its_variable_and_key() -> None:
    table = _readme_table()
    assert set(table) == _serve_options() - META_OPTIONS
    for flag, (variable, key) in table.items():
        assert variable == "KAIROS_" + flag.upper().replace("-", "_")
        assert key == flag


def _check(config: Path | None, *extra: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [str(server_binary()), "serve", "--check-config", *extra]
    if config:
        command += ["--config", str(config)]
    return subprocess.run(command, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", **(env or {})})


def test_the_readme_example_file_checks_and_says_where_each_setting_came_from(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text()
    example = re.search(r"```toml\n(.*?)```", readme, flags=re.DOTALL)
    assert example, "the README has no TOML example"
    config = tmp_path / "kairos.toml"
    config.write_text(example.group(1).replace("/var/lib/kairos", str(tmp_path / "data")))
    checked = _check(config, "--port", "9999", env={"KAIROS_AI_MODEL": "qwen3"})
    assert checked.returncode == 0, checked.stderr
    out = checked.stdout
    assert f"data = {tmp_path / 'data'}    from {config}: data" in out
    assert f"trusted-proxies = 127.0.0.1,::1    from {config}: trusted-proxies" in out
    assert "port = 9999    from --port" in out
    assert "ai-model = qwen3    from KAIROS_AI_MODEL" in out
    assert f"ai-provider = openai    from {config}: ai-provider" in out


def test_a_setting_that_cannot_work_is_refused_naming_where_it_was_set(tmp_path: Path) -> None:
    config = tmp_path / "kairos.toml"
    for text, message in [
        ("prot = 8080\n", f"{config} sets prot, which is not a setting of kairos serve"),
        ("port = 80800\n", f"{config}: port must be from 0 to 65535, not 80800."),
        ('host = 0.0.0.0\n', f"{config} line 1: \"0.0.0.0\" must be quoted text, a number, true or false."),
        ('trusted-proxies = ["localhost"]\n', 'Trusted proxy "localhost" is not an IP address or CIDR range'),
        ('[ai]\nprovider = "skynet"\n', "skynet"),
    ]:
        config.write_text(text)
        checked = _check(config)
        assert checked.returncode != 0, text
        assert message in checked.stderr, checked.stderr
    checked = _check(None, env={"KAIROS_PORT": "http"})
    assert checked.returncode != 0 and 'KAIROS_PORT must be a whole number, not "http".' in checked.stderr
    checked = _check(tmp_path / "missing.toml")
    assert checked.returncode != 0 and "Cannot read the config file" in checked.stderr


def test_a_server_started_from_a_config_file_serves_as_it_says(tmp_path: Path) -> None:
    port = free_port()
    config = tmp_path / "kairos.toml"
    config.write_text(f'data = "{tmp_path / "data"}"\nhost = "127.0.0.1"\nport = {port}\n')
    with open(tmp_path / "log.txt", "wb") as log:
        proc = subprocess.Popen(
            [str(server_binary()), "serve"], stdout=log, stderr=log, cwd=tmp_path,
            env={"PATH": "/usr/bin:/bin", "KAIROS_SERVER_CONFIG": str(config)},
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, (tmp_path / "log.txt").read_text()
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline
            time.sleep(0.2)
        assert (tmp_path / "data" / "kairos.sqlite").is_file()
    finally:
        stop(proc)
