"""From log matches to ranked causes, judged against the machine the log came from.

A ``Diagnosis`` is one signature seen in the log (all its occurrences), with its likely
causes ordered by what the machine's own checks say: a cause whose confirming check
failed comes first with that finding's fix plan, one whose check passed is ruled out.
Diagnoses are ordered by the signature's tier (hardware, driver, runtime, setup, memory,
numerics, consequence, note) and then by where they first appear, so the GPU reset comes
before the watchdog timeout it caused, and a consequence names what it follows from.

Used by `rocmdoctor explain` (a log file) and `rocmdoctor run` (a live job); the JSON form
is documented in docs/explain.md and docs/json-schema.md.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..knowledge.signatures import CONSEQUENCE, DRIVER, NOTE, SETUP, TIER_NAMES, Cause, Signature
from ..knowledge.signatures.resemblance import PREFIX as RESEMBLES, resembling
from .knowncases import KnownCases
from .logscan.lines import LogLine
from .logscan.matcher import Match
from .logscan.reader import Occurrence, ScanResult
from ..engine.machine import Machine
from ..engine.model import Finding, Status
from ..base.records import dataclass, field

if TYPE_CHECKING:
    from ..engine.model import FixPlan
    from ..facts.gpus import Gpu
    from .structure.shape import Shape

Quote = Callable[[str], str]  # what makes a log line fit to show (redaction, length)

SCHEMA = "rocmdoctor.explain"
SCHEMA_VERSION = 1
QUOTE_MAX = 400
# Signatures whose explanation names the GPUs' gfx and the torch wheel's arch list.
ARCH_SIGNATURES = ("hip-no-binary-for-gpu", "hip-invalid-device-function", "rocblas-tensile-missing",
                   "hsa-status-error")
# Cause status, best first.
CONFIRMED, LIKELY, UNKNOWN, NOT_CHECKED, RULED_OUT = "confirmed", "likely", "unknown", "not checked", "ruled out"
_STATUS_ORDER = {CONFIRMED: 0, LIKELY: 1, UNKNOWN: 2, NOT_CHECKED: 2, RULED_OUT: 3}



def _one_line_occurrence(machine: Machine, sig: Signature, line: LogLine, fields: dict | None = None,
                         run: bool = True) -> tuple[Occurrence, list[CauseVerdict]]:
    """An occurrence of ``sig`` at one line that a structural rule found, with its causes judged on
    this machine, best first: (occurrence, ranked cause verdicts)."""
    occ = Occurrence(sig)
    occ.add(Match(sig, line, dict(fields or {})))
    if run:
        machine.run_checks(c.check for c in sig.causes if c.check)
    verdicts = [cause_verdict(machine, c) for c in sig.causes]
    return occ, [v for _, v in sorted(enumerate(verdicts), key=lambda iv: (_STATUS_ORDER[iv[1].status], iv[0]))]

def redactor() -> Quote:
    """The one redaction place (rocmdoctor/base/redact.py) for every quoted log line: secrets
    only, so the user's own terminal names the failing peer; --share masks the rest at the output."""
    from ..base.redact import scrub_text

    return scrub_text


@dataclass
class CauseVerdict:
    cause: Cause
    status: str
    findings: list[Finding] = field(default_factory=list)  # the confirming check's findings
    reason: str = ""  # why it could not be checked

    def fix_plan(self) -> FixPlan | None:
        for f in self.findings:
            if f.status in (Status.FAIL, Status.WARN) and f.fix:
                return f.fix
        return None

    def to_dict(self) -> dict:
        plan = self.fix_plan()
        return {
            "text": self.cause.text, "check": self.cause.check, "status": self.status, "reason": self.reason,
            "fix": self.cause.fix,
            "findings": [{"code": f.code, "status": f.status.value, "title": f.title, "subject": f.subject}
                         for f in self.findings],
            "fix_plan": plan.to_dict() if plan else None,
        }


@dataclass
class Diagnosis:
    occurrence: Occurrence
    causes: list[CauseVerdict]
    gpus: list[dict] = field(default_factory=list)  # GPUs the lines name (node-N, PCI address)
    facts: list[str] = field(default_factory=list)  # machine facts that bear on it
    follows: str | None = None  # id of the earlier diagnosis this one is a consequence of
    order: tuple = ()
    structural: bool = False  # from the log's shape (structure/), not a catalog signature
    recovered: str = ""  # where the run shows it recovered (a skipped fp16 step): then a warning only

    @property
    def signature(self) -> Signature:
        return self.occurrence.signature

    @property
    def is_problem(self) -> bool:
        return self.signature.severity in ("fatal", "error") and self.signature.tier != NOTE and not self.recovered

    def to_dict(self, quote: Quote) -> dict:
        s, occ = self.signature, self.occurrence
        return {
            "signature": s.id, "title": s.title, "family": s.family, "tier": s.tier, "tier_name": TIER_NAMES[s.tier],
            "severity": s.severity, "meaning": s.meaning, "count": occ.count, "ranks": sorted(occ.ranks),
            "files": sorted(occ.files), "follows": self.follows,
            "evidence": [_line_dict(m.line, quote, m.fields, m.block) for m in evidence_matches(occ)],
            "gpus": self.gpus, "facts": self.facts,
            "causes": [c.to_dict() for c in self.causes], "fix": s.fix, "sources": list(s.sources),
            "from": ("resemblance" if self.signature.id.startswith(RESEMBLES) else "structure") if self.structural
            else "signature", "recovered": self.recovered or None,
        }


def _line_dict(line: LogLine, quote: Quote, fields: dict[str, str] | None = None,
               block: Iterable[LogLine] = ()) -> dict:
    d: dict[str, Any] = {"file": line.file, "line": line.number, "rank": line.rank, "text": quote(line.text)}
    if fields:
        d["fields"] = {k: quote(v) for k, v in fields.items()}
    if block:
        d["block"] = [{"line": b.number, "text": quote(b.text)} for b in block]
    return d


def evidence_matches(occ: Occurrence, limit: int = 3) -> list[Match]:
    """The first match, then the first of each other rank, then the last: what to quote."""
    out: list[Match] = []
    seen: set[int | None] = set()
    for m in occ.matches:
        key = m.rank
        if not out or key not in seen:
            out.append(m)
            seen.add(key)
        if len(out) >= limit:
            break
    if occ.last is not None and occ.last not in out and occ.count > len(out) and len(out) < limit + 1:
        out.append(occ.last)
    return out


