"""The small shared pieces every domain builds on: errors, JSON files read safely and written
atomically under the planning lock, JS number coercion, read-only records.
"""
