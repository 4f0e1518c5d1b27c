"""Masking secrets and what identifies a machine or a person: the one redaction place.

Two layers, both here:

* ``scrub_text(s)`` / ``scrub_value(obj)``: stateless, for **every output** rocmdoctor writes
  (text, JSON, JUnit, fix plans, recommend/env, cluster reports, explain/run output, Prometheus,
  lint evidence). Masks credentials only, keeping what a diagnosis needs: the userinfo of any
  URL (``http://alice:pw@proxy:3128`` -> ``http://<redacted>@proxy:3128``: a proxy is set, with
  credentials, its scheme, host and port), tokens of a known shape (hf_, ghp_/gho_/ghu_/ghs_/ghr_,
  github_pat_, AKIA/ASIA, glpat-, xox?-, sk-, pypi-), ``Authorization: Bearer|Basic X``, secret
  command-line options (``--hub_token X``, ``--wandb_key=X``, ``--token X``, ``--password X``) and
  secret-named assignments (``HF_TOKEN=x``, ``WANDB_API_KEY: x``, ``"db_password": "x"``).
  The CLI writes through ``scrubbed_output()``, so nothing it prints escapes it.
* ``Redactor``: for snapshots. Like sos's cleaner, each distinct host name, user name, address
  or serial gets a stable placeholder (host-1, user-1, 192.0.2.1, ...) so the snapshot stays
  consistent, and version strings that merely look like IP addresses are left alone. It applies
  ``scrub_text`` first, masks proxy hosts like other hosts, and keeps ``NO_PROXY`` able to say
  whether it covers the addresses in the environment (see ``Redactor.env``).
"""
from __future__ import annotations

import contextlib
import re
import sys
from typing import Any, Iterator

from . import lazyre

SECRET_NAME = re.compile(r"TOKEN|SECRET|PASSW|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE|"
                         r"(^|_)KEY($|_)|AUTH|COOKIE|SESSION", re.I)
ADDRESS_NAME = lazyre.compile(r"(^|_)(ADDR|HOST|HOSTNAME|NODELIST|MASTER|SERVER|URL|URI|ENDPOINT)($|_)", re.I)

_IPV4 = lazyre.compile(r"(?<![\w.-])((?:\d{1,3}\.){3}\d{1,3})(?![\w.-]*\d)(?!\.\w)")
_IPV6 = lazyre.compile(r"(?<![\w:.])((?:[0-9a-fA-F]{1,4}:){2,7}[0-9a-fA-F]{1,4}|(?:[0-9a-fA-F]{1,4}:){1,7}:(?:[0-9a-fA-F]{1,4})?)(?![\w:])")
_MAC = lazyre.compile(r"(?<![\w:])((?:[0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2})(?![\w:])")
_UUID = lazyre.compile(r"\b([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\b")
# Applied line by line (``_serial_kv``) to lines that mention a serial: as one multi-line pattern,
# `^\s*` re-read every following blank line (51 s on 40 kB of CRLF lines), and an unbounded
# `[\w ]*serial[\w ]*` key backtracked over every "serial" of a long line: both found by the fuzzer.
_SERIAL_KV = lazyre.compile(r"(?i)^([ \t]*[\"']?(?:[\w ]{0,64}serial[\w ]{0,64}|unique[_ ]id|uuid|asset[_ ]tag)[\"']?"
                        r"[ \t]*[:=]?[ \t]*[\"']?)([^\s\"',]+)")
_SERIAL_HINT = lazyre.compile(r"(?i)serial|unique[_ ]id|uuid|asset[_ ]tag")
_SERIAL_INLINE = lazyre.compile(r"(?i)(\bserial(?:[ _]?(?:number|no))?\s{0,16}[:=]\s{0,16}[\"']?)([^\s\"',]+)")
_PCI_DSN = lazyre.compile(r"(?i)(device serial number\s+)([0-9a-f]{2}(?:-[0-9a-f]{2}){7})")
# Keys of structured probe data (amdsmi, JSON tool output) whose values identify one device.
SERIAL_KEY = lazyre.compile(r"(?i)serial|unique_?id|uuid|asset_?tag|^sn$")
_VERSION_CONTEXT = lazyre.compile(r"(version|ver|release|rocm|driver|firmware|fw|vbios|v)[\s:=\"'_-]*$", re.I)
_KEEP_V4 = {"0.0.0.0", "127.0.0.1", "255.255.255.255", "255.255.255.0"}


