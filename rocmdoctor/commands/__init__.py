"""One module per subcommand: NAME, HELP, add_arguments(parser), run(args) -> exit code.

The CLI discovers them; adding a command means adding a module here.
"""
