"""Masking what identifies a machine or a person before a snapshot leaves it.

Like sos's cleaner: each distinct host name, user name, address or serial gets a
stable placeholder (host-1, user-1, 192.0.2.1, ...) so the snapshot stays consistent,
and version strings that merely look like IP addresses are left alone.
"""
from __future__ import annotations

import ipaddress
import re
from typing import Any

SECRET_NAME = re.compile(r"TOKEN|SECRET|PASSW|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE|"
                         r"(^|_)KEY($|_)|AUTH|COOKIE|SESSION", re.I)
ADDRESS_NAME = re.compile(r"(^|_)(ADDR|HOST|HOSTNAME|NODELIST|MASTER|SERVER|URL|URI|ENDPOINT)($|_)", re.I)

_IPV4 = re.compile(r"(?<![\w.-])((?:\d{1,3}\.){3}\d{1,3})(?![\w.-]*\d)(?!\.\w)")
_IPV6 = re.compile(r"(?<![\w:.])((?:[0-9a-fA-F]{1,4}:){2,7}[0-9a-fA-F]{1,4}|(?:[0-9a-fA-F]{1,4}:){1,7}:(?:[0-9a-fA-F]{1,4})?)(?![\w:])")
_MAC = re.compile(r"(?<![\w:])((?:[0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2})(?![\w:])")
_UUID = re.compile(r"\b([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\b")
_SERIAL_KV = re.compile(r"(?im)^(\s*[\"']?(?:[\w ]*serial[\w ]*|unique[_ ]id|uuid|asset[_ ]tag)[\"']?\s*[:=]?\s*[\"']?)"
                        r"([^\s\"',]+)")
# Serials that do not sit at the start of a line: rocm-smi's "GPU[0]  : Serial Number: X",
# lspci's "Device Serial Number 00-11-22-ff-ff-33-44-55" (8 bytes, which the MAC rule would half-mask).
_SERIAL_INLINE = re.compile(r"(?i)(\bserial(?:[ _]?(?:number|no))?\s*[:=]\s*[\"']?)([^\s\"',]+)")
_PCI_DSN = re.compile(r"(?i)(device serial number\s+)([0-9a-f]{2}(?:-[0-9a-f]{2}){7})")
# Keys of structured probe data (amdsmi, JSON tool output) whose values identify one device.
SERIAL_KEY = re.compile(r"(?i)serial|unique_?id|uuid|asset_?tag|^sn$")
_VERSION_CONTEXT = re.compile(r"(version|ver|release|rocm|driver|firmware|fw|vbios|v)[\s:=\"'_-]*$", re.I)
_KEEP_V4 = {"0.0.0.0", "127.0.0.1", "255.255.255.255", "255.255.255.0"}


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
        s = _PCI_DSN.sub(lambda m: m.group(1) + self._placeholder("serial", m.group(2).lower()), s)
        s = _SERIAL_KV.sub(lambda m: m.group(1) + self._serial(m.group(2)), s)
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
        try:
            addr = ipaddress.IPv6Address(value)
        except ValueError:
            return value
        if addr.is_loopback or addr.is_unspecified:
            return value
        return self._placeholder("ipv6", value)

    def env(self, env: dict[str, str]) -> dict[str, str]:
        out = {}
        for k, v in env.items():
            if SECRET_NAME.search(k):
                out[k] = "<redacted>" if v else v
            elif ADDRESS_NAME.search(k) and v:
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
                    self._keyed_serial(v) if isinstance(k, str) and SERIAL_KEY.search(k) else self.value(v)
                    for k, v in obj.items()}
        if isinstance(obj, list):
            return [self.value(v) for v in obj]
        return obj
