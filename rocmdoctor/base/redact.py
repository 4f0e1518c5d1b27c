"""Masking secrets and what identifies a machine or a person: the one redaction place.

One object, ``Redactor``, with one API (``text``, ``value``, ``env``, ``path``, ``file``) and two
audiences:

* ``TERMINAL`` (the user's own screen): only secrets are masked, as ``<redacted>``. The user sees
  their own host names, user names and addresses (``explain`` names the peer of a failing NCCL
  connection).
* ``SHARE`` (what is made to be passed on: snapshots, ``--report`` files, cluster reports,
  ``--share`` output): secrets, and also host and user names, IP and MAC addresses, serials and
  UUIDs, each replaced by a stable placeholder (host-1, user-1, 192.0.2.1, ...), sos-cleaner
  style, so the text stays consistent and replays give the same findings.

Secrets are found by the rule set in ``secret_rules`` (data, each rule citing the gitleaks,
detect-secrets or trufflehog rule it follows). Identities are replaced where they stand *as*
identities, decided by context, never by shape alone:

* an IPv4 address is masked unless it stands as a version (after ``==``/``>=``/``~=``..., after a
  version word, at the head of a package-listing row, inside a file name): ``typing-extensions>=3.7.4.2``
  and ``libdrm 2.4.120.1`` stay, ``inet 10.0.0.2/24`` and ``Connect to 10.0.0.2<35353>`` do not;
* an IPv6 address needs three groups or an address context (``inet6``, ``[...]:port``), so
  ``cafe::1`` or ``c10::Half`` stay;
* a user or host name is replaced in the places identity appears (``/home/NAME``, ``NAME@HOST:``
  prompts, ``USER=``, ``HOSTNAME=``, ``Hostname set to <NAME>``, a syslog or NCCL line's host
  field, ``ip=...:HOST:``, a file that holds only the name); a name that is not a common word
  (``gpu-node-17``, ``jdoe42``) is also replaced wherever it stands as a whole token. So with
  ``USER=ubuntu``, ``ID=ubuntu`` in os-release and ``vm.max_map_count`` with host ``vm`` stay.
* a serial needs a ``:``/``=`` separator or a known key (``unique_id N``), and a value with a digit:
  ``Serial console enabled`` and ``uuid is off`` stay.

The module-level names kept from before (``scrub_text``, ``scrub_value``, ``scrubbed_output``,
``secret_name``, ``SECRET_NAME``) are the TERMINAL redactor's, so code written against them works.
Every pattern is linear (bounded repeats, names judged in Python, passes gated on literals); the
fuzz harness times each entry point on 1 MB inputs (targets redact.*).
"""
from __future__ import annotations

import contextlib
import functools
import math
import re
import sys
from typing import Any, Iterable, Iterator

from . import lazyre
from . import secret_rules as rules

MARK = "<redacted>"
TERMINAL, SHARE = "terminal", "share"
_MASKED = (MARK, "&lt;redacted&gt;")  # the marker, and as XML/HTML escapes it: never masked again


# ---------------------------------------------------------------- secrets (every audience)
def _first_chars(pattern: str) -> set[str]:
    """The characters a match of ``pattern`` can start with (its first literal or class)."""
    try:  # the stdlib's own parser, to keep the rules free of a separate list (sre_parse before 3.11)
        from re import _parser  # type: ignore[attr-defined]  # noqa: PLC2701 (typeshed does not list it)
    except ImportError:
        import sre_parse as _parser  # type: ignore[no-redef]

    def first(items) -> set[str]:
        op, av = items[0]
        name = str(op)
        if name == "LITERAL":
            return {chr(av)}
        if name == "IN":
            out: set[str] = set()
            for o, a in av:
                if str(o) == "LITERAL":
                    out.add(chr(a))
                elif str(o) == "RANGE":
                    out |= {chr(c) for c in range(a[0], a[1] + 1)}
            return out
        if name == "SUBPATTERN":
            return first(av[-1])
        if name == "BRANCH":
            return set().union(*(first(b) for b in av[1]))
        raise ValueError(f"token pattern must start with a literal or a class: {pattern}")
    return first(list(_parser.parse(pattern)))


@functools.lru_cache(maxsize=1)  # built on first use: importing the CLI pays nothing for it
def _tokens() -> tuple[frozenset, re.Pattern]:
    """The first letters of all token rules, and one pattern for all of them (the lookahead on
    those letters skips most positions cheaply)."""
    first = frozenset().union(*(_first_chars(t.pattern) for t in rules.TOKENS))
    rx = re.compile(r"(?<![A-Za-z0-9_])(?=[" + re.escape("".join(sorted(first))) + "])(?:"
                    + "|".join(t.pattern for t in rules.TOKENS) + ")")
    return first, rx