# ---------------------------------------------------------------- secrets in any text
MARK = "<redacted>"
# Each pattern is linear: repetitions are bounded or followed by a literal, names are checked
# in Python rather than by alternation inside a lazy repeat, and each pass runs only when a
# literal it needs occurs in the text. The fuzz harness times scrub_text on 1 MB inputs.
_SCHEME_BEFORE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}\Z")
_USERINFO = re.compile(r"[^\s@\"'<>]{1,256}")
_TOKENS = re.compile(
    r"(?<![A-Za-z0-9_])(?:"
    r"hf_[A-Za-z0-9]{20,}|api_org_[A-Za-z0-9]{20,}"  # Hugging Face user and org tokens
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}"  # GitHub
    r"|(?:AKIA|ASIA)[A-Z0-9]{16}"  # AWS access key ids
    r"|glpat-[A-Za-z0-9_-]{20,}"  # GitLab
    r"|xox[abprs]-[A-Za-z0-9-]{10,}"  # Slack
    r"|sk-(?:proj-)?[A-Za-z0-9_-]{20,}"  # OpenAI-style keys
    r"|pypi-[A-Za-z0-9_-]{50,}"  # PyPI upload tokens
    r")")
_TOKEN_HINTS = ("hf_", "api_org_", "gh", "github_pat_", "AKIA", "ASIA", "glpat-", "xox", "sk-", "pypi-")
_AUTH_HEADER = re.compile(r"(?i)(\b(?:proxy-)?authorization[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
                          r"(?:(?:bearer|basic|token|digest)[ \t]{1,8})?)([^\s\"',;]{1,4096})")
_BEARER = re.compile(r"(?i)(\bbearer[ \t]{1,8})([A-Za-z0-9._~+/=-]{8,4096})")
# A name that says its value is a secret: ...token, ...secret, ...password, ...api_key, ..._key.
_SECRET_WORD = (r"(?:token|secret|passw(?:or)?d|passphrase|api[_-]?key|access[_-]?key|private[_-]?key"
                r"|wandb[_-]?key|credentials?|(?<=[_-])key)")
_SECRET_KEY = re.compile(r"(?i)" + _SECRET_WORD + r"\Z")
_SECRET_HINTS = ("token", "secret", "passw", "passphrase", "key", "credential")
# --name value / --name=value / "--name", "value" (an argv list printed as JSON)
_OPTION = re.compile(r"(?:(?<=[\s\"'\[,])|^)(--?([A-Za-z0-9_.-]{1,64})(?:=|[ \t]+|[\"'],[ \t]*[\"']))"
                     r"(?!-)([^\s\"',\]]{1,4096})")
# NAME=value, name: value, "name": "value"
_ASSIGN = re.compile(r"(?<![A-Za-z0-9_./-])([\"']?([A-Za-z0-9_.-]{1,64})[\"']?[ \t]{0,8}[=:][ \t]{0,8}[\"']?)"
                     r"(?![\s\"'])([^\s\"',;]{1,4096})")
_PLAIN_VALUES = {"true", "false", "null", "none", "yes", "no"}
_MASKED = (MARK, "&lt;redacted&gt;")  # the marker, and as XML/HTML escapes it: never masked again


def scrub_text(s: str) -> str:
    """``s`` with every credential masked as <redacted> (see the module docstring). Idempotent;
    leaves text without credentials byte-for-byte unchanged. Use it on anything rocmdoctor
    writes that may quote the machine: environment values, command lines, file and log lines."""
    if not s or not isinstance(s, str):
        return s
    if "://" in s and "@" in s:
        s = _scrub_userinfo(s)
    if any(h in s for h in _TOKEN_HINTS):
        s = _TOKENS.sub(MARK, s)
    low = s.lower()
    if "authoriz" in low:
        s = _AUTH_HEADER.sub(_keep_marker, s)
    if "bearer" in low:
        s = _BEARER.sub(_keep_marker, s)
    if any(h in low for h in _SECRET_HINTS):
        s = _OPTION.sub(_named, s)
        s = _ASSIGN.sub(_named, s)
    return s


def _scrub_userinfo(s: str) -> str:
    """scheme://USER:PASSWORD@host -> scheme://<redacted>@host, for every URL in s."""
    out, last, pos = [], 0, 0
    while True:
        i = s.find("://", pos)
        if i < 0:
            break
        pos = i + 3
        if not _SCHEME_BEFORE.search(s, max(0, i - 31), i):
            continue
        m = _USERINFO.match(s, pos)
        at = s.find("@", pos, m.end() + 1) if m else -1
        if at < 0 or at + 1 >= len(s) or not (s[at + 1].isalnum() or s[at + 1] in "[.-_"):
            continue
        info = s[pos:at]
        if info in _MASKED:
            continue
        if "/" in info and ":" not in info.split("/", 1)[0]:
            continue  # https://host/path@v1: a path, not credentials
        out += [s[last:pos], MARK]
        last = pos = at
    return "".join(out) + s[last:] if out else s


