"""`python -m degproto`: generate the deg.v1 stubs (if missing or stale) and print where."""
from degproto import load

if __name__ == "__main__":
    print(load().directory)