def cause_verdict(machine: Machine, cause: Cause) -> CauseVerdict:
    """A cause judged by the findings of the check it names, run on ``machine`` (Machine.run_checks)."""
    if not cause.check:
        return CauseVerdict(cause, UNKNOWN, reason="no check can tell; read the log lines")
    if not machine.has_facts:
        return CauseVerdict(cause, NOT_CHECKED, reason="machine facts not used")
    from ..facts import level_rank
    from ..engine.registry import matches

    fs = [f for f in machine.findings if matches(f.code, [cause.check])]
    if not fs:
        above = [c for c, lv in machine.levels.items() if matches(c, [cause.check]) and
                 level_rank(lv) > level_rank(machine.level)]
        if above:
            lv = machine.levels[above[0]]
            hint = ("`rocmdoctor bench`" if lv == "bench" else f"`rocmdoctor scan --level {lv}`")
            return CauseVerdict(cause, NOT_CHECKED, reason=f"{cause.check} runs at level {lv}: run {hint}")
        return CauseVerdict(cause, NOT_CHECKED, reason=machine.error or f"{cause.check} did not run")
    statuses = {f.status for f in fs}
    relevant = [f for f in fs if f.status != Status.PASS] or fs
    if Status.FAIL in statuses:
        return CauseVerdict(cause, CONFIRMED, [f for f in fs if f.status == Status.FAIL])
    if Status.WARN in statuses:
        return CauseVerdict(cause, LIKELY, [f for f in fs if f.status == Status.WARN])
    if Status.PASS in statuses and not statuses & {Status.ERROR}:
        return CauseVerdict(cause, RULED_OUT, [f for f in fs if f.status == Status.PASS])
    why = "; ".join((f.detail if f.missing or f.status == Status.ERROR else f.title) or f.title
                    for f in relevant if f.status in (Status.SKIP, Status.ERROR))
    return CauseVerdict(cause, NOT_CHECKED, relevant, reason=why)


def _gpu_dict(g: Gpu, how: str) -> dict:
    return {"index": g.index, "node": g.node, "pci": g.pci, "gfx": g.gfx, "name": g.name, "named_by": how}


def gpus_named(occ: Occurrence, machine: Machine) -> list[dict]:
    """Map `GPU node-N` and kernel PCI addresses in the matched lines to the machine's GPUs."""
    gpus = machine.gpus()
    out: dict[tuple, dict] = {}
    for m in occ.matches:
        node = m.node
        if node is not None:
            g = next((x for x in gpus if x.node == node), None)
            out[("node", node)] = _gpu_dict(g, f"node-{node}") if g else \
                {"index": None, "node": node, "pci": None, "gfx": None, "name": None, "named_by": f"node-{node}",
                 "note": "no GPU with this KFD node on the machine the facts come from"}
        dev = m.device
        if dev:
            g = next((x for x in gpus if x.pci and x.pci.lower() == dev), None)
            if g:
                out[("pci", dev)] = _gpu_dict(g, dev)
            else:
                out[("pci", dev)] = {"index": None, "node": None, "pci": dev, "gfx": None, "name": None,
                                     "named_by": dev}
    return list(out.values())


def arch_facts(machine: Machine) -> list[str]:
    out = []
    gpus = [g for g in machine.gpus() if not g.integrated] or machine.gpus()
    if gpus:
        by_gfx: dict[str, list[str]] = {}
        for g in gpus:
            by_gfx.setdefault(g.gfx or "unknown gfx", []).append(str(g.index))
        out.append("GPUs: " + "; ".join(f"{gfx} (GPU {', '.join(ix)})" for gfx, ix in by_gfx.items()))
    elif machine.has_facts:
        out.append("GPUs: none found (" + (machine.fact_reason("gpus") or "empty inventory") + ")")
    torch = machine.fact("torch")
    if torch is not None:
        arch = torch.arch_list or []
        ver = torch.version or "?"
        out.append(f"torch {ver} wheel arch list: " + (", ".join(map(str, arch)) if arch else
                   f"empty ({torch.arch_list_error or 'not reported'})"))
        missing = sorted({g.gfx for g in gpus if g.gfx} - {str(a).split(":")[0] for a in arch})
        if arch and missing:
            out.append(f"the wheel has no code for {', '.join(missing)}")
    elif machine.has_facts:
        out.append("torch arch list: unknown (" + machine.fact_reason("torch") + ")")
    env = machine.fact("env")
    if isinstance(env, dict) and env.get("HSA_OVERRIDE_GFX_VERSION"):
        out.append(f"HSA_OVERRIDE_GFX_VERSION={env['HSA_OVERRIDE_GFX_VERSION']}")
    return out


@dataclass
class Explanation:
    diagnoses: list[Diagnosis]
    result: ScanResult
    machine: Machine
    inputs: list[str]
    notes: list[str] = field(default_factory=list)
    stall: dict | None = None  # set by `rocmdoctor run`
    # Where the run went on after its only error-like lines (no signature knows them, none is a
    # traceback or a crash): progress, final metrics, a results table, a served request.
    went_on: str = ""

    @property
    def problems(self) -> list[Diagnosis]:
        return [d for d in self.diagnoses if d.is_problem or (d.signature.severity == "warning" and
                                                              d.signature.tier < CONSEQUENCE and d.signature.tier != NOTE)]

    def exit_code(self) -> int:
        """0: nothing wrong found; 1: a failure signature matched, or error-like lines no
        signature explains (docs/explain.md)."""
        return 1 if any(d.is_problem for d in self.diagnoses) or (self.result.unexplained_count and
                                                                   not self.went_on) else 0

    def verdict(self) -> str:
        probs = [d for d in self.diagnoses if d.is_problem]
        warn = [d for d in self.diagnoses if d.signature.tier != NOTE and not d.is_problem]
        if not probs:
            also = (f"; warning{'s' if len(warn) != 1 else ''}: " + ", ".join(d.signature.title for d in warn[:3])
                    if warn else "")
            if self.result.unexplained_count:
                n = self.result.unexplained_count
                if self.went_on:
                    return (f"no failure found: {n} line{'s' if n != 1 else ''} looked like "
                            f"{'errors' if n != 1 else 'an error'} (listed below), and the run went on after "
                            f"{'them' if n != 1 else 'it'} ({self.went_on}){also}")
                return (f"no failure signature matched; {n} line{'s' if n != 1 else ''} looked like "
                        f"{'errors' if n != 1 else 'an error'} (listed below){also}")
            if warn:
                return f"no failure found{also} (below)"
            return "no known failure signature and no error-like lines in the log"
        top = probs[0]
        best = top.causes[0] if top.causes else None
        text = f"{top.signature.title}"
        if top.occurrence.ranks:
            text += f" (rank{'s' if len(top.occurrence.ranks) > 1 else ''} " + \
                ", ".join(map(str, sorted(top.occurrence.ranks)[:8])) + ")"
        if best and best.status == LIKELY and not best.findings:
            text += f"; most likely cause, from the log: {best.cause.text} ({best.reason})"
        elif best and best.status in (CONFIRMED, LIKELY):
            f = best.findings[0] if best.findings else None
            text += f"; most likely cause on this machine: {best.cause.text}"
            if f:
                text += f" ({f.code} {'failed' if f.status == Status.FAIL else 'warned'}: {f.title})"
        elif best and any(c.status == RULED_OUT for c in top.causes) and best.status != RULED_OUT:
            text += f"; no check confirms a cause here, {sum(c.status == RULED_OUT for c in top.causes)} ruled out; " \
                    f"next to check: {best.cause.text}" + (f" ({best.cause.check})" if best.cause.check else "")
        elif best:
            text += f"; first to check: {best.cause.text}" + (f" ({best.cause.check})" if best.cause.check else "")
        if top.signature.id.startswith(RESEMBLES):
            text += f" ({top.facts[0]}; by resemblance to public reports, no signature matched)" if top.facts else ""
        elif top.structural:
            matched = any(d.is_problem and not d.structural for d in self.diagnoses)
            text += " (from the log's shape" + ("" if matched else "; no signature matched") + ")"
        earlier = [d for d in warn if d.signature.tier < top.signature.tier]
        if top.signature.tier >= CONSEQUENCE and earlier:
            text += "; see also: " + ", ".join(d.signature.title for d in earlier[:2])
        return text

    def to_dict(self) -> dict[str, Any]:
        from .. import __version__

        quote = redactor()

        def q(s: str) -> str:
            s = quote(s)
            return s if len(s) <= QUOTE_MAX else s[:QUOTE_MAX - 3] + "..."

        r = self.result
        return {
            "schema": SCHEMA, "schema_version": SCHEMA_VERSION, "tool_version": __version__,
            "input": {"paths": self.inputs, "files": r.files, "lines": r.lines, "bytes": r.bytes,
                      "seconds": r.seconds, "engine": r.engine},
            "machine": self.machine.describe(),
            "verdict": q(self.verdict()),
            "exit_code": self.exit_code(),
            "causes": [dict(d.to_dict(q), rank=i) for i, d in enumerate(self.diagnoses, 1)],
            "unexplained": {"count": r.unexplained_count, "lines": [_line_dict(x, q) for x in r.unexplained],
                            "went_on": q(self.went_on) or None},
            "stall": self.stall,
            "notes": list(self.notes),
        }


