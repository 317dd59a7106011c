"""`kairos eval` with a model configured, against a local fake vendor: the model is scored beside the offline
engine as the server uses it, and a model that fails is counted by reason, its cases answered offline."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from conftest import server_binary
from fake_model import FakeModel, Reply

CASES = Path(__file__).resolve().parents[2] / "Tests" / "KairosCaptureTests" / "Fixtures" / "capture-dev-corrections.jsonl"


def evaluate(fake: FakeModel) -> dict:
    done = subprocess.run(
        [str(server_binary()), "eval", str(CASES), "--json", "--parallel", "3"],
        capture_output=True, text=True, timeout=120, env={"PATH": "/usr/bin:/bin", **fake.env(model="local")},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def whole_transcript_as_one_task(request) -> Reply:
    """A poor model: one task per transcript, titled with its first word, quoting all of it."""
    transcript = request.messages[-1][1]
    return Reply.json_answer({"tasks": [{"title": transcript.split()[0], "quote": transcript, "notes": ""}]})


def test_a_model_is_scored_beside_the_offline_engine() -> None:
    cases = sum(1 for line in CASES.read_text().splitlines() if line.strip())
    with FakeModel("openai") as fake:
        fake.respond_with(whole_transcript_as_one_task)
        report = evaluate(fake)
        assert len(fake.requests) == cases
    offline, model = report["subjects"]["offline"], report["subjects"]["model"]
    assert offline["case_exact"]["right"] == cases
    assert model["case_exact"]["right"] < cases
    assert model["task_count"]["total"] == cases
    assert not model["fallbacks"], model
    assert model["no_answer"] == 0


def test_a_failing_model_falls_back_case_by_case_and_says_why() -> None:
    with FakeModel("openai") as fake:
        fake.respond_with(lambda request: Reply.status_answer(401))
        report = evaluate(fake)
    offline, model = report["subjects"]["offline"], report["subjects"]["model"]
    assert model["case_exact"] == offline["case_exact"]
    assert model["fallbacks"] == {"unauthorized": offline["case_exact"]["total"]}
