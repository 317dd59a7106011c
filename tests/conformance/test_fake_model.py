"""The fake model vendors (`fake_model.py`) against each vendor's official Python SDK: what the SDKs read from
the fake is what they read from the vendor, so live-server tests that point Kairos at the fake test the real
wire formats."""

from __future__ import annotations

import threading
import time
from typing import Any

import anthropic
import httpx2
import openai
import pydantic
import pytest
from google import genai
from google.genai import errors as genai_errors
from google.genai import types as genai_types

from fake_model import FakeModel, Reply

KEY = "sk-fake-conformance"
MESSAGES = [{"role": "user", "content": "Remind me to buy oat milk"}]
TITLE_SCHEMA = {
    "type": "object",
    "properties": {"title": {"type": "string"}, "minutes": {"type": "integer"}},
    "required": ["title", "minutes"],
    "additionalProperties": False,
}
ANSWER = {"title": "Buy oat milk", "minutes": 15}


class Proposal(pydantic.BaseModel):
    title: str
    minutes: int


def plain_http() -> httpx2.Client:
    """The SDKs' HTTP client without the TLS set-up (a tenth of a second per client) that loopback never uses."""
    return httpx2.Client(verify=False)


def claude(fake: FakeModel, timeout: float = 5.0, key: str = KEY) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        api_key=key, base_url=fake.base_url, max_retries=0, timeout=timeout, http_client=plain_http())


def gpt(fake: FakeModel, timeout: float = 5.0) -> openai.OpenAI:
    return openai.OpenAI(
        api_key=KEY, base_url=fake.base_url, max_retries=0, timeout=timeout, http_client=plain_http())


def gemini(fake: FakeModel, timeout: float = 5.0, key: str = KEY) -> genai.Client:
    """A client to keep in a variable: the SDK closes its connections when the client is collected."""
    # Kairos calls v1beta; this SDK defaults to v1.
    options = genai_types.HttpOptions(
        base_url=fake.base_url, api_version="v1beta", timeout=int(timeout * 1000),
        retry_options=genai_types.HttpRetryOptions(attempts=1), httpx_client=plain_http())
    return genai.Client(api_key=key, http_options=options)


def forced_tool() -> dict[str, Any]:
    return {
        "tools": [{"name": "propose_task", "description": "A task to add", "input_schema": TITLE_SCHEMA}],
        "tool_choice": {"type": "tool", "name": "propose_task"},
    }


# MARK: Anthropic


def test_anthropic_sdk_reads_a_text_answer_and_the_fake_records_the_request() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_text("Added: buy oat milk.")
        message = claude(fake).messages.create(
            model="claude-kairos-test", max_tokens=100, system="Be brief.", messages=MESSAGES)
        assert [(block.type, block.text) for block in message.content] == [("text", "Added: buy oat milk.")]
        assert message.stop_reason == "end_turn"
        assert message.model == "claude-kairos-test"
        [request] = fake.requests
        assert (request.method, request.path) == ("POST", "/v1/messages")
        assert request.api_key == KEY
        assert request.headers["anthropic-version"]
        assert request.system == "Be brief."
        assert request.messages == [("user", "Remind me to buy oat milk")]
        assert not request.streamed and request.response_format is None


def test_anthropic_sdk_reads_a_forced_tool_input_as_the_structured_answer() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_json(ANSWER)
        message = claude(fake).messages.create(
            model="claude-kairos-test", max_tokens=100, messages=MESSAGES, **forced_tool())
        [block] = message.content
        assert (block.type, block.name, block.input) == ("tool_use", "propose_task", ANSWER)
        assert message.stop_reason == "tool_use"
        assert fake.requests[0].response_format == "tool"
        assert fake.requests[0].schema == TITLE_SCHEMA


def test_anthropic_sdk_streams_text_deltas_in_order_as_they_are_written() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_text("Buy oat milk today", chunks=["Buy", " oat", " milk", " today"], delay_between=0.05)
        received: list[tuple[str, float]] = []
        with claude(fake).messages.stream(model="m", max_tokens=100, messages=MESSAGES) as stream:
            for text in stream.text_stream:
                received.append((text, time.monotonic()))
            final = stream.get_final_message()
        assert [text for text, _ in received] == ["Buy", " oat", " milk", " today"]
        assert final.stop_reason == "end_turn"
        sent = fake.sent_at
        assert [delta.text for delta in sent] == ["Buy", " oat", " milk", " today"]
        assert all(delta.request == 0 for delta in sent)
        for delta, (_, at) in zip(sent, received):
            assert at >= delta.at
        assert all(later.at - earlier.at >= 0.045 for earlier, later in zip(sent, sent[1:]))


