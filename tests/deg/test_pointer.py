import pytest

from deg.pointer import concretize, escape, join, pointer_of, split, unescape


@pytest.mark.parametrize("name", ["a", "a/b", "m~n", "~/", "~1", "/~0", "", "*"])
def test_escape_round_trips(name):
    assert unescape(escape(name)) == name
    assert split(pointer_of([name])) == [name]


def test_escape_order_follows_rfc_6901():
    assert escape("~1") == "~01"            # not "/"
    assert unescape("~01") == "~1"
    assert pointer_of(["a/b", 0, "m~n"]) == "/a~1b/0/m~0n"
    assert join(("a/b", "*", "m~n")) == "/a~1b/*/m~0n"


def test_split_refuses_non_pointers():
    assert split("") == []
    with pytest.raises(ValueError, match="not an RFC 6901 pointer"):
        split("a/b")


def test_concretize_fills_stars_outermost_first():
    assert concretize(("rows", "*", "cells", "*", "v"), [2, 5]) == ["rows", 2, "cells", 5, "v"]
    assert concretize(("rows", "*", "cells", "*"), [1]) == ["rows", 1, "cells", "*"]
