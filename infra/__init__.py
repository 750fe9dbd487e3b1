"""The AWS CDK app of Reverie: one stack per tenant (`cdk deploy -c tenant=acme`), see docs/deploy.md."""
