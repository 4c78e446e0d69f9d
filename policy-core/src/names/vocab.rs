//! The words of the policy language, each defined once: JSON keys, macro keys, the entry kind
//! and the Claude Code shapes. The JSON reader, the macro and the CLI all use these.

/// The `kind` of a Copilot policy entry.
pub const ENTRY_KIND: &str = "github-cli-builtin-tools";

/// The keys a Copilot policy entry accepts.
pub const ENTRY_KEYS: &[&str] = &[
    KIND_KEY,
    "name",
    "description",
    "bindings",
    Slot::Available.json_key(),
    Slot::Excluded.json_key(),
    CLIENT_MODE_KEY,
];

/// The keys of a policy entry that say what it restricts: outside an entry they restrict
/// nothing.
pub const POLICY_KEYS: &[&str] = &[Slot::Available.json_key(), Slot::Excluded.json_key(), CLIENT_MODE_KEY];

/// The key naming a tool entry's kind.
pub const KIND_KEY: &str = "kind";

/// The key of a definition's tool entries.
pub const TOOLS_KEY: &str = "tools";

/// The key of a definition's custom agents.
pub const CUSTOM_AGENTS_KEY: &str = "customAgents";

/// The keys of one custom agent that the reader looks at (others pass through).
pub const AGENT_NAME_KEY: &str = "name";

/// The key of a definition's default (main) agent, and the key of its excluded tools.
pub const DEFAULT_AGENT_KEY: &str = "defaultAgent";
/// See [`DEFAULT_AGENT_KEY`].
pub const DEFAULT_AGENT_EXCLUDED_KEY: &str = "excludedTools";

/// The key of an entry's client mode.
pub const CLIENT_MODE_KEY: &str = "client-mode";

/// The keys a selector accepts: a list of names, or the isolated set.
pub const SELECTOR_KEYS: &[&str] = &[TOOLS_KEY, ISOLATED];

/// The word for the isolated set, in a JSON selector (`{"isolated": true}`) and in the macro.
pub const ISOLATED: &str = "isolated";

/// The keys of `builtin_tools! { … }` for Copilot.
pub const COPILOT_MACRO_KEYS: &[&str] = &[
    Slot::Available.macro_key(),
    Slot::Excluded.macro_key(),
    CLIENT_MODE_MACRO_KEY,
    RUNTIME_MACRO_KEY,
    STRICT_MACRO_KEY,
    ALLOW_MACRO_KEY,
    CAPABILITIES_KEY,
];

/// The keys of the Copilot form of `builtin_tools!` that no other runtime's form has.
pub const COPILOT_ONLY_MACRO_KEYS: &[&str] =
    &[Slot::Available.macro_key(), Slot::Excluded.macro_key(), CLIENT_MODE_MACRO_KEY];

/// The macro's spelling of a key, and the JSON key it stands for, where they differ.
pub const MACRO_SPELLINGS: &[(&str, &str)] = &[
    (Slot::Available.macro_key(), Slot::Available.json_key()),
    (Slot::Excluded.macro_key(), Slot::Excluded.json_key()),
    (CLIENT_MODE_MACRO_KEY, CLIENT_MODE_KEY),
    ("disallowed_tools", DISALLOWED_TOOLS_KEY),
];

/// The keys of `builtin_tools! { runtime: claude_code, … }`.
pub const CLAUDE_MACRO_KEYS: &[&str] = &[
    RUNTIME_MACRO_KEY,
    ONLY_KEY,
    DISABLE_KEY,
    CAPABILITIES_KEY,
    STRICT_MACRO_KEY,
    ALLOW_MACRO_KEY,
    AGENTS_KEY,
    AGENT_ONLY_KEY,
];

/// The keys of `builtin_tools!` for a runtime with a selection and no sub-agents
/// (`runtime: gemini_cli`, `runtime: opencode`).
pub const SELECTION_MACRO_KEYS: &[&str] =
    &[RUNTIME_MACRO_KEY, ONLY_KEY, DISABLE_KEY, CAPABILITIES_KEY, STRICT_MACRO_KEY, ALLOW_MACRO_KEY];

/// The fields of a custom agent in `builtin_tools! { runtime: claude_code, agents: { .. } }`:
/// the CLI's own, in the macro's spelling (`mcpServers` is JSON only).
pub const AGENT_MACRO_FIELDS: &[&str] =
    &["description", "prompt", "tools", "disallowed_tools", CAPABILITIES_KEY, "model"];

/// The macro's key that turns every warning into a compile error (`strict: true`).
pub const STRICT_MACRO_KEY: &str = "strict";

/// The macro's key naming lints its strict form does not report (`allow: ["dead-deny"]`).
pub const ALLOW_MACRO_KEY: &str = "allow";

