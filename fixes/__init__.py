"""Fix appliers, one module per kind of change. Installed as rocmdoctor.fixes."""
