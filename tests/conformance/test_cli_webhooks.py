"""`kairos webhooks` against a live server: hooks added (the signing secret printed once), listed, tested
against a receiver that checks the signature, and removed."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hook_receivers import JSONHookReceiver, NtfyReceiver, signature_is_valid
from test_cli import kairos, logged_in  # noqa: F401 (the fixture is used by name)


def test_webhooks_add_list_test_delete(logged_in: Path) -> None:  # noqa: F811
    assert kairos("webhooks", config=logged_in).stdout.startswith("No webhooks yet.")
    with JSONHookReceiver() as receiver, NtfyReceiver(tokens={"ada_cli": "tk_cli_token"}) as ntfy:
        added = kairos("webhooks", "--add", f"{receiver.url}/hook", config=logged_in)
        assert added.returncode == 0, added.stderr
        match = re.fullmatch(r"Added webhook (\d+): json  (\S+)\n.*\n(whsec_[A-Za-z0-9_-]{43})\n", added.stdout)
        assert match, added.stdout
        hook_id, secret = match.group(1), match.group(3)

        topic = kairos(
            "webhooks", "--add", ntfy.topic_url("ada_cli"), "--ntfy", "--token", "tk_cli_token", "--json",
            config=logged_in,
        )
        assert topic.returncode == 0, topic.stderr
        ntfy_hook = json.loads(topic.stdout)
        assert ntfy_hook["format"] == "ntfy" and ntfy_hook["has_token"] is True and "secret" not in ntfy_hook

        listed = kairos("webhooks", config=logged_in)
        assert listed.stdout.splitlines() == [
            f"{hook_id}  json  {receiver.url}/hook",
            f"{ntfy_hook['id']}  ntfy  {ntfy.topic_url('ada_cli')} (token)",
        ]
        assert secret not in listed.stdout and "tk_cli_token" not in listed.stdout

        tested = kairos("webhooks", "--test", hook_id, config=logged_in)
        assert tested.returncode == 0, tested.stderr
        assert tested.stdout == "Delivered: the receiver answered 200.\n"
        assert signature_is_valid(secret, receiver.received[-1])
        assert kairos("webhooks", "--test", ntfy_hook["id"], config=logged_in).returncode == 0
        assert [message.topic for message in ntfy.messages] == ["ada_cli"]

        receiver.status = 500
        failed = kairos("webhooks", "--test", hook_id, config=logged_in)
        assert failed.returncode != 0 and "Not delivered" in failed.stderr and "500" in failed.stderr

    deleted = kairos("webhooks", "--delete", ntfy_hook["id"], config=logged_in)
    assert deleted.returncode == 0 and deleted.stdout == f"Deleted webhook {ntfy_hook['id']}.\n"
    assert [h["id"] for h in json.loads(kairos("webhooks", "--json", config=logged_in).stdout)] == [hook_id]

    bad = kairos("webhooks", "--add", "ftp://example.com/x", config=logged_in)
    assert bad.returncode != 0 and "url" in bad.stderr
    both = kairos("webhooks", "--add", "https://example.com/x", "--delete", hook_id, config=logged_in)
    assert both.returncode != 0 and "one of" in both.stderr
    stray = kairos("webhooks", "--token", "tk_x", config=logged_in)
    assert stray.returncode != 0 and "--ntfy" in stray.stderr
