"""Benchmarks that print Reverie's numbers side by side with a baseline measured in the same run."""
