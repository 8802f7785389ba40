"""Army building, every write of it (§5.6, B 3.3–3.5, E-14, E-21, E-32).

Keyword-only actions, one transaction each: they validate through the pure rules
(rules.kingdoms.armies, rules.kingdoms.support), write, and record the chronicle entry,
which only the kingdom and the GM read. A refusal is a ``Refused`` naming the field at fault.

* Raising, re-allocating and disbanding happen with the orders, while the turn is open.
* An allocation changes only when the army is raised or Rests (E-14): with a Rest order
  for this turn; the army then must keep resting this turn (``rest_required_problem``).
  A cut while the kingdom's allocations exceed its Total Support is always allowed.
* Every army has one General (B 3.3); each kingdom one Grand Marshall (B 3.4), a
  General of one of its armies.
* Army lists (B 3.5): text and/or a link; a change withdraws the GM's approval.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from campaign.chronicle.services import chronicle_record
from campaign.core.errors import Refused
from campaign.core.inputs import NAME_LENGTH
from campaign.core.problems import problem_refusal
from campaign.models import Membership, Turn
from campaign.pipeline.neighbourhood import neighbourhood_load
from kingdoms.locks import kingdom_taking_orders
from kingdoms.models import Army, Character, Kingdom
from kingdoms.orders.models import Order
from kingdoms.selectors import kingdom_support_now
from rules import modules
from rules.core.state import OrderKind
from rules.kingdoms.armies import allocation_change_problem, raise_problem, slots_problem
from rules.kingdoms.races import as_race
from rules.kingdoms.support import SLOTS


def _require_player(kingdom: Kingdom, by: User) -> None:
    owns = Membership.objects.filter(
        campaign_id=kingdom.campaign_id, user=by, kingdom_id=kingdom.pk
    ).exists()
    if not owns:
        raise Refused(_("That is not your kingdom."), field="kingdom", status=403)


def _require_owner(army: Army, by: User) -> None:
    owns = Membership.objects.filter(
        campaign_id=army.kingdom.campaign_id, user=by, kingdom_id=army.kingdom_id
    ).exists()
    if not owns:
        raise Refused(
            _("Army %(army)s is not one of your armies.") % {"army": army.pk},
            field="army",
            status=403,
        )


def _require_gm(army: Army, by: User) -> None:
    is_gm = Membership.objects.filter(
        campaign_id=army.kingdom.campaign_id, user=by, role=Membership.Role.GM
    ).exists()
    if not is_gm:
        raise Refused(_("Only the GM approves army lists (B 3.5)."), field="approved", status=403)


def kingdom_support(kingdom: Kingdom) -> int:
    """A-1.1.4, §5.6: Total Support this turn (1,000 + 250 a hex + Table 6's bonuses, the
    campaign's ruleset's), hexes looted last turn, under Unrest or Quick-Friendship left
    out (kingdoms.selectors.kingdom_support_now). One query, and one for the campaign if
    not loaded."""
    return kingdom_support_now(kingdom, kingdom.campaign.ruleset).support


def _name(name: str, kingdom: Kingdom, field: str, exclude: int | None = None) -> str:
    name = (name or "").strip()
    if not name:
        raise Refused(_("Give it a name."), field=field)
    if len(name) > NAME_LENGTH:
        raise Refused(
            _("A name has at most %(count)s characters.") % {"count": NAME_LENGTH}, field=field
        )
    if field == "name":
        taken = Army.objects.filter(kingdom=kingdom, name__iexact=name).exclude(pk=exclude)
        if taken.exists():
            raise Refused(
                _("%(kingdom)s already has an army called %(name)s.")
                % {"kingdom": kingdom.name, "name": name},
                field=field,
            )
    return name


def _record(turn: Turn, kind: str, kingdom_id: int, payload: dict, rule: str) -> None:
    chronicle_record(turn, kind, payload, rule=rule, kingdom_ids=[kingdom_id])


@transaction.atomic
def army_raise(
    *, kingdom: Kingdom, by: User, name: str, allocation: int, general: str = "", race: str = ""
) -> Army:
    """§5.6, E-14: a new army of 1,000–3,000 points within Total Support; it stands on
    the capital (E-32) and gets a General (B 3.3), the Grand Marshall if the kingdom has
    none (B 3.4). With the peoples module, ``race`` makes it an allied army of that people
    if the kingdom's settlements allow it (NR-ALLY)."""
    _require_player(kingdom, by)
    turn = kingdom_taking_orders(kingdom.campaign_id, kingdom.pk)
    if kingdom.eliminated:
        raise Refused(_("%(kingdom)s is eliminated.") % {"kingdom": kingdom.name}, field="kingdom")
    name = _name(name, kingdom, "name")
    general = _name(general or _("General of the %(army)s") % {"army": name}, kingdom, "general")
    if kingdom.capital_id is None:
        raise Refused(
            _("A new army stands on the capital, and you have none."), field="name", rule="E-32"
        )
    allocations = Army.objects.filter(kingdom=kingdom).values_list("allocation", flat=True)
    ruleset = kingdom.campaign.ruleset
    problem = raise_problem(ruleset, kingdom_support(kingdom), allocations, allocation)
    if problem:
        raise problem_refusal(problem)
    race = _allied_race(kingdom, turn, race)
    army = Army.objects.create(
        kingdom=kingdom,
        name=name,
        allocation=allocation,
        points=allocation,
        position_id=kingdom.capital_id,
        raised_turn=turn.number,
        race=race,
    )
    has_marshal = Character.objects.filter(kingdom=kingdom, is_grand_marshal=True).exists()
    Character.objects.create(
        kingdom=kingdom, army=army, name=general, is_general=True, is_grand_marshal=not has_marshal
    )
    payload = {"army_id": army.pk, "name": name, "allocation": allocation, "general": general}
    _record(turn, "ArmyRaised", kingdom.pk, {"kingdom_id": kingdom.pk, **payload}, "§5.6 E-14")
    return army


