"""Which model and effort each agent gets: the model catalog, the resolution layers with their
trace, execution settings and the runtime install marker.
"""
