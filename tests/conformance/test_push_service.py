"""The local push service (`push_service.py`) against `pywebpush`, an independent Web Push sender: what it
accepts and decrypts from a correct sender, and what it refuses, so live-server tests that point Kairos at it
test the real protocol."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from push_service import PushService, Subscription, b64url, b64url_decode

CONTACT = "mailto:admin@example.com"


def public_key(key: ec.EllipticCurvePrivateKey) -> str:
    return b64url(key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


@pytest.fixture()
def server_key() -> Vapid02:
    key = Vapid02()
    key.generate_keys()
    return key


@pytest.fixture()
def push(server_key: Vapid02) -> Iterator[PushService]:
    with PushService(expected_key=public_key(server_key.private_key)) as service:
        yield service


def send(subscription: Subscription, payload: Any, key: Vapid02, **options: Any) -> httpx.Response:
    """One push by pywebpush; its answer whatever the status."""
    try:
        answer = webpush(subscription.json, json.dumps(payload), vapid_private_key=key,
                         vapid_claims={"sub": CONTACT}, timeout=10, **options)
    except WebPushException as error:
        assert error.response is not None, error
        answer = error.response
    return httpx.Response(answer.status_code, headers=dict(answer.headers), content=answer.content)


def jwt(key: ec.EllipticCurvePrivateKey, claims: dict[str, Any]) -> str:
    """An ES256 JWT written here, so a test can sign claims that pywebpush would not send."""
    signing_input = ".".join(
        b64url(json.dumps(part).encode()) for part in ({"typ": "JWT", "alg": "ES256"}, claims))
    r, s = utils.decode_dss_signature(key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    return f"{signing_input}.{b64url(r.to_bytes(32, 'big') + s.to_bytes(32, 'big'))}"


def encrypt(subscription: Subscription, plaintext: bytes) -> bytes:
    return http_ece.encrypt(
        plaintext, private_key=ec.generate_private_key(ec.SECP256R1()), dh=b64url_decode(subscription.p256dh),
        auth_secret=subscription.auth_secret, version="aes128gcm")


def raw_push(push: PushService, subscription: Subscription, key: ec.EllipticCurvePrivateKey, *,
             claims: dict[str, Any] | None = None, k: str | None = None, drop: tuple[str, ...] = (),
             headers: dict[str, str] | None = None, body: bytes | None = None) -> httpx.Response:
    """A push built by hand: valid unless the test changes claims, the key named in k, headers or body."""
    signed = {"aud": push.origin, "exp": int(time.time()) + 3600, "sub": CONTACT, **(claims or {})}
    sent = {
        "Authorization": f"vapid t={jwt(key, signed)}, k={k or public_key(key)}",
        "TTL": "60",
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        **(headers or {}),
    }
    for name in drop:
        sent.pop(name)
    content = encrypt(subscription, b'{"title": "Dentist"}') if body is None else body
    return httpx.post(subscription.endpoint, headers=sent, content=content, timeout=10)


def test_pushes_from_pywebpush_are_accepted_decrypted_and_recorded(push: PushService, server_key: Vapid02) -> None:
    first, second = push.subscribe(), push.subscribe()
    assert first.json["endpoint"] == f"{push.origin}/push/{first.id}"
    assert len(b64url_decode(first.json["keys"]["p256dh"])) == 65
    assert len(b64url_decode(first.json["keys"]["auth"])) == 16
    assert "=" not in first.json["keys"]["p256dh"] + first.json["keys"]["auth"]

    answer = send(first, {"title": "Dentist", "body": "Due now"}, server_key, ttl=3600,
                  headers={"Urgency": "high", "Topic": "task-42"})
    assert answer.status_code == 201, answer.text
    assert answer.headers["location"].startswith("/message/")
    assert send(second, {"title": "Standup"}, server_key, ttl=0).status_code == 201
    big = {"text": "x" * 3_900}
    assert send(second, big, server_key, ttl=60).status_code == 201

    assert len(push.wait_for(3, timeout=5)) == 3
    assert push.rejections == []
    [message] = push.messages(first.id)
    assert message.payload == {"title": "Dentist", "body": "Due now"}
    assert message.headers["ttl"] == "3600"
    assert message.headers["urgency"] == "high"
    assert message.headers["topic"] == "task-42"
    assert message.claims["aud"] == push.origin and message.claims["sub"] == CONTACT
    assert [m.payload for m in push.messages(second.id)] == [{"title": "Standup"}, big]


def test_an_empty_push_is_accepted(push: PushService) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    push.expected_key = public_key(key)
    subscription = push.subscribe()
    assert raw_push(push, subscription, key, drop=("Content-Encoding",), body=b"").status_code == 201
    assert push.messages(subscription.id)[0].payload is None
    assert push.rejections == []


def now() -> int:
    return int(time.time())


# Each case: how the request differs from a valid one, given (push, subscription, signer, server key); the
# status a push service answers; and words of the reason it gives.
REFUSALS = {
    "no Authorization": (lambda p, s, k, v: dict(drop=("Authorization",)), 401, "no Authorization header"),
    "not the server's key": (lambda p, s, k, v: dict(), 403, "not the application server key"),
    "signed by another key than k": (
        lambda p, s, k, v: dict(k=public_key(v.private_key)), 403, "does not verify"),
    "expired": (lambda p, s, k, v: dict(claims={"exp": now() - 60}), 403, "expired"),
    "over 24 hours": (lambda p, s, k, v: dict(claims={"exp": now() + 25 * 3600}), 403, "more than 24 hours"),
    "another audience": (lambda p, s, k, v: dict(claims={"aud": "https://fcm.googleapis.com"}), 403, "aud is"),
    "an origin with a path": (lambda p, s, k, v: dict(claims={"aud": p.origin + "/"}), 403, "aud is"),
    "no contact": (lambda p, s, k, v: dict(claims={"sub": ""}), 403, "sub must be"),
    "no TTL": (lambda p, s, k, v: dict(drop=("TTL",)), 400, "no TTL header"),
    "a TTL that is no integer": (lambda p, s, k, v: dict(headers={"TTL": "soon"}), 400, "TTL must be"),
    "a bad Urgency": (lambda p, s, k, v: dict(headers={"Urgency": "urgent"}), 400, "Urgency must be"),
    "a bad Topic": (lambda p, s, k, v: dict(headers={"Topic": "a" * 33}), 400, "Topic must be"),
    "aesgcm": (lambda p, s, k, v: dict(headers={"Content-Encoding": "aesgcm"}), 400, "must be aes128gcm"),
    "a body for another subscription": (
        lambda p, s, k, v: dict(body=encrypt(p.subscribe(), b'{"title": "Dentist"}')), 400, "does not decrypt"),
    "a payload that is no JSON": (lambda p, s, k, v: dict(body=encrypt(s, b"Dentist at 3")), 400, "not JSON"),
    "over 4096 bytes": (
        lambda p, s, k, v: dict(body=encrypt(s, json.dumps({"text": "x" * 4_100}).encode())), 413, "4096"),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_request_a_push_service_would_refuse_is_refused_and_recorded(
        push: PushService, server_key: Vapid02, case: str) -> None:
    change, status, reason = REFUSALS[case]
    subscription = push.subscribe()
    # The request is signed with a key of the test's; the service expects the server's only in the case
    # that checks it.
    signer = ec.generate_private_key(ec.SECP256R1())
    if case != "not the server's key":
        push.expected_key = public_key(signer)

    answer = raw_push(push, subscription, signer, **change(push, subscription, signer, server_key))
    assert answer.status_code == status, answer.text
    assert reason in answer.text
    [rejection] = push.rejections
    assert (rejection.subscription_id, rejection.status) == (subscription.id, status)
    assert reason in rejection.reason
    assert push.attempts() == []


def test_pywebpush_in_aesgcm_is_refused(push: PushService, server_key: Vapid02) -> None:
    subscription = push.subscribe()
    answer = send(subscription, {"title": "Dentist"}, server_key, ttl=60, content_encoding="aesgcm")
    assert answer.status_code == 400
    assert "must be aes128gcm" in push.rejections[0].reason


def test_an_unknown_subscription_is_not_found(push: PushService, server_key: Vapid02) -> None:
    subscription = push.subscribe()
    stranger = Subscription(id="0" * 32, endpoint=f"{push.origin}/push/{'0' * 32}",
                            private_key=subscription.private_key, auth_secret=subscription.auth_secret)
    assert send(stranger, {"title": "Dentist"}, server_key, ttl=60).status_code == 404
    assert push.rejections[0].status == 404


def test_scripted_answers_come_in_order_then_201(push: PushService, server_key: Vapid02) -> None:
    busy, dropped = push.subscribe(), push.subscribe()
    push.answer(busy.id, 429, retry_after=7)
    push.answer(busy.id, 503, times=2)
    push.answer(dropped.id, 404)

    limited = send(busy, {"n": 1}, server_key, ttl=60)
    assert (limited.status_code, limited.headers["retry-after"]) == (429, "7")
    assert [send(busy, {"n": n}, server_key, ttl=60).status_code for n in (2, 3, 4)] == [503, 503, 201]
    assert send(dropped, {"n": 1}, server_key, ttl=60).status_code == 404
    assert send(dropped, {"n": 2}, server_key, ttl=60).status_code == 201

    push.gone(dropped.id)
    assert [send(dropped, {"n": n}, server_key, ttl=60).status_code for n in (3, 4)] == [410, 410]

    assert [(m.status, m.payload) for m in push.attempts(busy.id)] == [
        (429, {"n": 1}), (503, {"n": 2}), (503, {"n": 3}), (201, {"n": 4})]
    assert [m.payload for m in push.messages(busy.id)] == [{"n": 4}]
    assert [m.status for m in push.attempts(dropped.id)] == [404, 201, 410, 410]
    assert [m.payload for m in push.messages()] == [{"n": 4}, {"n": 2}]
    assert push.rejections == []


def test_waiting_for_more_than_arrived_fails_saying_what_came(push: PushService, server_key: Vapid02) -> None:
    subscription = push.subscribe()
    assert send(subscription, {"n": 1}, server_key, ttl=60).status_code == 201
    assert len(push.wait_for(1, timeout=1, subscription_id=subscription.id)) == 1
    with pytest.raises(AssertionError, match="accepted 1 of 2 messages"):
        push.wait_for(2, timeout=0.2)
