"""Thin Lambda entry points, one module per function (stages.py holds one handler per dream stage).

Each handler translates an event into a service call and back; Powertools gives it logs, traces and EMF
metrics. Importing a handler module reads no settings and connects to nothing (see runtime.py).
"""
