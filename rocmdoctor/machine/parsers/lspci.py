"""`lspci -vvv -nn -D` text: one block per PCI function.

Only the fields the interconnect checks read are parsed (regions, link capability and
status, ACS, AtomicOps, the Express port type). The parser is tolerant: it accepts
output with or without ``-D`` (no domain: 0000 is assumed) and ``-nn``, tabs or the
spaces that pasted copies often have, and stray lines such as ``lspci: Unable to load
libkmod resources``. Without root, lspci prints ``Capabilities: <access denied>``
instead of the capability list; ``PciDevice.denied`` records that.
"""
from __future__ import annotations

import re

from ...base import lazyre
from ...base.records import dataclass, field

_HEADER = lazyre.compile(
    r"^(?:(?P<dom>[0-9a-fA-F]{4,8}):)?(?P<bus>[0-9a-fA-F]{2}):(?P<dev>[0-9a-fA-F]{2})\.(?P<fn>[0-7])\s+(?P<rest>.*)$")
_IDS = lazyre.compile(r"\[([0-9a-fA-F]{4}):([0-9a-fA-F]{4})\]")
_CLASS = lazyre.compile(r"^(?P<name>[^\[:]+?)(?: \[(?P<code>[0-9a-fA-F]{4})\])?:\s")
_REGION = lazyre.compile(
    r"Region (?P<idx>\d{1,3}): (?P<kind>Memory|I/O ports) at (?P<addr>\S+)"
    r"(?: \((?P<bits>\d{1,3})-bit, (?P<pf>prefetchable|non-prefetchable)\))?.*?\[size=(?P<size>\d{1,20})(?P<unit>[KMGT]?)\]",
    re.A)  # bounded ASCII numbers: int() of a 5,000-digit run raises
_SPEED = lazyre.compile(r"Speed (?P<speed>\d{1,4}(?:\.\d{1,4})?)GT/s(?: \((?P<sq>[^)]*)\))?", re.A)
_WIDTH = lazyre.compile(r"Width x(?P<width>\d{1,3})(?: \((?P<wq>[^)]*)\))?", re.A)
_FLAG = lazyre.compile(r"([A-Za-z0-9]+)([+-])(?=[\s,]|$)")
_EXPRESS = lazyre.compile(r"Express \(v\d\) (?P<type>[A-Za-z ]+?)(?: \(|,|$)")
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


@dataclass(frozen=True)
class Region:
    index: int
    kind: str  # "Memory" or "I/O ports"
    bits: int | None  # 64 or 32 for memory regions
    prefetchable: bool
    size: int  # bytes
    address: int | None = None  # where the BAR sits in the physical address space ("<unassigned>": None)


@dataclass(frozen=True)
class Link:
    speed_gts: float | None
    width: int | None
    speed_note: str | None = None  # "ok", "downgraded" (newer lspci prints these)
    width_note: str | None = None


@dataclass
class PciDevice:
    bdf: str  # "0000:03:00.0", lower case, always with domain
    header: str
    class_name: str = ""
    class_code: int | None = None  # 0x0300, when lspci ran with -nn
    vendor_id: int | None = None
    device_id: int | None = None
    lines: list[str] = field(default_factory=list)  # the block as printed, header first
    denied: bool = False  # "Capabilities: <access denied>": lspci ran without root
    numa_node: int | None = None
    driver: str | None = None
    express_type: str | None = None  # "Root Port", "Downstream Port", "Endpoint", ...
    regions: list[Region] = field(default_factory=list)
    lnk_cap: Link | None = None
    lnk_sta: Link | None = None
    acs_cap: dict[str, bool] | None = None
    acs_ctl: dict[str, bool] | None = None
    atomic_cap: dict[str, bool] | None = None
    atomic_ctl: dict[str, bool] | None = None

    @property
    def is_bridge(self) -> bool:
        return self.class_name == "PCI bridge" or (self.class_code is not None and self.class_code >> 8 == 0x06
                                                     and self.class_code != 0x0600)

    def line_with(self, token: str) -> str | None:
        return next((ln.strip() for ln in self.lines if token in ln), None)

    def text(self) -> str:
        return "\n".join(self.lines)


def normalise_bdf(text: str) -> str | None:
    m = _HEADER.match(text.strip() + " x")
    return _bdf(m) if m else None


