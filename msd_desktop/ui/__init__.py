"""The PySide6 window. Thin views over Qt item models over the core.

Only this package imports Qt; ``msd_desktop.core`` never does.
"""
