"""Companion windows around the main one: the tray, the new-project dialog, the config matrix and
the next command.
"""