def _from_log(v: CauseVerdict, occ: Occurrence) -> CauseVerdict:
    """A cause the log itself points at (its ``when`` holds for the first match's fields) is
    likely unless the machine's check ruled it out or confirmed it."""
    when = v.cause.when
    if v.status in (CONFIRMED, RULED_OUT) or when is None or not v.cause.holds(occ.first.fields):
        return v
    name, op, value = when
    return CauseVerdict(v.cause, LIKELY, v.findings,
                        reason=f"the log says {name}={occ.first.fields.get(name)} ({op} {value:g})")


def explain(result: ScanResult, machine: Machine, inputs: list[str] | None = None,
            stall: dict | None = None, shape_lines: list[tuple[str, list[str]]] | None = None,
            known: KnownCases | None = None) -> Explanation:
    """Diagnoses from the catalog's matches; when none is a failure that precedes its
    consequences, the log's shape (tracebacks, NCCL error classes, kernel IP blocks, output
    that stops: rocmdoctor/logs/structure/) answers at the level it knows. ``shape_lines``:
    (name, lines) windows to read the shape from; by default the tails of the input files. When neither
    names a cause of error-like lines, the known public cases they most resemble do (``known``: the
    index, by default the shipped one; knowncases.py)."""
    occs = list(result.occurrences.values())
    if "amdgpu-gpu-reset" in result.occurrences:  # an ASIC reset inside the recovery is one of its steps
        occs = [o for o in occs if o.signature.id != "amdgpu-asic-reset"]
    superseded = {x for o in occs for x in o.signature.supersedes}
    if superseded:  # the same event in more general words (model.py: Signature.supersedes)
        occs = [o for o in occs if o.signature.id not in superseded]
    occs = _not_deepspeeds_build(occs, result, inputs or [], shape_lines)
    occs = _ranks_ordinal(occs, result, inputs or [], shape_lines)
    occs = _library_without_kernels(occs, result, inputs or [], shape_lines)
    machine.run_checks(c.check for o in occs for c in o.signature.causes if c.check)
    file_order: dict[str | None, int] = {f: i for i, f in enumerate(result.files)}  # a line of no file (scan_text): 0
    diagnoses = []
    wins: list[tuple[str, list[str]]] | None = None  # the files' tails, read once when needed
    for o in occs:
        verdicts = [_from_log(cause_verdict(machine, c), o) for c in o.signature.causes]
        ranked = [v for _, v in sorted(enumerate(verdicts), key=lambda iv: (_STATUS_ORDER[iv[1].status], iv[0]))]
        first = o.first.line
        d = Diagnosis(o, ranked, gpus=gpus_named(o, machine),
                      order=(o.signature.tier, file_order.get(first.file, 0), first.number))
        if o.signature.id in ARCH_SIGNATURES:
            d.facts = arch_facts(machine)
        if o.signature.id in _KILLED:
            if wins is None:
                wins = _windows(result, inputs or [], shape_lines)
            loading = killed_while_loading(o, wins)
            if loading:
                # The kernel killed it while the model was being read into host RAM: the OOM kill itself
                # (host-oom-kill's tier), before the setup warnings printed on the way (a CPU-only
                # bitsandbytes, a deprecation) that did not stop the run.
                d.order = (DRIVER,) + d.order[1:]
                d.facts.append(f"killed while loading: {loading[:160]}")
        if o.signature.family == "numerics":
            if wins is None:
                wins = _windows(result, inputs or [], shape_lines)
            d.recovered = recovered(o, wins, result.lines)
            if d.recovered:
                d.facts.append(d.recovered)
        elif o.signature.severity == "error" and o.signature.tier == SETUP and _WARNING_FORM.search(first.text[:200]):
            if wins is None:
                wins = _windows(result, inputs or [], shape_lines)
            d.recovered = warned_and_went_on(o, wins)
            if d.recovered:
                d.facts.append(d.recovered)
        diagnoses.append(d)
    if not any(d.is_problem and d.signature.tier < CONSEQUENCE for d in diagnoses):
        diagnoses += _from_shape(result, machine, inputs or [], file_order, wins if wins is not None else shape_lines)
    elif any(d.is_problem and d.signature.family in _UNDER_THE_DRIVER for d in diagnoses) and \
            not any(d.is_problem and d.signature.tier <= DRIVER for d in diagnoses):
        # A user-space device failure (cannot open /dev/kfd, HSA_STATUS_ERROR_*) whose log shows the
        # driver not serving the GPU: the driver is the root, the rest follows from it.
        diagnoses += _driver_root(result, machine, _windows(result, inputs or [], wins or shape_lines), file_order)
    if not any(d.is_problem for d in diagnoses):
        silent = _silent_rank_death(diagnoses, machine, _windows(result, inputs or [], wins or shape_lines))
        if silent is not None:
            diagnoses.append(silent)
    went_on = ""
    if result.unexplained_count and not any(d.is_problem for d in diagnoses):
        tails = _windows(result, inputs or [], wins or shape_lines)
        went_on = _went_on(result, tails)
        if not went_on:
            diagnoses += _resembling(result, machine, tails, file_order, known)
    # Failures first (in causal order), then warnings: the verdict names the first entry of the list.
    diagnoses.sort(key=lambda d: (not d.is_problem, d.order))
    if diagnoses and diagnoses[0].is_problem and _device_access(diagnoses[0]):
        ws = _windows(result, inputs or [], wins or shape_lines)
        from .structure import analyze

        shaped = [(name, lines, analyze(lines, name)) for name, lines in ws]  # read once for every lead below
        inside = _masked(diagnoses[0], machine, shaped) or _in_container(diagnoses[0], machine, shaped) or \
            _root_only(diagnoses[0], machine, shaped) or _wsl_release(diagnoses[0], machine, ws)
        if inside is not None:
            diagnoses.insert(0, inside)
    if diagnoses and diagnoses[0].is_problem and diagnoses[0].signature.family == "runtime":
        inside = _in_collective(diagnoses[0], machine, _windows(result, inputs or [], wins or shape_lines))
        if inside is not None:
            diagnoses.insert(0, inside)
    for d in diagnoses:
        if d.signature.tier == CONSEQUENCE:
            cause = next((x for x in diagnoses if x.is_problem and x.signature.tier < CONSEQUENCE), None)
            if cause is not None:
                d.follows = cause.signature.id
    notes = []
    if machine.error:
        notes.append(f"machine facts unavailable: {machine.error}")
    return Explanation(diagnoses, result, machine, inputs or list(result.files), notes, stall, went_on)


