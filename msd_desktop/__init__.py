"""MSD Desktop: a desktop companion for MSD planning projects.

``msd_desktop.core`` is the UI-free domain layer shared by the ``msd`` CLI and the window
(``msd_desktop.ui``); it never imports Qt.
"""

__version__ = "0.1.0"
