"""What every language-model `Reasoner` shares, whatever serves the model: the flow and its retries (`base`),
the prompts and answer schemas it sends (`prompting`) and the checks on what comes back (`answers`).

The backends live with their family: Bedrock in `adapters/aws/`, any OpenAI-compatible endpoint in
`adapters/openai/`; the deterministic rule reasoner in `adapters/local/`.
"""
