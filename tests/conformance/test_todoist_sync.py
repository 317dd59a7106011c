"""The Todoist Sync API v1 (`POST /api/v1/sync`) on a live `kairos serve`.

Replays `fixtures/todoist_sync_session.json`, a session written from Todoist's documentation, form-encoded as
Todoist clients send it, and checks the shape of every answer: the keys, the objects' fields, sync_status and
temp_id_mapping, deletions as `is_deleted`, and Todoist's error object. The server is restarted midway to show
that sync tokens outlive it.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import PASSWORD, KairosServer, free_port, launch, stop

FIXTURE = Path(__file__).parent / "fixtures" / "todoist_sync_session.json"


def substitute(value: Any, token: str, ids: dict[str, str]) -> Any:
    """`$token` and `$id:<temp_id>` made real."""
    if isinstance(value, str):
        if value == "$token":
            return token
        if value.startswith("$id:"):
            return ids[value[4:]]
        return value
    if isinstance(value, list):
        return [substitute(v, token, ids) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, token, ids) for k, v in value.items()}
    return value


def post_form(server: KairosServer, auth: str, form: dict[str, Any]) -> httpx.Response:
    fields = {k: (v if isinstance(v, str) else json.dumps(v)) for k, v in form.items()}
    return httpx.post(
        f"{server.api_url}/sync", data=fields, headers={"Authorization": f"Bearer {auth}"}, timeout=10.0
    )


def check(step: dict[str, Any], response: httpx.Response, ids: dict[str, str]) -> dict[str, Any]:
    expect = step["expect"]
    name = step["name"]
    assert response.status_code == expect["status"], f"{name}: {response.status_code} {response.text}"
    body = response.json()
    if "error_fields" in expect:
        assert set(expect["error_fields"]) <= set(body), f"{name}: {body}"
        assert body["error_tag"] == expect["error_tag"], body
        assert body["http_code"] == expect["status"], body
        return body
    assert isinstance(body["sync_token"], str) and body["sync_token"], body
    assert isinstance(body["temp_id_mapping"], dict), body
    if "full_sync" in expect:
        assert body["full_sync"] is expect["full_sync"], f"{name}: {body['full_sync']}"
    for key in expect.get("keys", []):
        assert key in body, f"{name}: {key} missing from {sorted(body)}"
    ids.update(body["temp_id_mapping"])
    for temp in expect.get("temp_id_mapping", []):
        assert temp in body["temp_id_mapping"], f"{name}: {temp} not mapped: {body['temp_id_mapping']}"
    for command, status in expect.get("sync_status", {}).items():
        got = body["sync_status"][command]
        if status == "ok":
            assert got == "ok", f"{name}: {command} answered {got}"
        else:
            assert set(status["error_fields"]) <= set(got), f"{name}: {got}"
            assert got["http_code"] == status["http_code"], got
            assert isinstance(got["error"], str) and isinstance(got["error_code"], int), got
    for kind, count in expect.get("counts", {}).items():
        live = [o for o in body[kind] if not o.get("is_deleted")]
        assert len(live) == count, f"{name}: {kind} has {len(live)}: {body[kind]}"
    for kind, fields in expect.get("fields", {}).items():
        objects = [body[kind]] if isinstance(body[kind], dict) else body[kind]
        for obj in objects:
            missing = set(fields) - set(obj)
            assert not missing, f"{name}: {kind} lacks {sorted(missing)}: {obj}"
    for kind, object_id, field, value in substitute(expect.get("values", []), "", ids):
        match = [o for o in body[kind] if o["id"] == object_id]
        assert match, f"{name}: {kind} {object_id} not in the answer"
        assert match[0][field] == value, f"{name}: {kind} {object_id} {field} = {match[0][field]!r}"
    for kind, deleted in substitute(expect.get("deleted", {}), "", ids).items():
        gone = {o["id"] for o in body[kind] if o.get("is_deleted") is True}
        assert set(deleted) <= gone, f"{name}: {kind} deletions {gone}"
        shapes = [o for o in body[kind] if o.get("is_deleted") is True]
        assert all(o["is_deleted"] is True and isinstance(o["id"], str) for o in shapes)
    return body


def test_recorded_session_replays(tmp_path: Path) -> None:
    server = KairosServer(host="127.0.0.1", port=free_port())
    data, logs = tmp_path / "data", tmp_path / "logs"
    data.mkdir()
    logs.mkdir()
    proc = launch(server, data, logs)
    try:
        signup = httpx.post(
            f"{server.api_url}/auth/signup",
            json={"email": f"sync-{uuid.uuid4().hex}@example.com", "password": PASSWORD, "name": "Ada",
                  "timezone": "UTC"},
            timeout=10.0,
        )
        assert signup.status_code == 201, signup.text
        auth = signup.json()["token"]
        session = json.loads(FIXTURE.read_text())
        token, ids = "*", {}
        for step in session["steps"]:
            if step.get("restart"):
                stop(proc)
                proc = launch(server, data, logs)
                continue
            form = substitute(step["form"], token, ids)
            body = check(step, post_form(server, auth, form), ids)
            if step.get("repeat"):
                again = check(step, post_form(server, auth, form), ids)
                assert again["temp_id_mapping"] == body["temp_id_mapping"], "a retry mapped the temp id anew"
                tasks = httpx.get(
                    f"{server.api_url}/tasks", headers={"Authorization": f"Bearer {auth}"},
                    params={"project_id": ids["proj-1"]}, timeout=10.0,
                ).json()["results"]
                assert [t["content"] for t in tasks].count("Only once") == 1, tasks
            if "sync_token" in body:
                token = body["sync_token"]
    finally:
        stop(proc)


def test_json_body_and_other_people(kairos_server: KairosServer, new_account: Any) -> None:
    """A JSON body works as the form does, and nobody sees another person's objects."""
    ada, bob = new_account(), new_account()
    added = ada.raw.post(
        "/sync",
        json={"sync_token": "*", "resource_types": ["items"],
              "commands": [{"type": "item_add", "uuid": str(uuid.uuid4()), "temp_id": "t",
                            "args": {"content": "Ada's secret"}}]},
    )
    assert added.status_code == 200, added.text
    secret = added.json()["temp_id_mapping"]["t"]
    assert secret in {i["id"] for i in added.json()["items"]}
    bobs = bob.raw.post("/sync", data={"sync_token": "*", "resource_types": '["all"]'}).json()
    assert secret not in {i["id"] for i in bobs["items"]}
    denied = bob.raw.post(
        "/sync",
        data={"commands": json.dumps([{"type": "item_delete", "uuid": str(uuid.uuid4()), "args": {"id": secret}}])},
    ).json()
    assert next(iter(denied["sync_status"].values()))["http_code"] == 404
