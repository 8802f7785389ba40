"""The access matrix's table: every route of the site and the API, the kinds of object
it takes, and who may do what with each (tests/campaign/core/test_access_matrix.py walks it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

from battles.models import BattleSide
from campaign.core.errors import NOT_FOUND
from rules.core.ruleset import describe
from tests.access_support import MISSING, World

ROLES = ("gm", "owner", "other", "outsider", "anonymous", "readonly")
TARGETS = ("own", "other", "hidden", "missing")
UNSAFE = ("post", "put", "patch", "delete")
NOT_FOUND_BODY = {"detail": NOT_FOUND, "field": None}
EXCLUDED = {
    "login": "the login page (django-allauth's), open to all",
    "logout": "the logout (django-allauth's), which needs no object",
    "api-schema": "the OpenAPI schema, public like the documentation",
    # django-allauth's pages for strangers: open to all, a logged-in user sent on
    "account_login": "the login page again, where allauth's own links lead",
    "account_logout": "the logout again, where allauth's own links lead",
    "account_signup": "signing up, open to all",
    "account_inactive": "the page of a closed account, open to all",
    "account_email_verification_sent": "'look in your mailbox', open to all",
    "account_confirm_email": "the e-mail's link: its key is the credential",
    "account_confirm_login_code": "logging in by a mailed code, which is off",
    "account_reset_password": "asking for a new password, open to all",
    "account_reset_password_done": "'look in your mailbox', open to all",
    "account_reset_password_from_key": "the e-mail's link: its key is the credential",
    "account_reset_password_from_key_done": "'your password is changed', open to all",
    "account_set_password": "a first password, for a login without one: others are sent on",
}


# What the targets are, by kind of object


@dataclass(frozen=True)
class Kind:
    """A kind of object: its URL kwargs (and query) for each target, who sees each target
    and who owns it (the roles whose it is; the read-only token sees as its owner)."""

    where: Callable[[World, str], tuple[dict, dict] | None]
    sees: dict[str, set[str]]
    owners: dict[str, set[str]] = field(default_factory=dict)


A_PEOPLE = {"gm", "owner", "other"}


def _campaign(w: World, target: str):
    pk = {"own": w.a.demo.campaign.pk, "hidden": w.b.demo.campaign.pk, "missing": MISSING}
    return ({"campaign_id": pk[target]}, {}) if target in pk else None


CAMPAIGN = Kind(
    _campaign,
    sees={"own": A_PEOPLE, "hidden": {"outsider"}},
    owners={"own": {"owner", "other"}, "hidden": {"outsider"}},
)
NOTHING = Kind(  # a route of no object: the caller's own things
    lambda w, target: ({}, {}) if target == "own" else None,
    sees={"own": A_PEOPLE | {"outsider"}},
    owners={"own": A_PEOPLE | {"outsider"}},
)


def in_a(name: str, pick: Callable) -> Callable[[World, str], tuple[dict, dict] | None]:
    """Objects named under campaign A's URL: the owner's, the other's, campaign B's."""

    def where(w: World, target: str):
        ids = {"own": pick(w.a, "own"), "other": pick(w.a, "other"), "hidden": pick(w.b, "own")}
        return {"campaign_id": w.a.demo.campaign.pk, name: ids.get(target, MISSING)}, {}

    return where


def anywhere(name: str, pick: Callable) -> Callable[[World, str], tuple[dict, dict] | None]:
    """Objects named by their id alone: a hidden one is campaign B's."""

    def where(w: World, target: str):
        ids = {"own": pick(w.a, "own"), "other": pick(w.a, "other"), "hidden": pick(w.b, "own")}
        return {name: ids.get(target, MISSING)}, {}

    return where


def own_or_other(what: str) -> Callable:
    return lambda side, target: getattr(side, f"{target}_{what}").pk