/// The macro's key choosing the runtime.
pub const RUNTIME_MACRO_KEY: &str = "runtime";

/// The macro's key of the client mode.
pub const CLIENT_MODE_MACRO_KEY: &str = "client_mode";

/// The keys of a Claude Code selection, in the order messages list them.
pub const SELECTION_KEYS: &[&str] = &[DISABLE_KEY, ONLY_KEY];

/// The key of a selection that lists the only tools offered.
pub const ONLY_KEY: &str = "only";

/// The key of a selection that takes tools away.
pub const DISABLE_KEY: &str = "disable";

/// The one string `disable` takes: every built-in.
pub const DISABLE_ALL: &str = "*";

/// The key an agent object keeps its Claude Code selection under.
pub const HOLDER_KEY: &str = "builtin_tools";

/// The key of a Claude Code holder that holds its custom agents (`claude --agents`).
pub const AGENTS_KEY: &str = "agents";

/// The key of a Claude Code holder that leaves built-ins the main selection takes away to
/// the custom agents.
pub const AGENT_ONLY_KEY: &str = "agent_only";

/// The fields of a Claude Code custom agent, as the CLI reads them.
pub const AGENT_FIELDS: &[&str] =
    &["description", "prompt", TOOLS_KEY, DISALLOWED_TOOLS_KEY, CAPABILITIES_KEY, "model", "mcpServers"];

/// A Claude Code agent's deny rules.
pub const DISALLOWED_TOOLS_KEY: &str = "disallowedTools";

/// The capabilities (SPEC §7), each word once, in the order tables list them.
pub const CAPABILITY_WORDS: &[&str] =
    &["execute", "read", "search", "edit", "web", "agent", "todo", "ask", "plan", "schedule", "skill", "mcp", "meta"];

/// The key of a portable policy: `{"capabilities": {"only": [..]}}`, in a holder or alone.
pub const CAPABILITIES_KEY: &str = "capabilities";

/// The key of a portable policy that says what becomes of MCP tools.
pub const MCP_TOOLS_KEY: &str = "mcp_tools";

/// The one value `mcp_tools` takes: no MCP tool.
pub const MCP_TOOLS_NONE: &str = "none";

/// The keys of a portable policy.
pub const PORTABLE_KEYS: &[&str] = &[ONLY_KEY, DISABLE_KEY, MCP_TOOLS_KEY];

/// A word that governs tools somewhere (SPEC §6), and where: the home a refusal names as the
/// fix wherever else it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Governing {
    /// The key, exactly as its home reads it.
    pub key: &'static str,
    /// Where it restricts, in a sentence's words (`a Claude Code or Gemini CLI document's top level`).
    pub home: &'static str,
}

/// Every word that governs tools, of every runtime and every front door, each once (SPEC
/// §6). Every place of the closed-world table refuses each of them, as written or when it
/// only reads as one, unless the place reads it or passes it through with a reason: a new
/// governing word is one row here, and is refused everywhere else from then on.
pub const GOVERNING: &[Governing] = &[
    Governing { key: HOLDER_KEY, home: HOLDER_HOME },
    Governing { key: ONLY_KEY, home: SELECTION_HOME },
    Governing { key: DISABLE_KEY, home: SELECTION_HOME },
    Governing { key: CAPABILITIES_KEY, home: PORTABLE_HOME },
    Governing { key: MCP_TOOLS_KEY, home: "a portable policy, inside `capabilities` beside `only` or `disable`" },
    Governing { key: AGENTS_KEY, home: CLAUDE_HOLDER_HOME },
    Governing { key: AGENT_ONLY_KEY, home: CLAUDE_HOLDER_HOME },
    Governing { key: Slot::Available.json_key(), home: ENTRY_HOME },
    Governing { key: Slot::Excluded.json_key(), home: ENTRY_HOME },
    Governing { key: CLIENT_MODE_KEY, home: ENTRY_HOME },
    Governing { key: ISOLATED, home: "a Copilot selector, the value of `available-tools` or `excluded-tools`" },
    Governing { key: TOOLS_KEY, home: "a Copilot definition, selector or custom agent, or a Claude Code agent" },
    Governing { key: CUSTOM_AGENTS_KEY, home: DEFINITION_HOME },
    Governing { key: DEFAULT_AGENT_KEY, home: DEFINITION_HOME },
    Governing { key: AVAILABLE_TOOLS_FIELD, home: SESSION_HOME },
    Governing { key: EXCLUDED_TOOLS_FIELD, home: "a Copilot default agent, or a Copilot session's config" },
    Governing { key: PRECEDENCE_FIELD, home: SESSION_HOME },
    Governing { key: CLIENT_MODE_FIELD, home: SESSION_HOME },
    Governing { key: DISALLOWED_TOOLS_KEY, home: "a Claude Code agent of `agents`" },
    Governing { key: ALLOWED_TOOLS_KEY, home: "a runtime's own settings, which tool-policy never writes" },
    Governing { key: "coreTools", home: GEMINI_SETTINGS_HOME },
    Governing { key: "excludeTools", home: GEMINI_SETTINGS_HOME },
    Governing { key: OPENCODE_PERMISSION_KEY, home: "OpenCode's configuration, which `tool-policy resolve` writes" },
    Governing { key: "disabled_tools", home: CODEX_MCP_HOME },
    Governing { key: "enabled_tools", home: CODEX_MCP_HOME },
    Governing { key: "enabled", home: CODEX_MCP_HOME },
    Governing { key: "features", home: CODEX_HOME },
    Governing { key: "web_search", home: CODEX_HOME },
    Governing {
        key: "profiles",
        home: "the Codex CLI's configuration (a profile's `features` and `web_search`), which `tool-policy resolve` writes as arguments",
    },
    Governing {
        key: "mode",
        home: "OpenCode's configuration (`mode` is its older name for `agent`, whose `tools` and `permission` restrict), which `tool-policy resolve` writes",
    },
];

