"""The catalog data files (policy-core/catalogs/<runtime>.json): read and written in one
layout, so a refresh changes only the lines it means to: the catalog's own keys first, then
one line per built-in."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOGS = os.path.join(HERE, "..", "..", "policy-core", "catalogs")
RUNTIMES = ("copilot", "claude-code", "gemini-cli", "opencode", "codex")


def path(runtime):
    return os.path.join(CATALOGS, runtime + ".json")


def load(runtime):
    with open(path(runtime), encoding="utf-8") as f:
        return json.load(f)


def dumps(catalog):
    head = {key: value for key, value in catalog.items() if key != "tools"}
    lines = ["{"]
    for key, value in head.items():
        lines.append(" %s: %s," % (json.dumps(key), json.dumps(value, ensure_ascii=False)))
    lines.append(' "tools": [')
    rows = [json.dumps(row, ensure_ascii=False) for row in catalog["tools"]]
    lines.extend("  %s%s" % (row, "," if i + 1 < len(rows) else "") for i, row in enumerate(rows))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save(runtime, catalog):
    with open(path(runtime), "w", encoding="utf-8") as f:
        f.write(dumps(catalog))
