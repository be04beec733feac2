"""The engine's models (lf/engine/models.py): pydantic dataclasses that answer BaseModel's methods.

docs/engine.md, Contract ("Models") and Speed: the state and the content are pydantic dataclasses, so Python can
specialise the rules' field reads; callers keep ``model_validate_json``, ``model_dump_json``, ``model_copy`` and
``model_fields``, and bad data is still refused with pydantic's ``ValidationError``.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from lf.engine import from_json, new_game, to_json
from lf.engine.content import Content, ContentError, _models, load_content
from lf.engine.content_schema import Board, Effect, FascistCard, FascistTest, Medallion, PlayerCard, Trigger
from lf.engine.npc import step_nonplayers
from lf.engine.state import FactionState, FrontState, GameState

NP = {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"}
MODELS = (GameState, FactionState, FrontState, Content, Board, Effect, FascistCard, FascistTest, Medallion,
          PlayerCard, Trigger)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_no_model_has_an_attribute_hook(model: type) -> None:
    """A ``__getattr__`` anywhere in the class (BaseModel has one) would make every field read of the rules a slow,
    unspecialised look-up again: the reason these models are not BaseModels."""
    assert not hasattr(model, "__getattr__")
    assert model.__getattribute__ is object.__getattribute__


def test_a_finished_game_round_trips_and_its_json_is_the_models_own() -> None:
    """from_json(to_json(state)) == state, and the JSON is pydantic's serialisation of the fields in their order."""
    state = new_game(5, NP)
    step_nonplayers(state)
    text = to_json(state)
    assert from_json(text) == state
    data = json.loads(text)
    assert list(data) == list(GameState.model_fields)
    assert list(data["factions"]["anarchists"]) == list(FactionState.model_fields)
    assert state.model_dump(mode="json") == data


def test_a_corrupt_state_is_refused_with_pydantics_error() -> None:
    """A save whose field has the wrong type, or lacks a required field, is refused (nothing half-loaded)."""
    data = json.loads(to_json(new_game(3)))
    data["fronts"]["madrid"]["value"] = "far"
    with pytest.raises(ValidationError, match="fronts.madrid.value"):
        GameState.model_validate_json(json.dumps(data))
    del data["seed"]
    with pytest.raises(ValidationError, match="seed"):
        GameState.model_validate(data)


def test_fields_are_keyword_arguments_only() -> None:
    """As a BaseModel's: a value without its field's name is refused."""
    with pytest.raises(ValidationError, match="value"):
        FrontState(-2)  # type: ignore[misc]
    assert FrontState(value=-2) == FrontState(value=-2, status="open", tokens=[])


def test_model_copy_is_shallow_or_deep_and_update_replaces_fields() -> None:
    """As BaseModel.model_copy: a shallow copy shares the lists, a deep one does not; ``update`` is not validated."""
    state = new_game(8)
    shallow, deep = state.model_copy(), state.model_copy(deep=True)
    assert shallow == state == deep
    assert shallow.bag is state.bag and deep.bag is not state.bag
    assert deep.factions["moderates"].hand is not state.factions["moderates"].hand
    moved = state.model_copy(update={"year": 2})
    assert (moved.year, state.year) == (2, 1)


def test_content_models_are_frozen_and_copy_with_update() -> None:
    content = load_content()
    card = next(iter(content.fascist_cards.values()))
    with pytest.raises(AttributeError):
        card.name = "Another"  # type: ignore[misc]
    twin = card.model_copy(update={"attacks": [("M", 9)]})
    assert twin.attacks == [("M", 9)] and card.attacks != [("M", 9)] and twin.name == card.name


@pytest.mark.parametrize(("row", "words"), [
    ({"op": "strength", "front": "madrid", "n": 1, "track": "liberty"}, "effect 'strength' does not take ['track']"),
    ({"op": "if", "cond": "self_has_initiative", "then": [], "else": [], "n": 2}, "effect 'if' does not take ['n']"),
    ({"op": "strength", "n": 1}, "effect 'strength' needs 'front'"),
    ({"op": "draw", "n": 0}, "effect 'draw' needs a positive n"),
    ({"op": "storm"}, "Input should be 'strength'"),
])
def test_an_effect_line_with_a_field_its_op_does_not_take_is_refused(row: dict, words: str) -> None:
    """CONTENT.md's effect vocabulary: each op takes its own fields; a stray one is a content mistake."""
    with pytest.raises(ValidationError, match=words.replace("[", r"\[").replace("]", r"\]")):
        Effect.model_validate(row)


def test_an_if_line_written_with_else_runs_as_plain_data() -> None:
    """``else`` (a Python keyword) is the file's name for ``otherwise``; ``plain`` gives the engine's form back."""
    line = Effect.model_validate({"op": "if", "cond": "self_has_initiative", "then": [{"op": "draw", "n": 1}],
                                  "else": [{"op": "hero", "who": "self", "n": 1}]})
    assert line.otherwise == [Effect(op="hero", who="self", n=1)]
    assert line.plain() == {"op": "if", "cond": "self_has_initiative", "then": [{"op": "draw", "n": 1}],
                            "else": [{"op": "hero", "n": 1, "who": "self"}]}


def test_a_content_file_with_a_stray_field_names_the_file_and_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """lf/engine/content: a bad edit of a data file fails at load with a message naming the file and card."""
    import lf.engine.content as content_module

    rows = {"cards": [{"id": "X01", "name": "Bad Card", "faction": "anarchists", "strength": 1, "icons": ["front"],
                       "event": [{"op": "draw", "n": 1, "front": "madrid"}], "history": "A card for this test."}]}
    monkeypatch.setattr(content_module, "_read", lambda name, version=None: rows)
    with pytest.raises(ContentError, match=r"(?s)anarchists.toml: X01: .*effect 'draw' does not take \['front'\]"):
        _models("anarchists.toml", "cards", PlayerCard)
