"""The deg.v1 wire contract in Python: the gRPC stubs of `proto/deg/v1/*.proto`, generated on
demand, and (`degproto.convert`) the conversion between the core library's objects and its
messages. The gateway and the inference service both import this package, never each other.

Stubs are build output, not source: `load()` runs grpcio-tools' protoc into a cache directory
named by a hash of every `.proto` file and the grpcio-tools version, so a changed contract or
toolchain regenerates automatically and a stale tree is never imported. Generation writes to
a temporary directory and renames it into place, so processes starting together (gateway and
inference) never see a half-written tree.

The generated modules live in this package: protoc names them after the proto's path, and
its virtual include path (`-Idegproto=proto/deg`) maps `deg/v1/inference.proto` to
`degproto/v1/inference_pb2.py` (not `deg.v1...`, which would collide with the `deg` core
package). `load()` appends the generated `degproto/` directory to this package's `__path__`, so
they import as `degproto.v1.inference_pb2` without touching `sys.path`. The protobuf package
(`deg.v1`, hence the gRPC method names such as `/deg.v1.Inference/Fill`) is unchanged. Proto
files that import one another must therefore write `import "degproto/v1/x.proto"`.

Where: `$DEG_PROTO_GEN_DIR` if set, else `<repository>/build/proto_gen/` (ignored by git).
"""
from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from types import ModuleType

PROTO_ROOT = Path(__file__).resolve().parents[1] / "proto" / "deg"
PYTHON_PACKAGE = "degproto"

_lock = threading.Lock()
_loaded: "Stubs | None" = None


class ProtoGenerationError(RuntimeError):
    """protoc rejected the contract or could not write its output."""


@dataclass(frozen=True)
class Stubs:
    pb2: ModuleType        # messages and enums of deg.v1
    grpc: ModuleType       # InferenceStub, InferenceServicer, add_InferenceServicer_to_server
    directory: Path        # the generated tree (its degproto/ is on this package's __path__)


def _proto_files(root: Path) -> list[Path]:
    files = sorted(root.rglob("*.proto"))
    if not files:
        raise ProtoGenerationError(f"no .proto files under {root}")
    return files


def contract_hash(root: Path = PROTO_ROOT) -> str:
    """sha256 over every proto file (path and bytes) and the protoc toolchain version."""
    digest = hashlib.sha256()
    digest.update(metadata.version("grpcio-tools").encode())
    for path in _proto_files(root):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _generation_root() -> Path:
    configured = os.environ.get("DEG_PROTO_GEN_DIR")
    if configured:
        return Path(configured)
    return PROTO_ROOT.parents[1] / "build" / "proto_gen"


def generate(out_root: Path | None = None, root: Path = PROTO_ROOT) -> Path:
    """Generate the stubs (if not already there) and return the generated tree."""
    from grpc_tools import protoc  # build-time dependency, imported only when generating

    out_root = out_root or _generation_root()
    target = out_root / contract_hash(root)
    if (target / ".complete").exists():
        return target
    out_root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".gen-", dir=out_root))
    try:
        well_known = resources.files("grpc_tools") / "_proto"
        relative = [f"{PYTHON_PACKAGE}/{p.relative_to(root).as_posix()}" for p in _proto_files(root)]
        args = [
            "grpc_tools.protoc",
            f"-I{PYTHON_PACKAGE}={root}",
            f"-I{well_known}",
            f"--python_out={staging}",
            f"--grpc_python_out={staging}",
            *relative,
        ]
        if protoc.main(args) != 0:
            raise ProtoGenerationError(f"protoc failed on {relative} (see its messages above)")
        # Make every generated directory a regular package so imports never depend on
        # namespace-package discovery order on sys.path.
        for directory in [staging / PYTHON_PACKAGE, *(staging / PYTHON_PACKAGE).rglob("*")]:
            if directory.is_dir():
                (directory / "__init__.py").touch()
        (staging / ".complete").touch()
        try:
            os.rename(staging, target)
        except OSError:
            # Another process renamed its identical tree into place first; use that one.
            if not (target / ".complete").exists():
                raise
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return target


def load() -> Stubs:
    """Import the deg.v1 stubs, generating them first when missing or stale."""
    global _loaded
    if _loaded is not None:
        return _loaded
    with _lock:
        if _loaded is None:
            directory = generate()
            generated = str(directory / PYTHON_PACKAGE)
            if generated not in __path__:
                __path__.append(generated)
            pb2 = importlib.import_module(f"{PYTHON_PACKAGE}.v1.inference_pb2")
            grpc_module = importlib.import_module(f"{PYTHON_PACKAGE}.v1.inference_pb2_grpc")
            _loaded = Stubs(pb2=pb2, grpc=grpc_module, directory=directory)
        return _loaded
