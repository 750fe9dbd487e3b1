"""AWS adapters of the ports (Bedrock, S3, DynamoDB, OpenSearch, SQS, Step Functions).

Import the module of the adapter you need; this package imports nothing, so loading it never pulls boto3
in or connects anywhere.
"""
