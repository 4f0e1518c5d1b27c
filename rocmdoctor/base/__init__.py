"""Small foundations every wing may import: records, redaction, lazy regexes, JSON limits,
module listing. Nothing here imports another rocmdoctor wing."""
