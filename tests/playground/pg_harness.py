"""A real `interop playground` server (the CLI, in a subprocess) and a real headless Chromium."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)


@dataclass
class Server:
    """A running `interop playground` process and what it printed."""

    proc: subprocess.Popen[str]
    url: str
    stdout: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return self.url.split("/?", 1)[0]

    @property
    def token(self) -> str:
        return self.url.split("token=", 1)[1]

    def stop(self, sig: int = signal.SIGINT, timeout: float = 20) -> int:
        """Stop the server the way a person (Ctrl+C) or a supervisor (SIGTERM) does."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        time.sleep(0.1)  # let the reader threads drain
        return self.proc.returncode


def _reader(stream: object, sink: list[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        sink.append(line)


def start_server(target: str, *args: str, timeout: float = 60) -> Server:
    """`interop playground TARGET --port 0 ARGS...` with this folder importable; waits for its URL."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "interop", "playground", target, "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    out: list[str] = []
    err: list[str] = []
    threading.Thread(target=_reader, args=(proc.stdout, out), daemon=True).start()
    threading.Thread(target=_reader, args=(proc.stderr, err), daemon=True).start()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in out:
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", line)
            if found:
                return Server(proc, found.group(0), out, err)
        if proc.poll() is not None:
            time.sleep(0.1)
            raise RuntimeError(f"the playground exited with {proc.returncode}: {''.join(err)}")
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"the playground printed no URL in {timeout}s: {''.join(out + err)}")


def have_browser() -> bool:
    return Path(CHROMIUM).is_file() and Path(CHROMEDRIVER).is_file()


def new_driver(width: int = 1280, height: int = 900):  # -> selenium WebDriver
    """Debian's chromium through Debian's chromedriver: Selenium Manager never runs, nothing is downloaded."""
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager, should anything call it: no network
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="pg-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    downloads = Path(profile) / "downloads"
    downloads.mkdir()
    options.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    quit_ = driver.quit

    def quit_and_clean() -> None:
        try:
            quit_()
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    driver.quit = quit_and_clean  # type: ignore[method-assign]
    driver.download_dir = downloads  # type: ignore[attr-defined]
    return driver
