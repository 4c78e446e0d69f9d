"""What tests/catalog/refresh.sh does once the CLI ran: read what the CLI says of its
built-ins (its own tables, and what the live harness's fake-model run saw), compare it with the
catalog data, print each difference, and with --write rewrite the data.

  refresh.py pinned-spec RUNTIME              the npm spec of the catalog's pinned build
  refresh.py candidates RUNTIME CLI           the names to try on the CLI, one a line
  refresh.py compare RUNTIME VERSION SPEC CLI OBSERVED.json [--write]

A new built-in is written with every capability and `"undecided": true`: no `only` grants it
and every `disable` takes it away until a person decides (tests/catalog.rs lists such rows).
Standard library only."""
import glob
import json
import os
import re
import sys

import data

ALL_CAPABILITIES = ["execute", "read", "search", "edit", "web", "agent", "todo", "ask", "plan", "schedule",
                    "skill", "mcp", "meta"]


def first_sentence(text):
    text = " ".join((text or "").split())
    # A description written as a list (OpenCode's): its first item.
    if text.startswith("- "):
        text = text[2:].split(" - ")[0]
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    sentence = match.group(1) if match else text
    return sentence[:240]


def variant(name):
    """`self_hosted_runner_x` -> `SelfHostedRunnerX`, `REPL` -> `Repl`, `ReadFile` stays."""
    if name.isupper():
        return name.capitalize()
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


# ---------------------------------------------------------------- what the CLI says

def claude_table(cli):
    """The table of canonical names, the legacy aliases beside it, and the removed names, from
    the native binary's JavaScript (the array that holds Agent, Bash, Read, Edit and Write)."""
    blob = open(cli, "rb").read()
    table = re.compile(rb'=\[((?:"[A-Za-z_]+",){20,}"[A-Za-z_]+")\],[A-Za-z0-9_$]+=\{((?:[A-Za-z_]+:"[A-Za-z_]+",?)+)\}')
    for match in table.finditer(blob):
        names = json.loads(b"[" + match.group(1) + b"]")
        if all(n in names for n in ("Agent", "Bash", "Read", "Edit", "Write")):
            aliases = dict(re.findall(r'([A-Za-z_]+):"([A-Za-z_]+)"', match.group(2).decode()))
            removed = re.search(rb'new Set\(\[("Frame"(?:,"[A-Za-z_]+")+)\]\)', blob)
            return names, aliases, json.loads(b"[" + removed.group(1) + b"]") if removed else []
    sys.exit("refresh.py: the binary holds no table of built-in names (a new layout?): read it by hand")


def claude_candidates(cli):
    """Every string literal of the binary that could name a tool, two characters and up (`LS`,
    `Cd`): the CLI is asked which."""
    blob = open(cli, "rb").read()
    found = set(m.group(1).decode() for m in re.finditer(
        rb'"([A-Z][A-Za-z0-9]{1,40}|[a-z][a-z0-9]*(?:_[a-z0-9]+){1,6})"', blob))
    return sorted(found)


def gemini_bundle(cli):
    """The bundle's ALL_BUILTIN_TOOL_NAMES (each `*_TOOL_NAME` constant resolved) and its
    TOOL_LEGACY_ALIASES."""
    bundle = os.path.join(os.path.dirname(os.path.realpath(cli)))
    for path in sorted(glob.glob(os.path.join(bundle, "*.js"))):
        text = open(path, encoding="utf-8", errors="replace").read()
        if "ALL_BUILTIN_TOOL_NAMES = [" not in text:
            continue
        constants = dict(re.findall(r'var ([A-Z_]+_TOOL_NAME) = "([a-z_]+)"', text))
        listed = text[text.index("ALL_BUILTIN_TOOL_NAMES = [") + len("ALL_BUILTIN_TOOL_NAMES = ["):]
        listed = listed[:listed.index("]")]
        names = [constants[c] for c in re.findall(r"([A-Z_]+_TOOL_NAME)", listed)]
        block = text[text.index("TOOL_LEGACY_ALIASES = {"):]
        block = block[:block.index("}")]
        aliases = {}
        for alias, constant in re.findall(r"^\s*([a-z_]+): ([A-Z_]+_TOOL_NAME)", block, re.M):
            aliases[alias] = constants[constant]
        return names, aliases
    sys.exit("refresh.py: no bundle chunk holds ALL_BUILTIN_TOOL_NAMES: read it by hand")