def test_anthropic_sdk_streams_a_forced_tool_input_as_json_deltas() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_json(ANSWER)
        with claude(fake).messages.stream(model="m", max_tokens=100, messages=MESSAGES, **forced_tool()) as stream:
            kinds = [event.delta.type for event in stream if event.type == "content_block_delta"]
            final = stream.get_final_message()
        assert len(kinds) > 1 and set(kinds) == {"input_json_delta"}
        assert final.content[0].input == ANSWER


@pytest.mark.parametrize(
    ("status", "exception", "error_type"),
    [
        (429, anthropic.RateLimitError, "rate_limit_error"),
        (500, anthropic.InternalServerError, "api_error"),
        (529, anthropic.OverloadedError, "overloaded_error"),
    ],
)
def test_anthropic_error_statuses_raise_the_sdks_documented_exceptions(
    status: int, exception: type[anthropic.APIStatusError], error_type: str
) -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_status(status, retry_after=7)
        with pytest.raises(exception) as raised:
            claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES)
        assert raised.value.status_code == status
        assert raised.value.body["type"] == "error"
        assert raised.value.body["error"]["type"] == error_type
        assert raised.value.response.headers["retry-after"] == "7"


def test_anthropic_sdk_raises_on_an_error_event_in_the_stream_after_the_text_before_it() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_stream_error(529, after_text="Buy oat")
        received: list[str] = []
        with pytest.raises(anthropic.APIStatusError) as raised:
            with claude(fake).messages.stream(model="m", max_tokens=100, messages=MESSAGES) as stream:
                received.extend(stream.text_stream)
        assert received == ["Buy ", "oat"]
        assert raised.value.body["error"]["type"] == "overloaded_error"


def test_anthropic_dropped_stream_raises_after_the_text_sent() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_drop("Buy oat milk")
        received: list[str] = []
        with pytest.raises(httpx2.RemoteProtocolError):
            with claude(fake).messages.stream(model="m", max_tokens=100, messages=MESSAGES) as stream:
                received.extend(stream.text_stream)
        assert received == ["Buy ", "oat ", "milk"]


def test_anthropic_malformed_answers_are_prose_instead_of_the_tool_or_cut_off_json() -> None:
    with FakeModel("anthropic") as fake:
        fake.reply_malformed("prose").reply_malformed("truncated")
        message = claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES, **forced_tool())
        assert [block.type for block in message.content] == ["text"]
        with pytest.raises(ValueError):
            claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES, **forced_tool())
        assert len(fake.requests) == 2


def test_anthropic_requests_without_the_version_header_or_the_key_are_refused_as_the_api_does() -> None:
    with FakeModel("anthropic", api_key=KEY) as fake:
        answer = httpx2.post(f"{fake.base_url}/v1/messages", headers={"x-api-key": KEY}, json={
            "model": "m", "max_tokens": 10, "messages": MESSAGES})
        assert answer.status_code == 400
        assert answer.json()["error"] == {
            "type": "invalid_request_error", "message": "anthropic-version: header is required"}
        fake.reply_text("never sent")
        with pytest.raises(anthropic.AuthenticationError):
            claude(fake, key="sk-wrong").messages.create(model="m", max_tokens=100, messages=MESSAGES)
        assert fake.pending == 1


# MARK: OpenAI-compatible


def test_openai_sdk_reads_a_chat_completion() -> None:
    with FakeModel("openai") as fake:
        assert fake.base_url.endswith("/v1")
        fake.reply_text("Added: buy oat milk.")
        completion = gpt(fake).chat.completions.create(
            model="llama3.2", messages=[{"role": "system", "content": "Be brief."}, *MESSAGES])
        assert completion.object == "chat.completion"
        assert completion.choices[0].message.content == "Added: buy oat milk."
        assert completion.choices[0].finish_reason == "stop"
        assert completion.usage is not None and completion.usage.total_tokens > 0
        [request] = fake.requests
        assert (request.path, request.headers["authorization"]) == ("/v1/chat/completions", f"Bearer {KEY}")
        assert (request.system, request.messages, request.model) == (
            "Be brief.", [("user", "Remind me to buy oat milk")], "llama3.2")


