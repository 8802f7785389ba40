"""A whole campaign through the REST API : four players and their GM
play the demo campaign from set-up to the end-of-campaign roll, turn after turn, with
every order type, both edicts, every Table 10 power spend, every diplomacy action and
every agreement between players, the bulletin, readiness and army building.

Every player action goes through the API with the player's own token; the GM resolves
each step with POST turn/resolve/ (Celery runs eagerly, the step as the claim commits).
Nothing is forced: the seeds are pinned (tests/conftest.py), so the dice are the same on
every run, and what they decide below (a failed Ally, the scout who sees everything,
the incited army's victory) is what they decided when this test was written. If the
rules engine changes how it rolls, this story changes with it: re-read the chronicle
(``Table.chronicle("gm", n)``) and retell it.

The demo map (seed "test"); A B C D are the players' hexes (* a capital), n the hidden
neutral kingdom (Marienburg Marches, capital (2, -2)), ~ the one sea hex:

    ( 0,-3)A* ( 1,-3)A  ( 2,-3)   ( 3,-3)n
    (-1,-2)~  ( 0,-2)A  ( 1,-2)   ( 2,-2)n* ( 3,-2)
    (-2,-1)   (-1,-1)   ( 0,-1)   ( 1,-1)n  ( 2,-1)   ( 3,-1)B
    (-4, 0)D* (-3, 0)D  (-2, 0)   (-1, 0)   ( 0, 0)   ( 1, 0)   ( 2, 0)   ( 3, 0)B*
    (-4, 1)D  (-3, 1)   (-2, 1)   (-1, 1)   ( 0, 1)   ( 1, 1)   ( 2, 1)B
    (-4, 2)   (-3, 2)C  (-2, 2)C  (-1, 2)   ( 0, 2)   ( 1, 2)
    (-3, 3)C* (-2, 3)   (-1, 3)   ( 0, 3)
"""

from __future__ import annotations

import pytest

from campaign.models import TurnEvent
from tests.api_support import api, token_client

pytestmark = pytest.mark.django_db

PLAYERS = ("alice", "bob", "carol", "dave")
GM = "gm"

# Chronicle entries that tell a kingdom's own plans or purse: never another player's.
PRIVATE_KINDS = {
    "OrderSubmitted", "SpendSubmitted", "EdictSubmitted", "OrdersReady", "PowerSpent",
    "BuildQueued", "ArmyReinforced", "SurgeonHired", "MercenaryBidResolved",
    "DiplomacyRolled", "PacifyRolled", "IncitedAttack", "PowerCollected",
    "ArmyRaised", "AllocationChanged", "AllocationCut", "ArmyRested", "ArmyMoved",
    "HexScouted", "NeutralKingdomDiscovered", "ArmyListSubmitted", "ArmyListApproved",
}  # fmt: skip


