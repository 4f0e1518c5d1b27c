"""Static knowledge tables; each module names the sources its rows come from."""
