"""The question bank and its tools: the packaged pack passes the validator, every rule catches a
broken sample and names the record, import and export round-trip, and a user's own pack loads."""

import json
import random
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from middleearth.core.errors import DataError
from middleearth.games.trivia import questions as bank
from middleearth.games.trivia.questions import (
    CATEGORIES,
    CATEGORY_FLOOR,
    DIFFICULTY_TARGET,
    DIFFICULTY_TOLERANCE,
    Card,
    PackInfo,
    cards_from_csv,
    cards_from_opentdb,
    cards_to_csv,
    cards_to_opentdb,
    check_pack,
    figures,
    load_pack,
    load_packs,
    read_cards,
    validate,
    write_cards,
)

PACKAGED = Path(bank.__file__).parent / "data" / "questions"
HEADER = """[pack]
id = "mine"
title = "My questions"
language = "en"
provenance = "design"
source = "written by a tester"
"""


def question(text: str = "Which hobbit carried the Ring?", **changes) -> dict:
    fields = {
        "text": text,
        "options": ["Frodo", "Sam", "Merry", "Pippin"],
        "correct": 0,
        "bracket": 3,
        "difficulty": "easy",
        "reward": "travel:2",
        "category": "characters",
        "reference": "FR I.3 Three is Company",
    }
    return fields | changes


WORDS = (
    "ring road hill river tower forest barrow pony elf dwarf wizard king horn sword cloak boat star tree "
    "stone gate bridge mountain marsh inn song letter fire water shadow light ford hobbit pipe map rope"
).split()


def filler(stem: str, number: int, reward: str) -> dict:
    """A question unlike any other filler: its own words, its own options (so no rule fires on it)."""
    rng = random.Random(f"{stem}/{number}")
    words = rng.sample(WORDS, 9)
    options = [f"{stem} {word}" for word in rng.sample(WORDS, 4)]
    text = " ".join(words).capitalize() + "?"
    return question(text, options=options, reward=reward, correct=number, bracket=(number + 1) % 4)


def card(card_id: str = "t-0001", first: dict | None = None, stem: str | None = None, **changes) -> Card:
    """A sound card whose first question takes ``first`` or ``changes``; the other two are fillers."""
    stem = stem or card_id
    opening = first or question(f"Question one about {stem}?", **changes)
    body = [opening, filler(stem, 1, "combat:1"), filler(stem, 2, "ring:1")]
    return Card.model_validate({"id": card_id, "question": body})


def rules(problems, severity=None) -> set[str]:
    return {problem.rule for problem in problems if severity in (None, problem.severity)}


