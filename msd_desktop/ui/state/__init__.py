"""The State tab: STATE.md, the roadmap's phases and the status line, live."""
