"""Bench: the map API against ``orjson.dumps`` of its own answer, and its 304 against its 200.

The standing targets, per world (bench.common: 1,000 and 10,000 hexes, 100,000 with
``--moonshot``):

- a 200 (GET /api/campaigns/{id}/map/: authentication, membership, viewer, the map as he
  may see it, encoding) takes at most 3 x ``orjson.dumps`` of the same payload, once the
  map of the campaign's version is built (campaign.map.selectors.shared_map: once a turn
  step per process, figure "first 200 after a step");
- a 304 (If-None-Match of the current ETag) costs what it cannot avoid, which the
  target puts at 5 % of a 200: the ETag is known before anything is built.

Beside them it prints the request's floors, measured by the same client on the same
middleware: a Django view that answers 304 and reads nothing (what no implementation of the
map API can beat), and an API view that authenticates the token, checks the default
permissions and counts the request against the throttle, then answers 304 (what every API
view pays before it reads anything of its own).

It prints the figures and never asserts: run it on demand (``make bench``).

    .venv/bin/python bench/map_api.py [--moonshot] [--hexes 1000 ...] [--repeat 7]

Without DATABASE_URL it works in a throwaway SQLite file under /tmp, removed at the end.
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc

import orjson
from common import best_of, chosen_sizes, django_database, sizes_argument

TARGET_200 = 3.0  # x orjson.dumps of the same payload
TARGET_304 = 0.05  # x the 200


def run(size, repeat: int) -> None:
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from campaign.campaigns.setup import demo_campaign_create
    from campaign.map.selectors import shared_maps_forget

    start = time.perf_counter()
    demo = demo_campaign_create(
        hexes=size.hexes,
        players=size.kingdoms,
        armies_per_kingdom=size.armies_per_kingdom,
        seed="bench",
        name=f"Bench {size.hexes}",
    )
    print(f"{size.label}: built in {time.perf_counter() - start:.1f} s, best of {repeat}")
    url = f"/api/campaigns/{demo.campaign.pk}/map/"
    player = next(iter(demo.players.values()))
    clients = {}
    for label, user in (("player", player), ("GM", demo.gm)):
        token = Token.objects.get_or_create(user=user)[0].key
        client = clients[label] = Client(HTTP_AUTHORIZATION=f"Token {token}")
        if label == "player":
            _floors(client, repeat)
        response = client.get(url)
        if response.status_code != 200:
            print(f"  {label}: the endpoint answered {response.status_code}, skipped")
            continue
        payload = orjson.loads(response.content)

        def cold(client=client) -> None:
            shared_maps_forget()
            client.get(url)

        # The cheap figures are the ones a busy machine disturbs most: more runs for them
        bare = best_of(repeat * 5, lambda payload=payload: orjson.dumps(payload))
        first = best_of(max(1, repeat // 2), cold)
        full = best_of(repeat * 3, lambda client=client: client.get(url))
        etag = response["ETag"]
        revalidate = best_of(repeat * 3, lambda c=client, e=etag: c.get(url, HTTP_IF_NONE_MATCH=e))
        # A poller's copy goes stale with each step: its 200 first tries for a 304
        stale = best_of(repeat * 3, lambda c=client: c.get(url, HTTP_IF_NONE_MATCH='"stale"'))
        ratio, ratio_304 = full / bare, revalidate / full
        print(f"  {label}: {len(response.content):,} bytes, {len(payload['hexes']):,} hexes")
        _row("orjson.dumps of the payload", bare)
        _row("GET map, 200", full)
        _row("GET map, first 200 after a step", first, "(the shared build)")
        _row("GET map, 200 to a stale ETag", stale)
        _row("GET map, 304 by ETag", revalidate)
        print(f"    {'200 / orjson.dumps':34} {ratio:7.2f} x  {_verdict(ratio, TARGET_200)}")
        print(f"    {'304 / 200':34} {ratio_304:7.2f} x  {_verdict(ratio_304, TARGET_304)}")

    print(f"  kept by the process for this map: {_kept(url, clients.values()) / 2**20:.1f} MB\n")


def _floors(client, repeat: int) -> None:
    """The request floors, the same client and middleware as the map's requests."""
    from django.http import HttpResponseNotModified
    from django.test import override_settings
    from django.urls import path
    from rest_framework.views import APIView

    class Authenticated(APIView):  # DRF's defaults: authentication, permissions, throttle
        def get(self, request) -> HttpResponseNotModified:
            return HttpResponseNotModified()

    class FloorUrls:  # a URLconf need only have urlpatterns
        urlpatterns = [
            path("floor/", lambda request: HttpResponseNotModified()),
            path("floor/api/", Authenticated.as_view()),
        ]

    with override_settings(ROOT_URLCONF=FloorUrls):
        for what, url in (("a Django view, 304", "/floor/"), ("an API view, 304", "/floor/api/")):
            assert client.get(url).status_code == 304
            _row(f"floor: {what}", best_of(repeat * 5, lambda url=url: client.get(url)))


def _kept(url: str, clients) -> int:
    """The bytes the shared map holds once a player and the GM asked for it."""
    from campaign.map.selectors import shared_maps_forget

    shared_maps_forget()
    gc.collect()
    tracemalloc.start()
    for client in clients:
        client.get(url)
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return kept


def _row(what: str, seconds: float, note: str = "") -> None:
    print(f"    {what:34} {seconds * 1000:7.2f} ms {note}")


def _verdict(ratio: float, target: float) -> str:
    return f"{'meets' if ratio <= target else 'misses'} the target {target:g} x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sizes_argument(parser)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with django_database():
        for size in chosen_sizes(args):
            run(size, args.repeat)


if __name__ == "__main__":
    main()