def _keep_marker(m: re.Match) -> str:
    if m.string.startswith(_MASKED, m.start(2)):
        return m.group(0)
    return m.group(1) + MARK


# Names that end like a secret's but hold none: rates (flops_per_token) and a tokenizer's
# special tokens (eos_token: "</s>").
_NOT_SECRET_NAME = re.compile(r"(?i)(?:^|[_.-])per[_-]?token\Z|(?:^|[_.-])(?:pad|eos|bos|unk|sep|cls|mask)[_-]token\Z")
_JSON_NUMBER = re.compile(r"-?\d{1,64}(?:\.\d{1,64})?(?:[eE][+-]?\d{1,4})?([}\]]{0,64})\Z")


def secret_name(name: str) -> bool:
    """Whether a key or variable name says its value is a secret (HF_TOKEN, db_password, ...)."""
    return bool(_SECRET_KEY.search(name)) and not _NOT_SECRET_NAME.search(name)


def _named(m: re.Match) -> str:
    """Mask the value when the name says it is a secret (HF_TOKEN=, --hub_token X, "password":)."""
    if (not secret_name(m.group(2)) or m.group(3).lower() in _PLAIN_VALUES
            or m.string.startswith(_MASKED, m.start(3))):
        return m.group(0)
    num = _JSON_NUMBER.match(m.group(3)) if '"' in m.group(1) and m.group(1).rstrip().endswith(":") else None
    if num:  # a JSON number ("pin": 1234}): masked as a string, its closing brackets kept: the JSON stays valid
        return f'{m.group(1)}"{MARK}"{num.group(1)}'
    return m.group(1) + MARK