_CONTEXTS = [(lazyre.compile(c.pattern), c.hints) for c in rules.CONTEXTS]
_NOT_SECRET = lazyre.compile(rules.NOT_SECRET_NAMES)
_WORDS = lazyre.compile(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[A-Z]|\d+")
# --name / -name followed by =, blanks, or (an argv printed as JSON) `", "`; also inside another
# variable's value (ARGS=--hub_token X).
_OPTION = lazyre.compile(r"(?:(?<=[\s\"'\[,=(:;])|^)--?([A-Za-z][A-Za-z0-9_.-]{0,63})(=|[ \t]{1,8}|[\"'],[ \t]{0,8})")
# NAME=value, name: value, "name": "value", NAME = value
_ASSIGN = lazyre.compile(r"(?<![A-Za-z0-9_./-])[\"']?([A-Za-z_][A-Za-z0-9_.-]{0,63})[\"']?[ \t]{0,8}([=:])[ \t]{0,8}")
_NAME_HINTS = ("tok", "secret", "pass", "pwd", "key", "cred", "auth", "cookie", "session", "contrase")
_PEM_BEGIN = lazyre.compile(r"-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_LINE = lazyre.compile(r"(?m)^[ \t]{0,16}([A-Za-z0-9+/]{40,76}={0,2}|[A-Za-z0-9+/]{12,39}={1,2})[ \t]*\r?$")
_SCHEME_BEFORE = lazyre.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,30}\Z")


@functools.lru_cache(maxsize=4096)  # a log repeats its few names thousands of times
def secret_name(name: str) -> bool:
    """Whether a variable, key or option name says its value is a secret: its last word is one
    (HF_TOKEN, db_password, X-Api-Key, authToken, MYSQL_PWD, SSHPASS), or it ends in ``key`` after
    another word (WANDB_API_KEY, AccountKey). Not: max_new_tokens, pad_token_id, flops_per_token,
    secret_name, password_file, PWD (the working directory), a bare ``key``."""
    if not name or len(name) > 128 or _NOT_SECRET.search(name):
        return False
    words = [w.lower() for w in _WORDS.findall(name)]
    if not words:
        return False
    last = words[-1]
    if len(words) == 1 and last in rules.NOT_ALONE and name.lower() == last and name != name.upper():
        return False  # "pass": 15 (a count), "auth": {...}; PASS=, --pass X are secrets
    if last in rules.SECRET_WORDS:
        return True
    if last == rules.KEY_WORD and len(words) > 1:
        return True
    compact = "".join(words)
    return compact.endswith(("token", "secret", "password", "passwd", "passphrase", "apikey"))


class _NamePredicate:
    """``SECRET_NAME.search(name)``, the old regex's interface, now ``secret_name``."""

    def search(self, name: str) -> bool:
        return secret_name(name)

    match = fullmatch = search


SECRET_NAME = _NamePredicate()


def mask_secrets(s: str) -> str:
    """``s`` with every secret masked as <redacted>: what every output gets. Idempotent; text
    without secrets comes back byte for byte."""
    if not s or not isinstance(s, str):
        return s
    if "-----BEGIN" in s or "-----begin" in s:
        s = _pem_blocks(s)
    if "://" in s and "@" in s:
        s = _userinfo(s)
    if len(s) <= 4096 or "\n" not in s:
        s = _by_context(s)
    else:  # a long text: only its lines that hold a literal some rule needs (most hold none)
        s = _line_by_line(s)
    first, tokens = _tokens()
    if not first.isdisjoint(s):
        s = tokens.sub(MARK, s)
    if len(s) >= 12 and ("\n" in s or (len(s) <= 80 and " " not in s.strip())):
        s = _PEM_LINE.sub(_pem_line, s)
    return s


_LINE_HINTS = lazyre.compile("|".join(sorted({re.escape(h) for c in rules.CONTEXTS for h in c.hints} |
                                             {re.escape(h) for h in _NAME_HINTS})))


def _by_context(s: str) -> str:
    """The context rules and the secret-named values, on text that fits a few lines."""
    low = s.lower()
    if not _LINE_HINTS.search(low):
        return s
    for rx, hints in _CONTEXTS:  # before the tokens: the AWS pair needs its key id
        if any(h in low for h in hints):
            s = rx.sub(_group_s, s)
    if any(h in low for h in _NAME_HINTS):
        s = _named_values(s, _OPTION)
        s = _named_values(s, _ASSIGN)
    return s


def _line_by_line(s: str) -> str:
    low = s.lower()
    out, last = [], 0
    for m in _LINE_HINTS.finditer(low):
        if m.start() < last:
            continue
        a = s.rfind("\n", 0, m.start()) + 1
        b = s.find("\n", m.end())
        b = len(s) if b < 0 else b
        out += [s[last:a], _by_context(s[a:b])]
        last = b
    return "".join(out) + s[last:] if out else s


def _group_s(m: re.Match) -> str:
    a, b = m.span("s")
    if m.string.startswith(_MASKED, a) or m.group("s").lower() in rules.PLAIN_VALUES:
        return m.group(0)
    return m.string[m.start():a] + MARK + m.string[b:m.end()]


def _pem_blocks(s: str) -> str:
    """The body of every private-key block (also JSON-escaped on one line), to its END line or
    to the end of the text when the block is cut."""
    out, pos = [], 0
    for m in _PEM_BEGIN.finditer(s):
        if m.start() < pos:
            continue
        end = s.find("-----END", m.end(), m.end() + 65536)
        body_end = end if end >= 0 else len(s)
        out += [s[pos:m.end()], "\n" + MARK + "\n" if s[m.end():body_end].strip() not in _MASKED + ("",) else
                s[m.end():body_end]]
        pos = body_end
    return "".join(out) + s[pos:] if out else s


def _entropy(s: str) -> float:
    counts: dict[str, int] = {}
    for c in s:
        counts[c] = counts.get(c, 0) + 1
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def _pem_line(m: re.Match) -> str:
    """A line that is one base64 run at a key file's width (PEM 64, OpenSSH 70): a key body line
    seen alone (explain quotes lines one by one). Hex (hashes) never qualifies: both letter cases
    and digits are required, and the entropy of random base64."""
    v = m.group(1)
    if not (any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v)):
        return m.group(0)
    if _entropy(v) < min(4.2, 0.8 * math.log2(len(v))):  # a short last line must end in '=' padding
        return m.group(0)
    return m.string[m.start():m.start(1)] + MARK + m.string[m.end(1):m.end()]


def _value_span(s: str, i: int, json_value: bool = False) -> tuple[int, int, str]:
    """The value that starts at s[i]: a quoted string (to its closing quote on the same line) or
    a run to the next blank or quote. Commas and semicolons belong to an unquoted value
    (--password=p@ss,X; token=abc;X): all of it is masked."""
    if i >= len(s):
        return i, i, ""
    q = s[i]
    if q in "\"'":
        j = s.find(q, i + 1, i + 4098)
        nl = s.find("\n", i + 1, j if j >= 0 else i + 4098)
        if j < 0 or nl >= 0:
            return i + 1, i + 1, q  # unterminated: nothing to mask
        return i + 1, j, q
    j = i
    n = min(len(s), i + 4096)
    stops = " \t\r\n\"'`,}]" if json_value else " \t\r\n\"'`"  # a JSON number or literal ends at , } ]
    while j < n and s[j] not in stops:
        j += 1
    while j > i and s[j - 1] in ")]}>":  # closing brackets of the text around (a JSON number's too)
        j -= 1
    return i, j, ""


