""""What did I promise Ben?" on a live `kairos serve` with a fake model vendor: the model plans the question, the
plan runs through the same answer, a model's bad plan leaves the offline reading, a plain search never reaches
the model, and `kairos search` prints why each thing was found."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from conftest import PASSWORD, KairosServer, free_port, launch, sign_up
from fake_model import FakeModel
from test_cli import kairos


@contextmanager
def serving(fake: FakeModel, tmp_path: Path) -> Iterator[tuple[KairosServer, httpx.Client, httpx.Client, dict, dict]]:
    server = KairosServer(host="127.0.0.1", port=free_port())
    logs = tmp_path / "logs"
    logs.mkdir(exist_ok=True)
    proc = launch(server, tmp_path / "data", logs, env=fake.env(model="test-model"))
    try:
        ada_token, ada = sign_up(server, name="Ada Lovelace")
        ben_token, ben = sign_up(server, name="Ben Adams")
        with (
            httpx.Client(base_url=server.api_url, headers={"Authorization": f"Bearer {ada_token}"}, timeout=30) as ada_api,
            httpx.Client(base_url=server.api_url, headers={"Authorization": f"Bearer {ben_token}"}, timeout=30) as ben_api,
        ):
            yield server, ada_api, ben_api, ada, ben
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0


def talk(ada_api: httpx.Client, ben_api: httpx.Client, ben: dict) -> str:
    dm = ada_api.post("/conversations", json={"kind": "dm", "user_id": ben["id"]})
    assert dm.status_code == 200, dm.text
    conversation = dm.json()["id"]
    for api, text in [
        (ada_api, "I'll send the deck by friday"),
        (ben_api, "can you book the venue for the offsite?"),
        (ada_api, "@ben can you review the pricing copy"),
    ]:
        sent = api.post(f"/conversations/{conversation}/messages", json={"text": text})
        assert sent.status_code == 200, sent.text
    return conversation


def answer(api: httpx.Client, query: str) -> dict:
    reply = api.get("/search/answer", params={"q": query})
    assert reply.status_code == 200, reply.text
    return reply.json()


def plan(person: str | None, direction: str | None = "mine", words: list[str] | None = None) -> dict:
    return {"person": person, "direction": direction, "commitment": True, "from": None, "to": None, "words": words or []}


def test_the_model_plans_the_question_and_a_bad_plan_falls_back(tmp_path: Path) -> None:
    with FakeModel("openai") as fake, serving(fake, tmp_path) as (_, ada_api, ben_api, _, ben):
        conversation = talk(ada_api, ben_api, ben)

        # "Benji" is no name the offline reader knows; the model names Ben by his id.
        fake.reply_json(plan(ben["id"]))
        planned = answer(ada_api, "what did I promise Benji")
        assert planned["model"] == {"used": True, "reason": None}
        assert planned["answered"] is True
        assert planned["question"]["person"] == {"id": ben["id"], "name": "Ben Adams"}
        assert {r["reason"] for r in planned["results"]} == {
            "You told Ben you'd send the deck today",
            "Ben asked you to book the venue for the offsite today",
        }
        assert all(r["conversation_id"] == conversation and r["message_id"] for r in planned["results"])
        [request] = fake.requests
        assert request.messages == [("user", "what did I promise Benji")]
        assert ben["id"] in request.system and "Ben Adams" in request.system
        assert request.schema is not None and set(request.schema["required"]) == {
            "person", "direction", "commitment", "from", "to", "words"}

        # A plan naming someone Ada does not work with is thrown away: the offline reading answers.
        fake.reply_json(plan("987654"))
        offline = answer(ada_api, "what did I promise Ben")
        assert offline["model"] == {"used": False, "reason": "malformed_answer"}
        assert {r["reason"] for r in offline["results"]} == {r["reason"] for r in planned["results"]}

        # A vendor that keeps failing leaves the offline reading too.
        for _ in range(4):
            fake.reply_status(500)
        failed = answer(ada_api, "what did I ask Ben")
        assert failed["model"] == {"used": False, "reason": "server_error"}
        assert [r["reason"] for r in failed["results"]] == ["You asked Ben to review the pricing copy today"]

        # A plain search never reaches the model, and answers with the plain hits.
        asked = len(fake.requests)
        plain = answer(ada_api, "deck")
        assert plain["answered"] is False and plain["model"] == {"used": False, "reason": "plain_search"}
        assert [hit["kind"] for hit in plain["hits"]["results"]] == ["message"]
        assert len(fake.requests) == asked

        # Ben, who turned the model off, sends it nothing.
        assert ben_api.post("/user", json={"ai_enabled": False}).status_code == 200
        his = answer(ben_api, "what did Ada ask me")
        assert his["model"] == {"used": False, "reason": "opted_out"}
        assert [r["reason"] for r in his["results"]] == ["Ada asked you to review the pricing copy today"]
        assert len(fake.requests) == asked


def test_kairos_search_prints_why(tmp_path: Path) -> None:
    with FakeModel("anthropic") as fake, serving(fake, tmp_path) as (server, ada_api, ben_api, ada, ben):
        talk(ada_api, ben_api, ben)
        fake.respond_with(lambda request: plan(ben["id"]))
        config = tmp_path / "config.json"
        done = kairos("login", "--server", server.url, "--email", ada["email"], config=config, stdin=PASSWORD + "\n")
        assert done.returncode == 0, done.stderr

        shown = kairos("search", "what did I promise Ben", config=config)
        assert shown.returncode == 0, shown.stderr
        assert "- Send the deck\n  You told Ben you'd send the deck today (message " in shown.stdout
        assert "Ben asked you to book the venue for the offsite today" in shown.stdout
        assert "review the pricing copy" not in shown.stdout

        # Plain words still search the open tasks, as before.
        assert ada_api.post("/tasks", json={"content": "Print the deck"}).status_code == 200
        tasks = kairos("search", "deck", config=config)
        assert tasks.returncode == 0, tasks.stderr
        assert "Print the deck" in tasks.stdout and "Send the deck" not in tasks.stdout
