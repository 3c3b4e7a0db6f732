"""A multipart/form-data body split into its parts, as discord.py's uploads send them.

>>> body = (b'--B\\r\\nContent-Disposition: form-data; name="payload_json"\\r\\n'
...         b'Content-Type: application/json\\r\\n\\r\\n{"content": "hi"}\\r\\n'
...         b'--B\\r\\nContent-Disposition: form-data; name="files[0]"; filename="hand.png"\\r\\n'
...         b'Content-Type: application/octet-stream\\r\\n\\r\\n\\x89PNG\\r\\n--B--\\r\\n')
>>> form_parts(body, b"B")
[('payload_json', None, b'{"content": "hi"}'), ('files[0]', 'hand.png', b'\\x89PNG')]
>>> boundary_of('multipart/form-data; boundary="a:b"'), boundary_of("application/json")
(b'a:b', None)
"""

from __future__ import annotations

import re

#: A parameter of a header: ``name="value"`` (quoted, with backslash escapes) or ``name=value``.
_PARAMETER = re.compile(r';\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')


def boundary_of(content_type: str) -> bytes | None:
    """The boundary of a multipart Content-Type header, or None when the body is not multipart."""
    if not content_type.lower().startswith("multipart/"):
        return None
    for name, quoted, plain in _PARAMETER.findall(content_type):
        if name.lower() == "boundary":
            return (quoted or plain).encode()
    raise ValueError("A multipart body without a boundary.")


def form_parts(body: bytes, boundary: bytes) -> list[tuple[str, str | None, bytes]]:
    """Each part's name, file name (None if it has none) and content, in order."""
    parts = []
    delimiter = b"\r\n--" + boundary
    for chunk in (b"\r\n" + body).split(delimiter)[1:]:
        if chunk.startswith(b"--"):
            break  # the closing delimiter
        head, separator, content = chunk.partition(b"\r\n\r\n")
        if not separator:
            raise ValueError("A multipart part without headers.")
        name, filename = None, None
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            if key.strip().lower() == "content-disposition":
                parameters = {n.lower(): re.sub(r"\\(.)", r"\1", q) or p for n, q, p in _PARAMETER.findall(value)}
                name, filename = parameters.get("name"), parameters.get("filename")
        if name is None:
            raise ValueError("A multipart part without a name.")
        parts.append((name, filename, content))
    return parts
