"""One sentence per chronicle entry of a tabletop battle (E-24, P-C5, P-C6, §5.11).

The report's steps go to the battle's participants and the GM; the result of the
battle (TabletopBattleFought) is public, its VP margin the participants' (E-29).
"""

from __future__ import annotations

from collections.abc import Callable

from campaign.chronicle.narration import register_narrators

_RESULTS = {"victory": "a victory", "massacre": "a Massacre", "draw": "a draw"}


def _hex(p: dict) -> str:
    coord = p.get("hex")
    return f"hex ({coord[0]}, {coord[1]})" if coord and len(coord) == 2 else "a hex"


def _battle(p: dict) -> str:
    return f"battle {p['battle']} at {_hex(p)}" if p.get("battle") else f"the battle at {_hex(p)}"


def _result(p: dict) -> str:
    result = _RESULTS.get(p.get("result"), "a result")
    if p.get("winner") and p.get("result") != "draw":
        return f"{result} for the {p['winner']}"
    return result


def _fought(p: dict, names) -> str:
    text = f"The battle at {_hex(p)} was played on the tabletop: {_result(p)}"
    if isinstance(p.get("vp_margin"), int):
        text += f", by {p['vp_margin']:,} victory points"
    return text + "."


def _turned_abstract(p: dict, names) -> str:
    return (
        f"The tabletop battle at {_hex(p)} had no confirmed report by its deadline: it is "
        "resolved abstract, with the strategies on file."
    )


def _terrain(p: dict, names) -> str:
    pieces = [piece.get("piece", "?") for piece in p.get("pieces") or ()]
    return f"Terrain for {_battle(p)}: {'; '.join(pieces) or 'open ground'}."


def _agreed(p: dict, names) -> str:
    return f"Every side opted in: {_battle(p)} is played on the tabletop."


def _withdrawn(p: dict, names) -> str:
    return f"A side opted out: {_battle(p)} is abstract again."


def _reported(p: dict, names) -> str:
    return f"The {p.get('role') or 'GM'} reported {_battle(p)}: {_result(p)}."


def _confirmed(p: dict, names) -> str:
    return f"The report of {_battle(p)} was confirmed: {_result(p)}."


def _disputed(p: dict, names) -> str:
    return f"The report of {_battle(p)} is disputed: {p.get('reason') or 'no reason given'}."


def _settled(p: dict, names) -> str:
    ruling = f" ({p['ruling']})" if p.get("ruling") else ""
    return f"The GM settled the report of {_battle(p)}: {_result(p)}{ruling}."


def _extended(p: dict, names) -> str:
    until = str(p.get("until") or "")[:16].replace("T", " ")
    return f"The GM extended the report deadline of battle {p.get('battle', '?')} to {until} UTC."


TABLETOP_NARRATORS: dict[str, Callable] = {
    "TabletopBattleFought": _fought,
    "TabletopTurnedAbstract": _turned_abstract,
    "TerrainRolled": _terrain,
    "TabletopAgreed": _agreed,
    "TabletopWithdrawn": _withdrawn,
    "BattleReported": _reported,
    "BattleReportConfirmed": _confirmed,
    "BattleReportDisputed": _disputed,
    "BattleReportSettled": _settled,
    "ReportDeadlineExtended": _extended,
}


def register() -> None:
    register_narrators(TABLETOP_NARRATORS)
