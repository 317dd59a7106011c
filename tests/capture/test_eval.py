"""`kairos eval` against the shared scorers: the same case files give the same figures.

Each file is scored twice: by `kairos eval --json`, and by the shared scorer (capture-score.py or
score-assistant.py) running `kairos parse --jsonl`. The files are the shared dev files, the repository's long
brain-dump files (which the engine does not get all right), and seeded copies of the dev files whose expected
answers are changed, some into equivalent forms the rules accept and some into wrong ones, so that every
comparison rule is exercised on both sides. The shared scorers and dev files are found in $KAIROS_SCORERS
(default /work/shared); without them the comparisons are skipped and the other tests read the repository's
copies of the dev files.
"""
import json
import os
import random
import re
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("KAIROS_BIN") or ROOT / ".build" / "debug" / "kairos")
SCORERS = Path(os.environ.get("KAIROS_SCORERS") or "/work/shared")
FIXTURES = ROOT / "Tests" / "KairosCaptureTests" / "Fixtures"
CAPTURE_DEV = ["capture-dev.jsonl", "capture-dev-speech.jsonl", "capture-dev-corrections.jsonl"]
ASSISTANT_DEV = "ai-eval/assistant-dev.jsonl"
FIGURE = re.compile(r"^\s*(.+?):?\s+\d+\.\d{3} \((\d+)/(\d+)\)(?: \| \d+\.\d{3} \((\d+)/(\d+)\))?")


def need(path):
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is not built; run swift build or set KAIROS_BIN")
    if not path.exists():
        pytest.skip(f"{path} is missing; set KAIROS_SCORERS to the folder of the shared scorers")
    return path


def dev_file(name):
    """A dev file from the scorers' folder, or the repository's copy of it when the scorers are not here."""
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is not built; run swift build or set KAIROS_BIN")
    shared = SCORERS / name
    return shared if shared.exists() else FIXTURES / Path(name).name


def kairos(*args):
    return subprocess.run([str(BINARY), *args], capture_output=True, timeout=120, text=True)


def evaluate(path, *extra):
    done = kairos("eval", str(path), "--json", *extra)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["subjects"]["offline"]


def scorer_lines(script, path, *parse_args):
    done = subprocess.run(["python3", str(SCORERS / script), str(path), "--", str(BINARY), "parse", *parse_args,
                           "--jsonl"], capture_output=True, timeout=120, text=True, check=True)
    assert "note:" not in done.stdout, done.stdout
    return done.stdout.splitlines()


def pair(fraction):
    return fraction["right"], fraction["total"]


def capture_figures_of_scorer(path):
    figures, section = {}, None
    for line in scorer_lines("capture-score.py", path):
        if line.startswith("per-category"):
            section = "category"
            continue
        match = FIGURE.match(line)
        if not match:
            continue
        name = match.group(1).strip()
        if section == "category" and line.startswith("  "):
            name = "category " + name
        else:
            section = None
        figures[name.removesuffix("_acc")] = (int(match.group(2)), int(match.group(3)))
    return figures


def capture_figures_of_eval(path):
    offline = evaluate(path)
    figures = {"case_exact": pair(offline["case_exact"]), "task_count": pair(offline["task_count"])}
    figures.update({field: pair(value) for field, value in offline["fields"].items()})
    figures.update({"category " + name: pair(value) for name, value in offline["categories"].items()})
    return figures


def assistant_figures_of_scorer(path):
    figures, section, kind = {}, None, None
    for line in scorer_lines("ai-eval/score-assistant.py", path, "--mode", "assistant"):
        if not line.startswith(" "):
            section = line.rstrip(":").split(" (")[0]
        type_line = re.match(r"^  (\w+) \((\d+) cases\): type \d\.\d{3} \((\d+)/(\d+)\)", line)
        if type_line:
            kind = type_line.group(1)
            figures[f"{kind} type"] = (int(type_line.group(3)), int(type_line.group(4)))
            continue
        match = FIGURE.match(line)
        if not match:
            continue
        name = match.group(1).strip().removesuffix("_acc")
        right, total = int(match.group(2)), int(match.group(3))
        if section.startswith("per-type fields"):
            if match.group(4) is not None:
                figures[f"{kind} {name}"] = (right, total)
                figures[f"{kind} {name} given type"] = (int(match.group(4)), int(match.group(5)))
            elif name in ("task_count", "item_precision", "item_recall"):
                figures[f"{kind} {name}"] = (right, total)
            else:
                figures[f"{kind} task {name}"] = (right, total)
        elif section == "case_exact per type":
            figures[f"{name} case_exact"] = (right, total)
        elif section == "per-category case_exact":
            figures[f"category {name}"] = (right, total)
        else:
            figures[name] = (right, total)
    return figures