def opencode_binary(cli):
    """The built-ins the binary defines (each `name` of a tool defined with its effect
    generator, and the MCP-resource tools' map) and the permission each asks for (the lists
    its `disabled` rule maps to `edit` and to `read`; any other tool asks for its own name)."""
    blob = open(cli, "rb").read().decode("utf-8", "replace")
    names = set(re.findall(r'[A-Za-z_$]{1,3}=[A-Za-z_$]{1,3}\("([a-z_]+)",[A-Za-z_$]{1,2}\.gen\(function\*', blob))
    resources = re.search(r'\{list:"([a-z_]+)",listTemplates:"([a-z_]+)",read:"([a-z_]+)"\}', blob)
    names |= set(resources.groups()) if resources else set()
    rule = re.search(r'let ([A-Za-z_$])=(\["edit",[^\]]*\]),([A-Za-z_$])=(\[[^\]]*\]);return new Set', blob)
    if not rule:
        sys.exit("refresh.py: the binary holds no permission rule of the edit tools (a new layout?): read it by hand")
    permission = {name: "edit" for name in json.loads(rule.group(2))}
    permission.update({name: "read" for name in json.loads(rule.group(4))})
    names.discard("invalid")  # the tool a call of an unknown tool becomes, never offered
    return names, permission


class Observed:
    """What one build says: each built-in's name, how it is offered, its description; the
    legacy aliases; the removed names."""

    def __init__(self):
        self.tools = {}       # name -> {"offered": ..., "description": ..., "modes": [...]}
        self.aliases = {}     # alias -> canonical name
        self.removed = []
        # Every name the CLI takes, aliases included, when the build says (None: it does not,
        # and no alias is checked for being dropped).
        self.known = None


def observe_claude(cli, seen, catalog):
    names, aliases, removed = claude_table(cli)
    observed = Observed()
    observed.aliases, observed.removed = aliases, removed
    placeholders = set(catalog.get("placeholders", []))
    listed = {tool["name"]: tool.get("description") or "" for tool in seen["listed"]}
    known = set(names) | set(seen["deny_known"]) | set(listed)
    observed.known = known | set(aliases)
    known -= set(aliases) | set(removed) | placeholders
    # An alias the catalog says (`Eval` is 2.1.334's `REPL`) is no name of its own.
    known -= {alias for row in catalog["tools"] for alias in row.get("aliases", [])}
    for name in sorted(known):
        offered = "default" if name in seen["default"] else "listed" if name in listed else "gated"
        observed.tools[name] = {"offered": offered, "description": first_sentence(listed.get(name))}
    return observed


def observe_gemini(cli, seen):
    names, aliases = gemini_bundle(cli)
    observed = Observed()
    observed.aliases = aliases
    observed.known = set(names) | set(aliases)
    modes = {}
    descriptions = {}
    order = ["default", "auto_edit", "yolo", "plan"]
    # A description as the first mode that offers the tool words it (plan mode rewords some).
    for mode in order:
        for tool in seen["modes"].get(mode, []):
            modes.setdefault(tool["name"], []).append(mode)
            descriptions.setdefault(tool["name"], first_sentence(tool.get("description")))
    for name in sorted(set(names) | set(modes)):
        observed.tools[name] = {"modes": modes.get(name, []),
                                "description": descriptions.get(name, "")}
    return observed


def observe_opencode(cli, seen):
    names, permission = opencode_binary(cli)
    observed = Observed()
    default = {tool["name"]: tool.get("description") for tool in seen["settings"].get("default", [])}
    gated_seen = {tool["name"]: tool.get("description") for tool in seen["settings"].get("gpt", [])}
    for name in sorted(names | set(default) | set(gated_seen)):
        description = default.get(name) or gated_seen.get(name)
        observed.tools[name] = {"offered": "default" if name in default else "gated",
                                "permission": permission.get(name, name),
                                "description": first_sentence(description) if description else ""}
    return observed


