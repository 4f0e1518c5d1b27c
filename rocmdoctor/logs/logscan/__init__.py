"""Reading logs and matching them against the signature catalog
(rocmdoctor/knowledge/signatures.py). Shared by `rocmdoctor explain`, `rocmdoctor run` and
the kernel-log health checks.

    from rocmdoctor.logs.logscan import match_lines, scan_path
    for m in match_lines(dmesg_text.splitlines()):
        print(m.line.number, m.id, m.signature.tier, m.node, m.device)
    result = scan_path("train.log")          # any size; bounded memory
"""
from .lines import LogLine, parse, rank_from_path
from .matcher import Match, Scanner, looks_like_error, match_lines
from .reader import Occurrence, ScanResult, scan_path, scan_stream, scan_text

__all__ = ["LogLine", "Match", "Occurrence", "ScanResult", "Scanner", "looks_like_error", "match_lines",
           "parse", "rank_from_path", "scan_path", "scan_stream", "scan_text"]