def pack_file(folder: Path, name: str, cards_text: str, header: str = HEADER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(header + cards_text, encoding="utf-8")
    return path


CARD_TEXT = """
[[card]]
id = "{id}"

[[card.question]]
text = "Who first met the hobbits on the road near {place}?"
options = ["Gildor", "Glorfindel", "Elrond", "Haldir"]
correct = {correct}
bracket = 3
difficulty = "easy"
reward = "ring:1"
category = "characters"
reference = "FR I.3 Three is Company"

[[card.question]]
text = "Which river runs beside {place}?"
options = ["Brandywine", "Withywindle", "Anduin", "Isen"]
correct = 0
bracket = 2
difficulty = "medium"
reward = "{reward}"
category = "places"
reference = "FR I.5 A Conspiracy Unmasked"

[[card.question]]
text = "What did the travellers eat at {place}?"
options = ["Mushrooms", "Lembas", "Cram", "Bacon"]
correct = 0
bracket = 1
difficulty = "hard"
reward = "die"
category = "book"
reference = "FR I.4 A Short Cut to Mushrooms"
"""


def card_text(card_id="u-0001", place="Stock", correct=0, reward="combat:2") -> str:
    return CARD_TEXT.format(id=card_id, place=place, correct=correct, reward=reward)


# -- the packaged bank ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def packaged_report():
    return check_pack("middleearth")


def test_the_packaged_bank_passes_the_validator_without_errors_or_warnings(packaged_report):
    assert packaged_report.errors == []
    assert packaged_report.warnings == [], "\n".join(map(str, packaged_report.warnings))


def test_the_packaged_bank_keeps_the_stated_mix(packaged_report):
    counts = figures(packaged_report.cards)
    total = 3 * len(packaged_report.cards)
    for level, share in DIFFICULTY_TARGET.items():
        assert abs(counts["difficulty"][level] / total - share) <= DIFFICULTY_TOLERANCE, level
    for category in CATEGORIES:
        assert counts["category"][category] / total >= CATEGORY_FLOOR, category


def test_the_fellowship_half_has_at_least_a_hundred_cards_from_the_first_volume(packaged_report):
    fellowship = [card for card in packaged_report.cards if Path(card.origin).name.startswith("fellowship-")]
    assert len(fellowship) >= 100
    assert all(re.fullmatch(r"fr-\d{4}", card.id) for card in fellowship)
    references = {question.reference for card in fellowship for question in card.question}
    assert all(reference.startswith("FR ") for reference in references)
    assert any(reference.startswith("FR Prologue") for reference in references)
    assert any(reference.startswith("FR II.") for reference in references)


def test_load_packs_gives_the_packaged_pack_by_name():
    (pack,) = load_packs(["middleearth"])
    assert pack.info.id == "middleearth"
    assert len(pack.files) >= 4 and len(pack.cards) >= 100


# -- each rule catches a broken sample -----------------------------------------------------------

def test_a_sound_card_has_no_problem():
    assert validate([card()]) == []


def test_a_file_with_a_bad_record_names_the_file_the_card_the_question_and_the_field(tmp_path):
    broken = card_text("u-0002", reward="ring:4").replace('difficulty = "hard"', 'difficulty = "fiendish"')
    path = pack_file(tmp_path, "bad.toml", card_text("u-0001") + broken)
    with pytest.raises(DataError) as raised:
        load_pack(path)
    message = str(raised.value)
    assert str(path) in message and "card u-0002" in message and "u-0001" not in message
    assert "question 2, field reward: 'ring:4' is not allowed: a reward is ring:N" in message
    assert "question 3, field difficulty" in message and "'easy', 'medium' or 'hard'" in message


@pytest.mark.parametrize("change,expected", [
    (lambda text: text.replace('"Glorfindel", "Elrond", "Haldir"]', '"Elrond"]'),
     "question 1, field options: a question has exactly four options"),
    (lambda text: text.replace("correct = 0\nbracket = 2", "correct = 4\nbracket = 2"),
     "question 2, field correct: 4 is not allowed: give the index of an option, 0 (the first) to 3"),
    (lambda text: text.replace('category = "book"', 'category = "songs"'), "question 3, field category"),
    (lambda text: text.replace('Three is Company"\n', 'Three is Company"\nhint = "easy"\n'),
     "question 1, field hint: Extra inputs are not permitted"),
    (lambda text: text.split("[[card.question]]\ntext = \"What did")[0],
     "a card has exactly three [[card.question]] tables"),
])
def test_schema_errors_say_what_is_allowed(tmp_path, change, expected):
    path = pack_file(tmp_path, "bad.toml", change(card_text("u-0007")))
    with pytest.raises(DataError, match="card u-0007") as raised:
        load_pack(path)
    assert expected in str(raised.value)


def test_a_pack_file_without_its_pack_table_or_with_a_bad_pack_id_is_refused(tmp_path):
    with pytest.raises(DataError, match=r"no \[pack\] table"):
        load_pack(pack_file(tmp_path, "a.toml", card_text(), header=""))
    with pytest.raises(DataError, match="lowercase letters and digits"):
        load_pack(pack_file(tmp_path, "b.toml", card_text(), header=HEADER.replace('"mine"', '"My Pack"')))
    with pytest.raises(DataError, match="is not valid TOML"):
        load_pack(pack_file(tmp_path, "c.toml", "[[card]\n"))


def test_duplicate_card_ids_are_errors_naming_both_places():
    first, second = card("t-0001"), card("t-0001", stem="another")
    first._origin, second._origin = "one.toml", "two.toml"
    (problem,) = [p for p in validate([first, second]) if p.rule == "duplicate-id"]
    assert problem.severity == "error" and problem.card == "t-0001"
    assert "two.toml" in str(problem) and "also used in one.toml" in str(problem)


def test_the_same_question_twice_is_an_error_even_with_other_case_and_spacing():
    first = card("t-0001", first=question("Which hobbit carried the Ring?"))
    second = card("t-0002", first=question("which  HOBBIT carried the ring"))
    (problem,) = [p for p in validate([first, second]) if p.rule == "duplicate-question"]
    assert (problem.severity, problem.card, problem.question) == ("error", "t-0002", 1)
    assert "card t-0001 question 1" in problem.message


def test_a_near_duplicate_with_the_same_answer_is_a_warning():
    first = card("t-0001", first=question("Which hobbit carried the Ring to Mordor?"))
    second = card("t-0002", first=question("Which of the hobbits carried the Ring into Mordor?"))
    (problem,) = [p for p in validate([first, second]) if p.rule == "near-duplicate"]
    assert problem.severity == "warning" and problem.card == "t-0002" and "same answer" in problem.message


def test_template_questions_with_different_answers_are_not_near_duplicates():
    gifts = ["A box", "A bow", "A belt", "A phial"]
    first = card("t-0001", first=question("What did Galadriel give Sam?", options=gifts))
    second = card("t-0002", first=question("What did Galadriel give Frodo?", options=gifts[::-1]))
    assert "near-duplicate" not in rules(validate([first, second]))


def test_almost_the_same_text_is_a_near_duplicate_whatever_the_answer():
    first = card("t-0001", first=question("Which hobbit of the Shire carried the One Ring to Mount Doom?"))
    second = card("t-0002", first=question("Which hobbit of the Shire carried the One Ring to Mount Doom!?",
                                           options=["Sam", "Frodo", "Merry", "Pippin"]))
    # Punctuation aside the texts are the same: that is a duplicate, not a near one.
    assert "duplicate-question" in rules(validate([first, second]))
    third = card("t-0003", first=question("Which hobbit of the Shire carried the One Ring to Mount Dooom?",
                                          options=["Sam", "Frodo", "Merry", "Pippin"]))
    assert "near-duplicate" in rules(validate([first, third]))


@pytest.mark.parametrize("options", [
    ["Frodo", "Sam", "Frodo", "Pippin"],
    ["Frodo", "Sam", "  frodo ", "Pippin"],
    ["Mount Doom", "Moria", "mount  DOOM", "Bree"],
    ["Lothlórien", "Lothlorien", "Moria", "Bree"],
])
def test_options_must_differ_after_case_accents_and_spaces(options):
    problems = validate([card(options=options)])
    assert [(p.rule, p.severity, p.question) for p in problems] == [("options-distinct", "error", 1)]


def test_an_empty_option_is_an_error():
    assert "options-distinct" in rules(validate([card(options=["Frodo", "Sam", " ? ", "Pippin"])]), "error")


@pytest.mark.parametrize("vague", ["All of the above", "none of these", "Both", "Neither"])
def test_an_option_that_can_be_right_beside_another_breaks_exactly_one_correct(vague):
    problems = validate([card(options=["Frodo", "Sam", vague, "Pippin"])])
    assert rules(problems) == {"one-correct"}


def test_the_bracket_must_not_be_the_right_answer():
    (problem,) = validate([card(correct=2, bracket=2)])
    assert (problem.rule, problem.severity, problem.question) == ("bracket-correct", "error", 1)
    assert "'Merry'" in problem.message


@pytest.mark.parametrize("reference,why", [
    ("", "not a place in the book"),
    ("Fellowship, chapter 3", "not a place in the book"),
    ("FR III.1 The Departure of Boromir", "FR holds books I, II"),
    ("TT IV.11 Shelob's Lair", "book IV has chapters 1 to 10"),
    ("FR I.3 A Knife in the Dark", "chapter I.3 is 'Three is Company'"),
    ("RK Appendix G", "not a place in the book"),
    (" FR Prologue", "stray spaces"),
])
def test_a_reference_must_name_a_real_chapter(reference, why):
    if not reference:
        with pytest.raises(ValidationError, match="reference"):
            card(reference=reference)
        return
    (problem,) = validate([card(reference=reference)])
    assert (problem.rule, problem.severity) == ("reference", "error")
    assert why in problem.message


@pytest.mark.parametrize("reference", [
    "FR Prologue", "FR Prologue 2 Concerning Pipe-weed", "RK Appendix A", "FR II.5 The Bridge of Khazad-dum",
    "TT IV.7 Journey to the Crossroads", "RK VI.9 The Grey Havens", "TT III.11 The Palantir",
])
def test_well_formed_references_pass_accents_and_dashes_aside(reference):
    assert validate([card(reference=reference)]) == []


def test_an_unchecked_reference_from_an_import_is_a_warning():
    (problem,) = validate([card(reference="unchecked")])
    assert (problem.rule, problem.severity) == ("reference", "warning")


def test_rewards_unmixed_on_a_card_or_three_ring_chips_are_warnings():
    body = [filler("dull", n, "combat:1") for n in range(3)]
    dull = Card.model_validate({"id": "t-0001", "question": body})
    assert [(p.rule, p.question) for p in validate([dull])] == [("reward", None)]
    assert [(p.rule, p.question) for p in validate([card(reward="ring:3")])] == [("reward", 1)]


def many_cards(count: int, **changes) -> list[Card]:
    return [card(f"t-{n:04d}", **changes) for n in range(count)]


def test_a_pack_off_the_difficulty_mix_or_short_of_a_category_is_warned_with_figures():
    problems = validate(many_cards(20))
    balance = [p for p in problems if p.rule == "balance"]
    assert len(balance) == 2 and all(p.severity == "warning" for p in balance)
    difficulty, category = (str(p) for p in balance)
    assert "easy 60 (100%)" in difficulty and "medium, hard strays more than 10%" in difficulty
    assert "places 0 (0%)" in category and "book, places, lore under 15%" in category


def test_right_answers_bunched_at_one_position_are_warned():
    cards = [
        Card.model_validate({"id": f"t-{n:04d}", "question": [
            filler(f"t{n}", k, ("travel:1", "combat:1", "die")[k]) | {
                "correct": 0, "bracket": 1, "difficulty": ("easy", "medium", "hard")[k],
                "category": CATEGORIES[(n + k) % 4],
            }
            for k in range(3)
        ]})
        for n in range(12)
    ]
    problems = validate(cards)
    assert rules(problems) == {"answer-position"}
    assert "0 36 (100%)" in problems[0].message


def test_balance_is_not_judged_on_a_handful_of_questions():
    assert "balance" not in rules(validate(many_cards(9)))


def test_validate_can_leave_out_warnings_for_loading():
    assert validate(many_cards(20), warnings=False) == []


def test_check_pack_reports_a_schema_error_as_a_problem_not_a_stack_trace(tmp_path):
    report = check_pack(tmp_path / "nowhere")
    assert not report.ok and rules(report.problems) == {"schema"}
    assert "refused: 1 errors" in report.text()


def test_check_pack_text_gives_the_figures_and_every_problem(tmp_path):
    path = pack_file(tmp_path, "p.toml", card_text("u-0001") + card_text("u-0002", place="Bree", correct=3))
    report = check_pack(path)
    text = report.text()
    assert "2 cards, 6 questions" in text and "difficulty: easy 2 (33%)" in text
    assert "error [bracket-correct]" in text and "card u-0002, question 1" in text
    assert "warning [near-duplicate]" in text  # the two cards ask much the same of Stock and Bree
    assert text.splitlines()[-1] == "refused: 1 errors, 2 warnings"


# -- import and export ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sample_cards():
    return list(load_pack(PACKAGED / "fellowship-02.toml").cards)


def dumped(cards):
    return [card.model_dump() for card in cards]


def test_toml_to_opentdb_json_and_back_gives_the_same_cards(sample_cards, tmp_path):
    path = tmp_path / "bank.json"
    write_cards(sample_cards, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["response_code"] == 0 and len(data["results"]) == 3 * len(sample_cards)
    first = data["results"][0]
    assert first["type"] == "multiple" and len(first["incorrect_answers"]) == 3
    assert dumped(read_cards(path)) == dumped(sample_cards)


def test_opentdb_export_uses_html_entities_and_import_decodes_them():
    options = ["Gandalf", "Sam's", "<Merry>", "Pippin"]
    tricky = card(first=question('Who said "Fool of a Took!" & why?', options=options))
    result = cards_to_opentdb([tricky])["results"][0]
    assert result["question"] == "Who said &quot;Fool of a Took!&quot; &amp; why?"
    assert "Sam&#039;s" in result["incorrect_answers"]
    assert dumped(cards_from_opentdb(cards_to_opentdb([tricky]))) == dumped([tricky])


def test_toml_to_csv_and_back_gives_the_same_cards(sample_cards, tmp_path):
    path = tmp_path / "bank.csv"
    write_cards(sample_cards, path)
    header = path.read_text(encoding="utf-8").splitlines()[0]
    assert header.split(",") == [
        "card", "number", "question", "option_a", "option_b", "option_c", "option_d",
        "correct", "bracket", "difficulty", "reward", "category", "reference",
    ]
    assert dumped(read_cards(path)) == dumped(sample_cards)


def test_toml_written_back_loads_as_the_same_pack(sample_cards, tmp_path):
    info = PackInfo(id="copy", title="A copy", language="en", provenance="design", source="a test")
    write_cards(sample_cards, tmp_path / "copy.toml", info)
    pack = load_pack(tmp_path / "copy.toml")
    assert pack.info == info and dumped(pack.cards) == dumped(sample_cards)


def bare_result(n: int, **changes) -> dict:
    result = {
        "type": "multiple", "difficulty": "medium", "category": "Entertainment: Books",
        "question": f"Bare question number {n}, about Bree&#039;s gate?",
        "correct_answer": f"Right {n}", "incorrect_answers": [f"Wrong {n}a", f"Wrong {n}b", f"Wrong {n}c"],
    }
    return result | changes


def test_bare_opentdb_questions_make_cards_three_at_a_time_with_the_gaps_filled():
    cards = cards_from_opentdb({"response_code": 0, "results": [bare_result(n) for n in range(6)]}, id_prefix="web")
    assert [card.id for card in cards] == ["web-0001", "web-0002"]
    questions = [q for card in cards for q in card.question]
    assert questions[0].text == "Bare question number 0, about Bree's gate?"
    assert [q.correct for q in questions] == [0, 1, 2, 3, 0, 1]
    assert all(q.options[q.bracket] == f"Wrong {n}c" for n, q in enumerate(questions))
    assert [q.reward for q in cards[0].question] == ["travel:2", "combat:2", "ring:1"]
    assert {q.category for q in questions} == {"book"} and {q.reference for q in questions} == {"unchecked"}
    assert rules(validate(cards), "error") == set()


@pytest.mark.parametrize("results,message", [
    ([bare_result(n) for n in range(4)], "4 questions do not make whole cards of three; add 2 or remove 1"),
    ([bare_result(0, type="boolean")] + [bare_result(n) for n in range(1, 3)], "result 1 has type 'boolean'"),
    ([bare_result(0), bare_result(1, correct_answer="Wrong 1b"), bare_result(2)],
     "result 2: the correct answer 'Wrong 1b' is also"),
    ([bare_result(0), bare_result(1), bare_result(2, incorrect_answers=["x"])],
     "result 3: incorrect_answers must list three"),
    ([bare_result(0), bare_result(1, difficulty="tricky"), bare_result(2)],
     "card otdb-0001, question 2, field difficulty"),
])
def test_bad_opentdb_data_names_the_result(results, message):
    with pytest.raises(DataError, match=re.escape(message)):
        cards_from_opentdb({"response_code": 0, "results": results}, where="web.json")


def test_bad_csv_names_the_row_and_the_column():
    good = cards_to_csv([card()])
    wrong_letter = r"mine.csv: row 2 \(card t-0001\), column correct: 'E'; write the option's letter"
    with pytest.raises(DataError, match=wrong_letter):
        cards_from_csv(good.replace("Pippin,A,D", "Pippin,E,D"), where="mine.csv")
    with pytest.raises(DataError, match="card t-0001 has questions numbered \\[1, 2\\]"):
        cards_from_csv("\n".join(good.splitlines()[:3]) + "\n", where="mine.csv")
    with pytest.raises(DataError, match="missing columns reference"):
        cards_from_csv(good.replace(",reference", ""), where="mine.csv")


def test_an_unknown_file_kind_is_refused(tmp_path):
    with pytest.raises(DataError, match="use .toml"):
        read_cards(tmp_path / "bank.xlsx")


# -- a user's own packs --------------------------------------------------------------------------

def test_a_users_pack_folder_loads_beside_the_packaged_pack(tmp_path):
    folder = tmp_path / "questions" / "mine"
    pack_file(folder, "part-1.toml", card_text("u-0001"))
    pack_file(folder, "part-2.toml", card_text("u-0002", place="Bree"))
    packaged, mine = load_packs(["middleearth", "mine"], data_dir=tmp_path)
    assert mine.info.id == "mine" and [card.id for card in mine.cards] == ["u-0001", "u-0002"]
    assert mine.cards[1].origin.endswith("part-2.toml")
    assert bank.available_packs(tmp_path) == ["middleearth", "mine"]


def test_a_users_single_file_pack_and_a_plain_path_load(tmp_path):
    path = pack_file(tmp_path / "questions", "solo.toml", card_text())
    assert load_packs(["solo"], data_dir=tmp_path)[0].info.id == "mine"
    assert load_packs([path])[0].cards[0].id == "u-0001"


def test_packs_with_errors_are_refused_naming_the_record(tmp_path):
    pack_file(tmp_path / "questions" / "mine", "a.toml", card_text("fr-0001"))
    with pytest.raises(DataError, match=r"\[duplicate-id\].*card fr-0001"):
        load_packs(["middleearth", "mine"], data_dir=tmp_path)
    pack_file(tmp_path / "questions" / "odd", "a.toml", card_text("u-0001", correct=3))
    with pytest.raises(DataError, match=r"1 errors: error \[bracket-correct\] .*a.toml, card u-0001, question 1"):
        load_packs(["odd"], data_dir=tmp_path)


def test_warnings_do_not_stop_a_match(tmp_path):
    pack_file(tmp_path / "questions" / "mine", "a.toml", card_text("u-0001", reward="ring:3"))
    assert load_packs(["mine"], data_dir=tmp_path)[0].cards


def test_files_of_one_pack_must_share_its_id(tmp_path):
    folder = tmp_path / "questions" / "mixed"
    pack_file(folder, "a.toml", card_text("u-0001"))
    pack_file(folder, "b.toml", card_text("u-0002"), header=HEADER.replace('"mine"', '"other"'))
    with pytest.raises(DataError, match=r"b.toml: \[pack\] id 'other' differs from 'mine'"):
        load_packs(["mixed"], data_dir=tmp_path)


def test_an_unknown_pack_name_lists_the_packs_there_are(tmp_path):
    pack_file(tmp_path / "questions", "solo.toml", card_text())
    with pytest.raises(DataError, match="no question pack named 'hobbit-lore': the packs are middleearth, solo"):
        load_packs(["hobbit-lore"], data_dir=tmp_path)


def test_a_pack_chosen_twice_or_none_chosen_is_refused(tmp_path):
    with pytest.raises(DataError, match="chosen twice"):
        load_packs(["middleearth", "middleearth"])
    with pytest.raises(DataError, match="no question pack chosen"):
        load_packs([])
    with pytest.raises(DataError, match="does not exist"):
        load_packs(["mine"], data_dir=tmp_path / "missing")


def test_the_command_line_checks_and_converts(tmp_path, capsys):
    source = pack_file(tmp_path, "p.toml", card_text("u-0001") + card_text("u-0002", place="Bree", correct=3))
    assert bank.main(["check", str(source)]) == 1
    assert "error [bracket-correct]" in capsys.readouterr().out
    good = pack_file(tmp_path, "good.toml", card_text("u-0001"))
    assert bank.main(["convert", str(good), str(tmp_path / "good.csv")]) == 0
    assert bank.main(["convert", str(tmp_path / "good.csv"), str(tmp_path / "back.toml"), "--pack-id", "back"]) == 0
    back = load_pack(tmp_path / "back.toml")
    assert back.info.id == "back" and back.info.provenance == "fan-data"
    assert dumped(back.cards) == dumped(load_pack(good).cards)
    assert bank.main(["check", str(tmp_path / "missing.toml")]) == 1
    assert "no question pack at" in capsys.readouterr().out
