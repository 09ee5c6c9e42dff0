"""A headless Chromium driven through the Chrome DevTools Protocol over a pipe (no websocket, no
driver, no download): the browser tests, the preview benchmark and the docs' screenshots use it.

``Chromium.start()`` finds Debian's ``chromium`` (or ``$CHROMIUM``); ``find_chromium()`` says why
when there is none. Messages are JSON separated by NUL bytes on file descriptors 3 (to the
browser) and 4 (from it), as ``--remote-debugging-pipe`` defines.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from typing import Any

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> tuple[str | None, str]:
    """The browser's path, or None and why there is none."""
    named = os.environ.get("CHROMIUM")
    if named:
        return (named, "") if shutil.which(named) else (None, f"$CHROMIUM names {named}, which cannot be run")
    for name in CANDIDATES:
        found = shutil.which(name)
        if found:
            return found, ""
    return None, "no Chromium on this machine (apt-get install chromium, or set $CHROMIUM)"


class BrowserError(RuntimeError):
    """The browser answered with an error, closed, or took too long."""


class Chromium:
    """One headless browser; ``page()`` opens a tab to drive."""

    def __init__(self, process: subprocess.Popen[bytes], to_browser: int, from_browser: int, profile: str) -> None:
        self.process = process
        self._out = to_browser
        self._in = from_browser
        self._profile = profile
        self._buffer = b""
        self._next = 0
        self._lock = threading.Lock()
        self._replies: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []

    @classmethod
    def start(cls, width: int = 1280, height: int = 900) -> "Chromium":
        path, why = find_chromium()
        if path is None:
            raise BrowserError(why)
        profile = tempfile.mkdtemp(prefix="cardforge-chromium-")
        to_read, to_browser = os.pipe()
        from_browser, to_write = os.pipe()
        # the browser reads fd 3 and writes fd 4: move the pipe ends there in the child
        high_read = fcntl.fcntl(to_read, fcntl.F_DUPFD, 10)
        high_write = fcntl.fcntl(to_write, fcntl.F_DUPFD, 10)

        def place() -> None:
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        args = [path, "--headless=new", "--remote-debugging-pipe", f"--user-data-dir={profile}", "--no-first-run",
                "--no-default-browser-check", "--disable-gpu", "--disable-extensions", "--mute-audio",
                "--hide-scrollbars", "--font-render-hinting=none", f"--window-size={width},{height}", "about:blank"]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses to sandbox itself as root (CI runs as root)
        # close_fds=False: only the two dup2'ed descriptors are inheritable (Python opens every other
        # one close-on-exec), and pass_fds would refuse 3 and 4 where the parent has them closed
        process = subprocess.Popen(args, close_fds=False, preexec_fn=place, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (to_read, to_write, high_read, high_write):
            os.close(fd)
        return cls(process, to_browser, from_browser, profile)

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=3)
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._out, self._in):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self) -> "Chromium":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- the protocol --

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> int:
        """Send a command; its id (``reply`` waits for the answer)."""
        with self._lock:
            self._next += 1
            number = self._next
        message: dict[str, Any] = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode("utf-8") + b"\0"
        while data:
            data = data[os.write(self._out, data):]
        return number

    def reply(self, number: int, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while number not in self._replies:
            self._read(deadline)
        answer = self._replies.pop(number)
        if "error" in answer:
            raise BrowserError(str(answer["error"]))
        result: dict[str, Any] = answer.get("result", {})
        return result

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 10.0) -> dict[str, Any]:
        return self.reply(self.send(method, params, session), timeout)

    def _read(self, deadline: float) -> None:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("the browser did not answer in time")
            ready, _, _ = select.select([self._in], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if "id" in message:
            self._replies[message["id"]] = message
        else:
            self.events.append(message)

    def page(self, width: int = 1280, height: int = 900) -> "Tab":
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tab = Tab(self, session, target)
        tab.call("Page.enable")
        tab.call("Runtime.enable")
        tab.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        return tab


class Tab:
    """One page of the browser."""

    def __init__(self, browser: Chromium, session: str, target: str) -> None:
        self.browser = browser
        self.session = session
        self.target = target

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 10.0) -> dict[str, Any]:
        return self.browser.call(method, params, self.session, timeout)

    def send(self, method: str, params: dict[str, Any] | None = None) -> int:
        return self.browser.send(method, params, self.session)

    def goto(self, url: str, timeout: float = 10.0) -> None:
        self.call("Page.navigate", {"url": url}, timeout)
        self.wait_for("document.readyState === 'complete'", timeout)

    def evaluate(self, expression: str, timeout: float = 10.0) -> Any:
        """The value of a JavaScript expression (promises awaited)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, timeout)
        return self._value(result)

    def start_evaluate(self, expression: str) -> int:
        """Start evaluating (``finish`` waits for the value): to time something the page does."""
        return self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})

    def finish(self, number: int, timeout: float = 10.0) -> Any:
        return self._value(self.browser.reply(number, timeout))

    @staticmethod
    def _value(result: dict[str, Any]) -> Any:
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise BrowserError(str(details.get("exception", {}).get("description") or details.get("text")))
        return result["result"].get("value")

    def wait_for(self, condition: str, timeout: float = 10.0) -> Any:
        """Wait until a JavaScript expression is truthy (checked every animation frame); its value."""
        script = (f"new Promise((resolve, reject) => {{ const end = performance.now() + {timeout * 1000};"
                  f" const check = () => {{ let v; try {{ v = ({condition}); }} catch (e) {{ v = undefined; }}"
                  f" if (v) resolve(v); else if (performance.now() > end) reject(new Error('timed out waiting for: '"
                  f" + {json.dumps(condition)})); else requestAnimationFrame(check); }}; check(); }})")
        return self.evaluate(script, timeout + 5)

    def screenshot(self, clip: dict[str, float] | None = None, full_page: bool = False) -> bytes:
        """A PNG of the viewport, of ``clip`` (CSS pixels of the page), or of the whole page."""
        params: dict[str, Any] = {"format": "png"}
        if clip is not None:
            params["clip"] = {**clip, "scale": 1}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
        return base64.b64decode(self.call("Page.captureScreenshot", params, timeout=30)["data"])

    def close(self) -> None:
        self.browser.call("Target.closeTarget", {"targetId": self.target})
