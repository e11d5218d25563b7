"""The Settings tab: the schema-generated form and its item model, the API keys panel and the
global defaults window.
"""
