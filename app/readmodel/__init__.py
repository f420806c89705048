"""The read model of a final: frozen data built once per file revision (issue 15).

`model` holds the plain classes (no store); `load` builds and caches them from a file.
"""
