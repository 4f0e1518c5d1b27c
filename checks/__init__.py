"""Built-in checks, one module per area. Installed as rocmdoctor.checks.

To add a check: write a function decorated with @check in the module for its area,
naming the facts it needs as parameters, and a test with a passing and a failing
fixture. The engine discovers it; nothing else needs changing (docs/writing-checks.md).
"""