def _allied_race(kingdom: Kingdom, turn: Turn, race: str) -> str:
    """NR-ALLY: the people of a new army, "" for the kingdom's own; refused unless the
    peoples module is on and the kingdom's settlements give it that people."""
    if not race or race == kingdom.race:
        return ""
    if not kingdom.campaign.ruleset.peoples or as_race(race) is None:
        raise Refused(_("Choose one of the peoples."), field="race", rule="NR-ALLY")
    world = neighbourhood_load(kingdom.campaign, turn.number, kingdom.pk, around=()).world
    problem = modules.army_problem(world, kingdom.pk, race)  # NR-ALLY (rules.modules.peoples)
    if problem:
        raise problem_refusal(problem)
    return as_race(race).value


@transaction.atomic
def army_allocation_change(*, army: Army, by: User, allocation: int) -> Army:
    """E-14: a new allocation, when the army was raised this turn or Rests (with a Rest
    order for this turn, which a raise then binds: kingdoms.orders.services.order_submit), or a
    cut while the kingdom's allocations exceed its Total Support. The points follow a
    cut down; a Rest rebuilds them up to the new allocation."""
    _require_owner(army, by)
    turn = kingdom_taking_orders(army.kingdom.campaign_id, army.kingdom_id)
    army = Army.objects.select_for_update().get(pk=army.pk)
    allocations = dict(
        Army.objects.filter(kingdom_id=army.kingdom_id).values_list("id", "allocation")
    )
    resting = Order.objects.filter(turn=turn, army=army, kind=OrderKind.REST).exists()
    raised_now = army.raised_turn == turn.number
    problem = allocation_change_problem(
        army.kingdom.campaign.ruleset,
        kingdom_support(army.kingdom),
        allocations,
        army.pk,
        allocation,
        resting=resting,
        raised_this_turn=raised_now,
    )
    if problem:
        raise problem_refusal(problem)
    before = army.allocation
    army.allocation = allocation
    army.points = allocation if raised_now else min(army.points, allocation)
    if resting and not raised_now and allocation > before:
        army.rest_required_turn = turn.number
    army.save(update_fields=["allocation", "points", "rest_required_turn"])
    payload = {"army_id": army.pk, "before": before, "allocation": allocation}
    _record(turn, "AllocationChanged", army.kingdom_id, payload, "E-14 §5.6")
    return army


@transaction.atomic
def army_disband(*, army: Army, by: User) -> None:
    """§5.6, E-14: the army is gone with its order; its support is free again. Its
    General leaves the field (kept as a character); if he was the Grand Marshall, the
    General of the kingdom's oldest remaining army takes the title (B 3.4)."""
    _require_owner(army, by)
    turn = kingdom_taking_orders(army.kingdom.campaign_id, army.kingdom_id)
    generals = Character.objects.filter(army=army, is_general=True)
    was_marshal = generals.filter(is_grand_marshal=True).exists()
    generals.update(is_general=False, is_grand_marshal=False)
    name, kingdom_id = army.name, army.kingdom_id
    army.delete()
    if was_marshal:
        successor = (
            Character.objects.filter(kingdom_id=kingdom_id, is_general=True)
            .order_by("army_id", "id")
            .first()
        )
        if successor is not None:
            successor.is_grand_marshal = True
            successor.save(update_fields=["is_grand_marshal"])
    _record(turn, "ArmyDisbanded", kingdom_id, {"army_id": None, "name": name}, "§5.6 E-14")