PRIVATE = {"own": {"gm", "owner"}, "other": {"gm", "other"}}  # a kingdom's own and the GM's
OWNERS = {"own": {"owner"}, "other": {"other"}, "hidden": {"outsider"}}
PUBLIC_IN_A = {"own": A_PEOPLE, "other": A_PEOPLE}

ARMY = Kind(in_a("army_id", own_or_other("army")), sees=PRIVATE, owners=OWNERS)
SPEND = Kind(in_a("spend_id", own_or_other("spend")), sees=PRIVATE, owners=OWNERS)
AGREEMENT = Kind(in_a("agreement_id", own_or_other("agreement")), sees=PRIVATE, owners=OWNERS)
BATTLE = Kind(
    anywhere("battle_id", own_or_other("battle")),
    sees={**PUBLIC_IN_A, "hidden": {"outsider"}},  # E-29: battles are public in a campaign
    owners=OWNERS,
)
SIDE = Kind(
    anywhere("side_id", own_or_other("side")),
    sees={**PUBLIC_IN_A, "hidden": {"outsider"}},
    owners=OWNERS,
)
SIEGE = Kind(
    anywhere("siege_id", own_or_other("siege")),
    sees={**PUBLIC_IN_A, "hidden": {"outsider"}},  # E-37: sieges are public too
    owners=OWNERS,
)
PAGE_BATTLE = Kind(in_a("battle_id", own_or_other("battle")), sees=PUBLIC_IN_A, owners=OWNERS)
PAGE_SIDE = Kind(in_a("side_id", own_or_other("side")), sees=PUBLIC_IN_A, owners=OWNERS)
PAGE_SIEGE = Kind(in_a("siege_id", own_or_other("siege")), sees=PUBLIC_IN_A, owners=OWNERS)
TOKEN = Kind(  # one's own alone, not even the GM's to see
    anywhere("token_id", own_or_other("token")),
    sees={"own": {"owner"}, "other": {"other"}, "hidden": {"outsider"}},
    owners=OWNERS,
)
THREAD = Kind(  # B 7.0: its kingdoms'; the GM reads only his own (gm_reads_messages off)
    in_a("thread_id", own_or_other("thread")),
    sees={"own": {"owner"}, "other": {"other"}},
    owners=OWNERS,
)
NOTIFICATION = Kind(  # one's own alone, like a token
    anywhere("notification_id", own_or_other("notification")),
    sees={"own": {"owner"}, "other": {"other"}, "hidden": {"outsider"}},
    owners=OWNERS,
)


def _prompt(w: World, target: str):
    """new-rules.md §12.4: campaign A's one prompt, campaign B's under A's URL, a missing
    id; its GM alone sees it (a player gets the missing id's 404)."""
    ids = {"own": w.a.prompt.pk, "hidden": w.b.prompt.pk, "missing": MISSING}
    return (
        ({"campaign_id": w.a.demo.campaign.pk, "prompt_id": ids[target]}, {})
        if (target in ids)
        else None
    )


PROMPT = Kind(_prompt, sees={"own": {"gm"}}, owners={"own": {"gm"}})
GM_ONLY = Kind(_campaign, sees={"own": {"gm"}}, owners={"own": {"gm"}})  # a player: 404


def _kingdom_query(w: World, target: str):
    ids = {"own": w.a.owner.pk, "other": w.a.other.pk, "hidden": w.b.owner.pk}
    return {"campaign_id": w.a.demo.campaign.pk}, {"kingdom": ids.get(target, MISSING)}


KINGDOM = Kind(_kingdom_query, sees=PRIVATE, owners=OWNERS)  # E-30: the crown ledger
PLAYERS_OWN = Kind(  # E-23: a player reads his own list whatever he names; the GM names one
    _kingdom_query,
    sees={
        "own": A_PEOPLE,
        "other": A_PEOPLE,
        **dict.fromkeys(("hidden", "missing"), {"owner", "other"}),
    },
)


