"""rocminfo text: the agents, each with Name and Marketing Name (fallback source only)."""
from __future__ import annotations


def parse_agents(text: str) -> list[dict[str, str]]:
    agents: list[dict[str, str]] = []
    cur: dict[str, str] | None = None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("Agent ") and s[6:].strip().isdigit():
            cur = {}
            agents.append(cur)
            continue
        if cur is None or ":" not in s:
            continue
        key, _, value = s.partition(":")
        key = key.strip()
        if key and key not in cur:  # first occurrence: later ones belong to pools/ISAs
            cur[key] = value.strip()
    return agents


def gpu_agents(text: str) -> list[dict[str, str]]:
    return [a for a in parse_agents(text) if a.get("Device Type", "").upper() == "GPU"]
