"""The composition roots: the only modules that name concrete adapters.

- `local` builds the embedded backends (SQLite, MiniLM, the rule reasoner) from `local_settings`.
- `aws` builds one Lambda function's backends (S3, DynamoDB, OpenSearch, Bedrock, SQS) from `aws_settings`.
"""