def observe_codex(seen):
    """The catalog's model's first request, an unknown slug's (the multi-agent tools) and one
    with an MCP server (the resource tools); which switch takes each away is measured by the live
    suite, not read here."""
    observed = Observed()
    runs = {run: {tool["name"]: tool.get("description") or "" for tool in tools}
            for run, tools in seen["settings"].items()}
    model = runs.get("model", {})
    for name in sorted(set().union(*runs.values())):
        description = next((run[name] for run in runs.values() if run.get(name)), "")
        observed.tools[name] = {"offered": "default" if name in model else "gated",
                                "description": first_sentence(description) if description else ""}
    return observed


def observe_copilot(seen):
    observed = Observed()
    for tool in seen["tools"]:
        observed.tools[tool["name"]] = {"offered": "default" if tool["offered"] else "gated",
                                        "description": first_sentence(tool.get("description"))}
    return observed


# ---------------------------------------------------------------- the difference

def compare(runtime, version, spec, observed, catalog, write):
    """Every difference between what `version` of the CLI says and the catalog data, one line
    each: `+` added (a build, a tool, an alias, a removed name), `-` gone (a tool this build
    does not know, an alias it no longer takes), `~` changed (a tool renamed, offered otherwise,
    in other modes, asking another permission, described anew, or known to one more build).
    With `write`, the data takes what can be written without a person's decision: a new tool
    (undecided), a build, the builds that know a tool (a tool this build lacks stays, marked
    with the builds that know it), an alias, a permission, a description; how a tool is offered
    is written only for the pinned build, whose column it is."""
    builds = [build["version"] for build in catalog["builds"]]
    rows = {row["name"]: row for row in catalog["tools"]}
    lines = []
    new_build = version not in builds
    pinned = version == builds[0]
    if new_build:
        lines.append("+ build %s (%s): not in the catalog's builds %s" % (version, spec, ", ".join(builds)))

    def known_to(row):
        return not row.get("builds") or version in row["builds"]

    # Windows' tools do not show on Linux: the catalog keeps them as measured there.
    compared = {name: row for name, row in rows.items() if row.get("platform") != "windows"}
    renamed = {old: new for old, new in observed.aliases.items()
               if old in compared and new not in compared and new in observed.tools}
    for old, new in sorted(renamed.items()):
        lines.append("~ %s: renamed %s by %s %s (the old name is its alias)" % (old, new, catalog["runtime"], version))
    for name, seen in observed.tools.items():
        row = compared.get(name)
        if row is None:
            if name in renamed.values():
                continue
            how = seen.get("offered") or ("offered in " + ", ".join(seen["modes"]) if seen.get("modes") else "not offered")
            lines.append("+ %s (%s): %s" % (name, how, seen["description"] or "no description: not offered here"))
            if write:
                catalog["tools"].append(new_row(runtime, name, seen, version))
            continue
        lines.extend(compare_row(name, row, seen, version, known_to(row), pinned, write))
    for name, row in compared.items():
        if name not in observed.tools and name not in renamed and known_to(row):
            lines.append("- %s: %s %s does not know it" % (name, catalog["runtime"], version))
            if write:
                row["builds"] = [b for b in (row.get("builds") or builds) if b != version]
    lines.extend(compare_aliases(runtime, version, observed, catalog, compared, known_to, write))
    if write and new_build:
        catalog["builds"].append({"version": version, "npm": spec})
    return lines