def _named_values(s: str, rx) -> str:
    out, last = [], 0
    for m in rx.finditer(s):
        if m.start() < last:
            continue
        name, sep = m.group(1), m.group(2)
        if not (secret_name(name) or (rx is _OPTION and name.lower() in rules.NOT_ALONE)):  # --pass X
            continue
        json_key = sep == ":" and s.startswith('"', m.start()) and s.startswith('"', m.start() + 1 + len(name))
        a, b, quote = _value_span(s, m.end(), json_key)
        value = s[a:b]
        if not value or s.startswith(_MASKED, a) or _plain(value, name, sep):
            continue
        if quote == "" and json_key:  # "pin": 1234 -> "pin": "<redacted>": the JSON stays valid
            out += [s[last:a], f'"{MARK}"']
        else:
            out += [s[last:a], MARK]
        last = b
    return "".join(out) + s[last:] if out else s


def _plain(value: str, name: str, sep: str) -> bool:
    v = value.strip().lower()
    if v in rules.PLAIN_VALUES or value.startswith(_MASKED):
        return True
    if value.startswith(("{", "[")) or (value.startswith("(") and len(value) == 1):
        return True  # a structure: its own strings are judged by their own names
    if value.startswith(("$", "%", "<")) and not value.startswith("<redacted"):
        return True  # $VAR, ${VAR}, %VAR%, {{ template }}, <placeholder>: a reference, not a value
    if sep == ":" and name.lower() in ("passwd", "shadow", "gshadow") and v in rules.NSS_SOURCES:
        return True  # nsswitch.conf
    return False


def _userinfo(s: str) -> str:
    """scheme://USER:PASSWORD@host -> scheme://<redacted>@host for every URL in s. The password may
    hold '@' and '/': the credentials end at the last '@' before the host."""
    out, last, pos = [], 0, 0
    n = len(s)
    while True:
        i = s.find("://", pos)
        if i < 0:
            break
        pos = i + 3
        if not _SCHEME_BEFORE.search(s, max(0, i - 31), i):
            continue
        j = pos
        stop = min(n, pos + 1024)
        while j < stop and s[j] not in " \t\r\n\"'<>`":
            j += 1
        token = s[pos:j]
        at = _userinfo_end(token)
        if at < 0:
            continue
        info = token[:at]
        if info in _MASKED:
            continue
        out += [s[last:pos], MARK]
        last = pos + at
        pos = last
    return "".join(out) + s[last:] if out else s


_HOST_AFTER_AT = lazyre.compile(r"(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9_-][A-Za-z0-9_.-]{0,252})(?::\d{1,5})?(?=[/?#]|\Z)")


def _userinfo_end(token: str) -> int:
    """Index of the '@' that ends a URL's credentials in ``token`` (what follows '://'), or -1."""
    slash = token.find("/")
    head = token if slash < 0 else token[:slash]
    if "@" in head:
        at = head.rfind("@")  # https://alice:p@ss06@github.com/...
    else:
        # http://user:pa/ss@host/x: a '/' inside the password; not https://host:8080/path@v1
        colon = head.find(":")
        if colon < 0 or head[colon + 1:].isdigit() or "@" not in token:
            return -1
        at = token.find("@", slash)
        if not _HOST_AFTER_AT.match(token, at + 1):
            return -1
    if at <= 0 or not _HOST_AFTER_AT.match(token, at + 1):
        return -1
    return at


# ---------------------------------------------------------------- identities (SHARE only)
_IPV4 = lazyre.compile(r"(?<![\w.-])((?:\d{1,3}\.){3}\d{1,3})(?![\w-]|\.\w)")
_IPV6 = lazyre.compile(r"(?<![\w:.])((?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|(?:[0-9a-fA-F]{1,4}:){1,7}:(?:[0-9a-fA-F]{1,4})?)(?![\w:])")
_MAC = lazyre.compile(r"(?<![\w:-])((?:[0-9a-fA-F]{2}([:-]))(?:[0-9a-fA-F]{2}\2){4}[0-9a-fA-F]{2})(?![\w:-])")
_UUID = lazyre.compile(r"\b([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\b")
# Serials: a key, then ':' or '=' (or a key that is one in sysfs/KFD form: unique_id N); the value
# has a digit. Applied per line to lines that mention a serial (keys are bounded: linear).
_SERIAL_KV = lazyre.compile(r"(?i)^([ \t]*[\"']?(?:(?:[\w]{1,32}[ _])?serial(?:[ _]?(?:number|no|num))?|unique[_ ]id|"
                            r"uuid|asset[_ ]tag)[\"']?(?:[ \t]*[:=][ \t]*|[ \t]+(?=[\w-]*\d))[\"']?)([^\s\"',]+)")
_SERIAL_INLINE = lazyre.compile(r"(?i)(\bserial(?:[ _]?(?:number|no))?[ \t]{0,16}[:=][ \t]{0,16}[\"']?)([^\s\"',]+)")
_GPU_UUID = lazyre.compile(r"(?<![\w-])GPU-[0-9a-fA-F]{16}(?![\w-])")
_PCI_DSN = lazyre.compile(r"(?i)(device serial number\s+)([0-9a-f]{2}(?:-[0-9a-f]{2}){7})")
SERIAL_KEY = lazyre.compile(r"(?i)serial|unique_?id|uuid|asset_?tag|^sn$")
# An IPv4 address stands as a version right after these.
_VERSION_BEFORE = lazyre.compile(
    r"(?i)(?:(?:[\w.\])-][ \t]{0,4}|,[ \t]{0,4}|\([ \t]{0,4}|^[ \t]{0,4})(?:===|==|>=|<=|~=|!=|<|>|\^|~)[ \t]{0,4}"
    r"|\b(?:version|ver|release|rocm|driver|firmware|fw|vbios|kernel|lib[\w+-]{0,40}|python|cuda|cudnn|hip|v)"
    r"[\s:=\"'_-]{0,4})\Z")