class Table:
    """The gaming table: the GM's and the players' API clients, and the moves of the game.
    Each move asserts that the server took it; the test asserts what came of it."""

    def __init__(self, demo, capture_on_commit):
        self.demo = demo
        self.capture = capture_on_commit
        self.clients = {name: token_client(user) for name, user in demo.players.items()}
        self.clients[GM] = token_client(demo.gm)
        self.kingdom = {name: kingdom.pk for name, kingdom in demo.kingdoms.items()}
        self.armies = {  # "First" → the id of the player's First Army, as his API lists it
            name: {a["name"].split()[0]: a["id"] for a in self.get(name, "armies/")}
            for name in PLAYERS
        }
        self.army_kingdom: dict[int, int] = {}

    # --- plain requests ---------------------------------------------------------------

    def get(self, who: str, path: str, **params):
        response = self.clients[who].get(api(self.demo, path), params)
        assert response.status_code == 200, response.content
        return response.json()

    def post(self, who: str, path: str, body=None, *, status: int = 201):
        response = self.clients[who].post(api(self.demo, path), body, format="json")
        assert response.status_code == status, (who, path, response.content)
        return response.json() if response.content else None

    def refused(
        self, who: str, path: str, body, field: str | None, words: str, status: int = 400
    ) -> None:
        """A move the server turns down, with the reason by the field (docs/api.md):
        ``words`` of its sentence, or the rule that refuses it."""
        response = self.clients[who].post(api(self.demo, path), body, format="json")
        assert response.status_code == status, response.content
        refusal = response.json()
        assert refusal["field"] == field, refusal
        assert words in refusal["detail"] or words == refusal.get("rule"), refusal

    # --- the moves --------------------------------------------------------------------

    def order(self, who: str, army: str, kind: str, target=None, **extra) -> dict:
        """Table 5: invade, patrol, scout or rest."""
        body = {"army": self.armies[who][army], "kind": kind, **extra}
        if target is not None:
            body["target"] = list(target)
        return self.post(who, "orders/", body)

    def spend(self, who: str, kind: str, **body) -> dict:
        """Table 10, the Diplomacy table, Table 11."""
        return self.post(who, "spending/", {"kind": kind, **body})

    def edict(self, who: str, hex, kind: str, structure: str | None = None) -> dict:
        """Table 2: loot, or raze a named structure (E-26)."""
        return self.post(who, "edicts/", {"hex": list(hex), "kind": kind, "structure": structure})

    def agree(self, who: str, kind: str, partner: str, accept: bool = True, **extra) -> dict:
        """Q23: ``who`` proposes, the partner accepts."""
        proposal = self.post(
            who, "agreements/", {"kind": kind, "partner": self.kingdom[partner], **extra}
        )
        assert proposal["state"] == "proposed" and proposal["actions"] == ["end"]
        if not accept:
            return proposal
        return self.act(partner, proposal, "accept")

    def act(self, who: str, agreement: dict, action: str) -> dict:
        return self.post(who, f"agreements/{agreement['id']}/{action}/", status=200)

    def ready(self) -> None:
        """Q7: every player marks his orders ready; the GM sees the marks, not the orders."""
        for who in PLAYERS:
            rows = self.post(who, "orders/ready/", {"ready": True}, status=200)["kingdoms"]
            assert [(row["kingdom"], row["ready"]) for row in rows] == [(self.kingdom[who], True)]
        rows = self.get(GM, "orders/ready/")["kingdoms"]
        assert all(row["ready"] and row["ordered"] is None for row in rows), rows
        assert len(rows) == len(PLAYERS)

    def decide(self, who: str, hex, decision: str, strategy: str = "") -> None:
        """A-2.4, Table 24: fight or retreat, and a secret strategy, for my side."""
        [battle] = [b for b in self.get(who, "battles/") if (b["hex"]["q"], b["hex"]["r"]) == hex]
        assert battle["mine"] and battle["needs_decisions"], battle
        [side] = [s for s in battle["sides"] if s["own"]]
        response = self.clients[who].post(
            f"/api/battles/sides/{side['id']}/decision/",
            {"decision": decision, "strategy": strategy},
            format="json",
        )
        assert response.status_code == 200, response.content

    def step(self) -> dict:
        with self.capture(execute=True):
            self.post(GM, "turn/resolve/", status=202)
        return self.get(GM, "turn/")

    def resolve_turn(self, decisions=()) -> int:
        """Everyone ready, nobody sees another's plans, then the GM's two steps (A-2.3,
        A-2.5) with the players' answers between them (A-2.4). The turn advances and its
        seed is published (provably fair dice). Returns the resolved turn's number."""
        self.ready()
        self.assert_private()
        number = self.get(GM, "turn/")["number"]
        assert self.step()["state"] == "decisions"
        for who, hex, decision, strategy in decisions:
            self.decide(who, hex, decision, strategy)
        after = self.step()
        assert after["published_seed"]["turn"] == number
        assert after["published_seed"]["seed"] == f"pinned-seed-{number}"
        if self.get(GM, "")["status"] == "active":
            assert (after["number"], after["state"]) == (number + 1, "open")
        return number

    # --- what a player sees -----------------------------------------------------------

    def chronicle(self, who: str, turn: int) -> list[dict]:
        return self.get(who, "chronicle/", turn=turn)

    def kinds(self, who: str, turn: int) -> list[str]:
        return [entry["kind"] for entry in self.chronicle(who, turn)]

    def entries(self, who: str, turn: int, kind: str) -> list[dict]:
        return [entry for entry in self.chronicle(who, turn) if entry["kind"] == kind]

    def map(self, who: str) -> dict[tuple[int, int], dict]:
        return {(h["q"], h["r"]): h for h in self.get(who, "map/")["hexes"]}

    def owner(self, hex) -> str | None:
        """Borders are public: whose hex it is on Carol's map (she is nobody's friend)."""
        owner = self.map("carol")[hex]["owner"]
        return next((name for name, pk in self.kingdom.items() if pk == owner), None)

    def power(self) -> dict[str, int]:
        """Each player's power, as his own standings row tells him (Table 1)."""
        power = {}
        for who in PLAYERS:
            rows = {row["kingdom"]: row for row in self.get(who, "standings/")}
            assert all(
                row["power"] is None for pk, row in rows.items() if pk != self.kingdom[who]
            ), "another kingdom's power is not mine to see"
            power[who] = rows[self.kingdom[who]]["power"]
        return power

    def assert_private(self) -> None:
        """A rival never sees my orders, spending, edicts, army lists or purse in his JSON:
        not in the lists of the turn, not in the chronicle (§3, E-29): an entry of those
        kinds that he reads was written for his kingdom alone."""
        for army in self.get(GM, "armies/"):
            self.army_kingdom[army["id"]] = army["kingdom"]
        for who in PLAYERS:
            mine = self.kingdom[who]
            for order in self.get(who, "orders/"):
                assert self.army_kingdom[order["army"]] == mine, (who, order)
            assert all(s["kingdom"] == mine for s in self.get(who, "spending/")), who
            assert all(e["kingdom"] == mine for e in self.get(who, "edicts/")), who
            assert all(a["kingdom"] == mine for a in self.get(who, "armies/lists/")), who
            private = [e for e in self.get(who, "chronicle/") if e["kind"] in PRIVATE_KINDS]
            stored = TurnEvent.objects.in_bulk([e["id"] for e in private])
            for entry in private:
                row = stored[entry["id"]]
                assert not row.public and row.kingdom_ids == [mine], (who, entry)
                about = entry.get("kingdom_id") or self.army_kingdom.get(entry.get("army_id"))
                assert about in (mine, None), (who, entry)


