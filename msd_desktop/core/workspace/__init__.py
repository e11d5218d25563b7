"""Where projects live: the workspace registry, discovery under scan roots, the file watcher, the
project root, planning paths and project creation.
"""