def _bdf(m: re.Match[str]) -> str:
    """The domain:bus:dev.fn of a matched header line, lower case, domain 0000 when absent."""
    dom = (m.group("dom") or "0000").lower()
    return f"{dom[-4:] if len(dom) > 4 else dom}:{m.group('bus').lower()}:{m.group('dev').lower()}.{m.group('fn')}"


def _flags(text: str) -> dict[str, bool]:
    return {k: v == "+" for k, v in _FLAG.findall(text)}


def _after(line: str, token: str) -> str:
    return line.split(token, 1)[1]


def _link(text: str) -> Link:
    s, w = _SPEED.search(text), _WIDTH.search(text)
    return Link(float(s.group("speed")) if s else None, int(w.group("width")) if w else None,
                s.group("sq") if s else None, w.group("wq") if w else None)


def _parse_header(dev: PciDevice, rest: str) -> None:
    m = _CLASS.match(rest)
    if m:
        dev.class_name = m.group("name").strip()
        if m.group("code"):
            dev.class_code = int(m.group("code"), 16)
    ids = _IDS.findall(rest)
    if ids:  # the last [vvvv:dddd] on the line is the device's own id pair
        dev.vendor_id, dev.device_id = (int(x, 16) for x in ids[-1])


def _hex(text: str) -> int | None:
    try:
        return int(text, 16)
    except ValueError:  # "<unassigned>", "<ignored>"
        return None


def _parse_line(dev: PciDevice, line: str) -> None:
    s = line.strip()
    if s.startswith("Capabilities:") and "<access denied>" in s:
        dev.denied = True
    elif s.startswith("NUMA node:"):
        val = s.split(":", 1)[1].strip()
        dev.numa_node = int(val) if val.lstrip("-").isascii() and val.lstrip("-").isdigit() and len(val) < 6 else None
    elif s.startswith("Kernel driver in use:"):
        dev.driver = s.split(":", 1)[1].strip()
    elif s.startswith("Region ") or s.startswith("[virtual] Memory"):
        m = _REGION.search(s)
        if m:
            dev.regions.append(Region(int(m.group("idx")), m.group("kind"),
                                      int(m.group("bits")) if m.group("bits") else None,
                                      m.group("pf") == "prefetchable",
                                      int(m.group("size")) * _UNITS[m.group("unit")],
                                      _hex(m.group("addr"))))
    elif s.startswith("LnkCap:"):
        dev.lnk_cap = _link(s)
    elif s.startswith("LnkSta:"):
        dev.lnk_sta = _link(s)
    elif s.startswith("ACSCap:"):
        dev.acs_cap = _flags(_after(s, "ACSCap:"))
    elif s.startswith("ACSCtl:"):
        dev.acs_ctl = _flags(_after(s, "ACSCtl:"))
    if "Express (v" in s and s.startswith("Capabilities:"):
        m = _EXPRESS.search(s)
        if m:
            dev.express_type = m.group("type").strip()
    # AtomicOps can sit on a DevCap2/DevCtl2 line (older lspci) or on a continuation line.
    if "AtomicOpsCap:" in s:
        dev.atomic_cap = _flags(_after(s, "AtomicOpsCap:"))
    if "AtomicOpsCtl:" in s:
        dev.atomic_ctl = _flags(_after(s, "AtomicOpsCtl:"))


def parse_lspci(text: str) -> dict[str, PciDevice]:
    """BDF -> device, in the order lspci printed them."""
    out: dict[str, PciDevice] = {}
    cur: PciDevice | None = None
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            continue
        if not line[0].isspace():
            m = _HEADER.match(line)
            if m:
                bdf = _bdf(m)
                cur = PciDevice(bdf=bdf, header=line)
                cur.lines.append(line)
                _parse_header(cur, m.group("rest"))
                out[bdf] = cur
            else:
                cur = None  # "lspci: Unable to load libkmod..." and other stray lines end a block
            continue
        if cur is not None:
            cur.lines.append(line)
            _parse_line(cur, line)
    return out


ACS_REDIRECT_FLAGS = ("SrcValid", "ReqRedir", "CmpltRedir")


def acs_redirects(dev: PciDevice) -> list[str]:
    """The ACS controls that send peer-to-peer traffic up to the root complex."""
    if not dev.acs_ctl:
        return []
    return [f for f in ACS_REDIRECT_FLAGS if dev.acs_ctl.get(f)]
