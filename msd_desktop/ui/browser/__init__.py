"""The project browser: the workspace/project tree and the overview table of every project."""
