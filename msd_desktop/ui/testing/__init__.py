"""Test-only: the automation channel the end-to-end tests drive the window through. Started only
when MSD_DESKTOP_AUTOMATION is set; never used by the app otherwise.
"""
