"""`kairos serve` with a language model configured by a self-hoster: settings that cannot work stop it at
start with what to set, and a configured model is named to clients without its key."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import httpx
import pytest

from conftest import KairosServer, free_port, launch, server_binary, sign_up

SECRET = "sk-conformance-never-logged-91c3"


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (("--ai-provider", "claude"), {}, "off, anthropic, openai, gemini"),
        ((), {"KAIROS_AI_PROVIDER": "openai", "KAIROS_AI_BASE_URL": "http://127.0.0.1:11434/v1"}, "KAIROS_AI_MODEL"),
        (("--ai-provider", "openai", "--ai-model", "llama3.2", "--ai-base-url", "127.0.0.1:11434"), {},
         "KAIROS_AI_BASE_URL"),
        ((), {"KAIROS_AI_PROVIDER": "anthropic", "KAIROS_AI_MODEL": "claude-sonnet-4-5"}, "KAIROS_AI_API_KEY"),
    ],
)
def test_settings_that_cannot_work_stop_the_server_saying_what_to_set(
    tmp_path: Path, args: tuple[str, ...], env: dict[str, str], expected: str
) -> None:
    result = subprocess.run(
        [str(server_binary()), "serve", "--data", str(tmp_path / "data"), "--port", str(free_port()), *args],
        capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
        env={"PATH": "/usr/bin:/bin", "KAIROS_AI_API_KEY": "" if "KAIROS_AI_API_KEY" in expected else SECRET, **env},
    )
    assert result.returncode != 0
    assert expected in result.stderr, result.stderr
    assert SECRET not in result.stdout + result.stderr


def test_a_configured_model_is_named_without_its_key(tmp_path: Path) -> None:
    server = KairosServer(host="127.0.0.1", port=free_port())
    logs = tmp_path / "logs"
    logs.mkdir()
    env = {
        "KAIROS_AI_PROVIDER": "openai",
        "KAIROS_AI_BASE_URL": f"http://127.0.0.1:{free_port()}/v1",
        "KAIROS_AI_API_KEY": SECRET,
        "KAIROS_AI_MODEL": "llama3.2",
    }
    proc = launch(server, tmp_path / "data", logs, extra_args=("--log-level", "trace"), env=env)
    try:
        token, _ = sign_up(server)
        answer = httpx.get(f"{server.api_url}/ai", headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert answer.status_code == 200
        assert answer.json() == {"enabled": True, "provider": "openai", "model": "llama3.2"}
        assert SECRET not in answer.text
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
    output = (logs / "stdout.log").read_text() + (logs / "stderr.log").read_text()
    assert "Language model: openai model llama3.2" in output, output
    assert SECRET not in output


def test_without_settings_the_assistant_is_offline(kairos_server: KairosServer) -> None:
    token, _ = sign_up(kairos_server)
    answer = httpx.get(f"{kairos_server.api_url}/ai", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert answer.status_code == 200
    assert answer.json() == {"enabled": False}
