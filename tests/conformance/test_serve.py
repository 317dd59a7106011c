"""`kairos serve` as a self-hoster runs it: it stops cleanly when asked to."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import pytest

from conftest import KairosServer, free_port, launch, server_binary


@pytest.mark.parametrize("signal_number", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_cleanly_on_a_signal(tmp_path: Path, signal_number: int) -> None:
    server = KairosServer(host="127.0.0.1", port=free_port())
    logs = tmp_path / "logs"
    logs.mkdir()
    proc = launch(server, tmp_path / "data", logs)
    proc.send_signal(signal_number)
    assert proc.wait(timeout=15) == 0
    output = (logs / "stdout.log").read_text() + (logs / "stderr.log").read_text()
    assert "is ready" in output
    assert "Error" not in output and "error" not in output, output


def test_a_second_server_on_a_served_folder_refuses_to_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first_logs = tmp_path / "first"
    first_logs.mkdir()
    first = launch(KairosServer(host="127.0.0.1", port=free_port()), data, first_logs)
    try:
        second = subprocess.run(
            [str(server_binary()), "serve", "--data", str(data), "--host", "127.0.0.1", "--port", str(free_port())],
            capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL,
        )
        assert second.returncode != 0
        assert str(data.resolve()) in second.stderr, second.stderr
        assert f"process {first.pid}" in second.stderr, second.stderr
        assert "Stop that server first, or pass another --data folder." in second.stderr
        assert first.poll() is None, "the first server must keep running"
    finally:
        first.send_signal(signal.SIGTERM)
        assert first.wait(timeout=15) == 0
    # Stopped, the folder can be served again.
    again_logs = tmp_path / "again"
    again_logs.mkdir()
    again = launch(KairosServer(host="127.0.0.1", port=free_port()), data, again_logs)
    again.send_signal(signal.SIGTERM)
    assert again.wait(timeout=15) == 0
