"""The comparison of tests/catalog/refresh.py, fed altered observations: each kind of change a
new or pinned build can bring is reported, and `--write` keeps every row it cannot decide.
Run by `cargo test --test catalog` (`python3 -m unittest tests/catalog/test_refresh.py`).
Standard library only."""
import copy
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import refresh  # noqa: E402


def catalog():
    """A small catalog of two builds: `Read` (alias `ReadFile`), `Bash` and `Grep` offered by
    default, `Cron` gated."""
    return {
        "runtime": "Claude Code",
        "builds": [{"version": "1.0", "npm": "cli@1.0"}, {"version": "1.1", "npm": "sdk@0.1"}],
        "tools": [
            {"name": "Read", "aliases": ["ReadFile"], "offered": "default", "description": "Reads a file."},
            {"name": "Bash", "aliases": [], "offered": "default", "description": "Runs a command."},
            {"name": "Grep", "aliases": [], "offered": "default", "description": "Searches files."},
            {"name": "Cron", "aliases": [], "offered": "gated", "description": "Schedules a prompt."},
        ],
        "removed": ["LS"],
    }


def observed(tools=None, aliases=None, removed=None):
    """What a build says: by default exactly what `catalog()` holds."""
    seen = refresh.Observed()
    seen.tools = tools if tools is not None else {
        "Read": {"offered": "default", "description": "Reads a file."},
        "Bash": {"offered": "default", "description": "Runs a command."},
        "Grep": {"offered": "default", "description": "Searches files."},
        "Cron": {"offered": "gated", "description": "Schedules a prompt."},
    }
    seen.aliases = aliases if aliases is not None else {"ReadFile": "Read"}
    seen.removed = removed if removed is not None else ["LS"]
    seen.known = set(seen.tools) | set(seen.aliases)
    return seen


def compare(seen, version="1.0", data=None, write=False):
    data = data if data is not None else catalog()
    return refresh.compare("claude-code", version, "cli@" + version, seen, data, write), data


class EveryKindOfChange(unittest.TestCase):
    def test_the_same_build_reports_nothing(self):
        for version in ("1.0", "1.1"):
            self.assertEqual(compare(observed(), version)[0], [], version)

    def test_a_new_build_alone(self):
        lines, _ = compare(observed(), "1.2")
        self.assertEqual(lines, ["+ build 1.2 (cli@1.2): not in the catalog's builds 1.0, 1.1"])

    def test_an_added_tool(self):
        seen = observed()
        seen.tools["Monitor"] = {"offered": "gated", "description": "Watches a process."}
        for version in ("1.0", "1.2"):
            lines, data = compare(seen, version, write=True)
            self.assertIn("+ Monitor (gated): Watches a process.", lines, version)
            row = next(row for row in data["tools"] if row["name"] == "Monitor")
            self.assertTrue(row["undecided"], "a new tool waits for a person's decision")

    def test_a_removed_tool_on_the_pinned_and_on_a_new_build(self):
        seen = observed()
        del seen.tools["Grep"]
        for version in ("1.0", "1.2"):
            lines, data = compare(seen, version, write=True)
            self.assertIn("- Grep: Claude Code %s does not know it" % version, lines, version)
            row = next(row for row in data["tools"] if row["name"] == "Grep")
            self.assertNotIn(version, row["builds"], "kept, marked with the builds that know it")

    def test_a_renamed_tool(self):
        seen = observed()
        seen.tools["Search"] = seen.tools.pop("Grep")
        seen.aliases["Grep"] = "Search"
        lines, _ = compare(seen, "1.2")
        self.assertIn("~ Grep: renamed Search by Claude Code 1.2 (the old name is its alias)", lines)
        self.assertFalse(any(line.startswith("+ Search") or line.startswith("- Grep") for line in lines), lines)

    def test_an_added_alias(self):
        seen = observed(aliases={"ReadFile": "Read", "Shell": "Bash"})
        lines, data = compare(seen, "1.2", write=True)
        self.assertIn("+ alias Shell of Bash", lines)
        self.assertIn("Shell", next(row for row in data["tools"] if row["name"] == "Bash")["aliases"])

    def test_a_dropped_alias(self):
        for version in ("1.0", "1.2"):
            lines, _ = compare(observed(aliases={}), version)
            self.assertIn("- alias ReadFile of Read: Claude Code %s does not take it" % version, lines, version)

    def test_an_alias_the_build_takes_as_a_name_is_not_dropped(self):
        seen = observed(aliases={})
        seen.known.add("ReadFile")
        self.assertEqual(compare(seen, "1.0")[0], [])

    def test_a_tool_leaving_the_default_set(self):
        seen = observed()
        seen.tools["Bash"] = {"offered": "gated", "description": "Runs a command."}
        for version in ("1.0", "1.1", "1.2"):
            lines, data = compare(seen, version, write=True)
            self.assertIn("~ Bash: offered default in the data, gated by %s" % version, lines, version)
            row = next(row for row in data["tools"] if row["name"] == "Bash")
            # The column is the pinned build's: only its own refresh writes it.
            self.assertEqual(row["offered"], "gated" if version == "1.0" else "default", version)

    def test_a_tool_joining_the_default_set(self):
        seen = observed()
        seen.tools["Cron"] = {"offered": "default", "description": "Schedules a prompt."}
        self.assertIn("~ Cron: offered gated in the data, default by 1.2", compare(seen, "1.2")[0])

    def test_a_newly_removed_name(self):
        lines, data = compare(observed(removed=["LS", "TodoRead"]), "1.2", write=True)
        self.assertIn("+ removed TodoRead", lines)
        self.assertIn("TodoRead", data["removed"])

    def test_modes_and_permissions(self):
        data = catalog()
        data["tools"][2]["modes"] = ["default", "yolo"]
        data["tools"][2]["permission"] = "grep"
        seen = observed()
        seen.tools["Grep"] = {"modes": ["yolo"], "permission": "read", "description": "Searches files."}
        lines, _ = compare(seen, "1.2", data=data)
        self.assertIn("~ Grep: modes ['default', 'yolo'] in the data, ['yolo'] by 1.2", lines)
        self.assertIn("~ Grep: permission grep in the data, read by the CLI", lines)

    def test_a_write_deletes_no_row(self):
        seen = observed(tools={}, aliases={}, removed=[])
        _, data = compare(seen, "1.2", data=copy.deepcopy(catalog()), write=True)
        self.assertEqual([row["name"] for row in data["tools"]], ["Read", "Bash", "Grep", "Cron"])


if __name__ == "__main__":
    unittest.main()
