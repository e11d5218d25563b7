"""The UI-free core of MSD Desktop: schema, config, secrets, resolution, state, workspaces.

Nothing in this package imports Qt; the CLI and the window both sit on it. The behaviour it
implements is written up in ``docs/semantics.md``: a docstring's "spec §2.4 step 4", "§5.6" or
"Appendix B, D1" names a section or decision there.
"""
