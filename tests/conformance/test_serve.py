"""`kairos serve` as a self-hoster runs it: it stops cleanly when asked to."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from conftest import KairosServer, free_port, launch


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