def test_openai_sdk_parses_a_json_schema_answer() -> None:
    with FakeModel("openai") as fake:
        fake.reply_json(ANSWER)
        completion = gpt(fake).chat.completions.parse(model="m", messages=MESSAGES, response_format=Proposal)
        assert completion.choices[0].message.parsed == Proposal(**ANSWER)
        assert fake.requests[0].response_format == "json_schema"
        assert fake.requests[0].schema["properties"].keys() == {"title", "minutes"}


def test_openai_a_server_refusing_json_schema_answers_400_and_still_takes_json_object() -> None:
    with FakeModel("openai", refuse_response_formats=("json_schema",)) as fake:
        fake.reply_json(ANSWER)
        with pytest.raises(openai.BadRequestError) as raised:
            gpt(fake).chat.completions.parse(model="m", messages=MESSAGES, response_format=Proposal)
        assert "json_schema" in raised.value.message
        assert fake.pending == 1
        completion = gpt(fake).chat.completions.create(
            model="m", messages=MESSAGES, response_format={"type": "json_object"})
        assert Proposal.model_validate_json(completion.choices[0].message.content) == Proposal(**ANSWER)
        assert [request.response_format for request in fake.requests] == ["json_schema", "json_object"]


def test_openai_sdk_streams_chunks_in_order_then_done() -> None:
    with FakeModel("openai") as fake:
        fake.reply_text("Buy oat milk", delay_between=0.02)
        stream = gpt(fake).chat.completions.create(
            model="m", messages=MESSAGES, stream=True, stream_options={"include_usage": True})
        chunks = list(stream)
        assert {chunk.object for chunk in chunks} == {"chat.completion.chunk"}
        texts = [chunk.choices[0].delta.content for chunk in chunks if chunk.choices]
        assert texts == ["", "Buy ", "oat ", "milk", None]
        assert chunks[-2].choices[0].finish_reason == "stop"
        assert chunks[-1].usage is not None
        assert [delta.text for delta in fake.sent_at] == ["Buy ", "oat ", "milk"]


@pytest.mark.parametrize(
    ("status", "exception", "error_type"),
    [
        (429, openai.RateLimitError, "requests"),
        (500, openai.InternalServerError, "server_error"),
        (503, openai.InternalServerError, "server_error"),
    ],
)
def test_openai_error_statuses_raise_the_sdks_documented_exceptions(
    status: int, exception: type[openai.APIStatusError], error_type: str
) -> None:
    with FakeModel("openai") as fake:
        fake.reply_status(status, retry_after=2)
        with pytest.raises(exception) as raised:
            gpt(fake).chat.completions.create(model="m", messages=MESSAGES)
        assert raised.value.status_code == status
        assert raised.value.type == error_type
        assert set(raised.value.body) == {"message", "type", "param", "code"}
        assert raised.value.response.headers["retry-after"] == "2"


def test_openai_error_chunk_and_dropped_stream_raise() -> None:
    with FakeModel("openai") as fake:
        fake.reply_stream_error(500, after_text="Buy").reply_drop("Buy oat")
        with pytest.raises(openai.APIError, match="server"):
            list(gpt(fake).chat.completions.create(model="m", messages=MESSAGES, stream=True))
        received: list[str | None] = []
        with pytest.raises(openai.APIConnectionError):
            for chunk in gpt(fake).chat.completions.create(model="m", messages=MESSAGES, stream=True):
                received.append(chunk.choices[0].delta.content)
        assert received == ["", "Buy ", "oat"]


def test_openai_prose_instead_of_json_fails_the_sdks_parse() -> None:
    with FakeModel("openai") as fake:
        fake.reply_malformed("prose")
        with pytest.raises(pydantic.ValidationError):
            gpt(fake).chat.completions.parse(model="m", messages=MESSAGES, response_format=Proposal)


# MARK: Gemini


