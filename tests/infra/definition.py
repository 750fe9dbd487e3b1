"""The dream state machine's definition as deployed: read back from a synthesised template.

`deployed_definition(template, arns)` returns the ASL document with each `${...FunctionArn}` replaced,
so an emulated run (moto's Step Functions) executes exactly what CloudFormation would create.
"""

from __future__ import annotations

import json
from typing import Any

from aws_cdk.assertions import Template


def deployed_definition(template: Template, arns: dict[str, str] | None = None) -> dict[str, Any]:
    machines = [
        r["Properties"]
        for r in template.to_json()["Resources"].values()
        if r["Type"] == "AWS::StepFunctions::StateMachine"
    ]
    assert len(machines) == 1, "expected one state machine"
    text = machines[0]["DefinitionString"]
    for name in machines[0].get("DefinitionSubstitutions", {}):
        arn = (arns or {}).get(
            name, f"arn:aws:lambda:us-east-1:123456789012:function:{name.removesuffix('Arn')}"
        )
        text = text.replace("${" + name + "}", arn)
    return json.loads(text)


def item_states(definition: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return definition["States"][definition["StartAt"]]["ItemProcessor"]["States"]
