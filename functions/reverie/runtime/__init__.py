"""Process-wide pieces of the running program that services and adapters share (no I/O, no backend)."""
