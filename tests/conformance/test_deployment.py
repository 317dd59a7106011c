"""The deployment files as a self-hoster uses them.

Docker cannot run here, so the Dockerfile is checked with hadolint and its command is run the way the image
runs it: the binary and web app at the image's paths under a clean root folder, as a non-root user, in the
data volume, with nothing of this checkout around. The systemd unit is checked with `systemd-analyze verify`
and scored with `systemd-analyze security`. The nginx example runs for real in front of Kairos, with a
self-signed certificate in place of the real one.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from conftest import PASSWORD, REPO, KairosServer, free_port, launch, server_binary, stop

IMAGE_UID = 10001


def _dockerfile_instruction(name: str) -> list[str]:
    """The JSON-array argument of the runtime stage's last `name` instruction (ENTRYPOINT, CMD)."""
    text = (REPO / "Dockerfile").read_text()
    found = re.findall(rf"^{name}\s+(\[.*\])\s*$", text, flags=re.MULTILINE)
    assert found, f"the Dockerfile has no {name} in exec form"
    return json.loads(found[-1])


def _dockerfile_web_destination() -> str:
    text = (REPO / "Dockerfile").read_text()
    found = re.search(r"^COPY\s+web\s+(\S+)\s*$", text, flags=re.MULTILINE)
    assert found, "the Dockerfile does not copy the web app"
    return found.group(1)


def test_dockerfile_passes_hadolint() -> None:
    done = subprocess.run(["hadolint", str(REPO / "Dockerfile")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def image_root() -> Iterator[Path]:
    """A clean root folder that a non-root user can read, as the image's file system would be."""
    root = Path(tempfile.mkdtemp(prefix="kairos-image-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_the_image_runs_its_command_from_a_clean_folder_as_a_non_root_user(image_root: Path) -> None:
    entrypoint = _dockerfile_instruction("ENTRYPOINT")
    command = _dockerfile_instruction("CMD")
    web = _dockerfile_web_destination()
    binary = image_root / entrypoint[0].lstrip("/")
    binary.parent.mkdir(parents=True)
    shutil.copy2(server_binary(), binary)
    shutil.copytree(REPO / "web", image_root / web.lstrip("/"))
    data = image_root / "data"
    data.mkdir(mode=0o700)
    as_user: list[str] = []
    if os.geteuid() == 0:
        os.chown(data, IMAGE_UID, IMAGE_UID)
        as_user = ["setpriv", f"--reuid={IMAGE_UID}", f"--regid={IMAGE_UID}", "--clear-groups"]
    port = free_port()
    # The image's paths live under the clean root; only the published port differs, as `-p` would map it.
    arguments = [str(image_root / a.lstrip("/")) if a.startswith("/") else a for a in command]
    arguments[arguments.index("--port") + 1] = str(port)
    logs = image_root / "logs.txt"
    with open(logs, "wb") as log:
        proc = subprocess.Popen(
            [*as_user, str(binary), *arguments], cwd=data, stdout=log, stderr=log,
            env={"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(data)},
        )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, f"the image's command exited: {logs.read_text(errors='replace')}"
            try:
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, logs.read_text(errors="replace")
            time.sleep(0.2)
        page = httpx.get(f"{base}/", timeout=10)
        assert page.status_code == 200 and "<html" in page.text.lower()
        signed_up = httpx.post(
            f"{base}/api/v1/auth/signup", timeout=10,
            json={"email": "ada@example.com", "password": PASSWORD, "name": "Ada", "timezone": "UTC"},
        )
        assert signed_up.status_code == 201, signed_up.text
        token = signed_up.json()["token"]
        task = httpx.post(
            f"{base}/api/v1/tasks", json={"content": "Water the plants"}, timeout=10,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert task.status_code == 200, task.text
        database = data / "kairos.sqlite"
        assert database.is_file(), sorted(p.name for p in data.iterdir())
        if as_user:
            assert database.stat().st_uid == IMAGE_UID
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0, logs.read_text(errors="replace")


def test_the_systemd_unit_verifies_and_is_hardened(tmp_path: Path) -> None:
    assert shutil.which("systemd-analyze"), "systemd-analyze is missing: apt-get install systemd"
    unit = (REPO / "deploy" / "kairos.service").read_text()
    # systemd checks that the command exists; the unit's own path is where the README installs it.
    assert "ExecStart=/usr/local/bin/kairos serve" in unit
    checked = tmp_path / "kairos.service"
    checked.write_text(unit.replace("/usr/local/bin/kairos", str(server_binary())))
    verify = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(checked)], capture_output=True, text=True
    )
    assert verify.returncode == 0 and "kairos.service" not in verify.stderr, verify.stderr
    security = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(checked)],
        capture_output=True, text=True,
    )
    score = re.search(r"Overall exposure level for kairos\.service: ([0-9.]+)", security.stdout)
    assert score, security.stdout + security.stderr
    assert float(score.group(1)) <= 2.0, security.stdout


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[tuple[str, KairosServer]]:
    """Kairos started as the nginx example says, with the example's nginx in front of it on loopback."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(nginx).exists(), "nginx is missing: apt-get install nginx"
    server = KairosServer(host="127.0.0.1", port=free_port())
    (tmp_path / "data").mkdir()
    kairos = launch(server, tmp_path / "data", tmp_path, extra_args=("--trusted-proxies", "127.0.0.1,::1"))
    certificate, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True,
    )
    https_port, http_port = free_port(), free_port()
    site = (REPO / "deploy" / "nginx.conf").read_text()
    site = re.sub(r"^\s*listen \[::\].*$", "", site, flags=re.MULTILINE)
    site = site.replace("listen 443 ssl", f"listen 127.0.0.1:{https_port} ssl")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{http_port};")
    site = site.replace("/etc/letsencrypt/live/tasks.example.org/fullchain.pem", str(certificate))
    site = site.replace("/etc/letsencrypt/live/tasks.example.org/privkey.pem", str(key))
    site = site.replace("http://127.0.0.1:8080", f"http://127.0.0.1:{server.port}")
    (tmp_path / "site.conf").write_text(site)
    for folder in ("temp", "logs"):
        (tmp_path / folder).mkdir()
    user = "user root root;\n" if os.geteuid() == 0 else ""
    (tmp_path / "nginx.conf").write_text(
        f"{user}pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/logs/error.log;\nevents {{}}\n"
        f"http {{\n  access_log {tmp_path}/logs/access.log;\n  client_body_temp_path {tmp_path}/temp/body;\n"
        f"  proxy_temp_path {tmp_path}/temp/proxy;\n  fastcgi_temp_path {tmp_path}/temp/fastcgi;\n"
        f"  uwsgi_temp_path {tmp_path}/temp/uwsgi;\n  scgi_temp_path {tmp_path}/temp/scgi;\n"
        f"  include {tmp_path}/site.conf;\n}}\n"
    )
    proxy = subprocess.Popen(
        [nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=open(tmp_path / "logs" / "stderr.log", "wb"),
    )
    try:
        base = f"https://127.0.0.1:{https_port}"
        deadline = time.monotonic() + 15
        while True:
            assert proxy.poll() is None, (tmp_path / "logs" / "stderr.log").read_text()
            try:
                if httpx.get(f"{base}/health", verify=False, timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, (tmp_path / "logs" / "error.log").read_text()
            time.sleep(0.2)
        yield base, server
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        stop(kairos)


def _from(address: str) -> httpx.Client:
    """A client whose connections leave from `address` (a loopback address of its own)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address, verify=False), timeout=15)


