"""Adapters for any OpenAI-compatible endpoint (vLLM, llama.cpp server, Ollama, a hosted API)."""
