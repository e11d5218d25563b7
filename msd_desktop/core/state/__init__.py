"""Where a project stands: STATE.md and its fast frontmatter path, the roadmap, the combined
project state, the statusline, status changes and the next command.
"""