def _hex_at(w: World, target: str):
    """Q16: a hex of the owner's, of the other's, of campaign B; a missing campaign's."""
    side = {"own": w.a, "other": w.a, "hidden": w.b}.get(target, w.a)
    kingdom = side.other if target == "other" else side.owner
    row = kingdom.hexes.order_by("id").first()
    campaign = side.demo.campaign.pk if target != "missing" else MISSING
    return {"campaign_id": campaign, "q": row.q, "r": row.r}, {}


HEX = Kind(_hex_at, sees={**PUBLIC_IN_A, "hidden": {"outsider"}}, owners=OWNERS)
SEAT = Kind(  # a player kingdom of campaign A, named in A's URL: public in A
    in_a("kingdom_id", lambda side, target: (side.owner if target == "own" else side.other).pk),
    sees=PUBLIC_IN_A,
    owners=OWNERS,
)


def _replay_turn(w: World, target: str):
    """The chronicle's replay: campaign A's start (turn 0), campaign B's, and a turn that
    campaign A never had."""
    campaigns = {
        "own": w.a.demo.campaign,
        "hidden": w.b.demo.campaign,
        "missing": w.a.demo.campaign,
    }
    if target not in campaigns:
        return None
    number = MISSING if target == "missing" else 0
    return {"campaign_id": campaigns[target].pk, "number": number}, {}


REPLAY_TURN = Kind(  # a past turn is public in its campaign, each reader in his own fog
    _replay_turn,
    sees={"own": A_PEOPLE, "hidden": {"outsider"}},
    owners={"own": {"owner", "other"}, "hidden": {"outsider"}},
)


def _invitation(w: World, target: str):
    """Campaign A's share link, and a token that names no invitation."""
    tokens = {"own": w.a.invitation.token, "missing": "no-such-invitation"}
    return ({"token": tokens[target]}, {}) if target in tokens else None


INVITATION = Kind(  # a link serves whoever has it; joining is for those not yet in
    _invitation, sees={"own": A_PEOPLE | {"outsider"}}, owners={"own": {"outsider"}}
)


# What each route does, and who may


@dataclass(frozen=True)
class Do:
    """One method of a route: who may use it among those who see the object ("all", the
    "owners" of the object (of a campaign: its players), the "gm", "nobody"), the body
    sent, and the status of a refused role that sees the object (default 403)."""

    may: str = "all"
    body: Callable[[World, dict], dict] | dict | None = None  # from the world and URL kwargs
    refused: dict[str, int] = field(default_factory=dict)
    ok: int = 200
    kind: Kind | None = None  # the route's own, unless this method names its object otherwise


@dataclass(frozen=True)
class Route:
    kind: Kind
    methods: dict[str, Do]
    extra: dict = field(default_factory=dict)  # more URL kwargs (an action's name)
    public: bool = False  # open to anyone, no credentials needed


WRONG_PASSWORD = {"username": "nobody", "password": "wrong"}
ALL_400 = dict.fromkeys(ROLES, 400)


READ = {"get": Do()}


def _back_to_login(w: World, kw: dict) -> dict:
    """A stranger's choice of Italian on the log-in page, which it sends him back to."""
    return {"language": "it", "next": reverse("login")}


def _army_body(w: World, kw: dict) -> dict:
    return {"army": w.a.own_army.pk, "kind": "rest"}


def _edict_hex(w: World, kw: dict) -> dict:
    """§5.3: one of the owner's hexes, not his capital."""
    row = w.a.owner.hexes.exclude(pk=w.a.owner.capital_id).order_by("id").first()
    return {"hex": [row.q, row.r]}


def _edict(w: World, kw: dict) -> dict:
    return {**_edict_hex(w, kw), "kind": "loot"}


def _alliance(w: World, kw: dict) -> dict:
    """Q23: a proposal to a fourth player."""
    return {"kind": "alliance", "partner": w.a.demo.kingdoms["dave"].pk}