/// Where a selection holder stands.
const HOLDER_HOME: &str = "a Claude Code or Gemini CLI document's top level";
/// Where `only` and `disable` stand.
const SELECTION_HOME: &str = "a selection (the value of `builtin_tools`) or a portable policy (of `capabilities`)";
/// Where a portable policy stands.
const PORTABLE_HOME: &str =
    "a document's top level (a Copilot definition, a Claude Code or Gemini CLI holder) or a Claude Code agent";
/// Where Claude Code's sub-agents stand.
const CLAUDE_HOLDER_HOME: &str = "a Claude Code document's top level, beside `builtin_tools`";
/// Where a Copilot policy entry's keys stand.
const ENTRY_HOME: &str = "a `github-cli-builtin-tools` item of a Copilot definition's `tools`";
/// Where a Copilot definition's keys stand.
const DEFINITION_HOME: &str = "a Copilot agent definition's top level";
/// Where a resolved Copilot policy's fields stand.
const SESSION_HOME: &str = "a Copilot session's config, as `tool-policy resolve` writes it";
/// Where the Codex CLI's lists of an MCP server's tools stand.
const CODEX_MCP_HOME: &str =
    "an MCP server of the Codex CLI's `mcp_servers`, which `tool-policy resolve` writes as arguments";
/// Where a map of tools to `true` or `false` restricts: a runtime's own settings.
pub const TOOLS_MAP_HOME: &str = "a runtime's own settings, as a map of tools to `true` or `false` (OpenCode's older `tools`), which `tool-policy resolve` writes as `permission`";
/// Where the Codex CLI's own switches stand.
const CODEX_HOME: &str = "the Codex CLI's configuration, which `tool-policy resolve` writes as arguments";
/// Where the Gemini CLI's own restriction settings stand.
const GEMINI_SETTINGS_HOME: &str = "the Gemini CLI's settings, which `tool-policy resolve` writes";

/// Which selector slot of a Copilot policy entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// `available-tools` (the allow-list).
    Available,
    /// `excluded-tools` (the deny-list).
    Excluded,
}

impl Slot {
    /// Both slots, allow-list first.
    pub const BOTH: [Slot; 2] = [Slot::Available, Slot::Excluded];

    /// The key in a JSON entry.
    pub const fn json_key(self) -> &'static str {
        match self {
            Slot::Available => "available-tools",
            Slot::Excluded => "excluded-tools",
        }
    }

    /// The key in a resolved policy's form (SPEC §1.5).
    pub const fn resolved_key(self) -> &'static str {
        match self {
            Slot::Available => AVAILABLE_TOOLS_FIELD,
            Slot::Excluded => EXCLUDED_TOOLS_FIELD,
        }
    }

    /// The key in `builtin_tools! { … }`.
    pub const fn macro_key(self) -> &'static str {
        match self {
            Slot::Available => "available_tools",
            Slot::Excluded => "excluded_tools",
        }
    }
}