def test_a_four_player_campaign_from_set_up_to_the_end_of_campaign_roll(
    demo, django_capture_on_commit_callbacks
):
    table = Table(demo, django_capture_on_commit_callbacks)
    alice, bob, carol, dave = (table.kingdom[name] for name in PLAYERS)
    neutral = demo.neutral_kingdoms[0].pk

    # --- Set-up --------------------------------------------------------------------
    # The map is the one drawn in the docstring: each kingdom three hexes, two armies.
    board = table.map(GM)
    capitals = {"alice": (0, -3), "bob": (3, 0), "carol": (-3, 3), "dave": (-4, 0)}
    for who, capital in capitals.items():
        assert board[capital]["owner"] == table.kingdom[who] and board[capital]["feature"] == "city"
        assert sorted(table.armies[who]) == ["First", "Second"]
    assert board[(-1, -2)]["terrain"] == "sea"
    assert {c for c, h in board.items() if h["neutral_kingdom"] == neutral} == {
        (3, -3), (2, -2), (1, -1)
    }  # fmt: skip
    assert all(h["neutral_kingdom"] is None for h in table.map("alice").values()), "hidden"
    assert table.power() == dict.fromkeys(PLAYERS, 2)  # Q19

    # House rules (§7, A-3.0.2, Q12): the end roll from turn 6, and any d6 ends it.
    rules = table.clients[GM].put(
        api(demo, "ruleset/"),
        {"options": {"end_check_turn": 6, "end_roll_target": 1}},
        format="json",
    )
    assert rules.status_code == 200
    options = {o["name"]: o["value"] for o in table.get("alice", "ruleset/")["options"]}
    assert (options["end_check_turn"], options["end_roll_target"]) == (6, 1)
    refused = table.clients["alice"].put(
        api(demo, "ruleset/"), {"options": {"end_check_turn": 1}}, format="json"
    )
    assert refused.status_code == 403, "a player does not change the rules"
    [changed] = table.entries("dave", 1, "RulesetChanged")
    assert changed["changes"] == [
        {"option": "end_check_turn", "before": 8, "after": 6},
        {"option": "end_roll_target", "before": 4, "after": 1},
    ]

    # The bulletin: a rumour and mercenaries for hire, read by every player.
    table.post(GM, "bulletin/rumours/", {"text": "The Marienburg Marches stir behind the hills."})
    ogres = table.post(
        GM, "bulletin/mercenaries/", {"name": "Ogre bulls", "minimum_bid": 1, "points": 500}
    )
    bulletin = table.get("carol", "bulletin/")
    assert [r["text"] for r in bulletin["rumours"]] == [
        "The Marienburg Marches stir behind the hills."
    ]
    assert [(o["name"], o["minimum_bid"]) for o in bulletin["offers"]] == [("Ogre bulls", 1)]
    table.refused(
        "bob", "bulletin/rumours/", {"text": "I am the GM now."}, None, "game master", 403
    )

    # Army lists (B 3.5): Carol submits her First Army's list; the GM approves it; it is
    # hers and the GM's alone.
    carol_first = table.armies["carol"]["First"]
    table.post("carol", f"armies/{carol_first}/list/", {"text": "20 Ironbreakers"}, status=200)
    approved = table.post(GM, f"armies/{carol_first}/list/approve/", {"approved": True}, status=200)
    assert approved["list_approved"] and approved["list_text"] == "20 Ironbreakers"
    assert table.clients["bob"].get(api(demo, f"armies/{carol_first}/list/")).status_code == 404

    # --- Turn 1: invade and Table 7, patrol across the sea (A-1.1.2.4), rest
    # (Table 5); a mercenary bid (Q18), a recruit and a surgeon (Table 10); fight or
    # retreat.
    table.order("alice", "First", "invade", (1, -2))
    # The capital's patrol takes in the sea hex: one land hex across it counts, named.
    table.refused(
        "alice", "orders/",
        {"army": table.armies["alice"]["Second"], "kind": "patrol", "target": [0, -3],
         "sea_cover": [[1, -2]]},
        "sea_cover", "A-1.1.2.4",
    )  # fmt: skip
    patrol = table.order("alice", "Second", "patrol", (0, -3), sea_cover=[[-1, -1]])
    assert patrol["sea_cover"] == [[-1, -1]]
    table.order("bob", "First", "invade", (2, -1))
    table.order("bob", "Second", "invade", (2, 0))
    table.order("carol", "First", "invade", (-2, 1))
    table.order("carol", "Second", "rest")
    table.order("dave", "First", "invade", (-3, 1))
    table.order("dave", "Second", "patrol", (-4, 0))
    table.spend(
        "bob", "mercenary_bid", amount=1, offer=ogres["id"], army=table.armies["bob"]["First"]
    )
    table.spend("carol", "recruit", amount=1, army=carol_first)
    table.spend("dave", "surgeon")
    table.resolve_turn(
        decisions=[
            ("bob", (2, -1), "fight", "assault"),
            ("bob", (2, 0), "retreat", ""),
            ("carol", (-2, 1), "fight", "hold"),
        ]
    )
    assert table.owner((1, -2)) == "alice" and table.owner((-3, 1)) == "dave"  # undefended
    assert table.owner((2, -1)) == "bob", "Bob's Ogres carried the Deep Mine's defenders"
    assert table.owner((-2, 1)) is None, "Carol was beaten back from the Town"
    [beaten] = table.entries("carol", 1, "ArmyLosses")  # both Hold: Table 24 changes nothing
    assert (beaten["points_lost"], beaten["points_left"]) == (450, 1050), "marginal: 30%"
    ruins = table.map("alice")[(2, 0)]  # what Bob found is on everyone's map
    assert (ruins["owner"], ruins["explored"], ruins["feature"]) == (None, True, "arcane_ruins")
    assert ruins["defender_points"] == 1000
    assert table.map("dave")[(2, -1)]["feature"] == "deep_mine"
    bob_saw = table.kinds("bob", 1)
    assert {"MercenaryBidResolved", "Retreated", "HexConquered"} <= set(bob_saw)
    [won] = table.entries("bob", 1, "MercenaryBidResolved")
    assert won["won"] and won["amount"] == 1
    assert "SurgeonHired" in table.kinds("dave", 1)
    [recruits] = table.entries("carol", 1, "ArmyReinforced")
    assert recruits["points_added"] == 250
    fought = [e for e in table.chronicle("alice", 1) if e["kind"] == "BattleFought"]
    assert fought and all("attacker_total" not in e for e in fought), "E-29: not her battles"
    assert table.power() == {"alice": 3, "bob": 3, "carol": 2, "dave": 2}  # Table 9

    # --- Turn 2: a cease fire, an alliance, a combined assault and a vassalage (Q23,
    # E-28, Q20); scouting (Table 8); pacify (Table 11); a watchtower, a fortress and
    # shared power (Table 10); a new allocation on Rest (E-14). Carol's First Army, beaten
    # and without its recruits (Q18), is too weak for anything but Rest (E-14), so her
    # Second Army joins Dave's assault.
    cease_fire = table.agree("alice", "cease_fire", "bob")
    alliance = table.agree("carol", "alliance", "dave")
    assault = table.agree("carol", "combined_assault", "dave", target=[-4, 2], beneficiary=carol)
    vassalage = table.agree("dave", "vassalage", "carol", overlord=carol)
    assert (cease_fire["public"], alliance["public"], assault["public"]) == (True, True, False)
    assert {a["id"] for a in table.get("alice", "agreements/")} == {
        cease_fire["id"],
        alliance["id"],
        vassalage["id"],
    }, "the public agreements, never another's combined assault"

    table.order("alice", "First", "scout", (2, -2))
    table.order("alice", "Second", "patrol", (0, -3), sea_cover=[[-1, -1]])
    table.spend("alice", "watchtower", hex=[1, -2])
    table.refused(  # E-14: an army under 1,000 points only rests
        "bob", "orders/", {"army": table.armies["bob"]["First"], "kind": "invade",
                           "target": [1, 0]}, "kind", "E-14",
    )  # fmt: skip
    table.order("bob", "First", "rest")
    table.order("bob", "Second", "scout", (1, -1))
    table.spend("bob", "pacify", amount=2, hex=[2, 0])
    table.refused(  # 1,500 less 30% at the Town (both Hold) and her recruits gone: 875
        "carol", "orders/", {"army": carol_first, "kind": "invade", "target": [-4, 2]},
        "kind", "E-14",
    )  # fmt: skip
    table.order("carol", "First", "rest")
    table.order("carol", "Second", "invade", (-4, 2))
    table.spend("carol", "fortress", hex=[-3, 3])
    dave_second = table.armies["dave"]["Second"]
    table.refused(
        "dave", f"armies/{dave_second}/allocation/", {"allocation": 1250}, "allocation", "Rest"
    )
    table.order("dave", "First", "invade", (-4, 2))
    table.order("dave", "Second", "rest")
    allocated = table.post(
        "dave", f"armies/{dave_second}/allocation/", {"allocation": 1250}, status=200
    )
    assert allocated["allocation"] == 1250
    table.spend("dave", "share_power", amount=1, recipient=carol)
    table.resolve_turn()
    assert table.owner((-4, 2)) == "carol", "E-28: the beneficiary takes the hex"
    assert table.owner((2, 0)) == "bob", "Table 11: pacified, it joined Bob's kingdom"
    [combined] = table.entries("dave", 2, "CombinedAssault")
    assert combined["beneficiary_id"] == carol and combined["points"] == 2250
    assert table.entries("alice", 2, "CombinedAssault"), "public once fought"
    proposed = {e["agreement_kind"] for e in table.entries("alice", 2, "AgreementProposed")}
    assert proposed == {"cease_fire"}, "proposals are the two parties' alone"
    [pacified] = table.entries("bob", 2, "PacifyRolled")
    assert pacified["result"] == "pacified"
    scouted = {e["kingdom_id"]: e["level"] for e in table.entries(GM, 2, "HexScouted")}
    assert scouted == {alice: "glimpse", bob: "report"}, "no discovery yet"
    assert table.map("alice")[(2, -2)]["scouted"]["level"] == "glimpse"
    assert table.map("bob")[(2, -2)]["scouted"] is None, "E-29: her report, not his"
    assert (
        table.map("carol")[(1, -2)]["watchtower"]
        and table.map("dave")[(-3, 3)]["defence"] == "fortress"
    )
    [shared] = [e for e in table.entries("carol", 2, "PowerShared") if e["credited"]]
    assert shared["amount"] == 1 and shared["kingdom_id"] == dave
    rested = {e["army_id"]: e["points"] for e in table.entries("dave", 2, "ArmyRested")}
    assert rested == {dave_second: 1250}, "E-14: the Rest rebuilt it to its new allocation"
    assert table.power() == {"alice": 3, "bob": 3, "carol": 2, "dave": 2}

    # --- Turn 3: notice on the cease fire (E-05); a breach of the alliance, announced;
    # the lost cause (P-C2); a raised army (§5.6, E-32); a loot (Table 2); the scout who
    # sees everything, thanks to the watchtower, discovers the neutral kingdom (Table 8,
    # A-1.4.19); Bob Outflanks the Hold of (1, 0)'s defenders to a draw (E-10).
    notice = table.act("bob", cease_fire, "end")
    assert (notice["state"], notice["notice_turn"]) == ("active", 3)
    third = table.post(
        "bob", "armies/raise/", {"name": "Third Army", "allocation": 1000, "general": "Gaston"}
    )
    assert third["position"] == list(capitals["bob"]) and third["general"] == "Gaston"
    table.armies["bob"]["Third"] = third["id"]
    table.order("alice", "First", "scout", (2, -2))
    table.order("alice", "Second", "patrol", (0, -3), sea_cover=[[-1, -1]])
    table.edict("alice", (0, -2), "loot")
    table.order("bob", "First", "invade", (1, 0))
    table.order("bob", "Second", "scout", (1, -1))
    table.order("bob", "Third", "patrol", (3, 0))
    betrayal = table.order("carol", "First", "invade", (-4, 1))
    assert "breaks your alliance with" in betrayal["warning"], "E-05: allowed, with a warning"
    table.order("carol", "Second", "patrol", (-3, 3))
    table.order("dave", "First", "invade", (-2, 0))
    table.order("dave", "Second", "scout", (-2, -1))
    table.resolve_turn(decisions=[("bob", (1, 0), "fight", "outflank")])
    bob_saw = table.chronicle("bob", 3)
    [drawn] = [e for e in bob_saw if e["kind"] == "BattleFought" and e["hex"] == [1, 0]]
    [held] = [e for e in bob_saw if e["kind"] == "ArmyLosses"]
    assert (drawn["result"], drawn["attacker_total"], drawn["defender_total"]) == ("draw", 4, 4)
    assert held["points_left"] == 1000, "20% of 1,250 (E-10): still strong enough to patrol"
    [discovered] = table.entries("alice", 3, "NeutralKingdomDiscovered")
    assert discovered["neutral_kingdom_id"] == neutral
    [scout] = [e for e in table.entries("alice", 3, "HexScouted") if e["hex"] == [2, -2]]
    assert scout["level"] == "everything"
    assert "+1 own watchtower within 1 hex (E-07)" in scout["modifiers"]
    neutral_on = {who: {c for c, h in table.map(who).items() if h["neutral_kingdom"]}
                  for who in PLAYERS}  # fmt: skip
    assert neutral_on["alice"] == {(3, -3), (2, -2), (1, -1)}
    assert neutral_on["bob"] == neutral_on["carol"] == set(), "A-1.4.18: not theirs to know"
    [broken] = table.entries("bob", 3, "AgreementBroken")  # public, E-05
    assert (broken["kingdom_id"], broken["partner_id"]) == (carol, dave)
    assert table.owner((-4, 1)) == "carol" and table.owner((-2, 0)) == "dave"
    [lost] = [e for e in table.entries("dave", 3, "BattleDeclared") if e["hex"] == [-4, 1]]
    assert lost["defender_kind"] == "lost_cause"
    [looted] = table.entries("alice", 3, "EdictResolved")
    assert (looted["edict"], looted["power"], looted["result"]) == ("loot", 1, "none")
    [seen_loot] = table.entries("bob", 3, "EdictResolved")
    assert "power" not in seen_loot and "result" not in seen_loot, "§5.3: her gain is hers"
    ended = [e for e in table.entries("carol", 3, "AgreementEnded") if e["reason"] == "notice"]
    assert ended, "the cease fire ran out at the end of the turn of notice"
    agreements = {a["id"]: a["state"] for a in table.get(GM, "agreements/")}
    assert agreements[cease_fire["id"]] == "ended" and agreements[alliance["id"]] == "broken"
    assert table.power() == {"alice": 5, "bob": 5, "carol": 3, "dave": 3}

    # --- Turn 4: Ally (§5.6, A-1.4.12), and it fails; a raze (Table 4, E-26); a great
    # fortress (Table 10); the overlord takes his vassal's capital: vassalage instead of
    # elimination (Q20, E-19, E-23); Bob's scouts discover the neutral kingdom too.
    table.order("alice", "First", "patrol", (1, -2))
    table.order("alice", "Second", "patrol", (0, -3), sea_cover=[[-1, -1]])
    table.spend("alice", "ally", amount=2, neutral_kingdom=neutral)
    table.refused(  # a neutral kingdom Bob has not discovered is not his to deal with
        "bob", "spending/", {"kind": "ally", "amount": 2, "neutral_kingdom": neutral},
        "neutral_kingdom", "discovered",
    )  # fmt: skip
    table.order("bob", "First", "patrol", (2, 0))
    table.order("bob", "Second", "scout", (1, -1))
    table.order("bob", "Third", "scout", (2, -2))
    table.spend("bob", "watchtower", hex=[2, -1])
    table.edict("bob", (2, 0), "raze", "feature")
    table.order("carol", "First", "invade", capitals["dave"])
    table.order("carol", "Second", "patrol", (-3, 3))
    table.spend("carol", "great_fortress", hex=list(capitals["carol"]))
    table.order("dave", "First", "invade", (-1, 0))
    table.order("dave", "Second", "invade", (-2, -1))
    table.resolve_turn()
    [ally] = table.entries("alice", 4, "DiplomacyRolled")
    assert (ally["action"], ally["success"]) == ("ally", False), "the power is spent all the same"
    assert "DiplomacyRolled" not in table.kinds("bob", 4)
    assert [
        e["neutral_kingdom_id"] for e in table.entries("bob", 4, "NeutralKingdomDiscovered")
    ] == [neutral]
    razed = table.map("carol")[(2, 0)]
    assert (razed["owner"], razed["feature"]) == (bob, None), "Table 4: the ruins are gone"
    [raze] = table.entries("bob", 4, "EdictResolved")
    assert (raze["structure_before"], raze["power"]) == ("arcane_ruins", 3)
    assert table.map("alice")[capitals["carol"]]["defence"] == "great_fortress"
    assert table.owner(capitals["dave"]) == "carol"
    [vassal] = table.entries("alice", 4, "VassalageBegan")  # public
    assert (vassal["kingdom_id"], vassal["overlord_id"]) == (dave, carol)
    assert not [r for r in table.get(GM, "standings/") if r["eliminated"]], "a vassal, not dead"
    assert {e["overlord_id"]: e["power"] for e in table.entries("dave", 4, "TributePaid")} == {
        carol: 1
    }
    assert "TributePaid" not in table.kinds("bob", 4)
    assert table.power() == {"alice": 4, "bob": 9, "carol": 3, "dave": 2}

    # --- Turn 5: Ally succeeds for Bob; Alice incites the neutral kingdom against Bob's
    # Deep Mine (A-1.4.12, Q17): a public battle Bob defends with a patrol, and loses.
    table.order("alice", "First", "patrol", (1, -2))
    table.order("alice", "Second", "patrol", (0, -3), sea_cover=[[-1, -1]])
    table.spend("alice", "ally", amount=2, neutral_kingdom=neutral)
    table.spend("alice", "incite", amount=2, neutral_kingdom=neutral, hex=[2, -1])
    table.order("bob", "First", "patrol", (2, 0))
    table.order("bob", "Second", "rest")
    table.order("bob", "Third", "rest")
    table.spend("bob", "ally", amount=4, neutral_kingdom=neutral)
    table.order("carol", "First", "patrol", capitals["dave"])
    table.order("carol", "Second", "patrol", (-3, 3))
    table.order("dave", "First", "rest")
    table.order("dave", "Second", "rest")
    table.resolve_turn(decisions=[("bob", (2, -1), "fight", "hold")])
    rolled = {
        (e["kingdom_id"], e["action"]): e["success"]
        for e in table.entries(GM, 5, "DiplomacyRolled")
    }
    assert rolled == {(alice, "ally"): False, (bob, "ally"): True, (alice, "incite"): True}
    assert [e["kingdom_id"] for e in table.entries("bob", 5, "AllianceFormed")] == [bob]
    [incited] = table.entries("bob", 5, "BattleDeclared")
    assert (
        incited["attacker_neutral_kingdom_id"] == neutral and incited["defender_kind"] == "patrol"
    )
    assert "IncitedAttack" not in table.kinds("bob", 5), "who paid for it stays Alice's"
    [carol_saw] = table.entries("carol", 5, "BattleDeclared")
    assert carol_saw["attacker_neutral_kingdom_id"] is None, "a neutral kingdom she never met"
    [joined] = table.entries("carol", 5, "HexJoinedNeutralKingdom")
    assert joined["hex"] == [2, -1] and joined["neutral_kingdom_id"] is None
    assert table.owner((2, -1)) is None
    assert table.map("alice")[(2, -1)]["neutral_kingdom"] == neutral
    assert table.power() == {"alice": 1, "bob": 7, "carol": 6, "dave": 1}

    # --- Turn 6: nobody gives an army an order, so every army rests (Q7); the default
    # cut (E-14); the Bandit lair Dave took at (-1, 0) rolls its d6 first (Table 17): a 4,
    # no Unrest; Alice's Deactivate then fails on a 2 (§5.6); Carol loots (Table 2) in the last
    # turn, whose power E-13 leaves out of Table 1; the end-of-campaign roll ends it
    # the winner by effective power (A-3.1, Table 1); a vassal cannot win (E-19).
    table.refused(  # Deactivate names the neutral kingdom whose alliance it ends
        "alice", "spending/", {"kind": "deactivate", "amount": 1}, "neutral_kingdom",
        "discovered",
    )  # fmt: skip
    table.spend("alice", "deactivate", amount=1, neutral_kingdom=neutral)
    table.edict("carol", (-4, 1), "loot")
    table.resolve_turn()
    assert table.get("bob", "")["status"] == "finished"
    [lair] = table.entries("dave", 6, "BanditLairRolled")  # Table 17: the owner's roll
    assert (lair["hex"], lair["unrest"], lair["rolls"][0]["result"]) == ([-1, 0], False, 4)
    assert "BanditLairRolled" not in table.kinds("alice", 6), "a quiet roll is the owner's"
    [deactivated] = table.entries("alice", 6, "DiplomacyRolled")
    assert (deactivated["action"], deactivated["success"]) == ("deactivate", False)
    assert table.entries("bob", 6, "AllianceEnded") == []
    assert {e["ordered"] for e in table.entries(GM, 6, "ArmyRested")} == {False}
    # Without the Deep Mine Bob's Support no longer pays for three armies: the largest
    # allocation is cut, then the newest army is disbanded (E-14).
    [cut] = table.entries("bob", 6, "AllocationCut")
    assert (cut["army_id"], cut["allocation"]) == (table.armies["bob"]["First"], 1000)
    assert [e["army_id"] for e in table.entries("bob", 6, "ArmyDestroyed")] == [third["id"]]
    assert sorted(a["name"] for a in table.get("bob", "armies/")) == ["First Army", "Second Army"]
    [end_roll] = table.entries("dave", 6, "CampaignEndRoll")
    assert end_roll["ends"]
    [won] = table.entries("dave", 6, "CampaignWon")
    assert won["winner_ids"] == [carol]
    scores = dict(won["scores"])
    assert dave not in scores, "E-19: a vassal is never among the winners"
    assert max(scores, key=scores.get) == carol
    standings = {row["kingdom"]: row for row in table.get(GM, "standings/")}
    for kingdom, score in scores.items():  # the final Table 1 is the published one
        assert standings[kingdom]["effective_power"] * 2 == score
    [loot] = table.entries("carol", 6, "EdictResolved")
    final = standings[carol]
    assert final["effective_power"] == final["land_score"] + final["power"] - loot["power"]  # E-13
    mine = {row["kingdom"]: row["effective_power"] for row in table.get("alice", "standings/")}
    assert mine[alice] == 6 and mine[carol] is None, "Table 1: effective power is private"

    # The campaign is over: the GM has no step to start, a player no order to give.
    response = table.clients[GM].post(api(demo, "turn/resolve/"))
    assert response.status_code == 400
    response = table.clients["alice"].post(
        api(demo, "orders/"),
        {"army": table.armies["alice"]["First"], "kind": "rest"},
        format="json",
    )
    assert response.status_code == 400
    table.assert_private()  # the last turn's chronicle too