# ... and as an address after these (or when a port, prefix length or NCCL's <port> follows).
_ADDRESS_BEFORE = lazyre.compile(
    r"(?i)(?:\b(?:inet6?|peer|via|addr|address|ip|ipv4|src|dst|from|to|at|gateway|gw|nameserver|server|host|hostname"
    r"|route|default|dev|brd|connect|connected|connecting|listen|listening|bind|bound|client|remote|local|endpoint"
    r"|proxy|master|node|rank|using)\b[\s:=\"'\[(<]{0,4}|[@\[<(]|://|[\w\]](?<![=<>!~])=|[a-z0-9]:)\Z")
_ADDRESS_AFTER = lazyre.compile(r"(?::\d{1,5}\b|<\d{1,5}>|/\d{1,2}\b|\])")
# ... but a row named like an address or a network interface holds one (MASTER_ADDR  10.0.0.2, eth0 10.0.0.2).
_ADDRESS_ROW = lazyre.compile(r"(?i)(?:^|[\s_.-])(?:addr|address|host|hostname|ip|ipaddr|inet6?|server|peer|gateway|gw|dns"
                              r"|nameserver|master|endpoint|proxy|route|(?:eth|ens|eno|enp|ib|bond|wlan|br|veth|virbr)\w{0,12})"
                              r"[\s:=]{1,40}\Z")
_PRIVATE_V4 = lazyre.compile(r"(?:10|172\.(?:1[6-9]|2\d|3[01])|192\.168|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])|169\.254)\.")
_LISTING_ROW = lazyre.compile(r"[ \t]{0,8}(?:[a-z]{2}[ \t]{1,8})?[A-Za-z][\w.+:~-]{0,100}[ \t]{1,40}\Z")
_IPV6_CONTEXT = lazyre.compile(r"(?i)(?:\binet6|\[|\bvia|\baddr(?:ess)?|\bpeer|\bsrc|\bdst|=)[\s:=\"'\[]{0,4}\Z")
# Where a user or host name stands as one, whatever the name (structural).
_HOME = lazyre.compile(r"(?<![\w.-])(/(?:home|Users|var/home|export/home)/)([A-Za-z0-9_][A-Za-z0-9_.-]{0,63})(?=[/\s\"':;,)\]]|\Z)")
_PROMPT = lazyre.compile(r"(?<![\w.@-])([a-z_][a-z0-9_-]{0,31})@([A-Za-z0-9][A-Za-z0-9-]{0,62})(?=:[~/]|[ \t][^\]\n]{0,64}\][$#])")
_USER_VAR = lazyre.compile(r"(?<![\w-])((?:USER|LOGNAME|SUDO_USER|USERNAME)=[\"']?)([A-Za-z0-9_][A-Za-z0-9_.-]{0,63})")
_HOST_VAR = lazyre.compile(r"(?<![\w-])((?:HOSTNAME|HOST|NODENAME)=[\"']?)([A-Za-z0-9][A-Za-z0-9_.-]{0,252})")
_HOST_SET = lazyre.compile(r"(Hostname set to <|hostname: |Static hostname: |Transient hostname: )([A-Za-z0-9][A-Za-z0-9_.-]{0,252})")
# syslog/journal: "May  6 12:34:56 HOST prog[pid]:"; dmesg through syslog: "[   12.5] HOST kernel:"
_LOG_HOST = lazyre.compile(r"(?m)(^(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d|\d{4}-\d\d-\d\dT[\d:.]{8,20}(?:[+-]\d\d:?\d\d|Z)?)[ \t])"
                           r"([A-Za-z0-9][A-Za-z0-9_.-]{0,252})(?=[ \t][A-Za-z][\w.@/-]{0,63}(?:\[\d{1,10}\])?:[ \t])"
                           r"|(^\[[ \d.]{6,20}\][ \t])([A-Za-z0-9][A-Za-z0-9_.-]{0,252})(?=[ \t]kernel:)")
_NCCL_HOST = lazyre.compile(r"(?<![\w.:/-])()([A-Za-z][A-Za-z0-9_.-]{0,252})(?=:\d{1,10}:\d{1,10} \[\d)")  # NCCL: HOST:PID:TID [rank]
_IP_PARAM = lazyre.compile(r"(\bip=[^\s:]{0,64}:[^\s:]{0,64}:[^\s:]{0,64}:[^\s:]{0,64}:)([A-Za-z0-9][A-Za-z0-9_.-]{0,252})(?=:)")
_HOSTS_LINE = lazyre.compile(r"(?m)^(127\.0\.1\.1[ \t]+)([A-Za-z0-9][A-Za-z0-9_. \t-]{0,252})$")
_PLACEHOLDER = lazyre.compile(r"(?:host|user)-\d{1,6}\Z")
# Names too common to replace wherever they stand as a word (they are replaced in the identity
# places above only): OS ids, vendors, default accounts, generic machine names.
COMMON_NAMES = frozenset({
    "ubuntu", "debian", "rocm", "root", "user", "amd", "admin", "centos", "fedora", "rhel", "redhat", "arch",
    "alpine", "suse", "opensuse", "rocky", "alma", "linux", "docker", "runner", "jenkins", "vagrant", "pi",
    "ml", "ai", "llm", "train", "gpu", "cpu", "vm", "host", "server", "localhost", "nvidia", "intel", "amdgpu",
    "render", "video", "nobody", "daemon", "guest", "test", "dev", "work", "worker", "compute", "master", "head",
    "login", "node", "kvm", "cloud", "default", "system", "local", "data", "home", "ec2-user", "hpc", "cluster"})