def assistant_figures_of_eval(path):
    offline = evaluate(path)
    figures = {"case_exact": pair(offline["case_exact"]), "type": pair(offline["type_acc"])}
    for kind, score in offline["types"].items():
        figures[f"{kind} type"] = pair(score["type"])
        figures[f"{kind} case_exact"] = pair(score["case_exact"])
        for field, value in score["fields"].items():
            figures[f"{kind} {field}"] = pair(value)
            figures[f"{kind} {field} given type"] = pair(score["fields_given_type"][field])
        if "task_count" in score:
            figures[f"{kind} task_count"] = pair(score["task_count"])
            figures.update({f"{kind} task {field}": pair(value) for field, value in score["task_fields"].items()})
        for name in ("item_precision", "item_recall"):
            if name in score:
                figures[f"{kind} {name}"] = pair(score[name])
    figures.update({"category " + name: pair(value) for name, value in offline["categories"].items()})
    return figures


# ---------------------------------------------------------------- changed copies of the dev files
def changed_task(task, rng):
    task = dict(task)
    change = rng.randrange(9)
    if change == 0 and task["due"]:
        task["due"] = task["due"].replace("T", " ") + rng.choice([":00", ":00.000", ""])      # still right
    elif change == 1 and task["due"]:
        task["due"] = task["due"][:-1] + str((int(task["due"][-1]) + 1) % 10)                # a minute off
    elif change == 2:
        task["title"] = [f"  {title.upper()}!!" for title in task["title"]]                  # still right
    elif change == 3:
        task["title"] = ["The " + task["title"][0] + " soon"]                                 # wrong
    elif change == 4:
        task["list"] = task["list"].swapcase() if task["list"] else "Errands"                 # right if it had one
    elif change == 5:
        task["labels"] = [label.upper() for label in reversed(task["labels"])] or ["later"]   # right if it had any
    elif change == 6 and task["recurrence"]:
        parts = task["recurrence"].split(";")
        rng.shuffle(parts)
        task["recurrence"] = "rrule:" + ";".join(parts).lower() + ";INTERVAL=1"               # still right
    elif change == 7:
        task["recurrence"] = None if task["recurrence"] else "FREQ=DAILY"                     # wrong
    elif change == 8:
        task["priority"] = None if task["priority"] else rng.randint(1, 4)                    # wrong
    return task


def changed_capture_case(case, rng):
    case = json.loads(json.dumps(case))
    tasks = case["expected"]["tasks"]
    if tasks and rng.random() < 0.1:
        tasks.pop()                                                                            # a task too few
    elif rng.random() < 0.7:
        case["expected"]["tasks"] = [changed_task(task, rng) for task in tasks]
    return case


def changed_assistant_case(case, rng):
    case = json.loads(json.dumps(case))
    expected = case["expected"]
    kind, change = expected["type"], rng.randrange(3)
    if change == 0:
        others = [other for other in ("conversation", "reminder") if other != kind]
        case["expected"] = {"type": others[0], "tasks": [{"title": ["Something else"], "due": None, "list": None,
                                                          "priority": None, "labels": [], "recurrence": None}]}
    elif kind == "reminder":
        expected["tasks"] = [changed_task(task, rng) for task in expected["tasks"]]
    elif kind == "todo_list" and change == 1:
        expected["subtasks"] = list(reversed(expected["subtasks"]))
    elif kind == "todo_list":
        expected["title"] = [title.lower() + "." for title in expected["title"]]
    elif kind == "date_query" and change == 1:
        expected["weekday"] = expected["weekday"].upper()
    elif kind == "date_query":
        expected["date"] = expected["date"][:-1] + str((int(expected["date"][-1]) + 1) % 10)
    return case


def changed_file(tmp_path, name, change):
    rng = random.Random(f"eval-{name}")
    cases = [json.loads(line) for line in dev_file(name).read_text().splitlines() if line.strip()]
    path = tmp_path / Path(name).name.replace(".jsonl", "-changed.jsonl")
    path.write_text("".join(json.dumps(change(case, rng)) + "\n" for case in cases))
    return path


# ---------------------------------------------------------------- the figures agree
@pytest.mark.parametrize("name", CAPTURE_DEV)
def test_capture_dev_files_give_the_shared_scorers_figures(name):
    need(SCORERS / "capture-score.py")
    path = dev_file(name)
    scorer, ours = capture_figures_of_scorer(path), capture_figures_of_eval(path)
    assert ours == scorer
    assert {"case_exact", "task_count", "title", "due", "list", "priority", "labels", "recurrence"} <= set(ours)


@pytest.mark.parametrize("name", ["capture-dumps-fresh2.jsonl", "capture-dumps-heldout.jsonl"])
def test_capture_files_the_engine_gets_partly_wrong_give_the_same_figures(name):
    need(SCORERS / "capture-score.py")
    path = FIXTURES / name
    ours = capture_figures_of_eval(path)
    assert ours == capture_figures_of_scorer(path)
    assert ours["case_exact"][0] < ours["case_exact"][1]


@pytest.mark.parametrize("name", CAPTURE_DEV)
def test_changed_capture_expectations_give_the_same_figures(name, tmp_path):
    need(SCORERS / "capture-score.py")
    path = changed_file(tmp_path, name, changed_capture_case)
    ours = capture_figures_of_eval(path)
    assert ours == capture_figures_of_scorer(path)
    assert ours["case_exact"][0] < ours["case_exact"][1]


