"""Bench: the campaign page's map in Chromium on a 1,000- and a 10,000-hex campaign.

For each size it builds a demo campaign, serves it (Django's live server thread, static
files included), logs a player in with Playwright and opens the campaign page with
tracing on, then prints:

* the page's size and the time from navigation start to the HTML received, to
  DOMContentLoaded, and to the map drawn (the ``warpost:map-drawn`` performance mark that
  static/warpost/map-view.js sets once the map is set up and painted);
* the frame times while a scripted drag pans the map, at the whole map and zoomed in
  (requestAnimationFrame deltas: p50, p95, worst, and frames dropped, i.e. longer than
  1.5 frames of 60 Hz), with how many of the map's chunks are drawn.

Targets: the map drawn in under 2 s; a pan without stutter (p95 near 16.7 ms). It prints
the figures and never asserts: run it on demand.

    .venv/bin/python bench/map_render_browser.py [--hexes 1000 10000] [--players 16]

Without DATABASE_URL it works in a throwaway SQLite file under /tmp, removed at the end.
The Playwright traces go to /tmp/warpost-map-trace-<hexes>.zip (open them with
``playwright show-trace``). Chromium runs headless without a GPU, as in CI: a desktop
browser with one draws faster.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import django_database  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FRAME_MS = 1000 / 60
VIEWPORT = {"width": 1366, "height": 900}

# Records every animation frame's time until asked to stop; the CSP allows no eval, but
# Playwright's evaluate runs in the page as the debugger does, which it does not block.
RECORD_FRAMES = """() => {
  window.benchFrames = [];
  window.benchRecording = true;
  const tick = (t) => {
    window.benchFrames.push(t);
    if (window.benchRecording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""
STOP_FRAMES = """() => {
  window.benchRecording = false;
  const f = window.benchFrames;
  return f.slice(1).map((t, i) => t - f[i]);
}"""
# Drawn: laid out at all (neither culled nor hidden under a wide map's overview).
CHUNKS_DRAWN = """() => {
  const chunks = [...document.querySelectorAll('svg.map .m-chunk')];
  return [chunks.filter((c) => getComputedStyle(c).display !== 'none').length, chunks.length];
}"""


def serve():
    """Django's live server thread on a free port, with the static files."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    server = LiveServerThread("localhost", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    return server, f"http://localhost:{server.port}"


def wait_for_the_map(page) -> float:
    """Milliseconds from navigation start to the map drawn, polled from here (the page's
    Content-Security-Policy refuses Playwright's in-page polling)."""
    for _ in range(600):
        drawn = page.evaluate(
            "(performance.getEntriesByName('warpost:map-drawn')[0] || {}).startTime || 0"
        )
        if drawn:
            return drawn
        page.wait_for_timeout(50)
    raise RuntimeError("the map was never drawn")


def pan(page, steps: int = 60) -> tuple[list[float], tuple[int, int]]:
    """A drag across the map's frame, one pointer move a step; the frames meanwhile."""
    frame = page.locator(".map-viewport").bounding_box()
    x, y = frame["x"] + frame["width"] * 0.7, frame["y"] + frame["height"] * 0.7
    page.evaluate(RECORD_FRAMES)
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, steps + 1):
        page.mouse.move(x - i * frame["width"] * 0.4 / steps, y - i * frame["height"] * 0.4 / steps)
    page.mouse.up()
    page.wait_for_timeout(300)  # the culling after the pan
    deltas = page.evaluate(STOP_FRAMES)
    return deltas, tuple(page.evaluate(CHUNKS_DRAWN))


def frame_figures(deltas: list[float]) -> str:
    if len(deltas) < 2:
        return "no frames recorded"
    ordered = sorted(deltas)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    dropped = sum(1 for d in deltas if d > 1.5 * FRAME_MS)
    return (
        f"{len(deltas)} frames, p50 {statistics.median(deltas):.1f} ms, p95 {p95:.1f} ms, "
        f"worst {ordered[-1]:.1f} ms, dropped {dropped}"
    )


def measure(browser, url: str, campaign_id: int, player: str, password: str, hexes: int) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(f"{url}/login/")
    page.fill("input[name=login]", player)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_url(f"{url}/")

    context.tracing.start(screenshots=False, snapshots=False)
    for visit in ("first visit", "again"):  # the second with the browser's caches warm
        response = page.goto(f"{url}/campaigns/{campaign_id}/")
        drawn = wait_for_the_map(page)
        timing = page.evaluate(
            "(() => { const n = performance.getEntriesByType('navigation')[0];"
            " return [n.responseEnd, n.domContentLoadedEventEnd]; })()"
        )
        size = len(response.body())
        print(
            f"  {visit}: page {size / 1024:,.0f} KiB; HTML received {timing[0]:,.0f} ms, "
            f"DOMContentLoaded {timing[1]:,.0f} ms, map drawn {drawn:,.0f} ms "
            f"({'within' if drawn < 2000 else 'OVER'} the 2 s target)"
        )
    deltas, chunks = pan(page)
    print(f"  pan, whole map ({chunks[0]}/{chunks[1]} chunks drawn): {frame_figures(deltas)}")
    page.click("button[data-map-zoom=fit]")  # back to the whole map, then zoom in on it
    for _ in range(4):
        page.click("button[data-map-zoom=in]")
    page.wait_for_timeout(400)
    deltas, chunks = pan(page)
    print(f"  pan, zoomed in ({chunks[0]}/{chunks[1]} chunks drawn): {frame_figures(deltas)}")
    trace = f"/tmp/warpost-map-trace-{hexes}.zip"
    context.tracing.stop(path=trace)
    print(f"  trace: {trace}")
    context.close()


def run(sizes: list[int], players: int) -> None:
    from playwright.sync_api import sync_playwright

    from campaign.campaigns.setup import DEMO_PASSWORD, demo_campaign_create

    campaigns = []
    for hexes in sizes:
        demo = demo_campaign_create(hexes=hexes, players=players, seed=f"bench{hexes}")
        campaigns.append((hexes, demo))
    server, url = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
            for hexes, demo in campaigns:
                player = next(iter(demo.players))
                size = f"{VIEWPORT['width']}x{VIEWPORT['height']}"
                print(f"{hexes:,} hexes, {players} players, as {player} ({size}):")
                measure(browser, url, demo.campaign.pk, player, DEMO_PASSWORD, hexes)
            browser.close()
    finally:
        server.terminate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hexes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--players", type=int, default=16)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's event loop
    with django_database():
        run(args.hexes, args.players)


if __name__ == "__main__":
    main()
