"""Project configuration: the schema as data, loading and merging the layers, config-set/get with
validation, migration, the many-project matrix and the edit session (draft).
"""