/// A resolved policy's keys (SPEC §1.5), as the runtime receives them.
pub const CLIENT_MODE_FIELD: &str = "clientMode";
/// The allow-list of a resolved policy.
pub const AVAILABLE_TOOLS_FIELD: &str = "availableTools";
/// The deny-list of a resolved policy.
pub const EXCLUDED_TOOLS_FIELD: &str = "excludedTools";
/// Which list wins in a resolved policy.
pub const PRECEDENCE_FIELD: &str = "toolFilterPrecedence";
/// Every key of a resolved policy's form, in the order they are sent.
pub const RESOLVED_KEYS: &[&str] = &[CLIENT_MODE_FIELD, AVAILABLE_TOOLS_FIELD, EXCLUDED_TOOLS_FIELD, PRECEDENCE_FIELD];
/// The precedence the library always sends: excluded patterns win.
pub const TOOL_FILTER_PRECEDENCE: &str = "excluded";

/// Whose keys the readers refuse in another runtime's document, as the message names them.
pub const COPILOT_ENTRY_OWNER: &str = "a Copilot `github-cli-builtin-tools` entry";
/// See [`COPILOT_ENTRY_OWNER`].
pub const SELECTION_OWNER: &str = "a Claude Code or Gemini CLI selection";
/// See [`COPILOT_ENTRY_OWNER`].
pub const PORTABLE_OWNER: &str = "a portable policy (`capabilities`), read where a policy is";
/// See [`COPILOT_ENTRY_OWNER`].
pub const CLAUDE_AGENTS_OWNER: &str = "Claude Code's sub-agents";

/// The Claude Code CLI's own words for a restriction (its `--tools`, `--allowedTools` and
/// `--disallowedTools` flags, and the settings of the same names): written beside a holder,
/// each looks like a restriction, and Claude Code never receives it from the document.
pub const CLAUDE_CODE_CLI_KEYS: &[&str] = &[TOOLS_KEY, ALLOWED_TOOLS_KEY, DISALLOWED_TOOLS_KEY];
/// The runtimes' own word for tools approved without asking (Claude Code, the Gemini CLI),
/// and a Copilot MCP tool entry's list of its server's tools.
pub const ALLOWED_TOOLS_KEY: &str = "allowedTools";
/// See [`CLAUDE_CODE_CLI_KEYS`]; the message names the fix.
pub const CLAUDE_CODE_CLI_OWNER: &str =
    "the Claude Code CLI's own flags and settings (write the selection under `builtin_tools`)";
/// The Gemini CLI's own settings for a restriction (`tools`, holding `core`, `exclude` and
/// `allowed`, and the older `coreTools`, `excludeTools`, `allowedTools`): as
/// [`CLAUDE_CODE_CLI_KEYS`].
pub const GEMINI_CLI_SETTINGS_KEYS: &[&str] = &[TOOLS_KEY, "coreTools", "excludeTools", ALLOWED_TOOLS_KEY];
/// OpenCode's own setting for a restriction: its `permission` map (and the older `tools`).
pub const OPENCODE_PERMISSION_KEY: &str = "permission";
/// OpenCode's own settings for a restriction, as [`CLAUDE_CODE_CLI_KEYS`].
pub const OPENCODE_SETTINGS_KEYS: &[&str] = &[TOOLS_KEY, OPENCODE_PERMISSION_KEY];
/// See [`OPENCODE_SETTINGS_KEYS`].
pub const OPENCODE_SETTINGS_OWNER: &str = "OpenCode's own configuration (write the selection under `builtin_tools`)";
/// The Codex CLI's own settings for a restriction (its `features` switches, `web_search`, an
/// MCP server's `enabled_tools` and `disabled_tools`), as [`CLAUDE_CODE_CLI_KEYS`].
pub const CODEX_SETTINGS_KEYS: &[&str] = &[TOOLS_KEY, "features", "web_search", "disabled_tools", "enabled_tools"];
/// See [`CODEX_SETTINGS_KEYS`].
pub const CODEX_SETTINGS_OWNER: &str = "the Codex CLI's own configuration (write the selection under `builtin_tools`)";
/// See [`GEMINI_CLI_SETTINGS_KEYS`].
pub const GEMINI_CLI_SETTINGS_OWNER: &str = "the Gemini CLI's own settings (write the selection under `builtin_tools`)";

/// Tool filters of other places (the session's, `defaultAgent`'s, a Claude Code agent's) that
/// a Copilot custom agent does not have: the SDK drops them, and the agent keeps every tool.
/// (A portable policy, `capabilities`, is refused there for a reason of its own.)
pub const NOT_CUSTOM_AGENT_FILTERS: &[&str] = &[AVAILABLE_TOOLS_FIELD, EXCLUDED_TOOLS_FIELD, DISALLOWED_TOOLS_KEY];
/// Likewise for `defaultAgent`, whose one filter is `excludedTools`.
pub const NOT_DEFAULT_AGENT_FILTERS: &[&str] =
    &[TOOLS_KEY, AVAILABLE_TOOLS_FIELD, DISALLOWED_TOOLS_KEY, CAPABILITIES_KEY];