def _thread_to_dave(w: World, kw: dict) -> dict:
    """B 7.0: a new thread to a fourth player."""
    return {"subject": "Terms", "kingdoms": [w.a.demo.kingdoms["dave"].pk], "body": "Hi"}


def _ruleset_form(w: World, kw: dict) -> dict:
    """The rules page's form as it shows the ruleset in force, saving one section."""
    options, tables = describe(w.a.demo.campaign.ruleset)
    return {
        "section": "turns",
        **{f"option-{o.name}": o.value for o in options},
        **{f"table-{t.key}": t.text for t in tables},
    }


def _defender_form(w: World, kw: dict) -> dict:
    """E-15: the side's first patrol choice, as its form offers it."""
    side = BattleSide.objects.filter(pk=kw["side_id"]).first()
    choice = side.patrol_choices.first() if side else None
    return {f"defender-{kw['side_id']}-army": choice.pk} if choice else {}


# A page of the player's own kingdom: the GM, who has none, finds nothing there.
KINGDOM_PAGE = Do(may="owners", refused={"gm": 404})

ROUTES: dict[str, Route] = {
    # the API
    "api-token": Route(  # open to all: a wrong password is a 400 for anyone
        NOTHING, {"post": Do(may="nobody", body=WRONG_PASSWORD, refused=ALL_400)}, public=True
    ),
    "api-personal-tokens": Route(NOTHING, {"get": Do(), "post": Do(body={"name": "x"}, ok=201)}),
    "api-personal-token": Route(TOKEN, {"delete": Do(may="owners", ok=204)}),
    "api-campaigns": Route(NOTHING, READ),
    "api-campaign": Route(CAMPAIGN, READ),
    "api-map": Route(CAMPAIGN, READ),
    "api-hex": Route(HEX, {"patch": Do(may="gm", body={"secondary_terrains": []})}),
    "api-chronicle": Route(CAMPAIGN, READ),
    "api-turn": Route(CAMPAIGN, READ),
    "api-turn-resolve": Route(CAMPAIGN, {"post": Do(may="gm")}),
    "api-ruleset": Route(CAMPAIGN, {**READ, "put": Do(may="gm", body={"options": {}})}),
    "api-bulletin": Route(CAMPAIGN, READ),
    "api-rumours": Route(CAMPAIGN, {"post": Do(may="gm", body={"text": "Orcs!"})}),
    # new-rules.md §12.4: the GM's prompts, his alone; a player gets a missing one's 404
    "api-gm-prompts": Route(GM_ONLY, {"get": Do(may="gm")}),
    "api-gm-prompt": Route(PROMPT, {"post": Do(may="gm", body={"answer": "sleeps"})}),
    "api-mercenaries": Route(
        CAMPAIGN, {"post": Do(may="gm", body={"name": "Dogs of War", "minimum_bid": 1})}
    ),
    "api-armies": Route(CAMPAIGN, READ),
    "api-orders": Route(CAMPAIGN, {**READ, "post": Do(may="owners", body=_army_body)}),
    "api-edicts": Route(
        CAMPAIGN,
        {
            **READ,
            "post": Do(may="owners", body=_edict),
            "delete": Do(may="owners", body=_edict_hex),
        },
    ),
    "api-spending": Route(CAMPAIGN, {**READ, "post": Do(may="owners", body={"kind": "surgeon"})}),
    "api-spend": Route(SPEND, {"delete": Do(may="owners")}),
    "api-orders-ready": Route(CAMPAIGN, {**READ, "post": Do(may="owners", body={"ready": True})}),
    "api-neutral-kingdoms": Route(CAMPAIGN, READ),
    "api-standings": Route(CAMPAIGN, READ),
    "api-fallback-capitals": Route(
        PLAYERS_OWN, {**READ, "put": Do(may="owners", body={"hexes": []}, kind=CAMPAIGN)}
    ),
    "api-kingdom-crowns": Route(KINGDOM, READ),
    "api-kingdom-bridges": Route(
        KINGDOM, {**READ, "post": Do(may="owners", body={"q": 0, "r": 0}, kind=CAMPAIGN)}
    ),
    "api-kingdom-temples": Route(
        KINGDOM, {**READ, "post": Do(may="owners", body={"q": 0, "r": 0}, kind=CAMPAIGN)}
    ),
    "api-agreements": Route(
        CAMPAIGN,
        {**READ, "post": Do(may="owners", body=_alliance)},
    ),
    "api-agreement-action": Route(AGREEMENT, {"post": Do(may="nobody")}, {"action": "accept"}),
    # B 7.0: messages between kingdoms (the GM writes to anyone too) and press releases
    "api-message-threads": Route(CAMPAIGN, {**READ, "post": Do(body=_thread_to_dave, ok=201)}),
    "api-message-thread": Route(THREAD, {**READ, "post": Do(may="owners", body={"body": "Hi"})}),
    "api-message-thread-read": Route(THREAD, {"post": Do(may="owners")}),
    "api-press": Route(CAMPAIGN, {**READ, "post": Do(may="owners", body={"text": "Peace."})}),
    "api-army-raise": Route(
        CAMPAIGN, {"post": Do(may="owners", body={"name": "Levy", "allocation": 1000})}
    ),
    "api-army-lists": Route(CAMPAIGN, READ),
    "api-army-allocation": Route(ARMY, {"post": Do(may="owners", body={"allocation": 1500})}),
    "api-army-disband": Route(ARMY, {"post": Do(may="owners")}),
    "api-army-general": Route(ARMY, {"post": Do(may="owners", body={"name": "Hans"})}),
    "api-army-slots": Route(ARMY, {"post": Do(may="owners", body={"lord": 0})}),
    "api-army-list": Route(ARMY, {**READ, "post": Do(may="owners", body={"text": "Spears"})}),
    "api-army-list-approve": Route(ARMY, {"post": Do(may="gm", body={"approved": True})}),
    "api-battles": Route(CAMPAIGN, READ),
    "api-side-decision": Route(SIDE, {"post": Do(may="owners", body={"decision": "retreat"})}),
    "api-side-defender": Route(  # E-15: bob may not name alice's army: as if missing
        SIDE,
        {
            "post": Do(
                may="owners", body=lambda w, kw: {"army": w.a.own_army.pk}, refused={"other": 400}
            )
        },
    ),
    "api-battle": Route(BATTLE, READ),
    "api-battle-report": Route(BATTLE, {"post": Do(may="owners", body={"winner": "attacker"})}),
    "api-battle-report-confirm": Route(BATTLE, {"post": Do(may="owners")}),
    "api-battle-report-dispute": Route(BATTLE, {"post": Do(may="owners", body={"reason": "No."})}),
    "api-battle-report-settle": Route(BATTLE, {"post": Do(may="gm")}),
    "api-battle-report-deadline": Route(
        BATTLE, {"post": Do(may="gm", body={"until": "2031-01-01T00:00:00Z"})}
    ),
    "api-sieges": Route(CAMPAIGN, READ),
    "api-siege": Route(SIEGE, READ),
    "api-siege-plan": Route(SIEGE, {"post": Do(may="owners", body={"actions": []})}),
    "api-siege-engine-build": Route(ARMY, {"post": Do(may="owners", body={"kind": "giant_ram"})}),
    "api-siege-convoy": Route(ARMY, {"post": Do(may="owners", body={"engines": [1, 2, 3]})}),
    "api-patrol-orders": Route(CAMPAIGN, READ),
    "api-patrol-order": Route(
        ARMY, {"post": Do(may="owners", body=lambda w, kw: {"battles": [w.a.own_battle.pk]})}
    ),
    # the pages
    "campaign-list": Route(NOTHING, READ),
    "campaign-detail": Route(CAMPAIGN, READ),
    "order-form": Route(
        ARMY,
        {
            **READ,
            "post": Do(may="owners", body=lambda w, kw: {f"army-{kw['army_id']}-kind": "rest"}),
        },
    ),
    "hex-panel": Route(HEX, READ),  # what each viewer sees there: test_hex_panel.py
    "army-targets": Route(ARMY, {"get": KINGDOM_PAGE}),  # the GM gives no orders
    "orders-ready": Route(CAMPAIGN, {"get": KINGDOM_PAGE, "post": KINGDOM_PAGE}),
    "edicts": Route(CAMPAIGN, {"get": KINGDOM_PAGE, "post": KINGDOM_PAGE}),
    "campaign-todo": Route(CAMPAIGN, READ),  # the viewer's to-do, his own
    "gm-console": Route(CAMPAIGN, {"get": Do(may="gm"), "post": Do(may="gm")}),
    "turn-progress": Route(CAMPAIGN, {"get": Do(may="gm")}),
    "turn-step-retry": Route(CAMPAIGN, {"post": Do(may="gm")}),
    "gm-schedule": Route(CAMPAIGN, {"post": Do(may="gm", body={"timezone": "Europe/Berlin"})}),
    "gm-deadline-extend": Route(
        CAMPAIGN, {"post": Do(may="gm", body={"until": "2031-01-01T18:00"})}
    ),
    "gm-pause": Route(CAMPAIGN, {"post": Do(may="gm", body={"until": "2031-01-01T18:00"})}),
    "gm-resume": Route(CAMPAIGN, {"post": Do(may="gm")}),
    "gm-prompt-answer": Route(PROMPT, {"post": Do(may="gm", body={"answer": "sleeps"})}),
    "gm-hex-terrain": Route(CAMPAIGN, {"get": Do(may="gm"), "post": Do(may="gm")}),
    "gm-export": Route(CAMPAIGN, {"get": Do(may="gm")}),
    # the map editor: the GM's while the campaign is set up; once started it says so
    "map-editor": Route(CAMPAIGN, {"get": Do(may="gm"), "post": Do(may="gm")}),
    "map-editor-done": Route(CAMPAIGN, {"post": Do(may="gm")}),
    "rulebook": Route(NOTHING, READ, {"page": "campaign"}, public=True),  # like the docs
    # the scripts' translations, and the choice of a language (a cookie): open to all
    "javascript-catalog": Route(NOTHING, READ, public=True),
    "set_language": Route(NOTHING, {"post": Do(body=_back_to_login, ok=302)}, public=True),
    "battles": Route(CAMPAIGN, READ),
    "battle-decision": Route(
        PAGE_SIDE,
        {
            **READ,
            "post": Do(
                may="owners", body=lambda w, kw: {f"side-{kw['side_id']}-decision": "retreat"}
            ),
        },
    ),
    "battle-defender": Route(PAGE_SIDE, {"post": Do(may="owners", body=_defender_form)}),
    # P-C4: the GM has no patrol to order
    "battle-order": Route(ARMY, {"post": Do(may="owners", refused={"gm": 404})}),
    "battle-detail": Route(PAGE_BATTLE, READ),
    "battle-sheet": Route(PAGE_BATTLE, READ),
    "battle-report-action": Route(PAGE_BATTLE, {"post": Do(may="owners")}, {"action": "confirm"}),
    "sieges": Route(CAMPAIGN, READ),
    "kingdom-siege-engine": Route(
        CAMPAIGN, {"post": Do(may="owners", refused={"gm": 404}, ok=302)}
    ),
    "kingdom-siege-convoy": Route(
        CAMPAIGN, {"post": Do(may="owners", refused={"gm": 404}, ok=302)}
    ),
    "siege": Route(PAGE_SIEGE, {**READ, "post": Do(may="owners")}),
    "chronicle": Route(CAMPAIGN, READ),
    "chronicle-replay": Route(REPLAY_TURN, READ),
    "ruleset": Route(CAMPAIGN, {**READ, "post": Do(may="gm", body=_ruleset_form)}),
    "bulletin": Route(
        CAMPAIGN, {**READ, "post": Do(may="gm", body={"what": "rumour", "text": "Orcs!"})}
    ),
    "kingdom": Route(CAMPAIGN, READ),
    "kingdom-spending": Route(CAMPAIGN, {"get": KINGDOM_PAGE, "post": KINGDOM_PAGE}),
    "kingdom-fallback-capitals": Route(CAMPAIGN, {"get": KINGDOM_PAGE, "post": KINGDOM_PAGE}),
    "kingdom-bridges": Route(CAMPAIGN, {"post": Do(may="owners", refused={"gm": 404}, ok=302)}),
    "kingdom-temples": Route(CAMPAIGN, {"post": Do(may="owners", refused={"gm": 404}, ok=302)}),
    "agreements": Route(CAMPAIGN, {**READ, "post": KINGDOM_PAGE}),
    "agreement-action": Route(AGREEMENT, {"post": Do(may="nobody")}, {"action": "accept"}),
    "message-inbox": Route(CAMPAIGN, READ),
    "message-thread-new": Route(CAMPAIGN, {"get": Do(), "post": Do()}),
    "message-thread": Route(THREAD, {**READ, "post": Do(may="owners")}),
    "message-thread-agreement": Route(THREAD, {"post": Do(may="owners")}),
    "press": Route(CAMPAIGN, {**READ, "post": Do(may="owners", body={"press-text": "Peace."})}),
    "army-raise": Route(CAMPAIGN, {"post": KINGDOM_PAGE}),
    "army-action": Route(ARMY, {"post": Do(may="owners")}, {"action": "disband"}),
    # hosting: a new campaign, its players, invitations and start (campaign.hosting)
    "campaign-new": Route(NOTHING, {"get": Do(), "post": Do()}),
    "campaign-players": Route(CAMPAIGN, READ),
    "invitation-link": Route(CAMPAIGN, {"post": Do(may="gm")}),
    "invitation-send": Route(CAMPAIGN, {"post": Do(may="gm", body={"email": "new@example.com"})}),
    "campaign-start": Route(CAMPAIGN, {"post": Do(may="gm")}),
    "seat-assign": Route(SEAT, {"post": Do(may="gm")}),
    # every player of A plays a kingdom already, and the GM plays none
    "seat-claim": Route(SEAT, {"post": Do(may="nobody", refused=dict.fromkeys(A_PEOPLE, 400))}),
    "campaign-join": Route(  # those already in are told so
        INVITATION, {**READ, "post": Do(may="owners", refused=dict.fromkeys(A_PEOPLE, 400))}
    ),
    # each person's own notifications, and the GM's gazette webhook
    "notifications": Route(NOTHING, READ),
    "notifications-read-all": Route(NOTHING, {"post": Do()}),
    "notification-read": Route(NOTIFICATION, {"post": Do(may="owners")}),
    "notification-preferences": Route(NOTHING, {**READ, "post": Do()}),
    "gm-webhook": Route(
        CAMPAIGN, {"get": Do(may="gm"), "post": Do(may="gm", body={"action": "remove"})}
    ),
    # one's own account: nobody else's to see (django-allauth's forms take PUT as POST)
    "profile": Route(NOTHING, {**READ, "post": Do(body={"time_zone": "Europe/Rome"})}),
    "profile-tokens": Route(NOTHING, {"post": Do(body={"name": "x", "scope": "read"})}),
    "profile-token-revoke": Route(TOKEN, {"post": Do(may="owners")}),
    "account_email": Route(NOTHING, {**READ, "post": Do(), "put": Do()}),
    "account_change_password": Route(NOTHING, {**READ, "post": Do(), "put": Do()}),
    "account_reauthenticate": Route(NOTHING, {**READ, "post": Do(), "put": Do()}),
}


# The routes, from the resolver
