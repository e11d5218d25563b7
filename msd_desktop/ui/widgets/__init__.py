"""Shared Qt pieces every area may use: the table model base, value editors, elided label, theme,
workers, the watch bridge and the Qt guards.
"""