@transaction.atomic
def army_general_name(*, army: Army, by: User, name: str) -> Character:
    """B 3.3: every army has one General; the player names him."""
    _require_owner(army, by)
    name = _name(name, army.kingdom, "general")
    general = Character.objects.filter(army=army, is_general=True).first()
    if general is None:  # an army from before army building: give it its General
        has_marshal = Character.objects.filter(
            kingdom_id=army.kingdom_id, is_grand_marshal=True
        ).exists()
        general = Character.objects.create(
            kingdom_id=army.kingdom_id,
            army=army,
            name=name,
            is_general=True,
            is_grand_marshal=not has_marshal,
        )
    else:
        general.name = name
        general.save(update_fields=["name"])
    turn = army.kingdom.campaign.turns.order_by("-number").first()
    if turn is not None:
        payload = {"army_id": army.pk, "name": name}
        _record(turn, "GeneralNamed", army.kingdom_id, payload, "B 3.3")
    return general


@transaction.atomic
def grand_marshal_name(*, army: Army, by: User) -> Character:
    """B 3.4: the General of ``army`` becomes his kingdom's one Grand Marshall (+1 on
    Table 23 when he fights); the former one keeps his army."""
    _require_owner(army, by)
    general = Character.objects.filter(army=army, is_general=True).first()
    if general is None:
        raise Refused(
            _("%(army)s has no General to name (B 3.3).") % {"army": army.name}, field="army"
        )
    Character.objects.filter(kingdom_id=army.kingdom_id, is_grand_marshal=True).exclude(
        pk=general.pk
    ).update(is_grand_marshal=False)
    general.is_grand_marshal = True
    general.save(update_fields=["is_grand_marshal"])
    turn = army.kingdom.campaign.turns.order_by("-number").first()
    if turn is not None:
        payload = {"kingdom_id": army.kingdom_id, "army_id": army.pk, "name": general.name}
        _record(turn, "GrandMarshalNamed", army.kingdom_id, payload, "B 3.4")
    return general


@transaction.atomic
def army_list_submit(*, army: Army, by: User, text: str = "", url: str = "") -> Army:
    """B 3.5: the army list as text and/or a link; it waits for the GM's approval."""
    _require_owner(army, by)
    text, url = (text or "").strip(), (url or "").strip()
    if not text and not url:
        raise Refused(_("Give the army list as text, a link, or both."), field="text")
    if url and not url.startswith(("http://", "https://")):
        raise Refused(_("A link starts with http:// or https://."), field="url")
    army.list_text, army.list_url, army.list_approved = text, url, False
    army.save(update_fields=["list_text", "list_url", "list_approved"])
    turn = army.kingdom.campaign.turns.order_by("-number").first()
    if turn is not None:
        _record(turn, "ArmyListSubmitted", army.kingdom_id, {"army_id": army.pk}, "B 3.5")
    return army


@transaction.atomic
def army_list_approve(*, army: Army, by: User, approved: bool = True) -> Army:
    """B 3.5, §5.6: the GM's approval flag: he judges the list's legality, entitlement
    slots included."""
    _require_gm(army, by)
    if approved and not (army.list_text or army.list_url):
        raise Refused(
            _("%(army)s has no army list to approve yet.") % {"army": army.name},
            field="approved",
        )
    army.list_approved = approved
    army.save(update_fields=["list_approved"])
    turn = army.kingdom.campaign.turns.order_by("-number").first()
    if turn is not None:
        payload = {"army_id": army.pk, "approved": approved}
        _record(turn, "ArmyListApproved", army.kingdom_id, payload, "B 3.5")
    return army


@transaction.atomic
def army_slots_set(*, army: Army, by: User, slots: dict[str, int]) -> Army:
    """§5.6, B 2.2.1, E-21: the entitlement slots the army uses this turn, checked with
    the kingdom's other armies' against its pool (each slot serves one army a turn)."""
    _require_owner(army, by)
    turn = kingdom_taking_orders(army.kingdom.campaign_id, army.kingdom_id)
    wanted = {slot: slots.get(slot, 0) for slot in SLOTS}
    unknown = set(slots) - set(SLOTS)
    if unknown:
        raise Refused(
            _("'%(slot)s' is not an entitlement.") % {"slot": sorted(unknown)[0]},
            field="slots",
        )
    others = Army.objects.filter(kingdom_id=army.kingdom_id).exclude(pk=army.pk)
    used = [other.slots or {} for other in others]
    pool = kingdom_support_now(army.kingdom, army.kingdom.campaign.ruleset).entitlements
    problem = slots_problem(pool, [*used, wanted])
    if problem:
        raise problem_refusal(problem)
    army.slots = {slot: count for slot, count in wanted.items() if count}
    army.save(update_fields=["slots"])
    _record(
        turn, "SlotsDeclared", army.kingdom_id, {"army_id": army.pk, "slots": army.slots}, "§5.6"
    )
    return army
