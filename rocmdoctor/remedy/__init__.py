"""Remedies: fix plans as data, and the atomic, journalled edits that apply and undo them."""
