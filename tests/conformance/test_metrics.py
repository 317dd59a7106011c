"""`kairos serve` as a self-hoster's Prometheus sees it: `/metrics` parses as the Prometheus text format
and holds the families the README lists, with sane values; `/ready` answers; JSON logs carry request ids;
`--rate-limit standard` answers 429 with `Retry-After` once a budget is spent."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from conftest import PASSWORD, KairosServer, free_port, launch, stop


def start(tmp_path: Path, *args: str, env: dict[str, str] | None = None):
    server = KairosServer(host="127.0.0.1", port=free_port())
    logs = tmp_path / "logs"
    logs.mkdir()
    proc = launch(server, tmp_path / "data", logs, extra_args=args, env=env)
    return server, proc, logs


def sign_up(server: KairosServer) -> httpx.Client:
    response = httpx.post(
        f"{server.api_url}/auth/signup",
        json={"email": f"ada-{uuid.uuid4().hex}@example.com", "password": PASSWORD, "name": "Ada", "timezone": "UTC"},
        timeout=10.0,
    )
    assert response.status_code == 201, response.text
    token = response.json()["token"]
    return httpx.Client(base_url=server.api_url, headers={"Authorization": f"Bearer {token}"}, timeout=10.0)


def scrape(server: KairosServer, **headers: str) -> dict[str, object]:
    response = httpx.get(f"{server.url}/metrics", headers=headers, timeout=10.0)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {family.name: family for family in text_string_to_metric_families(response.text)}


def samples(family, name: str | None = None) -> list:
    return [sample for sample in family.samples if name is None or sample.name == name]


def test_metrics_parse_and_hold_the_documented_families(tmp_path: Path) -> None:
    server, proc, _ = start(tmp_path)
    try:
        ada = sign_up(server)
        task = ada.post("/tasks", json={"content": "Water the plants"})
        assert task.status_code == 200, task.text
        for _ in range(3):
            assert ada.get(f"/tasks/{task.json()['id']}").status_code == 200
        assert ada.get("/tasks/999999").status_code == 404
        assert httpx.get(f"{server.url}/ready", timeout=5).json() == {"status": "ready"}

        families = scrape(server)
        requests = families["kairos_http_requests"]
        assert requests.type == "counter"
        by_labels = {
            (s.labels["route"], s.labels["method"], s.labels["status"]): s.value
            for s in samples(requests, "kairos_http_requests_total")
        }
        assert by_labels[("/api/v1/tasks/{id}", "GET", "200")] == 3
        assert by_labels[("/api/v1/tasks/{id}", "GET", "404")] == 1
        assert by_labels[("/api/v1/auth/signup", "POST", "201")] == 1
        assert all(f"/tasks/{task.json()['id']}" not in route for route, _, _ in by_labels)

        duration = families["kairos_http_request_duration_seconds"]
        assert duration.type == "histogram"
        counts = {
            s.labels["route"]: s.value
            for s in samples(duration, "kairos_http_request_duration_seconds_count")
            if s.labels["status"] == "200"
        }
        assert counts["/api/v1/tasks/{id}"] == 3
        total = [
            s.value for s in samples(duration, "kairos_http_request_duration_seconds_sum")
            if s.labels["route"] == "/api/v1/tasks/{id}" and s.labels["status"] == "200"
        ]
        assert 0 < total[0] < 10

        for name, kind in {
            "kairos_realtime_open_sockets": "gauge",
            "kairos_realtime_fanout_lag_seconds": "histogram",
            "kairos_db_writer_queue_depth": "gauge",
            "kairos_db_commit_duration_seconds": "histogram",
            "kairos_db_writes": "counter",
            "kairos_db_size_bytes": "gauge",
            "kairos_mail_queue_depth": "gauge",
            "kairos_mail_queue_failing": "gauge",
            "kairos_delivery_queue_depth": "gauge",
            "kairos_scheduler_reminders_due": "gauge",
            "kairos_background_failures": "counter",
        }.items():
            assert name in families, f"{name} missing from {sorted(families)}"
            assert families[name].type == kind, (name, families[name].type)

        def value(name: str, sample: str | None = None) -> float:
            return samples(families[name], sample or name)[0].value

        assert value("kairos_db_size_bytes") > 0
        assert value("kairos_db_writes", "kairos_db_writes_total") >= 2
        assert value("kairos_db_commit_duration_seconds", "kairos_db_commit_duration_seconds_count") >= 1
        assert value("kairos_realtime_open_sockets") == 0
        assert value("kairos_db_writer_queue_depth") >= 0
        channels = {s.labels["channel"] for s in samples(families["kairos_delivery_queue_depth"])}
        assert channels == {"push", "webhook", "email"}
        tasks = {s.labels["task"] for s in samples(families["kairos_background_failures"])}
        assert {"reminders", "daily_briefs", "notice_delivery"} <= tasks
    finally:
        stop(proc)


def test_metrics_need_loopback_or_the_token(tmp_path: Path) -> None:
    server, proc, _ = start(tmp_path, "--metrics-token", "scrape-secret")
    try:
        # A proxy in front makes every request come from loopback; its forwarding header gives it away.
        forwarded = httpx.get(f"{server.url}/metrics", headers={"X-Forwarded-For": "203.0.113.9"}, timeout=5)
        assert forwarded.status_code == 403
        assert forwarded.json()["error"]["code"] == "forbidden"
        wrong = httpx.get(f"{server.url}/metrics", headers={"Authorization": "Bearer nope"}, timeout=5)
        assert wrong.status_code == 403
        families = scrape(server, **{"X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer scrape-secret"})
        assert "kairos_http_requests" in families
    finally:
        stop(proc)


def test_json_logs_carry_the_request_id(tmp_path: Path) -> None:
    server, proc, logs = start(tmp_path, "--log-level", "debug", env={"KAIROS_LOG_FORMAT": "json"})
    try:
        response = httpx.get(f"{server.url}/ready", headers={"X-Request-Id": "probe-1234"}, timeout=5)
        assert response.headers["x-request-id"] == "probe-1234"
        made = httpx.get(f"{server.api_url}/tasks", timeout=5)
        made_id = made.headers["x-request-id"]
        assert made_id
    finally:
        stop(proc)
    lines = [line for line in (logs / "stderr.log").read_text().splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]
    assert all({"timestamp", "level", "label", "message", "metadata"} == set(entry) for entry in entries)
    ids = [entry["metadata"].get("hb.request.id") for entry in entries]
    assert "probe-1234" in ids
    assert made_id in ids
    assert any("is ready" in entry["message"] for entry in entries)


def test_rate_limit_answers_429_with_retry_after(tmp_path: Path) -> None:
    server, proc, _ = start(tmp_path, "--rate-limit", "standard")
    try:
        ada = sign_up(server)
        # 120 searches in a burst, then two a second: a tight loop spends the burst within a few hundred.
        answers = []
        while len(answers) < 500 and (not answers or answers[-1].status_code == 200):
            answers.append(ada.get("/search", params={"q": "plants"}))
        refused = answers[-1]
        assert refused.status_code == 429, refused.text
        assert len(answers) > 120
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert int(refused.headers["retry-after"]) >= 1
        bob = sign_up(server)
        assert bob.get("/search", params={"q": "plants"}).status_code == 200
    finally:
        stop(proc)
