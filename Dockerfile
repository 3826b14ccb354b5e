# A table server for the internet: `cardtable serve` in a container (docs/SERVER.md).
#
#   docker build -t cardtable-serve .
#   docker run -d --name cardtable -p 47651:47651 --ulimit nofile=65536:65536 cardtable-serve
#
# It serves plain ws:// on port 47651; put it behind a TLS proxy for wss:// (docs/SERVER.md).
# Options of `cardtable serve` go after the image's name, e.g. `... cardtable-serve
# --max-tables 500 --trust-proxy`.
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# the exact versions of every package, by their hashes (as `make play` installs them), then
# the program itself built by the locked setuptools without touching anything else
COPY requirements.lock.txt requirements.lock.txt
RUN pip install --require-hashes -r requirements.lock.txt
COPY pyproject.toml README.md ./
COPY cardtable ./cardtable
RUN pip install --no-deps --no-build-isolation . \
    && useradd --system --no-create-home --uid 10001 cardtable

USER cardtable
EXPOSE 47651
HEALTHCHECK --interval=30s --timeout=5s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:47651/health', timeout=4)"]
ENTRYPOINT ["cardtable", "serve", "--host", "0.0.0.0", "--port", "47651"]
