"""What the Compose specification lets a service say (compose-spec/compose-go schema/compose-spec.json, the schema
`docker compose` validates every file against): the keys a service may carry, the shape each key's value takes, and
the service-name pattern. A key outside these, or a value of another shape, makes `docker compose` refuse the whole
file ("services.app additional properties 'resources' not allowed", "services.app.ipc must be a string")."""
from __future__ import annotations

import re

SOURCES = ("https://docs.docker.com/reference/compose-file/services/",
           "https://github.com/compose-spec/compose-go/blob/main/schema/compose-spec.json")

SERVICE_NAME = re.compile(r"^[a-zA-Z0-9._-]+$")

# value shapes: "scalar" (string, number or boolean), "list", "map", "list|map", "scalar|list", "scalar|map"
SERVICE_KEYS: dict[str, str] = {
    **dict.fromkeys(("attach", "cgroup", "cgroup_parent", "container_name", "cpu_count", "cpu_percent", "cpu_shares",
                     "cpu_quota", "cpu_period", "cpu_rt_period", "cpu_rt_runtime", "cpus", "cpuset", "domainname",
                     "hostname", "image", "init", "ipc", "isolation", "mac_address", "mem_limit", "mem_reservation",
                     "mem_swappiness", "memswap_limit", "network_mode", "oom_kill_disable", "oom_score_adj", "pid",
                     "pids_limit", "platform", "privileged", "pull_policy", "pull_refresh_after", "read_only",
                     "restart", "runtime", "scale", "shm_size", "stdin_open", "stop_grace_period", "stop_signal",
                     "tty", "use_api_socket", "user", "uts", "userns_mode", "working_dir"), "scalar"),
    **dict.fromkeys(("cap_add", "cap_drop", "device_cgroup_rules", "devices", "dns_opt", "expose", "external_links",
                     "group_add", "links", "ports", "post_start", "pre_stop", "profiles", "security_opt", "volumes",
                     "volumes_from"), "list"),
    **dict.fromkeys(("blkio_config", "credential_spec", "deploy", "develop", "healthcheck", "logging", "provider",
                     "storage_opt", "ulimits"), "map"),
    **dict.fromkeys(("annotations", "configs", "depends_on", "environment", "extra_hosts", "labels", "models",
                     "networks", "secrets", "sysctls"), "list|map"),
    **dict.fromkeys(("command", "dns", "dns_search", "entrypoint", "env_file", "gpus", "label_file", "tmpfs"),
                    "scalar|list"),
    **dict.fromkeys(("build", "extends"), "scalar|map"),
}
BUILD_KEYS = frozenset({"context", "dockerfile", "dockerfile_inline", "entitlements", "args", "ssh", "labels",
                        "cache_from", "cache_to", "no_cache", "additional_contexts", "network", "provenance", "sbom",
                        "pull", "target", "shm_size", "extra_hosts", "isolation", "privileged", "secrets", "tags",
                        "ulimits", "platforms"})
# keys written at the service level that belong under `deploy:` (Swarm's, and resources for GPUs and memory)
DEPLOY_KEYS = frozenset({"resources", "replicas", "placement", "restart_policy", "update_config", "rollback_config",
                         "endpoint_mode", "mode"})
# the Compose file format 1/2 keys the specification dropped
LEGACY_KEYS = {"net": "network_mode", "log_driver": "logging.driver", "log_opt": "logging.options",
               "dockerfile": "build.dockerfile", "volume_driver": "a named volume's driver"}


def shape_of(value) -> str | None:
    """"scalar", "list" or "map" of a parsed YAML value; None for null (compose treats it as unset)."""
    if value is None:
        return None
    if isinstance(value, dict):
        return "map"
    if isinstance(value, list):
        return "list"
    return "scalar"


def unknown_key_hint(key: str) -> str:
    """What the author likely meant by a service key the specification lacks."""
    if key in DEPLOY_KEYS:
        return f"`{key}` belongs under `deploy:` (deploy.{key})"
    if key in LEGACY_KEYS:
        return f"`{key}` is a Compose file format 1/2 key; the specification has {LEGACY_KEYS[key]}"
    import difflib  # only where a key is refused: the quick scan imports this module

    near = difflib.get_close_matches(key, list(SERVICE_KEYS), n=1, cutoff=0.75)
    return f"did you mean `{near[0]}`?" if near else "the specification has no such service key"