def _resembling(result: ScanResult, machine: Machine, wins: list[tuple[str, list[str]]], file_order: dict,
                known: KnownCases | None) -> list[Diagnosis]:
    """The family of the known public cases nearest to the log's error-like lines (with the lines around them), as
    a diagnosis at its first error-like line, with those cases (thread, cause, similarity) as its facts; none when
    nothing is near."""
    if not result.unexplained:
        return []
    known = known if known is not None else KnownCases.load()
    fam, near = known.family("\n".join(_around_errors(result, wins)))
    sig = resembling(fam)
    if sig is None:
        return []
    line = result.unexplained[0]
    occ, ranked = _one_line_occurrence(machine, sig, line)
    facts = [f"like {c.source} ({c.family}{': ' + c.cause if c.cause else ''}; similarity {s:.2f})" for s, c in near]
    return [Diagnosis(occ, ranked, facts=facts, order=(sig.tier, file_order.get(line.file, 0), line.number),
                      structural=True)]


AROUND = 5  # lines of context on each side of an error-like line that the resemblance reads
AROUND_MAX = 400


def _around_errors(result: ScanResult, wins: list[tuple[str, list[str]]]) -> list[str]:
    """The error-like lines no rule explains, each with the few lines around it in its file's window: what the
    failure looked like, not the healthy hours of log before it (a window is up to 256 KiB of a file's tail)."""
    out = [u.text for u in result.unexplained]
    for name, lines in wins:
        first = _first_number(result, wins, lines)
        for u in result.unexplained:
            if u.file not in (None, name) or len(out) >= AROUND_MAX:
                continue
            at = u.number - first
            if 0 <= at < len(lines):
                out += lines[max(0, at - AROUND):at + AROUND + 1]
    return out[:AROUND_MAX]


def _not_deepspeeds_build(occs: list[Occurrence], result: ScanResult, inputs: list[str],
                          shape_lines: list[tuple[str, list[str]]] | None) -> list[Occurrence]:
    """Without the DeepSpeed rules that matched a line of another package's build: a header a DeepSpeed op
    build is known to miss ('cuda_runtime_api.h') is that package's build failing (apex, flash-attn ...) when
    the build's sources name the package and nothing names DeepSpeed; the log's shape then says what failed."""
    ds = [o for o in occs if o.signature.family == "deepspeed" and not _DS_WORDS.search(o.first.line.text[:2000])]
    if not ds:
        return occs
    from .structure import build_owner

    wins = _windows(result, inputs, shape_lines)
    if any(build_owner(lines) for _, lines in wins):
        return [o for o in occs if o not in ds]
    # torch's extension builder (ninja) for a package that names no DeepSpeed anywhere (exllama's cuda_ext.py
    # `load(...)`: turboderp/exllama#131): that package's build, which the log's shape reports
    generic = [o for o in ds if o.signature.id == "deepspeed-ninja-failed"]
    if generic and not any(_DS_WORDS.search(t[:2000]) for _, lines in wins for t in lines):
        return [o for o in occs if o not in generic]
    return occs


# What says a log is a multi-process job's: a launcher (torchrun's elastic agent, MPI, Slurm's srun, LSF's jsrun), a
# rank's local index, or the job's own setup of its process group (a frame of `initialize_distributed`).
_RANKS = re.compile(r"torch\.distributed\.elastic|\b(?:mpirun|mpiexec|srun|jsrun|torchrun)\b|\blocal_rank\b|"
                    r"\bLOCAL_RANK\b|\binit(?:ialize)?_distributed\b|\binit_process_group\b")


def _ranks_ordinal(occs: list[Occurrence], result: ScanResult, inputs: list[str],
                   shape_lines: list[tuple[str, list[str]]] | None) -> list[Occurrence]:
    """'invalid device ordinal' in a multi-process job (its line carries a rank prefix, or the log shows a launcher
    or a local rank) is a rank asking for a GPU it cannot see: the launch's rank-to-GPU mapping (distributed's
    rank-device-ordinal; the corpus files every such log there, 8 of 8). One process's own stays runtime."""
    at = next((i for i, o in enumerate(occs) if o.signature.id == "invalid-device-ordinal"), None)
    if at is None or any(o.signature.id == "rank-device-ordinal" for o in occs):
        return occs
    if occs[at].first.line.rank is None and not any(
            _RANKS.search(x[:2000]) for _, lines in _windows(result, inputs, shape_lines) for x in lines):
        return occs
    from ..knowledge.signatures import by_id

    twin = Occurrence(by_id("rank-device-ordinal"))
    for m in occs[at].matches:
        twin.add(Match(twin.signature, m.line, dict(m.fields)))
    return occs[:at] + [twin] + occs[at + 1:]


def _library_without_kernels(occs: list[Occurrence], result: ScanResult, inputs: list[str],
                             shape_lines: list[tuple[str, list[str]]] | None) -> list[Occurrence]:
    """'no kernel image' / 'invalid device function' raised from a GPU kernel library (bitsandbytes, torch_scatter,
    Triton ...: kernel_owner.py) is that library's build missing this GPU: packages' library-no-kernel-image."""
    runtime = ("hip-no-kernel-image", "hip-invalid-device-function")
    at = next((i for i, o in enumerate(occs) if o.signature.id in runtime), None)
    if at is None:
        return occs
    from .kernel_owner import kernel_library

    first = occs[at].first.line.text
    if not any(kernel_library(lines, first) for _, lines in _windows(result, inputs, shape_lines)):
        return occs
    from ..knowledge.signatures import by_id

    twin = Occurrence(by_id("library-no-kernel-image"))
    for m in occs[at].matches:
        twin.add(Match(twin.signature, m.line, dict(m.fields)))
    return occs[:at] + [twin] + [o for o in occs[at + 1:] if o.signature.id not in runtime]  # one event, its owner