_GENERIC_NAME = lazyre.compile(r"(?i)(?:node|gpu|host|vm|server|worker|compute|login|master|head|cn|dgx|mi\d{2,3}|"
                               r"user|admin|test|dev|srv|box|machine|instance)[-_]?\d{0,4}\Z")
_KEEP_V4 = {"0.0.0.0", "255.255.255.255"}
_HOSTNAME_FILES = ("/etc/hostname", "/proc/sys/kernel/hostname")
_KEEP_SERIAL = {"N/A", "NA", "NONE", "UNKNOWN", "NOT", "0"}


def distinctive(name: str) -> bool:
    """A name that means nothing but the machine or person (gpu-node-17, jdoe42): replaced
    wherever it stands as a whole token, not only in the identity places."""
    n = name.lower()
    return len(n) >= 4 and n not in COMMON_NAMES and not _GENERIC_NAME.match(n)


class Redactor:
    """The one redactor. ``Redactor()`` masks for the TERMINAL audience (secrets only);
    ``Redactor(SHARE, hostnames=..., users=...)`` for shareable outputs (see the module
    docstring). One instance per output keeps placeholders consistent across it."""

    def __init__(self, audience: str = SHARE, hostnames: Iterable[str] = (), users: Iterable[str] = ()):
        if audience not in (TERMINAL, SHARE):
            # Redactor(hostnames=..., users=...) and the positional form of older code
            audience, hostnames, users = SHARE, audience, hostnames
        self.audience = audience
        self._map: dict[tuple[str, str], str] = {}
        self._count: dict[str, int] = {}
        self.hostnames: list[str] = []
        self.users: list[str] = []
        self._tier2: re.Pattern | None = None
        self.learn(hostnames=hostnames, users=users)

    @property
    def share(self) -> bool:
        return self.audience == SHARE

    def learn(self, hostnames: Iterable[str] = (), users: Iterable[str] = ()) -> None:
        """Add names known to be this machine's or its users' (the system and identity probes,
        $USER, $HOME...)."""
        for h in hostnames or ():
            h = str(h or "").strip()
            if h and len(h) > 1 and h.lower() != "localhost" and h not in self.hostnames and not _PLACEHOLDER.match(h):
                self.hostnames.append(h)
                self._placeholder("host", h)
        for u in users or ():
            u = str(u or "").strip()
            if u and len(u) > 1 and u not in ("root", "nobody") and u not in self.users and not _PLACEHOLDER.match(u):
                self.users.append(u)
                self._placeholder("user", u)
        names = sorted({n for n in self.hostnames + self.users if distinctive(n)}, key=len, reverse=True)
        self._tier2 = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])") if names else None

    # -- the API
    def text(self, s: str) -> str:
        """``s`` masked for this audience. Idempotent for TERMINAL."""
        if not s or not isinstance(s, str):
            return s
        s = mask_secrets(s)
        if not self.share:
            return s
        return self._identities(s)

    def value(self, obj: Any) -> Any:
        """Every string of a JSON-able structure (keys included); a value under a secret-named key
        is masked whole; in SHARE, one under a serial-like key keeps its type, and one under a
        user or host key (user, members, hostname) is replaced as a name."""
        if isinstance(obj, str):
            return self.text(obj)
        if isinstance(obj, dict):
            out = {}
            for k, v in obj.items():
                key = self.text(k) if isinstance(k, str) else k
                if isinstance(k, str) and isinstance(v, str) and v and secret_name(k):
                    out[key] = MARK
                elif self.share and isinstance(k, str) and SERIAL_KEY.search(k):
                    out[key] = self._keyed_serial(v)
                elif self.share and isinstance(k, str) and k.lower() in _NAME_KEYS:
                    out[key] = self._keyed_name(_NAME_KEYS[k.lower()], v)
                else:
                    out[key] = self.value(v)
            return out
        if isinstance(obj, (list, tuple)):
            return [self.value(v) for v in obj]
        return obj

    def file(self, path: str, text: str) -> str:
        """A file's content: ``text``, plus the files that hold only the host name."""
        if self.share and path in _HOSTNAME_FILES and text.strip():
            name = text.strip()
            return text.replace(name, self._name("host", name))
        return self.text(text)

    def path(self, p: str) -> str:
        """A file path (a snapshot's file names): only what identifies in a path, /home/NAME, a
        filesystem UUID (/dev/disk/by-uuid/...) and a distinctive name, each with the placeholder
        the same value gets in text; /sys and /proc paths never change."""
        if not self.share or not isinstance(p, str) or not p:
            return p
        if "home/" in p or "/Users/" in p:
            p = _HOME.sub(lambda m: m.group(1) + self._name("user", m.group(2)), p)
        if "-" in p:
            p = _UUID.sub(lambda m: self._placeholder("uuid", m.group(1).lower()), p)
        if self._tier2 is not None:
            p = self._tier2.sub(lambda m: self._name("host" if m.group(1) in self.hostnames else "user", m.group(1)), p)
        return p

    def env(self, env: dict[str, str]) -> dict[str, str]:
        """An environment: secret-named variables masked whole; in SHARE, user, host and address
        variables as names, proxies with their host masked and NO_PROXY kept able to say whether
        it covers the addresses in the environment."""
        if not self.share:
            return {k: (MARK if isinstance(v, str) and v and secret_name(k) else self.value(v)) for k, v in env.items()}
        out = {}
        addresses = {k: v for k, v in env.items()
                     if isinstance(v, str) and v and ADDRESS_NAME.search(k) and not PROXY_NAME.match(k)
                     and not secret_name(k) and re.fullmatch(r"[\w.:\[\]-]{1,253}", v)}
        for k, v in env.items():
            if not isinstance(v, str):
                out[k] = self.value(v)
            elif secret_name(k):
                out[k] = MARK if v else v
            elif PROXY_NAME.match(k) and k.lower() == "no_proxy":
                out[k] = self.no_proxy(v, addresses)
            elif PROXY_NAME.match(k):
                out[k] = self.proxy_url(v)
            elif k in ("USER", "LOGNAME", "SUDO_USER", "USERNAME") and v:
                out[k] = self._name("user", v)
            elif ADDRESS_NAME.search(k) and v:
                if _IPV4.fullmatch(v) or v.startswith("["):
                    out[k] = self.text(v)
                elif k in addresses:
                    out[k] = self._host(v)
                else:
                    out[k] = self._placeholder("host", v)
            else:
                out[k] = self.text(v)
        return out

    # -- identities
    def _identities(self, s: str) -> str:
        # Each rule runs only when a literal it needs occurs (checked at C speed): a long log
        # holds few of them.
        low = s.lower()
        name = self._name
        if "proxy" in low:
            s = _PROXY_IN_TEXT.sub(lambda m: m.group(1) + self._host(m.group(2)), s)
        if "home/" in s or "/Users/" in s:
            s = _HOME.sub(lambda m: m.group(1) + name("user", m.group(2)), s)
        if "@" in s and (":~" in s or ":/" in s or "]$" in s or "]#" in s):
            s = _PROMPT.sub(lambda m: name("user", m.group(1)) + "@" + name("host", m.group(2)), s)
        if "USER=" in s or "LOGNAME=" in s or "USERNAME=" in s:
            s = _USER_VAR.sub(lambda m: m.group(1) + name("user", m.group(2)), s)
        if "HOST=" in s or "HOSTNAME=" in s or "NODENAME=" in s:
            s = _HOST_VAR.sub(lambda m: m.group(1) + name("host", m.group(2)), s)
        if "ip=" in s:
            s = _IP_PARAM.sub(lambda m: m.group(1) + name("host", m.group(2)), s)
        if "ostname" in s:
            s = _HOST_SET.sub(lambda m: m.group(1) + name("host", m.group(2)), s)
        s = _LOG_HOST.sub(lambda m: (m.group(1) or m.group(3)) + name("host", m.group(2) or m.group(4)), s)
        if "NCCL" in s or "nccl" in s:
            s = _NCCL_HOST.sub(lambda m: m.group(1) + name("host", m.group(2)), s)
        if "127.0.1.1" in s:
            s = _HOSTS_LINE.sub(lambda m: m.group(1) + " ".join(name("host", h) for h in m.group(2).split()), s)
        if any(h in low for h in _SERIAL_WORDS):
            if "serial number" in low:
                s = _PCI_DSN.sub(lambda m: m.group(1) + self._placeholder("serial", m.group(2).lower()), s)
            s = _serial_lines(s, lambda m: m.group(1) + self._serial(m.group(2)))
        if "GPU-" in s:  # rocminfo's Uuid and ROCR_VISIBLE_DEVICES=GPU-...: the same placeholder
            s = _GPU_UUID.sub(lambda m: self._serial(m.group(0)), s)
        if "-" in s:
            s = _UUID.sub(lambda m: self._placeholder("uuid", m.group(1).lower()), s)
        if ":" in s or "-" in s:
            s = _MAC.sub(self._mac, s)
        if "." in s:
            s = _IPV4.sub(self._ipv4, s)
        if "::" in s or s.count(":") >= 7:
            s = _IPV6.sub(self._ipv6, s)
        if self._tier2 is not None:
            s = self._tier2.sub(lambda m: name("host" if m.group(1) in self.hostnames else "user", m.group(1)), s)
        return s

    def _name(self, kind: str, name: str) -> str:
        if name == "root" or name.lower() == "localhost" or _PLACEHOLDER.match(name) or name.startswith("<"):
            return name
        if kind == "user" and name in self.hostnames:
            kind = "host"
        return self._placeholder(kind, name)

    def _keyed_name(self, kind: str, v: Any) -> Any:
        if isinstance(v, str):
            if v and not v.isdigit() and re.fullmatch(r"[A-Za-z0-9_][\w.-]{0,252}", v):
                return self._name(kind, v)
            return self.text(v)
        if isinstance(v, list):
            return [self._keyed_name(kind, x) for x in v]
        return self.value(v)

    def _placeholder(self, kind: str, value: str) -> str:
        key = (kind, value)
        if key not in self._map:
            n = self._count[kind] = self._count.get(kind, 0) + 1
            self._map[key] = {
                "host": f"host-{n}", "user": f"user-{n}", "ipv4": f"192.0.2.{n % 254 or 254}",
                "ipv6": f"2001:db8::{n:x}", "mac": f"02:00:00:00:{n // 256 % 256:02x}:{n % 256:02x}",
                "serial": f"REDACTED-{n}", "uuid": f"00000000-0000-4000-8000-{n:012x}",
            }[kind]
        return self._map[key]

    def _serial(self, value: str) -> str:
        # Keep numbers parseable (KFD unique_id is an integer; 0 means "none"), a GPU UUID a GPU UUID.
        if value.upper() in _KEEP_SERIAL or not any(c.isdigit() for c in value) or value.startswith("REDACTED-"):
            return value
        if _GPU_UUID.fullmatch(value):
            return f"GPU-{int(self._placeholder('serial', value.lower()).split('-')[1]):016x}"
        if value.isdigit():
            return str(1000 + int(self._placeholder("serial", value).split("-")[1]))
        return self._placeholder("serial", value)

    def _keyed_serial(self, v: Any) -> Any:
        """The value of a serial-like key in structured data: masked whole, type kept."""
        if isinstance(v, bool) or v is None:
            return v
        if isinstance(v, int):
            return int(self._serial(str(v))) if v > 0 else v
        if isinstance(v, str):
            return self._serial(v) if v.strip() else v
        return self.value(v)

    def _mac(self, m: re.Match) -> str:
        v = m.group(1).lower()
        if v.replace(m.group(2), "") in ("ffffffffffff", "000000000000"):
            return m.group(0)
        return self._placeholder("mac", v)

    def _ipv4(self, m: re.Match) -> str:
        value = m.group(1)
        parts = value.split(".")
        if any(int(p) > 255 or (len(p) > 1 and p[0] == "0") for p in parts):
            return value
        if value in _KEEP_V4 or parts[0] in ("127", "255", "0") or value.startswith("192.0.2."):
            return value  # loopback, netmasks, "any", and the placeholders themselves
        s = m.string
        line = s.rfind("\n", 0, m.start()) + 1
        before = s[max(line, m.start() - 96):m.start()]
        if _VERSION_BEFORE.search(before):
            return value
        if _ADDRESS_BEFORE.search(before) or _ADDRESS_AFTER.match(s, m.end()):
            return self._placeholder("ipv4", value)
        if _LISTING_ROW.fullmatch(before) and not _ADDRESS_ROW.search(before):  # pip list, dpkg -l, libdrm 2.4.120.1
            return value
        if not before.strip() and s[m.end():s.find("\n", m.end()) if "\n" in s[m.end():] else len(s)].strip() == "":
            # alone on its line: a VERSION file's 6.2.0.1 or `hostname -I`; only a private address is one
            if not _PRIVATE_V4.match(value):
                return value
        if before.endswith("/") and s.startswith("/", m.end()):  # a directory named like a version
            return value
        return self._placeholder("ipv4", value)

    def _ipv6(self, m: re.Match) -> str:
        value = m.group(1)
        import ipaddress  # here: only shared outputs mask addresses

        try:
            addr = ipaddress.IPv6Address(value)
        except ValueError:
            return value
        if addr.is_loopback or addr.is_unspecified or value.startswith("2001:db8:"):
            return value
        groups = [g for g in value.split(":") if g]
        if len(groups) < 3:
            s = m.string
            before = s[max(0, m.start() - 16):m.start()]
            after = s[m.end():m.end() + 1]
            if not (_IPV6_CONTEXT.search(before) or after in ("%", "/", "]")):
                return value  # cafe::1, ab::cd: a word with '::', not an address
        return self._placeholder("ipv6", value)

    def _host(self, host: str) -> str:
        """A host name or address in a URL or NO_PROXY entry, masked like every other host."""
        h = host.strip("[]")
        if not h or h.lower() in ("localhost", "*") or h.startswith("<"):
            return host
        import ipaddress

        try:
            addr = ipaddress.ip_address(h)
        except ValueError:
            return self._name("host", h.lower())
        if addr.is_loopback or addr.is_unspecified:
            return host
        kind = "ipv4" if addr.version == 4 else "ipv6"
        masked = self._placeholder(kind, h)
        return f"[{masked}]" if host.startswith("[") else masked

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
        rest = mask_secrets(u.path + ("?" + u.query if u.query else ""))
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
        for _name, addr in addresses.items():
            if no_proxy_covers(v, addr):
                m = self._host(addr)
                if m not in entries:
                    entries.append(m)
        return ",".join(entries)


