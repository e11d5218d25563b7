"""The UI-free core of MSD Desktop: schema, config, secrets, resolution, state, workspaces.

Nothing in this package imports Qt; the CLI and the window both sit on it.
"""
