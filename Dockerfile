# dtree-lab for a classroom server: slim Python, Graphviz and CJK fonts, a non-root user.
#   docker build -t dtree-lab . && docker run -p 8501:8501 dtree-lab
# Limits per request (rows, columns, classes, nodes, depth, seconds) come from
# DTREE_BUDGET_* variables or .streamlit/secrets.toml's [budget] table (README, Deploying).
FROM python:3.11-slim

RUN apt-get update \
    && apt-get install -y --no-install-recommends graphviz fonts-noto-cjk curl \
    && rm -rf /var/lib/apt/lists/*

RUN useradd --create-home --uid 10001 dtree
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY --chown=dtree:dtree . .
USER dtree
# compile the grower's numba kernels now, into the image: a server's first big tree then
# loads them (about 0.35 s) instead of compiling them (about 5 s)
RUN python -c "from dtree_core import kernels; kernels.load()"

EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD curl --fail --silent http://127.0.0.1:8501/_stcore/health || exit 1
CMD ["streamlit", "run", "app.py", "--server.address=0.0.0.0", "--server.port=8501", \
     "--server.headless=true", "--server.fileWatcherType=none"]