_DS_WORDS = re.compile(r"deepspeed|op_builder|ds_report|\bDS_BUILD_|"
                       # DeepSpeed's op names, which its torch_extensions builds carry (`Error building extension
                       # 'fused_adam'`) when no line says DeepSpeed
                       r"\b(?:cpu_adam|cpu_adagrad|cpu_lion|fused_adam|fused_lamb|fused_lion|transformer_inference|"
                       r"async_io|spatial_inference|stochastic_transformer|inference_core_ops|ragged_device_ops|"
                       r"evoformer_attn|random_ltd|sparse_attn|fp_quantizer)\b", re.I)


# A process killed by SIGKILL ("Killed", exit code -9): ranked as the host's OOM kill when it died loading a model.
_KILLED = ("shell-killed", "torchrun-rank-killed", "host-oom-signal")
# What a loader prints as it reads a model into host RAM: transformers' shard bar, "Loading <name>...",
# "Loading a checkpoint", load_state_dict/from_pretrained in the line that died.
_LOADING = re.compile(r"\bLoading (?:checkpoint shards|(?:a |the )?checkpoints?\b|(?:the )?model\b|weights|"
                      r"safetensors)|\bLoading \S{1,200}\.{3}|\bload_state_dict\b|\bfrom_pretrained\b|"
                      r"\bload_model\b", re.I)


def killed_while_loading(occ: Occurrence, wins: list[tuple[str, list[str]]]) -> str:
    """The loading line a SIGKILL came right after (the same line, as tqdm leaves it, or one of the
    two lines before it), or ""."""
    line = occ.first.line
    if _LOADING.search(line.text[:2000]):
        return line.text.strip()
    for name, lines in wins:
        if name != line.file and len(wins) > 1:
            continue
        at = next((j for j in range(len(lines) - 1, -1, -1) if lines[j].strip() and lines[j].strip() in line.text), None)
        if at is None:
            continue
        before = [x for x in lines[max(0, at - 4):at] if x.strip()][-2:]
        hit = next((x for x in reversed(before) if _LOADING.search(x[:2000])), None)
        if hit:
            return hit.strip()
    return ""


# What says the ranks were stopped for another reason than a silent death: Ctrl-C, a signal to the launcher itself,
# the scheduler's cancel (time limit, scancel), or a rank's own non-zero exit code other than SIGKILL's (-9, 137).
_STOPPED_ON_PURPOSE = re.compile(r"^\^C|KeyboardInterrupt|Main process received (?:SIGINT|SIGTERM)|\bCANCELLED\b|"
                                 r"DUE TO TIME LIMIT|exits with return code = (?!-9\b|137\b)-?\d")


def _silent_rank_death(diagnoses: list[Diagnosis], machine: Machine,
                       wins: list[tuple[str, list[str]]]) -> Diagnosis | None:
    """The memory diagnosis for DeepSpeed's launcher stopping the ranks when no line before it is an error: the rank
    that exited printed nothing, so something killed it (DeepSpeed#1956, LMFlow#265: SIGKILL from the OOM killer)."""
    from ..knowledge.signatures import structural as rules
    from ..knowledge.signatures.benign import is_benign
    from .logscan.matcher import looks_like_error

    kill = next((d for d in diagnoses if d.signature.id == "deepspeed-launcher-kill"), None)
    if kill is None:
        return None
    first = kill.occurrence.first.line
    for name, lines in wins:
        if name != first.file and len(wins) > 1:
            continue
        at = next((j for j, x in enumerate(lines) if x.strip() and x.strip() == first.text.strip()), None)
        before = [x.strip() for x in lines[:at] if x.strip()] if at else []
        if not before or any(looks_like_error(x) and not is_benign(x) for x in before):
            return None  # a rank's own error (above) is the cause; or nothing shows what ran
        if any(_STOPPED_ON_PURPOSE.search(x) for x in lines[(at or 0):]):
            return None  # the user, the launcher's own signal, the scheduler, or a rank's own exit code ended it
        occ, ranked = _one_line_occurrence(machine, rules.by_id("launcher-rank-died-silently"), first)
        facts = [f"the last line before it: {before[-1][:160]}"]
        loading = next((x for x in reversed(before[-2:]) if _LOADING.search(x[:2000])), "")
        if loading:
            facts.append(f"killed while loading: {loading[:160]}")
        return Diagnosis(occ, ranked, order=(occ.signature.tier, -1, 0), structural=True, facts=facts)
    return None


# Families of user-space failures that an unloaded or refusing kernel driver causes.
_UNDER_THE_DRIVER = ("runtime", "permissions")


def _first_number(result: ScanResult, wins: list, lines: list[str]) -> int:
    """The file line number of a window's first line (a window is a file's tail)."""
    return max(1, result.lines - len(lines) + 1) if len(wins) == 1 and result.lines >= len(lines) else 1


def _driver_root(result: ScanResult, machine: Machine, wins: list[tuple[str, list[str]]],
                 file_order: dict) -> list[Diagnosis]:
    from ..knowledge.signatures import structural as rules
    from .reasoning import rock_check_blind
    from .structure import analyze

    for name, lines in wins:
        first = _first_number(result, wins, lines)
        line = analyze(lines, name, first).driver_root
        if line is None or rock_check_blind(lines, line, first):  # rocminfo's module check without lsmod
            continue
        sig = rules.by_id("driver-refuses-gpu")
        occ, ranked = _one_line_occurrence(machine, sig, line)
        return [Diagnosis(occ, ranked, structural=True,
                          order=(sig.tier, file_order.get(line.file, 0), line.number))]
    return []


# An error-like line that is itself a crash or an exception: never "the run went on" after it.
_HARD = re.compile(r"Traceback|^\s{0,4}(?:[\w.]{1,60}\.)?[A-Z]\w{0,60}(?:Error|Exception)\b(?::|\s*$)|\bfatal\b|"
                   r"core dumped|\baborted\b|Segmentation fault|\bKilled\b|terminate called|\bpanic\b", re.I)


# A library's own warning form ("WARNING[XFORMERS]:", "UserWarning:", "[W ...]"): what it reports, it reports as
# something the run may go on without (xFormers' attention kernels: vLLM and InvokeAI use their own on ROCm).
_WARNING_FORM = re.compile(r"\bWARN(?:ING)?\b|\bUserWarning\b|^\[W\d{0,4}[ \]]", re.I)


def warned_and_went_on(occ: Occurrence, wins: list[tuple[str, list[str]]]) -> str:
    """Where the run went on after a setup problem it printed as a warning (vllm#2942: xFormers' CUDA build
    warned, then the engine sized its GPU KV cache); "" when nothing shows it going on, or a crash or an exception
    comes after the warning (vllm#13279: the same words raised as xFormersInvalidLibException)."""
    from .structure import analyze

    line = occ.last.line if occ.last is not None else occ.first.line
    for name, lines in wins:
        if name != line.file and len(wins) > 1:
            continue
        at = next((j for j in range(len(lines) - 1, -1, -1) if lines[j].strip() and lines[j].strip() in line.text), None)
        if at is None:
            continue
        after = lines[at + 1:]
        if any(_HARD.search(x[:2000]) for x in after):
            return ""
        on = analyze(after, name).went_on
        if on is not None:
            return f"warned, then the run went on: {on.text.strip()[:120]}"
    return ""