def compare_row(name, row, seen, version, known, pinned, write):
    """What changed of one tool the catalog has: the builds that know it, its permission, how
    it is offered (the default set, or each approval mode's), its description."""
    lines = []
    if not known:
        lines.append("~ %s: known to %s too, the data says only %s" % (name, version, ", ".join(row["builds"])))
        if write:
            row["builds"].append(version)
    if "permission" in seen and seen["permission"] != row.get("permission", name):
        lines.append("~ %s: permission %s in the data, %s by the CLI" % (name, row.get("permission", name), seen["permission"]))
        if write:
            row["permission"] = seen["permission"]
    for column in ("offered", "modes"):
        if column in seen and column in row and seen[column] != row[column]:
            lines.append("~ %s: %s %s in the data, %s by %s" % (name, column, row[column], seen[column], version))
            if write and pinned:
                row[column] = seen[column]
    if seen["description"] and seen["description"] != row.get("description"):
        said = "its description is now" if row.get("description") else "its description"
        lines.append("~ %s: %s: %s" % (name, said, seen["description"]))
        if write:
            row["description"] = seen["description"]
    return lines


def compare_aliases(runtime, version, observed, catalog, compared, known_to, write):
    """Aliases added and dropped, and names newly removed. An alias the data has is dropped when
    the build takes it neither as an alias nor as a name of its own; checked only where the build
    says every name it takes."""
    lines = []
    if runtime == "copilot":
        return lines
    rows = {row["name"]: row for row in catalog["tools"]}
    aliases = {alias: row["name"] for row in catalog["tools"] for alias in row.get("aliases", [])}
    for alias, canonical in observed.aliases.items():
        if aliases.get(alias) != canonical and alias not in compared:
            lines.append("+ alias %s of %s" % (alias, canonical))
            if write and canonical in rows:
                rows[canonical].setdefault("aliases", []).append(alias)
    if observed.known is not None:
        for alias, canonical in sorted(aliases.items()):
            row = compared.get(canonical)
            if row is not None and known_to(row) and alias not in observed.known:
                lines.append("- alias %s of %s: %s %s does not take it" % (alias, canonical, catalog["runtime"], version))
    for removed in observed.removed:
        if removed not in catalog.get("removed", []):
            lines.append("+ removed %s" % removed)
            if write:
                catalog["removed"].append(removed)
    return lines


def new_row(runtime, name, seen, version):
    row = {"name": name}
    if runtime != "copilot":
        row["variant"] = variant(name)
    row["aliases"] = []
    if runtime == "claude-code":
        row["offered"] = seen["offered"]
        row["subagents"] = "bounded"
    elif runtime == "gemini-cli":
        row["modes"] = seen["modes"]
        row["investigator"] = False
    elif runtime in ("opencode", "codex"):
        del row["aliases"]
        row["offered"] = seen["offered"]
        if seen["offered"] == "gated":
            row["gate"] = "unknown: read it from the CLI"
        if seen["permission"] != name:
            row["permission"] = seen["permission"]
    else:
        row["constant"] = name.upper()
        row["offered"] = seen["offered"]
    row["shows"] = list(ALL_CAPABILITIES)
    row["hides"] = []
    row["because"] = seen["description"] or "(no description: not offered with an API key)"
    row["description"] = seen["description"]
    row["builds"] = [version]
    row["undecided"] = True
    return row


def main(argv):
    command, runtime = argv[1], argv[2]
    catalog = data.load(runtime)
    if command == "pinned-spec":
        print(catalog["builds"][0]["npm"])
        return 0
    if command == "candidates":
        if runtime == "claude-code":
            names, _, _ = claude_table(argv[3])
            print("\n".join(sorted(set(names) | set(claude_candidates(argv[3])))))
        return 0
    version, spec, cli, seen_path = argv[3:7]
    write = "--write" in argv[7:]
    seen = json.load(open(seen_path))
    if runtime == "claude-code":
        observed = observe_claude(cli, seen, catalog)
    elif runtime == "gemini-cli":
        observed = observe_gemini(cli, seen)
    elif runtime == "opencode":
        observed = observe_opencode(cli, seen)
    elif runtime == "codex":
        observed = observe_codex(seen)
    else:
        observed = observe_copilot(seen)
    lines = compare(runtime, version, spec, observed, catalog, write)
    for line in lines:
        print(line)
    print("%s %s: %s" % (catalog["runtime"], version,
                         "%d differences from the catalog" % len(lines) if lines else "the catalog is up to date"))
    if write and lines:
        data.save(runtime, catalog)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
