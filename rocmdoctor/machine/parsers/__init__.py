"""Pure parsers: text in, values out. Tolerant: a bad line is skipped, never fatal."""
