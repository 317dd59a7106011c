"""The server's VAPID key on a live `kairos serve`: the same public key from the API and from `kairos admin
vapid`, a valid P-256 point by an independent library, kept across a restart."""

from __future__ import annotations

import base64
import signal
import subprocess
from pathlib import Path

import httpx
from cryptography.hazmat.primitives.asymmetric import ec

from conftest import KairosServer, free_port, launch, sign_up
from test_cli import BINARY


def public_key(server: KairosServer) -> str:
    token, _ = sign_up(server)
    answer = httpx.get(f"{server.api_url}/push/vapid", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()["public_key"]


def test_the_vapid_key_is_served_printed_and_kept(tmp_path: Path) -> None:
    data, logs = tmp_path / "data", tmp_path / "logs"
    logs.mkdir()
    keys = []
    for _ in range(2):
        server = KairosServer(host="127.0.0.1", port=free_port())
        proc = launch(server, data, logs)
        try:
            keys.append(public_key(server))
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=15) == 0
    assert keys[0] == keys[1], "a restart must keep the key, or every subscription is lost"
    point = base64.urlsafe_b64decode(keys[0] + "=" * (-len(keys[0]) % 4))
    assert isinstance(ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point), ec.EllipticCurvePublicKey)
    assert (data / "vapid-key.pem").stat().st_mode & 0o777 == 0o600

    printed = subprocess.run([str(BINARY), "admin", "vapid", "--data", str(data)], capture_output=True, text=True)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == keys[0] + "\n"