# Keys of probe data whose string values are a user or host name (the identity probe's user and
# group members, the system probe's hostname).
_NAME_KEYS = {"user": "user", "username": "user", "users": "user", "members": "user", "logname": "user",
              "hostname": "host", "nodename": "host"}


_SERIAL_WORDS = ("serial", "unique_id", "unique id", "uuid", "asset")


def _serial_lines(s: str, repl) -> str:
    """The serial rules on each line that mentions a serial (found with str.find: a long log has
    few); a key line is short, longer ones are left as they are."""
    low = s.lower()
    spans = set()
    for h in _SERIAL_WORDS:
        i = low.find(h)
        while i >= 0:
            a = s.rfind("\n", 0, i) + 1
            b = s.find("\n", i)
            b = len(s) if b < 0 else b
            spans.add((a, b))
            i = low.find(h, b)
    out, last = [], 0
    for a, b in sorted(spans):
        line = s[a:b]
        if len(line) <= 1024:
            line = _SERIAL_KV.sub(repl, line, count=1)
            line = _SERIAL_INLINE.sub(repl, line)
        out += [s[last:a], line]
        last = b
    return "".join(out) + s[last:] if out else s


# ---------------------------------------------------------------- proxies
PROXY_NAME = re.compile(r"^(?:https?|all|ftp|socks|rsync|no)_proxy$", re.I)
ADDRESS_NAME = lazyre.compile(r"(^|_)(ADDR|HOST|HOSTNAME|NODELIST|MASTER|SERVER|URL|URI|ENDPOINT)($|_)", re.I)
_PROXY_IN_TEXT = lazyre.compile(r"(?i)(\b(?:(?:https?|all|ftp|socks)_?)?proxy[\"']?\s{0,8}[=:]\s{0,8}[\"']?"
                                r"[A-Za-z][A-Za-z0-9+.-]{0,30}://(?:<redacted>@)?)([A-Za-z0-9.-]{1,253})")


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