def _went_on(result: ScanResult, wins: list[tuple[str, list[str]]]) -> str:
    """Where the run went on after the error-like lines no signature knows, when it did: a line of
    progress, metrics, a finished trainer or benchmark, or a served request after the last of them
    in its file; "" when any of them is a crash or an exception, or nothing follows them."""
    from .structure import analyze

    if result.unexplained_count > len(result.unexplained) or any(_HARD.search(u.text) for u in result.unexplained):
        return ""
    where = ""
    judged = 0
    for name, lines in wins:
        mine = [u for u in result.unexplained if u.file in (None, name)]
        if not mine:
            continue
        on = analyze(lines, name, _first_number(result, wins, lines)).went_on
        if on is None or on.number <= max(u.number for u in mine):
            return ""
        judged += len(mine)
        where = f"line {on.number}: {on.text.strip()[:120]}"
    return where if judged >= len(result.unexplained) else ""


# Device-access failures whose meaning changes inside a container (devices not passed in).
# Inside a container "the driver is not loaded" (rocminfo's "ROCk module is NOT loaded", no /dev/kfd) is what a
# container without the device nodes sees (FAMILIES.md: not passed into a container), whatever the host has.
_DEVICE_ACCESS = ("kfd-permission-denied", "dri-permission-denied", "hsa-runtime-init-failed", "line-permissions",
                  "hsa-out-of-resources", "hip-no-gpus", "driver-refuses-gpu", "amdgpu-driver-not-loaded")


def _device_access(d: Diagnosis) -> bool:
    return d.signature.id in _DEVICE_ACCESS or d.signature.family == "permissions"


# Structural diagnoses whose cause the log's own lines show (the job's environment), whatever this shell's holds.
_SHOWN_BY_LOG = ("visible-devices-select-none",)


def _log_shows(ranked: list[CauseVerdict], line: LogLine) -> list[CauseVerdict]:
    """The causes as the log shows them: likely, from its line, where this machine's check could not say or found this
    shell's environment clean (RD-ENV-003 reads the variables of the shell explain runs in, not the job's)."""
    return [v if v.status == CONFIRMED else CauseVerdict(v.cause, LIKELY, [], reason=f"the log sets them at line {line.number}")
            for v in ranked]


def _masked(top: Diagnosis, machine: Machine, shaped: list[tuple[str, list[str], Shape]]) -> Diagnosis | None:
    """The visible-devices diagnosis that leads a failure to find a GPU when the log's own ROCR_VISIBLE_DEVICES and
    HIP/CUDA_VISIBLE_DEVICES together select none (structure/session.py)."""
    from ..knowledge.signatures import structural as rules

    for _name, _lines, shape in shaped:
        masked = shape.masked
        if masked is None:
            continue
        occ, ranked = _one_line_occurrence(machine, rules.by_id("visible-devices-select-none"), masked[0])
        return Diagnosis(occ, _log_shows(ranked, masked[0]), order=(top.order[0], -1, 0), structural=True,
                         facts=[masked[2], f"then: {top.signature.title}"])
    return None


def _in_container(top: Diagnosis, machine: Machine, shaped: list[tuple[str, list[str], Shape]]) -> Diagnosis | None:
    """The container diagnosis that leads a device-access failure when the log's shell prompt
    shows it was taken inside a container."""
    from ..knowledge.signatures import structural as rules

    for _name, _lines, shape in shaped:
        prompt = shape.container
        if prompt is None:
            continue
        sig = rules.by_id("in-container-device-access")
        occ, ranked = _one_line_occurrence(machine, sig, prompt)
        host = prompt.text.split("@", 1)[1][:12]
        return Diagnosis(occ, ranked, order=(top.order[0], -1, 0), structural=True,
                         facts=[f"the shell prompt's host {host} is a container ID",
                                f"device access: {top.signature.title}"])
    return None


def _in_collective(top: Diagnosis, machine: Machine, wins: list[tuple[str, list[str]]]) -> Diagnosis | None:
    """The distributed diagnosis that leads a GPU runtime fault raised while the process ran a collective (the
    lines just before the fault show it: structure.collective_before)."""
    from ..knowledge.signatures import structural as rules
    from .structure import collective_before

    first = top.occurrence.first.line
    for _name, lines in wins:
        at = next((j for j, x in enumerate(lines) if x.strip() and x.strip() in first.text), None)
        running = collective_before(lines, at) if at is not None else ""
        if not running:
            continue
        occ, ranked = _one_line_occurrence(machine, rules.by_id("gpu-fault-in-collective"), first)
        return Diagnosis(occ, ranked, order=(top.order[0], -1, 0), structural=True,
                         facts=[f"running just before it: {running[:160]}", f"the fault: {top.signature.title}"])
    return None


def _root_only(top: Diagnosis, machine: Machine, shaped: list[tuple[str, list[str], Shape]]) -> Diagnosis | None:
    """The permissions diagnosis that leads a device-access failure when the log then shows the same kind of
    command under sudo seeing the GPU: it works as root, not as this user."""
    from ..knowledge.signatures import structural as rules

    first = top.occurrence.first.line
    for _name, lines, shape in shaped:
        ok = shape.sudo_ok
        # the sudo run must come after the failure it answers (by text: a window is a file's tail)
        at = next((j for j, x in enumerate(lines) if x.strip() and x.strip() in first.text), None)
        if ok is None or at is None or ok.number <= at + 1:
            continue
        sig = rules.by_id("root-only-device-access")
        occ, ranked = _one_line_occurrence(machine, sig, ok)
        return Diagnosis(occ, ranked, order=(top.order[0], -1, 0), structural=True,
                         facts=[f"run under sudo, the command saw the GPU: {ok.text.strip()[:120]}",
                                f"as the user: {top.signature.title}"])
    return None


# rocminfo's own note that it runs ROCm's WSL runtime, and its note that this runtime does not support the GPU.
_WSL_NOTE = re.compile(r"^\s{0,8}WSL environment detected\.?\s*$")
_WSL_GPU_UNSUPPORTED = re.compile(r"\bROCR: unsupported GPU\b", re.I)


def _wsl_release(top: Diagnosis, machine: Machine, wins: list[tuple[str, list[str]]]) -> Diagnosis | None:
    """The WSL diagnosis (packages.py WSL_RELEASE) that leads an HSA failure to find any GPU when rocminfo said it
    runs under WSL and did not call the GPU unsupported."""
    from ..knowledge.signatures.packages import WSL_RELEASE
    from .logscan.lines import parse

    if top.signature.id != "hsa-out-of-resources":
        return None
    for name, lines in wins:
        if any(_WSL_GPU_UNSUPPORTED.search(x) for x in lines):
            return None
        at = next((i for i, x in enumerate(lines) if _WSL_NOTE.match(x)), None)
        if at is None:
            continue
        occ, ranked = _one_line_occurrence(machine, WSL_RELEASE, parse(lines[at], at + 1, name))
        return Diagnosis(occ, ranked, order=(top.order[0], -1, 0), structural=True,
                         facts=["rocminfo ran ROCm's WSL runtime (\"WSL environment detected.\") and named no unsupported GPU",
                                f"then: {top.signature.title}"])
    return None