def test_behind_the_nginx_example_the_api_and_socket_work_and_each_client_is_throttled_alone(
    behind_nginx: tuple[str, KairosServer],
) -> None:
    base, _ = behind_nginx
    with _from("127.0.0.1") as client:
        signed_up = client.post(
            f"{base}/api/v1/auth/signup",
            json={"email": f"ada-{uuid.uuid4().hex}@example.com", "password": PASSWORD, "name": "Ada",
                  "timezone": "UTC"},
        )
        assert signed_up.status_code == 201, signed_up.text
        token = signed_up.json()["token"]

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    with connect(f"{base.replace('https', 'wss')}/api/v1/ws", ssl=context, open_timeout=10) as socket:
        socket.send(json.dumps({"type": "auth", "token": token}))
        assert json.loads(socket.recv(timeout=10))["type"] == "ready"

    # Someone at 127.0.0.2 guesses passwords, and makes up an X-Forwarded-For each time to pass as others.
    with _from("127.0.0.2") as attacker:
        answers = [
            attacker.post(
                f"{base}/api/v1/auth/login", headers={"X-Forwarded-For": f"10.9.8.{n}"},
                json={"email": f"victim{n}@example.com", "password": "not the password"},
            ).status_code
            for n in range(25)
        ]
    assert answers[0] == 401 and answers[-1] == 429, answers
    # Another person behind the same proxy is not held up by it.
    with _from("127.0.0.3") as neighbour:
        mistyped = neighbour.post(
            f"{base}/api/v1/auth/login", json={"email": "bob@example.com", "password": "not the password"}
        )
    assert mistyped.status_code == 401, mistyped.text
