"""A reader of UBJSON (ubjson.org, draft 12), the binary form cudnn-frontend's
``graph.serialize()`` writes (nlohmann's ``to_ubjson``)."""

import struct

_INTS = {b"i": (">b", 1), b"U": (">B", 1), b"I": (">h", 2), b"l": (">i", 4), b"L": (">q", 8)}
_FLOATS = {b"d": (">f", 4), b"D": (">d", 8)}


class _Reader:
    def __init__(self, data):
        self.data = bytes(data)
        self.pos = 0

    def take(self, n):
        if self.pos + n > len(self.data):
            raise ValueError("UBJSON: truncated at byte %d" % self.pos)
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def marker(self):
        m = self.take(1)
        while m == b"N":
            m = self.take(1)
        return m

    def length(self):
        m = self.marker()
        if m not in _INTS:
            raise ValueError("UBJSON: a length of type %r" % m)
        n = self.scalar(m)
        if n < 0:
            raise ValueError("UBJSON: a negative length")
        return n

    def scalar(self, m):
        if m in _INTS:
            fmt, n = _INTS[m]
            return struct.unpack(fmt, self.take(n))[0]
        if m in _FLOATS:
            fmt, n = _FLOATS[m]
            return struct.unpack(fmt, self.take(n))[0]
        raise ValueError("UBJSON: %r is not a number" % m)

    def value(self, m=None):
        if m is None:
            m = self.marker()
        if m == b"Z":
            return None
        if m == b"T":
            return True
        if m == b"F":
            return False
        if m in _INTS or m in _FLOATS:
            return self.scalar(m)
        if m == b"C":
            return self.take(1).decode("ascii")
        if m in (b"S", b"H"):
            text = self.take(self.length()).decode("utf-8")
            return float(text) if m == b"H" else text
        if m == b"[":
            return self.container(is_object=False)
        if m == b"{":
            return self.container(is_object=True)
        raise ValueError("UBJSON: unknown marker %r at byte %d" % (m, self.pos - 1))

    def container(self, is_object):
        kind, count = None, None
        if self.data[self.pos : self.pos + 1] == b"$":
            self.pos += 1
            kind = self.take(1)
        if self.data[self.pos : self.pos + 1] == b"#":
            self.pos += 1
            count = self.length()
        out = {} if is_object else []
        i = 0
        while True:
            if count is not None:
                if i == count:
                    return out
            elif self.data[self.pos : self.pos + 1] == (b"}" if is_object else b"]"):
                self.pos += 1
                return out
            if is_object:
                key = self.take(self.length()).decode("utf-8")
                out[key] = self.value(kind)
            else:
                out.append(self.value(kind))
            i += 1


def loads(data):
    """The value ``data`` (bytes) holds."""
    r = _Reader(data)
    v = r.value()
    if r.pos != len(r.data):
        raise ValueError("UBJSON: %d bytes after the value" % (len(r.data) - r.pos))
    return v