def _windows(result: ScanResult, inputs: list[str],
             shape_lines: list[tuple[str, list[str]]] | None) -> list[tuple[str, list[str]]]:
    """(name, lines) to read the shape from: the given ones, else the tails of the inputs the
    reader itself scanned (`rocmdoctor run` passes its command line as the input name: a script
    named there is not a log)."""
    if shape_lines is not None:
        return shape_lines
    import os

    from .structure import windows

    return windows([p for p in inputs if p in result.files or (os.path.isdir(p) and result.files)])


# "loss: 1.2", "'grad_norm': nan", "grad_norm=3.97": a training metric and its value.
# A metrics table writes "loss     nan" / "| norm 0.98 |" without a separator.
_METRIC = re.compile(r"""\b(?:train_|val_|eval_)?(?P<key>grad_norm|loss|norm)['"]?(?:\s{0,2}[:=]\s{0,2}|\s{1,16})['"]?"""
                     r"(?P<v>[-+]?(?:nan|inf(?:inity)?|\d{1,12}(?:\.\d{0,20})?(?:e[-+]?\d{1,4})?))", re.I)


def _metrics(text: str) -> dict[str, bool]:
    """metric -> finite?, for the loss and gradient-norm values a line prints."""
    return {m.group("key").lower(): m.group("v").lower().lstrip("+-")[:3] not in ("nan", "inf")
            for m in _METRIC.finditer(text[:2000])}


def recovered(occ: Occurrence, wins: list[tuple[str, list[str]]], total_lines: int) -> str:
    """Where a non-finite loss or gradient norm comes back finite later in the same file: a step
    that dynamic loss scaling skipped (fp16 GradScaler, DeepSpeed's "Skipping step"), after which
    training went on. "" when the log shows no such recovery (the values stay non-finite, or
    nothing follows the last bad one)."""
    last = occ.last or occ.first
    bad = [k for k, ok in _metrics(last.line.text).items() if not ok]
    if not bad:
        return ""
    for name, lines in wins:
        if name != last.line.file and len(wins) > 1:
            continue
        # Where the bad line is in this window: by its text (a window is a file's tail, whose
        # first line number is known only for a single input), else by its number.
        at = next((j for j in range(len(lines) - 1, -1, -1) if last.line.text in lines[j]), None)
        first = max(1, total_lines - len(lines) + 1) if len(wins) == 1 and total_lines >= len(lines) else 1
        start = at + 1 if at is not None else max(0, last.line.number - first + 1)
        for i in range(start, len(lines)):
            seen = _metrics(lines[i])
            if all(seen.get(k) for k in bad):
                return (f"recovered: {', '.join(bad)} finite again at line {first + i} (a step skipped by loss "
                        "scaling; training went on)")
    return ""


def _from_shape(result: ScanResult, machine: Machine, inputs: list[str], file_order: dict,
                shape_lines: list[tuple[str, list[str]]] | None) -> list[Diagnosis]:
    """Diagnoses from the log's structure (reasoning.py), judged like the catalog's."""
    from ..base.records import replace
    from ..knowledge.signatures.structural import by_id as rules_by_id
    from .reasoning import reason
    from .structure import analyze, sentence_class

    found: dict[str, tuple] = {}
    wins = _windows(result, inputs, shape_lines)
    caught = any(o.signature.severity in ("fatal", "error") and o.signature.tier != NOTE
                 for o in result.occurrences.values())
    for name, lines in wins:
        first = max(1, result.lines - len(lines) + 1) if len(wins) == 1 and result.lines >= len(lines) else 1
        unexplained = [u for u in result.unexplained if u.file in (None, name)]
        shape = analyze(lines, name, first)
        if result.occurrences:  # the catalog knows the line (a warning): it is not judged again as a paste
            if shape.sentence is not None and shape.sentence[0] is shape.single and \
                    sentence_class(shape.sentence[0].text) is None:
                shape.sentence = None  # its class came from being the whole log, which no longer counts
            shape.single = None
        got = reason(shape, unexplained, lines, first)
        if shape.sentence is not None and not caught and not any(f for _, _, f in got) and \
                not reason(replace(shape, single=None), [], lines, first):
            # No signature and nothing but a line's words answered: the grammar of a refusal sentence
            # (structure.sentence_class) says more than the component a word names (track logs11).
            ln, rule, what = shape.sentence
            got = [(rules_by_id(rule), ln, {"class": what})]
        for sig, line, fields in got:
            found.setdefault(sig.id, (sig, line, fields))
    if not found and result.unexplained:
        for sig, line, fields in reason(analyze([]), result.unexplained):
            found.setdefault(sig.id, (sig, line, fields))
    sigs = [sig for sig, _, _ in found.values()]
    machine.run_checks(c.check for s in sigs for c in s.causes if c.check)
    out = []
    for sig, line, fields in found.values():
        occ, ranked = _one_line_occurrence(machine, sig, line, fields, run=False)
        if sig.id in _SHOWN_BY_LOG:
            ranked = _log_shows(ranked, line)
        facts = [f"{k.replace('_', ' ')}: {v}" for k, v in fields.items()]
        out.append(Diagnosis(occ, ranked, facts=facts,
                             order=(sig.tier, file_order.get(line.file, 0), line.number), structural=True))
    return out


_MARK = {CONFIRMED: ("✗", "bold red"), LIKELY: ("!", "yellow"), UNKNOWN: ("?", ""), NOT_CHECKED: ("?", "dim"),
         RULED_OUT: ("✓", "green")}


