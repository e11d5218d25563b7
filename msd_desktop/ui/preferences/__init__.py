"""The application's own windows about itself: Edit → Preferences… and Help → Getting started.
"""
