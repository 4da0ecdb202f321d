"""Static hosts for the export's tests, each serving a folder as that host does by default:
`python -m http.server` (and S3: a folder path without its slash gets a redirect),
a GitHub-Pages-like rule (`/C/NE5` is `C/NE5.html`, unknown paths get `404.html` with 404),
and Debian's nginx with its default `location /` (a folder gets a redirect; `error_page`
named as README says)."""

from __future__ import annotations

import io
import mimetypes
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..served import free_port

HOSTS = ("http.server", "gh-pages", "nginx")


def wait_for(url: str, proc: subprocess.Popen | None = None, timeout: float = 20.0) -> None:
    """Wait until URL answers at all (any status); fail if PROC exits first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"the host exited with {proc.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{url} never answered")


class GitHubPagesHandler(SimpleHTTPRequestHandler):
    """GitHub Pages' rule: the file, else the path with `.html`, else a folder's index.html
    (a folder without its slash gets a redirect), else the site's `404.html` with 404."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".webmanifest": "application/manifest+json", ".js": "text/javascript"}  # fmt: skip

    def log_message(self, *args: object) -> None:
        pass

    def send_head(self):  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        if not path.is_file() and path.with_name(path.name + ".html").is_file():
            self.path = self.path.split("?")[0] + ".html"
        elif not path.exists():
            return self._not_found()
        return super().send_head()

    def _not_found(self):
        page = Path(self.directory) / self.site / "404.html"
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


NGINX_CONF = """daemon off;
user root;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 64; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {root};
        error_page 404 /{site}/404.html;
        location / {{ }}
    }}
}}
"""


@contextmanager
def serve(host: str, root: Path, site: str, tmp: Path) -> Iterator[str]:
    """Serve ROOT (the export in ROOT/SITE) as HOST does; yields the address of the root."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    if host == "gh-pages":
        handler = partial(GitHubPagesHandler, directory=str(root))
        GitHubPagesHandler.site = site
        server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield url
        finally:
            server.shutdown()
            server.server_close()
        return
    if host == "http.server":
        command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                   "--directory", str(root)]  # fmt: skip
    elif host == "nginx":
        conf = tmp / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=tmp, port=port, root=root, site=site))
        command = [shutil.which("nginx") or "/usr/sbin/nginx", "-c", str(conf)]
    else:
        raise ValueError(host)
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(url + "/", proc)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def nginx_available() -> bool:
    return bool(shutil.which("nginx") or Path("/usr/sbin/nginx").is_file())


mimetypes.add_type("application/manifest+json", ".webmanifest")
