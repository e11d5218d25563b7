"""The Models tab: the resolved model of every agent, the what-if controls and the trace of the
selected one.
"""