def test_gemini_sdk_reads_a_text_answer() -> None:
    with FakeModel("gemini") as fake:
        client = gemini(fake)
        fake.reply_text("Added: buy oat milk.")
        response = client.models.generate_content(
            model="gemini-2.5-flash", contents="Remind me to buy oat milk",
            config=genai_types.GenerateContentConfig(system_instruction="Be brief."))
        assert response.text == "Added: buy oat milk."
        assert response.candidates[0].finish_reason == genai_types.FinishReason.STOP
        assert response.usage_metadata.total_token_count > 0
        [request] = fake.requests
        assert request.path == "/v1beta/models/gemini-2.5-flash:generateContent"
        assert (request.headers["x-goog-api-key"], request.api_key) == (KEY, KEY)
        assert (request.system, request.messages, request.model) == (
            "Be brief.", [("user", "Remind me to buy oat milk")], "gemini-2.5-flash")


def test_gemini_sdk_parses_a_response_schema_answer() -> None:
    with FakeModel("gemini") as fake:
        client = gemini(fake)
        fake.reply_json(ANSWER)
        response = client.models.generate_content(
            model="m", contents="Remind me to buy oat milk",
            config=genai_types.GenerateContentConfig(response_mime_type="application/json", response_schema=Proposal))
        assert response.parsed == Proposal(**ANSWER)
        assert fake.requests[0].response_format == "application/json"
        assert fake.requests[0].schema is not None


def test_gemini_sdk_streams_server_sent_events_in_order() -> None:
    with FakeModel("gemini") as fake:
        client = gemini(fake)
        fake.reply_text("Buy oat milk", delay_between=0.02)
        chunks = list(client.models.generate_content_stream(model="m", contents="Remind me"))
        assert "".join(chunk.text or "" for chunk in chunks) == "Buy oat milk"
        assert [chunk.text for chunk in chunks[:3]] == ["Buy ", "oat ", "milk"]
        assert chunks[-1].candidates[0].finish_reason == genai_types.FinishReason.STOP
        request = fake.requests[0]
        assert (request.path, request.query) == ("/v1beta/models/m:streamGenerateContent", {"alt": "sse"})


@pytest.mark.parametrize(
    ("status", "exception", "state"),
    [
        (429, genai_errors.ClientError, "RESOURCE_EXHAUSTED"),
        (500, genai_errors.ServerError, "INTERNAL"),
        (503, genai_errors.ServerError, "UNAVAILABLE"),
    ],
)
def test_gemini_error_statuses_raise_the_sdks_documented_exceptions(
    status: int, exception: type[genai_errors.APIError], state: str
) -> None:
    with FakeModel("gemini") as fake:
        client = gemini(fake)
        fake.reply_status(status)
        with pytest.raises(exception) as raised:
            client.models.generate_content(model="m", contents="Remind me")
        assert (raised.value.code, raised.value.status) == (status, state)


def test_gemini_error_chunk_and_dropped_stream_raise() -> None:
    with FakeModel("gemini") as fake:
        client = gemini(fake)
        fake.reply_stream_error(503, after_text="Buy").reply_drop("Buy oat")
        with pytest.raises(genai_errors.ServerError) as raised:
            list(client.models.generate_content_stream(model="m", contents="Remind me"))
        assert raised.value.status == "UNAVAILABLE"
        received: list[str | None] = []
        with pytest.raises(httpx2.RemoteProtocolError):
            for chunk in client.models.generate_content_stream(model="m", contents="Remind me"):
                received.append(chunk.text)
        assert received == ["Buy ", "oat"]


def test_gemini_a_wrong_key_is_refused_as_the_api_does() -> None:
    with FakeModel("gemini", api_key=KEY) as fake:
        client = gemini(fake, key="wrong")
        with pytest.raises(genai_errors.ClientError) as raised:
            client.models.generate_content(model="m", contents="hi")
        assert (raised.value.code, raised.value.status) == (400, "INVALID_ARGUMENT")


# MARK: The fake itself


