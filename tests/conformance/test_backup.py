"""Backups as a self-hoster takes them: `kairos admin backup` beside a running server under load,
`kairos admin restore` into a new folder, scheduled backups, and the refusals that keep data safe."""

from __future__ import annotations

import sqlite3
import subprocess
import tarfile
import threading
import time
from pathlib import Path

import httpx

from conftest import KairosServer, free_port, launch, raw_client, server_binary, sign_up, stop

PNG_1x1 = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cf00000301010018dd8db40000000049454e44ae426082"
)


def kairos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(server_binary()), *args], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )


def serve(data: Path, logs: Path, *extra: str) -> tuple[KairosServer, subprocess.Popen[bytes]]:
    logs.mkdir(parents=True, exist_ok=True)
    server = KairosServer(host="127.0.0.1", port=free_port())
    return server, launch(server, data, logs, extra)


class LoadGenerator(threading.Thread):
    """Creates tasks one after another until stopped, recording each acknowledged id with the time it was acked."""

    def __init__(self, server: KairosServer, token: str) -> None:
        super().__init__(daemon=True)
        self.client = raw_client(server, token)
        self.acked: list[tuple[str, float]] = []
        self.stopping = threading.Event()
        self.failures: list[str] = []

    def run(self) -> None:
        index = 0
        while not self.stopping.is_set():
            response = self.client.post("/tasks", json={"content": f"load task {index}"})
            if response.status_code == 200:
                self.acked.append((response.json()["id"], time.monotonic()))
            else:
                self.failures.append(f"{response.status_code} {response.text}")
            index += 1

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=30)
        self.client.close()


def all_task_ids(client: httpx.Client) -> set[str]:
    ids: set[str] = set()
    cursor = None
    while True:
        params = {"limit": "200", **({"cursor": cursor} if cursor else {})}
        page = client.get("/tasks", params=params)
        assert page.status_code == 200, page.text
        body = page.json()
        ids.update(task["id"] for task in body["results"])
        cursor = body.get("next_cursor")
        if not cursor:
            return ids


def integrity(database: Path) -> str:
    with sqlite3.connect(database) as connection:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]


def test_a_backup_taken_under_load_restores_every_acknowledged_write(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server, proc = serve(data, tmp_path / "logs")
    try:
        token, _ = sign_up(server)
        ada = raw_client(server, token)
        upload = ada.post("/attachments", params={"name": "plan.png"}, content=PNG_1x1)
        assert upload.status_code == 201, upload.text
        attachment = upload.json()
        load = LoadGenerator(server, token)
        load.start()
        time.sleep(1.0)
        archive = tmp_path / "kairos-backup.tar"
        started = time.monotonic()
        backup = kairos("admin", "backup", str(archive), "--data", str(data))
        time.sleep(0.3)
        load.stop()
        assert backup.returncode == 0, backup.stderr
        assert backup.stdout.startswith(f"Backed up {data} to {archive}: "), backup.stdout
        assert not load.failures, load.failures[:3]
        acked_before = {task_id for task_id, acked_at in load.acked if acked_at < started}
        assert len(acked_before) > 20, "the load generator should have written before the backup began"
        assert any(acked_at > started for _, acked_at in load.acked), "writes should go on during the backup"
        assert not Path(f"{archive}.partial").exists()
    finally:
        stop(proc)

    # A plain tar any tool can read, ending with its manifest.
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert names[0] == "kairos.sqlite" and names[-1] == "manifest.json"
    assert f"attachments/{attachment['sha256'][:2]}/{attachment['sha256']}" in names
    assert "vapid-key.pem" in names
    assert not any(name.startswith("kairos.sqlite-") or name == "serve.lock" for name in names)

    restored = tmp_path / "restored"
    done = kairos("admin", "restore", str(archive), "--data", str(restored))
    assert done.returncode == 0, done.stderr
    assert integrity(restored / "kairos.sqlite") == "ok"

    server, proc = serve(restored, tmp_path / "restored-logs")
    try:
        ada = raw_client(server, token)
        missing = acked_before - all_task_ids(ada)
        assert not missing, f"{len(missing)} acknowledged tasks missing, such as {sorted(missing)[:5]}"
        download = ada.get(f"/attachments/{attachment['id']}")
        assert download.status_code == 200 and download.content == PNG_1x1
    finally:
        stop(proc)

    # The restored folder is not empty any more, and a served one is refused too.
    again = kairos("admin", "restore", str(archive), "--data", str(restored))
    assert again.returncode != 0
    assert "is not empty" in again.stderr, again.stderr


def test_a_damaged_backup_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server, proc = serve(data, tmp_path / "logs")
    try:
        token, _ = sign_up(server)
        archive = tmp_path / "backup.tar"
        assert kairos("admin", "backup", str(archive), "--data", str(data)).returncode == 0
        twice = kairos("admin", "backup", str(archive), "--data", str(data))
        assert twice.returncode != 0 and "already exists" in twice.stderr
    finally:
        stop(proc)
    whole = archive.read_bytes()
    for name, damaged in [("cut.tar", whole[: len(whole) // 2]), ("flipped.tar", whole[:4000] + bytes([whole[4000] ^ 0xFF]) + whole[4001:])]:
        path = tmp_path / name
        path.write_bytes(damaged)
        target = tmp_path / f"target-{name}"
        refused = kairos("admin", "restore", str(path), "--data", str(target))
        assert refused.returncode != 0
        assert "is damaged or incomplete" in refused.stderr, refused.stderr
        assert not target.exists() or not any(target.iterdir())


def test_scheduled_backups_keep_the_newest_and_restore(tmp_path: Path) -> None:
    data = tmp_path / "data"
    logs = tmp_path / "logs"
    server, proc = serve(data, logs, "--backup-every", "2s", "--backup-keep", "2")
    try:
        token, _ = sign_up(server)
        ada = raw_client(server, token)
        created = {ada.post("/tasks", json={"content": f"before {i}"}).json()["id"] for i in range(5)}
        time.sleep(7.5)
        archives = sorted((data / "backups").glob("kairos-*.tar"))
        assert 1 <= len(archives) <= 2, archives
    finally:
        stop(proc)
    archives = sorted((data / "backups").glob("kairos-*.tar"))
    assert len(archives) == 2, archives
    log = (logs / "stderr.log").read_text()
    assert log.count("Backed up the data folder") >= 3, log
    restored = tmp_path / "restored"
    done = kairos("admin", "restore", str(archives[-1]), "--data", str(restored))
    assert done.returncode == 0, done.stderr
    assert integrity(restored / "kairos.sqlite") == "ok"
    with sqlite3.connect(restored / "kairos.sqlite") as connection:
        ids = {str(row[0]) for row in connection.execute("SELECT id FROM tasks")}
    assert created <= ids


def test_a_bad_backup_interval_is_refused(tmp_path: Path) -> None:
    done = kairos("serve", "--data", str(tmp_path / "data"), "--port", str(free_port()), "--backup-every", "5w")
    assert done.returncode != 0
    assert "--backup-every must be a number and a unit, such as 30s, 15m, 24h or 7d." in done.stderr


def test_a_database_from_a_newer_kairos_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _, proc = serve(data, tmp_path / "logs")
    stop(proc)
    with sqlite3.connect(data / "kairos.sqlite") as connection:
        connection.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')")
    refused = kairos("serve", "--data", str(data), "--port", str(free_port()))
    assert refused.returncode == 1
    assert (
        "This data folder was written by a newer Kairos (it has migration v999-from-the-future this version "
        "does not know). Run the newer kairos, or restore a backup made by this version."
    ) in refused.stderr, refused.stderr
