"""API keys: the OS keyring store and the masking every view and output goes through."""
