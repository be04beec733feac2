"""axe-core in a Playwright page: the accessibility rules a page breaks, as data and as a readable report.

axe-core comes from npm, pinned to one version and installed by ``scripts/test.sh`` into the git-ignored
``.cache/npm`` (like Chromium, nothing is downloaded by the tests). Without it the scan is skipped, with the
reason; on CI (``CI=true``) that is a failure, as ``tests/db_fixtures.py`` treats a missing PostgreSQL.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE_DIR = ROOT / ".cache" / "npm" / "node_modules" / "axe-core"
#: The impacts that fail a scan (axe-core also reports "moderate" and "minor").
BLOCKING = ("serious", "critical")

RUN_JS = """
async (exclude) => {
  const context = exclude.length ? {include: [document], exclude: exclude.map(s => [s])} : document;
  const result = await axe.run(context, {resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                      nodes: v.nodes.map(n => n.target.join(' ') + '  ' + n.html.slice(0, 110)
                                        + (v.id === 'color-contrast' && n.any[0] ? '  ' + n.any[0].message : ''))}));
}
"""


def _on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@lru_cache(maxsize=1)
def axe_source() -> str:
    """The text of axe.min.js; skips the test (fails it on CI) when axe-core is not installed."""
    script = AXE_DIR / "axe.min.js"
    if not script.is_file():
        reason = (f"axe-core is not installed ({script} is missing): `bash scripts/test.sh` installs the pinned "
                  "version with npm into .cache/npm")
        if _on_ci():
            pytest.fail(f"CI=true: {reason}")
        pytest.skip(reason)
    return script.read_text(encoding="utf-8")


def axe_version() -> str:
    return json.loads((AXE_DIR / "package.json").read_text(encoding="utf-8"))["version"]


def violations(page, exclude: tuple[str, ...] = ()) -> list[dict]:
    """The serious and critical violations on ``page`` as it is now (``exclude``: CSS selectors left out)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    found = page.evaluate(RUN_JS, list(exclude))
    return [v for v in found if v["impact"] in BLOCKING]


def report(found: list[dict]) -> str:
    """One paragraph per broken rule: its id, impact and summary, then the selectors of the elements."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines += [f"    {target}" for target in v["nodes"][:12]]
        if len(v["nodes"]) > 12:
            lines.append(f"    ... and {len(v['nodes']) - 12} more")
    return "\n".join(lines)
