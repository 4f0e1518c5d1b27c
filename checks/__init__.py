"""Built-in checks, one module per area. Installed as rocmdoctor.checks.

To add a check: write a function decorated with @check in the module for its area,
naming the facts it needs as parameters, and a test with a passing and a failing
fixture in tests/checks/test_<module>.py. The engine discovers it; nothing else needs
changing (docs/writing-checks.md).

Start-up rules (docs/writing-checks.md, enforced by tests): write `level=` and `option=` in
@check(...) as string literals, since a scan reads them from this source to skip modules it
cannot run; import what only a fix plan needs inside the function that builds it.
"""