def scrub_value(obj: Any) -> Any:
    """scrub_text on every string of a JSON-able structure (keys included); a value under a
    secret-named key is masked whole."""
    if isinstance(obj, str):
        return scrub_text(obj)
    if isinstance(obj, dict):
        return {scrub_text(k) if isinstance(k, str) else k:
                (MARK if isinstance(k, str) and isinstance(v, str) and v and secret_name(k)
                 else scrub_value(v))
                for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [scrub_value(v) for v in obj]
    return obj


class ScrubbedStream:
    """A text stream that scrubs what is written to it, a line at a time (a token split across
    two write() calls is still seen whole); a partial line goes out on flush() or at a carriage
    return, so live status lines still show."""

    def __init__(self, stream):
        self._stream = stream
        self._buf = ""

    def write(self, s: str) -> int:
        self._buf += s
        cut = max(self._buf.rfind("\n"), self._buf.rfind("\r"))
        if cut >= 0:
            done, self._buf = self._buf[:cut + 1], self._buf[cut + 1:]
            self._stream.write(scrub_text(done))
        return len(s)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._buf:
            done, self._buf = self._buf, ""
            self._stream.write(scrub_text(done))
        self._stream.flush()

    def __getattr__(self, name):  # isatty, fileno, encoding, buffer...: the wrapped stream's
        return getattr(self._stream, name)


@contextlib.contextmanager
def scrubbed_output() -> Iterator[None]:
    """sys.stdout and sys.stderr scrubbed for the duration (the CLI's whole run)."""
    if isinstance(sys.stdout, ScrubbedStream):
        yield
        return
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = ScrubbedStream(saved[0]), ScrubbedStream(saved[1])
    try:
        yield
    finally:
        for s in (sys.stdout, sys.stderr):
            try:
                s.flush()
            except (OSError, ValueError):
                pass
        sys.stdout, sys.stderr = saved


# ---------------------------------------------------------------- proxies
PROXY_NAME = re.compile(r"^(?:https?|all|ftp|socks|rsync|no)_proxy$", re.I)
_PROXY_IN_TEXT = lazyre.compile(r"(?i)(\b(?:(?:https?|all|ftp|socks)_?)?proxy[\"']?\s{0,8}[=:]\s{0,8}[\"']?"
                            r"[A-Za-z][A-Za-z0-9+.-]{0,30}://(?:<redacted>@)?)([A-Za-z0-9.-]{1,253})")


def _serial_kv(s: str, repl) -> str:
    """``_SERIAL_KV`` on each line that mentions a serial (a key line is short: longer ones are
    left as they are)."""
    if not _SERIAL_HINT.search(s):
        return s
    lines = s.split("\n")
    for i, line in enumerate(lines):
        if len(line) <= 1024 and _SERIAL_HINT.search(line):
            lines[i] = _SERIAL_KV.sub(repl, line, count=1)
    return "\n".join(lines)


def no_proxy_covers(no_proxy: str, host: str) -> bool:
    """Whether a NO_PROXY list exempts ``host`` (requests/curl rules: '*', exact names, domain
    suffixes with or without a leading dot, IP addresses and CIDR ranges)."""
    host = (host or "").strip().strip("[]").lower().rstrip(".")
    if not host:
        return False
    import ipaddress

    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        ip = None
    for entry in (e.strip().lower() for e in (no_proxy or "").split(",")):
        if not entry:
            continue
        if entry == "*":
            return True
        if ip is not None:
            try:
                if ip in ipaddress.ip_network(entry.strip("[]"), strict=False):
                    return True
            except ValueError:
                pass
            continue
        name = entry.split(":")[0].lstrip("*").lstrip(".")
        if name and (host == name or host.endswith("." + name)):
            return True
    return False


class Redactor:
    def __init__(self, hostnames=(), users=()):
        self._map: dict[tuple[str, str], str] = {}
        self._count: dict[str, int] = {}
        self.hostnames = sorted({h for h in hostnames if h and len(h) > 1 and h != "localhost"}, key=len, reverse=True)
        self.users = sorted({u for u in users if u and len(u) > 1 and u not in ("root", "nobody")}, key=len, reverse=True)

    def _placeholder(self, kind: str, value: str) -> str:
        key = (kind, value)
        if key not in self._map:
            n = self._count[kind] = self._count.get(kind, 0) + 1
            self._map[key] = {
                "host": f"host-{n}", "user": f"user-{n}", "ipv4": f"192.0.2.{n % 254 or 254}",
                "ipv6": f"2001:db8::{n:x}", "mac": f"02:00:00:00:{n // 256 % 256:02x}:{n % 256:02x}",
                "serial": f"REDACTED-{n}", "uuid": f"00000000-0000-4000-8000-{n:012x}",
                "secret": "<redacted>",
            }[kind]
        return self._map[key]

    def text(self, s: str) -> str:
        if not s:
            return s
        s = scrub_text(s)
        if "proxy" in s.lower():  # https_proxy=http://proxy.corp.example:3128 in a file
            s = _PROXY_IN_TEXT.sub(lambda m: m.group(1) + self._host(m.group(2)), s)
        s = _PCI_DSN.sub(lambda m: m.group(1) + self._placeholder("serial", m.group(2).lower()), s)
        s = _serial_kv(s, lambda m: m.group(1) + self._serial(m.group(2)))
        s = _SERIAL_INLINE.sub(lambda m: m.group(1) + self._serial(m.group(2)), s)
        s = _UUID.sub(lambda m: self._placeholder("uuid", m.group(1).lower()), s)
        s = _MAC.sub(lambda m: self._placeholder("mac", m.group(1).lower()), s)
        s = _IPV4.sub(self._ipv4, s)
        s = _IPV6.sub(self._ipv6, s)
        for h in self.hostnames:
            s = re.sub(rf"(?<![\w-]){re.escape(h)}(?![\w-])", self._placeholder("host", h), s)
        for u in self.users:
            s = re.sub(rf"(?<![\w-]){re.escape(u)}(?![\w-])", self._placeholder("user", u), s)
        return s

    def _serial(self, value: str) -> str:
        # Keep numbers parseable (KFD unique_id is an integer; 0 means "none").
        if value.isdigit():
            return "0" if value == "0" else str(1000 + int(self._placeholder("serial", value).split("-")[1]))
        if value.upper() in ("N/A", "NA", "NONE", "UNKNOWN"):
            return value
        return self._placeholder("serial", value)

    def _keyed_serial(self, v: Any) -> Any:
        """The value of a serial-like key in structured data: masked whole, type kept."""
        if isinstance(v, bool) or v is None:
            return v
        if isinstance(v, int):
            return int(self._serial(str(v))) if v >= 0 else v
        if isinstance(v, str):
            return self._serial(v) if v.strip() else v
        return self.value(v)

    def _ipv4(self, m: re.Match) -> str:
        value = m.group(1)
        import ipaddress  # here: only snapshots mask addresses

        try:
            ipaddress.IPv4Address(value)
        except ValueError:
            return value
        if value in _KEEP_V4:
            return value
        before = m.string[max(0, m.start() - 12):m.start()]
        if _VERSION_CONTEXT.search(before):
            return value
        return self._placeholder("ipv4", value)

    def _ipv6(self, m: re.Match) -> str:
        value = m.group(1)
        import ipaddress  # here: only snapshots mask addresses

        try:
            addr = ipaddress.IPv6Address(value)
        except ValueError:
            return value
        if addr.is_loopback or addr.is_unspecified:
            return value
        return self._placeholder("ipv6", value)

    def _host(self, host: str) -> str:
        """A host name or address in a URL or NO_PROXY entry, masked like every other host."""
        h = host.strip("[]")
        if not h or h.lower() in ("localhost", "*") or h.startswith("<"):
            return host
        import ipaddress  # here: only snapshots mask addresses

        try:
            addr = ipaddress.ip_address(h)
        except ValueError:
            return self._placeholder("host", h.lower())
        if addr.is_loopback or addr.is_unspecified:
            return host
        return self.text(host)

    def proxy_url(self, v: str) -> str:
        """http://alice:pw@proxy.corp.example:3128 -> http://<redacted>@host-2:3128: that a proxy
        is set, with credentials, its scheme and port stay; who and where do not."""
        if not isinstance(v, str) or not v.strip():
            return v
        from urllib.parse import urlsplit

        try:
            u = urlsplit(v.strip() if "://" in v else "http://" + v.strip())
            host, port = u.hostname, u.port
        except ValueError:
            return self.text(v)
        if not host:
            return self.text(v)
        cred = MARK + "@" if "@" in u.netloc else ""
        netloc = cred + self._host(host) + (f":{port}" if port is not None else "")
        rest = scrub_text(u.path + ("?" + u.query if u.query else ""))
        return (f"{u.scheme}://" if "://" in v else "") + netloc + rest

    def no_proxy(self, v: str, addresses: dict[str, str]) -> str:
        """NO_PROXY with each entry masked like the hosts it names, plus the masked form of every
        address in ``addresses`` (MASTER_ADDR...) that the original list covered: whether NO_PROXY
        covers the rendezvous address still reads the same from the snapshot."""
        entries = []
        for e in (x.strip() for x in v.split(",")):
            if not e:
                continue
            lead = "." if e.startswith(".") else ("*." if e.startswith("*.") else "")
            name, _, port = e[len(lead):].partition(":") if e.count(":") == 1 else (e[len(lead):], "", "")
            net, slash, bits = name.partition("/")
            masked = self._host(net) + (slash + bits if slash else "")
            entries.append(lead + masked + (":" + port if port else ""))
        for name, addr in addresses.items():
            if no_proxy_covers(v, addr):
                m = self._host(addr)
                if m not in entries:
                    entries.append(m)
        return ",".join(entries)

    def env(self, env: dict[str, str]) -> dict[str, str]:
        out = {}
        addresses = {k: v for k, v in env.items()
                     if isinstance(v, str) and v and ADDRESS_NAME.search(k) and not PROXY_NAME.match(k)
                     and not SECRET_NAME.search(k) and re.fullmatch(r"[\w.:\[\]-]{1,253}", v)}
        for k, v in env.items():
            if not isinstance(v, str):
                out[k] = self.value(v)
            elif PROXY_NAME.match(k) and k.lower() == "no_proxy":
                out[k] = self.no_proxy(v, addresses)
            elif PROXY_NAME.match(k):
                out[k] = self.proxy_url(v)
            elif SECRET_NAME.search(k):
                out[k] = MARK if v else v
            elif ADDRESS_NAME.search(k) and v:
                if k in addresses:  # a bare host or address: the same placeholder as in NO_PROXY
                    out[k] = self._host(v) if not _IPV4.fullmatch(v) else self.text(v)
                else:
                    out[k] = self._placeholder("host", v) if not _IPV4.fullmatch(v) else self.text(v)
            else:
                out[k] = self.text(v)
        return out

    def value(self, obj: Any) -> Any:
        """Redact every string in a JSON-able structure."""
        if isinstance(obj, str):
            return self.text(obj)
        if isinstance(obj, dict):
            return {self.text(str(k)) if isinstance(k, str) else k:
                    self._keyed_serial(v) if isinstance(k, str) and SERIAL_KEY.search(k) else
                    (MARK if isinstance(k, str) and isinstance(v, str) and v and secret_name(k)
                     else self.value(v))
                    for k, v in obj.items()}
        if isinstance(obj, list):
            return [self.value(v) for v in obj]
        return obj
