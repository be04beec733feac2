"""The engine's data models: pydantic dataclasses that answer ``BaseModel``'s methods.

Why not ``BaseModel`` itself: the rules read the state's and the content's fields thousands of times a game, and
``BaseModel.__getattr__`` (there for private attributes, which these models have none of) makes the type's attribute
slot a hook, so Python cannot specialise a single one of those reads. A pydantic dataclass keeps its fields as plain
instance attributes, read and set as fast as any object's (a Non-player game: about a tenth fewer instructions,
docs/engine.md, Speed). Validation, JSON and their errors are pydantic's own, through a ``TypeAdapter`` of the
class, so a state loads, validates and serialises byte for byte as the ``BaseModel`` did
(tests/test_engine_identity.py), and every caller keeps ``model_validate``, ``model_dump_json`` and the rest.
A misspelt field name that the rules set is not refused at run time, as on any plain object: the fuzzer checks
that the state's models hold their fields and nothing else (lf.tools.fuzz.check_invariants).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from pydantic import ConfigDict, TypeAdapter
from pydantic.dataclasses import dataclass
from pydantic.fields import FieldInfo

M = TypeVar("M", bound="Model")


class Model:
    """The model methods of a class made by ``model`` (the subset of ``BaseModel``'s that lf calls)."""

    #: The fields, by name, as ``BaseModel.model_fields``.
    model_fields: ClassVar[dict[str, FieldInfo]]
    _adapter: ClassVar[TypeAdapter[Any]]

    @classmethod
    def model_validate(cls: type[M], obj: Any) -> M:
        return cls._adapter.validate_python(obj)

    @classmethod
    def model_validate_json(cls: type[M], data: str | bytes) -> M:
        return cls._adapter.validate_json(data)

    def model_dump(self, **options: Any) -> dict[str, Any]:
        return self._adapter.dump_python(self, **options)

    def model_dump_json(self, **options: Any) -> str:
        return self._adapter.dump_json(self, **options).decode()

    def model_copy(self: M, *, update: dict[str, Any] | None = None, deep: bool = False) -> M:
        """A copy (``deep``: of everything inside too) with the fields of ``update`` replaced, unvalidated, as
        ``BaseModel.model_copy``."""
        twin = copy.deepcopy(self) if deep else copy.copy(self)
        twin.__dict__.update(update or {})
        return twin


def model(*, frozen: bool = False, forbid_extra: bool = False) -> Callable[[type[M]], type[M]]:
    """Make a ``Model`` subclass a pydantic dataclass (keyword arguments only, as ``BaseModel``'s) with its adapter.

    ``frozen``: its fields cannot be set; ``forbid_extra``: a field it does not have is an error on validation."""

    def make(cls: type[M]) -> type[M]:
        config = ConfigDict(extra="forbid") if forbid_extra else None
        made = dataclass(cls, kw_only=True, frozen=frozen, config=config)
        made.model_fields = made.__pydantic_fields__  # type: ignore[attr-defined]
        made._adapter = TypeAdapter(made)
        return made

    return make