def text_lines(expl: Explanation, verbose: bool = False) -> list[tuple[str, str]]:
    """The explanation as styled lines (render.print_lines), quoting log lines redacted."""
    import shlex

    quote = redactor()

    def q(s: str, width: int = 220) -> str:
        s = quote(s).replace("\t", " ")
        return s if len(s) <= width else s[:width - 3] + "..."

    r = expl.result
    out: list[tuple[str, str]] = []
    src = expl.machine.describe()
    facts = ("no machine facts" if src.get("kind") == "none" else
             f"facts: {src.get('snapshot') or src.get('root') or src.get('label') or 'this machine'}")
    what = ", ".join(expl.inputs) if len(expl.inputs) <= 3 else f"{len(r.files)} files"
    what = " ".join(what.split())
    what = what if len(what) <= 100 else what[:97] + "..."
    out.append((f"rocmdoctor explain · {what} · {r.lines:,} line{'' if r.lines == 1 else 's'} in {r.seconds:.1f} s · {facts}", "bold"))
    out.append(("Verdict: " + q(expl.verdict(), 400), "bold red" if expl.exit_code() else "bold green"))
    if expl.stall:
        out.append(("", ""))
        out += stall_lines(expl.stall, q)
    problems = [d for d in expl.diagnoses if d.signature.tier != NOTE]
    notes = [d for d in expl.diagnoses if d.signature.tier == NOTE]
    for i, d in enumerate(problems, 1):
        s, occ = d.signature, d.occurrence
        out.append(("", ""))
        out.append((f"{i}. {s.title}  [{s.family} · {TIER_NAMES[s.tier]} · {s.severity}]",
                    "bold red" if d.is_problem else "bold yellow"))
        if d.follows:
            out.append((f"   follows from #{1 + [x.signature.id for x in problems].index(d.follows)} "
                        f"({d.follows}): usually a consequence, not the cause", "dim"))
        for m in evidence_matches(occ):
            out.append((f"   {m.line.where()}: {q(m.line.text)}", "dim"))
            for b in m.block[: (12 if verbose else 4)]:
                out.append((f"     {b.number}: {q(b.text.strip())}", "dim"))
            if len(m.block) > (12 if verbose else 4):
                out.append((f"     ... {len(m.block) - (12 if verbose else 4)} more lines of this block", "dim"))
        seen = f"   seen {occ.count} time{'s' if occ.count != 1 else ''}"
        if occ.ranks:
            seen += f" on rank{'s' if len(occ.ranks) != 1 else ''} " + ", ".join(map(str, sorted(occ.ranks)[:16]))
        if len(occ.files) > 1:
            seen += f" in {len(occ.files)} files"
        out.append((seen, "dim"))
        for g in d.gpus:
            if g.get("index") is not None:
                out.append((f"   {g['named_by']} is GPU {g['index']} ({g['pci']}, {g['gfx']}, KFD node {g['node']})", ""))
            elif g.get("note"):
                out.append((f"   {g['named_by']}: {g['note']}", "dim"))
        for fct in d.facts:
            out.append(("   " + fct, ""))
        out.append(("   " + s.meaning, ""))
        out.append(("   Likely causes" + (" on this machine:" if expl.machine.has_facts else ":"), "bold"))
        for c in d.causes:
            mark, style = _MARK[c.status]
            code = f"{c.cause.check}  " if c.cause.check else ""
            out.append((f"   {mark} {c.status:11} {code}{c.cause.text}", style))
            for f in c.findings[:2] if c.status in (CONFIRMED, LIKELY) or verbose else ():
                out.append((f"       {f.code}: {q(f.title, 300)}" + (f" [{f.subject}]" if f.subject else ""), ""))
            if c.reason and (verbose or c.status == NOT_CHECKED and c.cause.check or
                             c.status == LIKELY and not c.findings):
                out.append((f"       ({q(c.reason, 200)})", "dim"))
            plan = c.fix_plan() if c.status in (CONFIRMED, LIKELY) else None
            if plan:
                out.append((f"       fix: {plan.title} ({plan.applicability.value}"
                            f"{', needs root' if plan.needs_root else ''}{', reboot' if plan.needs_reboot else ''})",
                            "bold"))
                for a in plan.actions:
                    if a.argv:
                        out.append(("         $ " + " ".join(shlex.quote(x) for x in a.argv), ""))
                    elif a.env is not None:
                        for k, v in a.env.items():
                            out.append((f"         {'unset ' + k if v is None else f'export {k}={shlex.quote(v)}'}", ""))
                    else:
                        out.append(("         " + a.description, ""))
            elif c.cause.fix and c.status in (CONFIRMED, LIKELY, UNKNOWN, NOT_CHECKED) and i == 1:
                out.append((f"       fix: {c.cause.fix}", ""))
        out.append(("   Fix: " + s.fix, ""))
        if verbose:
            out.append(("   Sources: " + ", ".join(s.sources), "dim"))
    if notes:
        out.append(("", ""))
        out.append(("Also seen, not causes: " + "; ".join(
            f"{d.signature.title} ({d.occurrence.count}x, {d.occurrence.first.line.where()})" for d in notes), "dim"))
    if r.unexplained_count:
        out.append(("", ""))
        head = ("No signature matches these lines that look like errors" if not problems else
                "Other lines that look like errors (no signature matches them)")
        if expl.went_on and not expl.exit_code():
            head = f"Lines that look like errors, after which the run went on ({q(expl.went_on, 160)})"
        out.append((f"{head} ({r.unexplained_count}" +
                    (f", first {len(r.unexplained)} shown" if r.unexplained_count > len(r.unexplained) else "") + "):",
                    "bold"))
        for ln in r.unexplained[: (20 if verbose else 8)]:
            out.append((f"   {ln.where()}: {q(ln.text)}", "dim"))
    elif not expl.diagnoses:
        out.append(("", ""))
        out.append(("No signature matched and no line looked like an error.", ""))
    for n in expl.notes:
        out.append(("note: " + n, "dim"))
    return out


def stall_lines(stall: dict, q: Callable[[str, int], str]) -> list[tuple[str, str]]:
    state = "idle processes" if stall.get("idle", True) else "busy processes (a spinning wait, or long silent work)"
    out = [(f"STALL: no output for {stall.get('idle_s', 0):.0f} s with {state} "
            f"(threshold {stall.get('threshold_s', 0):.0f} s)", "bold red")]
    for p in stall.get("processes", [])[:16]:
        where = p.get("where") or "stack unavailable"
        who = " ".join(x for x in (p.get("role", ""), p.get("name", "")) if x)
        out.append((f"   pid {p['pid']} {who}, cpu {100 * p.get('cpu', 0):.0f}%: {q(where, 200)}", ""))
    odd = odd_ranks(stall.get("processes", []))
    if odd:
        out.append((f"   {odd}", "bold"))
    if stall.get("missing"):
        out.append((f"   ({stall['missing']})", "dim"))
    return out


def odd_ranks(procs: list[dict]) -> str:
    """When the ranks wait in different places, the ones that are not where the most are: the
    others are usually waiting for them."""
    ranks = [p for p in procs if "rank" in p and p.get("where")]
    if len(ranks) < 2:
        return ""
    groups: dict[str, list] = {}
    for p in ranks:
        groups.setdefault(p["where"], []).append(p["rank"])
    if len(groups) < 2:
        return f"all {len(ranks)} ranks wait at the same place: {next(iter(groups))}"
    most = max(groups.values(), key=len)
    others = [(w, r) for w, r in groups.items() if r is not most]
    return "; ".join(f"rank{'s' if len(r) > 1 else ''} {', '.join(map(str, sorted(r, key=str)))} "
                     f"{'are' if len(r) > 1 else 'is'} elsewhere: {w}" for w, r in others) + \
        f" (rank{'s' if len(most) > 1 else ''} {', '.join(map(str, sorted(most, key=str)))} wait" + \
        f"{'' if len(most) > 1 else 's'} in: {next(w for w, r in groups.items() if r is most)})"