@pytest.mark.parametrize(
    ("vendor", "path", "body", "framing"),
    [
        ("anthropic", "/v1/messages", {"model": "m", "max_tokens": 9, "messages": MESSAGES, "stream": True}, "\n\n"),
        ("openai", "/v1/chat/completions", {"model": "m", "messages": MESSAGES, "stream": True}, "\n\n"),
        ("gemini", "/v1beta/models/m:streamGenerateContent?alt=sse", {"contents": [{"parts": [{"text": "hi"}]}]},
         "\r\n\r\n"),
    ],
)
def test_streams_are_chunked_server_sent_events_in_the_vendors_order(
    vendor: str, path: str, body: dict[str, Any], framing: str
) -> None:
    with FakeModel(vendor) as fake:
        fake.reply_text("Buy oat milk")
        root = fake.base_url.removesuffix("/v1")
        headers = {"x-api-key": KEY, "anthropic-version": "2023-06-01", "authorization": f"Bearer {KEY}"}
        with httpx2.stream("POST", root + path, json=body, headers=headers) as answer:
            assert answer.headers["transfer-encoding"] == "chunked"
            assert answer.headers["content-type"].startswith("text/event-stream")
            pieces = [piece.decode() for piece in answer.iter_raw()]
        text = "".join(pieces)
        events = [event for event in text.split(framing) if event]
        assert text.endswith(framing)
        if vendor == "anthropic":
            names = [event.split("\n")[0].removeprefix("event: ") for event in events]
            assert names == [
                "message_start", "content_block_start", "ping", *["content_block_delta"] * 3,
                "content_block_stop", "message_delta", "message_stop",
            ]
        elif vendor == "openai":
            assert all(event.startswith("data: {") for event in events[:-1])
            assert events[-1] == "data: [DONE]"
        else:
            assert all(event.startswith("data: {") and "\n" not in event for event in events)
            assert '"finishReason": "STOP"' in events[-1]


def test_nothing_is_recorded_before_a_request_and_waiting_for_one_times_out() -> None:
    with FakeModel("openai") as fake:
        assert fake.requests == []
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            fake.wait_for_requests(1, timeout=0.2)
        assert time.monotonic() - started < 1
        assert fake.env(model="llama3.2") == {
            "KAIROS_AI_PROVIDER": "openai", "KAIROS_AI_BASE_URL": fake.base_url,
            "KAIROS_AI_API_KEY": "k", "KAIROS_AI_MODEL": "llama3.2",
        }


def test_an_unscripted_request_fails_loudly_until_a_default_computes_the_answer() -> None:
    with FakeModel("anthropic") as fake:
        with pytest.raises(anthropic.InternalServerError, match="no reply scripted"):
            claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES)
        fake.reply_text("scripted first")
        fake.respond_with(lambda request: "You said: " + request.messages[-1][1])
        answers = [
            claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES).content[0].text
            for _ in range(2)
        ]
        assert answers == ["scripted first", "You said: Remind me to buy oat milk"]
        fake.respond_with(lambda request: {"title": request.messages[-1][1], "minutes": 5})
        tool = claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES, **forced_tool())
        assert tool.content[0].input == {"title": "Remind me to buy oat milk", "minutes": 5}
        fake.respond_with(lambda request: request.body["no such field"])
        with pytest.raises(anthropic.InternalServerError, match="respond_with raised KeyError"):
            claude(fake).messages.create(model="m", max_tokens=100, messages=MESSAGES)
        assert len(fake.wait_for_requests(5, timeout=1)) == 5


def test_a_slow_reply_times_the_client_out_without_holding_up_other_requests() -> None:
    with FakeModel("openai") as fake:
        fake.reply_slow(1.0, then="late").reply_text("prompt")
        outcome: list[BaseException] = []

        def call_slowly() -> None:
            try:
                gpt(fake, timeout=0.3).chat.completions.create(model="m", messages=MESSAGES)
            except Exception as error:
                outcome.append(error)

        slow = threading.Thread(target=call_slowly)
        slow.start()
        fake.wait_for_requests(1, timeout=5)
        started = time.monotonic()
        fast = gpt(fake).chat.completions.create(model="m", messages=MESSAGES)
        assert fast.choices[0].message.content == "prompt"
        assert time.monotonic() - started < 0.5
        slow.join(timeout=5)
        assert len(outcome) == 1 and isinstance(outcome[0], openai.APITimeoutError)


def test_first_delay_holds_the_first_delta_after_the_stream_opens() -> None:
    with FakeModel("gemini") as fake:
        client = gemini(fake)
        fake.reply(Reply.text_answer("Buy oat", first_delay=0.3))
        started = time.monotonic()
        chunks = list(client.models.generate_content_stream(model="m", contents="Remind me"))
        assert "".join(chunk.text or "" for chunk in chunks) == "Buy oat"
        assert fake.sent_at[0].at - started >= 0.29