# ---------------------------------------------------------------- audiences and outputs
def redactor(audience: str = TERMINAL, source=None, *, hostnames: Iterable[str] = (), users: Iterable[str] = ()) -> Redactor:
    """The redactor for an output: TERMINAL (secrets only) or SHARE; for SHARE, the names of the
    machine behind ``source`` (any source: live, --root, snapshot) are learnt first."""
    r = Redactor(audience, hostnames=hostnames, users=users)
    if audience == SHARE and source is not None:
        h, u = identities(source)
        r.learn(hostnames=h, users=u)
    return r


# Machine-readable formats written to a file (-o) are made to be passed on (attached to an issue,
# uploaded by CI): they get the SHARE audience without --share. Prometheus text stays as it is:
# a node's own exporter file must keep its identity.
SHARED_FILE_FORMATS = ("json", "markdown", "sarif", "junit")


def audience_of(args) -> str:
    """SHARE when the command was asked to make shareable output (--share, or a report format
    written to a file with -o), else TERMINAL."""
    if getattr(args, "share", False):
        return SHARE
    if getattr(args, "output", None) and getattr(args, "format", None) in SHARED_FILE_FORMATS:
        return SHARE
    return TERMINAL


SHARE_HELP = "mask host and user names, addresses and serials too, not only secrets (output to pass on)"