def test_the_assistant_dev_file_gives_the_shared_scorers_figures():
    need(SCORERS / "ai-eval" / "score-assistant.py")
    path = dev_file(ASSISTANT_DEV)
    ours = assistant_figures_of_eval(path)
    assert ours == assistant_figures_of_scorer(path)
    assert {"type", "case_exact", "reminder task due", "todo_list subtasks", "date_query weekday"} <= set(ours)


def test_changed_assistant_expectations_give_the_same_figures(tmp_path):
    need(SCORERS / "ai-eval" / "score-assistant.py")
    path = changed_file(tmp_path, ASSISTANT_DEV, changed_assistant_case)
    ours = assistant_figures_of_eval(path)
    assert ours == assistant_figures_of_scorer(path)
    assert ours["type"][0] < ours["type"][1] and ours["case_exact"][0] < ours["type"][0]


def test_all_dev_files_are_scored_in_a_few_seconds():
    paths = [dev_file(name) for name in CAPTURE_DEV + [ASSISTANT_DEV]]
    start = time.monotonic()
    for path in paths:
        evaluate(path)
    assert time.monotonic() - start < 5


# ---------------------------------------------------------------- the table
def test_the_table_shows_the_figures_and_the_failed_cases(tmp_path):
    path = changed_file(tmp_path, CAPTURE_DEV[0], changed_capture_case)
    done = kairos("eval", str(path), "--failures", "2")
    assert done.returncode == 0, done.stderr
    figures = capture_figures_of_eval(path)
    lines = done.stdout.splitlines()
    assert re.match(r"^70 capture cases\s+offline$", lines[0])
    right, total = figures["case_exact"]
    assert re.match(rf"^case_exact\s+{right / total:.3f} \({right}/{total}\)$", lines[1])
    assert any(re.match(r"^\s+recurrence\s+\d\.\d{3} \(\d+/\d+\)$", line) for line in lines)
    assert any(re.match(r"^time p95\s+\d+\.\d\d ms$", line) for line in lines)
    assert done.stdout.count("--- FAIL ") == 2
    assert f"offline: {total - right} failed, 2 shown" in done.stdout
    for label in ("input:", "expected:", "got:", "wrong:"):
        assert done.stdout.count(f"    {label}") == 2


def test_an_assistant_table_shows_type_accuracy_and_case_exact_per_type():
    path = dev_file(ASSISTANT_DEV)
    done = kairos("eval", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert re.match(r"^30 assistant cases\s+offline$", lines[0])
    assert re.match(r"^type_acc\s+1\.000 \(30/30\)$", lines[2])
    for kind, count in (("reminder", 9), ("todo_list", 8), ("date_query", 7), ("conversation", 6)):
        at = lines.index(f"{kind} ({count} cases)")
        assert re.match(rf"^  case_exact\s+1\.000 \({count}/{count}\)$", lines[at + 2])


# ---------------------------------------------------------------- unhappy paths
def test_a_missing_file_is_a_clear_error(tmp_path):
    dev_file(CAPTURE_DEV[0])
    done = kairos("eval", str(tmp_path / "nowhere.jsonl"))
    assert done.returncode != 0
    assert f"Cannot read the case file {tmp_path / 'nowhere.jsonl'}: no such file." in done.stderr
    assert done.stdout == ""


def test_a_bad_json_line_is_named(tmp_path):
    good = dev_file(CAPTURE_DEV[0]).read_text().splitlines()[0]
    path = tmp_path / "bad.jsonl"
    path.write_text(good + "\n{\"id\": \"x\", \"input\": \n")
    done = kairos("eval", str(path), "--json")
    assert done.returncode != 0
    assert f"{path}, line 2: The line is not a JSON object." in done.stderr
    assert done.stdout == ""


def test_a_case_missing_a_field_is_named(tmp_path):
    dev_file(CAPTURE_DEV[0])
    path = tmp_path / "no-tz.jsonl"
    path.write_text(json.dumps({"id": "a", "now": "2026-03-13T10:00", "lists": [], "input": "buy milk",
                                "expected": {"tasks": []}}) + "\n")
    done = kairos("eval", str(path))
    assert done.returncode != 0
    assert "line 1: tz is required." in done.stderr


def test_an_unknown_kind_is_refused():
    path = dev_file(CAPTURE_DEV[0])
    done = kairos("eval", str(path), "--kind", "actions")
    assert done.returncode != 0
    assert "--kind" in done.stderr and "capture" in done.stderr and "assistant" in done.stderr
    assert done.stdout == ""


def test_parallel_and_failures_must_be_counts():
    path = dev_file(CAPTURE_DEV[0])
    for option, value, message in (("--parallel", "0", "--parallel must be 1 or more."),
                                   ("--failures", "-1", "--failures must be 0 or more.")):
        done = kairos("eval", str(path), f"{option}={value}")
        assert done.returncode != 0
        assert message in done.stderr


def test_a_capture_file_read_as_assistant_cases_names_the_line():
    path = dev_file(CAPTURE_DEV[0])
    done = kairos("eval", str(path), "--kind", "assistant")
    assert done.returncode != 0
    assert f"{path}, line 1: expected.type is required: the cases are read as assistant cases." in done.stderr
