"""The config history: every state of a config file MSD wrote or saw, kept, compared, restored.

UI-free, shared by the window and ``msd history``. ``store`` keeps the snapshots (content-
addressed, in a folder of ours in the user data folder), ``index`` is the per-file line
format, ``retention`` decides what pruning keeps, ``redact`` keeps secrets out, ``recorder``
is the hook the core's config writers call, ``restore`` turns a snapshot back into a document.
"""