def add_share_arg(p) -> None:
    """``--share`` on a command's parser (every command has it; the CLI adds it)."""
    if not any("--share" in a.option_strings for a in p._actions):
        p.add_argument("--share", action="store_true", help=SHARE_HELP)


def for_args(args) -> Redactor | None:
    """The output redactor a command's arguments ask for: None (TERMINAL: secrets only, the
    default) or, with --share, a SHARE redactor knowing this machine's names."""
    if audience_of(args) != SHARE:
        return None
    return for_file(getattr(args, "root", None))


def for_file(root: str | None = None) -> Redactor:
    """A SHARE redactor for a file or output to pass on (``run --report``, ``--share``), knowing
    the names of this machine (or of the tree under ``root``) without probing anything."""
    import getpass
    import os
    import socket

    hosts, users = set(), set()
    if root:
        for rel in ("etc/hostname",):
            try:
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                    hosts.add(fh.read(256).strip())
            except OSError:
                pass
    else:
        with contextlib.suppress(OSError):
            hosts.add(socket.gethostname())
        with contextlib.suppress(Exception):
            users.add(getpass.getuser())
        users |= {os.environ.get(k, "") for k in ("USER", "LOGNAME", "SUDO_USER")}
        home = os.environ.get("HOME", "")
        if home.startswith("/home/"):
            users.add(home.rstrip("/").rsplit("/", 1)[-1])
    hosts |= {h.split(".")[0] for h in hosts if h}
    return Redactor(SHARE, hostnames={h for h in hosts if h}, users={u for u in users if u})


def identities(source) -> tuple[set[str], set[str]]:
    """Host and user names of the machine behind a source (its system and identity probes, the
    environment, /etc/hostname). Reads nothing a scan does not read anyway."""
    hosts: set[str] = set()
    users: set[str] = set()

    recorded = getattr(source, "probes", None)  # a recording: what it holds, without probing more
    inner = getattr(source, "inner", source)

    def probe(name):
        try:
            r = recorded.get(name) if isinstance(recorded, dict) else source.probe(name)
        except Exception:  # a source without that probe
            return None
        return r.data if r is not None and getattr(r, "ok", False) and isinstance(r.data, dict) else None

    sysd = probe("system")
    if sysd:
        hosts.add(str(sysd.get("hostname") or ""))
    for path in ("/proc/sys/kernel/hostname", "/etc/hostname"):
        try:
            r = inner.read(path)
        except Exception:
            continue
        if getattr(r, "ok", False):
            hosts.add(r.text.strip())
    hosts |= {h.split(".")[0] for h in hosts if h}
    ident = probe("identity")
    if ident:
        users.add(str(ident.get("user") or ""))
    env = probe("env")
    if env:
        for k in ("USER", "LOGNAME", "SUDO_USER"):
            users.add(str(env.get(k) or ""))
        home = str(env.get("HOME") or "")
        if home.startswith("/home/"):
            users.add(home.rstrip("/").rsplit("/", 1)[-1])
    return {h for h in hosts if h}, {u for u in users if u}


_TERMINAL = Redactor(TERMINAL)


def scrub_text(s: str) -> str:
    """Secrets masked (the TERMINAL redactor's ``text``): for anything rocmdoctor writes."""
    return mask_secrets(s)


def scrub_value(obj: Any) -> Any:
    """Secrets masked in every string of a JSON-able structure (the TERMINAL redactor's ``value``)."""
    return _TERMINAL.value(obj)


scrub = scrub_text


class ScrubbedStream:
    """A text stream that redacts what is written to it, a line at a time (a token split across
    two write() calls is still seen whole; a private-key block split across lines is masked to
    its END line); a partial line goes out on flush() or at a carriage return, so live status
    lines still show."""

    def __init__(self, stream, red: Redactor | None = None):
        self._stream = stream
        self._red = red or _TERMINAL
        self._buf = ""
        self._in_key = False

    def _out(self, text: str) -> None:
        if self._in_key or "-----BEGIN" in text:
            text, self._in_key = self._key_lines(text)
        self._stream.write(self._red.text(text))

    def _key_lines(self, text: str) -> tuple[str, bool]:
        out, inside = [], self._in_key
        for line in text.splitlines(keepends=True):
            if inside:
                if "-----END" in line:
                    inside = False
                    out.append(line)
                elif line.strip():
                    out.append(MARK + ("\n" if line.endswith("\n") else ""))
                continue
            out.append(line)
            if _PEM_BEGIN.search(line) and "-----END" not in line:
                inside = True
        return "".join(out), inside

    def write(self, s: str) -> int:
        self._buf += s
        cut = max(self._buf.rfind("\n"), self._buf.rfind("\r"))
        if cut >= 0:
            done, self._buf = self._buf[:cut + 1], self._buf[cut + 1:]
            self._out(done)
        return len(s)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._buf:
            done, self._buf = self._buf, ""
            self._out(done)
        self._stream.flush()

    def __getattr__(self, name):  # isatty, fileno, encoding, buffer...: the wrapped stream's
        return getattr(self._stream, name)


@contextlib.contextmanager
def redacted_output(red: Redactor | None = None) -> Iterator[None]:
    """sys.stdout and sys.stderr redacted for the duration (the CLI's whole run): by ``red``, or
    for the TERMINAL audience."""
    if isinstance(sys.stdout, ScrubbedStream):  # already wrapped (a command run from another)
        if red is None:
            yield
            return
        streams = [x for x in (sys.stdout, sys.stderr) if isinstance(x, ScrubbedStream)]
        saved_red = [x._red for x in streams]
        for x in streams:
            x.flush()
            x._red = red
        try:
            yield
        finally:
            for x, r in zip(streams, saved_red):
                x.flush()
                x._red = r
        return
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = ScrubbedStream(saved[0], red), ScrubbedStream(saved[1], red)
    try:
        yield
    finally:
        for s in (sys.stdout, sys.stderr):
            try:
                s.flush()
            except (OSError, ValueError):
                pass
        sys.stdout, sys.stderr = saved


scrubbed_output = redacted_output
